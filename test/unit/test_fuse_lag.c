/*
 * test_fuse_lag.c
 *		Unit tests of the lagged instructions of the fused evaluator on the
 *		machine's own kernel table: every LAGGED row of the catalogue
 *		(dlog, diff, dlog_scale_add) alone, and diff(dlog(x, k), k) chained, at lags 1, 2, 63, 64, 1023, 1024,
 *		1025 and 3000 over lengths that cross several blocks, with and
 *		without NULLs, against the same primitives applied one element at a
 *		time: the same bits, the same validity.  A NULL-free input gives
 *		dense blocks (no validity words) past the first lag, and the check
 *		callback of diff sees the operand lag elements back.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/bitmap.h"
#include "../../src/core/fuse_program.h"
#include "kern_testutil.h"
#include "tap.h"

#define N 5000

static double x[N];
static uint64_t xvalid[N / 64 + 1];
static double out[N];
static uint64_t outvalid[N / 64 + 1];
static double refv[N];
static bool refok[N];
static const FkKernelTable *kt;

/* What the check callback saw that it should not have */
typedef struct LagSeen
{
	size_t		lag;
	bool		nulls;			/* the input has NULLs */
	int			dense_wrong;	/* blocks whose density is not as expected */
	int			y_wrong;		/* diff: y not the operand lag back */
} LagSeen;

/* The check callback: density of each lagged block and diff's y */
static bool
LagCheck(void *arg, const FkFuseCheck *ck)
{
	LagSeen    *seen = arg;
	bool		first = ck->ins->x.kind == FK_REF_INPUT;
	size_t		lead = first ? seen->lag : 2 * seen->lag;

	/* a block past the first lag (twice for the chain) is all present */
	if (!seen->nulls && ((ck->valid == NULL) != (ck->start >= lead)))
		seen->dense_wrong++;
	if (!FkOpLnFirst(ck->ins->op) && first)
	{
		for (size_t i = 0; i < ck->n; i++)
		{
			size_t		e = ck->start + i;

			if (e >= ck->lag && refok[e] &&
				!same_value(ck->y[i], x[e - ck->lag]))
			{
				seen->y_wrong++;
				break;
			}
		}
	}
	return false;
}

/* ln of one element, as the table computes it */
static double
Ln1(double v)
{
	double		r;

	kt->ln(&r, &v, 1);
	return r;
}

/*
 * The reference: op over x one element at a time; chain: diff(dlog).  A
 * lagged row is a difference of its operand (its ln when FK_OPF_LN_FIRST)
 * and that operand lag elements back, then * a + b when its shape has
 * scalars; pct_change is (x[i] / x[i - lag]) - 1, ratio x[i] / x[i - lag].
 */
static void
Reference(int op, bool chain, size_t lag, size_t n, double a, double b)
{
	static double d1[N];
	static bool ok1[N];

	for (size_t i = 0; i < n; i++)
	{
		bool		ok = i >= lag && FkBitmapGet(xvalid, i) &&
			FkBitmapGet(xvalid, i - lag);
		double		cur = 0,
					prev = 0;

		if (ok)
		{
			cur = FkOpLnFirst(op) ? Ln1(x[i]) : x[i];
			prev = FkOpLnFirst(op) ? Ln1(x[i - lag]) : x[i - lag];
		}
		ok1[i] = ok;
		if (!ok)
			d1[i] = 0;
		else if (FkShapes[FkOps[op].shape].nscalars == 2)
			kt->sub_mul_add(&d1[i], &cur, &prev, a, b, 1);
		else if (op == FK_KOP_PCT_CHANGE)
			d1[i] = (cur / prev) - 1.0;
		else if (op == FK_KOP_RATIO)
			d1[i] = cur / prev;
		else
			kt->sub(&d1[i], &cur, &prev, 1);
	}
	for (size_t i = 0; i < n; i++)
	{
		refok[i] = chain ? i >= lag && ok1[i] && ok1[i - lag] : ok1[i];
		if (refok[i])
		{
			if (chain)
				kt->sub(&refv[i], &d1[i], &d1[i - lag], 1);
			else
				refv[i] = d1[i];
		}
	}
}

