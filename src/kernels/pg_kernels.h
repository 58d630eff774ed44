/*
 * pg_kernels.h
 *		The SQL glue of the vector kernels: the instruction set in use, the
 *		on_error argument, and one generic driver per kernel shape.
 *
 * Every SQL function exists for float8[] and for nvec and returns the type of
 * its vector input; one of two vectors also takes one vector of each type,
 * in either order, and returns nvec.  An entry point (pg_kernels_entry.c)
 * only names its operation and hands fcinfo to the driver, which
 * views the arguments, builds the output validity, runs the kernel block by
 * block into the result, checks the elements core float8 would reject, and
 * finishes the result.
 */
#ifndef PG_KERNELS_H
#define PG_KERNELS_H

#include "fmgr.h"
#include "common/fusekern.h"
#include "common/pg_compat.h"
#include "common/pg_on_error.h"

#include "core/checks.h"
#include "core/kernels.h"
#include "core/ops.h"

/* The on_error argument argno of fcinfo, checked (pg_kernels_fault.c) */
extern FkOnError FkGetOnError(FunctionCallInfo fcinfo, int argno);

/* Error out when two vector inputs (or a row and a state) differ in length (2202E) */
/* The same naming fn() and its first and second arguments */
extern void FkCheckLengthsOf(int32 a, int32 b, const char *fn);
extern void FkCheckRowLengthOf(int32 have, int32 row, const char *agg);

/*
 * Error out unless q, the argument q of func(), is a quantile, 0 to 1
 * (22003, q written exactly)
 */
extern void FkCheckQuantile(double q, const char *func);

/*
 * ema's alpha from alpha, span, halflife (given[i] false: not given); false
 * when they make none (pg_series_running.c)
 */
extern bool FkEmaAlphaFrom(const double p[3], const bool given[3],
						   double *alpha, int *which);

/*
 * The aggregate context of func, a support function of an aggregate whose
 * state is internal; 0A000 when it is called as a plain function
 */
extern MemoryContext FkAggContext(FunctionCallInfo fcinfo, const char *func);

/* The kernels and checks chosen by fusekern.simd */
extern const FkKernelTable *FkKernels(void);
extern const FkCheckTable *FkChecks(void);

/* The names of instruction sets (the one in use: FkIsaInUse, kernels.h) */
extern const char *FkIsaName(int isa);

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

/*
 * The fused call a named kernel runs for, while pg_fuse_exec.c runs it
 * directly: its faults then name the program the user's calls make (as
 * EXPLAIN VERBOSE shows it) and its input vectors v1, v2 instead of the
 * kernel.  x and y name the kernel's first and second vector arguments.
 */
typedef struct FkFaultSpelling
{
	const char *program;		/* e.g. "scale_add(dlog(v1, 1), 252, 0)" */
	const char *x;				/* e.g. "v1" */
	const char *y;				/* or NULL */
} FkFaultSpelling;

extern const FkFaultSpelling *FkFaultSpelled;

/* Raise core's error for fault f at site (pg_kernels_fault.c) */
pg_noreturn extern void FkReportFault(FkFault f, const FkFaultSite *site);

/* Which vector arguments are nvec (the others are float8[]) */
#define FK_NVEC_NONE	0
#define FK_NVEC_X		0x1		/* the first vector argument */
#define FK_NVEC_Y		0x2		/* the second vector argument */
#define FK_NVEC_ALL		(FK_NVEC_X | FK_NVEC_Y)

/*
 * The one driver: runs op (the catalogue says its shape, kernel and checks)
 * on the arguments of fcinfo; an argument after those of op's shape is
 * on_error.  nvec_args (FK_NVEC_*) says which vector arguments are nvec;
 * the result is nvec when any is.
 */
extern Datum FkRunOp(FunctionCallInfo fcinfo, FkKernelOp op, int nvec_args);

#endif							/* PG_KERNELS_H */
