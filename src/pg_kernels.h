/*
 * pg_kernels.h
 *		The SQL glue of the vector kernels: GUCs, the instruction set in use,
 *		and one generic driver per kernel shape.
 *
 * Every SQL function exists for float8[] and for nvec and returns the type of
 * its vector input.  An entry point only names its operation (an FkOp) and
 * hands fcinfo to the driver of its shape, which views the arguments, builds
 * the output validity, runs the kernel block by block into the result,
 * checks the elements core float8 would reject, and finishes the result.
 */
#ifndef PG_KERNELS_H
#define PG_KERNELS_H

#include "postgres.h"

#include "fmgr.h"

#include "core/checks.h"
#include "core/kernels.h"
#include "core/ops.h"

/* Elements per block: interrupts are checked between blocks */
#define FK_BLOCK	65536

/* fusekern.domain_error */
typedef enum FkDomainError
{
	FK_DOMAIN_ERROR_ERROR,		/* raise core's error */
	FK_DOMAIN_ERROR_NULL		/* such elements become NULL */
} FkDomainError;

extern int	fk_domain_error;

/* The kernels and checks chosen by fusekern.simd */
extern const FkKernelTable *FkKernels(void);
extern const FkCheckTable *FkChecks(void);

/* Raise core's error for fault f of element index (0-based) */
extern void FkReportFault(FkFault f, size_t index) pg_attribute_noreturn();

/* The argument list of an SQL function, as the drivers read it */
typedef enum FkShape
{
	FK_SHAPE_UNARY,				/* (v) */
	FK_SHAPE_BINARY,			/* (v, w) */
	FK_SHAPE_SCALAR,			/* (v, s) */
	FK_SHAPE_RSCALAR,			/* (s, v) */
	FK_SHAPE_SCALE_ADD,			/* (v, a, b) */
	FK_SHAPE_SUB_MUL_ADD,		/* (x, y, a, b) */
	FK_SHAPE_LAG,				/* (v, lag) */
	FK_SHAPE_LAG_SCALE_ADD		/* (v, lag, a, b) */
} FkShape;

/*
 * An SQL operation: its shape, its primitive, and what to check.
 * ln_first: the chain starts with ln of the vector input, checked on every
 * present input element (as ln(v) would be) before anything else.
 * check/has_check: the check of the rest of the chain on the output.
 * check_after_ln: that check needs ln (or dlog) of the input as its x, so
 * it is skipped when FkScaleAddSafeAfterLn holds for the scalars.
 */
typedef struct FkOp
{
	FkShape		shape;
	FkKernelOp	prim;
	bool		ln_first;
	bool		has_check;
	FkCheckOp	check;
	bool		check_after_ln;
} FkOp;

/* The one driver: runs op on the arguments of fcinfo */
extern Datum FkRunOp(FunctionCallInfo fcinfo, const FkOp *op, bool is_nvec);

/*
 * Define the float8[] and nvec entry points of one form of an SQL function:
 * name_float8arr<form> and name_nvec<form>, both running op.  form is empty,
 * _s (vector, scalar) or _rs (scalar, vector).
 */
#define FK_KERNEL_ENTRY(name, form, op) \
	PG_FUNCTION_INFO_V1(name##_float8arr##form); \
	PG_FUNCTION_INFO_V1(name##_nvec##form); \
	Datum \
	name##_float8arr##form(PG_FUNCTION_ARGS) \
	{ \
		return FkRunOp(fcinfo, &(op), false); \
	} \
	Datum \
	name##_nvec##form(PG_FUNCTION_ARGS) \
	{ \
		return FkRunOp(fcinfo, &(op), true); \
	}

#endif							/* PG_KERNELS_H */
