/*
 * checks.c
 *		Fault checks for the baseline instruction set, the choice of checks
 *		per instruction set, and the shortcut for chains after a logarithm.
 */
#define FK_ISA Scalar
#include "checks_body.h"

#if defined(__x86_64__)
extern const FkCheckTable FkChecksAvx2;
#endif

/* The checks compiled for isa (the baseline copy outside x86-64) */
const FkCheckTable *
FkChecksFor(FkIsa isa)
{
#if defined(__x86_64__)
	/* every CPU with AVX-512F also has AVX2 */
	if (isa == FK_ISA_AVX2 || isa == FK_ISA_AVX512)
		return &FkChecksAvx2;
#endif
	return &FkChecksScalar;
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
