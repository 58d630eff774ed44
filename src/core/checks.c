/*
 * checks.c
 *		Fault checks for the baseline instruction set, the choice of checks
 *		per instruction set, and the shortcut for chains after a logarithm.
 */
#define FK_ISA Scalar
#include "checks_body.h"

#if defined(__x86_64__)
extern const FkCheckTable FkChecksAvx2;

/* The copies of the checks: AVX2 code serves AVX-512 too */
#define FK_CHECKS_BUILT (FK_ISA_BIT(FK_ISA_SCALAR) | FK_ISA_BIT(FK_ISA_AVX2))
#else
#define FK_CHECKS_BUILT FK_ISA_BIT(FK_ISA_SCALAR)
#endif

/* The checks compiled for isa, as the dispatcher picks them (kernels.h) */
const FkCheckTable *
FkChecksFor(FkIsa isa)
{
	switch (FkIsaCopy(FK_CHECKS_BUILT, isa))
	{
#if defined(__x86_64__)
		case FK_ISA_AVX2:
			return &FkChecksAvx2;
#endif
		case FK_ISA_SCALAR:
			return &FkChecksScalar;
		default:
			return NULL;
	}
}

/*
 * A logarithm of a double is 0, of magnitude between 2^-54 and 745, or not
 * finite; a difference of two such is 0, of magnitude between 2^-106 and
 * 1455, or not finite.  With a zero, not finite or moderate a, and a
 * moderate or not finite b, (t * a) + b can then neither overflow nor
 * underflow to zero: |t * a| is 0, between 1e-282 and 1.5e303, or not
 * finite, and a not finite operand is never a fault of float8_mul/pl.
 */
bool
FkScaleAddSafeAfterLn(double a, double b)
{
	double		aa = fabs(a);
	double		ab = fabs(b);
	bool		a_ok = !(aa == aa) || aa == INFINITY || aa == 0.0 ||
		(aa >= 1e-250 && aa <= 1e300);
	bool		b_ok = !(ab == ab) || ab == INFINITY || ab <= 1e300;

	return a_ok && b_ok;
}
