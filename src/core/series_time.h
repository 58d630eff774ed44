/*
 * series_time.h
 *		Series on a time axis in fusekern's kernel core: rolling windows of a
 *		duration, as-of lookups and the buckets of a resampling.
 *
 * A time axis is an array of int64 microseconds (PostgreSQL's timestamptz),
 * non-decreasing, that the glue has checked; values are doubles with
 * validity words (core/bitmap.h, NULL: all present) as elsewhere.
 *
 * Duration windows: the window of element i holds the elements j with
 * ts[i] - w < ts[j] <= ts[i] (closed right, as pandas' and Polars' time
 * windows), so elements of equal time share one window: it holds the later
 * ones of the same time too, as a SQL RANGE frame holds the peers of its
 * row.  pandas' other choices (FkTimeClosed) are the same walk: times are
 * whole microseconds, so closed on the left is a start that moves as for
 * w + 1, and open on the right is the result of a group of equal times
 * taken before the group enters the window.  Both ends of the windows only
 * move forward, so every operation is O(1) amortised per element (median,
 * quantile: O(log k) for a window of k elements), with memory bounded by
 * the largest window:
 *
 *	 sum, mean, var, stddev: a queue of two stacks.  The newest elements of
 *		the window are a prefix piece accumulated as they arrive; the older
 *		ones are suffixes of an earlier run, computed by one backward pass
 *		when the window's start passes the prefix's, with the piece
 *		arithmetic of the positional windows (series_roll_piece.h:
 *		compensated sums kept apart from the NaN and infinities, Welford and
 *		Chan for the variance).  Nothing is subtracted, so nothing builds up,
 *		and the bits depend on the times and values only.
 *	 min, max: a monotone deque of element indices in core's float8 order
 *		(among equal values the latest wins).
 *	 count: present elements entering less those leaving.
 *	 median, quantile: the order-statistics tree of series_quantile.h.
 *
 * This header does not include postgres.h.
 */
#ifndef FK_SERIES_TIME_H
#define FK_SERIES_TIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "series_rolling.h"
#include "series_time_weight.h"

/* Which ends of a duration window are closed, as pandas' closed */
typedef enum FkTimeClosed
{
	FK_TIME_CLOSED_RIGHT,		/* ts[i] - w < ts[j] <= ts[i], the default */
	FK_TIME_CLOSED_LEFT,		/* ts[i] - w <= ts[j] < ts[i] */
	FK_TIME_CLOSED_BOTH,		/* ts[i] - w <= ts[j] <= ts[i] */
	FK_TIME_CLOSED_NEITHER		/* ts[i] - w < ts[j] < ts[i] */
} FkTimeClosed;

/*
 * The span of a window of w microseconds (> 0) closed as closed says: an
 * element leaves the window of a later time t once t - its time >= span
 * (w + 1 when closed on the left; at most 2^63, so exact in a uint64)
 */
static inline uint64_t
FkTimeSpan(int64_t w, FkTimeClosed closed)
{
	return (uint64_t) w +
		(closed == FK_TIME_CLOSED_LEFT || closed == FK_TIME_CLOSED_BOTH);
}

/*
 * Where a rolling op over duration windows stands, carried from one step
 * to the next (FkTimeRollStep).  The window is [start, end).  Sums: prefix
 * is the piece of the present elements of [b, end); for start < b, the
 * piece of [j, b) is in the suffix arrays at j - fbase.
 */
typedef struct FkTimeRollState
{
	FkRollOp	op;
	uint64_t	span;			/* FkTimeSpan of the window */
	bool		before;			/* open on the right: a group's result is
								 * taken before it enters */
	size_t		need;			/* present elements a result needs */
	double		q;
	size_t		next;			/* the first element without a result yet */
	size_t		fault;			/* the first element whose window
								 * overflows, SIZE_MAX */
	/* the result of the group of equal times [.., end) */
	bool		present;
	double		r;
	size_t		start;
	size_t		end;
	size_t		count;			/* present elements of the window */
	/* sum, mean, var, stddev */
	size_t		b;
	size_t		fbase;
	FkRollPiece prefix;
	double	   *sa;				/* hi (sum) or mean (var) */
	double	   *sb;				/* lo (sum) or m2 (var) */
	uint64_t   *sc;				/* cnt */
	/* min, max: a ring of cap element indices */
	size_t	   *didx;
	size_t		dcap;
	size_t		dhead;
	size_t		dsize;
	/* median, quantile */
	FkQuantTree tree;
} FkTimeRollState;

