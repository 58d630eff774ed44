/*
 * series_time_weight.h
 *		A time-weighted average accumulated element by element: the one
 *		arithmetic of time_weighted_avg over a whole series (series_time.c)
 *		and of the twa buckets of a resampling (series_time_bucket.c), so
 *		that a series in one bucket gives the same bits as the whole.
 *
 * Each present value holds until the next present element (locf), or the
 * value moves in a straight line between them (linear: each interval
 * weighs the mean of its two ends); the weighted sum is a compensated sum
 * (series_roll_piece.h) and the average divides it by the span from the
 * first present element to the last.  Intervals of no length are left out.
 *
 * This header does not include postgres.h.
 */
#ifndef FK_SERIES_TIME_WEIGHT_H
#define FK_SERIES_TIME_WEIGHT_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "series_roll_piece.h"

/* A time-weighted average being accumulated */
typedef struct FkTimeWeight
{
	FkRollPiece sum;			/* the weighted sum */
	int64_t		first;			/* time of the first present element */
	int64_t		prev;			/* time of the last present element */
	double		xprev;			/* its value */
	bool		any;			/* a present element was added */
	bool		overflow;		/* finite values whose term overflowed */
} FkTimeWeight;

/* Start an empty average */
static inline void
FkTimeWeightInit(FkTimeWeight *w)
{
	w->sum = fk_roll_empty;
	w->first = 0;
	w->prev = 0;
	w->xprev = 0.0;
	w->any = false;
	w->overflow = false;
}

/* Add the present element x at time t (not before the last one added) */
static inline void
FkTimeWeightAdd(FkTimeWeight *w, int64_t t, double x, bool linear)
{
	if (!w->any)
	{
		w->first = t;
		w->any = true;
	}
	else if (t > w->prev)
	{
		/* microseconds: exact in a double up to 285 years */
		double		dt = (double) (t - w->prev);
		double		term = linear ? (w->xprev + x) / 2 * dt : w->xprev * dt;

		/* finite values whose term overflows, as core's * would */
		if (!isfinite(term) && isfinite(w->xprev) && (!linear || isfinite(x)))
			w->overflow = true;
		FkRollSumAdd(&w->sum, term);
	}
	w->prev = t;
	w->xprev = x;
}

/*
 * The average: false (none) for fewer than two present elements or a span
 * of zero; *overflow set when the weighted sum of finite values overflows
 */
static inline bool
FkTimeWeightResult(const FkTimeWeight *w, double *avg, int *overflow)
{
	if (!w->any || w->prev == w->first)
		return false;
	if (w->overflow)
		*overflow = 1;
	*avg = FkRollSum(-0.0, 0.0, 0, &w->sum, overflow) / (double) (w->prev - w->first);
	return true;
}

#endif							/* FK_SERIES_TIME_WEIGHT_H */
