/*
 * pg_series_stats.c
 *		Statistics of one vector over float8[] and nvec: vargmin, vargmax,
 *		vmedian, vquantile, and of two over the pairs both present: vcov,
 *		vcov_pop, vcorr (core/series_stats.h does the arithmetic).
 *
 * NULL elements are skipped, as SQL aggregates skip NULLs.  A float8[]
 * with NULLs is expanded once by its view (vecview.h), as elementwise
 * functions do; the quantiles also copy the present values into one
 * palloc'd array of their own, where selection reorders them.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "fmgr.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/float.h"

#include "core/series_stats.h"
#include "pg_kernels.h"
#include "vecview.h"

/* View vector argument argno, an nvec or a float8[] */
static void
FkStatsView(FunctionCallInfo fcinfo, int argno, bool is_nvec, FkVecView *view)
{
	if (is_nvec)
		FkViewNVec(PG_GETARG_NVEC_P(argno), view);
	else
		FkViewArrayDatum(PG_GETARG_DATUM(argno), view);
}

/* vargmin(v) and vargmax(v): the 1-based position, NULL without a value */
static Datum
FkArgExtremeRun(FunctionCallInfo fcinfo, bool is_nvec, bool is_max)
{
	FkVecView	v;
	int64		at;

	FkStatsView(fcinfo, 0, is_nvec, &v);
	at = FkArgExtreme(v.values, v.valid, (size_t) v.len, is_max);
	if (at < 0)
		PG_RETURN_NULL();
	PG_RETURN_INT32((int32) (at + 1));
}

/* vcov, vcov_pop, vcorr of x and y over the pairs both present */
static Datum
FkCovRun(FunctionCallInfo fcinfo, bool is_nvec, FkCovKind kind,
		 const char *func)
{
	FkVecView	x;
	FkVecView	y;
	FkCov		c;
	double		result;

	FkStatsView(fcinfo, 0, is_nvec, &x);
	FkStatsView(fcinfo, 1, is_nvec, &y);
	FkCheckLengthsOf(x.len, y.len, func);
	FkCovInit(&c);
	for (int32 start = 0; start < x.len; start += FK_BLOCK)
	{
		int32		n = Min(FK_BLOCK, x.len - start);
		const uint64 *xw = x.valid ? x.valid + start / FK_WORD_BITS : NULL;
		const uint64 *yw = y.valid ? y.valid + start / FK_WORD_BITS : NULL;

		if (!FkCovAdd(&c, x.values + start, xw, y.values + start, yw,
					  (size_t) n))
			float_overflow_error();
		CHECK_FOR_INTERRUPTS();
	}
	if (!FkCovFinish(&c, kind, &result))
		PG_RETURN_NULL();
	PG_RETURN_FLOAT8(result);
}

/* Error out unless q is a quantile, 0 to 1, as percentile_cont does */
static void
FkCheckQuantile(double q, const char *func)
{
	if (q < 0 || q > 1 || isnan(q))
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("quantile %g is not between 0 and 1", q),
				 errdetail("The argument q of %s() must lie between 0 and 1.",
						   func)));
}

/*
 * The present values of vector argument 0 in a palloc'd array, NaNs last;
 * returns their number (*nnum: how many are not NaN)
 */
static size_t
FkQuantileValues(FunctionCallInfo fcinfo, bool is_nvec, double **vals,
				 size_t *nnum)
{
	FkVecView	v;
	size_t		n;

	FkStatsView(fcinfo, 0, is_nvec, &v);
	*vals = MemoryContextAllocHuge(CurrentMemoryContext,
								   Max(v.len - v.nnulls, 1) * sizeof(double));
	n = FkGatherValid(*vals, v.values, v.valid, (size_t) v.len);
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

FK_STATS_ENTRY(vargmin, FkArgExtremeRun(fcinfo, is_nvec, false))
FK_STATS_ENTRY(vargmax, FkArgExtremeRun(fcinfo, is_nvec, true))
FK_STATS_ENTRY(vcov, FkCovRun(fcinfo, is_nvec, FK_COV_SAMP, "vcov"))
FK_STATS_ENTRY(vcov_pop, FkCovRun(fcinfo, is_nvec, FK_COV_POP, "vcov_pop"))
FK_STATS_ENTRY(vcorr, FkCovRun(fcinfo, is_nvec, FK_COV_CORR, "vcorr"))
FK_STATS_ENTRY(vmedian, FkQuantileRun(fcinfo, is_nvec, true))
FK_STATS_ENTRY(vquantile, FkQuantileRun(fcinfo, is_nvec, false))
FK_STATS_ENTRY(vquantiles, FkQuantilesRun(fcinfo, is_nvec))
