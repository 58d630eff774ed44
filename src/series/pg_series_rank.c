/*
 * pg_series_rank.c
 *		Sort and rank one vector over float8[] and nvec: vsort, vrank,
 *		vpercent_rank (core/series_rank.h sorts and ranks).
 *
 * The vector is read block by block (FkVecReader of vecview.h), its values
 * copied into one palloc'd array and the positions of its valid elements
 * into another, which a stable radix sort orders by value.  The result has
 * the argument's type and length, built in place (FkVecResult).
 */
#include "postgres.h"

#include "fmgr.h"
#include "miscadmin.h"
#include "utils/builtins.h"

#include "core/bitmap.h"
#include "core/series_rank.h"
#include "kernels/pg_kernels.h"
#include "vector/vecview.h"

/* A vector argument's values and the positions of its valid elements */
typedef struct FkRankInput
{
	int32		len;
	double	   *vals;			/* len values (a NULL's is unset) */
	uint32	   *idx;			/* the m valid positions, then sorted */
	size_t		m;
} FkRankInput;

/* Read vector argument 0 and sort its valid positions by value */
static void
FkRankRead(FunctionCallInfo fcinfo, bool is_nvec, bool descending,
		   FkRankInput *in)
{
	FkVecReader rd;
	int32		step;
	uint32	   *tmp;
	uint64	   *keys;

	FkReaderOpen(fcinfo, 0, is_nvec, &rd);
	step = rd.packed ? FK_READ_BLOCK : FK_BLOCK;
	in->len = rd.view.len;
	in->m = 0;
	in->vals = MemoryContextAllocHuge(CurrentMemoryContext,
									  Max(in->len, 1) * sizeof(double));
	in->idx = MemoryContextAllocHuge(CurrentMemoryContext,
									 Max(in->len, 1) * sizeof(uint32));
	for (int32 start = 0; start < in->len; start += step)
	{
		int32		n = Min(step, in->len - start);
		const double *x;
		const uint64 *valid;

		FkReaderBlock(&rd, start, n, &x, &valid);
		memcpy(in->vals + start, x, (Size) n * sizeof(double));
		for (int32 i = 0; i < n; i++)
			if (valid == NULL || FkBitmapGet(valid, (size_t) i))
				in->idx[in->m++] = (uint32) (start + i);
		CHECK_FOR_INTERRUPTS();
	}
	tmp = MemoryContextAllocHuge(CurrentMemoryContext,
								 Max(in->m, 1) * sizeof(uint32));
	keys = MemoryContextAllocHuge(CurrentMemoryContext,
								  Max(in->m, 1) * 2 * sizeof(uint64));
	FkSortOrder(in->vals, in->idx, tmp, keys, in->m, descending);
	pfree(keys);
	pfree(tmp);
}

/*
 * vsort(v, descending): the valid elements in core's float8 order, equal
 * ones in index order, NULLs after them (ascending) or before (descending),
 * as ORDER BY x and ORDER BY x DESC place them
 */
static Datum
FkSortRun(FunctionCallInfo fcinfo, bool is_nvec)
{
	bool		descending = PG_GETARG_BOOL(1);
	FkRankInput in;
	FkVecResult res;
	size_t		nulls;
	size_t		first;

	FkRankRead(fcinfo, is_nvec, descending, &in);
	nulls = (size_t) in.len - in.m;
	first = descending ? nulls : 0;
	FkResultInit(&res, is_nvec, in.len, nulls > 0);
	for (size_t i = 0; i < in.m; i++)
		res.values[first + i] = in.vals[in.idx[i]];
	if (nulls > 0)
	{
		for (size_t i = 0; i < nulls; i++)
			res.values[descending ? i : in.m + i] = 0.0;
		for (size_t i = first; i < first + in.m; i++)
			FkBitmapSet(res.valid, i);
	}
	return FkResultFinish(&res);
}

/* The rank method a text names; core's error for another */
static FkRankMethod
FkRankMethodOf(text *t)
{
	char	   *s = text_to_cstring(t);

	if (strcmp(s, "average") == 0)
		return FK_RANK_AVERAGE;
	if (strcmp(s, "min") == 0)
		return FK_RANK_MIN;
	if (strcmp(s, "max") == 0)
		return FK_RANK_MAX;
	if (strcmp(s, "dense") == 0)
		return FK_RANK_DENSE;
	if (strcmp(s, "first") == 0)
		return FK_RANK_FIRST;
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("invalid rank method \"%s\"", s),
			 errhint("Valid methods are \"average\", \"min\", \"max\", \"dense\" and \"first\".")));
	return FK_RANK_AVERAGE;		/* keep the compiler quiet */
}

/*
 * vrank(v, method) and vpercent_rank(v): the rank of each valid element
 * among the valid ones, NULL where the element is NULL
 */
static Datum
FkRankRun(FunctionCallInfo fcinfo, bool is_nvec, bool percent)
{
	FkRankMethod method = percent ? FK_RANK_PERCENT :
		FkRankMethodOf(PG_GETARG_TEXT_PP(1));
	FkRankInput in;
	FkVecResult res;
	bool		nulls;

	FkRankRead(fcinfo, is_nvec, false, &in);
	nulls = in.m < (size_t) in.len;
	FkResultInit(&res, is_nvec, in.len, nulls);
	if (nulls)
	{
		for (int32 i = 0; i < in.len; i++)
			res.values[i] = 0.0;
		for (size_t i = 0; i < in.m; i++)
			FkBitmapSet(res.valid, in.idx[i]);
	}
	FkRankFill(in.vals, in.idx, in.m, method, res.values);
	return FkResultFinish(&res);
}

/* The float8[] and nvec entry points of one function, from its call */
#define FK_RANK_ENTRY(sqlname, call) \
	PG_FUNCTION_INFO_V1(sqlname##_float8arr); \
	PG_FUNCTION_INFO_V1(sqlname##_nvec); \
	Datum sqlname##_float8arr(PG_FUNCTION_ARGS) { return call(fcinfo, false); } \
	Datum sqlname##_nvec(PG_FUNCTION_ARGS) { return call(fcinfo, true); }

/* vrank's and vpercent_rank's runs by their SQL names */
static Datum
FkRankCall(FunctionCallInfo fcinfo, bool is_nvec)
{
	return FkRankRun(fcinfo, is_nvec, false);
}

/* vpercent_rank */
static Datum
FkPercentRankCall(FunctionCallInfo fcinfo, bool is_nvec)
{
	return FkRankRun(fcinfo, is_nvec, true);
}

FK_RANK_ENTRY(vsort, FkSortRun)
FK_RANK_ENTRY(vrank, FkRankCall)
FK_RANK_ENTRY(vpercent_rank, FkPercentRankCall)
