/*
 * pg_series_time_resample.c
 *		resample(ts, v, stride, how [, origin [, fill]]) and
 *		resample_ohlc(ts, v, stride [, origin [, fill]]): values at
 *		irregular times as rows of buckets of a fixed duration, over
 *		float8[] and nvec (src/core/series_time_bucket.c, docs/time.md).
 *
 * A bucket starts where date_bin(stride, ts, origin) places it; every
 * bucket from the first element's to the last element's is a row, the
 * empty ones NULL, or filled (locf, linear), or left out (none).  twa and
 * twa_linear are time_weighted_avg over each bucket's elements alone: a
 * bucket without an average (fewer than two present elements, a span of
 * zero) is empty as far as fill goes.  An OHLC
 * row is first, max, min and last of one bucket, its empty ones filled
 * with the close before (locf) or NULL.
 */
#include "postgres.h"

#include "funcapi.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"
#include "utils/tuplestore.h"

#include "core/bitmap.h"
#include "core/series_time.h"
#include "series/pg_series_time.h"

/* The how argument: first, last, min, max, sum, mean, count, twa, twa_linear */
static FkTimeHow
FkTimeHowArg(text *t)
{
	char	   *s = text_to_cstring(t);
	static const char *const names[] = {"first", "last", "min", "max", "sum", "mean", "count", "twa", "twa_linear"};

	for (int i = 0; i < (int) lengthof(names); i++)
		if (strcmp(s, names[i]) == 0)
			return (FkTimeHow) i;
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("invalid value for argument how of resample(): \"%s\"", s),
			 errhint("how is one of first, last, min, max, sum, mean, count, twa, twa_linear.")));
	return FK_TIME_FIRST;
}

/* The fill argument of fn: null, locf, linear, none (ohlc: null, locf) */
static FkTimeFill
FkTimeFillArg(text *t, const char *fn, bool ohlc)
{
	char	   *s = text_to_cstring(t);

	if (strcmp(s, "null") == 0)
		return FK_FILL_NULL;
	if (strcmp(s, "locf") == 0)
		return FK_FILL_LOCF;
	if (!ohlc && strcmp(s, "linear") == 0)
		return FK_FILL_LINEAR;
	if (!ohlc && strcmp(s, "none") == 0)
		return FK_FILL_NONE;
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("invalid value for argument fill of %s(): \"%s\"", fn, s),
			 ohlc ? errhint("fill is one of null, locf.") :
			 errhint("fill is one of null, locf, linear, none.")));
	return FK_FILL_NULL;
}

/*
 * The buckets of the times: the first one's number *b0 and their count,
 * at most what can be allocated
 */
static size_t
FkTimeBuckets(const int64 *ts, int32 n, int64 origin, int64 stride,
			  const char *fn, int64 *b0)
{
	int64		first = FkTimeBucketOf(ts[0], origin, stride);
	int64		last = FkTimeBucketOf(ts[n - 1], origin, stride);
	uint64		nb = (uint64) (last - first) + 1;

	if (nb > MaxAllocSize / (4 * sizeof(double)))
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("too many buckets for %s()", fn),
				 errdetail("The times span " UINT64_FORMAT " buckets of the stride; at most %zu can be made.",
						   nb, (size_t) (MaxAllocSize / (4 * sizeof(double))))));
	*b0 = first;
	return (size_t) nb;
}

/* The origin argument argno: finite */
static int64
FkTimeOriginArg(FunctionCallInfo fcinfo, int argno, const char *fn)
{
	TimestampTz origin = PG_GETARG_TIMESTAMPTZ(argno);

	if (TIMESTAMP_NOT_FINITE(origin))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("origin out of range"),
				 errdetail("Argument origin of %s() must be finite.", fn)));
	return origin;
}

