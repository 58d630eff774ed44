/*
 * kern_testutil.h
 *		Shared helpers of the kernel-core unit tests: inputs mixing special
 *		values, bit comparison, ULP distance to a long double reference.
 */
#ifndef FK_KERN_TESTUTIL_H
#define FK_KERN_TESTUTIL_H

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/kernels.h"

/* A value never produced by a kernel, marking slots that must stay as is */
#define SENTINEL_BITS UINT64_C(0x7FF4DEADBEEF0001)

/* The bits of d */
static inline uint64_t
bits_of(double d)
{
	uint64_t	u;

	memcpy(&u, &d, sizeof(u));
	return u;
}

/* The double with bits u */
static inline double
double_of(uint64_t u)
{
	double		d;

	memcpy(&d, &u, sizeof(d));
	return d;
}

/* Fill a with the sentinel */
static inline void
fill_sentinel(double *a, size_t n)
{
	for (size_t i = 0; i < n; i++)
		a[i] = double_of(SENTINEL_BITS);
}

/* Is a[i] still the sentinel? */
static inline int
is_sentinel(double d)
{
	return bits_of(d) == SENTINEL_BITS;
}

/* Same value: same bits, or both NaN (payloads are not promised) */
static inline int
same_value(double a, double b)
{
	return (isnan(a) && isnan(b)) || bits_of(a) == bits_of(b);
}

/* A 64-bit pseudo-random number (xorshift64*), reproducible from its seed */
static inline uint64_t
rand64(uint64_t *state)
{
	*state ^= *state >> 12;
	*state ^= *state << 25;
	*state ^= *state >> 27;
	return *state * UINT64_C(2685821657736338717);
}

/* Uniform in [0, 1) */
static inline double
rand_unit(uint64_t *state)
{
	return (double) (rand64(state) >> 11) * 0x1.0p-53;
}

/*
 * A test input: mostly positive values over many binades (what ln takes),
 * with NaN, +-Infinity, +-0, subnormals, negatives and 1 mixed in.
 */
static inline double
rand_input(uint64_t *state)
{
	static const double specials[] = {
		NAN, INFINITY, -INFINITY, 0.0, -0.0, 4.9406564584124654e-324,
		2.2250738585072009e-308, -1.0, -2.5, 1.0, DBL_MAX, DBL_MIN
	};
	uint64_t	r = rand64(state);

	if (r % 8 == 0)
		return specials[(r >> 8) % (sizeof(specials) / sizeof(specials[0]))];
	return ldexp(0.5 + rand_unit(state), (int) ((r >> 8) % 200) - 100);
}

/* Size of one ULP of a double near ref (the binade of ref itself) */
static inline long double
ulp_at(long double ref)
{
	int			e;

	if (ref == 0.0L)
		return 0x1.0p-1074L;
	(void) frexpl(ref, &e);
	return e - 53 < -1074 ? 0x1.0p-1074L : ldexpl(1.0L, e - 53);
}

/* Distance of got from ref in ULPs; 0 for matching non-finite values */
static inline double
ulp_error(double got, long double ref)
{
	if (isnan(ref))
		return isnan(got) ? 0.0 : INFINITY;
	if (isinf(ref) || isinf(got))
		return (long double) got == ref ? 0.0 : INFINITY;
	return (double) (fabsl((long double) got - ref) / ulp_at(ref));
}

/* Call f over each supported instruction set */
#define FOR_EACH_ISA(isa, t) \
	for (FkIsa isa = FK_ISA_SCALAR; isa < FK_ISA_COUNT; isa++) \
		for (const FkKernelTable *t = FkKernelsFor(isa); t != NULL; t = NULL)

#endif							/* FK_KERN_TESTUTIL_H */
