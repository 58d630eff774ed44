/*
 * pg_nvec_part.c
 *		Reading part of an nvec datum (an element, a slice: FkNVecSlice,
 *		which the subscript handler calls for v[a:b]) without the
 *		whole vector: a compressed value decodes only the blocks that hold
 *		the part, and a value stored out of line without TOAST compression
 *		is not detoasted whole: its header, validity words and (compressed)
 *		block directory, then the values or blocks of the part are fetched
 *		alone, each checked as the whole value would be.
 */
#include "postgres.h"

#include "access/detoast.h"
#include "miscadmin.h"

#include "core/alp.h"
#include "nvec/pg_nvec.h"

/*
 * Is the datum stored out of line without compression?  Then any part of it
 * can be fetched alone, at the cost of the toast chunks that hold it.
 */
static bool
FkIsPlainExternal(Datum d)
{
	struct varlena *attr = (struct varlena *) DatumGetPointer(d);
	struct varatt_external toast_pointer;

	if (!VARATT_IS_EXTERNAL_ONDISK(attr))
		return false;
	VARATT_EXTERNAL_GET_POINTER(toast_pointer, attr);
	/* VARATT_EXTERNAL_IS_COMPRESSED, without its signed/unsigned comparison */
	return (int64) VARATT_EXTERNAL_GET_EXTSIZE(toast_pointer) >=
		(int64) toast_pointer.va_rawsize - VARHDRSZ;
}

/* size bytes of an nvec datum from byte offset off of the NVec struct */
static void
FkNVecFetchPart(Datum d, Size off, Size size, void *out)
{
	struct varlena *part;

	if (size == 0)
		return;
	part = PG_DETOAST_DATUM_SLICE(d, (int32) (off - VARHDRSZ), (int32) size);
	if (VARSIZE(part) - VARHDRSZ != size)
		FkNVecInvalid("The value is shorter than its header says.");
	memcpy(out, VARDATA(part), size);
	pfree(part);
}

/*
 * Open an nvec datum for reading parts of it: detoasted and checked (as
 * any reader does, pg_nvec_check.c); or, stored out of line without TOAST
 * compression, only its header fetched and checked against the stored
 * size, then its validity words (a 64th of the values) and, compressed,
 * its block directory, each fetched whole and checked as the whole value
 * is checked, so that a part read from out of line gives the answer, or
 * the error, of the same value read whole.  The blocks are checked as they
 * are decoded.
 */
void
FkNVecPartsOpen(FkNVecParts *p, Datum d)
{
	Size		bmsize;
	Size		dirsize;
	FkAlpStatus st;

	p->datum = d;
	p->bitmap = NULL;
	p->dir = NULL;
	if (!FkIsPlainExternal(d))
	{
		p->v = FkNVecDetoast(d);
		memcpy(&p->hdr, p->v, NVEC_HDRSZ);
		return;
	}
	p->v = NULL;
	FkNVecReadHeader(d, &p->hdr);
	bmsize = FkNVecBitmapBytes(&p->hdr);
	if (bmsize > 0)
	{
		/* the bitmap follows the values, or the header when compressed */
		p->bitmap = palloc(bmsize);
		FkNVecFetchPart(d, NVEC_HDRSZ + (p->hdr.flags != 0 ? 0 :
										 sizeof(double) * (Size) p->hdr.len),
						bmsize, p->bitmap);
		FkNVecCheckBitmap(p->bitmap, p->hdr.len, p->hdr.nnulls);
	}
	if (p->hdr.flags == 0)
		return;
	dirsize = FkAlpDirectorySize((size_t) p->hdr.len);
	p->dir = palloc(dirsize);
	FkNVecFetchPart(d, NVEC_HDRSZ + bmsize, dirsize, p->dir);
	st = FkAlpCheckDirectory(p->dir, VARSIZE(&p->hdr) - NVEC_HDRSZ - bmsize,
							 (size_t) p->hdr.len);
	if (st != FK_ALP_OK)
		FkNVecCorrupt(FkAlpStatusText(st));
}

/*
 * Copy validity bits [from, from + n) of an opened nvec with NULLs
 * (hdr.nnulls > 0) into out from bit 0, tail clear
 */
void
FkNVecPartsBits(FkNVecParts *p, int32 from, int32 n, uint64 *out)
{
	const uint64 *bm;

	Assert(p->hdr.nnulls > 0);
	if (n <= 0)
		return;
	if (p->v == NULL)
		bm = p->bitmap;
	else
		bm = NVEC_IS_COMPRESSED(p->v) ? FkNVecAlpBitmap(p->v) :
			NVEC_BITMAP(p->v);
	FkBitmapSlice(out, bm, (size_t) from, (size_t) n);
}

/* Is element i (0-based, in range) of an opened nvec present? */
bool
FkNVecPartsPresent(FkNVecParts *p, int32 i)
{
	uint64		word;

	if (p->hdr.nnulls == 0)
		return true;
	FkNVecPartsBits(p, i, 1, &word);
	return word != 0;
}

/* Raise the error of a compressed block that st rejected */
static void
FkNVecBlockStatus(FkAlpStatus st)
{
	if (st != FK_ALP_OK)
		FkNVecCorrupt(FkAlpStatusText(st));
}

