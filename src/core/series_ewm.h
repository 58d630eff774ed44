/*
 * series_ewm.h
 *		The exponentially weighted mean of pandas' ewm(alpha, adjust,
 *		ignore_na).mean(), step for step: ema(v, ..., adjust, ignore_nulls).
 *
 * With oma = 1 - alpha, new = 1 (adjust) or alpha (not), and old = 1 at
 * the first present element, whose value starts the mean m: at each later
 * element, old = old * oma if it is present or ignore_nulls is false (a
 * NULL then still ages the weights, as pandas' ignore_na=False); at a
 * present x, unless m = x, m = (old * m + new * x) / (old + new), then
 * old = old + new (adjust) or 1 (not).  Each operation rounded as core's
 * float8 operators round it (a NaN the canonical one, float8_nan.h);
 * adjust gives pandas' weights
 * sum((1 - alpha)^k x[t - k]) / sum((1 - alpha)^k).  NULL where v is NULL;
 * a NaN is a value (pandas' gap), so the mean is NaN from it on.
 *
 * This header does not include postgres.h.
 */
#ifndef FK_SERIES_EWM_H
#define FK_SERIES_EWM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * out[0 .. n) and every bit of outvalid from x[0 .. n), validity valid
 * (NULL: all present); returns the first element whose mean overflows
 * (from finite values), or SIZE_MAX
 */
extern size_t FkEwmMean(const double *x, const uint64_t *valid, size_t n,
						double alpha, bool adjust, bool ignore_nulls,
						double *out, uint64_t *outvalid);

#endif							/* FK_SERIES_EWM_H */
