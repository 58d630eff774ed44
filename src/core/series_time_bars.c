/*
 * series_time_bars.c
 *		OHLC bars of a resampling in one pass: open, high, low and close of
 *		every bucket filled together (series_time.h).
 *
 * Each bar is what FkTimeResample gives for first, max, min and last over
 * the same bucket, bit for bit: the same picks in core's float8 order,
 * where among equal values the latest wins.  The bucket of an element is a
 * division only when it leaves the bar being built (FkTimeBucketSame,
 * FkTimeBucketEnter).
 */
#include <string.h>

#include "bitmap.h"
#include "cdefs.h"
#include "float8_order.h"
#include "interrupt.h"
#include "series_time.h"
#include "series_time_bars.h"

/* Write bar k, present */
static inline void
FkTimeBarPut(double *const out[4], uint64_t *const out_valid[4], size_t k,
			 double o, double h, double l, double c)
{
	out[0][k] = o;
	out[1][k] = h;
	out[2][k] = l;
	out[3][k] = c;
	for (int j = 0; j < 4; j++)
		FkBitmapSet(out_valid[j], k);
}

/* Write bars [from, to) as empty: NULL, or (locf) flat at close */
static void
FkTimeBarsEmpty(double *const out[4], uint64_t *const out_valid[4],
				size_t from, size_t to, bool fill, double close)
{
	for (size_t k = from; k < to; k++)
		for (int c = 0; c < 4; c++)
		{
			out[c][k] = fill ? close : 0.0;
			if (fill)
				FkBitmapSet(out_valid[c], k);
		}
}

/* Write the bar being built, present */
static void
FkTimeBarClose(FkTimeResampleState *st)
{
	FkTimeBarPut(st->out, st->out_valid, st->k, st->o, st->h, st->l, st->c);
	st->next = st->k + 1;
	st->closed = true;
}

/* The next elements of OHLC bars in steps (series_time_bars.h) */
void
FkTimeBarsStep(FkTimeResampleState *st, const int64_t *ts, const double *x,
			   const uint64_t *valid, size_t i0, size_t n)
{
	for (size_t j = 0; j < n; j++)
	{
		double		xj = x[j];

		FkCheckInterruptsAfter(i0 + j);
		if (valid != NULL && !FkBitmapGet(valid, j))
			continue;
		if (st->open && FkTimeBucketSame(&st->cur, ts[j], st->origin,
										 st->stride))
		{
			if (!FkFloat8Gt(st->h, xj))
				st->h = xj;
			if (!FkFloat8Lt(st->l, xj))
				st->l = xj;
			st->c = xj;
			continue;
		}
		if (st->open)
			FkTimeBarClose(st);
		/* element i0 + j opens a bar: the ones between are empty */
		st->k = FkTimeBucketEnter(&st->cur, ts[j], st->origin, st->stride,
								  st->b0);
		FkTimeBarsEmpty(st->out, st->out_valid, st->next, st->k,
						st->locf && st->closed, st->c);
		st->open = true;
		st->o = st->h = st->l = st->c = xj;
	}
}

/* Close the bars left (series_time_bars.h) */
void
FkTimeBarsEnd(FkTimeResampleState *st)
{
	if (st->open)
		FkTimeBarClose(st);
	FkTimeBarsEmpty(st->out, st->out_valid, st->next, st->nb,
					st->locf && st->closed, st->c);
}