/* The bucket rows of either function over either type */
static Datum
FkTimeResampleRun(FunctionCallInfo fcinfo, bool is_nvec, bool ohlc)
{
	const char *fn = ohlc ? "resample_ohlc" : "resample";
	int			o_arg = ohlc ? 3 : 4;
	int64		stride = FkTimeDurationArg(fcinfo, 2, fn, "stride", false);
	FkTimeHow	how = ohlc ? FK_TIME_FIRST : FkTimeHowArg(PG_GETARG_TEXT_PP(3));
	int64		origin = FkTimeOriginArg(fcinfo, o_arg, fn);
	FkTimeFill	fill = FkTimeFillArg(PG_GETARG_TEXT_PP(o_arg + 1), fn, ohlc);
	static const FkTimeHow ohlc_how[] = {FK_TIME_FIRST, FK_TIME_MAX, FK_TIME_MIN, FK_TIME_LAST};
	int			ncols = ohlc ? 4 : 1;
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	const int64 *ts;
	FkTimeValues tv;
	int64		b0;
	size_t		nb;
	double	   *out[4];
	uint64	   *ok[4];

	ts = FkTimeSeriesArgs(fcinfo, 0, 1, is_nvec, fn, &tv);
	InitMaterializedSRF(fcinfo, 0);
	if (tv.len == 0)
		return (Datum) 0;

	nb = FkTimeBuckets(ts, tv.len, origin, stride, fn, &b0);
	for (int c = 0; c < ncols; c++)
	{
		size_t		fault;

		out[c] = palloc(nb * sizeof(double));
		ok[c] = palloc(FkBitmapWords(nb) * sizeof(uint64));
		fault = FkTimeResample(ohlc ? ohlc_how[c] : how, ts, tv.values,
							   tv.valid, (size_t) tv.len, origin, stride, b0, nb,
							   out[c], ok[c]);
		if (fault != SIZE_MAX)
			ereport(ERROR,
					(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
					 errmsg("value out of range: overflow"),
					 errdetail("The bucket of element %zu of %s() overflows.",
							   fault + 1, fn)));
		CHECK_FOR_INTERRUPTS();
	}
	if (ohlc && fill == FK_FILL_LOCF)
	{
		/* an empty bar is flat at the close before */
		for (size_t k = 1; k < nb; k++)
			if (!FkBitmapGet(ok[0], k) && FkBitmapGet(ok[3], k - 1))
				for (int c = 0; c < 4; c++)
				{
					out[c][k] = out[3][k - 1];
					FkBitmapSet(ok[c], k);
				}
	}
	else if (!ohlc && fill != FK_FILL_NONE && how != FK_TIME_COUNT)
		FkTimeFillBuckets(fill, out[0], ok[0], nb);

	for (size_t k = 0; k < nb; k++)
	{
		Datum		values[5];
		bool		nulls[5];

		/* none: a bucket without a present value is left out */
		if (fill == FK_FILL_NONE &&
			(how == FK_TIME_COUNT ? out[0][k] == 0.0 : !FkBitmapGet(ok[0], k)))
			continue;
		values[0] = TimestampTzGetDatum(origin + ((int64) k + b0) * stride);
		nulls[0] = false;
		for (int c = 0; c < ncols; c++)
		{
			nulls[c + 1] = !FkBitmapGet(ok[c], k);
			values[c + 1] = Float8GetDatum(out[c][k]);
		}
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
		if ((k & 0xFFFF) == 0xFFFF)
			CHECK_FOR_INTERRUPTS();
	}
	return (Datum) 0;
}

/* resample(ts, v float8[], stride, how [, origin [, fill]]) */
PG_FUNCTION_INFO_V1(resample_float8arr);
Datum
resample_float8arr(PG_FUNCTION_ARGS)
{
	return FkTimeResampleRun(fcinfo, false, false);
}

/* resample(ts, v nvec, stride, how [, origin [, fill]]) */
PG_FUNCTION_INFO_V1(resample_nvec);
Datum
resample_nvec(PG_FUNCTION_ARGS)
{
	return FkTimeResampleRun(fcinfo, true, false);
}

/* resample_ohlc(ts, v float8[], stride [, origin [, fill]]) */
PG_FUNCTION_INFO_V1(resample_ohlc_float8arr);
Datum
resample_ohlc_float8arr(PG_FUNCTION_ARGS)
{
	return FkTimeResampleRun(fcinfo, false, true);
}

/* resample_ohlc(ts, v nvec, stride [, origin [, fill]]) */
PG_FUNCTION_INFO_V1(resample_ohlc_nvec);
Datum
resample_ohlc_nvec(PG_FUNCTION_ARGS)
{
	return FkTimeResampleRun(fcinfo, true, true);
}
