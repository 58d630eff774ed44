/*
 * bitmap.c
 *		Word-wise operations on validity bitmaps (see bitmap.h for the layout).
 */
#include "bitmap.h"

#include <string.h>

/* Zero the bits past element n in the last word of dst */
static inline void
FkBitmapClearTail(uint64_t *dst, size_t n)
{
	size_t		nwords = FkBitmapWords(n);

	if (nwords > 0)
		dst[nwords - 1] &= FkWordMask(nwords - 1, n);
}

/* Mark all n elements present, tail bits zero */
void
FkBitmapSetAll(uint64_t *dst, size_t n)
{
	memset(dst, 0xFF, FkBitmapWords(n) * sizeof(uint64_t));
	FkBitmapClearTail(dst, n);
}

/* dst = a AND b over n bits; dst may alias a or b */
void
FkBitmapAnd(uint64_t *dst, const uint64_t *a, const uint64_t *b, size_t n)
{
	size_t		nwords = FkBitmapWords(n);

	for (size_t w = 0; w < nwords; w++)
		dst[w] = a[w] & b[w];
	FkBitmapClearTail(dst, n);
}

/*
 * Word w of src shifted towards higher positions by lag bits: bit i of the
 * result is bit i - lag of src, zero for i < lag.
 */
static inline uint64_t
FkShiftedWord(const uint64_t *src, size_t w, size_t lag)
{
	size_t		wshift = lag / FK_WORD_BITS;
	unsigned	bshift = lag % FK_WORD_BITS;
	uint64_t	lo,
				hi;

	if (w < wshift)
		return 0;
	hi = src[w - wshift];
	if (bshift == 0)
		return hi;
	lo = (w > wshift) ? src[w - wshift - 1] : 0;
	return (hi << bshift) | (lo >> (FK_WORD_BITS - bshift));
}

/* dst = src shifted up by lag bits over n bits; dst must not alias src */
void
FkBitmapShift(uint64_t *dst, const uint64_t *src, size_t n, size_t lag)
{
	size_t		nwords = FkBitmapWords(n);

	for (size_t w = 0; w < nwords; w++)
		dst[w] = FkShiftedWord(src, w, lag);
	FkBitmapClearTail(dst, n);
}

/*
 * dst = a AND (b shifted up by lag): element i is present when a[i] and
 * b[i - lag] both are; the first lag elements are NULL.  dst may alias a but
 * not b, since words of b below the current one are read again.
 */
void
FkBitmapAndShifted(uint64_t *dst, const uint64_t *a, const uint64_t *b,
				   size_t n, size_t lag)
{
	size_t		nwords = FkBitmapWords(n);

	for (size_t w = 0; w < nwords; w++)
		dst[w] = a[w] & FkShiftedWord(b, w, lag);
	FkBitmapClearTail(dst, n);
}

/*
 * dst = n bits of src from bit from on: bit i of dst is bit from + i of
 * src (a slice of a vector); src must hold from + n bits, dst must not
 * alias src.
 */
void
FkBitmapSlice(uint64_t *dst, const uint64_t *src, size_t from, size_t n)
{
	size_t		nwords = FkBitmapWords(n);
	size_t		srcwords = FkBitmapWords(from + n);
	size_t		wshift = from / FK_WORD_BITS;
	unsigned	bshift = from % FK_WORD_BITS;

	for (size_t w = 0; w < nwords; w++)
	{
		uint64_t	lo = src[w + wshift];
		uint64_t	hi = (w + wshift + 1 < srcwords) ? src[w + wshift + 1] : 0;

		dst[w] = bshift == 0 ? lo :
			(lo >> bshift) | (hi << (FK_WORD_BITS - bshift));
	}
	FkBitmapClearTail(dst, n);
}

/*
 * The bits of src from bit pos on, bit pos in bit 0; words of src at or
 * past bit limit are never read (the bits taken from them are zero).
 */
static inline uint64_t
FkBitsAt(const uint64_t *src, size_t pos, size_t limit)
{
	size_t		w = pos / FK_WORD_BITS;
	unsigned	b = pos % FK_WORD_BITS;
	uint64_t	bits = src[w] >> b;

	if (b != 0 && (w + 1) * FK_WORD_BITS < limit)
		bits |= src[w + 1] << (FK_WORD_BITS - b);
	return bits;
}

