/*
 * pg_nvec_part.c
 *		Reading part of an nvec datum (an element, a slice) without the
 *		whole vector: a compressed value decodes only the blocks that hold
 *		the part, and a value stored out of line without TOAST compression
 *		is not detoasted whole: its header, the validity words and the
 *		values (or, compressed, the directory entries and the blocks) of the
 *		part are fetched alone, and checked.
 */
#include "postgres.h"

#include "access/detoast.h"
#include "miscadmin.h"

#include "core/alp.h"
#include "pg_nvec.h"

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
		elog(ERROR, "nvec datum shorter than its header says");
	memcpy(out, VARDATA(part), size);
	pfree(part);
}

/*
 * Open an nvec datum for reading parts of it: detoasted, and checked when
 * compressed; or, stored out of line without TOAST compression, only its
 * header fetched, and checked.
 */
void
FkNVecPartsOpen(FkNVecParts *p, Datum d)
{
	p->datum = d;
	if (!FkIsPlainExternal(d))
	{
		p->v = (NVec *) PG_DETOAST_DATUM(d);
		if (NVEC_IS_COMPRESSED(p->v))
			FkNVecCheckCompressed(p->v);
		memcpy(&p->hdr, p->v, NVEC_HDRSZ);
		return;
	}
	p->v = NULL;
	FkNVecFetchPart(d, VARHDRSZ, NVEC_HDRSZ - VARHDRSZ,
					(char *) &p->hdr + VARHDRSZ);
	if (p->hdr.flags != 0 && p->hdr.flags != NVEC_FLAG_ALP)
		FkNVecCorrupt(psprintf("Unknown encoding flags %u.", p->hdr.flags));
	if (p->hdr.len < 0 || p->hdr.len > NVEC_MAX_LEN ||
		p->hdr.nnulls < 0 || p->hdr.nnulls > p->hdr.len)
		ereport(ERROR,
				(errcode(ERRCODE_DATA_CORRUPTED),
				 errmsg("invalid nvec"),
				 errdetail("Length or null count out of range.")));
}

/*
 * Copy validity bits [from, from + n) of an opened nvec with NULLs
 * (hdr.nnulls > 0) into out from bit 0, tail clear
 */
void
FkNVecPartsBits(FkNVecParts *p, int32 from, int32 n, uint64 *out)
{
	Size		w0 = (Size) from / FK_WORD_BITS;
	Size		nwords;
	uint64	   *words;

	Assert(p->hdr.nnulls > 0);
	if (n <= 0)
		return;
	if (p->v != NULL)
	{
		FkBitmapSlice(out, NVEC_IS_COMPRESSED(p->v) ? FkNVecAlpBitmap(p->v) :
					  NVEC_BITMAP(p->v), (size_t) from, (size_t) n);
		return;
	}
	/* the bitmap follows the values, or the header when compressed */
	nwords = ((Size) from + (Size) n - 1) / FK_WORD_BITS - w0 + 1;
	words = palloc(nwords * sizeof(uint64));
	FkNVecFetchPart(p->datum,
					NVEC_HDRSZ + (p->hdr.flags != 0 ? 0 :
								  sizeof(double) * (Size) p->hdr.len) +
					sizeof(uint64) * w0,
					nwords * sizeof(uint64), words);
	FkBitmapSlice(out, words, (size_t) from % FK_WORD_BITS, (size_t) n);
	pfree(words);
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
	Size		dir = NVEC_HDRSZ + (p->hdr.nnulls > 0 ?
									NVEC_NWORDS(len) * sizeof(uint64) : 0);
	uint32	   *off = palloc((b1 - b0 + 1) * sizeof(uint32));
	uint8	   *data;
	double	   *buf = palloc(sizeof(double) * FK_ALP_BLOCK);

	FkNVecFetchPart(p->datum, dir + 4 * b0, (b1 - b0 + 1) * sizeof(uint32), off);
	for (Size b = b0; b < b1; b++)
		if (off[b - b0 + 1] <= off[b - b0] ||
			off[b - b0 + 1] - off[b - b0] > FK_ALP_BLOCK_MAX)
			FkNVecBlockStatus(FK_ALP_BAD_DIRECTORY);
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
