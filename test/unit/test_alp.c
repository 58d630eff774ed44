/*
 * test_alp.c
 *		Unit tests of the ALP codec (core/alp.h): every vector decodes to
 *		the bits it was encoded from (absent slots zero), block by block and
 *		whole, the encodings are deterministic and shrink what they should,
 *		and corrupt bodies are rejected.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/alp.h"
#include "../../src/core/bitmap.h"
#include "kern_testutil.h"
#include "tap.h"

static uint64_t rng_state = 88172645463325252ULL;

/* xorshift64: reproducible on every platform */
static uint64_t
rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

/* Uniform in [0, 1) */
static double
unif(void)
{
	return (double) (rng() >> 11) / 9007199254740992.0;
}

/*
 * Random walk of n values from start, each step a uniform relative move of
 * at most vol / 2, rounded to digits decimals
 */
static void
walk_from(double *v, size_t n, double start, double vol, int digits)
{
	double		p = start,
				scale = pow(10.0, digits);

	for (size_t i = 0; i < n; i++)
	{
		p += (unif() - 0.5) * vol * p;
		v[i] = round(p * scale) / scale;
	}
}

/* Prices from 100, moves of up to 1%, rounded to digits decimals */
static void
walk(double *v, size_t n, int digits)
{
	walk_from(v, n, 100.0, 0.02, digits);
}

/* Full-precision prices 100 * exp(random walk) */
static void
full_precision(double *v, size_t n)
{
	double		x = 0;

	for (size_t i = 0; i < n; i++)
	{
		x += (unif() - 0.5) * 0.01;
		v[i] = 100 * exp(x);
	}
}

/*
 * Encode, check, decode whole and block by block; true when every present
 * value comes back bit for bit and every absent slot is +0.  *size gets the
 * body's size.
 */
static bool
round_trip(const double *v, const uint64_t *valid, size_t n, size_t *size)
{
	uint8_t    *body = malloc(FkAlpBodyBound(n));
	uint8_t    *again = malloc(FkAlpBodyBound(n));
	double	   *out = malloc(sizeof(double) * (n + FK_ALP_BLOCK));
	double		blk[FK_ALP_BLOCK];
	void	   *scratch = malloc(FK_ALP_SCRATCH);
	size_t		sz = FkAlpEncode(v, valid, n, body, scratch);
	bool		good = sz <= FkAlpBodyBound(n) && sz % 8 == 0;

	good = good && FkAlpEncode(v, valid, n, again, scratch) == sz &&
		memcmp(body, again, sz) == 0;
	good = good && FkAlpDecode(body, sz, n, valid, out) == FK_ALP_OK;
	for (size_t i = 0; good && i < n; i++)
	{
		bool		present = valid == NULL || FkBitmapGet(valid, i);

		good = present ? bits_of(out[i]) == bits_of(v[i]) : bits_of(out[i]) == 0;
	}
	for (size_t b = 0; good && b < FkAlpBlocks(n); b++)
	{
		good = FkAlpDecodeBlock(body, n, b, valid, blk) == FK_ALP_OK &&
			memcmp(blk, out + b * FK_ALP_BLOCK,
				   sizeof(double) * FkAlpBlockLen(n, b)) == 0;
	}
	*size = sz;
	free(body);
	free(again);
	free(out);
	free(scratch);
	return good;
}

/* Ratio of plain bytes to encoded bytes */
static double
ratio(size_t n, size_t sz)
{
	return (8.0 * n) / (double) sz;
}

/* Decimal walks at several lengths (short tails included) */
static void
test_walks(void)
{
	static const size_t lens[] = {0, 1, 2, 63, 64, 65, 1000, 1023, 1024, 1025, 3000, 10000};
	double	   *v = malloc(sizeof(double) * 10000);

	for (int digits = 0; digits <= 6; digits++)
		for (size_t k = 0; k < sizeof(lens) / sizeof(lens[0]); k++)
		{
			size_t		sz = 0;

			walk(v, lens[k], digits);
			ok(round_trip(v, NULL, lens[k], &sz),
			   "walk of %zu values, %d decimals: round trip (%zu bytes)",
			   lens[k], digits, sz);
		}
	{
		size_t		sz;

		walk(v, 10000, 2);
		round_trip(v, NULL, 10000, &sz);
		ok(ratio(10000, sz) >= 4.0, "cents shrink at least 4x (%.2fx)", ratio(10000, sz));
		/* FX-like: from 1.1, moves of up to 2 basis points, 5 decimals */
		walk_from(v, 10000, 1.1, 0.0004, 5);
		round_trip(v, NULL, 10000, &sz);
		ok(ratio(10000, sz) >= 3.0, "FX prices, 5 decimals, shrink at least 3x (%.2fx)",
		   ratio(10000, sz));
		full_precision(v, 10000);
		ok(round_trip(v, NULL, 10000, &sz), "full precision: round trip");
		ok(sz <= 8 * 10000 * 1.01, "full precision: at most 1%% larger (%.3fx)",
		   ratio(10000, sz));
	}
	free(v);
}

