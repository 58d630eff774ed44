/*
 * pg_nvec.h
 *		fusekern's own functions on nvec values (the type itself, for any
 *		extension, is in nvec.h).
 */
#ifndef FK_PG_NVEC_H
#define FK_PG_NVEC_H

/* nvec.h's DatumGetNVecP calls the decoder directly (the build defines it) */
#ifndef FK_NVEC_INTERNAL
#define FK_NVEC_INTERNAL
#endif
#include "nvec/nvec.h"
#include "common/pg_compat.h"

#include "core/bitmap.h"

extern NVec *FkNVecAllocRaw(int32 len, bool hasnulls);
extern NVec *FkNVecBuild(int32 len, const double *values,
						 const uint64 *valid);
extern void FkNVecFinish(NVec *v);
extern void FkCheckNVecLength(int64 len);

/* An nvec datum read in parts (pg_nvec_part.c) */
typedef struct FkNVecParts
{
	Datum		datum;
	NVec	   *v;				/* the value detoasted, or NULL when its
								 * parts are fetched from out of line */
	NVec		hdr;			/* its header: flags, len, nnulls; VARSIZE
								 * the size of the whole value */
	uint64	   *bitmap;			/* fetched from out of line with NULLs: its
								 * validity words, checked */
	uint8	   *dir;			/* fetched from out of line and compressed:
								 * its block directory, checked */
} FkNVecParts;

extern void FkNVecPartsOpen(FkNVecParts *p, Datum d);
extern bool FkNVecPartsPresent(FkNVecParts *p, int32 i);
extern void FkNVecPartsBits(FkNVecParts *p, int32 from, int32 n, uint64 *out);
extern void FkNVecPartsValues(FkNVecParts *p, int32 from, int32 n,
							  double *out);
extern NVec *FkNVecSlice(FkNVecParts *p, int64 lo, int64 hi);

/* Bytes of the validity words a value of header hdr holds (none without NULLs) */
static inline Size
FkNVecBitmapBytes(const NVec *hdr)
{
	return hdr->nnulls > 0 ? NVEC_NWORDS(hdr->len) * sizeof(uint64) : 0;
}

/*
 * Is the detoasted v in the compressed form?  Its flags are read only when
 * its header fits; a shorter value is taken as plain, whose check refuses it.
 */
static inline bool
FkNVecStoredCompressed(const NVec *v)
{
	return VARSIZE(v) >= NVEC_HDRSZ && NVEC_IS_COMPRESSED(v);
}

/* Checking a datum before it is read (pg_nvec_check.c) */
extern pg_noreturn void FkNVecInvalid(const char *detail);
extern void FkNVecCheckHeader(const NVec *hdr, Size size);
extern void FkNVecCheckBitmap(const uint64 *bm, int32 len, int32 nnulls);
extern void FkNVecCheckSize(NVec *v);
extern void FkNVecCheckPlain(NVec *v);
extern void FkNVecCheck(NVec *v);
extern NVec *FkNVecDetoast(Datum d);
extern void FkNVecReadHeader(Datum d, NVec *hdr);

/* Compressed nvec (pg_nvec_alp.c) */
/* The type modifier of nvec(compressed) */
#define FK_NVEC_TYPMOD_COMPRESSED	1
/* The type modifier an input function is called with (argument n), or -1 */
#define FK_NVEC_TYPMOD_ARG(n) \
	(PG_NARGS() > (n) && !PG_ARGISNULL(n) ? PG_GETARG_INT32(n) : -1)
extern pg_noreturn void FkNVecCorrupt(const char *detail);
extern void FkNVecCheckCompressed(NVec *v);
extern const uint64 *FkNVecAlpBitmap(NVec *v);
extern const uint8 *FkNVecAlpBody(NVec *v, Size *size);
extern NVec *FkNVecCompress(NVec *v);
extern NVec *FkNVecApplyTypmod(NVec *v, int32 typmod);
extern void FkNVecDecodeBlock(NVec *v, Size b, double *out);
extern void FkNVecFetchBlock(const void *src, size_t block, double *buf);

#endif							/* FK_PG_NVEC_H */
