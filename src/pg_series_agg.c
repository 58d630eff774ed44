/*
 * pg_series_agg.c
 *		Aggregates across rows: sum and avg of nvec and float8[] columns, min
 *		and max of nvec columns, position by position (core/series_agg.h).
 *
 * The state is made at the first non-NULL row, in the aggregate's memory
 * context, with room for exactly that row's length; later rows are added in
 * place (a row of another length is an error), so a row costs no memory but
 * its detoasted value and, for a float8[] with NULLs, its view.  The final
 * functions read the state without changing it (window aggregation calls
 * them again on the same state).  Combine, serialize and deserialize let
 * PostgreSQL run the aggregates in parallel: a worker's state travels as a
 * bytea, checked before it is read.
 */
#include "postgres.h"

#include "fmgr.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/float.h"

#include "core/series_agg.h"
#include "pg_kernels.h"
#include "vecview.h"

PG_FUNCTION_INFO_V1(vec_sum_transfn_nvec);
PG_FUNCTION_INFO_V1(vec_sum_transfn_float8arr);
PG_FUNCTION_INFO_V1(vec_min_transfn_nvec);
PG_FUNCTION_INFO_V1(vec_max_transfn_nvec);
PG_FUNCTION_INFO_V1(vec_agg_finalfn_nvec);
PG_FUNCTION_INFO_V1(vec_agg_finalfn_float8arr);
PG_FUNCTION_INFO_V1(vec_avg_finalfn_nvec);
PG_FUNCTION_INFO_V1(vec_avg_finalfn_float8arr);
PG_FUNCTION_INFO_V1(vec_agg_combinefn);
PG_FUNCTION_INFO_V1(vec_agg_serialfn);
PG_FUNCTION_INFO_V1(vec_agg_deserialfn);

/* A state of kind and len positions in cxt, accumulators not yet set */
static FkXAgg *
FkXAggCreate(MemoryContext cxt, FkXAggKind kind, int32 len)
{
	FkXAgg	   *st = MemoryContextAlloc(cxt, sizeof(FkXAgg));

	st->kind = kind;
	st->len = len;
	/* one element at least, so that a vector of length 0 allocates too */
	st->acc = MemoryContextAlloc(cxt, sizeof(double) * Max(len, 1));
	st->nulls = MemoryContextAlloc(cxt, sizeof(int64) * Max(len, 1));
	return st;
}

/* The aggregate context of a support function, or an error */
static MemoryContext
FkAggContext(FunctionCallInfo fcinfo, const char *func)
{
	MemoryContext aggcxt;

	if (!AggCheckCallContext(fcinfo, &aggcxt))
		elog(ERROR, "%s called in non-aggregate context", func);
	return aggcxt;
}

/*
 * Transition: add the row (argument 1, nvec or float8[]) to the state made
 * at the first non-NULL row; a NULL row is skipped, as SQL aggregates do.
 */
static Datum
FkXAggTrans(FunctionCallInfo fcinfo, FkXAggKind kind, bool is_nvec)
{
	MemoryContext aggcxt = FkAggContext(fcinfo, "vector aggregate transition");
	FkXAgg	   *st = PG_ARGISNULL(0) ? NULL : (FkXAgg *) PG_GETARG_POINTER(0);
	FkVecView	view;

	if (PG_ARGISNULL(1))
	{
		if (st == NULL)
			PG_RETURN_NULL();
		PG_RETURN_POINTER(st);
	}
	CHECK_FOR_INTERRUPTS();
	if (is_nvec)
		FkViewNVec(PG_GETARG_NVEC_P(1), &view);
	else
		FkViewArrayDatum(PG_GETARG_DATUM(1), &view);

	if (st == NULL)
	{
		st = FkXAggCreate(aggcxt, kind, view.len);
		FkXAggInit(st);
	}
	else
		FkCheckLengths(st->len, view.len);
	if (FkXAggAdd(st, view.values, view.valid))
		float_overflow_error();
	PG_RETURN_POINTER(st);
}

/* sum(nvec) and avg(nvec): transition */
Datum
vec_sum_transfn_nvec(PG_FUNCTION_ARGS)
{
	return FkXAggTrans(fcinfo, FK_XAGG_SUM, true);
}

/* sum(float8[]) and avg(float8[]): transition */
Datum
vec_sum_transfn_float8arr(PG_FUNCTION_ARGS)
{
	return FkXAggTrans(fcinfo, FK_XAGG_SUM, false);
}

/* min(nvec): transition */
Datum
vec_min_transfn_nvec(PG_FUNCTION_ARGS)
{
	return FkXAggTrans(fcinfo, FK_XAGG_MIN, true);
}

/* max(nvec): transition */
Datum
vec_max_transfn_nvec(PG_FUNCTION_ARGS)
{
	return FkXAggTrans(fcinfo, FK_XAGG_MAX, true);
}

/*
 * Final: the accumulators (avg: divided by the count of valid elements) as a
 * vector of the input's type, NULL where no row had a valid element; NULL
 * when no row was added.  The state is only read.
 */
