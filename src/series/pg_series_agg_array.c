/*
 * pg_series_agg_array.c
 *		The transition and combine functions of the aggregates across rows
 *		whose state is an ordinary float8[] (pg_series_agg.h): avg's, and
 *		variance's, var_pop's, stddev's and stddev_pop's.
 *
 * The array is made at the first non-NULL row in the aggregate's memory
 * context and updated in place, as core's float8_accum does; the
 * transition (called as a plain function, outside an aggregate), combine
 * and final functions check an array they are given before they read it,
 * since anyone can call them with one made by hand.  A count of valid
 * elements stops at 2^53, the last whole number a double holds exactly: a
 * row or a combination that would pass it is refused (22003), never
 * counted wrong.
 *
 * avg's state, made in an aggregate, ends in a rows slot (core/series_agg.h):
 * a row without NULLs adds its values to the sums and one to the slot, not
 * one to each of its positions' counts.  The slot is folded into the counts
 * in place by a combine, and into a copy for the final function; a count
 * the fold would take past 2^53 is refused then.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "miscadmin.h"
#include "utils/float.h"

#include "kernels/pg_kernels.h"
#include "series/pg_series_agg.h"
#include "vector/vecview.h"

/* Raise the error of an add or combine of name's state that gave status */
static void
FkAggArrayCheckStatus(FkXAvgStatus status, const char *name)
{
	if (status == FK_XAVG_SUM_OVERFLOW)
		float_overflow_error();
	if (status == FK_XAVG_COUNT_OVERFLOW)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("count of %s over vectors out of range", name),
				 errdetail("The state of %s counts at most 2^53 valid elements at each position.",
						   name)));
}

/* The elements of arr, a float8[] of at most one dimension */
static int32
FkAggArrayElems(ArrayType *arr)
{
	return ARR_NDIM(arr) == 1 ? ARR_DIMS(arr)[0] : 0;
}

/*
 * The rows slot of a state arr of len positions (checked), or NULL when it
 * has none
 */
static double *
FkAggArrayRows(ArrayType *arr, int32 len, const FkAggArrayOps *ops)
{
	if (ops->fold_rows == NULL || FkAggArrayElems(arr) == ops->per * len)
		return NULL;
	return (double *) ARR_DATA_PTR(arr) + (Size) ops->per * len;
}

/*
 * The number of positions of name's state arr: an error unless arr is a
 * float8[] of one dimension and a multiple of ops->per elements (or empty;
 * one more with a rows slot), without NULLs.  With values, its values are
 * checked too and *empty is set to the number of positions without valid
 * elements.
 */
int32
FkAggArrayStateLen(ArrayType *arr, bool values, const FkAggArrayOps *ops,
				   const char *name, size_t *empty)
{
	const char *bad = NULL;
	int32		nelems = FkAggArrayElems(arr);
	int32		rest = nelems % ops->per;

	if (ARR_ELEMTYPE(arr) != FLOAT8OID)
		bad = "The state is not a float8[].";
	else if (ARR_NDIM(arr) > 1)
		bad = "The state has more than one dimension.";
	else if (ARR_HASNULL(arr))
		bad = "The state has NULL elements.";
	else if (rest != 0 && !(ops->fold_rows != NULL && rest == 1))
		bad = ops->bad_len;
	else if (values)
	{
		int32		len = nelems / ops->per;
		double	   *rows = FkAggArrayRows(arr, len, ops);

		if (rows != NULL &&
			!(*rows >= 0.0 && *rows <= FK_XAVG_MAXCOUNT && *rows == floor(*rows)))
			bad = "The count of rows without NULLs is not a whole number from 0 to 2^53.";
		else
			bad = ops->check((const double *) ARR_DATA_PTR(arr), (size_t) len,
							 rows != NULL ? *rows : 0.0, empty);
	}
	if (bad != NULL)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid state of %s over vectors", name),
				 errdetail("%s", bad),
				 errhint("%s", ops->hint)));
	return nelems / ops->per;
}

/*
 * The values of name's state arr of len positions (checked) to read, its
 * rows slot folded into the counts of a copy when it is not 0: an error
 * (22003) when a count would pass 2^53
 */
const double *
FkAggArrayFolded(ArrayType *arr, int32 len, const FkAggArrayOps *ops,
				 const char *name)
{
	double	   *rows = FkAggArrayRows(arr, len, ops);
	double	   *copy;
	double		k;

	if (rows == NULL || *rows == 0.0)
		return (const double *) ARR_DATA_PTR(arr);
	copy = palloc(sizeof(double) * ops->per * (Size) len);
	memcpy(copy, ARR_DATA_PTR(arr), sizeof(double) * ops->per * (Size) len);
	k = *rows;
	FkAggArrayCheckStatus(ops->fold_rows(copy, (size_t) len, &k), name);
	return copy;
}

/*
 * A new state of name for vectors of len positions, in cxt (ops->init),
 * with a rows slot of 0 when slot (and len > 0)
 */
static ArrayType *
FkAggArrayStateNew(MemoryContext cxt, int32 len, const FkAggArrayOps *ops,
				   const char *name, bool slot)
{
	Size		nbytes;
	ArrayType  *st;
	int32		nelems = ops->per * len + (slot ? 1 : 0);

	if (len == 0)
	{
		MemoryContext old = MemoryContextSwitchTo(cxt);

		st = construct_empty_array(FLOAT8OID);
		MemoryContextSwitchTo(old);
		return st;
	}
	nbytes = ARR_OVERHEAD_NONULLS(1) + sizeof(double) * (Size) nelems;
	if (nbytes > MaxAllocSize)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("vector too long for %s across rows", name),
				 errdetail("The state of %s holds %s values per position; %d positions do not fit in 1 GB.",
						   name, ops->per_words, len)));
	st = (ArrayType *) MemoryContextAlloc(cxt, nbytes);
	SET_VARSIZE(st, nbytes);
	st->ndim = 1;
	st->dataoffset = 0;
	st->elemtype = FLOAT8OID;
	ARR_DIMS(st)[0] = nelems;
	ARR_LBOUND(st)[0] = 1;
	ops->init((double *) ARR_DATA_PTR(st), (size_t) len);
	if (slot)
		((double *) ARR_DATA_PTR(st))[ops->per * len] = 0.0;
	return st;
}

