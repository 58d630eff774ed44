/*
 * series_hist.h
 *		Histograms of one series (vhistogram): counts per bucket of core's
 *		width_bucket, over equal-width buckets between two bounds or over an
 *		array of thresholds, fed block by block.
 *
 * Bucket b of a histogram of count buckets is counts[b], 0 <= b <= count
 * + 1: 0 below the range, count + 1 above it, as width_bucket numbers
 * them; of k thresholds, 0 <= b <= k.  NULL elements are skipped.
 *
 * No postgres.h: shared by the server glue and the unit tests.
 */
#ifndef FK_SERIES_HIST_H
#define FK_SERIES_HIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

extern int32_t FkWidthBucket(double x, double lo, double hi, int32_t count);
extern bool FkHistWidthAdd(int64_t *counts, const double *x,
						   const uint64_t *valid, size_t n, double lo,
						   double hi, int32_t count);
extern void FkHistEdgesAdd(int64_t *counts, const double *x,
						   const uint64_t *valid, size_t n,
						   const double *edges, int32_t k);

#endif							/* FK_SERIES_HIST_H */
