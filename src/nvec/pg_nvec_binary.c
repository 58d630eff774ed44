/*
 * pg_nvec_binary.c
 *		The nvec type: binary input/output (send/recv).
 *
 * Wire format, all integers and floats in network byte order:
 *
 *	 int32		flags: reserved, must be 0
 *	 int32		len: number of elements, 0 .. NVEC_MAX_LEN
 *	 int32		nnulls: number of NULL elements, 0 .. len
 *	 int64[]	validity words, only when nnulls > 0: FkBitmapWords(len)
 *				words, bit i of word i / 64 set when element i is present,
 *				bits past len zero, set bits = len - nnulls
 *	 float8[]	len values; a NULL element's value is sent as 0 and
 *				ignored on receipt
 *
 * nvec_recv checks the header, the exact message size and the bitmap on the
 * bytes as they are, before it allocates anything.
 */
#include "postgres.h"

#include "libpq/pqformat.h"
#include "port/pg_bitutils.h"
#include "port/pg_bswap.h"

#include "nvec/pg_nvec.h"

PG_FUNCTION_INFO_V1(nvec_send);
PG_FUNCTION_INFO_V1(nvec_recv);

#define FK_WIRE_HDRSZ	(3 * sizeof(int32))

/* Word w of the wire bitmap starting at p, in host order */
static inline uint64
FkWireWord(const char *p, Size w)
{
	uint64		word;

	memcpy(&word, p + w * sizeof(uint64), sizeof(uint64));
	return pg_ntoh64(word);
}

/*
 * Check the bitmap of len bits at p (on the wire) against nnulls: no bit set
 * past len, and exactly len - nnulls bits set.
 */
static void
FkCheckWireBitmap(const char *p, int32 len, int32 nnulls)
{
	Size		nwords = NVEC_NWORDS(len);
	Size		present = 0;

	for (Size w = 0; w < nwords; w++)
	{
		uint64		word = FkWireWord(p, w);

		if (word & ~FkWordMask(w, (size_t) len))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
					 errmsg("invalid nvec null bitmap"),
					 errdetail("Bits past the last element must be zero.")));
		present += (Size) pg_popcount64(word);
	}
	if (present != (Size) (len - nnulls))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid nvec null bitmap"),
				 errdetail("The bitmap marks %zu of %d elements NULL but the header says %d.",
						   (Size) len - present, len, nnulls)));
}

/* Binary input: validate everything on the wire, then allocate once */
Datum
nvec_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	Size		avail = (Size) (buf->len - buf->cursor);
	uint32		flags;
	int32		len;
	int32		nnulls;
	Size		bitmapsz;
	Size		valuesz;
	NVec	   *v;

	if (avail < FK_WIRE_HDRSZ)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("insufficient data left in message"),
				 errdetail("An nvec needs a header of 12 bytes.")));
	flags = (uint32) pq_getmsgint(buf, 4);
	len = (int32) pq_getmsgint(buf, 4);
	nnulls = (int32) pq_getmsgint(buf, 4);
	avail -= FK_WIRE_HDRSZ;

	if (flags != 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid nvec flags: %u", flags),
				 errdetail("The flags field is reserved and must be zero.")));
	if (len < 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid nvec length: %d", len)));
	FkCheckNVecLength(len);
	if (nnulls < 0 || nnulls > len)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid nvec null count: %d", nnulls),
				 errdetail("The null count must be between 0 and the length %d.",
						   len)));

	/* len is at most NVEC_MAX_LEN, so these cannot overflow */
	bitmapsz = nnulls > 0 ? NVEC_NWORDS(len) * sizeof(uint64) : 0;
	valuesz = sizeof(double) * (Size) len;
	if (avail < bitmapsz + valuesz)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("insufficient data left in message"),
				 errdetail("The message is shorter than its length and null count say.")));
	if (avail > bitmapsz + valuesz)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("incorrect binary data format"),
				 errdetail("The message has bytes past the end of the nvec.")));
	if (nnulls > 0)
		FkCheckWireBitmap(buf->data + buf->cursor, len, nnulls);

	v = FkNVecAllocRaw(len, nnulls > 0);
	if (nnulls > 0)
	{
		uint64	   *bm = NVEC_BITMAP_SLOT(v);

		for (Size w = 0; w < NVEC_NWORDS(len); w++)
			bm[w] = FkWireWord(buf->data + buf->cursor, w);
		buf->cursor += (int) bitmapsz;
	}
	pq_copymsgbytes(buf, (char *) NVEC_VALUES(v), (int) valuesz);
	for (int32 i = 0; i < len; i++)
	{
		uint64		bits;

		memcpy(&bits, &v->values[i], sizeof(bits));
		bits = pg_ntoh64(bits);
		memcpy(&v->values[i], &bits, sizeof(bits));
	}
	FkNVecFinish(v);
	/* binary COPY into an nvec(compressed) column passes its modifier */
	PG_RETURN_NVEC_P(FkNVecApplyTypmod(v, FK_NVEC_TYPMOD_ARG(2)));
}

/* Binary output, in the format nvec_recv reads */
Datum
nvec_send(PG_FUNCTION_ARGS)
{
	NVec	   *v = PG_GETARG_NVEC_P(0);
	const uint64 *bm = NVEC_BITMAP(v);
	StringInfoData buf;

	pq_begintypsend(&buf);
	enlargeStringInfo(&buf, (int) (NVEC_SIZE(v->len, bm != NULL) -
								   NVEC_HDRSZ + FK_WIRE_HDRSZ));
	pq_sendint32(&buf, 0);
	pq_sendint32(&buf, (uint32) v->len);
	pq_sendint32(&buf, (uint32) v->nnulls);
	if (bm != NULL)
		for (Size w = 0; w < NVEC_NWORDS(v->len); w++)
			pq_sendint64(&buf, bm[w]);
	for (int32 i = 0; i < v->len; i++)
		pq_sendfloat8(&buf, v->values[i]);
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}