/*
 * Values [from, from + n) of a compressed value stored out of line without
 * TOAST compression into out: the directory entries of the blocks that
 * hold them, then those blocks, fetched in one piece each, checked as they
 * are decoded
 */
static void
FkNVecExternalBlocks(FkNVecParts *p, int32 from, int32 n, double *out)
{
	Size		len = (Size) p->hdr.len;
	Size		b0 = (Size) from / FK_ALP_BLOCK;
	Size		b1 = ((Size) from + (Size) n - 1) / FK_ALP_BLOCK + 1;
	Size		dir = NVEC_HDRSZ + FkNVecBitmapBytes(&p->hdr);
	uint32	   *off = palloc((b1 - b0 + 1) * sizeof(uint32));
	uint8	   *data;
	double	   *buf = palloc(sizeof(double) * FK_ALP_BLOCK);

	/* the directory was checked whole when the value was opened */
	for (Size b = b0; b <= b1; b++)
		off[b - b0] = (uint32) FkAlpBlockOffset(p->dir, b);
	data = palloc(off[b1 - b0] - off[0]);
	FkNVecFetchPart(p->datum, dir + FkAlpDirectorySize(len) + off[0],
					off[b1 - b0] - off[0], data);
	for (Size b = b0; b < b1; b++)
	{
		Size		lo = Max(b * FK_ALP_BLOCK, (Size) from);
		Size		hi = Min(b * FK_ALP_BLOCK + FkAlpBlockLen(len, b),
							 (Size) from + (Size) n);

		CHECK_FOR_INTERRUPTS();
		FkNVecBlockStatus(FkAlpDecodeBlockData(data + off[b - b0] - off[0],
											   off[b - b0 + 1] - off[b - b0],
											   FkAlpBlockLen(len, b), buf));
		memcpy(out + (lo - from), buf + (lo - b * FK_ALP_BLOCK),
			   (hi - lo) * sizeof(double));
	}
	pfree(buf);
	pfree(data);
	pfree(off);
}

/*
 * Values [from, from + n) (in range) of an opened nvec into out: of a
 * compressed value, only the blocks that hold them are decoded (a block
 * inside the range straight into out); a NULL element's slot holds 0.0,
 * or, read out of line from a compressed value, whatever its block holds
 * there (the caller's bitmap makes it NULL)
 */
void
FkNVecPartsValues(FkNVecParts *p, int32 from, int32 n, double *out)
{
	Size		b0;
	Size		b1;
	double	   *buf;

	if (n <= 0)
		return;
	if (p->v == NULL)
	{
		if (p->hdr.flags != 0)
			FkNVecExternalBlocks(p, from, n, out);
		else
			FkNVecFetchPart(p->datum, NVEC_HDRSZ + sizeof(double) * (Size) from,
							sizeof(double) * (Size) n, out);
		return;
	}
	if (!NVEC_IS_COMPRESSED(p->v))
	{
		memcpy(out, NVEC_VALUES(p->v) + from, sizeof(double) * (Size) n);
		return;
	}
	b0 = (Size) from / FK_ALP_BLOCK;
	b1 = ((Size) from + (Size) n - 1) / FK_ALP_BLOCK + 1;
	buf = palloc(sizeof(double) * FK_ALP_BLOCK);
	for (Size b = b0; b < b1; b++)
	{
		Size		start = b * FK_ALP_BLOCK;
		Size		end = start + FkAlpBlockLen((size_t) p->hdr.len, b);
		Size		lo = Max(start, (Size) from);
		Size		hi = Min(end, (Size) from + (Size) n);

		CHECK_FOR_INTERRUPTS();
		if (lo == start && hi == end)
		{
			FkNVecDecodeBlock(p->v, b, out + (start - from));
			continue;
		}
		FkNVecDecodeBlock(p->v, b, buf);
		memcpy(out + (lo - from), buf + (lo - start), (hi - lo) * sizeof(double));
	}
	pfree(buf);
}

/*
 * Elements lo .. hi (1-based, inclusive) of an opened nvec as a new plain
 * nvec, the bounds clipped to 1 .. len as core clips a slice; empty when
 * lo > hi after clipping.  Only the part is read: of a compressed value
 * the blocks that hold it are decoded, of a value stored out of line its
 * values and validity words are fetched alone (pg_nvec_part.c).
 */
NVec *
FkNVecSlice(FkNVecParts *p, int64 lo, int64 hi)
{
	bool		hasnulls = p->hdr.nnulls > 0;
	int32		n;
	NVec	   *res;

	lo = Max(lo, 1);
	hi = Min(hi, (int64) p->hdr.len);
	n = lo > hi ? 0 : (int32) (hi - lo + 1);

	res = FkNVecAllocRaw(n, hasnulls);
	if (n == 0)
		return res;
	FkNVecPartsValues(p, (int32) (lo - 1), n, NVEC_VALUES(res));
	if (hasnulls)
		FkNVecPartsBits(p, (int32) (lo - 1), n, NVEC_BITMAP_SLOT(res));
	FkNVecFinish(res);
	return res;
}
