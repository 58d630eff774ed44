/*
 * ops.c
 *		The tables of the catalogue (ops_catalog.h), and dense application
 *		of an operation code to the kernel table.
 */
#include "ops.h"

#include <string.h>

#include "series_reduce.h"
#include "series_rolling.h"
#include "series_running.h"

/* Count the letters of kinds that are c */
#define FK_COUNT_KIND(kinds, c) \
	((int) ((sizeof(kinds) > 1 && (kinds)[0] == (c)) + \
			(sizeof(kinds) > 2 && (kinds)[1] == (c)) + \
			(sizeof(kinds) > 3 && (kinds)[2] == (c)) + \
			(sizeof(kinds) > 4 && (kinds)[3] == (c))))

const FkShapeInfo FkShapes[FK_SHAPE_COUNT] = {
#define FK_SHAPE_ROW(SHAPE, kinds_, argnames_) \
	[FK_SHAPE_##SHAPE] = { \
		.kinds = kinds_, \
		.argnames = argnames_, \
		.nargs = (int) sizeof(kinds_) - 1, \
		.nvectors = FK_COUNT_KIND(kinds_, 'v'), \
		.nscalars = FK_COUNT_KIND(kinds_, 's'), \
		.has_lag = FK_COUNT_KIND(kinds_, 'l') > 0, \
	},
	FK_SHAPES(FK_SHAPE_ROW)
#undef FK_SHAPE_ROW
};

const FkOpInfo FkOps[FK_FOP_COUNT] = {
#define FK_OP_ROW(OP, field, kern, name_, infix_, shape_, kind_, body, \
				  ln_first_, check_, scalars_, chain_, fuse_, f8, nv, f8nv, \
				  nvf8) \
	[FK_KOP_##OP] = { \
		.name = name_, \
		.infix = infix_, \
		.shape = FK_SHAPE_##shape_, \
		.kind = FK_KIND_##kind_, \
		.ln_first = ln_first_, \
		.check = FK_CHECK_##check_, \
		.scalars = FK_SCALARS_##scalars_, \
		.faults = ln_first_ || FK_CHECK_##check_ != FK_CHECK_NONE, \
		.chain = chain_, \
		.fuse = fuse_, \
		.symbols = {#f8, #nv, #f8nv, #nvf8}, \
	},
	FK_OPERATIONS(FK_OP_ROW)
#undef FK_OP_ROW
#define FK_STREAM_ROW(OP, name_, shape_, kind_, run_, scalars_, faults_, f8, \
					  nv) \
	[FK_SOP_##OP] = { \
		.name = name_, \
		.shape = FK_SHAPE_##shape_, \
		.kind = FK_KIND_##kind_, \
		.check = FK_CHECK_NONE, \
		.scalars = FK_SCALARS_##scalars_, \
		.faults = faults_, \
		.fuse = 1, \
		.symbols = {#f8, #nv, "_", "_"}, \
		.run = run_, \
	},
	FK_STREAMS(FK_STREAM_ROW)
#undef FK_STREAM_ROW
};

const FkRedInfo FkReds[FK_ROP_COUNT] = {
#define FK_RED_ROW(RED, name_, shape_, kind_, acc_, faults_, f8, nv) \
	[FK_ROP_##RED] = { \
		.name = name_, \
		.shape = FK_SHAPE_##shape_, \
		.kind = FK_KIND_##kind_, \
		.acc = FK_RED_##acc_, \
		.faults = faults_, \
		.symbols = {#f8, #nv}, \
	},
	FK_REDUCTIONS(FK_RED_ROW)
#undef FK_RED_ROW
};

/* The shape whose kinds are kinds, or FK_SHAPE_COUNT */
FkShape
FkShapeFromKinds(const char *kinds)
{
	for (int s = 0; s < FK_SHAPE_COUNT; s++)
		if (strcmp(kinds, FkShapes[s].kinds) == 0)
			return (FkShape) s;
	return FK_SHAPE_COUNT;
}

/* Do the scalars a, b satisfy what op asks of them? */
bool
FkOpScalarsOk(FkKernelOp op, double a, double b)
{
	if (FkOps[op].scalars == FK_SCALARS_ORDERED)
		return a <= b;			/* false when either is NaN */
	if (FkOps[op].scalars == FK_SCALARS_ALPHA)
		return a > 0.0 && a <= 1.0; /* false for NaN */
	return true;
}

/* How each shape's primitive is called; lagged ones are not run here */
#define FK_APPLY_V(f)		(f) (dst, x, n)
#define FK_APPLY_VV(f)		(f) (dst, x, y, n)
#define FK_APPLY_VS(f)		(f) (dst, x, a, n)
#define FK_APPLY_SV(f)		(f) (dst, x, a, n)
#define FK_APPLY_VSS(f)		(f) (dst, x, a, b, n)
#define FK_APPLY_VVSS(f)	(f) (dst, x, y, a, b, n)
#define FK_APPLY_VL(f)		((void) (f))
#define FK_APPLY_VLSS(f)	((void) (f))

/*
 * Run the dense primitive of a non-lagged op over n elements: x and y are
 * its vector operands (y unused by most), a and b its scalars.  Lagged ops
 * need the operand lag elements back: not here (masked.c, fuse_program.c).
 */
void
FkKernelApply(const FkKernelTable *kt, FkKernelOp op, double *dst,
			  const double *x, const double *y, double a, double b, size_t n)
{
	switch (op)
	{
#define FK_APPLY_CASE(OP, field, kern, name, infix, shape, ...) \
		case FK_KOP_##OP: \
			FK_APPLY_##shape(kt->field); \
			break;
			FK_OPERATIONS(FK_APPLY_CASE)
#undef FK_APPLY_CASE
		case FK_KOP_COUNT:
			break;
	}
}
