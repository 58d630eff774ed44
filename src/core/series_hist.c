/*
 * series_hist.c
 *		Histograms of one series (series_hist.h), bucket by bucket as core's
 *		width_bucket(float8, float8, float8, int) and
 *		width_bucket(anyelement, anyarray) number them.
 */
#include <math.h>

#include "bitmap.h"
#include "series_hist.h"

/*
 * The bucket of x (not NaN) among count equal buckets from lo to hi (finite,
 * different), in core's arithmetic (width_bucket_float8): the quotient
 * truncated, never past the last bucket; halves when hi - lo overflows
 */
int32_t
FkWidthBucket(double x, double lo, double hi, int32_t count)
{
	int32_t		b;

	if (lo < hi)
	{
		if (x < lo)
			return 0;
		if (x >= hi)
			return count + 1;
		if (!isinf(hi - lo))
			b = (int32_t) (count * ((x - lo) / (hi - lo)));
		else
			b = (int32_t) (count * ((x / 2 - lo / 2) / (hi / 2 - lo / 2)));
	}
	else
	{
		if (x > lo)
			return 0;
		if (x <= hi)
			return count + 1;
		if (!isinf(lo - hi))
			b = (int32_t) (count * ((lo - x) / (lo - hi)));
		else
			b = (int32_t) (count * ((lo / 2 - x / 2) / (lo / 2 - hi / 2)));
	}
	if (b >= count)
		b = count - 1;
	return b + 1;
}

/*
 * Count the next n elements into counts[0..count + 1]; false, counting
 * nothing further, at a valid NaN (core's width_bucket rejects it)
 */
bool
FkHistWidthAdd(int64_t *counts, const double *x, const uint64_t *valid,
			   size_t n, double lo, double hi, int32_t count)
{
	for (size_t i = 0; i < n; i++)
	{
		if (valid != NULL && !FkBitmapGet(valid, i))
			continue;
		if (isnan(x[i]))
			return false;
		counts[FkWidthBucket(x[i], lo, hi, count)]++;
	}
	return true;
}

/*
 * The bucket of x among k thresholds: core's binary search
 * (width_bucket_array_fixed) in float8 order, NaN above every number,
 * -0 equal to 0; the number of thresholds not above x when they ascend
 */
static int32_t
FkEdgesBucket(double x, const double *edges, int32_t k)
{
	int32_t		left = 0;
	int32_t		right = k;

	while (left < right)
	{
		int32_t		mid = (left + right) / 2;
		double		t = edges[mid];
		bool		below = isnan(x) ? false : (isnan(t) || x < t);

		if (below)
			right = mid;
		else
			left = mid + 1;
	}
	return left;
}

/* Count the next n elements into counts[0..k] by k thresholds */
void
FkHistEdgesAdd(int64_t *counts, const double *x, const uint64_t *valid,
			   size_t n, const double *edges, int32_t k)
{
	for (size_t i = 0; i < n; i++)
	{
		if (valid != NULL && !FkBitmapGet(valid, i))
			continue;
		counts[FkEdgesBucket(x[i], edges, k)]++;
	}
}
