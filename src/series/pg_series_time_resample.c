/*
 * pg_series_time_resample.c
 *		resample(ts, v, stride, how [, origin [, fill]]) and
 *		resample_ohlc(ts, v, stride [, origin [, fill]]): values at
 *		irregular times as rows of buckets of a fixed duration, over
 *		float8[] and nvec (src/core/series_time_bucket.c,
 *		series_time_bars.c, docs/time.md); resample_vectors and
 *		resample_ohlc_vectors: the same as one row of vectors
 *		(bucket timestamptz[], value...), built in place.
 *
 * A bucket starts where date_bin(stride, ts, origin) places it; every
 * bucket from the first element's to the last element's is a row, the
 * empty ones NULL, or filled (locf, linear), or left out (none).  twa and
 * twa_linear are time_weighted_avg over each bucket's elements alone: a
 * bucket without an average (fewer than two present elements, a span of
 * zero) is empty as far as fill goes.  An OHLC
 * row is first, max, min and last of one bucket, all four in one pass, its
 * empty ones filled with the close before (locf) or NULL.
 */
#include "postgres.h"

#include "access/htup_details.h"
#include "catalog/pg_type.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"
#include "utils/tuplestore.h"

#include "core/bitmap.h"
#include "core/series_time.h"
#include "series/pg_series_time.h"

/* The names of how, in FkTimeHow order */
static const char *const fk_how_names[] = {"first", "last", "min", "max", "sum", "mean", "count", "twa", "twa_linear"};

/* The FkTimeHow named s, or -1 */
static int
FkTimeHowOf(const char *s)
{
	for (int i = 0; i < (int) lengthof(fk_how_names); i++)
		if (strcmp(s, fk_how_names[i]) == 0)
			return i;
	return -1;
}

/* The how argument of fn: first, last, min, max, sum, mean, count, twa, twa_linear */
static FkTimeHow
FkTimeHowArg(text *t, const char *fn)
{
	char	   *s = text_to_cstring(t);
	int			how = FkTimeHowOf(s);

	if (how < 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid value for argument how of %s(): \"%s\"", fn, s),
				 errhint("how is one of first, last, min, max, sum, mean, count, twa, twa_linear.")));
	return (FkTimeHow) how;
}

/* The FkTimeFill named s (ohlc: null, locf only), or -1 */
static int
FkTimeFillOf(const char *s, bool ohlc)
{
	if (strcmp(s, "null") == 0)
		return FK_FILL_NULL;
	if (strcmp(s, "locf") == 0)
		return FK_FILL_LOCF;
	if (!ohlc && strcmp(s, "linear") == 0)
		return FK_FILL_LINEAR;
	if (!ohlc && strcmp(s, "none") == 0)
		return FK_FILL_NONE;
	return -1;
}

/* The fill argument of fn: null, locf, linear, none (ohlc: null, locf) */
static FkTimeFill
FkTimeFillArg(text *t, const char *fn, bool ohlc)
{
	char	   *s = text_to_cstring(t);
	int			fill = FkTimeFillOf(s, ohlc);

	if (fill < 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid value for argument fill of %s(): \"%s\"", fn, s),
				 ohlc ? errhint("fill is one of null, locf.") :
				 errhint("fill is one of null, locf, linear, none.")));
	return (FkTimeFill) fill;
}

/* The most buckets a resampling makes */
#define FK_RESAMPLE_MAX_BUCKETS (MaxAllocSize / (4 * sizeof(double)))

/*
 * The buckets of the n > 0 times: the first one's number *b0 and their
 * count, or 0 when more than FK_RESAMPLE_MAX_BUCKETS
 */
static size_t
FkTimeBucketSpan(const int64 *ts, int32 n, int64 origin, int64 stride,
				 int64 *b0)
{
	int64		first = FkTimeBucketOf(ts[0], origin, stride);
	int64		last = FkTimeBucketOf(ts[n - 1], origin, stride);
	uint64		nb = (uint64) (last - first) + 1;

	*b0 = first;
	return nb > FK_RESAMPLE_MAX_BUCKETS ? 0 : (size_t) nb;
}

/*
 * The buckets of the times: the first one's number *b0 and their count,
 * at most what can be allocated
 */
