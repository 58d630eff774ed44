/*
 * fuse_pipe_bench.c
 *		Time of the fused evaluator alone over cumsum(dlog(x, 1)) on 10^6
 *		elements, without NULLs and with 10% NULLs: the program as compiled
 *		(its lagged log and running instruction marked as a pipelined pair)
 *		against the same program with the pair unmarked (the lagged log
 *		alone through ln_lag_run) and with neither marked (ln, then the lag
 *		combine, one instruction at a time), and the two kernels unfused
 *		(the dlog kernel over the whole vector, its validity, then the
 *		running step), alternately, the fastest of each (thread CPU time,
 *		milliseconds).  With a mode (3 as compiled, 2 pair unmarked, 1
 *		neither marked, 0 unfused) only that one runs, and with nulls (0
 *		or 1) only that input, for callgrind (bench/callgrind_fuse_pipe.sh).
 *
 *	make bench/bin/fuse_pipe_bench &&
 *		bench/bin/fuse_pipe_bench [repeats [mode [nulls]]]
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
static double tmp[N];
static uint64_t xvalid[N / 64 + 1];
static uint64_t outvalid[N / 64 + 1];
static uint64_t tmpvalid[N / 64 + 1];

/* Thread CPU time in milliseconds */
static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* The fused evaluation itself, block by block (callgrind counts this) */
static __attribute__((noinline)) void
EvaluateFused(FkFuseRun *run, void *ws)
{
	FkFuseBegin(run, ws);
	for (size_t s = 0; s < N; s += FK_FUSE_BLOCK)
		FkFuseRunBlock(run, s);
}

/*
 * cumsum(dlog(x, 1)) unfused, as the two SQL functions compute it: the
 * dlog kernel, the output's validity, the running step (callgrind counts
 * this)
 */
static __attribute__((noinline)) void
EvaluateUnfused(bool nulls)
{
	const FkKernelTable *kt = FkKernelsFor(FkDetectIsa());
	FkRunningState st;
	size_t		nw = FkBitmapWords(N);

	kt->dlog(tmp, x, 1, N);
	tmp[0] = 0.0;
	if (nulls)
	{
		for (size_t w = 0; w < nw; w++)
			tmpvalid[w] = xvalid[w] & ((xvalid[w] << 1) |
									   (w > 0 ? xvalid[w - 1] >> 63 : 0));
		tmpvalid[0] &= ~UINT64_C(1);
	}
	FkRunningInit(&st, FK_RUN_CUMSUM, 0.0);
	memset(outvalid, 0, sizeof(outvalid));
	FkRunningStep(&st, tmp, nulls ? tmpvalid : NULL, 0, N, out,
				  nulls ? outvalid : NULL);
}

/*
 * One evaluation of root over x (with xvalid when nulls): mark 3 as
 * compiled, 2 the pair unmarked, 1 the lagged log unmarked too, 0 unfused
 */
static double
RunOnce(const FkFuseExpr *root, int mark, bool nulls)
{
	FkFuseProgram prog;
	FkFuseRun	run;
	FkFuseInput input = {x, nulls ? xvalid : NULL};
	size_t		lag = 1;
	double		slots[1] = {0};
	void	   *ws;
	double		t0;

	if (mark == 0)
	{
		t0 = now();
		EvaluateUnfused(nulls);
		return now() - t0;
	}
	if (!FkFuseCompile(root, &prog, 1, 1, 1))
		abort();
	for (int i = 0; i < prog.ninstr; i++)
	{
		prog.instr[i].pipe &= mark == 3;
		prog.instr[i].lnlag &= mark >= 2;
	}
	memset(&run, 0, sizeof(run));
	run.prog = &prog;
	run.kt = FkKernelsFor(FkDetectIsa());
	run.ct = FkChecksFor(FkDetectIsa());
	run.n = N;
	run.inputs = &input;
	run.slots = slots;
	run.lags = &lag;
	run.out = out;
	run.outvalid = outvalid;
	ws = malloc(FkFuseWorkspaceSize(&prog, &lag, N));
	t0 = now();
	EvaluateFused(&run, ws);
	t0 = now() - t0;
	free(ws);
	return t0;
}

int
main(int argc, char **argv)
{
	int			repeats = argc > 1 ? atoi(argv[1]) : 41;
	int			only = argc > 2 ? atoi(argv[2]) : -1;
	int			onlynulls = argc > 3 ? atoi(argv[3]) : -1;
	double		p = 100;
	uint64_t	r = 1;
	FkFuseExpr	in = {FK_FEXPR_INPUT, 0, -1, -1, -1, false, NULL, NULL};
	FkFuseExpr	lg = {FK_KOP_DLOG, 0, -1, -1, 0, false, &in, NULL};
	FkFuseExpr	rn = {FK_SOP_CUMSUM, 0, -1, -1, -1, false, &lg, NULL};

	/* a random walk around 100, one element in ten NULL */
	for (size_t i = 0; i < N; i++)
	{
		r = r * 6364136223846793005ULL + 1442695040888963407ULL;
		p *= exp(0.01 * ((double) (r >> 11) / 9007199254740992.0 - 0.5));
		x[i] = p;
		r = r * 6364136223846793005ULL + 1442695040888963407ULL;
		if ((r >> 33) % 10 != 0)
			FkBitmapSet(xvalid, i);
	}
	for (int nulls = 0; nulls < 2; nulls++)
	{
		double		best[4] = {INFINITY, INFINITY, INFINITY, INFINITY};

		if (onlynulls >= 0 && nulls != onlynulls)
			continue;

		for (int k = 0; k < repeats; k++)
			for (int m = 3; m >= 0; m--)
			{
				double		t;

				if (only >= 0 && m != only)
					continue;
				t = RunOnce(&rn, m, nulls);
				best[m] = t < best[m] ? t : best[m];
			}
		printf("cumsum(dlog(x, 1)), %s: pair %.3f ms, one by one %.3f ms, "
			   "neither marked %.3f ms, unfused %.3f ms\n",
			   nulls ? "10% NULL" : "no NULL", best[3], best[2], best[1],
			   best[0]);
	}
	return 0;
}
