/*
 * test_fuse_time.c
 *		The windows of a duration as instructions of a fused program
 *		(FK_TIME_STREAMS): a program run a block at a time gives the bits,
 *		validity and overflow of FkTimeRoll over the whole series, for every
 *		op, window, min_count and length around the block edges, over times
 *		with runs of equal times and gaps longer than the window, values with
 *		NULL, NaN and infinities; an input fetched a block at a time cannot
 *		be such an instruction's operand (the compiler refuses a register).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/bitmap.h"
#include "core/fuse_program.h"
#include "core/series_time.h"
#include "tap.h"

#define N 3000
#define NW ((N + 63) / 64)

static int64_t ts[N];
static double x[N];
static uint64_t valid[NW];
static int overflows;			/* runs that overflowed, both ways */

/* Times in runs of equal ones, a gap of 10 minutes now and then */
static void
make_series(unsigned seed)
{
	int64_t		t = 1000000;

	srand(seed);
	memset(valid, 0, sizeof(valid));
	for (int i = 0; i < N; i++)
	{
		int			r = rand() % 100;

		t += r == 0 ? 600000000 : r < 30 ? 0 : (int64_t) (rand() % 3000000);
		ts[i] = t;
		r = rand() % 40;
		x[i] = r == 0 ? NAN : r == 1 ? INFINITY : r == 2 ? -INFINITY :
			(double) (rand() % 2001 - 1000) / 100.0;
		if (rand() % 9 != 0)
			FkBitmapSet(valid, i);
	}
	x[N / 2] = 1e308;			/* sums of two of these overflow */
	x[N / 2 + 1] = 1e308;
	FkBitmapSet(valid, N / 2);
	FkBitmapSet(valid, N / 2 + 1);
}

/* Same bits, or both NaN */
static bool
same(double a, double b)
{
	return memcmp(&a, &b, sizeof(double)) == 0 || (isnan(a) && isnan(b));
}

/*
 * op(x, ts, w, min_count) as a program over x[0 .. n), run a block at a
 * time, against FkTimeRoll: the elements that differ (value under a
 * present bit, or the bit), or -1 when one overflowed and the other not
 */
static int
run_one(int op, size_t n, int64_t w, size_t min_count)
{
	static double out[N],
				ref[N];
	static uint64_t ov[NW],
				rv[NW];
	FkFuseExpr	in = {FK_FEXPR_INPUT, 0, -1, -1, -1, false, NULL, NULL};
	FkFuseExpr	e = {op, 0, -1, -1, 0, false, &in, NULL, 0, 1, 2};
	double		q = FkOps[op].run == FK_ROLL_QUANTILE ? 0.25 : 0.5;
	FkFuseInput input = {x, valid, NULL, NULL, NULL, NULL};
	const int64_t *times[1] = {ts};
	FkFuseProgram prog;
	FkFuseRun	run;
	double		slots[1] = {q};
	size_t		lags[3];
	size_t		maxwin = FkTimeMaxWindow(ts, n, w, FK_TIME_CLOSED_RIGHT);
	size_t		fault;
	void	   *ws,
			   *work;
	bool		stopped = false;
	int			bad = 0;

	if (FkOps[op].run == FK_ROLL_QUANTILE)
		e.a = 0;				/* its q */
	lags[0] = min_count;
	lags[1] = (size_t) w;
	lags[2] = maxwin;
	if (!FkFuseCompile(&e, &prog, 1, 1, 3))
		abort();
	memset(out, 0xa5, sizeof(out));
	memset(ov, 0xa5, sizeof(ov));
	FkFuseRunPlain(&run, &prog, n, &input, slots, lags, out, ov);
	run.times = times;
	ws = malloc(FkFuseWorkspaceSize(&prog, lags, n));
	FkFuseBegin(&run, ws);
	for (size_t s = 0; s < n && !stopped; s += FK_FUSE_BLOCK)
		stopped = FkFuseRunBlock(&run, s);
	free(ws);

	work = malloc(FkTimeRollWorkSize((FkRollOp) FkOps[op].run, maxwin) + 8);
	fault = FkTimeRoll((FkRollOp) FkOps[op].run, ts, x, valid, n, w,
					   FK_TIME_CLOSED_RIGHT, min_count, q, maxwin, ref, rv, work);
	free(work);
	if (stopped != (fault != SIZE_MAX))
		return -1;
	if (stopped)
	{
		overflows++;
		return 0;
	}
	for (size_t i = 0; i < n; i++)
	{
		bool		p = FkBitmapGet(ov, i);

		if (p != FkBitmapGet(rv, i) || (p && !same(out[i], ref[i])))
			bad++;
	}
	return bad;
}

int
main(void)
{
	static const size_t lengths[] = {0, 1, 1023, 1024, 1025, N};
	static const int64_t windows[] = {1, 2000000, 300000000, 86400000000};
	static const size_t counts[] = {0, 1, 3};
	FkFuseExpr	in = {FK_FEXPR_INPUT, 0, -1, -1, -1, false, NULL, NULL};
	FkFuseExpr	abs_x = {FK_KOP_ABS, 0, -1, -1, -1, false, &in, NULL};
	FkFuseExpr	e = {FK_SOP_ROLLING_MEAN_BY, 0, -1, -1, 0, false, &abs_x, NULL,
	0, 1, 2};
	FkFuseProgram prog;

	for (int op = FK_SOP_ROLLING_SUM_BY; op < FK_FOP_COUNT; op++)
	{
		int			bad = 0,
					runs = 0;

		overflows = 0;

		ok(FkOpTime(op), "%s is a window of a duration", FkOps[op].name);
		for (unsigned seed = 1; seed <= 2; seed++)
		{
			make_series(seed);
			for (size_t l = 0; l < sizeof(lengths) / sizeof(lengths[0]); l++)
				for (size_t k = 0; k < sizeof(windows) / sizeof(windows[0]); k++)
					for (size_t c = 0; c < sizeof(counts) / sizeof(counts[0]); c++)
					{
						int			r = run_one(op, lengths[l], windows[k], counts[c]);

						bad += r < 0 ? 1000000 : r;
						runs++;
					}
		}
		ok(bad == 0, "%s over %d series, windows and min_counts: fused = whole (%d bad, %d overflowed)",
		   FkOps[op].name, runs, bad, overflows);
	}
	ok(!FkFuseCompile(&e, &prog, 1, 1, 3),
	   "a window of a duration over a computed operand does not compile");
	e.x = &in;
	e.tin = -1;
	ok(!FkFuseCompile(&e, &prog, 1, 1, 3), "nor one without a time axis");
	return done_testing();
}
