/*
 * pg_series_time_axis.c
 *		The arguments shared by the series on a time axis: the times, a
 *		timestamptz[] that must be non-decreasing, finite and without NULLs
 *		(never sorted silently); durations, intervals without months; the
 *		values, read whole.
 *
 * Each error names the function, the argument and the first element at
 * fault (1-based, as SQL subscripts).
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "common/int.h"
#include "miscadmin.h"
#include "datatype/timestamp.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"

#include "series/pg_series_time.h"

/* The text of time t for a message */
static char *
FkTimeText(int64 t)
{
	return DatumGetCString(DirectFunctionCall1(timestamptz_out,
											   TimestampTzGetDatum(t)));
}

/* The 0-based index of the first NULL among the n elements of arr, or -1 */
int32
FkArrayFirstNull(ArrayType *arr, int32 n)
{
	bits8	   *nulls = ARR_NULLBITMAP(arr);

	if (!ARR_HASNULL(arr))
		return -1;
	for (int32 i = 0; i < n; i++)
		if (!(nulls[i / 8] & (1 << (i % 8))))
			return i;
	return -1;
}

/*
 * The times of argument argno (argname) of fn(): a one-dimensional
 * timestamptz[] read in place, finite, without NULLs, non-decreasing when
 * ordered; *len its length
 */
const int64 *
FkTimeAxisArg(FunctionCallInfo fcinfo, int argno, const char *fn,
			  const char *argname, bool ordered, int32 *len)
{
	ArrayType  *arr = PG_GETARG_ARRAYTYPE_P(argno);
	const int64 *ts;
	int32		n;

	if (ARR_ELEMTYPE(arr) != TIMESTAMPTZOID)
		elog(ERROR, "%s(): %s is not a timestamptz[]", fn, argname);
	if (ARR_NDIM(arr) > 1)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("array must be one-dimensional"),
				 errdetail("Argument %s of %s() has %d dimensions.",
						   argname, fn, ARR_NDIM(arr))));
	n = ARR_NDIM(arr) == 0 ? 0 : ARR_DIMS(arr)[0];
	if (FkArrayFirstNull(arr, n) >= 0)
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("null value in a time axis"),
				 errdetail("Element %d of argument %s of %s() is NULL.",
						   FkArrayFirstNull(arr, n) + 1, argname, fn),
				 ordered ? errhint("Times must be present, finite and non-decreasing.") :
				 errhint("Times must be present and finite.")));
	ts = (const int64 *) ARR_DATA_PTR(arr);
	for (int32 i = 0; i < n; i++)
	{
		if (TIMESTAMP_NOT_FINITE(ts[i]))
			ereport(ERROR,
					(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
					 errmsg("infinite value in a time axis"),
					 errdetail("Element %d of argument %s of %s() is %s.",
							   i + 1, argname, fn, FkTimeText(ts[i])),
					 ordered ? errhint("Times must be present, finite and non-decreasing.") :
					 errhint("Times must be present and finite.")));
		if (ordered && i > 0 && ts[i] < ts[i - 1])
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("time axis out of order"),
					 errdetail("Element %d of argument %s of %s() (%s) is earlier than element %d (%s).",
							   i + 1, argname, fn, FkTimeText(ts[i]),
							   i, FkTimeText(ts[i - 1])),
					 errhint("Times must be non-decreasing: build them with array_agg(ts ORDER BY ts).")));
		if ((i & 0xFFFF) == 0xFFFF)
			CHECK_FOR_INTERRUPTS();
	}
	*len = n;
	return ts;
}

/*
 * The times of a time axis d (detoasted) when FkTimeAxisArg would take
 * them as they are: a one-dimensional timestamptz[] of len times, present,
 * finite, non-decreasing; else NULL (the function raises its error)
 */
const int64 *
FkTimeAxisView(Datum d, int32 len)
{
	ArrayType  *arr = DatumGetArrayTypeP(d);
	const int64 *ts;
	int32		n;

	if (ARR_ELEMTYPE(arr) != TIMESTAMPTZOID || ARR_NDIM(arr) > 1 ||
		ARR_HASNULL(arr))
		return NULL;
	n = ARR_NDIM(arr) == 0 ? 0 : ARR_DIMS(arr)[0];
	if (n != len)
		return NULL;
	ts = (const int64 *) ARR_DATA_PTR(arr);
	for (int32 i = 0; i < n; i++)
		if (TIMESTAMP_NOT_FINITE(ts[i]) || (i > 0 && ts[i] < ts[i - 1]))
			return NULL;
	return ts;
}

/*
 * A duration, an interval d, in microseconds when FkTimeDurationArg would
 * take it as positive (no months, in range); else 0
 */
