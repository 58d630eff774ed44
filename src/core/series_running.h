/*
 * series_running.h
 *		Running (prefix) operations, smoothing and shifting over a series:
 *		cumsum, cumprod, cummax, cummin, ema, fill_forward, fill_null and
 *		shift, as streaming steps over blocks of values + validity words.
 *
 * Each operation is a state plus init and step: step consumes the next n
 * elements of the series, writes their n outputs, and carries the state to
 * the next call, so that the series may be cut into blocks of any size
 * (one element, a fused evaluator's block, the whole vector) and give the
 * same bits.  NULL rules: a NULL input gives a NULL output and the state is
 * carried past it (fill_forward and fill_null give a value there instead).
 *
 * Every value is computed as core PostgreSQL's float8 operators and
 * aggregates compute it, in index order, one element after the other:
 *
 *	 cumsum   s = x1, then s = s + x (float8pl: sum(x) OVER (ORDER BY i))
 *	 cumprod  p = x1, then p = p * x (float8mul)
 *	 cummax   m = x1, then m = float8_gt(m, x) ? m : x (float8larger: NaN
 *			  is above every number), cummin with float8_lt (float8smaller)
 *	 ema	  s = x1, then s = (alpha * x) + (oma * s), oma = 1 - alpha
 *			  computed once; each product and the sum rounded separately
 *
 * cumsum, cumprod and ema find what core's float8 operators reject
 * (overflow, underflow) at the element where core would: the step then
 * stops, returns false, and the state holds the fault and its element.
 *
 * shift(v, k) with k > 0 (a lag) streams with a ring of the last k inputs.
 * With k < 0 (a lead) output i needs input i - k, which a stream has not
 * seen yet: a streaming evaluator would delay the output by -k elements
 * and emit the last -k outputs (all NULL) at the end of the series; only
 * the whole-vector form (FkShiftBlock, fed its input a block at a time) is
 * given here.
 *
 * This header does not include postgres.h.
 */
#ifndef FK_SERIES_RUNNING_H
#define FK_SERIES_RUNNING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "checks.h"

typedef enum FkRunningOp
{
	FK_RUN_CUMSUM,
	FK_RUN_CUMPROD,
	FK_RUN_CUMMAX,
	FK_RUN_CUMMIN,
	FK_RUN_EMA,
	FK_RUN_FILL_FORWARD,
	FK_RUN_FILL_NULL
} FkRunningOp;

/* The state of one running operation over one series */
typedef struct FkRunningState
{
	FkRunningOp op;
	bool		have;			/* a present element has been seen */
	double		s;				/* running value, or last present value */
	double		alpha;			/* ema: weight of the new element */
	double		oma;			/* ema: 1 - alpha, computed once */
	double		fill;			/* fill_null: the value of a NULL */
	size_t		pos;			/* elements consumed so far */
	FkFault		fault;			/* what stopped the step, or none */
	size_t		fault_index;	/* its element, from the series' start */
} FkRunningState;

/*
 * Start op; param is alpha for ema, the fill value for fill_null, unused
 * otherwise (alpha must lie in (0, 1]: the caller checks it).
 */
extern void FkRunningInit(FkRunningState *st, FkRunningOp op, double param);

/*
 * Consume the next n elements: x[i], present when bit vbit + i of valid is
 * set (valid NULL: all present); write out[i] and, when outvalid is given,
 * bit vbit + i of outvalid (other bits untouched).  outvalid may be NULL
 * only when the output has no NULL: valid is NULL, or the op is fill_null.
 * A NULL output's value is 0.0.  Returns false at a fault (st->fault).
 */
extern bool FkRunningStep(FkRunningState *st, const double *x,
						  const uint64_t *valid, size_t vbit, size_t n,
						  double *out, uint64_t *outvalid);

/* The state of shift(v, lag) with lag > 0, streamed */
typedef struct FkShiftState
{
	size_t		lag;
	size_t		pos;			/* elements consumed so far */
	double	   *ring;			/* the last lag inputs, by position % lag */
	uint64_t   *ringvalid;		/* their validity, FkBitmapWords(lag) words */
} FkShiftState;

/* Start a lag of lag >= 1 over the caller's ring buffers (not freed here) */
extern void FkShiftInit(FkShiftState *st, size_t lag, double *ring,
						uint64_t *ringvalid);

/* Consume the next n elements as FkRunningStep; outvalid is required */
extern void FkShiftStep(FkShiftState *st, const double *x,
						const uint64_t *valid, size_t vbit, size_t n,
						double *out, uint64_t *outvalid);

/*
 * shift(v, k) of a vector of n elements: out[i] = x[i - k] where
 * 0 <= i - k < n, NULL elsewhere (k > 0 lags, k < 0 leads), given one
 * input block at a time, in any order.  FkShiftRange gives the inputs
 * [lo, hi) that reach the output (the others need not be read), and
 * returns |k|;
 * FkShiftFill zeroes the values of the outputs no input reaches (their
 * validity bits are left as they are: NULL in a zeroed bitmap);
 * FkShiftBlock puts the block x[0 .. nb), inputs [a, a + nb), with its
 * validity words valid (bit 0 is input a; NULL: all present), at outputs
 * [a + k, a + nb + k) clipped to the vector, values and validity bits,
 * writing no other bit of outvalid (NULL: no validity to write).
 */
extern size_t FkShiftRange(size_t n, int64_t k, size_t *lo, size_t *hi);
extern void FkShiftFill(size_t n, int64_t k, double *out);
extern void FkShiftBlock(const double *x, const uint64_t *valid, size_t a,
						 size_t nb, size_t n, int64_t k, double *out,
						 uint64_t *outvalid);

#endif							/* FK_SERIES_RUNNING_H */
