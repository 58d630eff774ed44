/*
 * series_rolling.h
 *		Rolling (trailing window) operations of fusekern's kernel core:
 *		sum, mean, sample standard deviation and variance, minimum, maximum
 *		and count of the last w elements, as a state fed block after block.
 *
 * Output i covers the window [i - w + 1, i] (the prefix [0, i] while
 * i < w - 1).  It is NULL where element i is NULL, and where the window holds
 * fewer than min_count present elements (stddev, var: fewer than two); the
 * state carries past a NULL.  Every operation costs O(1) per element
 * whatever w, but median and quantile, O(log w):
 *
 *	 sum, mean, stddev, var: the series is cut into segments of w elements
 *		aligned at element 0; a window is a suffix of the previous segment
 *		plus a prefix of the current one.  The prefix is accumulated as
 *		elements arrive; at the end of a segment one backward pass over it
 *		computes its suffixes, but keeps only every FK_ROLL_CHUNK-th of them
 *		(a checkpoint) and those of its first chunk: the suffixes of a
 *		later chunk are computed again from its checkpoint, the same
 *		operations in the same order, when the windows reach it.  Sums are
 *		compensated (TwoSum, the errors summed apart), deviations use
 *		Welford's update and Chan's combination.  Nothing is ever
 *		subtracted, so no error builds up and a NaN or an infinity leaves
 *		no trace once out of the window: a sum keeps its finite values
 *		apart from flags of the NaN and infinities it holds, and a sum of
 *		finite values that overflows goes on scaled by 2^-64 (exact but
 *		for values near the subnormals), so that only a window whose finite
 *		values really overflow reports it.  The standard deviation is the
 *		square root of the variance as var computes it, so
 *		rolling_stddev = sqrt(rolling_var) bit for bit.
 *	 min, max: a monotone deque of element indices, core's float8 order
 *		(NaN above every number; among equal values the latest wins, as
 *		core's min and max fold a frame); w >= n needs no deque.
 *	 count: a running count, less the element that leaves the window.
 *	 median, quantile: an order-statistics tree of the present elements of
 *		the window (series_quantile.h), O(log w) per element: the element
 *		leaving is deleted, the one entering inserted, and the quantile
 *		interpolated between two ranks as core's percentile_cont.
 *
 * The elements that leave a window are read again: from the caller's
 * vector when it holds the whole series (FkRollInitInPlace: the SQL
 * functions), else from a ring of the last w elements the state keeps
 * (FkRollInit: the fused evaluator feeds it block by block).  Either way
 * the state depends on element indices only, never on how the input is
 * cut into blocks, so any block split, and either kind of history, gives
 * the same bits.  No postgres.h: this is shared by the server glue, unit
 * tests and the fused evaluator.
 */
#ifndef FK_SERIES_ROLLING_H
#define FK_SERIES_ROLLING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "series_quantile.h"

typedef enum FkRollOp
{
	FK_ROLL_SUM,
	FK_ROLL_MEAN,
	FK_ROLL_STDDEV,				/* sample (n - 1) */
	FK_ROLL_MIN,
	FK_ROLL_MAX,
	FK_ROLL_COUNT,
	FK_ROLL_VAR,				/* sample (n - 1): stddev's square */
	FK_ROLL_MEDIAN,				/* percentile_cont(0.5) */
	FK_ROLL_QUANTILE			/* percentile_cont(q), q of the state */
} FkRollOp;

/* Suffixes per checkpoint of a segment (part of no result: any would do) */
#define FK_ROLL_CHUNK 1024

/*
 * Present elements of a run of the series.  cnt counts them in its low 32
 * bits; above, FK_ROLL_NAN, FK_ROLL_POSINF and FK_ROLL_NEGINF say which
 * non-finite values the run holds and FK_ROLL_SCALED that hi and lo are
 * scaled by 2^-64 (then scale is 2^-64, else 1).  Sum and mean: hi + lo is
 * the compensated sum of the finite values.  Stddev: hi + lo the sum of
 * all of them (not finite when a flag is set, and then never read), mean
 * and m2 their mean and sum of squared deviations from it.
 */
typedef struct FkRollPiece
{
	double		hi;
	double		lo;
	double		mean;
	double		m2;
	double		scale;
	uint64_t	cnt;
} FkRollPiece;

#define FK_ROLL_NAN		(UINT64_C(1) << 32)
#define FK_ROLL_POSINF	(UINT64_C(1) << 33)
#define FK_ROLL_NEGINF	(UINT64_C(1) << 34)
#define FK_ROLL_BAD		(FK_ROLL_NAN | FK_ROLL_POSINF | FK_ROLL_NEGINF)
#define FK_ROLL_SCALED	(UINT64_C(1) << 35)