int64
FkTimeDurationOf(Datum d)
{
	Interval   *iv = DatumGetIntervalP(d);
	int64		us;

	if (iv->month != 0 ||
		pg_mul_s64_overflow((int64) iv->day, USECS_PER_DAY, &us) ||
		pg_add_s64_overflow(us, iv->time, &us) || us <= 0)
		return 0;
	return us;
}

/*
 * A duration, argument argno (argname) of fn(), in microseconds: an
 * interval without months or years (they have no fixed length), a day
 * counting 24 hours as date_bin counts it; positive (or zero when
 * allow_zero)
 */
int64
FkTimeDurationArg(FunctionCallInfo fcinfo, int argno, const char *fn,
				  const char *argname, bool allow_zero)
{
	Interval   *iv = PG_GETARG_INTERVAL_P(argno);
	int64		us;

	if (iv->month != 0)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("argument %s of %s() cannot be an interval containing months or years",
						argname, fn),
				 errdetail("Months and years have no fixed length; a day counts 24 hours.")));
	if (pg_mul_s64_overflow((int64) iv->day, USECS_PER_DAY, &us) ||
		pg_add_s64_overflow(us, iv->time, &us))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("interval out of range"),
				 errdetail("Argument %s of %s() is too long.", argname, fn)));
	if (us < 0 || (us == 0 && !allow_zero))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("argument %s of %s() must be %s",
						argname, fn, allow_zero ? "zero or positive" : "positive")));
	return us;
}

/* Error out when the times and the values of fn() differ in length */
static void
FkTimeCheckLengths(int32 nts, int32 nv, const char *fn, const char *ts_name,
				   const char *v_name)
{
	if (nts != nv)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("different vector lengths %d and %d", nts, nv),
				 errdetail("Argument %s of %s() has %d elements, argument %s %d.",
						   ts_name, fn, nts, v_name, nv),
				 errhint("Give one time per value: build both from the same rows, in the same order.")));
}

/*
 * The values of argument argno, an nvec (is_nvec) or a float8[]: read in
 * place when plain, else (a compressed nvec, a float8[] with NULLs)
 * expanded once into values and validity words
 */
static void
FkTimeValuesArg(FunctionCallInfo fcinfo, int argno, bool is_nvec,
				FkTimeValues *tv)
{
	FkVecReader *rd = palloc(sizeof(FkVecReader));
	double	   *vals;
	uint64	   *words;
	int32		len;

	if (!is_nvec &&
		!VARATT_IS_EXTERNAL_EXPANDED(DatumGetPointer(PG_GETARG_DATUM(argno))))
		FkReaderOpenArray(fcinfo, argno, PG_GETARG_ARRAYTYPE_P(argno), rd);
	else
		FkReaderOpen(fcinfo, argno, is_nvec, rd);
	len = rd->view.len;
	tv->len = len;
	tv->expanded = rd->view.expanded;
	if (!rd->packed)
	{
		tv->values = rd->view.values;
		tv->valid = rd->view.valid;
		pfree(rd);
		return;
	}
	vals = palloc(Max(sizeof(double), (Size) len * sizeof(double)));
	words = palloc0(Max(sizeof(uint64),
						(Size) ((len + FK_WORD_BITS - 1) / FK_WORD_BITS) * sizeof(uint64)));
	for (int32 s = 0; s < len; s += FK_READ_BLOCK)
	{
		int32		n = Min(len - s, FK_READ_BLOCK);
		int32		nw = (n + FK_WORD_BITS - 1) / FK_WORD_BITS;
		const double *x;
		const uint64 *v;

		FkReaderBlock(rd, s, n, &x, &v);
		memcpy(vals + s, x, (Size) n * sizeof(double));
		if (v)
			memcpy(words + s / FK_WORD_BITS, v, (Size) nw * sizeof(uint64));
		else
			memset(words + s / FK_WORD_BITS, 0xFF, (Size) nw * sizeof(uint64));
		CHECK_FOR_INTERRUPTS();
	}
	tv->values = vals;
	tv->valid = words;
	pfree(rd);
}

/*
 * The series of fn(): its times, argument ts_arg ("ts", checked as
 * FkTimeAxisArg does), returned, and its values, argument v_arg ("v", an
 * nvec when is_nvec), into *tv, of the same length
 */
const int64 *
FkTimeSeriesArgs(FunctionCallInfo fcinfo, int ts_arg, int v_arg, bool is_nvec,
				 const char *fn, FkTimeValues *tv)
{
	int32		nts;
	const int64 *ts = FkTimeAxisArg(fcinfo, ts_arg, fn, "ts", true, &nts);

	FkTimeValuesArg(fcinfo, v_arg, is_nvec, tv);
	FkTimeCheckLengths(nts, tv->len, fn, "ts", "v");
	return ts;
}
