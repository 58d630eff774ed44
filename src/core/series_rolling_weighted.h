/*
 * series_rolling_weighted.h
 *		The weighted rolling mean, rolling_mean(v, weights): the window of
 *		w = length of weights elements ending at each element, its present
 *		elements weighted, over the sum of their weights.
 *
 * Element i of the result, for a present x[i]: with weight weights[j]
 * (j = 0 .. w - 1) on element i - w + 1 + j (the last weight on x[i]; near
 * the start, the window is the prefix and keeps the last weights),
 *
 *	 (sum of x[k] * weight of k) / (sum of weight of k)
 *
 * over the present elements k of the window, each product rounded, both
 * sums added in index order from +0 (plain float8 additions, as core's
 * float8 operators over the same values in that order give them; a NaN
 * is the canonical one, float8_nan.h).  NULL
 * where x[i] is NULL, where the window holds fewer than min_count present
 * elements, and where their weights sum to 0 (no mean).  O(w) per
 * element.
 *
 * This header does not include postgres.h.
 */
#ifndef FK_SERIES_ROLLING_WEIGHTED_H
#define FK_SERIES_ROLLING_WEIGHTED_H

#include <stddef.h>
#include <stdint.h>

/*
 * out[0 .. n) and its validity words outvalid (every bit written) from
 * x[0 .. n) and its validity words valid (NULL: all present)
 */
extern void FkRollWeightedMean(const double *x, const uint64_t *valid,
							   size_t n, const double *weights, size_t w,
							   size_t min_count, double *out,
							   uint64_t *outvalid);

#endif							/* FK_SERIES_ROLLING_WEIGHTED_H */
