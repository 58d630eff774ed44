/*
 * pg_series_stats.c
 *		Quantiles and histograms of one vector over float8[] and nvec:
 *		vmedian, vquantile (core/series_stats.h does the selection),
 *		vhistogram (core/series_hist.h counts).  vargmin, vargmax, vcov,
 *		vcov_pop and vcorr are reductions of the catalogue
 *		(pg_series_reduce.c).
 *
 * NULL elements are skipped, as SQL aggregates skip NULLs.  The vector is
 * read block by block (FkVecReader of vecview.h: a float8[] with NULLs is
 * never expanded whole), its present values copied into one palloc'd array
 * of their own, where selection reorders them.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "fmgr.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/float.h"

#include "core/series_hist.h"
#include "core/series_stats.h"
#include "kernels/pg_kernels.h"
#include "vector/vecview.h"

/*
 * The present values of vector argument 0 in a palloc'd array, NaNs last;
 * returns their number (*nnum: how many are not NaN)
 */
static size_t
FkQuantileValues(FunctionCallInfo fcinfo, bool is_nvec, double **vals,
				 size_t *nnum)
{
	FkVecReader rd;
	size_t		n = 0;
	int32		step;

	FkReaderOpen(fcinfo, 0, is_nvec, &rd);
	step = rd.packed ? FK_READ_BLOCK : FK_BLOCK;
	*vals = MemoryContextAllocHuge(CurrentMemoryContext,
								   Max(rd.view.len - rd.view.nnulls, 1) *
								   sizeof(double));
	for (int32 start = 0; start < rd.view.len; start += step)
	{
		int32		len = Min(step, rd.view.len - start);
		const double *x;
		const uint64 *valid;

		FkReaderBlock(&rd, start, len, &x, &valid);
		n += FkGatherValid(*vals + n, x, valid, (size_t) len);
		CHECK_FOR_INTERRUPTS();
	}
	*nnum = FkSplitNans(*vals, n);
	return n;
}

/* vmedian(v) and vquantile(v, q float8) */
static Datum
FkQuantileRun(FunctionCallInfo fcinfo, bool is_nvec, bool median)
{
	double		q = median ? 0.5 : PG_GETARG_FLOAT8(1);
	double	   *vals;
	size_t		nnum;
	size_t		n;

	if (!median)
		FkCheckQuantile(q, "vquantile");
	n = FkQuantileValues(fcinfo, is_nvec, &vals, &nnum);
	if (n == 0)
		PG_RETURN_NULL();
	PG_RETURN_FLOAT8(FkQuantile(vals, n, nnum, q));
}

/*
 * vquantile(v, q float8[]): one quantile per element of q, in q's shape; a
 * NULL element of q gives NULL, as percentile_cont's array form does
 */
static Datum
FkQuantilesRun(FunctionCallInfo fcinfo, bool is_nvec)
{
	ArrayType  *qa = PG_GETARG_ARRAYTYPE_P(1);
	Datum	   *qd;
	bool	   *qnull;
	int			nq;
	double	   *vals;
	size_t		nnum;
	size_t		n;

	deconstruct_array(qa, FLOAT8OID, sizeof(float8), FLOAT8PASSBYVAL,
					  TYPALIGN_DOUBLE, &qd, &qnull, &nq);
	for (int i = 0; i < nq; i++)
		if (!qnull[i])
			FkCheckQuantile(DatumGetFloat8(qd[i]), "vquantile");
	n = FkQuantileValues(fcinfo, is_nvec, &vals, &nnum);
	if (n == 0)
		PG_RETURN_NULL();
	for (int i = 0; i < nq; i++)
	{
		if (!qnull[i])
			qd[i] = Float8GetDatum(FkQuantile(vals, n, nnum,
											  DatumGetFloat8(qd[i])));
		CHECK_FOR_INTERRUPTS();
	}
	PG_RETURN_ARRAYTYPE_P(construct_md_array(qd, qnull, ARR_NDIM(qa),
											 ARR_DIMS(qa), ARR_LBOUND(qa),
											 FLOAT8OID, sizeof(float8),
											 FLOAT8PASSBYVAL,
											 TYPALIGN_DOUBLE));
}

/*
 * A histogram's counts: an int8[] of m elements numbered from 0, so that
 * element b counts bucket b of width_bucket
 */
static ArrayType *
FkHistArray(int32 m, int64 **counts)
{
	Size		bytes = ARR_OVERHEAD_NONULLS(1) + (Size) m * sizeof(int64);
	ArrayType  *a = (ArrayType *) palloc0(bytes);
	int			lbound = 0;

	SET_VARSIZE(a, bytes);
	a->ndim = 1;
	a->dataoffset = 0;
	a->elemtype = INT8OID;
	ARR_DIMS(a)[0] = m;
	ARR_LBOUND(a)[0] = lbound;
	*counts = (int64 *) ARR_DATA_PTR(a);
	return a;
}

/* Raise core's error for a histogram of too many buckets to hold */
static void
FkCheckHistSize(int64 m)
{
	if (m > (int64) ((MaxAllocSize - ARR_OVERHEAD_NONULLS(1)) / sizeof(int64)))
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("array size exceeds the maximum allowed (%d)",
						(int) ((MaxAllocSize - ARR_OVERHEAD_NONULLS(1)) /
							   sizeof(int64)))));
}

