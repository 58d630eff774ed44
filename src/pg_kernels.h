/*
 * pg_kernels.h
 *		The SQL glue of the vector kernels: the instruction set in use, the
 *		on_error argument, and one generic driver per kernel shape.
 *
 * Every SQL function exists for float8[] and for nvec and returns the type of
 * its vector input; one of two vectors also takes one vector of each type,
 * in either order, and returns nvec.  An entry point only names its
 * operation (an FkOp) and hands fcinfo to the driver of its shape, which
 * views the arguments, builds the output validity, runs the kernel block by
 * block into the result, checks the elements core float8 would reject, and
 * finishes the result.
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

/*
 * What a call does with an element core float8 would reject: its optional
 * last argument on_error, 'error' (core's error, also when the argument is
 * not given) or 'null' (the element becomes NULL).
 */
typedef enum FkOnError
{
	FK_ON_ERROR_ERROR,			/* raise core's error */
	FK_ON_ERROR_NULL			/* such elements become NULL */
} FkOnError;

/* The on_error argument argno of fcinfo, checked */
extern FkOnError FkGetOnError(FunctionCallInfo fcinfo, int argno);

/* Error out when two vector inputs (or a row and a state) differ in length (22000) */
extern void FkCheckLengths(int32 a, int32 b);

/* The kernels and checks chosen by fusekern.simd */
extern const FkKernelTable *FkKernels(void);
extern const FkCheckTable *FkChecks(void);

/*
 * Where a fault comes from, for its message: the function called (its SQL
 * name and argument list), the argument(s) holding the element, and the
 * element (0-based).
 */
typedef struct FkFaultSite
{
	const char *func;			/* SQL name, e.g. "ln" */
	const char *args;			/* its arguments, e.g. "v, lag"; NULL when
								 * it has no on_error argument */
	const char *which;			/* e.g. "first argument" */
	size_t		index;
} FkFaultSite;

/* Raise core's error for fault f at site */
extern void FkReportFault(FkFault f, const FkFaultSite *site) pg_attribute_noreturn();

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

/* Which vector arguments are nvec (the others are float8[]) */
#define FK_NVEC_NONE	0
#define FK_NVEC_X		0x1		/* the first vector argument */
#define FK_NVEC_Y		0x2		/* the second vector argument */
#define FK_NVEC_ALL		(FK_NVEC_X | FK_NVEC_Y)

/*
 * The one driver: runs op, the SQL function name, on the arguments of
 * fcinfo; an argument after those of op's shape is on_error.  nvec_args
 * (FK_NVEC_*) says which vector arguments are nvec; the result is nvec
 * when any is.
 */
extern Datum FkRunOp(FunctionCallInfo fcinfo, const FkOp *op,
					 const char *name, int nvec_args);

/*
 * Define the float8[] and nvec entry points of one form of an SQL function
 * called sqlname: name_float8arr<form> and name_nvec<form>, both running
 * op.  form is empty, _s (vector, scalar) or _rs (scalar, vector).  The SQL
 * signatures with and without a trailing on_error share the entry point.
 */
#define FK_KERNEL_ENTRY(name, form, op, sqlname) \
	PG_FUNCTION_INFO_V1(name##_float8arr##form); \
	PG_FUNCTION_INFO_V1(name##_nvec##form); \
	Datum \
	name##_float8arr##form(PG_FUNCTION_ARGS) \
	{ \
		return FkRunOp(fcinfo, &(op), sqlname, FK_NVEC_NONE); \
	} \
	Datum \
	name##_nvec##form(PG_FUNCTION_ARGS) \
	{ \
		return FkRunOp(fcinfo, &(op), sqlname, FK_NVEC_ALL); \
	}

/*
 * Define the mixed entry points of a function of two vectors:
 * name_float8arr_nvec (x float8[], y nvec) and name_nvec_float8arr (x nvec,
 * y float8[]), both returning nvec.
 */
#define FK_KERNEL_ENTRY_MIXED(name, op, sqlname) \
	PG_FUNCTION_INFO_V1(name##_float8arr_nvec); \
	PG_FUNCTION_INFO_V1(name##_nvec_float8arr); \
	Datum \
	name##_float8arr_nvec(PG_FUNCTION_ARGS) \
	{ \
		return FkRunOp(fcinfo, &(op), sqlname, FK_NVEC_Y); \
	} \
	Datum \
	name##_nvec_float8arr(PG_FUNCTION_ARGS) \
	{ \
		return FkRunOp(fcinfo, &(op), sqlname, FK_NVEC_X); \
	}

#endif							/* PG_KERNELS_H */