/*
 * Copy n bits of src from bit from on into dst from bit to on, a word at a
 * time, leaving dst's other bits as they are (src NULL: n set bits).  Only
 * the words of dst that hold bits to .. to + n - 1 are written, and only
 * those of src that hold from .. from + n - 1 are read; dst must not alias
 * src.
 */
void
FkBitmapCopyBits(uint64_t *dst, size_t to, const uint64_t *src, size_t from,
				 size_t n)
{
	size_t		done = 0;

	while (done < n)
	{
		size_t		d = to + done;
		unsigned	db = d % FK_WORD_BITS;
		size_t		take = FK_WORD_BITS - db;
		uint64_t	mask;
		uint64_t	bits;

		if (db == 0 && n - done >= FK_WORD_BITS)
		{
			/* whole words of dst, each from one or two words of src */
			size_t		sw = (from + done) / FK_WORD_BITS;
			unsigned	sb = (from + done) % FK_WORD_BITS;
			uint64_t   *out = dst + d / FK_WORD_BITS;

			for (; n - done >= FK_WORD_BITS; done += FK_WORD_BITS, sw++)
				*out++ = src == NULL ? FK_ALL_VALID : sb == 0 ? src[sw] :
					(src[sw] >> sb) | (src[sw + 1] << (FK_WORD_BITS - sb));
			continue;
		}
		/* a word of dst written in part: the first or the last */
		if (take > n - done)
			take = n - done;
		mask = (take == FK_WORD_BITS ? FK_ALL_VALID :
				((UINT64_C(1) << take) - 1)) << db;
		bits = src ? FkBitsAt(src, from + done, from + n) : FK_ALL_VALID;
		dst[d / FK_WORD_BITS] = (dst[d / FK_WORD_BITS] & ~mask) |
			((bits << db) & mask);
		done += take;
	}
}

/* The count of FkBitmapCount, inlined into each ISA's version */
static inline __attribute__((always_inline)) size_t
FkBitmapCountBody(const uint64_t *bm, size_t n)
{
	size_t		nwords = FkBitmapWords(n);
	size_t		count = 0;

	for (size_t w = 0; w < nwords; w++)
		count += (size_t) __builtin_popcountll(bm[w] & FkWordMask(w, n));
	return count;
}

#if defined(__x86_64__)
/* FkBitmapCount with the POPCNT instruction (not in the x86-64 baseline) */
__attribute__((target("popcnt")))
static size_t
FkBitmapCountPopcnt(const uint64_t *bm, size_t n)
{
	return FkBitmapCountBody(bm, n);
}
#endif

/*
 * Number of present elements among the first n: one POPCNT a word where
 * the CPU has it, else the compiler's portable count (a call a word)
 */
size_t
FkBitmapCount(const uint64_t *bm, size_t n)
{
#if defined(__x86_64__)
	static int	has_popcnt = -1;

	if (has_popcnt < 0)
		has_popcnt = __builtin_cpu_supports("popcnt") ? 1 : 0;
	if (has_popcnt)
		return FkBitmapCountPopcnt(bm, n);
#endif
	return FkBitmapCountBody(bm, n);
}

/* Are all bits past element n in the last word zero? */
bool
FkBitmapTailClean(const uint64_t *bm, size_t n)
{
	size_t		nwords = FkBitmapWords(n);

	if (nwords == 0)
		return true;
	return (bm[nwords - 1] & ~FkWordMask(nwords - 1, n)) == 0;
}

/*
 * Convert a byte bitmap (PostgreSQL's array NULL bitmap: bit i of byte i / 8,
 * least significant first, 1 = present) into words.
 */
void
FkBitmapFromBytes(uint64_t *dst, const uint8_t *src, size_t n)
{
	size_t		nbytes = (n + 7) / 8;
	size_t		nwords = FkBitmapWords(n);

	memset(dst, 0, nwords * sizeof(uint64_t));
	for (size_t i = 0; i < nbytes; i++)
		dst[i / 8] |= (uint64_t) src[i] << (8 * (i % 8));
	FkBitmapClearTail(dst, n);
}

/* Convert words into a byte bitmap of (n + 7) / 8 bytes, tail bits zero */
void
FkBitmapToBytes(uint8_t *dst, const uint64_t *src, size_t n)
{
	size_t		nbytes = (n + 7) / 8;

	for (size_t i = 0; i < nbytes; i++)
		dst[i] = (uint8_t) (src[i / 8] >> (8 * (i % 8)));
	if (n % 8)
		dst[nbytes - 1] &= (uint8_t) ((1u << (n % 8)) - 1);
}