/*
 * The most elements one window of w microseconds (> 0), closed as closed
 * says, holds over the times ts[0 .. n), with the group of equal times it
 * ends at (open on the right, it enters after its result): the working
 * memory of FkTimeRoll is sized by it
 */
extern size_t FkTimeMaxWindow(const int64_t *ts, size_t n, int64_t w,
							  FkTimeClosed closed);

/* Bytes of working memory of op over windows of at most maxwin elements */
extern size_t FkTimeRollWorkSize(FkRollOp op, size_t maxwin);

/*
 * Rolling op over windows of w microseconds, closed as closed says, of
 * x[0 .. n) (present where valid's bit is set, valid NULL: all) at times
 * ts: out[i] and bit i of out_valid (all n bits written) are the result of
 * element i, NULL where element i is NULL or its window holds fewer than
 * min_count present elements (var, stddev: fewer than two; the others but
 * count: fewer than one, which only a window open on the right can hold).
 * q is the quantile of FK_ROLL_QUANTILE (median: 0.5).  work holds
 * FkTimeRollWorkSize(op, maxwin) bytes, 8-byte aligned, maxwin from
 * FkTimeMaxWindow with the same w and closed.  Returns the first element
 * whose window of finite values overflows, SIZE_MAX when none.  Serves
 * interrupts (core/interrupt.h).
 */
extern size_t FkTimeRoll(FkRollOp op, const int64_t *ts, const double *x,
						 const uint64_t *valid, size_t n, int64_t w,
						 FkTimeClosed closed, size_t min_count, double q,
						 size_t maxwin, double *out, uint64_t *out_valid,
						 void *work);

/*
 * The same computation in steps, the one FkTimeRoll makes: FkTimeRollInit
 * starts it (arguments as FkTimeRoll's), and each FkTimeRollStep writes
 * the results of the elements from st->next up to upto (<= n) into out[0
 * ..] and bits 0 .. of out_valid (each bit written), and moves st->next to
 * upto.  x, valid and ts are read at element indices over [0, n): a step
 * reads the elements of the windows ending before upto and of the group of
 * equal times upto falls in, whose result the next step writes.  Any cut
 * of [0, n) into steps gives the same bits; st->fault is FkTimeRoll's
 * result so far.
 */
extern void FkTimeRollInit(FkTimeRollState *st, FkRollOp op, int64_t w,
						   FkTimeClosed closed, size_t min_count, double q,
						   size_t maxwin, void *work);
extern void FkTimeRollStep(FkTimeRollState *st, const int64_t *ts,
						   const double *x, const uint64_t *valid, size_t n,
						   size_t upto, double *out, uint64_t *out_valid);

/* Which element an as-of lookup takes for a time t */
typedef enum FkAsofDirection
{
	FK_ASOF_BACKWARD,			/* the last at or before t */
	FK_ASOF_FORWARD,			/* the first at or after t */
	FK_ASOF_NEAREST				/* the closer of the two; a tie: backward's */
} FkAsofDirection;

/*
 * As-of lookup: for each at[k] (k < m), the element i of ts[0 .. n) that
 * dir names (backward: the last of equal times; forward: the first) and,
 * when tol >= 0, at most tol away from at[k]; idx[k] = i, or -1 when there
 * is none.  O(n + m) when at is sorted, and correct (O(log n) each) when it
 * is not.
 */
extern void FkTimeAsof(const int64_t *ts, size_t n, const int64_t *at,
					   size_t m, int64_t tol, FkAsofDirection dir,
					   int64_t *idx);

