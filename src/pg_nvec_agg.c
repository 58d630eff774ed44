/*
 * pg_nvec_agg.c
 *		nvec_agg(float8): collect rows into an nvec, in input order (or the
 *		aggregate's ORDER BY), NULL inputs kept as NULL elements.
 *
 * The state grows by doubling in the aggregate's memory context, so adding
 * n rows costs O(n) time and at most twice the final size in memory; the
 * final function copies it once into an nvec and leaves the state intact
 * (it may run more than once, in window aggregation).
 */
#include "postgres.h"

#include "fmgr.h"

#include "pg_nvec.h"

PG_FUNCTION_INFO_V1(nvec_agg_transfn);
PG_FUNCTION_INFO_V1(nvec_agg_finalfn);

/* Capacity of a new state, in elements (a multiple of 64) */
#define FK_AGG_INITIAL	256

/* The transition state, allocated in the aggregate context */
typedef struct FkAggState
{
	int32		len;			/* elements so far */
	int32		cap;			/* room in values (a multiple of 64) */
	int32		nnulls;			/* NULL elements so far */
	double	   *values;
	uint64	   *valid;			/* cap / 64 words, bit set = present */
} FkAggState;

/* Create an empty state in the aggregate context */
static FkAggState *
FkAggStateCreate(MemoryContext aggcontext)
{
	FkAggState *st = MemoryContextAlloc(aggcontext, sizeof(FkAggState));

	st->len = 0;
	st->nnulls = 0;
	st->cap = FK_AGG_INITIAL;
	st->values = MemoryContextAlloc(aggcontext, sizeof(double) * FK_AGG_INITIAL);
	st->valid = MemoryContextAllocZero(aggcontext,
									   sizeof(uint64) * (FK_AGG_INITIAL / 64));
	return st;
}

/* Make room for one more element, doubling up to NVEC_MAX_LEN */
static void
FkAggStateGrow(FkAggState *st)
{
	int64		newcap;
	Size		oldwords = (Size) st->cap / 64;
	Size		newwords;

	FkCheckNVecLength((int64) st->len + 1);
	newcap = Min((int64) st->cap * 2, (int64) NVEC_MAX_LEN + 63);
	newcap &= ~(int64) 63;
	newwords = (Size) newcap / 64;
	st->values = repalloc(st->values, sizeof(double) * (Size) newcap);
	st->valid = repalloc(st->valid, sizeof(uint64) * newwords);
	memset(st->valid + oldwords, 0, sizeof(uint64) * (newwords - oldwords));
	st->cap = (int32) newcap;
}

/* Transition: append the row's value, or a NULL element (not strict) */
Datum
nvec_agg_transfn(PG_FUNCTION_ARGS)
{
	MemoryContext aggcontext;
	FkAggState *st;

	if (!AggCheckCallContext(fcinfo, &aggcontext))
		elog(ERROR, "nvec_agg_transfn called in non-aggregate context");

	st = PG_ARGISNULL(0) ? FkAggStateCreate(aggcontext)
		: (FkAggState *) PG_GETARG_POINTER(0);
	if (st->len == st->cap)
		FkAggStateGrow(st);

	if (PG_ARGISNULL(1))
	{
		st->values[st->len] = 0.0;
		st->nnulls++;
	}
	else
	{
		st->values[st->len] = PG_GETARG_FLOAT8(1);
		FkBitmapSet(st->valid, (size_t) st->len);
	}
	st->len++;
	PG_RETURN_POINTER(st);
}

/* Final: the nvec of all rows; NULL when there were no rows, as array_agg */
Datum
nvec_agg_finalfn(PG_FUNCTION_ARGS)
{
	FkAggState *st;
	NVec	   *v;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	st = (FkAggState *) PG_GETARG_POINTER(0);

	v = FkNVecBuild(st->len, st->values, st->nnulls > 0 ? st->valid : NULL);
	PG_RETURN_NVEC_P(v);
}