/* The buckets of a histogram: k edges, or count between lo and hi */
typedef struct FkHistSpec
{
	const double *edges;		/* NULL: equal buckets from lo to hi */
	int32		k;
	double		lo;
	double		hi;
	int32		count;
} FkHistSpec;

/*
 * Count the valid elements of vector argument 0 per bucket of spec, read
 * block by block; a NaN element of an equal-width histogram is core's error
 */
static Datum
FkHistRun(FunctionCallInfo fcinfo, bool is_nvec, const FkHistSpec *spec)
{
	int64		m = spec->edges ? (int64) spec->k + 1 : (int64) spec->count + 2;
	FkVecReader rd;
	ArrayType  *result;
	int64	   *counts;
	int32		step;

	FkCheckHistSize(m);
	FkReaderOpen(fcinfo, 0, is_nvec, &rd);
	result = FkHistArray((int32) m, &counts);
	step = rd.packed ? FK_READ_BLOCK : FK_BLOCK;
	for (int32 start = 0; start < rd.view.len; start += step)
	{
		int32		n = Min(step, rd.view.len - start);
		const double *x;
		const uint64 *valid;

		FkReaderBlock(&rd, start, n, &x, &valid);
		if (spec->edges)
			FkHistEdgesAdd(counts, x, valid, (size_t) n, spec->edges, spec->k);
		else if (!FkHistWidthAdd(counts, x, valid, (size_t) n, spec->lo,
								 spec->hi, spec->count))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_ARGUMENT_FOR_WIDTH_BUCKET_FUNCTION),
					 errmsg("operand, lower bound, and upper bound cannot be NaN"),
					 errdetail("An element of the vector is NaN.")));
		CHECK_FOR_INTERRUPTS();
	}
	PG_RETURN_ARRAYTYPE_P(result);
}

/*
 * vhistogram(v, lo, hi, count): counts per bucket of
 * width_bucket(x, lo, hi, count), 0 to count + 1, with core's errors for
 * the bounds and the count
 */
static Datum
FkHistWidthRun(FunctionCallInfo fcinfo, bool is_nvec)
{
	FkHistSpec	spec = {.edges = NULL};

	spec.lo = PG_GETARG_FLOAT8(1);
	spec.hi = PG_GETARG_FLOAT8(2);
	spec.count = PG_GETARG_INT32(3);
	if (spec.count <= 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_ARGUMENT_FOR_WIDTH_BUCKET_FUNCTION),
				 errmsg("count must be greater than zero")));
	if (isnan(spec.lo) || isnan(spec.hi))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_ARGUMENT_FOR_WIDTH_BUCKET_FUNCTION),
				 errmsg("operand, lower bound, and upper bound cannot be NaN")));
	if (isinf(spec.lo) || isinf(spec.hi))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_ARGUMENT_FOR_WIDTH_BUCKET_FUNCTION),
				 errmsg("lower and upper bounds must be finite")));
	if (spec.lo == spec.hi)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_ARGUMENT_FOR_WIDTH_BUCKET_FUNCTION),
				 errmsg("lower bound cannot equal upper bound")));
	return FkHistRun(fcinfo, is_nvec, &spec);
}

/*
 * vhistogram(v, edges float8[]): counts per bucket of
 * width_bucket(x, edges), 0 to the number of edges, with core's errors for
 * the array
 */
static Datum
FkHistEdgesRun(FunctionCallInfo fcinfo, bool is_nvec)
{
	ArrayType  *ea = PG_GETARG_ARRAYTYPE_P(1);
	FkHistSpec	spec = {.edges = NULL};

	if (ARR_NDIM(ea) > 1)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("thresholds must be one-dimensional array")));
	if (array_contains_nulls(ea))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("thresholds array must not contain NULLs")));
	spec.k = ARR_NDIM(ea) == 0 ? 0 : ARR_DIMS(ea)[0];
	spec.edges = (const double *) ARR_DATA_PTR(ea);
	return FkHistRun(fcinfo, is_nvec, &spec);
}

/* The float8[] and nvec entry points of one function, from its call */
#define FK_STATS_ENTRY(sqlname, call) \
	PG_FUNCTION_INFO_V1(sqlname##_float8arr); \
	PG_FUNCTION_INFO_V1(sqlname##_nvec); \
	Datum \
	sqlname##_float8arr(PG_FUNCTION_ARGS) \
	{ \
		const bool	is_nvec = false; \
		return call; \
	} \
	Datum \
	sqlname##_nvec(PG_FUNCTION_ARGS) \
	{ \
		const bool	is_nvec = true; \
		return call; \
	}

FK_STATS_ENTRY(vmedian, FkQuantileRun(fcinfo, is_nvec, true))
FK_STATS_ENTRY(vquantile, FkQuantileRun(fcinfo, is_nvec, false))
FK_STATS_ENTRY(vquantiles, FkQuantilesRun(fcinfo, is_nvec))
FK_STATS_ENTRY(vhistogram_width, FkHistWidthRun(fcinfo, is_nvec))
FK_STATS_ENTRY(vhistogram_edges, FkHistEdgesRun(fcinfo, is_nvec))
