/*
 * pg_series_agg.c
 *		Aggregates across rows: sum and avg of nvec and float8[] columns, min
 *		and max of nvec columns, position by position (core/series_agg.h).
 *
 * sum, min and max keep an internal state.  It is made at the first non-NULL row, in the aggregate's memory
 * context, with room for exactly that row's length; later rows are added in
 * place (a row of another length is an error), so a row costs no memory but
 * its detoasted value and, for a float8[] with NULLs, its view.  The final
 * functions read the state without changing it (window aggregation calls
 * them again on the same state).  Combine, serialize and deserialize let
 * PostgreSQL run them in parallel: a worker's state travels as a bytea,
 * checked before it is read.
 *
 * avg keeps its state in an ordinary float8[] (sums, then counts of valid
 * elements, then a count of rows without NULLs), so that Citus combines
 * it: Citus runs an aggregate through its combine function only when the
 * state is not internal, and otherwise rewrites avg(x) as sum(x) /
 * count(x), a count of rows.  Its transition
 * and combine functions are those of every such state
 * (pg_series_agg_array.c).
 *
 * The support functions of an internal state cannot be called from SQL (no
 * value of type internal can be written there); called from C outside an
 * aggregate they raise feature_not_supported (0A000).
 */
#include "postgres.h"

#include "fmgr.h"
#include "catalog/pg_type.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/float.h"

#include "core/series_agg.h"
#include "common/pg_compat.h"
#include "kernels/pg_kernels.h"
#include "series/pg_series_agg.h"
#include "vector/vecview.h"

PG_FUNCTION_INFO_V1(vec_sum_transfn_nvec);
PG_FUNCTION_INFO_V1(vec_sum_transfn_float8arr);
PG_FUNCTION_INFO_V1(vec_min_transfn_nvec);
PG_FUNCTION_INFO_V1(vec_max_transfn_nvec);
PG_FUNCTION_INFO_V1(vec_agg_finalfn_nvec);
PG_FUNCTION_INFO_V1(vec_agg_finalfn_float8arr);
PG_FUNCTION_INFO_V1(vec_agg_combinefn);
PG_FUNCTION_INFO_V1(vec_agg_serialfn);
PG_FUNCTION_INFO_V1(vec_agg_deserialfn);
PG_FUNCTION_INFO_V1(vec_avg_transfn_nvec);
PG_FUNCTION_INFO_V1(vec_avg_transfn_float8arr);
PG_FUNCTION_INFO_V1(vec_avg_combinefn);
PG_FUNCTION_INFO_V1(vec_avg_finalfn_nvec);
PG_FUNCTION_INFO_V1(vec_avg_finalfn_float8arr);

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

/*
 * The aggregate context of a support function whose state is internal, or
 * core's error for such a function called as a plain function (with
 * feature_not_supported, 0A000, as core gives a function called where its
 * kind of result cannot be taken)
 */
MemoryContext
FkAggContext(FunctionCallInfo fcinfo, const char *func)
{
	MemoryContext aggcxt;

	if (!AggCheckCallContext(fcinfo, &aggcxt))
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("%s called in non-aggregate context", func),
				 errdetail("It is a support function of an aggregate over vectors and runs only as one.")));
	return aggcxt;
}

/* The SQL name of the aggregates of kind */
static const char *
FkXAggName(FkXAggKind kind)
{
	return kind == FK_XAGG_SUM ? "sum" : kind == FK_XAGG_MIN ? "min" : "max";
}

/*
 * Transition: add the row (argument 1, nvec or float8[]) to the state made
 * at the first non-NULL row; a NULL row is skipped, as SQL aggregates do.
 */
static Datum
FkXAggTrans(FunctionCallInfo fcinfo, FkXAggKind kind, bool is_nvec)
{
	MemoryContext aggcxt = FkAggContext(fcinfo,
										kind == FK_XAGG_SUM ? "vec_sum_transfn" :
										kind == FK_XAGG_MIN ? "vec_min_transfn" :
										"vec_max_transfn");
	FkXAgg	   *st = PG_ARGISNULL(0) ? NULL : (FkXAgg *) PG_GETARG_POINTER(0);
	FkVecReader rd;
	int32		len;
	int32		step;
	bool		bad = false;

	if (PG_ARGISNULL(1))
	{
		if (st == NULL)
			PG_RETURN_NULL();
		PG_RETURN_POINTER(st);
	}
	CHECK_FOR_INTERRUPTS();
	/* in place, or a block at a time: a compressed nvec, a float8[] with NULLs */
	FkReaderOpenOf(PG_GETARG_DATUM(1), is_nvec, FkXAggName(kind), "argument",
				   &rd);
	len = rd.view.len;

	if (st == NULL)
	{
		st = FkXAggCreate(aggcxt, kind, len);
		FkXAggInit(st);
	}
	else
		FkCheckRowLengthOf(st->len, len, FkXAggName(kind));
	FkXAggNewRow(st);
	step = rd.packed ? FK_READ_BLOCK : Max(len, 1);
	for (int32 s = 0; s < len; s += step)
	{
		int32		n = Min(step, len - s);
		const double *x;
		const uint64 *valid;

		FkReaderBlock(&rd, s, n, &x, &valid);
		bad |= FkXAggAddPart(st, (size_t) s, (size_t) n, x,
							 rd.view.nnulls > 0 ? valid : NULL);
	}
	if (bad)
		float_overflow_error();
	PG_RETURN_POINTER(st);
}