static size_t
FkTimeBuckets(const int64 *ts, int32 n, int64 origin, int64 stride,
			  const char *fn, int64 *b0)
{
	size_t		nb = FkTimeBucketSpan(ts, n, origin, stride, b0);

	if (nb == 0)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("too many buckets for %s()", fn),
				 errdetail("The times span " UINT64_FORMAT " buckets of the stride; at most %zu can be made.",
						   (uint64) (FkTimeBucketOf(ts[n - 1], origin, stride) - *b0) + 1,
						   (size_t) FK_RESAMPLE_MAX_BUCKETS)));
	return nb;
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

/* Read the arguments of resample (ohlc: resample_ohlc) named fn */
static void
FkResampleArgs(FunctionCallInfo fcinfo, bool is_nvec, bool ohlc,
			   const char *fn, FkResample *rs)
{
	int			o_arg = ohlc ? 3 : 4;

	rs->fn = fn;
	rs->ohlc = ohlc;
	rs->stride = FkTimeDurationArg(fcinfo, 2, fn, "stride", false);
	rs->how = ohlc ? FK_TIME_FIRST : FkTimeHowArg(PG_GETARG_TEXT_PP(3), fn);
	rs->origin = FkTimeOriginArg(fcinfo, o_arg, fn);
	rs->fill = FkTimeFillArg(PG_GETARG_TEXT_PP(o_arg + 1), fn, ohlc);
	rs->ts = FkTimeSeriesArgs(fcinfo, 0, 1, is_nvec, fn, &rs->tv);
	rs->b0 = 0;
	rs->nb = rs->tv.len == 0 ? 0 :
		FkTimeBuckets(rs->ts, rs->tv.len, rs->origin, rs->stride, fn, &rs->b0);
}

/*
 * The arguments of a resampling but its values, arguments first, first +
 * 1 ... of fcinfo (ts, stride, how, origin, fill; ohlc: no how), over
 * values of length len, into rs when the function would take them as they
 * are: false when one is NULL or it would raise an error (a fused
 * resampling then evaluates the call unfused, which raises it)
 */
bool
FkResampleProbe(FunctionCallInfo fcinfo, int first, bool ohlc, int32 len,
				FkResample *rs)
{
	int			how = FK_TIME_FIRST;
	int			fill;
	int			o_arg = first + (ohlc ? 2 : 3);
	Datum		d;

	for (int i = first; i <= o_arg + 1; i++)
		if (PG_ARGISNULL(i))
			return false;
	memset(rs, 0, sizeof(*rs));
	rs->ohlc = ohlc;
	rs->fn = ohlc ? "resample_ohlc" : "resample";
	if ((rs->stride = FkTimeDurationOf(PG_GETARG_DATUM(first + 1))) <= 0)
		return false;
	if (!ohlc && (how = FkTimeHowOf(text_to_cstring(PG_GETARG_TEXT_PP(first + 2)))) < 0)
		return false;
	rs->how = (FkTimeHow) how;
	rs->origin = PG_GETARG_TIMESTAMPTZ(o_arg);
	if (TIMESTAMP_NOT_FINITE(rs->origin) ||
		(fill = FkTimeFillOf(text_to_cstring(PG_GETARG_TEXT_PP(o_arg + 1)), ohlc)) < 0)
		return false;
	rs->fill = (FkTimeFill) fill;
	d = PointerGetDatum(PG_DETOAST_DATUM(PG_GETARG_DATUM(first)));
	if ((rs->ts = FkTimeAxisView(d, len)) == NULL)
		return false;
	rs->tv.len = len;
	rs->nb = len == 0 ? 0 :
		FkTimeBucketSpan(rs->ts, len, rs->origin, rs->stride, &rs->b0);
	return len == 0 || rs->nb > 0;
}

/* Start the buckets of rs, into out[c] and ok[c] (nb > 0) */
void
FkResampleBegin(const FkResample *rs, FkTimeResampleState *st,
				double *const out[4], uint64 *const ok[4])
{
	FkTimeResampleBegin(st, rs->ohlc, rs->how, rs->fill == FK_FILL_LOCF,
						rs->origin, rs->stride, rs->b0, rs->nb, out, ok);
}

/* Fill the empty buckets of rs as its fill says (OHLC filled its own) */
void
FkResampleFill(const FkResample *rs, double *const out[4], uint64 *const ok[4])
{
	CHECK_FOR_INTERRUPTS();
	if (!rs->ohlc && rs->fill != FK_FILL_NONE && rs->how != FK_TIME_COUNT)
		FkTimeFillBuckets(rs->fill, out[0], ok[0], rs->nb);
}

