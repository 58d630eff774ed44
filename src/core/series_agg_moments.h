/*
 * series_agg_moments.h
 *		The state of skew and kurtosis across rows, position by position:
 *		the count, a shift (the first value), the mean less the shift and
 *		the sums of the second, third and fourth powers of the deviations
 *		from the mean (N, K, mean, M2, M3, M4) at each position, in an
 *		ordinary float8[] so that Citus combines it, as variance's.
 *
 * The state of vectors of n positions is a float8[] of 6n values: the
 * counts of valid elements N[i] (whole numbers, at most 2^53), then the
 * shifts, the means less the shifts, M2, M3 and M4.  A row is added as one
 * value x - K merged into the running sums with Pebay's formulas (the
 * update of Welford and Terriberry), and two states are combined with the
 * same formulas (core/series_reduce.c's FkMomentsMerge, shared with vskew
 * and vkurtosis), so that each position gives vskew's and vkurtosis'
 * results of its column within rounding, not bit for bit (vskew sums
 * chunks of 1,024 values about their own mean).  The shift keeps the mean
 * of values far from 0 (1e8 + x) exact enough: without it the rounding of
 * the mean alone costs about |mean| u / spread of relative accuracy.
 * Values all equal leave M2 exactly 0 (each deviation is 0), which the
 * final function reads as 0.
 *
 * Faults are kept in the state and decided by the final function, as
 * vskew decides them: a NaN or an infinity among a position's values makes
 * its shift, mean, M2, M3 and M4 NaN (the result is NaN); finite values whose
 * sums overflow make them +Infinity (the final function raises 22003
 * unless the position has too few values, or a NaN or infinity comes
 * later).
 *
 * This file does not include postgres.h.
 */
#ifndef FK_SERIES_AGG_MOMENTS_H
#define FK_SERIES_AGG_MOMENTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "series_agg.h"

extern void FkXMomInit(double *state, size_t n);
extern FkXAvgStatus FkXMomAddPart(double *state, size_t n, size_t from,
								  size_t m, const double *x,
								  const uint64_t *valid);
extern FkXAvgStatus FkXMomCombine(double *state, const double *other,
								  size_t n);
extern const char *FkXMomCheck(const double *state, size_t n, size_t *empty);
extern size_t FkXMomNulls(const double *state, size_t n, bool kurtosis);
extern FkXAvgStatus FkXMomFinal(const double *state, size_t n, bool kurtosis,
								double *out, uint64_t *valid);

#endif							/* FK_SERIES_AGG_MOMENTS_H */
