/*
 * nvec.h
 *		The nvec type: a nullable float8 vector.
 *
 * On-disk and in-memory layout (a varlena, always accessed detoasted, so the
 * 4-byte header puts the values on an 8-byte boundary):
 *
 *	 offset  size		   field
 *	 0		 4			   varlena length word (SET_VARSIZE)
 *	 4		 4			   flags: the encoding, NVEC_FLAG_* (0: plain)
 *	 8		 4			   len: number of elements, 0 .. NVEC_MAX_LEN
 *	 12		 4			   nnulls: number of NULL elements, 0 .. len
 *	 16		 8 * len	   values, float8; a NULL element's slot holds +0.0
 *	 ...	 8 * words	   validity bitmap, only when nnulls > 0:
 *						   NVEC_NWORDS(len) uint64 words, bit i of word
 *						   i / 64 set when element i is present, bits past
 *						   len zero
 *
 * A vector without NULLs carries no bitmap, so its values can be handed to a
 * kernel as they are.  Writers may allocate room for a bitmap and drop it by
 * setting VARSIZE to NVEC_SIZE(len, false) once they know nnulls is 0.
 *
 * Two forms.  The layout above is the plain form (flags 0).  A value may
 * also be stored compressed (flags NVEC_FLAG_ALP, see docs/nvec.md): the
 * same header, then the validity bitmap (plain, only when nnulls > 0), then
 * the values encoded in blocks of 1,024.  A reader may meet either form in
 * any argument or column: it must not read values or bitmap of a value
 * before making sure it is plain, which DatumGetNVecP / PG_GETARG_NVEC_P do
 * (they detoast, and decode a compressed value into a new plain one in the
 * current memory context).  NVEC_IS_COMPRESSED tells the form; len and
 * nnulls mean the same in both.  Functions return the plain form unless
 * they say otherwise.
 *
 * This header is installed (server include directory, extension/fusekern/)
 * for other extensions that read nvec values: it needs only PostgreSQL's
 * headers.  fusekern's own functions on nvec are declared in pg_nvec.h.
 */
#ifndef FK_NVEC_H
#define FK_NVEC_H

#include "fmgr.h"
#include "utils/memutils.h"

typedef struct NVec
{
	int32		vl_len_;		/* varlena header (do not touch directly) */
	uint32		flags;			/* encoding: 0 plain, NVEC_FLAG_ALP */
	int32		len;			/* number of elements */
	int32		nnulls;			/* number of NULL elements */
	double		values[FLEXIBLE_ARRAY_MEMBER];
} NVec;

#define NVEC_HDRSZ			offsetof(NVec, values)

/* Largest length whose values and bitmap fit in one palloc chunk */
#define NVEC_MAX_LEN \
	((int32) ((MaxAllocSize - NVEC_HDRSZ - sizeof(uint64)) / (sizeof(double) + 1.0 / 8)))

#define NVEC_NWORDS(len)	(((Size) (len) + 63) / 64)
#define NVEC_SIZE(len, hasnulls) \
	(NVEC_HDRSZ + sizeof(double) * (Size) (len) + \
	 ((hasnulls) ? sizeof(uint64) * NVEC_NWORDS(len) : 0))

#define NVEC_VALUES(v)		((v)->values)
/* The validity bitmap, or NULL when the vector has no NULLs */
#define NVEC_BITMAP(v) \
	((v)->nnulls > 0 ? (uint64 *) ((v)->values + (v)->len) : (uint64 *) NULL)
/* Where the bitmap goes, whether or not nnulls is set yet */
#define NVEC_BITMAP_SLOT(v)	((uint64 *) ((v)->values + (v)->len))

/* flags: the values are ALP-encoded blocks (the only encoding so far) */
#define NVEC_FLAG_ALP			0x0001
/* Is v (detoasted) in a compressed form, whose values are not in place? */
#define NVEC_IS_COMPRESSED(v)	((v)->flags != 0)

#ifdef FK_NVEC_INTERNAL
/* fusekern's own decoder (src/nvec/pg_nvec_alp.c) */
extern NVec *FkNVecPlain(NVec *v);
#define NVecGetPlain(v)			FkNVecPlain(v)
#else
/*
 * The plain form of a detoasted nvec: v itself when it is plain, else a new
 * plain copy in the current memory context, decoded (and checked) by
 * fusekern's nvec_decompress, looked up in fusekern's library once.
 */
static inline NVec *
NVecGetPlain(NVec *v)
{
	static PGFunction decompress = NULL;

	if (!NVEC_IS_COMPRESSED(v))
		return v;
	if (decompress == NULL)
		decompress = (PGFunction)
			load_external_function("$libdir/fusekern", "nvec_decompress",
								   true, NULL);
	return (NVec *) DatumGetPointer(DirectFunctionCall1(decompress,
														PointerGetDatum(v)));
}
#endif

/* An nvec argument, detoasted and in its plain form */
#define DatumGetNVecP(X)		NVecGetPlain((NVec *) PG_DETOAST_DATUM(X))
#define PG_GETARG_NVEC_P(n)		DatumGetNVecP(PG_GETARG_DATUM(n))
#define PG_RETURN_NVEC_P(x)		PG_RETURN_POINTER(x)

/* Is element i (0 .. len - 1) of v present, i.e. not NULL? */
#define NVEC_IS_PRESENT(v, i) \
	((v)->nnulls == 0 || \
	 ((NVEC_BITMAP(v)[(i) / 64] >> ((i) % 64)) & 1) != 0)

#endif							/* FK_NVEC_H */
