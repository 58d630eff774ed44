/*
 * reduce_bench.c
 *		Time of the series reductions of the kernel core (vsum .. vcorr), in
 *		ns per element, without NULLs and with 10% NULLs, fed in blocks of
 *		65,536 elements as the SQL functions feed them (those of two
 *		vectors, vdot .. vcorr, over the vector paired with itself).
 *
 *	make bench/bin/reduce_bench && bench/bin/reduce_bench [repeats]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timing.h"
#include "../src/core/bitmap.h"
#include "../src/core/series_reduce.h"

#define BLOCK 65536

static const size_t sizes[] = {10000, 1000000};
/* The FkReduceKinds in order */
static const char *const names[] = {
	"vsum", "vmean", "vmin", "vmax", "vcount", "vprod", "vvar", "vstddev",
	"vvar_pop", "vstddev_pop", "vargmin", "vargmax", "vdot", "vcov",
	"vcov_pop", "vcorr"
};

static volatile double sink;

/* One reduction (FkReduceKind kind) over x[0..n), or of x with itself */
static void
reduce_once(int kind, const double *x, const uint64_t *valid, size_t n)
{
	double		res = 0.0;
	FkReduce	r;

	FkReduceInit(&r, (FkReduceKind) kind);
	for (size_t s = 0; s < n; s += BLOCK)
	{
		const uint64_t *w = valid ? valid + s / 64 : NULL;
		size_t		len = n - s < BLOCK ? n - s : BLOCK;

		if (FkReduceOfTwo((FkReduceKind) kind))
			FkReduceStep2(&r, x + s, w, x + s, w, len);
		else
			FkReduceStep(&r, x + s, w, len);
	}
	(void) FkReduceFinish(&r, &res);
	sink += res;
}

/* Median over repeats samples (each at least 2 ms) of ns per element */
static double
measure(int kind, const double *x, const uint64_t *valid, size_t n,
		int repeats)
{
	double		samples[64];
	int			loops = 1;

	for (;;)
	{
		double		t0 = fk_seconds(CLOCK_THREAD_CPUTIME_ID);

		for (int i = 0; i < loops; i++)
			reduce_once(kind, x, valid, n);
		if (fk_seconds(CLOCK_THREAD_CPUTIME_ID) - t0 >= 0.002)
			break;
		loops *= 2;
	}
	for (int r = 0; r < repeats; r++)
	{
		double		t0 = fk_seconds(CLOCK_THREAD_CPUTIME_ID);

		for (int i = 0; i < loops; i++)
			reduce_once(kind, x, valid, n);
		samples[r] = (fk_seconds(CLOCK_THREAD_CPUTIME_ID) - t0) / loops / n * 1e9;
	}
	return fk_median(samples, repeats);
}

int
main(int argc, char **argv)
{
	size_t		maxn = sizes[sizeof(sizes) / sizeof(sizes[0]) - 1];
	int			repeats = argc > 1 ? atoi(argv[1]) : 5;
	double	   *x = malloc(maxn * sizeof(double));
	uint64_t   *valid = calloc(FkBitmapWords(maxn), sizeof(uint64_t));

	if (repeats < 1 || repeats > 64 || x == NULL || valid == NULL)
	{
		fprintf(stderr, "usage: reduce_bench [repeats 1..64]\n");
		return 2;
	}
	srand(1);
	for (size_t i = 0; i < maxn; i++)
	{
		x[i] = 100.0 + (double) rand() / RAND_MAX;
		if (rand() % 10)
			FkBitmapSet(valid, i);
	}
	printf("# ns per element (thread CPU time), median of %d samples (each >= 2 ms)\n",
		   repeats);
	printf("%-24s", "reduction");
	for (size_t si = 0; si < sizeof(sizes) / sizeof(sizes[0]); si++)
		printf(" %10zu", sizes[si]);
	printf("\n");
	for (int nulls = 0; nulls < 2; nulls++)
		for (int k = 0; k < (int) (sizeof(names) / sizeof(names[0])); k++)
		{
			char		label[64];

			snprintf(label, sizeof(label), "%s%s", names[k],
					 nulls ? " (10% NULL)" : "");
			printf("%-24s", label);
			for (size_t si = 0; si < sizeof(sizes) / sizeof(sizes[0]); si++)
				printf(" %10.3f", measure(k, x, nulls ? valid : NULL, sizes[si],
										  repeats));
			printf("\n");
		}
	free(x);
	free(valid);
	return 0;
}
