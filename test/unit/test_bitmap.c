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

	/* A dirty tail in the byte form does not leak into the words */
	memset(bytes, 0xFF, sizeof(bytes));
	FkBitmapFromBytes(d, bytes, 65);
	ok(FkBitmapTailClean(d, 65) && FkBitmapCount(d, 65) == 65,
	   "dirty byte tail is cleared");
	d[1] |= UINT64_C(1) << 7;
	ok(!FkBitmapTailClean(d, 65), "dirty word tail is detected");

	return done_testing();
}
