/*
 * vecview.h
 *		One view of a vector argument (float8[] or nvec) and one way to build
 *		a vector result, so that kernels see plain values + validity words.
 *
 * A view never copies a float8[] without NULLs or an nvec: its values point
 * into the detoasted datum, or into an expanded array (PL/pgSQL variables)
 * where it stands, never flattened.  A float8[] with NULLs stores only its present
 * elements (packed behind a byte bitmap), so it is expanded once into len
 * values (absent slots 0.0) and validity words (core/bitmap.h).
 *
 * A result is allocated once, in its final shape where possible: the kernel
 * writes len values straight into the data area of the float8[] or nvec
 * under construction, and FkResultFinish turns it into a Datum.  A float8[]
 * result of expanded inputs (a PL/pgSQL expression on array variables) is
 * built inside an expanded array and returned as a read-write expanded
 * datum, which PL/pgSQL's assignment takes over instead of copying it.
 */
#ifndef FK_VECVIEW_H
#define FK_VECVIEW_H

#include "utils/array.h"

#include "core/fuse_program.h"
#include "nvec/pg_nvec.h"

/* A read-only view of a vector argument, float8[] or nvec */
typedef struct FkVecView
{
	int32		len;
	int32		nnulls;
	const double *values;		/* len values; an absent element's slot holds
								 * 0.0 */
	const uint64 *valid;		/* validity words (core/bitmap.h), NULL when
								 * nnulls == 0 */
	bool		expanded;		/* the argument was an expanded array */
} FkVecView;

/* Elements per block when a float8[] with NULLs is read block by block */
#define FK_READ_BLOCK	1024

/*
 * A vector argument read block by block (FkReaderOpen): in place, or, for a
 * float8[] with NULLs, a block at a time expanded into a fixed buffer
 */
typedef struct FkVecReader
{
	FkVecView	view;			/* the vector; its values and validity unset
								 * when packed */
	bool		packed;			/* read through the buffers below: a float8[]
								 * with NULLs, or a compressed nvec */
	NVec	   *alp;			/* the compressed nvec, else NULL */
	ExpandedArrayHeader *dx;	/* a deconstructed float8[] with NULLs (a
								 * PL/pgSQL variable), else NULL */
	const bits8 *nulls;			/* its NULL bitmap */
	const double *data;			/* its first present value at or after
								 * element next */
	int32		next;			/* where the last block read ended */
	double		vals[FK_READ_BLOCK];
	uint64		words[FK_READ_BLOCK / FK_WORD_BITS];
} FkVecReader;

/* A result being built, for either type */
typedef struct FkVecResult
{
	bool		is_nvec;
	int32		len;
	double	   *values;			/* where the kernel writes len values */
	uint64	   *valid;			/* validity words to fill when built with
								 * maybe_nulls, else NULL */
	void	   *container;		/* the NVec or ArrayType under construction */
	ExpandedArrayHeader *eah;	/* the expanded array that will hold it, if
								 * returned expanded */
	bool		by_block;		/* a float8[] placed block by block
								 * (FkResultPlaceBlock), packed as it came */
	int32		npacked;		/* then: the present values placed */
} FkVecResult;

extern ArrayType *FkArrayAlloc(int ndim, const int *dims, const int *lbs,
							   bool maybe_nulls);
extern void FkCheckOneDim(ArrayType *arr);
extern void FkCheckVectorArray(ArrayType *arr, const char *fn,
							   const char *which);
extern void FkViewArray(ArrayType *arr, FkVecView *view);
extern void FkViewArrayDatum(Datum d, FkVecView *view);
extern void FkViewArrayDatumOf(Datum d, FkVecView *view, const char *fn,
							   const char *which);
extern void FkViewArrayArg(FunctionCallInfo fcinfo, int argno,
						   FkVecView *view);
extern bool FkViewArrayDatumIfVector(Datum d, FkVecView *view);
extern void FkViewNVec(NVec *v, FkVecView *view);
extern void FkViewNVecBlocks(NVec *v, FkVecView *view, FkFuseInput *in);
extern void FkExpandPacked(double *dst, const double *packed,
						   const uint64 *valid, int32 n);
extern void FkReaderOpen(FunctionCallInfo fcinfo, int argno, bool is_nvec,
						 FkVecReader *rd);
extern void FkReaderOpenOf(Datum d, bool is_nvec, const char *fn,
						   const char *which, FkVecReader *rd);
extern void FkReaderOpenArray(FunctionCallInfo fcinfo, int argno,
							  ArrayType *arr, FkVecReader *rd);
extern void FkReaderBlock(FkVecReader *rd, int32 start, int32 n,
						  const double **x, const uint64 **valid);
extern void FkReaderCopy(FkVecReader *rd, int32 start, int32 n, double *dst);
extern void FkReaderCopyAll(FkVecReader *rd, double *values, uint64 *valid);
extern void FkReaderWhole(FkVecReader *rd, const double **x,
						  const uint64 **valid);
extern void FkResultInit(FkVecResult *res, bool is_nvec, int32 len,
						 bool maybe_nulls);
extern void FkResultInitFor(FkVecResult *res, bool is_nvec, int32 len,
							bool maybe_nulls, bool expanded);
extern double *FkResultBlockDst(FkVecResult *res, int32 start);
extern void FkResultPlaceBlock(FkVecResult *res, int32 start, int32 n,
							   const uint64 *valid);
extern Datum FkResultFinish(FkVecResult *res);

#endif							/* FK_VECVIEW_H */
