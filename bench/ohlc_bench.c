/*
 * ohlc_bench.c
 *		Thread CPU time of 1-minute OHLC bars with locf fill over the ticks of
 *		bench/bench_time.pl (1,000 series of 10,000 ticks, one every 1.3 s
 *		plus up to 1 s of jitter), in ms, every run: four passes
 *		(FkTimeResample for first, max, min and last, then the locf fill, as
 *		resample_ohlc did before) against one (FkTimeResampleOhlc), side by
 *		side in one process.  Every bar of the two is compared bit for bit.
 *
 *	make bench/bin/ohlc_bench && bench/bin/ohlc_bench [repeats] [which]
 *
 * which (four, one) times that one alone, for valgrind --tool=callgrind:
 * its instructions divided by 10^7 per tick.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timing.h"
#include "../src/core/bitmap.h"
#include "../src/core/series_time.h"

#define SERIES 1000
#define TICKS 10000
#define STRIDE 60000000

static int64_t ts[SERIES][TICKS];
static double px[SERIES][TICKS];

/* The bars of series s the four-pass way, into out and ok */
static void
ohlc_four(int s, int64_t b0, size_t nb, double *const out[4],
		  uint64_t *const ok[4])
{
	static const FkTimeHow how[4] = {FK_TIME_FIRST, FK_TIME_MAX, FK_TIME_MIN, FK_TIME_LAST};

	for (int c = 0; c < 4; c++)
		FkTimeResample(how[c], ts[s], px[s], NULL, TICKS, 0, STRIDE, b0, nb,
					   out[c], ok[c]);
	for (size_t k = 1; k < nb; k++)
		if (!FkBitmapGet(ok[0], k) && FkBitmapGet(ok[3], k - 1))
			for (int c = 0; c < 4; c++)
			{
				out[c][k] = out[3][k - 1];
				FkBitmapSet(ok[c], k);
			}
}

/* Milliseconds of every series' bars (one pass or four), their sum in *sum */
static double
ohlc_all(bool one, double *const out[4], uint64_t *const ok[4], double *sum)
{
	double		t0 = fk_seconds(CLOCK_THREAD_CPUTIME_ID),
				acc = 0;

	for (int s = 0; s < SERIES; s++)
	{
		int64_t		b0 = FkTimeBucketOf(ts[s][0], 0, STRIDE);
		size_t		nb = (size_t) (FkTimeBucketOf(ts[s][TICKS - 1], 0, STRIDE) - b0 + 1);

		if (one)
			FkTimeResampleOhlc(ts[s], px[s], NULL, TICKS, 0, STRIDE, b0, nb,
							   true, out, ok);
		else
			ohlc_four(s, b0, nb, out, ok);
		for (int c = 0; c < 4; c++)
			acc += out[c][nb - 1];
	}
	*sum = acc;
	return (fk_seconds(CLOCK_THREAD_CPUTIME_ID) - t0) * 1e3;
}

int
main(int argc, char **argv)
{
	int			repeats = argc > 1 ? atoi(argv[1]) : 5;
	const char *which = argc > 2 ? argv[2] : NULL;
	double	   *out[2][4];
	uint64_t   *ok[2][4];
	size_t		maxnb = (size_t) (TICKS * 2.3 / 60) + 2;
	long		bad = 0;
	double		s1,
				s4;

	srand(38);
	for (int s = 0; s < SERIES; s++)
		for (int i = 0; i < TICKS; i++)
		{
			/* 2026-01-05 09:30 UTC, in microseconds since 2000 */
			ts[s][i] = 820834200000000 + (int64_t) ((i + 1) * 1.3e6 + rand() % 1000000);
			px[s][i] = 100 + ((double) rand() / RAND_MAX - 0.5);
		}
	for (int s = 0; s < SERIES; s++)
		for (int i = 1; i < TICKS; i++)
			if (ts[s][i] < ts[s][i - 1])
				ts[s][i] = ts[s][i - 1];
	for (int v = 0; v < 2; v++)
		for (int c = 0; c < 4; c++)
		{
			out[v][c] = malloc(maxnb * sizeof(double));
			ok[v][c] = malloc(FkBitmapWords(maxnb) * sizeof(uint64_t));
		}

	if (which != NULL)
	{
		double		ms = ohlc_all(strcmp(which, "one") == 0, out[0], ok[0], &s1);

		printf("ohlc %s %.1f ms sum %.17g\n", which, ms, s1);
		return 0;
	}

	/* every bar of every series, bit for bit */
	for (int s = 0; s < SERIES; s++)
	{
		int64_t		b0 = FkTimeBucketOf(ts[s][0], 0, STRIDE);
		size_t		nb = (size_t) (FkTimeBucketOf(ts[s][TICKS - 1], 0, STRIDE) - b0 + 1);

		ohlc_four(s, b0, nb, out[0], ok[0]);
		FkTimeResampleOhlc(ts[s], px[s], NULL, TICKS, 0, STRIDE, b0, nb, true,
						   out[1], ok[1]);
		for (int c = 0; c < 4; c++)
			for (size_t k = 0; k < nb; k++)
				bad += FkBitmapGet(ok[0][c], k) != FkBitmapGet(ok[1][c], k) ||
					memcmp(&out[0][c][k], &out[1][c][k], sizeof(double)) != 0;
	}
	printf("bars that differ: %ld\n", bad);
	for (int r = 0; r < repeats; r++)
	{
		double		m4 = ohlc_all(false, out[0], ok[0], &s4),
					m1 = ohlc_all(true, out[1], ok[1], &s1);

		printf("run %d: four passes %.1f ms  one pass %.1f ms  ratio %.2fx  (sums %s)\n",
			   r + 1, m4, m1, m4 / m1, s4 == s1 ? "equal" : "DIFFER");
	}
	return bad != 0;
}
