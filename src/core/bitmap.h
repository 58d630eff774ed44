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

/*
 * The first element in [i, to) whose bit is set (a present element) or,
 * with nulls, clear (a NULL); to when there is none
 */
static inline size_t
FkBitmapFind(const uint64_t *bm, size_t i, size_t to, bool nulls)
{
	while (i < to)
	{
		size_t		w = i / FK_WORD_BITS;
		uint64_t	bits = (nulls ? ~bm[w] : bm[w]) &
			(FK_ALL_VALID << (i % FK_WORD_BITS));

		if (bits != 0)
		{
			i = w * FK_WORD_BITS + (size_t) __builtin_ctzll(bits);
			return i < to ? i : to;
		}
		i = (w + 1) * FK_WORD_BITS;
	}
	return to;
}

/*
 * Find the next run [*start, *end) within [*pos, to) that begins and ends
 * with a present element and holds no word without one; advance *pos past
 * it.  Returns false when [*pos, to) holds no present element.
 */
static inline bool
FkNextRun(const uint64_t *valid, size_t *pos, size_t to,
		  size_t *start, size_t *end)
{
	size_t		i = *pos;
	size_t		w;
	size_t		last;

	if (i >= to)
		return false;
	if (valid == NULL)
	{
		*start = i;
		*end = *pos = to;
		return true;
	}

	/* First present element at or after i */
	i = FkBitmapFind(valid, i, to, false);
	if (i >= to)
	{
		*pos = to;
		return false;
	}
	w = i / FK_WORD_BITS;

	/* Extend over the following words that hold a present element */
	while ((w + 1) * FK_WORD_BITS < to && valid[w + 1] != 0)
		w++;
	last = w * FK_WORD_BITS + 63 - (size_t) __builtin_clzll(valid[w]);

	*start = i;
	*end = *pos = last + 1 < to ? last + 1 : to;
	return true;
}

extern void FkBitmapSetAll(uint64_t *dst, size_t n);
extern void FkBitmapAnd(uint64_t *dst, const uint64_t *a, const uint64_t *b,
						size_t n);
extern void FkBitmapShift(uint64_t *dst, const uint64_t *src, size_t n,
						  size_t lag);
extern void FkBitmapAndShifted(uint64_t *dst, const uint64_t *a,
							   const uint64_t *b, size_t n, size_t lag);
extern void FkBitmapSlice(uint64_t *dst, const uint64_t *src, size_t from,
						  size_t n);
extern void FkBitmapCopyBits(uint64_t *dst, size_t to, const uint64_t *src,
							 size_t from, size_t n);
extern size_t FkBitmapCount(const uint64_t *bm, size_t n);
extern bool FkBitmapTailClean(const uint64_t *bm, size_t n);
extern void FkBitmapFromBytes(uint64_t *dst, const uint8_t *src, size_t n);
extern void FkBitmapToBytes(uint8_t *dst, const uint64_t *src, size_t n);

#endif							/* FK_BITMAP_H */