/*
 * Compute the nb buckets into out[c] and ok[c] (c < 4 for ohlc, else 1),
 * filled as fill says (none: left as they are)
 */
static void
FkResampleCompute(const FkResample *rs, double *const out[4],
				  uint64 *const ok[4])
{
	FkTimeResampleState st;
	size_t		fault;

	FkResampleBegin(rs, &st, out, ok);
	FkTimeResampleStep(&st, rs->ts, rs->tv.values, rs->tv.valid,
					   0, (size_t) rs->tv.len);
	fault = FkTimeResampleEnd(&st);
	if (fault != SIZE_MAX)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("value out of range: overflow"),
				 errdetail("The bucket of element %zu of %s() overflows.",
						   fault + 1, rs->fn)));
	FkResampleFill(rs, out, ok);
}

/* Whether bucket k is a row: fill none leaves out those without a value */
static inline bool
FkResampleKeeps(const FkResample *rs, const double *out, const uint64 *ok,
				size_t k)
{
	if (rs->fill != FK_FILL_NONE)
		return true;
	return rs->how == FK_TIME_COUNT ? out[k] != 0.0 : FkBitmapGet(ok, k);
}

/* The start of bucket k */
static inline TimestampTz
FkResampleStart(const FkResample *rs, size_t k)
{
	return rs->origin + ((int64) k + rs->b0) * rs->stride;
}

/*
 * The rows of the buckets of rs, computed into out and ok, as the result
 * of the set-returning call of fcinfo
 */
void
FkResampleRows(FunctionCallInfo fcinfo, const FkResample *rs,
			   double *const out[4], uint64 *const ok[4])
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	int			ncols = rs->ohlc ? 4 : 1;

	InitMaterializedSRF(fcinfo, 0);
	for (size_t k = 0; k < rs->nb; k++)
	{
		Datum		values[5];
		bool		nulls[5];

		if (!FkResampleKeeps(rs, out[0], ok[0], k))
			continue;
		values[0] = TimestampTzGetDatum(FkResampleStart(rs, k));
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
}

/* The buckets' arrays of rs: nb values and validity words per column */
void
FkResampleAlloc(const FkResample *rs, double *out[4], uint64 *ok[4])
{
	for (int c = 0; c < (rs->ohlc ? 4 : 1); c++)
	{
		out[c] = palloc(Max(rs->nb, 1) * sizeof(double));
		ok[c] = palloc(FkBitmapWords(Max(rs->nb, 1)) * sizeof(uint64));
	}
}

/* The bucket rows of either function over either type */
static Datum
FkTimeResampleRun(FunctionCallInfo fcinfo, bool is_nvec, bool ohlc)
{
	FkResample	rs;
	double	   *out[4] = {NULL};
	uint64	   *ok[4] = {NULL};

	FkResampleArgs(fcinfo, is_nvec, ohlc, ohlc ? "resample_ohlc" : "resample",
				   &rs);
	if (rs.nb > 0)
	{
		FkResampleAlloc(&rs, out, ok);
		FkResampleCompute(&rs, out, ok);
	}
	FkResampleRows(fcinfo, &rs, out, ok);
	return (Datum) 0;
}

/* The starts of the m buckets kept of rs as a timestamptz[] */
static Datum
FkResampleBucketArray(const FkResample *rs, const double *out,
					  const uint64 *ok, int32 m)
{
	ArrayType  *arr;
	int64	   *dst;
	int32		j = 0;

	if (m == 0)
		return PointerGetDatum(construct_empty_array(TIMESTAMPTZOID));
	/* a float8[]'s layout, which a timestamptz[] shares: 8 bytes, by value */
	arr = FkArrayAlloc(1, &m, NULL, false);
	arr->elemtype = TIMESTAMPTZOID;
	dst = (int64 *) ARR_DATA_PTR(arr);
	for (size_t k = 0; k < rs->nb; k++)
		if (FkResampleKeeps(rs, out, ok, k))
			dst[j++] = FkResampleStart(rs, k);
	return PointerGetDatum(arr);
}

/*
 * The one row (bucket timestamptz[], value...) of the buckets of rs,
 * computed into out and ok, as the result of the call of fcinfo (tupdesc:
 * its row type, blessed), the values nvec (is_nvec) or float8[]: the
 * buckets and values of the rows, in order
 */
