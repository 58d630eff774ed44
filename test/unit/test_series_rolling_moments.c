/*
 * test_series_rolling_moments.c
 *		Unit tests of the moments pair (FkRollStepPair, series_rolling.c): a
 *		rolling sum or mean and a rolling stddev or var of the same series
 *		stepped together give, each, the bits, validity and fault index of
 *		FkRollStep alone, over prices in cents, the same with NaN,
 *		infinities and -0, and values whose sums overflow, with and without
 *		runs of NULLs across 64-bit word edges, for windows 1, 2, 20, 512
 *		and 513, and 3, 5 and 50 (the group of short windows with its last
 *		slots one at a time, and the element steps), min_count
 *		1 and w, the history in place or in a ring fed blocks of 1,024 or
 *		1,000.  The fused z-score (x - rolling_mean(x, w)) /
 *		rolling_stddev(x, w) marks its two windows a pair and gives the bits
 *		of the same program unmarked, the input held whole or fetched a
 *		block at a time.  Run under FUSEKERN_CPU_CAP=scalar the element
 *		steps do all.
 */
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/bitmap.h"
#include "../../src/core/fuse_program.h"
#include "../../src/core/kern_isa.h"
#include "../../src/core/series_rolling.h"
#include "roll_testutil.h"
#include "tap.h"

/* A rolling state over in_x[0..n) with its working memory */
typedef struct Roll
{
	FkRollState st;
	void	   *work;
} Roll;

/* Start r: op, window w, min_count mc, in place or with a ring */
static void
roll_start(Roll *r, FkRollOp op, size_t w, size_t mc, size_t n, int nulls,
		   int in_place)
{
	size_t		size = in_place ? FkRollWorkSizeInPlace(op, w, n) :
		FkRollWorkSize(op, w, n);

	r->work = malloc(size + 8);
	memset(r->work, 0x5A, size + 8);
	if (in_place)
		FkRollInitInPlace(&r->st, op, w, mc, n, r->work, in_x,
						  nulls ? in_valid : NULL);
	else
		FkRollInit(&r->st, op, w, mc, n, r->work);
}

/* Poison an output and its validity, so that what is not written shows */
static void
poison(double *out, uint64_t *ov, size_t n)
{
	memset(ov, 0xA5, NW * sizeof(uint64_t));
	memset(out, 0x5A, n * sizeof(double));
}

/*
 * op1 and op2 over in_x[0..n) fed blocks of blk: alone (pair 0) or as a
 * pair; the fault indexes in f[0], f[1]
 */
static void
run(FkRollOp op1, FkRollOp op2, size_t w, size_t mc, size_t n, int nulls,
	size_t blk, int in_place, int pair, double *o1, uint64_t *v1,
	double *o2, uint64_t *v2, size_t *f)
{
	Roll		a,
				b;
	const uint64_t *valid = nulls ? in_valid : NULL;

	poison(o1, v1, n);
	poison(o2, v2, n);
	roll_start(&a, op1, w, mc, n, nulls, in_place);
	roll_start(&b, op2, w, mc, n, nulls, in_place);
	for (size_t s = 0; s < n; s += blk)
	{
		size_t		m = n - s < blk ? n - s : blk;

		if (pair)
		{
			if (!FkRollPairOk(&a.st, &b.st))
				abort();
			FkRollStepPair(&a.st, &b.st, in_x + s, valid, o1 + s, v1,
						   o2 + s, v2, s, m);
		}
		else
		{
			FkRollStep(&a.st, in_x + s, valid, o1 + s, v1, s, m);
			FkRollStep(&b.st, in_x + s, valid, o2 + s, v2, s, m);
		}
	}
	f[0] = a.st.fault;
	f[1] = b.st.fault;
	free(a.work);
	free(b.work);
}

/* Block b of in_x into buf, as a compressed input's decoder would */
static void
fetch_block(const void *src, size_t b, double *buf)
{
	size_t		s = b * FK_FUSE_BLOCK;

	memcpy(buf, (const double *) src + s,
		   (N - s < FK_FUSE_BLOCK ? N - s : FK_FUSE_BLOCK) * sizeof(double));
}

/*
 * The z-score program over in_x[0..n), as compiled (mark) or with its
 * pair unmarked, the input whole or fetched; returns whether a block
 * stopped the run
 */
static int
run_zscore(size_t w, size_t n, int nulls, int fetched, int mark,
		   double *out, uint64_t *ov, int *marked)
{
	static double buf[FK_FUSE_BLOCK];
	size_t		have = SIZE_MAX;
	FkFuseExpr	in = {FK_FEXPR_INPUT, 0, -1, -1, -1, false, NULL, NULL};
	FkFuseExpr	mean = {FK_SOP_ROLLING_MEAN, 0, -1, -1, 0, false, &in, NULL};
	FkFuseExpr	dev = {FK_SOP_ROLLING_STDDEV, 0, -1, -1, 0, false, &in, NULL};
	FkFuseExpr	sub = {FK_KOP_SUB, 0, -1, -1, -1, false, &in, &mean};
	FkFuseExpr	z = {FK_KOP_DIV, 0, -1, -1, -1, false, &sub, &dev};
	FkFuseInput input = {fetched ? NULL : in_x, nulls ? in_valid : NULL,
	fetch_block, in_x, buf, &have};
	FkFuseProgram prog;
	FkFuseRun	run;
	double		slots[1] = {0};
	void	   *ws;
	int			stopped = 0;

	if (!FkFuseCompile(&z, &prog, 1, 1, 1))
		abort();
	*marked = prog.instr[0].mate == 2 && prog.instr[2].mate == 0 &&
		prog.instr[0].stash >= 0 && prog.instr[2].stash < 0;
	for (int i = 0; i < prog.ninstr && !mark; i++)
	{
		prog.instr[i].mate = -1;
		prog.instr[i].stash = -1;
	}
	poison(out, ov, n);
	FkFuseRunPlain(&run, &prog, n, &input, slots, &w, out, ov);
	ws = malloc(FkFuseWorkspaceSize(&prog, &w, n));
	FkFuseBegin(&run, ws);
	for (size_t s = 0; s < n && !stopped; s += FK_FUSE_BLOCK)
		stopped = FkFuseRunBlock(&run, s);
	free(ws);
	return stopped;
}