/* Run op(x, lag) (chain: diff(dlog(x, lag), lag)) fused; wrong elements */
static int
RunOne(int op, bool chain, size_t lag, size_t n, bool nulls, LagSeen *seen)
{
	FkFuseExpr	in = {FK_FEXPR_INPUT, 0, -1, -1, -1, false, NULL, NULL};
	FkFuseExpr	e1 = {(int16_t) op, 0, -1, -1, 0, false, &in, NULL};
	FkFuseExpr	e2 = {FK_KOP_DIFF, 0, -1, -1, 0, false, &e1, NULL};
	FkFuseProgram prog;
	FkFuseRun	run;
	FkFuseInput input = {x, nulls ? xvalid : NULL};
	double		slots[2] = {0.5, -0.25};
	void	   *ws;
	int			wrong = 0;

	if (FkShapes[FkOps[op].shape].nscalars == 2)
	{
		e1.a = 0;
		e1.b = 1;
	}
	if (!FkFuseCompile(chain ? &e2 : &e1, &prog, 1, 2, 1))
		return -1;
	memset(&run, 0, sizeof(run));
	run.prog = &prog;
	run.kt = kt;
	run.ct = FkChecksFor(FkDetectIsa());
	run.n = n;
	run.inputs = &input;
	run.slots = slots;
	run.lags = &lag;
	run.out = out;
	run.outvalid = outvalid;
	run.check = LagCheck;
	run.check_arg = seen;
	seen->lag = lag;
	seen->nulls = nulls;
	ws = malloc(FkFuseWorkspaceSize(&prog, &lag, n));
	FkFuseBegin(&run, ws);
	for (size_t start = 0; start < n; start += FK_FUSE_BLOCK)
		if (FkFuseRunBlock(&run, start))
			wrong++;
	free(ws);

	Reference(op, chain, lag, n, slots[0], slots[1]);
	for (size_t i = 0; i < n; i++)
		if (FkBitmapGet(outvalid, i) != refok[i] ||
			(refok[i] && !same_value(out[i], refv[i])))
			wrong++;
	return wrong;
}

int
main(void)
{
	static const size_t lagset[] = {1, 2, 63, 64, 1023, 1024, 1025, 3000};
	static const size_t lengths[] = {1, 1025, 2047, 4097, N};
	uint64_t	rng = 20261123;
	int			wrong = 0,
				dense_wrong = 0,
				y_wrong = 0,
				runs = 0;

	kt = FkKernelsFor(FkDetectIsa());
	for (int nulls = 0; nulls < 2; nulls++)
	{
		memset(xvalid, 0, sizeof(xvalid));
		for (size_t i = 0; i < N; i++)
		{
			x[i] = 50 + 100 * rand_unit(&rng);
			if (!nulls || (rand64(&rng) % 7 != 0 && i % 1024 != 1000))
				FkBitmapSet(xvalid, i);
		}
		for (size_t l = 0; l < sizeof(lagset) / sizeof(lagset[0]); l++)
			for (size_t k = 0; k < sizeof(lengths) / sizeof(lengths[0]); k++)
				for (int op = 0; op <= FK_KOP_COUNT; op++)
				{
					bool		chain = op == FK_KOP_COUNT;
					LagSeen		seen = {0};
					int			w;

					/* every lagged row, then the chain diff(dlog) */
					if (!chain && !FkKernelOpLagged((FkKernelOp) op))
						continue;
					w = RunOne(chain ? FK_KOP_DLOG : op, chain,
							   lagset[l], lengths[k], nulls, &seen);
					wrong += w < 0 ? 1 : w;
					dense_wrong += seen.dense_wrong;
					y_wrong += seen.y_wrong;
					runs++;
				}
	}
	ok(wrong == 0, "%d lagged programs give the bits and validity of one element at a time (%d wrong)",
	   runs, wrong);
	ok(dense_wrong == 0, "a NULL-free block past the first lag is dense, one before it is not (%d blocks wrong)",
	   dense_wrong);
	ok(y_wrong == 0, "the check of diff sees its operand lag elements back (%d blocks wrong)",
	   y_wrong);
	return done_testing();
}
