/*
 * series_time_bucket.c
 *		The buckets of a resampling: values at irregular times gathered into
 *		buckets of a fixed duration, and the empty ones filled
 *		(series_time.h).
 *
 * One pass over the series: the buckets only move forward with the times.
 * A sum is a piece of the rolling windows' arithmetic (series_roll_piece.h),
 * so a bucket's sum is the rolling sum over the same elements, bit for bit;
 * a time-weighted average is time_weighted_avg's (series_time_weight.h)
 * over the bucket's elements alone: the time from a bucket's last present
 * element to the next bucket's first counts in neither.
 */
#include <string.h>

#include "bitmap.h"
#include "cdefs.h"
#include "float8_order.h"
#include "interrupt.h"
#include "series_roll_piece.h"
#include "series_time.h"
#include "series_time_weight.h"

/* The bucket of time t */
int64_t
FkTimeBucketOf(int64_t t, int64_t origin, int64_t stride)
{
	int64_t		d = t - origin;
	int64_t		b = d / stride;

	/* floor, not truncation, before the origin */
	if (d % stride != 0 && d < 0)
		b--;
	return b;
}

/* Close bucket k: write what how keeps of the piece, the picks or the average */
static int
FkTimeBucketClose(FkTimeHow how, const FkRollPiece *p, double pick,
				  const FkTimeWeight *tw, size_t count, double *out,
				  uint64_t *out_valid, size_t k)
{
	int			overflow = 0;
	double		r = 0.0;

	if (how == FK_TIME_COUNT)
		r = (double) count;
	else if (how == FK_TIME_TWA || how == FK_TIME_TWA_LINEAR ?
			 !FkTimeWeightResult(tw, &r, &overflow) : count == 0)
	{
		/* no value, or (twa) no average */
		out[k] = 0.0;
		return 0;
	}
	else if (how == FK_TIME_SUM || how == FK_TIME_MEAN)
	{
		r = FkRollSum(-0.0, 0.0, 0, p, &overflow);
		/* + 0.0: core's avg sums from +0, so a zero mean is +0 */
		if (how == FK_TIME_MEAN)
			r = (r + 0.0) / (double) count;
	}
	else if (how != FK_TIME_TWA && how != FK_TIME_TWA_LINEAR)
		r = pick;
	out[k] = r;
	FkBitmapSet(out_valid, k);
	return overflow;
}

/* Resample into buckets */
size_t
FkTimeResample(FkTimeHow how, const int64_t *ts, const double *x,
			   const uint64_t *valid, size_t n, int64_t origin, int64_t stride,
			   int64_t b0, size_t nb, double *out, uint64_t *out_valid)
{
	FkRollPiece p = fk_roll_empty;
	FkTimeWeight tw;
	bool		twa = how == FK_TIME_TWA || how == FK_TIME_TWA_LINEAR;
	double		pick = 0.0;
	size_t		count = 0,
				k = 0,
				first = SIZE_MAX,
				fault = SIZE_MAX;

	FkTimeWeightInit(&tw);
	memset(out_valid, 0, FkBitmapWords(nb) * sizeof(uint64_t));
	for (size_t i = 0; i <= n; i++)
	{
		size_t		bk = i < n ?
			(size_t) (FkTimeBucketOf(ts[i], origin, stride) - b0) : nb;

		/* the buckets before element i's are complete */
		while (k < bk)
		{
			if (FkTimeBucketClose(how, &p, pick, &tw, count, out, out_valid, k) &&
				fault == SIZE_MAX)
				fault = first;
			p = fk_roll_empty;
			FkTimeWeightInit(&tw);
			count = 0;
			first = SIZE_MAX;
			k++;
		}
		if (i == n)
			break;
		FkCheckInterruptsAfter(i);
		if (valid != NULL && !FkBitmapGet(valid, i))
			continue;
		if (count == 0)
		{
			pick = x[i];
			first = i;
		}
		else if ((how == FK_TIME_LAST) ||
				 (how == FK_TIME_MAX && !FkFloat8Gt(pick, x[i])) ||
				 (how == FK_TIME_MIN && !FkFloat8Lt(pick, x[i])))
			pick = x[i];
		if (how == FK_TIME_SUM || how == FK_TIME_MEAN)
			FkRollSumAdd(&p, x[i]);
		else if (twa)
			FkTimeWeightAdd(&tw, ts[i], x[i], how == FK_TIME_TWA_LINEAR);
		count++;
	}
	return fault;
}

/* Fill the NULL buckets */
void
FkTimeFillBuckets(FkTimeFill fill, double *out, uint64_t *out_valid,
				  size_t nb)
{
	size_t		last = SIZE_MAX;	/* the last present bucket so far */

	for (size_t k = 0; k < nb; k++)
	{
		if (FkBitmapGet(out_valid, k))
		{
			if (fill == FK_FILL_LINEAR && last != SIZE_MAX && k > last + 1)
			{
				double		v1 = out[last],
							v2 = out[k];

				for (size_t j = last + 1; j < k; j++)
				{
					out[j] = v1 + (v2 - v1) * ((double) (j - last) / (double) (k - last));
					FkBitmapSet(out_valid, j);
				}
			}
			last = k;
		}
		else if (fill == FK_FILL_LOCF && last != SIZE_MAX)
		{
			out[k] = out[last];
			FkBitmapSet(out_valid, k);
			last = k;
		}
	}
}
