/*
 * alp_data.h
 *		The data sets of the ALP benchmarks (alp_bench.c,
 *		alp_copies_bench.c): 10^7 cents, 5-decimal FX prices or
 *		full-precision prices, the same on every run.
 */
#ifndef FK_ALP_DATA_H
#define FK_ALP_DATA_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#define N 10000000

static uint64_t rng_state = 20261126;

/* xorshift64: the same data on every run */
static double
unif(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (double) (rng_state >> 11) / 9007199254740992.0;
}

/* The data sets: cents, 5-decimal FX prices, full-precision prices */
static void
fill(double *v, int kind)
{
	double		p = kind == 1 ? 1.1 : 100.0,
				x = 0;

	for (size_t i = 0; i < N; i++)
	{
		if (kind == 0)
		{
			p += (unif() - 0.5) * 0.2;
			v[i] = round(p * 100) / 100;
		}
		else if (kind == 1)
		{
			p += (unif() - 0.5) * 0.0004 * p;
			v[i] = round(p * 1e5) / 1e5;
		}
		else
		{
			x += (unif() - 0.5) * 0.01;
			v[i] = 100 * exp(x);
		}
	}
}

#endif							/* FK_ALP_DATA_H */