Datum
FkResampleVectors(FunctionCallInfo fcinfo, const FkResample *rs,
				  TupleDesc tupdesc, bool is_nvec, double *const out[4],
				  uint64 *const ok[4])
{
	int			ncols = rs->ohlc ? 4 : 1;
	FkVecResult res[4];
	Datum		values[5];
	bool		nulls[5] = {false};
	int32		m;

	if (rs->fill != FK_FILL_NONE || rs->nb == 0)
	{
		/* every bucket */
		m = (int32) rs->nb;
		for (int c = 0; c < ncols; c++)
		{
			FkResultInit(&res[c], is_nvec, m, true);
			if (m == 0)
				continue;
			memcpy(res[c].values, out[c], (size_t) m * sizeof(double));
			memcpy(res[c].valid, ok[c], FkBitmapWords(m) * sizeof(uint64));
		}
	}
	else
	{
		/* none: the buckets with a value, packed */
		double	   *dst;

		m = 0;
		for (size_t k = 0; k < rs->nb; k++)
			m += FkResampleKeeps(rs, out[0], ok[0], k);
		FkResultInit(&res[0], is_nvec, m, false);
		dst = res[0].values;
		for (size_t k = 0; k < rs->nb; k++)
			if (FkResampleKeeps(rs, out[0], ok[0], k))
				*dst++ = out[0][k];
	}
	values[0] = FkResampleBucketArray(rs, out[0], ok[0], m);
	for (int c = 0; c < ncols; c++)
		values[c + 1] = FkResultFinish(&res[c]);
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(tupdesc, values, nulls)));
}

/* The row type of the call of fcinfo, blessed, in the current memory */
TupleDesc
FkResampleRowType(FunctionCallInfo fcinfo)
{
	TupleDesc	tupdesc;

	if (get_call_result_type(fcinfo, NULL, &tupdesc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "return type must be a row type");
	return BlessTupleDesc(tupdesc);
}

/* The one row of vectors of either vector form over either type */
static Datum
FkTimeResampleVectors(FunctionCallInfo fcinfo, bool is_nvec, bool ohlc)
{
	TupleDesc	tupdesc = (TupleDesc) fcinfo->flinfo->fn_extra;
	FkResample	rs;
	double	   *out[4] = {NULL};
	uint64	   *ok[4] = {NULL};

	FkResampleArgs(fcinfo, is_nvec, ohlc,
				   ohlc ? "resample_ohlc_vectors" : "resample_vectors", &rs);
	if (tupdesc == NULL)
	{
		MemoryContext oldcxt = MemoryContextSwitchTo(fcinfo->flinfo->fn_mcxt);

		tupdesc = FkResampleRowType(fcinfo);
		fcinfo->flinfo->fn_extra = tupdesc;
		MemoryContextSwitchTo(oldcxt);
	}
	if (rs.nb > 0)
	{
		FkResampleAlloc(&rs, out, ok);
		FkResampleCompute(&rs, out, ok);
	}
	return FkResampleVectors(fcinfo, &rs, tupdesc, is_nvec, out, ok);
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

/* resample_vectors(ts, v float8[], stride, how [, origin [, fill]]) */
PG_FUNCTION_INFO_V1(resample_vectors_float8arr);
Datum
resample_vectors_float8arr(PG_FUNCTION_ARGS)
{
	return FkTimeResampleVectors(fcinfo, false, false);
}

/* resample_vectors(ts, v nvec, stride, how [, origin [, fill]]) */
PG_FUNCTION_INFO_V1(resample_vectors_nvec);
Datum
resample_vectors_nvec(PG_FUNCTION_ARGS)
{
	return FkTimeResampleVectors(fcinfo, true, false);
}

/* resample_ohlc_vectors(ts, v float8[], stride [, origin [, fill]]) */
PG_FUNCTION_INFO_V1(resample_ohlc_vectors_float8arr);
Datum
resample_ohlc_vectors_float8arr(PG_FUNCTION_ARGS)
{
	return FkTimeResampleVectors(fcinfo, false, true);
}

/* resample_ohlc_vectors(ts, v nvec, stride [, origin [, fill]]) */
PG_FUNCTION_INFO_V1(resample_ohlc_vectors_nvec);
Datum
resample_ohlc_vectors_nvec(PG_FUNCTION_ARGS)
{
	return FkTimeResampleVectors(fcinfo, true, true);
}
