/*
 * tvec_bench.c
 *		Decoding and encoding speed of the tvec codec (core/tvec_codec.h)
 *		on bench_time.pl's kind of axis: series of irregular ticks, one
 *		every 1.3 s plus up to 1 s of jitter, and a regular 1-second grid.
 *
 *	make bench/bin/tvec_bench && bench/bin/tvec_bench [series] [ticks] [repeats]
 *
 * Prints, for each axis, the bytes per series and, for each of repeats
 * runs, the nanoseconds per time of decoding every series (the check
 * included) and of encoding it; then the fastest and the median.
 * Under callgrind (valgrind --tool=callgrind bench/bin/tvec_bench 10 10000 1)
 * the instruction counts of FkTvecDecode and FkTvecEncode are repeatable.
 */
#include <stdio.h>
#include <stdlib.h>

#include "../src/core/tvec_codec.h"
#include "timing.h"

/* xorshift64*: the same axis on every run */
static uint64_t
next_rand(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * UINT64_C(2685821657736338717);
}

/* Time decoding and encoding of nser series of n times each */
static void
run(const char *name, int64_t *t, int nser, int32_t n, int repeats)
{
	unsigned char **enc = malloc(sizeof(unsigned char *) * nser);
	size_t	   *size = malloc(sizeof(size_t) * nser);
	int64_t    *out = malloc(sizeof(int64_t) * n);
	double	   *dec_ns = malloc(sizeof(double) * repeats);
	double	   *enc_ns = malloc(sizeof(double) * repeats);
	size_t		total = 0;

	for (int s = 0; s < nser; s++)
	{
		enc[s] = malloc(FkTvecMaxSize(n));
		size[s] = FkTvecEncode(t + (size_t) s * n, n, enc[s]);
		total += size[s];
	}
	printf("%s: %d series of %d times, %.1f bytes a series (%.2f bits a time)\n",
		   name, nser, n, (double) total / nser, 8.0 * total / ((double) nser * n));
	for (int r = 0; r < repeats; r++)
	{
		double		t0 = fk_seconds(CLOCK_MONOTONIC);

		for (int s = 0; s < nser; s++)
			if (FkTvecDecode(enc[s], size[s], out) != FK_TVEC_OK ||
				out[n - 1] != t[(size_t) s * n + n - 1])
			{
				fprintf(stderr, "decode failed\n");
				exit(1);
			}
		dec_ns[r] = (fk_seconds(CLOCK_MONOTONIC) - t0) * 1e9 / ((double) nser * n);
		t0 = fk_seconds(CLOCK_MONOTONIC);
		for (int s = 0; s < nser; s++)
			FkTvecEncode(t + (size_t) s * n, n, enc[s]);
		enc_ns[r] = (fk_seconds(CLOCK_MONOTONIC) - t0) * 1e9 / ((double) nser * n);
		printf("  run %d: decode %.3f ns/time, encode %.3f ns/time\n", r + 1, dec_ns[r], enc_ns[r]);
	}
	{
		double		dmin = dec_ns[0],
					emin = enc_ns[0];

		for (int r = 1; r < repeats; r++)
		{
			dmin = dec_ns[r] < dmin ? dec_ns[r] : dmin;
			emin = enc_ns[r] < emin ? enc_ns[r] : emin;
		}
		printf("  decode fastest %.3f median %.3f ns/time; encode fastest %.3f median %.3f ns/time\n",
			   dmin, fk_median(dec_ns, repeats), emin, fk_median(enc_ns, repeats));
	}
	for (int s = 0; s < nser; s++)
		free(enc[s]);
	free(enc);
	free(size);
	free(out);
	free(dec_ns);
	free(enc_ns);
}

int
main(int argc, char **argv)
{
	int			nser = argc > 1 ? atoi(argv[1]) : 1000;
	int32_t		n = argc > 2 ? atoi(argv[2]) : 10000;
	int			repeats = argc > 3 ? atoi(argv[3]) : 5;
	int64_t    *t = malloc(sizeof(int64_t) * (size_t) nser * n);
	uint64_t	seed = 38;

	if (nser < 1 || n < 3 || repeats < 1)
	{
		fprintf(stderr, "usage: tvec_bench [series] [ticks >= 3] [repeats]\n");
		return 2;
	}
	for (int s = 0; s < nser; s++)
		for (int32_t i = 0; i < n; i++)
			t[(size_t) s * n + i] = INT64_C(821007000000000) + (int64_t) i * 1300000 +
				(int64_t) (next_rand(&seed) % 1000000);
	run("irregular", t, nser, n, repeats);
	for (int s = 0; s < nser; s++)
		for (int32_t i = 0; i < n; i++)
			t[(size_t) s * n + i] = INT64_C(821007000000000) + (int64_t) i * 1000000;
	run("regular", t, nser, n, repeats);
	free(t);
	return 0;
}
