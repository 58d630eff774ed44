/*
 * test_bitmap.c
 *		Unit tests of the word-wise validity bitmaps against a bit-by-bit model.
 */
#include <stdlib.h>
#include <string.h>

#include "../../src/core/bitmap.h"
#include "tap.h"

#define MAXN 300
#define MAXW ((MAXN + 63) / 64)

static const size_t lengths[] = {0, 1, 63, 64, 65, 127, 128, 129, 200, 256, 257};
static const size_t lags[] = {0, 1, 5, 63, 64, 65, 127, 128, 129, 300};

/* Fill bm with a pseudo-random pattern over n bits, tail bits zero */
static void
random_bitmap(uint64_t *bm, bool *model, size_t n, unsigned density)
{
	memset(bm, 0, MAXW * sizeof(uint64_t));
	for (size_t i = 0; i < n; i++)
	{
		model[i] = (unsigned) (rand() % 100) < density;
		if (model[i])
			FkBitmapSet(bm, i);
	}
}

/* Does bitmap bm over n bits match model, with a clean tail? */
static bool
matches(const uint64_t *bm, const bool *model, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (FkBitmapGet(bm, i) != model[i])
			return false;
	return FkBitmapTailClean(bm, n);
}

int
main(void)
{
	uint64_t	a[MAXW],
				b[MAXW],
				d[MAXW + 1];
	bool		ma[MAXN],
				mb[MAXN],
				md[MAXN];
	uint8_t		bytes[MAXN / 8 + 1];

	srand(42);
	for (size_t li = 0; li < sizeof(lengths) / sizeof(lengths[0]); li++)
	{
		size_t		n = lengths[li];
		size_t		expect = 0;
		bool		good;

		/* SetAll: every bit present, tail clean, count n */
		d[FkBitmapWords(n)] = 0x5A5A;
		FkBitmapSetAll(d, n);
		for (size_t i = 0; i < n; i++)
			md[i] = true;
		ok(matches(d, md, n) && FkBitmapCount(d, n) == n &&
		   d[FkBitmapWords(n)] == 0x5A5A,
		   "set_all n=%zu", n);

		/* AND and count, over several densities */
		for (unsigned density = 0; density <= 100; density += 50)
		{
			random_bitmap(a, ma, n, density);
			random_bitmap(b, mb, n, 90);
			expect = 0;
			for (size_t i = 0; i < n; i++)
			{
				md[i] = ma[i] && mb[i];
				expect += md[i];
			}
			FkBitmapAnd(d, a, b, n);
			ok(matches(d, md, n), "and n=%zu density=%u", n, density);
			ok(FkBitmapCount(d, n) == expect, "count n=%zu density=%u", n,
			   density);
		}

		/* Shift and AND-with-shift, lags across word boundaries */
		for (size_t gi = 0; gi < sizeof(lags) / sizeof(lags[0]); gi++)
		{
			size_t		lag = lags[gi];

			random_bitmap(a, ma, n, 80);
			random_bitmap(b, mb, n, 70);
			for (size_t i = 0; i < n; i++)
				md[i] = i >= lag && mb[i - lag];
			FkBitmapShift(d, b, n, lag);
			good = matches(d, md, n);
			for (size_t i = 0; i < n; i++)
				md[i] = ma[i] && i >= lag && mb[i - lag];
			FkBitmapAndShifted(d, a, b, n, lag);
			ok(good && matches(d, md, n), "shift n=%zu lag=%zu", n, lag);
			/* in place: dst aliases a */
			FkBitmapAndShifted(a, a, b, n, lag);
			ok(matches(a, md, n), "and_shifted in place n=%zu lag=%zu", n, lag);
		}

		/* Slice: n - from bits from bit from on, tail clean */
		for (size_t from = 0; from <= n; from += (n / 5) + 1)
		{
			size_t		m = n - from;

			random_bitmap(b, mb, n, 50);
			d[FkBitmapWords(m)] = 0x5A5A;
			memset(d, 0xFF, FkBitmapWords(m) * sizeof(uint64_t));
			FkBitmapSlice(d, b, from, m);
			ok(matches(d, mb + from, m) && FkBitmapTailClean(d, m) &&
			   d[FkBitmapWords(m)] == 0x5A5A,
			   "slice n=%zu from=%zu", n, from);
		}

		/* Round trip through PostgreSQL's byte bitmap */
		random_bitmap(a, ma, n, 60);
		memset(bytes, 0xFF, sizeof(bytes));
		FkBitmapToBytes(bytes, a, n);
		good = true;
		for (size_t i = 0; i < n; i++)
			good &= ((bytes[i / 8] >> (i % 8)) & 1) == ma[i];
		if (n % 8)
			good &= (bytes[n / 8] >> (n % 8)) == 0;
		memset(d, 0xFF, sizeof(d));
		FkBitmapFromBytes(d, bytes, n);
		ok(good && matches(d, ma, n), "bytes round trip n=%zu", n);
	}

	/*
	 * CopyBits: every source offset, destination offset and count over a
	 * few words; the bits copied match, every other bit of dst (and the
	 * guard words around it) is untouched; src NULL sets the bits
	 */
	{
		static const size_t offs[] = {0, 1, 7, 63, 64, 65, 100, 127, 128, 131};
		static const size_t counts[] = {0, 1, 2, 63, 64, 65, 128, 129, 150};
		uint64_t	src[MAXW],
					dst[MAXW + 2];
		bool		msrc[MAXN],
					mdst[MAXN];
		bool		good = true;

		random_bitmap(src, msrc, MAXN, 50);
		for (int with_src = 0; with_src < 2; with_src++)
			for (size_t fi = 0; fi < sizeof(offs) / sizeof(offs[0]); fi++)
				for (size_t ti = 0; ti < sizeof(offs) / sizeof(offs[0]); ti++)
					for (size_t ci = 0; ci < sizeof(counts) / sizeof(counts[0]); ci++)
					{
						size_t		from = offs[fi],
									to = offs[ti],
									n = counts[ci];

						if (from + n > MAXN || to + n > MAXN)
							continue;
						/* dst between guards: a random pattern */
						dst[0] = dst[MAXW + 1] = 0xA5A5A5A5A5A5A5A5;
						for (size_t i = 0; i < MAXN; i++)
							mdst[i] = (rand() % 2) != 0;
						memset(dst + 1, 0, MAXW * sizeof(uint64_t));
						for (size_t i = 0; i < MAXN; i++)
							if (mdst[i])
								FkBitmapSet(dst + 1, i);
						FkBitmapCopyBits(dst + 1, to, with_src ? src : NULL, from, n);
						for (size_t i = 0; i < n; i++)
							mdst[to + i] = with_src ? msrc[from + i] : true;
						good &= matches(dst + 1, mdst, MAXN) &&
							dst[0] == 0xA5A5A5A5A5A5A5A5 &&
							dst[MAXW + 1] == 0xA5A5A5A5A5A5A5A5;
					}
		ok(good, "copy bits: every offset and count, the other bits untouched");
	}

	/* A dirty tail in the byte form does not leak into the words */
	memset(bytes, 0xFF, sizeof(bytes));
	FkBitmapFromBytes(d, bytes, 65);
	ok(FkBitmapTailClean(d, 65) && FkBitmapCount(d, 65) == 65,
	   "dirty byte tail is cleared");
	d[1] |= UINT64_C(1) << 7;
	ok(!FkBitmapTailClean(d, 65), "dirty word tail is detected");

	return done_testing();
}