static Datum
FkXAggFinal(FunctionCallInfo fcinfo, bool is_nvec, bool avg)
{
	const FkXAgg *st;
	FkVecResult res;
	bool		maybe_nulls = false;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	st = (const FkXAgg *) PG_GETARG_POINTER(0);

	if (st->has_nulls)
		for (int32 i = 0; i < st->len && !maybe_nulls; i++)
			maybe_nulls = st->nulls[i] == st->rows;
	FkResultInit(&res, is_nvec, st->len, maybe_nulls);
	for (int32 i = 0; i < st->len; i++)
	{
		int64		valid = st->rows - st->nulls[i];

		if (valid == 0)
		{
			res.values[i] = 0.0;
			continue;
		}
		/* + 0.0: core's avg sums from +0, so its sum of -0 alone is +0 */
		res.values[i] = avg ? (st->acc[i] + 0.0) / (double) valid : st->acc[i];
		if (maybe_nulls)
			FkBitmapSet(res.valid, (size_t) i);
	}
	PG_RETURN_DATUM(FkResultFinish(&res));
}

/* sum, min and max of nvec: final */
Datum
vec_agg_finalfn_nvec(PG_FUNCTION_ARGS)
{
	return FkXAggFinal(fcinfo, true, false);
}

/* sum of float8[]: final */
Datum
vec_agg_finalfn_float8arr(PG_FUNCTION_ARGS)
{
	return FkXAggFinal(fcinfo, false, false);
}

/* avg(nvec): final */
Datum
vec_avg_finalfn_nvec(PG_FUNCTION_ARGS)
{
	return FkXAggFinal(fcinfo, true, true);
}

/* avg(float8[]): final */
Datum
vec_avg_finalfn_float8arr(PG_FUNCTION_ARGS)
{
	return FkXAggFinal(fcinfo, false, true);
}

/*
 * Combine two partial states: the second folded into the first (copied into
 * the aggregate context when the first is NULL, as the second may live in a
 * shorter-lived context).
 */
Datum
vec_agg_combinefn(PG_FUNCTION_ARGS)
{
	MemoryContext aggcxt = FkAggContext(fcinfo, "vec_agg_combinefn");
	FkXAgg	   *a = PG_ARGISNULL(0) ? NULL : (FkXAgg *) PG_GETARG_POINTER(0);
	FkXAgg	   *b = PG_ARGISNULL(1) ? NULL : (FkXAgg *) PG_GETARG_POINTER(1);

	if (b == NULL)
	{
		if (a == NULL)
			PG_RETURN_NULL();
		PG_RETURN_POINTER(a);
	}
	if (a == NULL)
	{
		a = FkXAggCreate(aggcxt, b->kind, b->len);
		a->rows = b->rows;
		a->has_nulls = b->has_nulls;
		memcpy(a->acc, b->acc, sizeof(double) * (Size) b->len);
		memcpy(a->nulls, b->nulls, sizeof(int64) * (Size) b->len);
		PG_RETURN_POINTER(a);
	}
	if (a->kind != b->kind)
		elog(ERROR, "vec_agg_combinefn: states of different aggregates");
	FkCheckLengths(a->len, b->len);
	if (FkXAggCombine(a, b))
		float_overflow_error();
	PG_RETURN_POINTER(a);
}

/* Serialize a partial state into a bytea (core/series_agg.h) */
Datum
vec_agg_serialfn(PG_FUNCTION_ARGS)
{
	const FkXAgg *st;
	Size		size;
	bytea	   *out;

	(void) FkAggContext(fcinfo, "vec_agg_serialfn");
	st = (const FkXAgg *) PG_GETARG_POINTER(0);
	size = FkXAggSerialSize(st);
	out = (bytea *) palloc(add_size(VARHDRSZ, size));
	SET_VARSIZE(out, VARHDRSZ + size);
	FkXAggSerialize(st, (uint8 *) VARDATA(out));
	PG_RETURN_BYTEA_P(out);
}

/*
 * Deserialize a partial state, in the current memory context (the combine
 * function copies what it keeps); a bytea that is not a sound state is an
 * error, never read past its end.
 */
Datum
vec_agg_deserialfn(PG_FUNCTION_ARGS)
{
	bytea	   *in;
	FkXAggHeader hdr;
	const char *bad;
	FkXAgg	   *st;

	(void) FkAggContext(fcinfo, "vec_agg_deserialfn");
	in = PG_GETARG_BYTEA_PP(0);
	bad = FkXAggParse((const uint8 *) VARDATA_ANY(in), VARSIZE_ANY_EXHDR(in),
					  (int32) MaxArraySize, &hdr);
	if (bad != NULL)
		ereport(ERROR,
				(errcode(ERRCODE_DATA_CORRUPTED),
				 errmsg("invalid partial state of a vector aggregate"),
				 errdetail_internal("%s", bad)));
	st = FkXAggCreate(CurrentMemoryContext, hdr.kind, hdr.len);
	FkXAggRead(st, (const uint8 *) VARDATA_ANY(in));
	PG_RETURN_POINTER(st);
}
