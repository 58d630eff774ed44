/*
 * time_roll_bench.c
 *		Thread CPU time of the rolling windows over a duration of the kernel
 *		core (FkTimeRoll) over 10^6 prices in cents at irregular times (0
 *		to 3 s apart, equal times too, a gap of 10 min every 50,000), a
 *		window of 5 min, in ms, every run: in one step (the SQL function),
 *		and in steps of 1,024 (FkTimeRollStep, as a pass a block at a time
 *		makes them).  A checksum of the outputs shows two builds agree.
 *
 *	make bench/bin/time_roll_bench && bench/bin/time_roll_bench [repeats] [op] [closed]
 *
 * op (sum, mean, stddev, var, min, max, count, median) times that one alone,
 * for valgrind --tool=callgrind --toggle-collect=FkTimeRoll* (see
 * bench/callgrind_time_roll.sh), over windows closed as closed says (right,
 * the default; left, both, neither).  Built with -DFK_TIME_ROLL_WHOLE_ONLY
 * it times the one step alone.  A core from before closed takes other
 * arguments: compare with the bench built in that core's own tree.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timing.h"
#include "../src/core/bitmap.h"
#include "../src/core/series_time.h"

#define LEN 1000000
#define STEP 1024

static const FkRollOp ops[] = {FK_ROLL_SUM, FK_ROLL_MEAN, FK_ROLL_STDDEV,
	FK_ROLL_VAR, FK_ROLL_MIN, FK_ROLL_MAX, FK_ROLL_COUNT, FK_ROLL_MEDIAN};
static const char *const names[] = {"sum", "mean", "stddev", "var", "min",
"max", "count", "median"};
static const char *const closed_names[] = {"right", "left", "both", "neither"};

/* Which ends of the windows are closed */
static FkTimeClosed closed = FK_TIME_CLOSED_RIGHT;

/* Milliseconds of op over windows of w at times ts, in one step or in steps */
static double
time_once(FkRollOp op, const int64_t *ts, const double *x, int64_t w,
		  int steps, double *out, uint64_t *out_valid)
{
	double		t0 = fk_seconds(CLOCK_THREAD_CPUTIME_ID);
	size_t		maxwin = FkTimeMaxWindow(ts, LEN, w, closed);
	void	   *work = malloc(FkTimeRollWorkSize(op, maxwin) + 8);

	if (!steps)
		FkTimeRoll(op, ts, x, NULL, LEN, w, closed, 1, 0.5, maxwin, out,
				   out_valid, work);
#ifndef FK_TIME_ROLL_WHOLE_ONLY
	else
	{
		FkTimeRollState st;

		FkTimeRollInit(&st, op, w, closed, 1, 0.5, maxwin, work);
		for (size_t s = 0; s < LEN; s += STEP)
			FkTimeRollStep(&st, ts, x, NULL, LEN,
						   LEN - s < STEP ? LEN : s + STEP, out + s,
						   out_valid + s / FK_WORD_BITS);
	}
#endif
	t0 = fk_seconds(CLOCK_THREAD_CPUTIME_ID) - t0;
	free(work);
	return t0 * 1e3;
}

int
main(int argc, char **argv)
{
	int			repeats = argc > 1 ? atoi(argv[1]) : 5;
	int64_t    *ts = malloc(LEN * sizeof(int64_t));
	double	   *x = malloc(LEN * sizeof(double));
	double	   *out = malloc(LEN * sizeof(double));
	uint64_t   *out_valid = calloc(LEN / FK_WORD_BITS + 1, sizeof(uint64_t));
	int64_t		t = 0;
	double		price = 100.0,
				check[2] = {0.0, 0.0};
	int			nsteps = 2;

#ifdef FK_TIME_ROLL_WHOLE_ONLY
	nsteps = 1;
#endif
	for (int c = 0; argc > 3 && c < 4; c++)
		if (strcmp(argv[3], closed_names[c]) == 0)
			closed = (FkTimeClosed) c;
	/* a random walk in cents at irregular times, from a fixed seed */
	srand(1);
	for (size_t i = 0; i < LEN; i++)
	{
		t += i % 50000 == 49999 ? 600000000 : (int64_t) (rand() % 4) * 1000000;
		ts[i] = t;
		price += (rand() % 21 - 10) * 0.01;
		x[i] = (double) (long) (price * 100) / 100;
	}
	for (size_t k = 0; k < sizeof(ops) / sizeof(ops[0]); k++)
	{
		if (argc > 2 && strcmp(argv[2], names[k]) != 0)
			continue;
		for (int steps = 0; steps < nsteps; steps++)
		{
			printf("%-7s %-10s ms:", names[k], steps ? "steps 1024" : "one step");
			for (int r = 0; r < repeats; r++)
				printf(" %.2f", time_once(ops[k], ts, x, 300000000, steps, out,
										  out_valid));
			check[steps] += out[LEN - 1] + out[LEN / 2] + out[STEP - 1] + out[STEP];
			printf("\n");
		}
	}
	printf("checksum %.17g", check[0]);
	if (nsteps > 1)
		printf(", in steps %.17g", check[1]);
	printf("\n");
	return 0;
}
