/*
 * series_agg_moments.c
 *		skew and kurtosis across rows: the state of 6n values
 *		(series_agg_moments.h), added to, combined and read with the
 *		formulas of vskew and vkurtosis (series_reduce.c).
 */
#include <math.h>
#include <stdbool.h>

#include "bitmap.h"
#include "float8_nan.h"
#include "interrupt.h"
#include "series_agg_moments.h"
#include "series_reduce.h"

/* The sums of one position: count, shift, mean (less the shift), M2, M3, M4 */
typedef struct FkXMomAt
{
	double	   *c;
	double	   *shift;
	double	   *mean;
	double	   *m2;
	double	   *m3;
	double	   *m4;
} FkXMomAt;

/* The sums of position p of the state of 6n values */
static inline FkXMomAt
FkXMomPos(double *state, size_t n, size_t p)
{
	FkXMomAt	a = {&state[p], &state[n + p], &state[2 * n + p],
	&state[3 * n + p], &state[4 * n + p], &state[5 * n + p]};

	return a;
}

/* See series_agg_moments.h: every value 0, no valid element yet */
void
FkXMomInit(double *state, size_t n)
{
	for (size_t i = 0; i < 6 * n; i++)
	{
		state[i] = 0.0;
		FkCheckInterruptsAfter(i);
	}
}

/* Mark a position's shift, mean and sums with a fault: NaN, or +Infinity */
static inline void
FkXMomMark(FkXMomAt a, double mark)
{
	*a.shift = mark;
	*a.mean = mark;
	*a.m2 = mark;
	*a.m3 = mark;
	*a.m4 = mark;
}

/*
 * Merge nb values of mean mb (less a's shift) and sums m2b, m3b, m4b
 * (finite, nb > 0) into the position a (finite, with values): Pebay's
 * formulas; +Infinity marks when finite sums overflow
 */
static inline void
FkXMomMerge(FkXMomAt a, double nb, double mb, double m2b, double m3b,
			double m4b)
{
	double		na = *a.c;
	double		n = na + nb;
	double		delta = mb - *a.mean;

	FkMomentsMerge(na, *a.m2, a.m3, a.m4, nb, delta, m2b, m3b, m4b);
	*a.mean += delta * (nb / n);
	*a.m2 += m2b + delta * delta * (na * nb / n);
	if (!isfinite(*a.mean) || !isfinite(*a.m2) || !isfinite(*a.m3) ||
		!isfinite(*a.m4))
		FkXMomMark(a, INFINITY);
}

/*
 * Add one finite value y (less a's shift) to the position a (finite, with
 * values): Pebay's formulas for one value (Terriberry's update), one
 * division; +Infinity marks when finite sums overflow
 */
static inline void
FkXMomAddOne(FkXMomAt a, double y)
{
	double		na = *a.c;
	double		n = na + 1.0;
	double		delta = y - *a.mean;
	double		dn = delta * (1.0 / n);
	double		dn2 = dn * dn;
	double		term = delta * dn * na;

	*a.m4 += term * dn2 * (n * n - 3.0 * n + 3.0) + 6.0 * dn2 * *a.m2 -
		4.0 * dn * *a.m3;
	*a.m3 += term * dn * (n - 2.0) - 3.0 * dn * *a.m2;
	*a.m2 += term;
	*a.mean += dn;
	if (!isfinite(*a.mean) || !isfinite(*a.m2) || !isfinite(*a.m3) ||
		!isfinite(*a.m4))
		FkXMomMark(a, INFINITY);
}

/*
 * Add positions [from, from + m) of a row to the state of 6n values: m
 * values x, with validity words valid (bit 0 is position from; NULL: all
 * present).  Only a count already at 2^53 stops the part (in index order);
 * arithmetic faults are marked in the state.
 */
FkXAvgStatus
FkXMomAddPart(double *state, size_t n, size_t from, size_t m,
			  const double *x, const uint64_t *valid)
{
	for (size_t i = 0; i < m; i++)
	{
		FkXMomAt	a = FkXMomPos(state, n, from + i);
		double		c = *a.c;

		FkCheckInterruptsAfter(i);
		if (valid != NULL && !FkBitmapGet(valid, i))
			continue;
		if (c >= FK_XAVG_MAXCOUNT)
			return FK_XAVG_COUNT_OVERFLOW;
		if (isnan(*a.m2))
			;					/* decided: NaN */
		else if (!isfinite(x[i]))
			FkXMomMark(a, FkNan());
		else if (c == 0.0)
			*a.shift = x[i];
		else if (isfinite(*a.m2))
			FkXMomAddOne(a, x[i] - *a.shift);
		*a.c = c + 1.0;
	}
	return FK_XAVG_OK;
}

/*
 * Fold the state other into state (both of 6n values, checked), position
 * by position: Pebay's formulas, other's mean moved to state's shift; a
 * NaN mark outranks an overflow mark.
 */
