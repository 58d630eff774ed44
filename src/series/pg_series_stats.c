/*
 * pg_series_stats.c
 *		Quantiles of one vector over float8[] and nvec: vmedian, vquantile
 *		(core/series_stats.h does the selection).  vargmin, vargmax, vcov,
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
