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

/* OHLC bars of x at times ts in one pass */
void
FkTimeResampleOhlc(const int64_t *ts, const double *x, const uint64_t *valid,
				   size_t n, int64_t origin, int64_t stride, int64_t b0,
				   size_t nb, bool locf, double *const out[4],
				   uint64_t *const out_valid[4])
{
	size_t		k = 0,			/* the bar being built */
				next = 0;		/* the first bar not yet written */
	bool		open = false,	/* bar k has a present value */
				closed = false; /* a bar before k had one */
	FkTimeBucketCursor cur = {0};
	double		o = 0.0,
				h = 0.0,
				l = 0.0,
				c = 0.0;

	for (int j = 0; j < 4; j++)
		memset(out_valid[j], 0, FkBitmapWords(nb) * sizeof(uint64_t));
	for (size_t i = 0; i < n; i++)
	{
		double		xi = x[i];

		FkCheckInterruptsAfter(i);
		if (valid != NULL && !FkBitmapGet(valid, i))
			continue;
		if (open && FkTimeBucketSame(&cur, ts[i], origin, stride))
		{
			if (!FkFloat8Gt(h, xi))
				h = xi;
			if (!FkFloat8Lt(l, xi))
				l = xi;
			c = xi;
			continue;
		}
		if (open)
		{
			FkTimeBarPut(out, out_valid, k, o, h, l, c);
			next = k + 1;
			closed = true;
		}
		/* element i opens a bar: the ones between are empty */
		k = FkTimeBucketEnter(&cur, ts[i], origin, stride, b0);
		FkTimeBarsEmpty(out, out_valid, next, k, locf && closed, c);
		open = true;
		o = h = l = c = xi;
	}
	if (open)
	{
		FkTimeBarPut(out, out_valid, k, o, h, l, c);
		next = k + 1;
		closed = true;
	}
	FkTimeBarsEmpty(out, out_valid, next, nb, locf && closed, c);
}
