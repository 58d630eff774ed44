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
			(sizeof(kinds) > 4 && (kinds)[3] == (c)) + \
			(sizeof(kinds) > 5 && (kinds)[4] == (c))))

const FkShapeInfo FkShapes[FK_SHAPE_COUNT] = {
#define FK_SHAPE_ROW(SHAPE, kinds_, argnames_, params, args, map, entries) \
	[FK_SHAPE_##SHAPE] = { \
		.kinds = kinds_, \
		.argnames = argnames_, \
		.nargs = (int) sizeof(kinds_) - 1, \
		.nvectors = FK_COUNT_KIND(kinds_, 'v'), \
		.nscalars = FK_COUNT_KIND(kinds_, 's'), \
		.has_lag = FK_COUNT_KIND(kinds_, 'l') > 0, \
		.mixed = FK_MIXED_##entries, \
	},
#define FK_MIXED_ONE false
#define FK_MIXED_TWO true
	FK_SHAPES(FK_SHAPE_ROW)
#undef FK_MIXED_TWO
#undef FK_MIXED_ONE
#undef FK_SHAPE_ROW
};

/* The C symbol stem##type##sfx as a string */
#define FK_SYMBOL(stem, type, sfx) FK_STR(stem##type##sfx)
#define FK_STR(x) #x

/* The mixed entry points of a shape of two vectors, "_" for one */
#define FK_MIXED_SYMBOLS_ONE(stem) "_", "_"
#define FK_MIXED_SYMBOLS_TWO(stem) \
	FK_STR(stem##_float8arr_nvec), FK_STR(stem##_nvec_float8arr)
#define FK_MIXED_SYMBOLS(stem, entries) FK_MIXED_SYMBOLS_##entries(stem)
#define FK_MIXED_SYMBOLS_OF(stem, entries) FK_MIXED_SYMBOLS(stem, entries)

const FkOpInfo FkOps[FK_FOP_COUNT] = {
#define FK_OP_ROW(OP, field, kern, shape_, kind_, body, sym, sfx, ...) \
	[FK_KOP_##OP] = { \
		.kernel = #field, \
		.shape = FK_SHAPE_##shape_, \
		.kind = FK_KIND_##kind_, \
		.symbols = {FK_SYMBOL(sym, _float8arr, sfx), \
					FK_SYMBOL(sym, _nvec, sfx), \
					FK_MIXED_SYMBOLS_OF(sym, FK_SIG_##shape_(FK_SIG_ENTRIES))}, \
		__VA_ARGS__ \
	},
	FK_OPERATIONS(FK_OP_ROW)
#undef FK_OP_ROW
#define FK_STREAM_ROW(OP, name_, shape_, kind_, ...) \
	[FK_SOP_##OP] = { \
		.name = #name_, \
		.shape = FK_SHAPE_##shape_, \
		.kind = FK_KIND_##kind_, \
		.symbols = {#name_ "_float8arr", #name_ "_nvec", "_", "_"}, \
		__VA_ARGS__ \
	},
	FK_STREAMS(FK_STREAM_ROW)
#undef FK_STREAM_ROW
#define FK_TIME_STREAM_ROW(OP, name_, shape_, ...) \
	[FK_SOP_##OP] = { \
		.name = #name_, \
		.shape = FK_SHAPE_##shape_, \
		.kind = FK_KIND_TIME, \
		.flags = FK_OPF_FAULTS, \
		.symbols = {#name_ "_by_float8arr", #name_ "_by_nvec", "_", "_"}, \
		__VA_ARGS__ \
	},
	FK_TIME_STREAMS(FK_TIME_STREAM_ROW)
#undef FK_TIME_STREAM_ROW
};

const FkRedInfo FkReds[FK_ROP_COUNT] = {
#define FK_RED_ROW(RED, name_, shape_, ...) \
	[FK_ROP_##RED] = { \
		.name = #name_, \
		.shape = FK_SHAPE_##shape_, \
		.symbols = {#name_ "_float8arr", #name_ "_nvec", \
					FK_MIXED_SYMBOLS_OF(name_, FK_SIG_##shape_(FK_SIG_ENTRIES))}, \
		__VA_ARGS__ \
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
	if (FkOps[op].scalars == FK_SCALARS_QUANTILE)
		return a >= 0.0 && a <= 1.0;	/* false for NaN */
	return true;
}

/*
 * Run the primitive of op, called as its shape's signature says: the
 * operands of the shape are among x, y, lag, a and b
 */
static inline void
FkKernelRun(const FkKernelTable *kt, FkKernelOp op, double *dst,
			const double *x, const double *y, size_t lag, double a, double b,
			size_t n)
{
	switch (op)
	{
#define FK_RUN_CASE(OP, field, kern, shape, ...) \
		case FK_KOP_##OP: \
			kt->field FK_SIG_##shape(FK_SIG_ARGS); \
			break;
			FK_OPERATIONS(FK_RUN_CASE)
#undef FK_RUN_CASE
		default:
			break;
	}
	(void) y;
	(void) lag;
	(void) a;
	(void) b;
}

/*
 * Run the dense primitive of op over n elements: x and y are its vector
 * operands (y unused by most), a and b its scalars.  For a lagged op, its
 * body over x[i] and y[i], the value lag elements before x[i] (or their
 * logs, for an ln-first op): the lagged combine; its kernel over one
 * vector is FkKernelApplyLagged.
 */
void
FkKernelApply(const FkKernelTable *kt, FkKernelOp op, double *dst,
			  const double *x, const double *y, double a, double b, size_t n)
{
	if (FkKernelOpLagged(op))
		kt->lag_combine(op, dst, x, y, a, b, n);
	else
		FkKernelRun(kt, op, dst, x, y, 0, a, b, n);
}

/*
 * Run the primitive of a lagged op: dst[i] for lag <= i < n from x[i] and
 * x[i - lag], and the scalars a, b of the shapes that have them
 */
void
FkKernelApplyLagged(const FkKernelTable *kt, FkKernelOp op, double *dst,
					const double *x, size_t lag, double a, double b, size_t n)
{
	if (FkKernelOpLagged(op))
		FkKernelRun(kt, op, dst, x, NULL, lag, a, b, n);
}