int
main(void)
{
	static const FkRollOp sums[] = {FK_ROLL_MEAN, FK_ROLL_SUM};
	static const FkRollOp devs[] = {FK_ROLL_STDDEV, FK_ROLL_VAR};
	static const char *const snames[] = {"mean", "sum"};
	static const char *const dnames[] = {"stddev", "var"};
	static const size_t windows[] = {1, 2, 3, 5, 20, 50, 512, 513};
	static const size_t lengths[] = {N, 5 * 20 + 3, 2 * 512 + 7};
	static const char *const kinds[] = {"cents", "NaN and infinities", "overflowing sums"};
	static double w1[N],
				w2[N],
				g1[N],
				g2[N];
	static uint64_t w1v[NW],
				w2v[NW],
				g1v[NW],
				g2v[NW];
	FkRollState a,
				b;

	/* pairs that may not step together */
	FkRollInit(&a, FK_ROLL_MEAN, 20, 20, 100, NULL);
	FkRollInit(&b, FK_ROLL_STDDEV, 21, 21, 100, NULL);
	ok(!FkRollPairOk(&a, &b), "windows 20 and 21 make no pair");
	FkRollInit(&b, FK_ROLL_MIN, 20, 20, 100, NULL);
	ok(!FkRollPairOk(&a, &b), "mean and min make no pair");
	FkRollInit(&b, FK_ROLL_VAR, 20, 20, 100, NULL);
	ok(FkRollPairOk(&a, &b) && !FkRollPairOk(&b, &a),
	   "mean then var make a pair, var then mean do not");

	for (size_t li = 0; li < sizeof(lengths) / sizeof(lengths[0]); li++)
		for (int kind = 0; kind < 3; kind++)
			for (int nulls = 0; nulls < 2; nulls++)
				for (int p = 0; p < 4; p++)
					for (size_t wi = 0; wi < sizeof(windows) / sizeof(windows[0]); wi++)
					{
						size_t		n = lengths[li],
									w = windows[wi];
						int			good = 1;
						char		what[200] = "";

						if (w > n)
							continue;
						make_input(n, kind, 0x9E3779B97F4A7C15ULL + 7 * li + kind);
						for (int minc = 0; minc < 2 && good; minc++)
						{
							size_t		mc = minc ? w : 1;

							/* in place whole, a ring by 1,024 and by 1,000 */
							for (int mode = 0; mode < 3 && good; mode++)
							{
								size_t		blk = mode == 0 ? n : mode == 1 ? 1024 : 1000;
								size_t		fw[2],
											fg[2],
											at = 0;

								run(sums[p / 2], devs[p % 2], w, mc, n, nulls, blk,
									mode == 0, 0, w1, w1v, w2, w2v, fw);
								run(sums[p / 2], devs[p % 2], w, mc, n, nulls, blk,
									mode == 0, 1, g1, g1v, g2, g2v, fg);
								if (!same(g1, g1v, w1, w1v, n, &at) || fw[0] != fg[0])
									good = 0;
								else if (!same(g2, g2v, w2, w2v, n, &at) || fw[1] != fg[1])
									good = 0;
								if (!good)
									snprintf(what, sizeof(what),
											 " (min_count %zu, %s: element %zu, faults %zu %zu against %zu %zu)",
											 mc, mode == 0 ? "in place" : "ring", at,
											 fg[0], fg[1], fw[0], fw[1]);
							}
						}
						ok(good, "rolling_%s and rolling_%s w=%zu over %zu %s%s: the bits of each alone%s",
						   snames[p / 2], dnames[p % 2], w, n, kinds[kind],
						   nulls ? " with NULLs" : "", what);
					}
	/* the fused z-score, marked and unmarked */
	for (int kind = 0; kind < 3; kind++)
		for (int nulls = 0; nulls < 2; nulls++)
			for (size_t wi = 0; wi < sizeof(windows) / sizeof(windows[0]); wi++)
			{
				size_t		w = windows[wi];
				int			good = 1,
							marked = 0,
							m2;

				make_input(N, kind, 0x5851F42D4C957F2DULL + kind);
				for (int fetched = 0; fetched < 2 && good; fetched++)
				{
					size_t		at = 0;
					int			s1 = run_zscore(w, N, nulls, fetched, 1, g1, g1v, &marked);
					int			s0 = run_zscore(w, N, nulls, fetched, 0, w1, w1v, &m2);

					good = marked && s1 == s0 && (s1 || same(g1, g1v, w1, w1v, N, &at));
				}
				ok(good, "fused z-score w=%zu over %s%s: a pair, the bits of the program unmarked",
				   w, kinds[kind], nulls ? " with NULLs" : "");
			}
	return done_testing();
}
