/*
 * series_rolling.h
 *		Rolling (trailing window) operations of fusekern's kernel core:
 *		sum, mean, sample standard deviation, minimum, maximum and count of
 *		the last w elements, as a state fed block after block.
 *
 * Output i covers the window [i - w + 1, i] (the prefix [0, i] while
 * i < w - 1).  It is NULL where element i is NULL, and where the window holds
 * fewer than min_count present elements (stddev: fewer than two); the state
 * carries past a NULL.  Every operation costs O(1) per element whatever w:
 *
 *	 sum, mean, stddev: the series is cut into segments of w elements
 *		aligned at element 0; a window is a suffix of the previous segment
 *		plus a prefix of the current one.  The prefix is accumulated as
 *		elements arrive; at the end of a segment, the suffixes of it are
 *		computed once, backwards.  Sums are compensated (TwoSum, the
 *		errors summed apart), deviations use Welford's update and Chan's
 *		combination.  Nothing is ever subtracted, so no error builds up
 *		and a NaN or an infinity leaves no trace once out of the window:
 *		non-finite values are counted apart and decide the result as
 *		core's float8 aggregates do.
 *	 min, max: a monotone deque of (index, value), core's float8 order
 *		(NaN above every number; among equal values the latest wins, as
 *		core's min and max fold a frame).
 *	 count: a ring of the last w validity bits.
 *
 * The state depends on element indices only, never on how the input is cut
 * into blocks, so any block split gives the same bits.  No postgres.h: this
 * is shared by the server glue, unit tests and the fused evaluator.
 */
#ifndef FK_SERIES_ROLLING_H
#define FK_SERIES_ROLLING_H

#include <stddef.h>
#include <stdint.h>

typedef enum FkRollOp
{
	FK_ROLL_SUM,
	FK_ROLL_MEAN,
	FK_ROLL_STDDEV,				/* sample (n - 1) */
	FK_ROLL_MIN,
	FK_ROLL_MAX,
	FK_ROLL_COUNT
} FkRollOp;

/*
 * Present elements of a run of the series.  hi + lo is their compensated
 * sum; once a NaN or an infinity is added, hi holds core's sum of them and
 * lo is meaningless (a window holding one is answered from hi alone).  For
 * stddev, mean and m2 are their mean and sum of squared deviations from it.
 * cnt counts the present elements in its low 32 bits and the NaN or
 * infinite ones above (FK_ROLL_BAD).
 */
typedef struct FkRollPiece
{
	double		hi;
	double		lo;
	double		mean;
	double		m2;
	uint64_t	cnt;
} FkRollPiece;

#define FK_ROLL_BAD (UINT64_C(1) << 32)

/* Where a rolling operation stands after the elements fed so far */
typedef struct FkRollState
{
	FkRollOp	op;
	size_t		w;				/* window */
	size_t		min_count;
	size_t		cap;			/* min(w, len): ring and deque slots */
	size_t		pos;			/* elements fed so far */
	size_t		fault;			/* first element whose window of finite
								 * values overflows; SIZE_MAX when none */
	/* sum, mean, stddev */
	size_t		seg;			/* position in the current segment */
	FkRollPiece prefix;			/* the current segment so far */
	double	   *ring;			/* values of the current segment */
	uint8_t    *ring_valid;
	/*
	 * cap + 1 each: the pieces of elements j.. of the previous segment
	 * (none at cap): hi and lo (sum, mean) or mean and m2 (stddev), cnt
	 */
	double	   *suf_a;
	double	   *suf_b;
	uint64_t   *suf_cnt;
	/* count, min, max */
	size_t		count;			/* present elements in the window */
	size_t		cpos;			/* ring slot of the element entering */
	uint8_t    *cring;			/* validity of the last cap elements */
	/* min, max */
	size_t		dhead;
	size_t		dsize;
	size_t	   *didx;
	double	   *dval;
} FkRollState;

/* Bytes of working memory for op with window w over len elements */
extern size_t FkRollWorkSize(FkRollOp op, size_t w, size_t len);

/*
 * Start op with window w (>= 1) and min_count (<= w) over a series of len
 * elements; work holds FkRollWorkSize bytes, 8-byte aligned, and must live
 * as long as the state.
 */
extern void FkRollInit(FkRollState *st, FkRollOp op, size_t w,
					   size_t min_count, size_t len, void *work);

/*
 * Feed the next n elements: x[j] is present when bit off + j of valid is
 * set (valid NULL: all present).  Writes out[j] (0.0 where NULL) and bit
 * off + j of out_valid, leaving its other bits alone.
 */
extern void FkRollStep(FkRollState *st, const double *x, const uint64_t *valid,
					   double *out, uint64_t *out_valid, size_t off, size_t n);

#endif							/* FK_SERIES_ROLLING_H */
