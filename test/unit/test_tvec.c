/*
 * test_tvec.c
 *		Unit tests of the delta-of-delta codec of times (core/tvec_codec.h):
 *		every vector decodes to the times it was encoded from, across block
 *		edges and at the ends of int64; regular ticks take no bits; every
 *		truncation and every flipped byte of a body is rejected or decodes
 *		within bounds.
 */
#include <stdlib.h>
#include <string.h>

#include "core/tvec_codec.h"
#include "kern_testutil.h"
#include "tap.h"

static uint64_t rng_state = 88172645463325252ULL;

/* The next pseudo-random number of this test */
static uint64_t
rng(void)
{
	return rand64(&rng_state);
}

/* Encode t, decode it again and compare; returns the encoded size */
static size_t
round_trip(const int64_t *t, int32_t n, const char *what)
{
	unsigned char *buf = malloc(FkTvecMaxSize(n));
	int64_t    *back = malloc(sizeof(int64_t) * (n > 0 ? n : 1));
	size_t		size = FkTvecEncode(t, n, buf);
	int32_t		len = -1;
	FkTvecStatus st;

	/* a copy of exactly the encoded size, so that valgrind sees overreads */
	unsigned char *exact = malloc(size);

	memcpy(exact, buf, size);
	st = FkTvecLength(exact, size, &len);
	ok(st == FK_TVEC_OK && len == n, "%s: length %d of %d", what, len, n);
	st = FkTvecDecode(exact, size, back);
	ok(st == FK_TVEC_OK && (n == 0 || memcmp(back, t, sizeof(int64_t) * n) == 0),
	   "%s: %d times round-trip in %zu bytes (status %d)", what, n, size, (int) st);
	free(buf);
	free(back);
	free(exact);
	return size;
}

/* Flip every byte and cut at every length: rejected or decoded in bounds */
static void
corrupt(const int64_t *t, int32_t n, const char *what)
{
	unsigned char *buf = malloc(FkTvecMaxSize(n));
	size_t		size = FkTvecEncode(t, n, buf);
	int64_t    *back = malloc(sizeof(int64_t) * (n > 0 ? n : 1));
	int			truncated_ok = 0,
				flips_caught = 0,
				flips = 0;

	for (size_t cut = 0; cut < size; cut++)
	{
		unsigned char *c = malloc(cut > 0 ? cut : 1);

		memcpy(c, buf, cut);
		if (FkTvecDecode(c, cut, NULL) == FK_TVEC_OK)
			truncated_ok++;
		free(c);
	}
	ok(truncated_ok == 0, "%s: all %zu truncations rejected", what, size);
	for (size_t i = 0; i < size; i++)
	{
		unsigned char *c = malloc(size);
		int32_t		len;

		memcpy(c, buf, size);
		c[i] ^= (unsigned char) (1 + rng() % 255);
		flips++;
		if (FkTvecDecode(c, size, NULL) != FK_TVEC_OK)
			flips_caught++;
		/* one that passes the check decodes into its own count, in bounds */
		else if (FkTvecLength(c, size, &len) == FK_TVEC_OK && len <= n)
			FkTvecDecode(c, size, back);
		else if (FkTvecLength(c, size, &len) == FK_TVEC_OK)
		{
			int64_t    *big = malloc(sizeof(int64_t) * len);

			FkTvecDecode(c, size, big);
			free(big);
		}
		free(c);
	}
	ok(flips_caught == flips, "%s: %d of %d flipped bytes caught",
	   what, flips_caught, flips);
	free(buf);
	free(back);
}

int
main(void)
{
	int32_t		nmax = 100000;
	int64_t    *t = malloc(sizeof(int64_t) * nmax);
	size_t		size;
	static const int32_t edges[] = {0, 1, 2, 3, 1025, 1026, 1027, 2050, 100000};

	/* irregular ticks: 1.3 s plus up to 1 s of jitter */
	for (int32_t i = 0; i < nmax; i++)
		t[i] = 820000000000000LL + i * 1300000LL + (int64_t) (rng() % 1000000);
	for (size_t e = 0; e < sizeof(edges) / sizeof(edges[0]); e++)
		round_trip(t, edges[e], "irregular");
	size = round_trip(t, 10000, "irregular 10^4");
	ok(size < 10000 * 8 / 2, "irregular 10^4: %zu bytes, under half of 80,000", size);

	/* regular ticks: width 0 */
	for (int32_t i = 0; i < nmax; i++)
		t[i] = 820000000000000LL + i * 1000000LL;
	size = round_trip(t, nmax, "regular");
	ok(size == FK_TVEC_HEADER + 98 * FK_TVEC_BLOCK_HEADER,
	   "regular 10^5: %zu bytes, headers only", size);

	/* the ends of int64 (timestamptz's -infinity and infinity), wrapping */
	{
		int64_t		ends[] = {INT64_MIN, INT64_MAX, 0, INT64_MIN, -1, INT64_MAX,
		INT64_MAX, INT64_MIN, 1, 5};

		round_trip(ends, 10, "ends of int64");
		round_trip(ends, 1, "one -infinity");
	}

	/* random int64, decreasing, duplicates */
	for (int32_t i = 0; i < 5000; i++)
		t[i] = (int64_t) rng();
	round_trip(t, 5000, "random int64");
	for (int32_t i = 0; i < 5000; i++)
		t[i] = 1000000000LL - i * 7 - (int64_t) (rng() % 3);
	round_trip(t, 5000, "decreasing");
	for (int32_t i = 0; i < 5000; i++)
		t[i] = 1000 + (i / 10) * 1000;
	round_trip(t, 5000, "duplicates");

	/* every width from 0 to 64 */
	for (int w = 0; w <= 64; w++)
	{
		char		what[32];
		uint64_t	d = 0,
					x = 0;

		for (int32_t i = 0; i < 1500; i++)
		{
			uint64_t	dd = w == 0 ? 0 : (w == 64 ? rng() : rng() & (((uint64_t) 1 << w) - 1));

			d += dd;
			x += d;
			t[i] = (int64_t) x;
		}
		snprintf(what, sizeof(what), "width %d", w);
		round_trip(t, 1500, what);
	}

	/* corrupt bodies */
	for (int32_t i = 0; i < 3000; i++)
		t[i] = 820000000000000LL + i * 1300000LL + (int64_t) (rng() % 1000000);
	corrupt(t, 0, "empty");
	corrupt(t, 1, "one");
	corrupt(t, 2, "two");
	corrupt(t, 3000, "irregular 3000");
	free(t);
	return done_testing();
}
