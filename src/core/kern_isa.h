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

extern const FkKernelTable FkKernelsScalar;
extern const FkKernelTable FkKernelsAvx2;
extern const FkKernelTable FkKernelsAvx512;

/*
 * dst[i] = epilogue(ln(x[i]), ln(x[i - lag])) for lag <= i < n, computing ln
 * once per element with t->ln; the epilogue is t->sub when scale is false,
 * else t->sub_mul_add with a and b.
 */
extern void FkLaggedLn(const FkKernelTable *t, double *dst, const double *x,
					   size_t lag, size_t n, int scale, double a, double b);

#endif							/* FK_KERN_ISA_H */
