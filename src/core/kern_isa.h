/*
 * kern_isa.h
 *		What the per-instruction-set kernel files share with the rest of the
 *		kernel core: their tables and the lagged-log driver written once.
 *
 * This header does not include postgres.h.
 */
#ifndef FK_KERN_ISA_H
#define FK_KERN_ISA_H

#include "kernels.h"

/* Elements per block of the lagged-log driver (its scratch lives on the stack) */
#define FK_LAG_BLOCK 1024

extern const FkKernelTable FkKernelsScalar;	/* on a CPU with FMA */
extern const FkKernelTable FkKernelsScalarNoFma;	/* on one without */
extern const FkKernelTable FkKernelsAvx2;
extern const FkKernelTable FkKernelsAvx512;

/* Widest vector of any path, in doubles */
#define FK_MAX_W 8

/*
 * One block of a lagged log difference, in one pass: for k < len,
 * logs[k] = ln(x[k]) and dst[k] = ln(x[k]) - logs[k - lag], times a plus b
 * when scale is set.  logs[-lag .. 0) must hold the logs of x[-lag .. 0);
 * logs is 64-byte aligned, with room for FK_MAX_W doubles past len and
 * lag rounded up to FK_MAX_W below it.
 */
typedef void (*FkLnLagBlockFn) (double *dst, const double *x, double *logs,
								size_t lag, size_t len, int scale, double a,
								double b);

/*
 * dst[i] = ln(x[i]) - ln(x[i - lag]) for lag <= i < n, times a plus b when
 * scale is set, computing ln once per element: with block() for lags up to
 * FK_LAG_BLOCK, with t->ln and t->sub or t->sub_mul_add beyond.
 */
extern void FkLaggedLn(const FkKernelTable *t, FkLnLagBlockFn block,
					   double *dst, const double *x, size_t lag, size_t n,
					   int scale, double a, double b);

#endif							/* FK_KERN_ISA_H */
