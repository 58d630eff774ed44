/*
 * series_time_bucket.c
 *		The buckets of a resampling: values at irregular times gathered into
 *		buckets of a fixed duration, and the empty ones filled
 *		(series_time.h).
 *
 * One pass over the series: the buckets only move forward with the times,
 * and an element's bucket is a division only when it leaves the last one
 * (FkTimeBucketNext).
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
#include "series_time_bars.h"
#include "series_time_weight.h"

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

/* Start a resampling in steps (series_time.h) */
void
FkTimeResampleBegin(FkTimeResampleState *st, bool ohlc, FkTimeHow how, bool locf,
				   int64_t origin, int64_t stride, int64_t b0, size_t nb,
				   double *const out[4], uint64_t *const out_valid[4])
{
	memset(st, 0, sizeof(*st));
	st->ohlc = ohlc;
	st->how = how;
	st->locf = locf;
	st->origin = origin;
	st->stride = stride;
	st->b0 = b0;
	st->nb = nb;
	for (int c = 0; c < (ohlc ? 4 : 1); c++)
	{
		st->out[c] = out[c];
		st->out_valid[c] = out_valid[c];
		memset(out_valid[c], 0, FkBitmapWords(nb) * sizeof(uint64_t));
	}
	st->p = fk_roll_empty;
	FkTimeWeightInit(&st->tw);
	st->first = SIZE_MAX;
	st->fault = SIZE_MAX;
}

/* Close the buckets of st before bucket bk, a later one */
static void
FkTimeResampleCloseTo(FkTimeResampleState *st, size_t bk)
{
	while (st->k < bk)
	{
		if (FkTimeBucketClose(st->how, &st->p, st->pick, &st->tw, st->count,
							  st->out[0], st->out_valid[0], st->k) &&
			st->fault == SIZE_MAX)
			st->fault = st->first;
		st->p = fk_roll_empty;
		FkTimeWeightInit(&st->tw);
		st->count = 0;
		st->first = SIZE_MAX;
		st->k++;
	}
}

/* The next elements of a resampling into buckets, but OHLC */
static void
FkTimeResampleStepHow(FkTimeResampleState *st, const int64_t *ts, const double *x,
					 const uint64_t *valid, size_t i0, size_t n)
{
	FkTimeHow	how = st->how;
	bool		twa = how == FK_TIME_TWA || how == FK_TIME_TWA_LINEAR;

	for (size_t j = 0; j < n; j++)
	{
		size_t		bk = FkTimeBucketNext(&st->cur, ts[j], st->origin,
										  st->stride, st->b0);

		/* the buckets before element i0 + j's are complete */
		if (st->k < bk)
			FkTimeResampleCloseTo(st, bk);
		FkCheckInterruptsAfter(i0 + j);
		if (valid != NULL && !FkBitmapGet(valid, j))
			continue;
		if (st->count == 0)
		{
			st->pick = x[j];
			st->first = i0 + j;
		}
		else if ((how == FK_TIME_LAST) ||
				 (how == FK_TIME_MAX && !FkFloat8Gt(st->pick, x[j])) ||
				 (how == FK_TIME_MIN && !FkFloat8Lt(st->pick, x[j])))
			st->pick = x[j];
		if (how == FK_TIME_SUM || how == FK_TIME_MEAN)
			FkRollSumAdd(&st->p, x[j]);
		else if (twa)
			FkTimeWeightAdd(&st->tw, ts[j], x[j], how == FK_TIME_TWA_LINEAR);
		st->count++;
	}
}

/* The next elements of a resampling (series_time.h) */
void
FkTimeResampleStep(FkTimeResampleState *st, const int64_t *ts, const double *x,
				  const uint64_t *valid, size_t i0, size_t n)
{
	if (st->ohlc)
		FkTimeBarsStep(st, ts, x, valid, i0, n);
	else
		FkTimeResampleStepHow(st, ts, x, valid, i0, n);
}

/* Close the buckets left of a resampling (series_time.h) */
size_t
FkTimeResampleEnd(FkTimeResampleState *st)
{
	if (st->ohlc)
	{
		FkTimeBarsEnd(st);
		return SIZE_MAX;
	}
	FkTimeResampleCloseTo(st, st->nb);
	return st->fault;
}

/* Resample into buckets: the whole series in one step */
size_t
FkTimeResample(FkTimeHow how, const int64_t *ts, const double *x,
			   const uint64_t *valid, size_t n, int64_t origin, int64_t stride,
			   int64_t b0, size_t nb, double *out, uint64_t *out_valid)
{
	FkTimeResampleState st;
	double	   *outs[4] = {out};
	uint64_t   *oks[4] = {out_valid};

	FkTimeResampleBegin(&st, false, how, false, origin, stride, b0, nb, outs,
					   oks);
	FkTimeResampleStep(&st, ts, x, valid, 0, n);
	return FkTimeResampleEnd(&st);
}

/* OHLC bars of x at times ts in one pass: the whole series in one step */
void
FkTimeResampleOhlc(const int64_t *ts, const double *x, const uint64_t *valid,
				   size_t n, int64_t origin, int64_t stride, int64_t b0,
				   size_t nb, bool locf, double *const out[4],
				   uint64_t *const out_valid[4])
{
	FkTimeResampleState st;

	FkTimeResampleBegin(&st, true, FK_TIME_FIRST, locf, origin, stride, b0, nb,
					   out, out_valid);
	FkTimeResampleStep(&st, ts, x, valid, 0, n);
	FkTimeResampleEnd(&st);
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