/* What a bucket of a resampling keeps of its present values */
typedef enum FkTimeHow
{
	FK_TIME_FIRST,
	FK_TIME_LAST,
	FK_TIME_MIN,
	FK_TIME_MAX,
	FK_TIME_SUM,				/* compensated, as rolling_sum */
	FK_TIME_MEAN,
	FK_TIME_COUNT,
	FK_TIME_TWA,				/* time-weighted average, locf, over the span
								 * from the bucket's first present element to
								 * its last (series_time_weight.h) */
	FK_TIME_TWA_LINEAR			/* the same, linear */
} FkTimeHow;

/* How the empty buckets of a resampling are filled */
typedef enum FkTimeFill
{
	FK_FILL_NULL,				/* NULL */
	FK_FILL_LOCF,				/* the last value before, NULL before the first */
	FK_FILL_LINEAR,				/* interpolated between the values around, NULL
								 * at either end */
	FK_FILL_NONE				/* left out */
} FkTimeFill;

/*
 * The bucket of time t: floor((t - origin) / stride), stride > 0; its
 * start is origin + bucket * stride (where date_bin places it)
 */
static inline int64_t
FkTimeBucketOf(int64_t t, int64_t origin, int64_t stride)
{
	int64_t		d = t - origin;
	int64_t		b = d / stride;

	/* floor, not truncation, before the origin */
	if (d % stride != 0 && d < 0)
		b--;
	return b;
}

/* Where a pass over non-decreasing times stands among the buckets */
typedef struct FkTimeBucketCursor
{
	uint64_t	base;			/* the bucket's start less origin, unsigned */
	uint64_t	span;			/* the stride; 0 before the first bucket */
	size_t		k;				/* its number from b0 */
} FkTimeBucketCursor;

/* Whether time t, not before the cursor's bucket, is still in it */
static inline bool
FkTimeBucketSame(const FkTimeBucketCursor *cur, int64_t t, int64_t origin,
				 int64_t stride)
{
	/* the distance from its start, exact even for a stride near INT64_MAX */
	return (uint64_t) (t - origin) - cur->base < cur->span;
}

/* Move the cursor to the bucket of time t; returns its number from b0 */
static inline size_t
FkTimeBucketEnter(FkTimeBucketCursor *cur, int64_t t, int64_t origin,
				  int64_t stride, int64_t b0)
{
	int64_t		b = FkTimeBucketOf(t, origin, stride);

	/* the bucket's start less origin: b * stride, one division in all */
	cur->base = (uint64_t) b * (uint64_t) stride;
	cur->k = (size_t) (b - b0);
	cur->span = (uint64_t) stride;
	return cur->k;
}

/*
 * The bucket (from b0) of time t, not before the cursor's: a division only
 * when t leaves the bucket found last
 */
static inline size_t
FkTimeBucketNext(FkTimeBucketCursor *cur, int64_t t, int64_t origin,
				 int64_t stride, int64_t b0)
{
	if (FkTimeBucketSame(cur, t, origin, stride))
		return cur->k;
	return FkTimeBucketEnter(cur, t, origin, stride, b0);
}

/*
 * Resample x[0 .. n) at times ts into the nb buckets b0, b0 + 1, ... of
 * (origin, stride): out[k] and bit k of out_valid (all nb bits written)
 * are what how keeps of bucket b0 + k's present values, NULL when it has
 * none (count: 0; twa: fewer than two, or a span of zero).  Returns the
 * first element whose bucket's sum (twa: weighted sum) of finite values
 * overflows, SIZE_MAX when none.
 */
extern size_t FkTimeResample(FkTimeHow how, const int64_t *ts,
							 const double *x, const uint64_t *valid, size_t n,
							 int64_t origin, int64_t stride, int64_t b0,
							 size_t nb, double *out, uint64_t *out_valid);

/*
 * A resampling in steps, the one FkTimeResample and FkTimeResampleOhlc
 * make: FkTimeResampleBegin starts it (arguments as theirs), each
 * FkTimeResampleStep takes the next elements in order, FkTimeResampleEnd
 * closes the buckets left.  Any cut of [0, n) into steps gives the same
 * bits, so the values may come a block at a time (a fused pass).
 */
