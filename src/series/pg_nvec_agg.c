/*
 * pg_nvec_agg.c
 *		nvec_agg(float8): collect rows into an nvec, in input order (or the
 *		aggregate's ORDER BY), NULL inputs kept as NULL elements.
 *
 * The state grows by doubling in the aggregate's memory context, so adding
 * n rows costs O(n) time and at most twice the final size in memory; the
 * final function copies it once into an nvec and leaves the state intact
 * (it may run more than once, in window aggregation).
 *
 * In a parallel plan each worker collects its own rows; the leader appends
 * the workers' states one after another (combine), so without ORDER BY the
 * order of the rows across workers is unspecified, as for array_agg.  A
 * state travels as a bytea (core/series_agg.h), checked before it is read.
 */
#include "postgres.h"

#include "fmgr.h"
#include "storage/shmem.h"

#include "core/series_agg.h"
#include "kernels/pg_kernels.h"
#include "nvec/pg_nvec.h"

PG_FUNCTION_INFO_V1(nvec_agg_transfn);
PG_FUNCTION_INFO_V1(nvec_agg_finalfn);
PG_FUNCTION_INFO_V1(nvec_agg_combinefn);
PG_FUNCTION_INFO_V1(nvec_agg_serialfn);
PG_FUNCTION_INFO_V1(nvec_agg_deserialfn);

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

/* Make room for need elements in all, doubling up to NVEC_MAX_LEN */
static void
FkAggStateReserve(FkAggState *st, int64 need)
{
	int64		newcap = st->cap;
	Size		oldwords = (Size) st->cap / 64;
	Size		newwords;

	if (need <= st->cap)
		return;
	FkCheckNVecLength(need);
	while (newcap < need)
		newcap *= 2;
	newcap = Min(newcap, (int64) NVEC_MAX_LEN + 63);
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

	aggcontext = FkAggContext(fcinfo, "nvec_agg_transfn");

	st = PG_ARGISNULL(0) ? FkAggStateCreate(aggcontext)
		: (FkAggState *) PG_GETARG_POINTER(0);
	FkAggStateReserve(st, (int64) st->len + 1);

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

/*
 * Combine: the second state's elements appended to the first's (a copy of
 * the second in the aggregate context when the first is NULL).
 */
Datum
nvec_agg_combinefn(PG_FUNCTION_ARGS)
{
	MemoryContext aggcontext;
	FkAggState *a;
	FkAggState *b;

	aggcontext = FkAggContext(fcinfo, "nvec_agg_combinefn");
	a = PG_ARGISNULL(0) ? NULL : (FkAggState *) PG_GETARG_POINTER(0);
	b = PG_ARGISNULL(1) ? NULL : (FkAggState *) PG_GETARG_POINTER(1);
	if (b == NULL)
	{
		if (a == NULL)
			PG_RETURN_NULL();
		PG_RETURN_POINTER(a);
	}
	if (a == NULL)
		a = FkAggStateCreate(aggcontext);

	FkAggStateReserve(a, (int64) a->len + b->len);
	memcpy(a->values + a->len, b->values, sizeof(double) * (Size) b->len);
	FkBitmapCopyBits(a->valid, (size_t) a->len, b->valid, 0, (size_t) b->len);
	a->len += b->len;
	a->nnulls += b->nnulls;
	PG_RETURN_POINTER(a);
}

/* Serialize: len, nnulls, the values and (with NULLs) the validity words */
Datum
nvec_agg_serialfn(PG_FUNCTION_ARGS)
{
	FkAggState *st;
	Size		nwords;
	Size		size;
	bytea	   *out;
	char	   *p;

	(void) FkAggContext(fcinfo, "nvec_agg_serialfn");
	st = (FkAggState *) PG_GETARG_POINTER(0);
	nwords = st->nnulls > 0 ? NVEC_NWORDS(st->len) : 0;
	size = FK_LISTAGG_HDRSZ + sizeof(double) * (Size) st->len +
		sizeof(uint64) * nwords;
	out = (bytea *) palloc(add_size(VARHDRSZ, size));
	SET_VARSIZE(out, VARHDRSZ + size);
	p = VARDATA(out);
	memcpy(p, &st->len, sizeof(int32));
	memcpy(p + 4, &st->nnulls, sizeof(int32));
	memcpy(p + FK_LISTAGG_HDRSZ, st->values, sizeof(double) * (Size) st->len);
	memcpy(p + FK_LISTAGG_HDRSZ + sizeof(double) * (Size) st->len, st->valid,
		   sizeof(uint64) * nwords);
	PG_RETURN_BYTEA_P(out);
}

/*
 * Deserialize, in the current memory context; a bytea that is not a sound
 * state is an error, never read past its end.
 */
Datum
nvec_agg_deserialfn(PG_FUNCTION_ARGS)
{
	bytea	   *in;
	const char *p;
	const char *bad;
	int32		len;
	int32		nnulls;
	FkAggState *st;

	(void) FkAggContext(fcinfo, "nvec_agg_deserialfn");
	in = PG_GETARG_BYTEA_PP(0);
	p = VARDATA_ANY(in);
	bad = FkListAggParse((const uint8 *) p, VARSIZE_ANY_EXHDR(in),
						 NVEC_MAX_LEN, &len, &nnulls);
	if (bad != NULL)
		ereport(ERROR,
				(errcode(ERRCODE_DATA_CORRUPTED),
				 errmsg("invalid partial state of nvec_agg"),
				 errdetail_internal("%s", bad)));

	st = FkAggStateCreate(CurrentMemoryContext);
	FkAggStateReserve(st, len);
	memcpy(st->values, p + FK_LISTAGG_HDRSZ, sizeof(double) * (Size) len);
	if (nnulls > 0)
		memcpy(st->valid, p + FK_LISTAGG_HDRSZ + sizeof(double) * (Size) len,
			   sizeof(uint64) * NVEC_NWORDS(len));
	else
		FkBitmapSetAll(st->valid, (size_t) len);
	st->len = len;
	st->nnulls = nnulls;
	PG_RETURN_POINTER(st);
}
