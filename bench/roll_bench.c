/*
 * roll_bench.c
 *		Thread CPU time of the rolling windows of the kernel core
 *		(FkRollStep) over 10^6 prices in cents, in ms, every run: with the
 *		state's own ring, fed blocks of 1,024 (a fused pass, or an input read
 *		a block at a time), and in place, fed blocks of 65,536 (a plain
 *		input).  A checksum of the last outputs shows two builds agree.
 *
 *	make bench/bin/roll_bench && bench/bin/roll_bench [window] [repeats] [op]
 *
 * op (mean, stddev, var, min, median) times that one alone, for
 * valgrind --tool=callgrind --toggle-collect=FkRollStep: its instructions
 * divided by 2 x 10^6 (ring and in place, one repeat) per element.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timing.h"
#include "../src/core/bitmap.h"
#include "../src/core/series_rolling.h"

#define LEN 1000000

static const FkRollOp ops[] = {FK_ROLL_MEAN, FK_ROLL_STDDEV, FK_ROLL_VAR,
FK_ROLL_MIN, FK_ROLL_MEDIAN};
static const char *const names[] = {"mean", "stddev", "var", "min", "median"};

/* Milliseconds of op with window w over x[0..LEN) into out (ring or in place) */
static double
roll_once(FkRollOp op, size_t w, int ring, const double *x, double *out,
		  uint64_t *out_valid)
{
	size_t		block = ring ? 1024 : 65536;
	size_t		need = ring ? FkRollWorkSize(op, w, LEN) :
		FkRollWorkSizeInPlace(op, w, LEN);
	void	   *work = malloc(need > 8 ? need : 8);
	FkRollState st;
	double		t0 = fk_seconds(CLOCK_THREAD_CPUTIME_ID);

	if (ring)
		FkRollInit(&st, op, w, w, LEN, work);
	else
		FkRollInitInPlace(&st, op, w, w, LEN, work, x, NULL);
	for (size_t s = 0; s < LEN; s += block)
	{
		size_t		n = LEN - s < block ? LEN - s : block;

		FkRollStep(&st, x + s, NULL, out + s, out_valid + s / FK_WORD_BITS, 0, n);
	}
	t0 = fk_seconds(CLOCK_THREAD_CPUTIME_ID) - t0;
	free(work);
	return t0 * 1e3;
}

int
main(int argc, char **argv)
{
	size_t		w = argc > 1 ? (size_t) atoi(argv[1]) : 20;
	int			repeats = argc > 2 ? atoi(argv[2]) : 5;
	double	   *x = malloc(LEN * sizeof(double));
	double	   *out = malloc(LEN * sizeof(double));
	uint64_t   *out_valid = calloc(LEN / FK_WORD_BITS + 1, sizeof(uint64_t));
	double		price = 100.0,
				check = 0.0;

	/* a random walk in cents, steps of up to 10 cents, from a fixed seed */
	srand(1);
	for (size_t i = 0; i < LEN; i++)
	{
		price += (rand() % 21 - 10) * 0.01;
		x[i] = (double) (long) (price * 100) / 100;
	}
	for (size_t k = 0; k < sizeof(ops) / sizeof(ops[0]); k++)
	{
		if (argc > 3 && strcmp(argv[3], names[k]) != 0)
			continue;
		for (int ring = 1; ring >= 0; ring--)
		{
			printf("%-7s w=%zu %-8s ms:", names[k], w, ring ? "ring" : "in place");
			for (int r = 0; r < repeats; r++)
				printf(" %.2f", roll_once(ops[k], w, ring, x, out, out_valid));
			check += out[LEN - 1] + out[LEN / 2];
			printf("\n");
		}
	}
	printf("checksum %.17g\n", check);
	return 0;
}