/* Special values, alone and among decimals */
static void
test_specials(void)
{
	double		sp[] = {-0.0, 0.0, NAN, -NAN, INFINITY, -INFINITY, 4.9e-324,
		-4.9e-324, 2.2250738585072009e-308, 2.2250738585072014e-308,
		1.7976931348623157e308, -1.7976931348623157e308, 1e18, -1e18,
	9007199254740993.0, 0.1, 1e-300, 123456789.123};
	size_t		nsp = sizeof(sp) / sizeof(sp[0]);
	double		v[3000];
	size_t		sz;

	/* a NaN with a payload, as the binary input may carry */
	sp[3] = double_of(UINT64_C(0xfff8000000abcdef));
	ok(round_trip(sp, NULL, nsp, &sz), "special values alone");
	walk(v, 3000, 2);
	for (size_t i = 0; i < 3000; i += 37)
		v[i] = sp[(i / 37) % nsp];
	ok(round_trip(v, NULL, 3000, &sz), "special values among cents");
	full_precision(v, 3000);
	for (size_t i = 0; i < 3000; i += 11)
		v[i] = sp[(i / 11) % nsp];
	ok(round_trip(v, NULL, 3000, &sz), "special values among full-precision values");
	for (size_t i = 0; i < 3000; i++)
		v[i] = double_of(rng());
	ok(round_trip(v, NULL, 3000, &sz), "random bit patterns");
	ok(sz <= 8 * 3000 + 8 * 3 + 16, "random bit patterns stay plain-sized (%zu)", sz);
	for (size_t i = 0; i < 3000; i++)
		v[i] = 42.5;
	ok(round_trip(v, NULL, 3000, &sz) && sz < 100, "a constant is a few bytes (%zu)", sz);
}

/* All-NULL and mixed-NULL blocks */
static void
test_nulls(void)
{
	static const size_t lens[] = {1, 64, 100, 1024, 2500};
	double		v[2500];
	uint64_t	valid[(2500 + 63) / 64];

	for (size_t k = 0; k < sizeof(lens) / sizeof(lens[0]); k++)
	{
		size_t		n = lens[k];
		size_t		sz;

		for (int density = 0; density <= 100; density += 25)
		{
			memset(valid, 0, sizeof(valid));
			walk(v, n, 2);
			for (size_t i = 0; i < n; i++)
			{
				if (rng() % 100 < (uint64_t) density)
					FkBitmapSet(valid, i);
				else
					v[i] = 0.0;
			}
			ok(round_trip(v, valid, n, &sz),
			   "%zu values, %d%% present: round trip", n, density);
		}
		/* absent slots whose stored value is not zero decode as zero */
		memset(valid, 0, sizeof(valid));
		full_precision(v, n);
		for (size_t i = 0; i < n; i += 3)
			FkBitmapSet(valid, i);
		ok(round_trip(v, valid, n, &sz), "%zu full-precision values, a third present", n);
	}
}

/* Corrupt bodies are rejected, never read past their end */
static void
test_corrupt(void)
{
	double		v[2100];
	double	   *out = malloc(sizeof(double) * (2100 + FK_ALP_BLOCK));
	uint8_t    *body = malloc(FkAlpBodyBound(2100));
	uint8_t    *bad = malloc(FkAlpBodyBound(2100));
	void	   *scratch = malloc(FK_ALP_SCRATCH);
	size_t		sz;
	size_t		dir = FkAlpDirectorySize(2100);
	int			rejected = 0,
				trials = 0;

	walk(v, 2100, 2);
	sz = FkAlpEncode(v, NULL, 2100, body, scratch);
	ok(FkAlpBlockScheme(body, 2100, 0) == FK_ALP_DELTA, "a walk in cents uses the delta scheme");
	ok(FkAlpDecode(body, sz - 8, 2100, NULL, out) == FK_ALP_BAD_DIRECTORY,
	   "a truncated body is rejected");
	ok(FkAlpDecode(body, sz, 3100, NULL, out) == FK_ALP_BAD_DIRECTORY,
	   "a length of another block count is rejected");
	memcpy(bad, body, sz);
	bad[dir + 3] = 65;
	ok(FkAlpDecode(bad, sz, 2100, NULL, out) == FK_ALP_BAD_WIDTH,
	   "a bit width over 64 is rejected");
	memcpy(bad, body, sz);
	bad[dir + 1] = 19;
	ok(FkAlpDecode(bad, sz, 2100, NULL, out) == FK_ALP_BAD_EXPONENT,
	   "an exponent over 18 is rejected");
	memcpy(bad, body, sz);
	bad[dir] = 7;
	ok(FkAlpDecode(bad, sz, 2100, NULL, out) == FK_ALP_BAD_SCHEME,
	   "an unknown scheme is rejected");
	memcpy(bad, body, sz);
	bad[4] ^= 8;
	ok(FkAlpDecode(bad, sz, 2100, NULL, out) != FK_ALP_OK,
	   "a moved block boundary is rejected");
	/* every single-byte change either decodes or is rejected (ASan/UBSan) */
	for (size_t i = 0; i < sz; i++)
	{
		memcpy(bad, body, sz);
		bad[i] ^= (uint8_t) (1 + rng() % 255);
		trials++;
		rejected += FkAlpDecode(bad, sz, 2100, NULL, out) != FK_ALP_OK;
	}
	ok(rejected > 0 && rejected <= trials,
	   "byte flips: %d of %d rejected, none crashed", rejected, trials);
	free(out);
	free(body);
	free(bad);
	free(scratch);
}

int
main(void)
{
	test_walks();
	test_specials();
	test_nulls();
	test_corrupt();
	return done_testing();
}
