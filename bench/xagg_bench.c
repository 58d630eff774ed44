/*
 * xagg_bench.c
 *		Time of the cross-row aggregates' transitions of the kernel core
 *		(sum, min and max over rows, avg's and variance's float8[]
 *		states), in ns per element, on 1,000 rows of 10,000 elements
 *		without NULLs and with 10% NULLs, every row added to one state as
 *		the aggregates do.  "avg" adds a count at every position of every
 *		row; "avg/rows" is what avg's transition does with the state it
 *		makes: a row without NULLs adds its values and one to the rows
 *		slot, the slot folded in at the end (as the final function does).
 *
 *	make bench/bin/xagg_bench && bench/bin/xagg_bench [repeats [aggregate]]
 *
 * With an aggregate's name, that one alone (for valgrind --tool=callgrind
 * --toggle-collect=aggregate_once: its instructions per element).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timing.h"
#include "../src/core/bitmap.h"
#include "../src/core/series_agg.h"
#include "../src/core/series_agg_var.h"

#define ROWS 1000
#define LEN 10000

static const char *const names[] = {"sum", "min", "max", "avg", "var", "avg/rows"};

/*
 * Seconds to add every row to a fresh state of aggregate k (not inlined:
 * callgrind's --toggle-collect names it)
 */
static __attribute__((noinline)) double
aggregate_once(int k, const double *x, const uint64_t *valid)
{
	static double acc[LEN];
	static int64_t nulls[LEN];
	static double avg[2 * LEN];
	static double var[3 * LEN];
	size_t		words = FkBitmapWords(LEN);
	double		t0 = fk_seconds(CLOCK_THREAD_CPUTIME_ID);

	if (k == 3)
	{
		FkXAvgInit(avg, LEN);
		for (int r = 0; r < ROWS; r++)
			(void) FkXAvgAdd(avg, LEN, x + (size_t) r * LEN,
							 valid ? valid + (size_t) r * words : NULL);
	}
	else if (k == 5)
	{
		double		rows = 0.0;

		FkXAvgInit(avg, LEN);
		for (int r = 0; r < ROWS; r++)
		{
			if (valid == NULL)
			{
				(void) FkXAvgAddWhole(avg, LEN, 0, LEN, x + (size_t) r * LEN);
				(void) FkXAvgCountRow(&rows);
			}
			else
				(void) FkXAvgAdd(avg, LEN, x + (size_t) r * LEN,
								 valid + (size_t) r * words);
		}
		(void) FkXAvgFoldRows(avg, LEN, &rows);
	}
	else if (k == 4)
	{
		FkXVarInit(var, LEN);
		for (int r = 0; r < ROWS; r++)
			(void) FkXVarAdd(var, LEN, x + (size_t) r * LEN,
							 valid ? valid + (size_t) r * words : NULL);
	}
	else
	{
		FkXAgg		st = {.kind = (FkXAggKind) (k + 1), .len = LEN,
		.acc = acc, .nulls = nulls};

		FkXAggInit(&st);
		for (int r = 0; r < ROWS; r++)
			(void) FkXAggAdd(&st, x + (size_t) r * LEN,
							 valid ? valid + (size_t) r * words : NULL);
	}
	return fk_seconds(CLOCK_THREAD_CPUTIME_ID) - t0;
}

/* Median over repeats samples of ns per element */
static double
measure(int k, const double *x, const uint64_t *valid, int repeats)
{
	double		samples[64];

	for (int r = 0; r < repeats; r++)
		samples[r] = aggregate_once(k, x, valid) / ((double) ROWS * LEN) * 1e9;
	return fk_median(samples, repeats);
}

int
main(int argc, char **argv)
{
	int			repeats = argc > 1 ? atoi(argv[1]) : 7;
	const char *only = argc > 2 ? argv[2] : NULL;
	size_t		words = FkBitmapWords(LEN);
	double	   *x = malloc(sizeof(double) * ROWS * LEN);
	uint64_t   *valid = calloc(words * ROWS, sizeof(uint64_t));

	if (repeats < 1 || repeats > 64 || x == NULL || valid == NULL)
	{
		fprintf(stderr, "usage: xagg_bench [repeats 1..64 [aggregate]]\n");
		return 2;
	}
	srand(1);
	for (size_t r = 0; r < ROWS; r++)
		for (size_t i = 0; i < LEN; i++)
		{
			x[r * LEN + i] = 100.0 + (double) rand() / RAND_MAX;
			if (rand() % 10)
				FkBitmapSet(valid + r * words, i);
		}
	printf("# ns per element (thread CPU time), %d rows of %d, median of %d samples\n",
		   ROWS, LEN, repeats);
	printf("%-8s %12s %12s\n", "agg", "no NULL", "10% NULL");
	for (int k = 0; k < (int) (sizeof(names) / sizeof(names[0])); k++)
		if (only == NULL || strcmp(only, names[k]) == 0)
			printf("%-8s %12.3f %12.3f\n", names[k], measure(k, x, NULL, repeats),
				   measure(k, x, valid, repeats));
	free(x);
	free(valid);
	return 0;
}