FkXAvgStatus
FkXMomCombine(double *state, const double *other, size_t n)
{
	/* both at most 2^53, whole: the difference is exact, the sum may not be */
	for (size_t i = 0; i < n; i++)
		if (state[i] > FK_XAVG_MAXCOUNT - other[i])
			return FK_XAVG_COUNT_OVERFLOW;
	for (size_t i = 0; i < n; i++)
	{
		FkXMomAt	a = FkXMomPos(state, n, i);
		FkXMomAt	b = FkXMomPos((double *) other, n, i);
		double		nb = *b.c;

		FkCheckInterruptsAfter(i);
		if (nb == 0.0)
			continue;
		if (*a.c == 0.0)
		{
			*a.shift = *b.shift;
			*a.mean = *b.mean;
			*a.m2 = *b.m2;
			*a.m3 = *b.m3;
			*a.m4 = *b.m4;
		}
		else if (isnan(*a.m2) || isnan(*b.m2))
			FkXMomMark(a, FkNan());
		else if (isinf(*a.m2) || isinf(*b.m2))
			FkXMomMark(a, INFINITY);
		else
			FkXMomMerge(a, nb, (*b.shift - *a.shift) + *b.mean, *b.m2, *b.m3,
						*b.m4);
		*a.c += nb;
	}
	return FK_XAVG_OK;
}

/*
 * Check the state of 6n values (made by hand, or received as text): each
 * count a whole number from 0 to 2^53, a position without valid elements
 * at 0 throughout, and each M2 NaN, +Infinity (the marks) or a finite
 * number of at least 0, with a finite shift, mean and M3 and an M4 of at
 * least 0 beside it.  NULL when it is sound, else what is wrong (a
 * sentence); *empty (when given) is 0: every position has a result or a
 * NULL of its own, as variance's.
 */
const char *
FkXMomCheck(const double *state, size_t n, size_t *empty)
{
	if (empty != NULL)
		*empty = 0;
	for (size_t i = 0; i < n; i++)
	{
		double		c = state[i],
					shift = state[n + i],
					mean = state[2 * n + i],
					m2 = state[3 * n + i],
					m3 = state[4 * n + i],
					m4 = state[5 * n + i];

		FkCheckInterruptsAfter(i);
		if (!(c >= 0.0 && c <= FK_XAVG_MAXCOUNT && c == floor(c)))
			return "A count is not a whole number from 0 to 2^53.";
		if (c == 0.0 && !(shift == 0.0 && mean == 0.0 && m2 == 0.0 && m3 == 0.0 &&
						  m4 == 0.0))
			return "A position without valid elements has a shift, a mean or a sum other than 0.";
		if (isnan(m2) || m2 == INFINITY)
			continue;
		if (!(m2 >= 0.0 && m4 >= 0.0 && isfinite(m2) && isfinite(m4)))
			return "A sum of even powers of deviations is negative or not finite.";
		if (!isfinite(shift) || !isfinite(mean) || !isfinite(m3))
			return "A shift, a mean or a sum of cubed deviations is not finite.";
	}
	return NULL;
}

/* The fewest valid elements a position needs: 3 for skew, 4 for kurtosis */
static inline double
FkXMomMinCount(bool kurtosis)
{
	return kurtosis ? 4.0 : 3.0;
}

/* The number of positions of the checked state whose result is NULL */
size_t
FkXMomNulls(const double *state, size_t n, bool kurtosis)
{
	return FkXCountBelow(state, n, FkXMomMinCount(kurtosis));
}

/*
 * The skewness or excess kurtosis from the checked state of 6n values,
 * as vskew and vkurtosis give them: out[i] (0 where NULL) and, where valid
 * is given, bit i set where position i has enough valid elements (valid's
 * words cleared by the caller).  NaN where marked NaN, 0 where M2 is 0
 * (all values equal); FK_XAVG_SUM_OVERFLOW when a position with enough
 * values is marked overflowed.
 */
FkXAvgStatus
FkXMomFinal(const double *state, size_t n, bool kurtosis, double *out,
			uint64_t *valid)
{
	double		need = FkXMomMinCount(kurtosis);

	for (size_t i = 0; i < n; i++)
	{
		double		c = state[i],
					m2 = state[3 * n + i];

		FkCheckInterruptsAfter(i);
		out[i] = 0.0;
		if (c < need)
			continue;
		if (isnan(m2))
			out[i] = FkNan();
		else if (isinf(m2))
			return FK_XAVG_SUM_OVERFLOW;
		else if (m2 != 0.0)
			out[i] = FkCanonNan(FkMomentsValue(c, m2, state[4 * n + i],
											   state[5 * n + i], kurtosis));
		if (valid != NULL)
			FkBitmapSet(valid, i);
	}
	return FK_XAVG_OK;
}
