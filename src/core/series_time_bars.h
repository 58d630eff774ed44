/*
 * series_time_bars.h
 *		The OHLC steps of a resampling in steps (FkTimeResampleState,
 *		series_time.h), for series_time_bucket.c, which dispatches to them.
 *
 * This header does not include postgres.h.
 */
#ifndef FK_SERIES_TIME_BARS_H
#define FK_SERIES_TIME_BARS_H

#include "series_time.h"

/* The next elements of OHLC bars, as FkTimeResampleStep takes them */
extern void FkTimeBarsStep(FkTimeResampleState *st, const int64_t *ts,
						   const double *x, const uint64_t *valid, size_t i0,
						   size_t n);

/* Close the bars left */
extern void FkTimeBarsEnd(FkTimeResampleState *st);

#endif							/* FK_SERIES_TIME_BARS_H */
