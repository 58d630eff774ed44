/*
 * bitmap.h
 *		Validity bitmaps of 64-bit words for fusekern's kernel core.
 *
 * Bit i of a bitmap lives in word i / 64 at bit position i % 64 (least
 * significant bit first); 1 means the element is present, 0 means NULL.
 * Bits past the last element are always zero.  This file does not include
 * postgres.h: it is shared by the server glue, unit tests and benchmarks.
 */
#ifndef FK_BITMAP_H
#define FK_BITMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FK_WORD_BITS 64
#define FK_ALL_VALID UINT64_C(0xFFFFFFFFFFFFFFFF)

/* Number of 64-bit words that hold n bits */
static inline size_t
FkBitmapWords(size_t n)
{
	return (n + FK_WORD_BITS - 1) / FK_WORD_BITS;
}

/* Mask of the bits of word w that stand for elements below n */
static inline uint64_t
FkWordMask(size_t w, size_t n)
{
	size_t		rest = n - w * FK_WORD_BITS;

	return rest >= FK_WORD_BITS ? FK_ALL_VALID : ((UINT64_C(1) << rest) - 1);
}

/* Is element i present? */
static inline bool
FkBitmapGet(const uint64_t *bm, size_t i)
{
	return (bm[i / FK_WORD_BITS] >> (i % FK_WORD_BITS)) & 1;
}

/* Mark element i present */
static inline void
FkBitmapSet(uint64_t *bm, size_t i)
{
	bm[i / FK_WORD_BITS] |= UINT64_C(1) << (i % FK_WORD_BITS);
}

/* Mark element i NULL */
static inline void
FkBitmapClear(uint64_t *bm, size_t i)
{
	bm[i / FK_WORD_BITS] &= ~(UINT64_C(1) << (i % FK_WORD_BITS));
}

extern void FkBitmapSetAll(uint64_t *dst, size_t n);
extern void FkBitmapAnd(uint64_t *dst, const uint64_t *a, const uint64_t *b,
						size_t n);
extern void FkBitmapShift(uint64_t *dst, const uint64_t *src, size_t n,
						  size_t lag);
extern void FkBitmapAndShifted(uint64_t *dst, const uint64_t *a,
							   const uint64_t *b, size_t n, size_t lag);
extern size_t FkBitmapCount(const uint64_t *bm, size_t n);
extern bool FkBitmapTailClean(const uint64_t *bm, size_t n);
extern void FkBitmapFromBytes(uint64_t *dst, const uint8_t *src, size_t n);
extern void FkBitmapToBytes(uint8_t *dst, const uint64_t *src, size_t n);

#endif							/* FK_BITMAP_H */