/* sum(nvec): transition */
Datum
vec_sum_transfn_nvec(PG_FUNCTION_ARGS)
{
	return FkXAggTrans(fcinfo, FK_XAGG_SUM, true);
}

/* sum(float8[]): transition */
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
 * Final: the accumulators as a vector of the input's type, NULL where no row
 * had a valid element; NULL when no row was added.  The state is only read.
 */
static Datum
FkXAggFinal(FunctionCallInfo fcinfo, bool is_nvec)
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
		res.values[i] = st->acc[i];
		if (maybe_nulls)
			FkBitmapSet(res.valid, (size_t) i);
	}
	PG_RETURN_DATUM(FkResultFinish(&res));
}

/* sum, min and max of nvec: final */
Datum
vec_agg_finalfn_nvec(PG_FUNCTION_ARGS)
{
	return FkXAggFinal(fcinfo, true);
}

/* sum of float8[]: final */
Datum
vec_agg_finalfn_float8arr(PG_FUNCTION_ARGS)
{
	return FkXAggFinal(fcinfo, false);
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
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("vec_agg_combinefn cannot combine states of different aggregates")));
	FkCheckRowLengthOf(a->len, b->len, FkXAggName(a->kind));
	if (b->rows > PG_INT64_MAX - a->rows)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("bigint out of range"),
				 errdetail("The combined states count more rows than a bigint holds.")));
	if (FkXAggCombine(a, b))
		float_overflow_error();
	PG_RETURN_POINTER(a);
}

/*
 * Serialize a partial state into a bytea (core/series_agg.h): an nvec's room,
 * which a bytea holds for every nvec; only a float8[] longer than any nvec,
 * with a position where every row is NULL, can pass it, and is refused with
 * the way to run it.
 */
Datum
vec_agg_serialfn(PG_FUNCTION_ARGS)
{
	const FkXAgg *st;
	Size		size;
	bytea	   *out;

	(void) FkAggContext(fcinfo, "vec_agg_serialfn");
	st = (const FkXAgg *) PG_GETARG_POINTER(0);
	size = FkXAggSerialSize(st);
	if (size > MaxAllocSize - VARHDRSZ)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("vector too long for a parallel aggregate"),
				 errdetail("The partial state of %d positions takes %zu bytes, more than a bytea holds.",
						   st->len, size),
				 errhint("Run the aggregate without parallel workers (SET max_parallel_workers_per_gather = 0).")));
	out = (bytea *) palloc(VARHDRSZ + size);
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

/*
 * avg's state: the sums, then the counts of valid elements, and in the
 * state an aggregate makes the rows slot (core/series_agg.h)
 */
static const FkAggArrayOps fk_avg_ops = {
	.per = 2,
	.per_words = "two",
	.bad_len = NULL,			/* every length is one: 2n, or 2n + 1 */
	.hint = "The state is a float8[] of the sums at each position, then the counts of valid elements, then optionally a count of rows without NULLs that adds to every count.",
	.init = FkXAvgInit,
	.add = FkXAvgAddPart,
	.add_stops = false,
	.combine = FkXAvgCombine,
	.check = FkXAvgCheck,
	.add_whole = FkXAvgAddWhole,
	.fold_rows = FkXAvgFoldRows,
};

/* avg(nvec): transition */
Datum
vec_avg_transfn_nvec(PG_FUNCTION_ARGS)
{
	return FkAggArrayTrans(fcinfo, true, &fk_avg_ops, "avg");
}

/* avg(float8[]): transition */
Datum
vec_avg_transfn_float8arr(PG_FUNCTION_ARGS)
{
	return FkAggArrayTrans(fcinfo, false, &fk_avg_ops, "avg");
}

/* avg's combine function */
Datum
vec_avg_combinefn(PG_FUNCTION_ARGS)
{
	return FkAggArrayCombine(fcinfo, &fk_avg_ops, "avg");
}

/*
 * avg's final function (strict: no rows give NULL): the sums over the
 * counts as a vector of the input's type, NULL where the count is 0.  The
 * state is checked and only read (its rows slot folded into a copy).
 */
static Datum
FkXAvgFinalDatum(FunctionCallInfo fcinfo, bool is_nvec)
{
	ArrayType  *st = PG_GETARG_ARRAYTYPE_P(0);
	size_t		empty;
	int32		len = FkAggArrayStateLen(st, true, &fk_avg_ops, "avg", &empty);
	FkVecResult res;

	FkResultInit(&res, is_nvec, len, empty > 0);
	FkXAvgFinal(FkAggArrayFolded(st, len, &fk_avg_ops, "avg"), (size_t) len,
				res.values, empty > 0 ? res.valid : NULL);
	PG_RETURN_DATUM(FkResultFinish(&res));
}

/* avg(nvec): final */
Datum
vec_avg_finalfn_nvec(PG_FUNCTION_ARGS)
{
	return FkXAvgFinalDatum(fcinfo, true);
}

/* avg(float8[]): final */
Datum
vec_avg_finalfn_float8arr(PG_FUNCTION_ARGS)
{
	return FkXAvgFinalDatum(fcinfo, false);
}
