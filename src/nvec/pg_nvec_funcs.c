/*
 * pg_nvec_funcs.c
 *		Functions and operators on nvec: length, null_count, unnest, equality
 *		with its hash functions, and the B-tree ordering consistent with it.
 */
#include "postgres.h"

#include <math.h>

#include "common/hashfn.h"
#include "funcapi.h"
#include "miscadmin.h"

#include "nvec/pg_nvec.h"
#include "utils/float.h"

PG_FUNCTION_INFO_V1(length_nvec);
PG_FUNCTION_INFO_V1(null_count_nvec);
PG_FUNCTION_INFO_V1(unnest_nvec);
PG_FUNCTION_INFO_V1(nvec_eq);
PG_FUNCTION_INFO_V1(nvec_ne);
PG_FUNCTION_INFO_V1(nvec_hash);
PG_FUNCTION_INFO_V1(nvec_hash_extended);
PG_FUNCTION_INFO_V1(nvec_cmp);
PG_FUNCTION_INFO_V1(nvec_lt);
PG_FUNCTION_INFO_V1(nvec_le);
PG_FUNCTION_INFO_V1(nvec_gt);
PG_FUNCTION_INFO_V1(nvec_ge);

/* Values hashed per hash_bytes call */
#define FK_HASH_BLOCK	256

/* Number of elements, NULLs included (the header alone is read) */
Datum
length_nvec(PG_FUNCTION_ARGS)
{
	NVec		hdr;

	FkNVecReadHeader(PG_GETARG_DATUM(0), &hdr);
	PG_RETURN_INT32(hdr.len);
}

/* Number of NULL elements (the header alone is read) */
Datum
null_count_nvec(PG_FUNCTION_ARGS)
{
	NVec		hdr;

	FkNVecReadHeader(PG_GETARG_DATUM(0), &hdr);
	PG_RETURN_INT32(hdr.nnulls);
}

/* The elements as rows of float8, in order, NULLs kept */
Datum
unnest_nvec(PG_FUNCTION_ARGS)
{
	FuncCallContext *funcctx;
	NVec	   *v;
	const uint64 *bm;
	int32		i;

	if (SRF_IS_FIRSTCALL())
	{
		MemoryContext oldcontext;

		funcctx = SRF_FIRSTCALL_INIT();
		oldcontext = MemoryContextSwitchTo(funcctx->multi_call_memory_ctx);
		/* detoast (when needed) into memory that lives across calls */
		funcctx->user_fctx = PG_GETARG_NVEC_P(0);
		MemoryContextSwitchTo(oldcontext);
	}
	funcctx = SRF_PERCALL_SETUP();
	v = (NVec *) funcctx->user_fctx;
	i = (int32) funcctx->call_cntr;
	if (i >= v->len)
		SRF_RETURN_DONE(funcctx);

	bm = NVEC_BITMAP(v);
	if (bm && !FkBitmapGet(bm, (size_t) i))
		SRF_RETURN_NEXT_NULL(funcctx);
	SRF_RETURN_NEXT(funcctx, Float8GetDatum(v->values[i]));
}

/*
 * Are the two vectors equal: same length, same NULL positions, and present
 * values bit-identical, except that any NaN equals any NaN.  -0 and +0 are
 * different values here (their bits differ), unlike float8 '='.
 */
static bool
FkNVecEqual(NVec *a, NVec *b)
{
	if (a->len != b->len || a->nnulls != b->nnulls)
		return false;
	if (a->nnulls > 0 &&
		memcmp(NVEC_BITMAP_SLOT(a), NVEC_BITMAP_SLOT(b),
			   NVEC_NWORDS(a->len) * sizeof(uint64)) != 0)
		return false;
	if (memcmp(a->values, b->values, sizeof(double) * (Size) a->len) == 0)
		return true;

	/* NULL slots hold +0.0 in both, so only NaNs can still match */
	for (int32 i = 0; i < a->len; i++)
	{
		if (memcmp(&a->values[i], &b->values[i], sizeof(double)) != 0 &&
			!(isnan(a->values[i]) && isnan(b->values[i])))
			return false;
	}
	return true;
}

/* nvec = nvec */
Datum
nvec_eq(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(FkNVecEqual(PG_GETARG_NVEC_P(0), PG_GETARG_NVEC_P(1)));
}

/* nvec <> nvec */
Datum
nvec_ne(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(!FkNVecEqual(PG_GETARG_NVEC_P(0), PG_GETARG_NVEC_P(1)));
}

/*
 * Fold one 64-bit part into a split hash: the low 32 bits combine the parts'
 * low halves exactly as a 32-bit hash_combine chain would, so with seed 0
 * (where hash_bytes_extended's low half is hash_bytes) the low word is the
 * standard hash; the high word combines the high halves.
 */
