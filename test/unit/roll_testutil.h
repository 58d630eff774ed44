/*
 * roll_testutil.h
 *		The inputs of the unit tests of the rolling windows
 *		(test_series_rolling_short.c, test_series_rolling_moments.c): edge
 *		data in in_x and in_valid, and the bitwise comparison of outputs.
 */
#ifndef FK_ROLL_TESTUTIL_H
#define FK_ROLL_TESTUTIL_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "../../src/core/bitmap.h"

#define N 6000
#define NW ((N + 63) / 64)

static double in_x[N];
static uint64_t in_valid[NW];

/* A small xorshift generator, for inputs that do not change between runs */
static uint64_t
next_rand(uint64_t *st)
{
	*st ^= *st << 13;
	*st ^= *st >> 7;
	*st ^= *st << 17;
	return *st;
}

/*
 * Fill in_x: prices in cents (kind 0), the same with NaN, infinities and
 * -0 now and then (1), values near 1e308 whose sums overflow in places
 * (2); in_valid: NULL runs of 1 to 70 around the word edges and at random
 */
static void
make_input(size_t n, int kind, uint64_t seed)
{
	static const double sp[] = {NAN, INFINITY, -INFINITY, -0.0};
	double		px = 100.0;

	memset(in_valid, 0xFF, sizeof(in_valid));
	for (size_t i = 0; i < n; i++)
	{
		px += (double) ((int) (next_rand(&seed) % 21) - 10) / 100.0;
		in_x[i] = px;
		if (kind == 1 && next_rand(&seed) % 400 == 0)
			in_x[i] = sp[next_rand(&seed) % 4];
		if (kind == 2 && next_rand(&seed) % 300 == 0)
			in_x[i] = (next_rand(&seed) % 2 ? 1 : -1) * 0x1.fp1023;
	}
	for (size_t e = 64; e < n; e += 64 * (1 + next_rand(&seed) % 7))
	{
		size_t		len = 1 + next_rand(&seed) % 70;

		for (size_t i = e - len / 2; i < e + len - len / 2 && i < n; i++)
			FkBitmapClear(in_valid, i);
	}
	for (size_t i = 0; i < n; i++)
		if (next_rand(&seed) % 500 == 0)
			FkBitmapClear(in_valid, i);
}

/* Do out/out_valid and want/want_valid agree over n elements, bit for bit? */
static int
same(const double *out, const uint64_t *ov, const double *want,
	 const uint64_t *wv, size_t n, size_t *where)
{
	for (size_t i = 0; i < n; i++)
	{
		int			p = FkBitmapGet(ov, i);

		if (p != FkBitmapGet(wv, i) ||
			(p && memcmp(&out[i], &want[i], sizeof(double)) != 0))
		{
			*where = i;
			return 0;
		}
	}
	return 1;
}

#endif							/* FK_ROLL_TESTUTIL_H */