/*
 * The transition of name: add the row (argument 1, nvec or float8[]) to
 * the float8[] state, made at the first non-NULL row in the aggregate
 * context (with a rows slot, for avg) and then changed in place; a NULL row
 * is skipped.  Called as a plain function, it checks the state it is given
 * and returns a new one.
 */
Datum
FkAggArrayTrans(FunctionCallInfo fcinfo, bool is_nvec,
				const FkAggArrayOps *ops, const char *name)
{
	MemoryContext aggcxt;
	bool		in_agg = AggCheckCallContext(fcinfo, &aggcxt);
	ArrayType  *st;
	FkVecReader rd;
	int32		len;
	int32		step;
	size_t		empty;
	double	   *rows;
	bool		whole;
	FkXAvgStatus status = FK_XAVG_OK;

	if (PG_ARGISNULL(1))
	{
		if (PG_ARGISNULL(0))
			PG_RETURN_NULL();
		PG_RETURN_DATUM(PG_GETARG_DATUM(0));
	}
	CHECK_FOR_INTERRUPTS();
	/* in place, or a block at a time: a compressed nvec, a float8[] with NULLs */
	FkReaderOpenOf(PG_GETARG_DATUM(1), is_nvec, name, "argument", &rd);
	len = rd.view.len;

	if (PG_ARGISNULL(0))
		st = FkAggArrayStateNew(in_agg ? aggcxt : CurrentMemoryContext,
								len, ops, name, in_agg && ops->fold_rows != NULL);
	else if (in_agg)
	{
		st = PG_GETARG_ARRAYTYPE_P(0);
		FkCheckRowLengthOf(FkAggArrayStateLen(st, false, ops, name, NULL), len, name);
	}
	else
	{
		st = PG_GETARG_ARRAYTYPE_P_COPY(0);
		FkCheckRowLengthOf(FkAggArrayStateLen(st, true, ops, name, &empty), len, name);
	}

	/*
	 * a row without NULLs counted once in the rows slot, before its values
	 * (a count overflow outranks a sum overflow); a row with NULLs counts
	 * its valid elements, the slot kept
	 */
	rows = FkAggArrayRows(st, len, ops);
	whole = rows != NULL && rd.view.nnulls == 0;
	if (whole)
		FkAggArrayCheckStatus(FkXAvgCountRow(rows), name);

	/*
	 * the row in parts, merged to the status of the row added whole: the
	 * first fault when add stops at it, else a count overflow anywhere
	 * before a sum overflow anywhere
	 */
	step = rd.packed ? FK_READ_BLOCK : Max(len, 1);
	for (int32 s = 0; s < len; s += step)
	{
		int32		n = Min(step, len - s);
		const double *x;
		const uint64 *valid;
		FkXAvgStatus part;

		FkReaderBlock(&rd, s, n, &x, &valid);
		if (whole)
			part = ops->add_whole((double *) ARR_DATA_PTR(st), (size_t) len,
								  (size_t) s, (size_t) n, x);
		else
			part = ops->add((double *) ARR_DATA_PTR(st), (size_t) len,
							(size_t) s, (size_t) n, x,
							rd.view.nnulls > 0 ? valid : NULL);
		if (part == FK_XAVG_COUNT_OVERFLOW ||
			(part == FK_XAVG_SUM_OVERFLOW && status == FK_XAVG_OK))
			status = part;
		if (part != FK_XAVG_OK && ops->add_stops)
			break;
	}
	FkAggArrayCheckStatus(status, name);
	PG_RETURN_ARRAYTYPE_P(st);
}

/*
 * The combine function of name (strict: PostgreSQL keeps the other state
 * when one is NULL): the second state folded into the first, in place
 * within an aggregate, else into a copy; both are checked first, and their
 * rows slots folded into their counts (the first's in place, the second's
 * in a copy).
 */
Datum
FkAggArrayCombine(FunctionCallInfo fcinfo, const FkAggArrayOps *ops,
				  const char *name)
{
	ArrayType  *a;
	ArrayType  *b = PG_GETARG_ARRAYTYPE_P(1);
	size_t		empty;
	int32		len;
	double	   *rows;

	if (AggCheckCallContext(fcinfo, NULL))
		a = PG_GETARG_ARRAYTYPE_P(0);
	else
		a = PG_GETARG_ARRAYTYPE_P_COPY(0);
	len = FkAggArrayStateLen(a, true, ops, name, &empty);
	FkCheckRowLengthOf(len, FkAggArrayStateLen(b, true, ops, name, &empty), name);
	rows = FkAggArrayRows(a, len, ops);
	if (rows != NULL)
		FkAggArrayCheckStatus(ops->fold_rows((double *) ARR_DATA_PTR(a),
											 (size_t) len, rows), name);
	FkAggArrayCheckStatus(ops->combine((double *) ARR_DATA_PTR(a),
									   FkAggArrayFolded(b, len, ops, name),
									   (size_t) len),
						  name);
	PG_RETURN_ARRAYTYPE_P(a);
}