typedef struct FkTimeResampleState
{
	bool		ohlc;			/* four columns, first, max, min and last */
	FkTimeHow	how;			/* else what a bucket keeps */
	bool		locf;			/* ohlc: an empty bar flat at the close */
	int64_t		origin;
	int64_t		stride;
	int64_t		b0;
	size_t		nb;
	double	   *out[4];
	uint64_t   *out_valid[4];
	FkTimeBucketCursor cur;
	size_t		k;				/* the bucket being built */
	/* how: its piece, pick, average, present count, first element */
	FkRollPiece p;
	FkTimeWeight tw;
	double		pick;
	size_t		count;
	size_t		first;
	size_t		fault;			/* what FkTimeResample returns */
	/* ohlc: the first bar not yet written, bar k open, one closed before */
	size_t		next;
	bool		open;
	bool		closed;
	double		o,
				h,
				l,
				c;
} FkTimeResampleState;

extern void FkTimeResampleBegin(FkTimeResampleState *st, bool ohlc, FkTimeHow how,
							   bool locf, int64_t origin, int64_t stride,
							   int64_t b0, size_t nb, double *const out[4],
							   uint64_t *const out_valid[4]);

/*
 * Elements [i0, i0 + n) of the series: times ts[0 .. n), values x[0 .. n),
 * validity bit j of valid for element i0 + j (NULL: all present; i0 a
 * multiple of 64 when not NULL)
 */
extern void FkTimeResampleStep(FkTimeResampleState *st, const int64_t *ts,
							  const double *x, const uint64_t *valid,
							  size_t i0, size_t n);

/* Close the buckets left; returns FkTimeResample's fault (ohlc: SIZE_MAX) */
extern size_t FkTimeResampleEnd(FkTimeResampleState *st);

/*
 * Fill the NULL buckets of out[0 .. nb) (validity out_valid) as fill says
 * (not FK_FILL_NONE), setting their bits.  Linear: v1 + (v2 - v1) *
 * ((k - k1) / (k2 - k1)) between the present buckets k1 < k < k2.
 */
extern void FkTimeFillBuckets(FkTimeFill fill, double *out,
							  uint64_t *out_valid, size_t nb);

/*
 * OHLC bars of x[0 .. n) at times ts over the nb buckets b0, b0 + 1, ... of
 * (origin, stride), in one pass: out[0 .. 3][k] (open, high, low, close)
 * and their validity words (all nb bits written) are what FkTimeResample
 * gives for first, max, min and last of bucket b0 + k, bit for bit; with
 * locf, an empty bar after a present one is flat at the close before
 * (all four present), else NULL (value 0.0).
 */
extern void FkTimeResampleOhlc(const int64_t *ts, const double *x,
							   const uint64_t *valid, size_t n,
							   int64_t origin, int64_t stride, int64_t b0,
							   size_t nb, bool locf, double *const out[4],
							   uint64_t *const out_valid[4]);

/*
 * The time-weighted average of the present elements of x[0 .. n) at times
 * ts: each value weighted by the time it holds, up to the next present
 * element (linear: each interval by the mean of its two ends), over the
 * span from the first present element to the last.  Intervals of no
 * length are left out.  Returns false (no average) for fewer than two
 * present elements or a span of zero; *overflow set when the weighted sum
 * of finite values overflows.
 */
extern bool FkTimeWeightedAvg(const int64_t *ts, const double *x,
							  const uint64_t *valid, size_t n, bool linear,
							  double *avg, int *overflow);

/*
 * Exponential moving average by elapsed time, as pandas' ewm(times=,
 * halflife=): out[i] = sum_j d_ij x_j / sum_j d_ij over the present
 * elements j <= i, d_ij = 2^-((ts[i] - ts[j]) / halflife), computed
 * recursively (each step decays both sums by 2^-(dt / halflife)); NULL
 * where element i is NULL (all n bits of out_valid written).  Returns the
 * first element whose average of finite values overflows, SIZE_MAX when
 * none.
 */
extern size_t FkTimeEma(const int64_t *ts, const double *x,
						const uint64_t *valid, size_t n, int64_t halflife,
						double *out, uint64_t *out_valid);

#endif							/* FK_SERIES_TIME_H */
