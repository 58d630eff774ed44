/*
 * series_agg_fold_body.h
 *		The dense loops of series_agg_fold.h, compiled once per instruction
 *		set.
 *
 * Included by series_agg_fold.c (baseline) and series_agg_fold_avx2.c /
 * series_agg_fold_avx512.c (their -m flags) with FK_ISA defined to the name
 * of the copy (cdefs.h): FkXAggFoldsScalar, FkXAggFoldsAvx2,
 * FkXAggFoldsAvx512.  Each loop is one IEEE operation or comparison per
 * element, position by position (no contraction: -ffp-contract=off), so
 * every copy gives the same bits; only the lanes that run at once differ.
 */
#include <math.h>
#include <string.h>

#include "float8_nan.h"
#include "series_agg.h"
#include "series_agg_fold.h"

/* The exponent field of a double, and one unit of it */
#define FK_EXP_BITS		UINT64_C(0x7FF0000000000000)
#define FK_EXP_ONE		UINT64_C(0x0010000000000000)

/*
 * Is any of acc[i] + x[i] not finite?  (Adding one to an exponent field of
 * all ones carries into the sign bit: integer lanes that vectorise.)
 */
static FK_ALWAYS_INLINE bool
FK_ISA_FN(FkSumsNonFinite) (const double *acc, const double *x, size_t n)
{
	uint64_t	nonfinite = 0;

	for (size_t i = 0; i < n; i++)
	{
		double		s = acc[i] + x[i];
		uint64_t	u;

		memcpy(&u, &s, sizeof(u));
		nonfinite |= (u & FK_EXP_BITS) + FK_EXP_ONE;
	}
	return (nonfinite >> 63) != 0;
}

/*
 * acc[i] += x[i] with core's check, element by element, every NaN the
 * canonical one; true when a sum of finite operands overflowed
 */
static bool
FK_ISA_FN(FkFoldSumChecked) (double *acc, const double *x, size_t n)
{
	int			bad = 0;

	for (size_t i = 0; i < n; i++)
	{
		double		a = acc[i];
		double		s = a + x[i];

		bad |= (fabs(s) == INFINITY) & (fabs(a) != INFINITY) &
			(fabs(x[i]) != INFINITY);
		acc[i] = FkCanonNan(s);
	}
	return bad != 0;
}

/* acc[i] += x[i]: a plain vector add unless a sum is not finite */
static bool
FK_ISA_FN(FkFoldSum) (double *acc, const double *x, size_t n)
{
	if (FK_ISA_FN(FkSumsNonFinite) (acc, x, n))
		return FK_ISA_FN(FkFoldSumChecked) (acc, x, n);
	for (size_t i = 0; i < n; i++)
		acc[i] += x[i];
	return false;
}

/*
 * The same and counts[i] += 1 (avg's state), in two passes over the part:
 * the checks (a sum not finite, a count at FK_XAVG_MAXCOUNT: *full set),
 * as 64-bit lane masks so that they vectorise, then the adds
 */
static bool
FK_ISA_FN(FkFoldSumCount) (double *acc, double *counts, const double *x,
						   size_t n, bool *full)
{
	uint64_t	nonfinite = 0;
	uint64_t	atmax = 0;
	bool		bad = false;

	for (size_t i = 0; i < n; i++)
	{
		double		s = acc[i] + x[i];
		uint64_t	u;

		memcpy(&u, &s, sizeof(u));
		nonfinite |= (u & FK_EXP_BITS) + FK_EXP_ONE;
		atmax |= counts[i] >= FK_XAVG_MAXCOUNT ? UINT64_MAX : 0;
	}
	*full |= atmax != 0;
	if ((nonfinite >> 63) != 0)
	{
		bad = FK_ISA_FN(FkFoldSumChecked) (acc, x, n);
		for (size_t i = 0; i < n; i++)
			counts[i] += 1.0;
		return bad;
	}
	for (size_t i = 0; i < n; i++)
	{
		acc[i] += x[i];
		counts[i] += 1.0;
	}
	return false;
}

/* acc[i] = core's float8_smaller(acc[i], x[i]): NaN above every number */
static void
FK_ISA_FN(FkFoldMin) (double *acc, const double *x, size_t n)
{
	for (size_t i = 0; i < n; i++)
	{
		double		a = acc[i];
		double		b = x[i];

		acc[i] = (!isnan(a) && (isnan(b) || a < b)) ? a : b;
	}
}

/* acc[i] = core's float8_larger(acc[i], x[i]): NaN above every number */
static void
FK_ISA_FN(FkFoldMax) (double *acc, const double *x, size_t n)
{
	for (size_t i = 0; i < n; i++)
	{
		double		a = acc[i];
		double		b = x[i];

		acc[i] = (!isnan(b) && (isnan(a) || a > b)) ? a : b;
	}
}

/* This instruction set's loops, for series_agg.c */
const FkXAggFolds FK_ISA_FN(FkXAggFolds) = {
	FK_ISA_FN(FkFoldSum),
	FK_ISA_FN(FkFoldSumCount),
	FK_ISA_FN(FkFoldMin),
	FK_ISA_FN(FkFoldMax),
};
