/*
 * pg_series_time_weight.c
 *		Averages weighted by time, over float8[] and nvec
 *		(src/core/series_time.c, docs/time.md): time_weighted_avg(ts, v
 *		[, method]), the average of a series whose values hold between their
 *		times, and ema(v, ts, halflife), a moving average whose weights
 *		halve every halflife of elapsed time.
 *
 * method 'locf': each present value holds until the next present one (a
 * step function); 'linear': the value moves in a straight line between
 * them (the trapezoidal rule).  The weighted sum is compensated, as a
 * rolling sum; NULL for fewer than two present elements or a span of zero.
 */
#include "postgres.h"

#include "utils/builtins.h"

#include "core/series_time.h"
#include "series/pg_series_time.h"

/* time_weighted_avg over either type */
static Datum
FkTimeWeightRun(FunctionCallInfo fcinfo, bool is_nvec)
{
	const char *fn = "time_weighted_avg";
	char	   *method = text_to_cstring(PG_GETARG_TEXT_PP(2));
	bool		linear;
	const int64 *ts;
	FkTimeValues tv;
	double		avg;
	int			overflow = 0;

	if (strcmp(method, "locf") == 0)
		linear = false;
	else if (strcmp(method, "linear") == 0)
		linear = true;
	else
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid value for argument method of %s(): \"%s\"", fn, method),
				 errhint("method is one of locf, linear.")));
	ts = FkTimeSeriesArgs(fcinfo, 0, 1, is_nvec, fn, &tv);
	if (!FkTimeWeightedAvg(ts, tv.values, tv.valid, (size_t) tv.len, linear,
						   &avg, &overflow))
		PG_RETURN_NULL();
	if (overflow)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("value out of range: overflow"),
				 errdetail("The weighted sum of %s() overflows.", fn)));
	PG_RETURN_FLOAT8(avg);
}

/* time_weighted_avg(ts, v float8[] [, method]) */
PG_FUNCTION_INFO_V1(time_weighted_avg_float8arr);
Datum
time_weighted_avg_float8arr(PG_FUNCTION_ARGS)
{
	return FkTimeWeightRun(fcinfo, false);
}

/* time_weighted_avg(ts, v nvec [, method]) */
PG_FUNCTION_INFO_V1(time_weighted_avg_nvec);
Datum
time_weighted_avg_nvec(PG_FUNCTION_ARGS)
{
	return FkTimeWeightRun(fcinfo, true);
}

/* ema(v, ts, halflife) over either type */
static Datum
FkTimeEmaRun(FunctionCallInfo fcinfo, bool is_nvec)
{
	const char *fn = "ema";
	int64		halflife = FkTimeDurationArg(fcinfo, 2, fn, "halflife", false);
	const int64 *ts;
	FkTimeValues tv;
	FkVecResult res;
	size_t		fault;

	ts = FkTimeSeriesArgs(fcinfo, 1, 0, is_nvec, fn, &tv);
	FkResultInitFor(&res, is_nvec, tv.len, true, tv.expanded);
	if (tv.len == 0)
		return FkResultFinish(&res);
	fault = FkTimeEma(ts, tv.values, tv.valid, (size_t) tv.len, halflife,
					  res.values, res.valid);
	if (fault != SIZE_MAX)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("value out of range: overflow"),
				 errdetail("The average at element %zu of %s() overflows.",
						   fault + 1, fn)));
	return FkResultFinish(&res);
}

/* ema(v float8[], ts, halflife) */
PG_FUNCTION_INFO_V1(ema_by_time_float8arr);
Datum
ema_by_time_float8arr(PG_FUNCTION_ARGS)
{
	return FkTimeEmaRun(fcinfo, false);
}

/* ema(v nvec, ts, halflife) */
PG_FUNCTION_INFO_V1(ema_by_time_nvec);
Datum
ema_by_time_nvec(PG_FUNCTION_ARGS)
{
	return FkTimeEmaRun(fcinfo, true);
}
