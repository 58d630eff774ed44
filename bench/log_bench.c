/*
 * log_bench.c
 *		Thread CPU time of the natural log of 10^6 full-precision prices
 *		(100 exp(random walk)), ms per pass, every run: SLEEF's deterministic
 *		AVX2 log (what dlog runs on AVX2, Sleef_finz_logd4_u10avx2), SLEEF's
 *		non-deterministic one, glibc's libmvec (_ZGVdN4v_log) and glibc's
 *		scalar log; with a count of the elements where each differs from
 *		SLEEF's deterministic result.  The floor of W7a (dlog over 10^6):
 *		its log.
 *
 *	make bench/bin/log_bench && bench/bin/log_bench [repeats]
 */
#include <immintrin.h>
#include <math.h>
#include <sleef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timing.h"

#define LEN 1000000

extern __m256d _ZGVdN4v_log(__m256d x);

static double x[LEN];
static double ref[LEN];
static double out[LEN];

/* Milliseconds of one pass of kind k over x into out */
static double
pass(int k)
{
	double		t0 = fk_seconds(CLOCK_THREAD_CPUTIME_ID);

	for (size_t i = 0; i < LEN; i += 4)
	{
		__m256d		v = _mm256_loadu_pd(x + i);

		switch (k)
		{
			case 0:
				v = Sleef_finz_logd4_u10avx2(v);
				break;
			case 1:
				v = Sleef_logd4_u10avx2(v);
				break;
			case 2:
				v = _ZGVdN4v_log(v);
				break;
			default:
				for (int l = 0; l < 4; l++)
					out[i + l] = log(x[i + l]);
				continue;
		}
		_mm256_storeu_pd(out + i, v);
	}
	return (fk_seconds(CLOCK_THREAD_CPUTIME_ID) - t0) * 1e3;
}

int
main(int argc, char **argv)
{
	static const char *const names[] = {"sleef finz u10 avx2 (dlog)",
	"sleef u10 avx2", "glibc libmvec avx2", "glibc scalar log"};
	int			repeats = argc > 1 ? atoi(argv[1]) : 9;
	double		w = 0.0;

	srand(1);
	for (size_t i = 0; i < LEN; i++)
	{
		w += ((double) rand() / RAND_MAX - 0.5) * 0.02;
		x[i] = 100.0 * exp(w);
	}
	pass(0);
	memcpy(ref, out, sizeof(ref));
	for (int k = 0; k < 4; k++)
	{
		double		best = 1e9;
		size_t		diff = 0;

		printf("%-28s ms:", names[k]);
		for (int r = 0; r < repeats; r++)
		{
			double		t = pass(k);

			printf(" %.2f", t);
			best = t < best ? t : best;
		}
		for (size_t i = 0; i < LEN; i++)
			diff += memcmp(&out[i], &ref[i], sizeof(double)) != 0;
		printf("  best %.2f, %.2f ns/value, %zu differ from dlog's\n", best,
			   best * 1e6 / LEN, diff);
	}
	return 0;
}
