/*
 * fuse_pipe_bench.c
 *		Time of the fused evaluator alone over cumsum(dlog(x, 1)) on 10^6
 *		elements, without NULLs and with 10% NULLs: the program as compiled
 *		(its lagged log and running instruction marked as a pipelined pair)
 *		against the same program with the pair unmarked, alternately, the
 *		fastest of each (thread CPU time, milliseconds).
 *
 *	make bench/bin/fuse_pipe_bench && bench/bin/fuse_pipe_bench [repeats]
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
static uint64_t xvalid[N / 64 + 1];
static uint64_t outvalid[N / 64 + 1];

/* Thread CPU time in milliseconds */
static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* One evaluation of root over x (with xvalid when nulls), pair or not */
static double
RunOnce(const FkFuseExpr *root, bool pipe, bool nulls)
{
	FkFuseProgram prog;
	FkFuseRun	run;
	FkFuseInput input = {x, nulls ? xvalid : NULL};
	size_t		lag = 1;
	double		slots[1] = {0};
	void	   *ws;
	double		t0;

	if (!FkFuseCompile(root, &prog, 1, 1, 1))
		abort();
	if (!pipe)
		for (int i = 0; i < prog.ninstr; i++)
			prog.instr[i].pipe = false;
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
	FkFuseBegin(&run, ws);
	for (size_t s = 0; s < N; s += FK_FUSE_BLOCK)
		FkFuseRunBlock(&run, s);
	t0 = now() - t0;
	free(ws);
	return t0;
}

int
main(int argc, char **argv)
{
	int			repeats = argc > 1 ? atoi(argv[1]) : 41;
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
		double		on = INFINITY,
					off = INFINITY;

		for (int k = 0; k < repeats; k++)
		{
			double		a = RunOnce(&rn, true, nulls);
			double		b = RunOnce(&rn, false, nulls);

			on = a < on ? a : on;
			off = b < off ? b : off;
		}
		printf("cumsum(dlog(x, 1)), %s: pair %.3f ms, one by one %.3f ms\n",
			   nulls ? "10% NULL" : "no NULL", on, off);
	}
	return 0;
}
