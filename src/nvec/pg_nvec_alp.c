/*
 * pg_nvec_alp.c
 *		The compressed form of nvec (docs/nvec.md): checking, decoding and
 *		encoding values.  The SQL interface is in pg_nvec_alp_sql.c.
 *
 * Layout of a compressed value: the nvec header with flags NVEC_FLAG_ALP,
 * the validity bitmap as in the plain form (only when nnulls > 0), then
 * the body of core/alp.h (block directory and blocks of 1,024 values).
 */
#include "postgres.h"

#include "miscadmin.h"

#include "core/alp.h"
#include "nvec/pg_nvec.h"

/* Report a compressed value that does not hold together (SQLSTATE XX001) */
pg_noreturn void
FkNVecCorrupt(const char *detail)
{
	ereport(ERROR,
			(errcode(ERRCODE_DATA_CORRUPTED),
			 errmsg("invalid compressed nvec"),
			 errdetail("%s", detail)));
}

/*
 * Check a detoasted compressed value before anything reads its blocks:
 * its header against its size (pg_nvec_check.c), the bitmap consistent
 * with the length and null count, the block directory consistent with the
 * value's size.  The blocks' own fields are checked as each is decoded.
 */
void
FkNVecCheckCompressed(NVec *v)
{
	Size		size = VARSIZE(v);
	Size		bmsize;
	FkAlpStatus st;

	FkNVecCheckSize(v);
	if (v->flags != NVEC_FLAG_ALP)
		FkNVecCorrupt("A plain value where a compressed one was expected.");
	bmsize = FkNVecBitmapBytes(v);
	if (v->nnulls > 0)
		FkNVecCheckBitmap(FkNVecAlpBitmap(v), v->len, v->nnulls);
	st = FkAlpCheckBody((const uint8 *) v + NVEC_HDRSZ + bmsize,
						size - NVEC_HDRSZ - bmsize, (size_t) v->len);
	if (st != FK_ALP_OK)
		FkNVecCorrupt(FkAlpStatusText(st));
}

/* The validity words of a compressed value (meaningful when nnulls > 0) */
const uint64 *
FkNVecAlpBitmap(NVec *v)
{
	return (const uint64 *) ((char *) v + NVEC_HDRSZ);
}

/* The encoded body of a compressed value, and its size */
const uint8 *
FkNVecAlpBody(NVec *v, Size *size)
{
	Size		bmsize = FkNVecBitmapBytes(v);

	*size = VARSIZE(v) - NVEC_HDRSZ - bmsize;
	return (const uint8 *) v + NVEC_HDRSZ + bmsize;
}

/*
 * Decode block b of a checked compressed value into out (room for
 * FK_ALP_BLOCK values); absent slots are zero
 */
void
FkNVecDecodeBlock(NVec *v, Size b, double *out)
{
	Size		size;
	const uint8 *body = FkNVecAlpBody(v, &size);
	FkAlpStatus st;

	st = FkAlpDecodeBlock(body, (size_t) v->len, b,
						  v->nnulls > 0 ? FkNVecAlpBitmap(v) : NULL, out);
	if (st != FK_ALP_OK)
		FkNVecCorrupt(FkAlpStatusText(st));
}

/*
 * The block source of a checked compressed value (FkFuseInput.fetch):
 * block b decoded into buf
 */
void
FkNVecFetchBlock(const void *src, size_t block, double *buf)
{
	FkNVecDecodeBlock((NVec *) unconstify(void *, src), block, buf);
}

/*
 * The plain form of a detoasted nvec, checked first: v itself when plain,
 * else a new plain value decoded from it
 */
NVec *
FkNVecPlain(NVec *v)
{
	NVec	   *plain;

	if (!FkNVecStoredCompressed(v))
	{
		FkNVecCheckPlain(v);
		return v;
	}
	FkNVecCheckCompressed(v);
	plain = FkNVecAllocRaw(v->len, v->nnulls > 0);
	plain->nnulls = v->nnulls;
	if (v->nnulls > 0)
		memcpy(NVEC_BITMAP_SLOT(plain), FkNVecAlpBitmap(v),
			   NVEC_NWORDS(v->len) * sizeof(uint64));
	for (Size b = 0; b < FkAlpBlocks((size_t) v->len); b++)
	{
		if ((b & 63) == 63)
			CHECK_FOR_INTERRUPTS();
		FkNVecDecodeBlock(v, b, NVEC_VALUES(plain) + b * FK_ALP_BLOCK);
	}
	return plain;
}

/*
 * The compressed form of a detoasted plain nvec, or v itself when that
 * would not be smaller (or v is compressed already)
 */
NVec *
FkNVecCompress(NVec *v)
{
	Size		bmsize;
	Size		bound;
	Size		bodysize;
	NVec	   *c;
	void	   *scratch;

	if (NVEC_IS_COMPRESSED(v))
		return v;
	bmsize = FkNVecBitmapBytes(v);
	bound = NVEC_HDRSZ + bmsize + FkAlpBodyBound((size_t) v->len);
	if (!AllocSizeIsValid(bound))
		return v;
	c = (NVec *) palloc(bound);
	scratch = palloc(FK_ALP_SCRATCH);
	memcpy(c, v, NVEC_HDRSZ);
	c->flags = NVEC_FLAG_ALP;
	if (bmsize > 0)
		memcpy((char *) c + NVEC_HDRSZ, NVEC_BITMAP_SLOT(v), bmsize);
	bodysize = FkAlpEncode(NVEC_VALUES(v), NVEC_BITMAP(v), (size_t) v->len,
						   (uint8 *) c + NVEC_HDRSZ + bmsize, scratch);
	pfree(scratch);
	if (NVEC_HDRSZ + bmsize + bodysize >= VARSIZE(v))
	{
		pfree(c);
		return v;
	}
	SET_VARSIZE(c, NVEC_HDRSZ + bmsize + bodysize);
	return c;
}

/*
 * v as a column of type modifier typmod wants it: compressed for
 * nvec(compressed), as it is for no modifier
 */
NVec *
FkNVecApplyTypmod(NVec *v, int32 typmod)
{
	if (typmod == FK_NVEC_TYPMOD_COMPRESSED && !NVEC_IS_COMPRESSED(v))
		return FkNVecCompress(v);
	return v;
}
