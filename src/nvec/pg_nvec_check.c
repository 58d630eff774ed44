/*
 * pg_nvec_check.c
 *		Checking an nvec datum before anything reads it: its header against
 *		the datum's size, then the plain form's bitmap (the compressed
 *		form's body is checked in pg_nvec_alp.c).  A value that does not
 *		hold together, one bit flipped on disk, raises XX001 instead of
 *		being read past its end.
 */
#include "postgres.h"

#include "access/detoast.h"

#include "core/alp.h"
#include "nvec/pg_nvec.h"

/* Report an nvec whose header, size or bitmap disagree (SQLSTATE XX001) */
pg_noreturn void
FkNVecInvalid(const char *detail)
{
	ereport(ERROR,
			(errcode(ERRCODE_DATA_CORRUPTED),
			 errmsg("invalid nvec"),
			 errdetail("%s", detail)));
}

/*
 * Check the header of an nvec against size, the bytes of the whole datum
 * (varlena header included; the header itself is known to fit): a known
 * encoding, length and null count in range, and a size that holds what the
 * header says, exactly for the plain form, at least the bitmap and the
 * block directory for the compressed one.  O(1): nothing past the header
 * is read.
 */
void
FkNVecCheckHeader(const NVec *hdr, Size size)
{
	Size		bmsize;

	if (hdr->flags != 0 && hdr->flags != NVEC_FLAG_ALP)
		FkNVecInvalid(psprintf("Unknown encoding flags %u.", hdr->flags));
	if (hdr->len < 0 || hdr->len > NVEC_MAX_LEN ||
		hdr->nnulls < 0 || hdr->nnulls > hdr->len)
		FkNVecInvalid(psprintf("Length %d or null count %d out of range.",
							   hdr->len, hdr->nnulls));
	if (hdr->flags == 0)
	{
		if (size != NVEC_SIZE(hdr->len, hdr->nnulls > 0))
			FkNVecInvalid(psprintf("A plain value of %d elements, %d of them NULL, takes %zu bytes, not %zu.",
								   hdr->len, hdr->nnulls,
								   (size_t) NVEC_SIZE(hdr->len, hdr->nnulls > 0),
								   (size_t) size));
		return;
	}
	bmsize = FkNVecBitmapBytes(hdr);
	if (size < NVEC_HDRSZ + bmsize + FkAlpDirectorySize((size_t) hdr->len))
		FkNVecInvalid(psprintf("A compressed value of %d elements cannot fit in %zu bytes.",
							   hdr->len, (size_t) size));
}

/*
 * Check validity words of a value of len elements, nnulls of them NULL:
 * no bit set past the last element, and as many set as elements present
 */
void
FkNVecCheckBitmap(const uint64 *bm, int32 len, int32 nnulls)
{
	if (!FkBitmapTailClean(bm, (size_t) len))
		FkNVecInvalid("Bits past the last element are set.");
	if (FkBitmapCount(bm, (size_t) len) != (size_t) (len - nnulls))
		FkNVecInvalid(psprintf("The bitmap does not match the null count %d.",
							   nnulls));
}

/*
 * Check a detoasted value's header against its size (O(1)), so that its
 * len, nnulls and flags can be read
 */
void
FkNVecCheckSize(NVec *v)
{
	if (VARSIZE(v) < NVEC_HDRSZ)
		FkNVecInvalid(psprintf("The value is %zu bytes, shorter than a header.",
							   (size_t) VARSIZE(v)));
	FkNVecCheckHeader(v, VARSIZE(v));
}

/*
 * Check a detoasted value that is not compressed: its header against its
 * size, and its bitmap when it has NULLs
 */
void
FkNVecCheckPlain(NVec *v)
{
	FkNVecCheckSize(v);
	if (NVEC_IS_COMPRESSED(v))
		FkNVecInvalid("A compressed value where a plain one was expected.");
	if (v->nnulls > 0)
		FkNVecCheckBitmap(NVEC_BITMAP(v), v->len, v->nnulls);
}

/* Check a detoasted value of either form before anything reads it */
void
FkNVecCheck(NVec *v)
{
	if (FkNVecStoredCompressed(v))
		FkNVecCheckCompressed(v);
	else
		FkNVecCheckPlain(v);
}

/* An nvec datum detoasted and checked, in either form */
NVec *
FkNVecDetoast(Datum d)
{
	NVec	   *v = (NVec *) PG_DETOAST_DATUM(d);

	FkNVecCheck(v);
	return v;
}

/*
 * The header of an nvec datum into hdr, checked against the datum's size,
 * detoasting no more than the header; VARSIZE(hdr) is set to the size of
 * the whole value
 */
void
FkNVecReadHeader(Datum d, NVec *hdr)
{
	Size		size = toast_raw_datum_size(d);
	struct varlena *part;

	if (size < NVEC_HDRSZ)
		FkNVecInvalid(psprintf("The value is %zu bytes, shorter than a header.",
							   (size_t) size));
	part = PG_DETOAST_DATUM_SLICE(d, 0, NVEC_HDRSZ - VARHDRSZ);
	if (VARSIZE(part) < NVEC_HDRSZ)
		FkNVecInvalid("The value is shorter than a header.");
	memcpy(hdr, part, NVEC_HDRSZ);
	if ((Pointer) part != DatumGetPointer(d))
		pfree(part);
	SET_VARSIZE(hdr, size);
	FkNVecCheckHeader(hdr, size);
}