static inline void
FkHashFold(uint32 *lo, uint32 *hi, uint64 part)
{
	*lo = hash_combine(*lo, (uint32) part);
	*hi = hash_combine(*hi, (uint32) (part >> 32));
}

/*
 * Seeded 64-bit hash consistent with nvec_eq: length, bitmap and value bits,
 * every NaN hashed as the one canonical NaN.  Its low 32 bits with seed 0 are
 * nvec_hash, unchanged since 0.1 (hash indexes built then stay valid).
 */
static uint64
FkNVecHash(NVec *v, uint64 seed)
{
	const uint64 *bm = NVEC_BITMAP(v);
	uint64		block[FK_HASH_BLOCK];
	uint64		part = hash_bytes_uint32_extended((uint32) v->len, seed);
	uint32		lo = (uint32) part;
	uint32		hi = (uint32) (part >> 32);

	if (bm != NULL)
		FkHashFold(&lo, &hi,
				   hash_bytes_extended((const unsigned char *) bm,
									   (int) (NVEC_NWORDS(v->len) * sizeof(uint64)),
									   seed));
	for (int32 start = 0; start < v->len; start += FK_HASH_BLOCK)
	{
		int32		n = Min(FK_HASH_BLOCK, v->len - start);

		for (int32 i = 0; i < n; i++)
		{
			double		x = v->values[start + i];

			if (isnan(x))
				x = get_float8_nan();
			memcpy(&block[i], &x, sizeof(double));
		}
		FkHashFold(&lo, &hi,
				   hash_bytes_extended((const unsigned char *) block,
									   (int) (n * sizeof(uint64)), seed));
		CHECK_FOR_INTERRUPTS();
	}
	return ((uint64) hi << 32) | lo;
}

/* Hash consistent with nvec_eq (hash operator class, support function 1) */
Datum
nvec_hash(PG_FUNCTION_ARGS)
{
	PG_RETURN_UINT32((uint32) FkNVecHash(PG_GETARG_NVEC_P(0), 0));
}

/* Seeded 64-bit hash consistent with nvec_eq (support function 2) */
Datum
nvec_hash_extended(PG_FUNCTION_ARGS)
{
	PG_RETURN_UINT64(FkNVecHash(PG_GETARG_NVEC_P(0), (uint64) PG_GETARG_INT64(1)));
}

/*
 * Order two present values consistently with nvec_eq: by value, NaN above
 * everything and equal to any NaN, -0 just below +0.
 */
static inline int
FkValueCmp(double a, double b)
{
	if (memcmp(&a, &b, sizeof(double)) == 0)
		return 0;
	if (isnan(a))
		return isnan(b) ? 0 : 1;
	if (isnan(b))
		return -1;
	if (a != b)
		return a < b ? -1 : 1;
	return signbit(a) ? -1 : 1;	/* -0 against +0 */
}

/*
 * Total order on nvec, element by element as arrays compare (a NULL element
 * sorts above any value); on a common prefix the shorter vector is smaller.
 * Zero exactly when nvec_eq says equal.
 */
static int
FkNVecCmp(NVec *a, NVec *b)
{
	const uint64 *abm = NVEC_BITMAP(a);
	const uint64 *bbm = NVEC_BITMAP(b);
	int32		n = Min(a->len, b->len);

	for (int32 i = 0; i < n; i++)
	{
		bool		apresent = abm == NULL || FkBitmapGet(abm, (size_t) i);
		bool		bpresent = bbm == NULL || FkBitmapGet(bbm, (size_t) i);
		int			c;

		if (apresent != bpresent)
			return apresent ? -1 : 1;
		if (!apresent)
			continue;
		c = FkValueCmp(a->values[i], b->values[i]);
		if (c != 0)
			return c;
	}
	if (a->len != b->len)
		return a->len < b->len ? -1 : 1;
	return 0;
}

/* B-tree support: -1, 0 or 1 */
Datum
nvec_cmp(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(FkNVecCmp(PG_GETARG_NVEC_P(0), PG_GETARG_NVEC_P(1)));
}

/* nvec < nvec */
Datum
nvec_lt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(FkNVecCmp(PG_GETARG_NVEC_P(0), PG_GETARG_NVEC_P(1)) < 0);
}

/* nvec <= nvec */
Datum
nvec_le(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(FkNVecCmp(PG_GETARG_NVEC_P(0), PG_GETARG_NVEC_P(1)) <= 0);
}

/* nvec > nvec */
Datum
nvec_gt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(FkNVecCmp(PG_GETARG_NVEC_P(0), PG_GETARG_NVEC_P(1)) > 0);
}

/* nvec >= nvec */
Datum
nvec_ge(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(FkNVecCmp(PG_GETARG_NVEC_P(0), PG_GETARG_NVEC_P(1)) >= 0);
}