/* Where a rolling operation stands after the elements fed so far */
typedef struct FkRollState
{
	FkRollOp	op;
	size_t		w;				/* window */
	size_t		min_count;
	size_t		len;			/* elements of the series */
	size_t		pos;			/* elements fed so far */
	size_t		seg;			/* pos % w: slot of the element entering */
	size_t		fault;			/* first element whose window of finite
								 * values overflows; SIZE_MAX when none */
	bool		at_nulls;		/* a value at a NULL element too, from the
								 * rest of its window (centred windows,
								 * whose NULL rule is at their centre) */
	/* the elements before pos: the caller's whole series, or a ring */
	const double *hist_x;		/* in place: element g is hist_x[g] */
	const uint64_t *hist_valid; /* in place: its validity (NULL: present) */
	double	   *ring;			/* else slot g % w holds element g ... */
	uint64_t   *ring_valid;		/* ... and bit g % w its validity */
	/* sum, mean, stddev */
	FkRollPiece prefix;			/* the current segment so far */
	FkRollPiece *cp;			/* per chunk c of the previous segment: the
								 * piece from its end to the segment's end */
	size_t		chunk;			/* the chunk whose suffixes suf_* hold */
	double	   *suf_a;			/* FK_ROLL_CHUNK each: the pieces of */
	double	   *suf_b;			/* elements j.. of the previous segment, */
	uint64_t   *suf_cnt;		/* at j % FK_ROLL_CHUNK: hi and lo (sum,
								 * mean) or mean and m2 (stddev), cnt */
	/* count, min, max */
	size_t		count;			/* present elements in the window */
	/* min, max */
	double		ext;			/* w >= len: the extreme so far */
	bool		have_ext;
	size_t		dcap;			/* deque slots (w < len: w) */
	size_t		dhead;
	size_t		dsize;
	size_t	   *didx;			/* element indices ... */
	double	   *dval;			/* ... and their values (ring only) */
	/* median, quantile */
	double		q;				/* the quantile, 0 to 1 (median: 0.5) */
	FkQuantTree tree;			/* the present elements of the window */
} FkRollState;

/*
 * Bytes of working memory for op with window w over len elements when the
 * state keeps its own history (FkRollInit): O(min(w, len)), 0 when
 * w >= len (median, quantile: 24 bytes per element of min(w, len), the
 * tree's nodes, even then).  sum, mean, stddev: 8 bytes and a bit per
 * element of the window, and 48 bytes per FK_ROLL_CHUNK of it plus
 * 24 * FK_ROLL_CHUNK; min, max: 16 bytes and a bit; count: a bit; median,
 * quantile: the nodes, 8 bytes and a bit.
 */
extern size_t FkRollWorkSize(FkRollOp op, size_t w, size_t len);

/*
 * The same when the caller's vector holds the whole series
 * (FkRollInitInPlace): sum, mean, stddev: the checkpoints and suffixes
 * alone; min, max: 8 bytes per element of the window; count: none;
 * median, quantile: the nodes.  The quantile of FK_ROLL_QUANTILE is set in
 * the state's q after the start (median's is 0.5).
 */
extern size_t FkRollWorkSizeInPlace(FkRollOp op, size_t w, size_t len);

/*
 * Start op with window w (>= 1) and min_count (<= w) over a series of len
 * elements that will be fed block by block; work holds FkRollWorkSize
 * bytes, 8-byte aligned, and must live as long as the state.
 */
extern void FkRollInit(FkRollState *st, FkRollOp op, size_t w,
					   size_t min_count, size_t len, void *work);

/*
 * The same over the series x[0 .. len), element g present when bit g of
 * valid is set (NULL: all present), which the caller keeps unchanged as
 * long as the state lives, and feeds in order; work holds
 * FkRollWorkSizeInPlace bytes.
 */
extern void FkRollInitInPlace(FkRollState *st, FkRollOp op, size_t w,
							  size_t min_count, size_t len, void *work,
							  const double *x, const uint64_t *valid);

/*
 * Feed the next n elements: x[j] is present when bit off + j of valid is
 * set (valid NULL: all present).  Writes out[j] (0.0 where NULL) and bit
 * off + j of out_valid, leaving its other bits alone.  The pass at the end
 * of a segment serves interrupts (core/interrupt.h).
 */
extern void FkRollStep(FkRollState *st, const double *x, const uint64_t *valid,
					   double *out, uint64_t *out_valid, size_t off, size_t n);

/*
 * Can st2 step beside st (FkRollStepPair): st a sum or mean, st2 a stddev
 * or var, with the same window, min_count and length, fed as far, and the
 * same kind of history?
 */
extern bool FkRollPairOk(const FkRollState *st, const FkRollState *st2);

/*
 * FkRollStep of st and of st2 (FkRollPairOk) over the same next n
 * elements, into out, out_valid and out2, out_valid2: the bits of the two
 * steps one after the other, but a group of short windows
 * (series_rolling_short.h) adds each element to one sum for both.
 */
extern void FkRollStepPair(FkRollState *st, FkRollState *st2,
						   const double *x, const uint64_t *valid,
						   double *out, uint64_t *out_valid, double *out2,
						   uint64_t *out_valid2, size_t off, size_t n);

#endif							/* FK_SERIES_ROLLING_H */
