/*
 * pg_series_time_roll.c
 *		rolling_sum, rolling_mean, rolling_stddev, rolling_var, rolling_min,
 *		rolling_max, rolling_count and rolling_median (v, ts, w
 *		[, closed] [, min_count]), and rolling_quantile (v, ts, w, q
 *		[, closed] [, min_count]): windows of a duration w over values v at
 *		times ts, over float8[] and nvec (src/core/series_time.c,
 *		docs/time.md).
 *
 * The window of element i holds the elements at times in (ts[i] - w,
 * ts[i]], or as closed says ('right', 'left', 'both', 'neither', as
 * pandas).  The forms with closed have their own C symbols, so that what
 * is keyed on the symbols of the others (fusion) never takes them.
 * min_count defaults to 1.  The working memory is sized by the largest
 * window, which one pass over the times finds first.
 */
#include "postgres.h"

#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/float.h"

#include "core/series_time.h"
#include "kernels/pg_kernels.h"
#include "series/pg_series_time.h"

/* The closed argument, argno, of fn(): which ends of the window are closed */
static FkTimeClosed
FkTimeClosedArg(FunctionCallInfo fcinfo, int argno, const char *fn)
{
	char	   *s = text_to_cstring(PG_GETARG_TEXT_PP(argno));

	if (strcmp(s, "right") == 0)
		return FK_TIME_CLOSED_RIGHT;
	if (strcmp(s, "left") == 0)
		return FK_TIME_CLOSED_LEFT;
	if (strcmp(s, "both") == 0)
		return FK_TIME_CLOSED_BOTH;
	if (strcmp(s, "neither") == 0)
		return FK_TIME_CLOSED_NEITHER;
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("invalid value for argument closed of %s(): \"%s\"", fn, s),
			 errhint("closed is one of right, left, both, neither.")));
	return FK_TIME_CLOSED_RIGHT;
}

/*
 * Run op on (v, ts, w [, min_count]), or with q (v, ts, w, q
 * [, min_count]) for a quantile (q_arg 3, else 0); with closed_arg (> 0),
 * (.., closed, min_count) after them
 */
static Datum
FkTimeRollRun(FunctionCallInfo fcinfo, FkRollOp op, const char *name,
			  bool is_nvec, int q_arg, int closed_arg)
{
	int			mc_arg = closed_arg ? closed_arg + 1 : q_arg ? 4 : 3;
	int64		w = FkTimeDurationArg(fcinfo, 2, name, "w", false);
	FkTimeClosed closed = closed_arg ?
		FkTimeClosedArg(fcinfo, closed_arg, name) : FK_TIME_CLOSED_RIGHT;
	int32		min_count = PG_NARGS() > mc_arg ? PG_GETARG_INT32(mc_arg) : 1;
	double		q = q_arg ? PG_GETARG_FLOAT8(q_arg) : 0.5;
	const int64 *ts;
	FkTimeValues tv;
	FkVecResult res;
	size_t		maxwin,
				need,
				fault;
	void	   *work;

	if (min_count < 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid min_count %d", min_count),
				 errdetail("min_count of %s() must be zero or more.", name)));
	ts = FkTimeSeriesArgs(fcinfo, 1, 0, is_nvec, name, &tv);
	FkResultInitFor(&res, is_nvec, tv.len, true, tv.expanded);
	if (tv.len == 0)
		return FkResultFinish(&res);

	maxwin = FkTimeMaxWindow(ts, (size_t) tv.len, w, closed);
	need = FkTimeRollWorkSize(op, maxwin);
	if (!AllocSizeIsValid(need))
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("window too large for %s()", name),
				 errdetail("A window holds %zu elements; its working memory would be %zu bytes.",
						   maxwin, need)));
	work = palloc(Max(need, sizeof(double)));
	fault = FkTimeRoll(op, ts, tv.values, tv.valid, (size_t) tv.len, w,
					   closed, (size_t) min_count, q, maxwin, res.values,
					   res.valid, work);
	if (fault != SIZE_MAX)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("value out of range: overflow"),
				 errdetail("The window ending at element %zu of %s() overflows.",
						   fault + 1, name)));
	pfree(work);
	return FkResultFinish(&res);
}

/*
 * The float8[] and nvec entry points of rolling_<name> over a duration,
 * without closed and with it
 */
#define FK_TIME_ROLL_ENTRY(name, op) \
	PG_FUNCTION_INFO_V1(rolling_##name##_by_float8arr); \
	PG_FUNCTION_INFO_V1(rolling_##name##_by_nvec); \
	PG_FUNCTION_INFO_V1(rolling_##name##_by_closed_float8arr); \
	PG_FUNCTION_INFO_V1(rolling_##name##_by_closed_nvec); \
	Datum \
	rolling_##name##_by_float8arr(PG_FUNCTION_ARGS) \
	{ \
		return FkTimeRollRun(fcinfo, op, "rolling_" #name, false, 0, 0); \
	} \
	Datum \
	rolling_##name##_by_nvec(PG_FUNCTION_ARGS) \
	{ \
		return FkTimeRollRun(fcinfo, op, "rolling_" #name, true, 0, 0); \
	} \
	Datum \
	rolling_##name##_by_closed_float8arr(PG_FUNCTION_ARGS) \
	{ \
		return FkTimeRollRun(fcinfo, op, "rolling_" #name, false, 0, 3); \
	} \
	Datum \
	rolling_##name##_by_closed_nvec(PG_FUNCTION_ARGS) \
	{ \
		return FkTimeRollRun(fcinfo, op, "rolling_" #name, true, 0, 3); \
	}

FK_TIME_ROLL_ENTRY(sum, FK_ROLL_SUM)
FK_TIME_ROLL_ENTRY(mean, FK_ROLL_MEAN)
FK_TIME_ROLL_ENTRY(stddev, FK_ROLL_STDDEV)
FK_TIME_ROLL_ENTRY(var, FK_ROLL_VAR)
FK_TIME_ROLL_ENTRY(median, FK_ROLL_MEDIAN)
FK_TIME_ROLL_ENTRY(min, FK_ROLL_MIN)
FK_TIME_ROLL_ENTRY(max, FK_ROLL_MAX)
FK_TIME_ROLL_ENTRY(count, FK_ROLL_COUNT)

/*
 * rolling_quantile(v, ts, w, q [, min_count]) and (v, ts, w, q, closed
 * [, min_count]) over either type
 */
static Datum
FkTimeRollQuantile(FunctionCallInfo fcinfo, bool is_nvec, bool with_closed)
{
	FkCheckQuantile(PG_GETARG_FLOAT8(3), "rolling_quantile");
	return FkTimeRollRun(fcinfo, FK_ROLL_QUANTILE, "rolling_quantile",
						 is_nvec, 3, with_closed ? 4 : 0);
}

/* An entry point of rolling_quantile over a duration */
#define FK_TIME_ROLL_QUANTILE_ENTRY(sym, is_nvec, with_closed) \
	PG_FUNCTION_INFO_V1(sym); \
	Datum \
	sym(PG_FUNCTION_ARGS) \
	{ \
		return FkTimeRollQuantile(fcinfo, is_nvec, with_closed); \
	}

FK_TIME_ROLL_QUANTILE_ENTRY(rolling_quantile_by_float8arr, false, false)
FK_TIME_ROLL_QUANTILE_ENTRY(rolling_quantile_by_nvec, true, false)
FK_TIME_ROLL_QUANTILE_ENTRY(rolling_quantile_by_closed_float8arr, false, true)
FK_TIME_ROLL_QUANTILE_ENTRY(rolling_quantile_by_closed_nvec, true, true)
