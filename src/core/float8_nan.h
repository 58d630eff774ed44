/*
 * float8_nan.h
 *		The one NaN that fusekern computes (docs/kernels.md, "NaN rule").
 *
 * Which NaN an IEEE operation returns is left to the hardware: x86 makes
 * Infinity - Infinity the negative "default NaN" 0xfff8... and passes on the
 * first of two NaN operands, ARM makes it the positive one and passes on
 * another; SIMD code swaps operands freely, and a fused rewrite reorders
 * them.  So every NaN a computed result holds is written as FK_NAN_BITS,
 * PostgreSQL's own NaN (get_float8_nan(), what 'NaN'::float8 reads as): the
 * same bits on every path, CPU and plan.  Functions that only pick or move
 * an element (minima, maxima, shift, fill) return it as it is, as core's
 * min, max and lag do.
 *
 * This header does not include postgres.h.
 */
#ifndef FK_FLOAT8_NAN_H
#define FK_FLOAT8_NAN_H

#include <stdint.h>
#include <string.h>

/* The bits of the canonical NaN: positive, quiet, no payload */
#define FK_NAN_BITS UINT64_C(0x7FF8000000000000)

/* The canonical NaN */
static inline double
FkNan(void)
{
	uint64_t	u = FK_NAN_BITS;
	double		d;

	memcpy(&d, &u, sizeof(d));
	return d;
}

/* x, or the canonical NaN when x is a NaN */
static inline double
FkCanonNan(double x)
{
	return x != x ? FkNan() : x;
}

#endif							/* FK_FLOAT8_NAN_H */
