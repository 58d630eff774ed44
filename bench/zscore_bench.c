/*
 * zscore_bench.c
 *		Thread CPU time of the fused evaluator alone over the rolling
 *		z-score (x - rolling_mean(x, w)) / rolling_stddev(x, w) (W3) on 10^6
 *		prices in cents: the program as compiled (its rolling mean and
 *		stddev a moments pair, stepped together) against the same program
 *		with the pair unmarked (each rolling instruction alone, as before
 *		the pair existed), alternately, the fastest of each (milliseconds);
 *		the input held whole (a plain nvec or float8[]: windows read in
 *		place) and fetched a block at a time (nvec(compressed): windows
 *		keep a ring).  A checksum shows both give the same bits.  With a
 *		mode (1 as compiled, 0 unmarked) and a kind (0 whole, 1 fetched)
 *		only that one runs once, for callgrind (bench/callgrind_zscore.sh).
 *
 *	make bench/bin/zscore_bench &&
 *		bench/bin/zscore_bench [window [repeats [mode [kind]]]]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../src/core/bitmap.h"
#include "../src/core/fuse_program.h"
#include "../src/core/kern_isa.h"

#define N 1000000

static double x[N];
static double out[N];
static uint64_t outvalid[N / 64 + 1];

/* Thread CPU time in milliseconds */
static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* Block b of x into buf: a stand-in for a compressed input's decoder */
static void
FetchBlock(const void *src, size_t b, double *buf)
{
	size_t		s = b * FK_FUSE_BLOCK;
	size_t		n = N - s < FK_FUSE_BLOCK ? N - s : FK_FUSE_BLOCK;

	memcpy(buf, (const double *) src + s, n * sizeof(double));
}

/* The fused evaluation itself, block by block (callgrind counts this) */
static __attribute__((noinline)) void
EvaluateFused(FkFuseRun *run, void *ws)
{
	FkFuseBegin(run, ws);
	for (size_t s = 0; s < N; s += FK_FUSE_BLOCK)
		FkFuseRunBlock(run, s);
}

/* One evaluation: mark 1 as compiled, 0 the pair unmarked; fetched or whole */
static double
RunOnce(const FkFuseExpr *root, size_t w, int mark, int fetched)
{
	static double buf[FK_FUSE_BLOCK];
	size_t		have = SIZE_MAX;
	FkFuseProgram prog;
	FkFuseRun	run;
	FkFuseInput input = {fetched ? NULL : x, NULL, FetchBlock, x, buf, &have};
	double		slots[1] = {0};
	void	   *ws;
	double		t0;

	if (!FkFuseCompile(root, &prog, 1, 1, 1))
		abort();
	for (int i = 0; i < prog.ninstr && !mark; i++)
	{
		prog.instr[i].mate = -1;
		prog.instr[i].stash = -1;
	}
	FkFuseRunPlain(&run, &prog, N, &input, slots, &w, out, outvalid);
	ws = malloc(FkFuseWorkspaceSize(&prog, &w, N));
	t0 = now();
	EvaluateFused(&run, ws);
	t0 = now() - t0;
	free(ws);
	return t0;
}

/* A checksum of the outputs' bits */
static uint64_t
Checksum(void)
{
	uint64_t	h = 1469598103934665603ULL;

	for (size_t i = 0; i < N; i++)
	{
		uint64_t	b;

		memcpy(&b, &out[i], sizeof(b));
		h = (h ^ (FkBitmapGet(outvalid, i) ? b : 0)) * 1099511628211ULL;
	}
	return h;
}

int
main(int argc, char **argv)
{
	size_t		w = argc > 1 ? (size_t) atoi(argv[1]) : 20;
	int			repeats = argc > 2 ? atoi(argv[2]) : 21;
	int			only = argc > 3 ? atoi(argv[3]) : -1;
	int			onlykind = argc > 4 ? atoi(argv[4]) : -1;
	double		price = 100.0;
	FkFuseExpr	in = {FK_FEXPR_INPUT, 0, -1, -1, -1, false, NULL, NULL};
	FkFuseExpr	mean = {FK_SOP_ROLLING_MEAN, 0, -1, -1, 0, false, &in, NULL};
	FkFuseExpr	dev = {FK_SOP_ROLLING_STDDEV, 0, -1, -1, 0, false, &in, NULL};
	FkFuseExpr	sub = {FK_KOP_SUB, 0, -1, -1, -1, false, &in, &mean};
	FkFuseExpr	z = {FK_KOP_DIV, 0, -1, -1, -1, false, &sub, &dev};

	/* a random walk in cents, steps of up to 10 cents, from a fixed seed */
	srand(1);
	for (size_t i = 0; i < N; i++)
	{
		price += (rand() % 21 - 10) * 0.01;
		x[i] = (double) (long) (price * 100) / 100;
	}
	for (int kind = 0; kind < 2; kind++)
	{
		double		best[2] = {INFINITY, INFINITY};
		uint64_t	sum[2] = {0, 0};

		if (onlykind >= 0 && kind != onlykind)
			continue;
		for (int k = 0; k < repeats; k++)
			for (int m = 1; m >= 0; m--)
			{
				double		t;

				if (only >= 0 && m != only)
					continue;
				t = RunOnce(&z, w, m, kind);
				best[m] = t < best[m] ? t : best[m];
				sum[m] = Checksum();
			}
		printf("zscore w=%zu, input %s: pair %.3f ms, unmarked %.3f ms, "
			   "checksums %016llx %016llx\n", w, kind ? "fetched" : "whole",
			   best[1], best[0], (unsigned long long) sum[1],
			   (unsigned long long) sum[0]);
	}
	return 0;
}
