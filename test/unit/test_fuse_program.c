/*
 * test_fuse_program.c
 *		Unit tests of the fused-program evaluator: random expression trees
 *		run block by block must give, for every element, the validity and
 *		the bits that applying each operation to whole vectors gives, with
 *		lags shorter and longer than a block, lags past the end, NULLs at
 *		word and block boundaries, and lengths around block sizes.
 *
 * The primitives are a plain scalar table written here (the bodies of the
 * lagged rows are the scalar path's): what is checked is the evaluator's
 * blocking, rings and validity, not the kernels.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/bitmap.h"
#include "../../src/core/fuse_program.h"
#include "../../src/core/series_reduce.h"
#include "tap.h"

#define NINPUTS 3
#define MAXN 5000

/* The test's primitives, one loop each */
#define UNARY(name, expr) \
	static void name(double *d, const double *x, size_t n) \
	{ for (size_t i = 0; i < n; i++) { double v = x[i]; d[i] = (expr); } }
#define BINARY(name, op) \
	static void name(double *d, const double *x, const double *y, size_t n) \
	{ for (size_t i = 0; i < n; i++) d[i] = x[i] op y[i]; }
#define SCALAR(name, expr) \
	static void name(double *d, const double *x, double s, size_t n) \
	{ for (size_t i = 0; i < n; i++) { double v = x[i]; d[i] = (expr); } }

UNARY(t_ln, log(v))
UNARY(t_log10, log10(v))
UNARY(t_log2, log2(v))
UNARY(t_cbrt, cbrt(v))
UNARY(t_exp, exp(v))
UNARY(t_sqrt, sqrt(v))
UNARY(t_abs, fabs(v))
UNARY(t_neg, -v)
UNARY(t_trunc, trunc(v))
UNARY(t_floor, floor(v))
UNARY(t_ceil, ceil(v))
UNARY(t_round, rint(v))
UNARY(t_sign, v > 0 ? 1.0 : v < 0 ? -1.0 : 0.0)
UNARY(t_tanh, tanh(v))
UNARY(t_sin, sin(v))
UNARY(t_cos, cos(v))
UNARY(t_tan, tan(v))
UNARY(t_log1p, log1p(v))
UNARY(t_expm1, expm1(v))
BINARY(t_add, +)
BINARY(t_sub, -)
BINARY(t_mul, *)
BINARY(t_div, /)
SCALAR(t_add_s, v + s)
SCALAR(t_radd_s, s + v)
SCALAR(t_sub_s, v - s)
SCALAR(t_rsub_s, s - v)
SCALAR(t_mul_s, v * s)
SCALAR(t_rmul_s, s * v)
SCALAR(t_div_s, v / s)
SCALAR(t_rdiv_s, s / v)
SCALAR(t_pow_s, pow(v, s))
SCALAR(t_atan2_s, atan2(v, s))
SCALAR(t_vgreatest_s, isnan(v) ? v : isnan(s) || s > v ? s : v)
SCALAR(t_vleast_s, isnan(s) ? v : isnan(v) || s < v ? s : v)

static void
t_pow(double *d, const double *x, const double *y, size_t n)
{
	for (size_t i = 0; i < n; i++)
		d[i] = pow(x[i], y[i]);
}

static void
t_vgreatest(double *d, const double *x, const double *y, size_t n)
{
	for (size_t i = 0; i < n; i++)
		d[i] = isnan(x[i]) ? x[i] : isnan(y[i]) || y[i] > x[i] ? y[i] : x[i];
}

static void
t_vleast(double *d, const double *x, const double *y, size_t n)
{
	for (size_t i = 0; i < n; i++)
		d[i] = isnan(y[i]) ? x[i] : isnan(x[i]) || y[i] < x[i] ? y[i] : x[i];
}

static void
t_atan2(double *d, const double *x, const double *y, size_t n)
{
	for (size_t i = 0; i < n; i++)
		d[i] = atan2(x[i], y[i]);
}

static void
t_scale_add(double *d, const double *x, double a, double b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		d[i] = (x[i] * a) + b;
}

static void
t_clip(double *d, const double *x, double a, double b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		d[i] = x[i] < a ? a : x[i] > b ? b : x[i];
}

static void
t_ln_scale_add(double *d, const double *x, double a, double b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		d[i] = (log(x[i]) * a) + b;
}

static void
t_sub_mul_add(double *d, const double *x, const double *y, double a,
			  double b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		d[i] = ((x[i] - y[i]) * a) + b;
}

static FkKernelTable table = {
	.name = "test",
	.ln = t_ln,.log10 = t_log10,.log2 = t_log2,.cbrt = t_cbrt,.exp = t_exp,.sqrt = t_sqrt,.abs = t_abs,.neg = t_neg,
	.trunc = t_trunc,.floor = t_floor,.ceil = t_ceil,.round = t_round,
	.sign = t_sign,.tanh = t_tanh,.sin = t_sin,.cos = t_cos,.tan = t_tan,
	.log1p = t_log1p,.expm1 = t_expm1,.pow = t_pow,.pow_s = t_pow_s,
	.atan2 = t_atan2,.atan2_s = t_atan2_s,.vgreatest = t_vgreatest,
	.vgreatest_s = t_vgreatest_s,.vleast = t_vleast,.vleast_s = t_vleast_s,
	.add = t_add,.sub = t_sub,.mul = t_mul,.div = t_div,
	.add_s = t_add_s,.radd_s = t_radd_s,.sub_s = t_sub_s,.rsub_s = t_rsub_s,
	.mul_s = t_mul_s,.rmul_s = t_rmul_s,.div_s = t_div_s,.rdiv_s = t_rdiv_s,
	.clip = t_clip,.scale_add = t_scale_add,.ln_scale_add = t_ln_scale_add,
	.sub_mul_add = t_sub_mul_add
};

/* A vector with presence flags, for the reference evaluation */
typedef struct RefVec
{
	double		v[MAXN];
	bool		ok[MAXN];
} RefVec;

static double inputs[NINPUTS][MAXN];
static uint64_t valid[NINPUTS][MAXN / 64 + 1];
static bool has_nulls[NINPUTS];
static double slots[8];
static size_t lags[8];
static FkFuseExpr nodes[200];
static int nnodes;
static bool ref_fault;			/* a running operation overflowed */

/*
 * Reference of a running operation: its state stepped one element at a
 * time (the evaluator steps a block at a time: the bits must not differ)
 */
static void
RefRunning(const FkFuseExpr *e, double a, const RefVec *x, size_t n,
		   RefVec *out)
{
	FkRunningState st;
	uint64_t	w,
				ow;

	FkRunningInit(&st, (FkRunningOp) FkOps[e->op].run, a);
	for (size_t i = 0; i < n; i++)
	{
		w = x->ok[i] ? 1 : 0;
		ow = 0;
		if (!FkRunningStep(&st, &x->v[i], &w, 0, 1, &out->v[i], &ow))
			ref_fault = true;
		out->ok[i] = (ow & 1) != 0;
	}
}

/*
 * Reference of a rolling operation (window: its lag, min_count the window):
 * its state fed one element at a time
 */
static void
RefRolling(const FkFuseExpr *e, const RefVec *x, size_t n, RefVec *out)
{
	FkRollState st;
	size_t		w = lags[e->lag];
	void	   *work;
	uint64_t	vw,
				ow;

	if (n == 0)
		return;
	work = malloc(FkRollWorkSize((FkRollOp) FkOps[e->op].run, w, n) + 8);
	FkRollInit(&st, (FkRollOp) FkOps[e->op].run, w, w, n, work);
	if (e->op == FK_SOP_ROLLING_QUANTILE)
		st.q = slots[e->a];
	for (size_t i = 0; i < n; i++)
	{
		vw = x->ok[i] ? 1 : 0;
		ow = 0;
		FkRollStep(&st, &x->v[i], &vw, &out->v[i], &ow, 0, 1);
		if (st.fault != SIZE_MAX)
			ref_fault = true;
		out->ok[i] = (ow & 1) != 0;
	}
	free(work);
}

/* Reference: each operation over the whole vector, element by element */
static void
RefEval(const FkFuseExpr *e, size_t n, RefVec *out)
{
	RefVec	   *x,
			   *y = NULL;
	double		a = e->a >= 0 ? slots[e->a] : 0,
				b = e->b >= 0 ? slots[e->b] : 0;

	if (e->op == FK_FEXPR_INPUT)
	{
		for (size_t i = 0; i < n; i++)
		{
			out->v[i] = inputs[e->input][i];
			out->ok[i] = !has_nulls[e->input] || FkBitmapGet(valid[e->input], i);
		}
		return;
	}
	x = malloc(sizeof(RefVec));
	RefEval(e->x, n, x);
	if (e->y)
	{
		y = malloc(sizeof(RefVec));
		RefEval(e->y, n, y);
	}
	if (FkOpShift(e->op))
	{
		size_t		k = lags[e->lag];

		for (size_t i = 0; i < n; i++)
		{
			out->ok[i] = i >= k && x->ok[i - k];
			out->v[i] = out->ok[i] ? x->v[i - k] : 0.0;
		}
		free(x);
		free(y);
		return;
	}
	if (FkOpRolling(e->op))
	{
		RefRolling(e, x, n, out);
		free(x);
		free(y);
		return;
	}
	if (FkOpRunning(e->op))
	{
		RefRunning(e, a, x, n, out);
		free(x);
		free(y);
		return;
	}
	for (size_t i = 0; i < n; i++)
	{
		double		xv = x->v[i],
					yv = y ? y->v[i] : 0;
		bool		ok = x->ok[i] && (!y || y->ok[i]);
		size_t		lag = e->lag >= 0 ? lags[e->lag] : 0;
		double		r = 0;

		if (FkKernelOpLagged((FkKernelOp) e->op))
		{
			ok = ok && i >= lag && x->ok[i - lag];
			if (ok)
				yv = x->v[i - lag];
		}
		switch ((FkKernelOp) e->op)
		{
			case FK_KOP_LN: t_ln(&r, &xv, 1); break;
			case FK_KOP_LOG10: t_log10(&r, &xv, 1); break;
			case FK_KOP_LOG2: t_log2(&r, &xv, 1); break;
			case FK_KOP_CBRT: t_cbrt(&r, &xv, 1); break;
			case FK_KOP_EXP: t_exp(&r, &xv, 1); break;
			case FK_KOP_SQRT: t_sqrt(&r, &xv, 1); break;
			case FK_KOP_ABS: t_abs(&r, &xv, 1); break;
			case FK_KOP_NEG: t_neg(&r, &xv, 1); break;
			case FK_KOP_TRUNC: t_trunc(&r, &xv, 1); break;
			case FK_KOP_FLOOR: t_floor(&r, &xv, 1); break;
			case FK_KOP_CEIL: t_ceil(&r, &xv, 1); break;
			case FK_KOP_ROUND: t_round(&r, &xv, 1); break;
			case FK_KOP_SIGN: t_sign(&r, &xv, 1); break;
			case FK_KOP_TANH: t_tanh(&r, &xv, 1); break;
			case FK_KOP_SIN: t_sin(&r, &xv, 1); break;
			case FK_KOP_COS: t_cos(&r, &xv, 1); break;
			case FK_KOP_TAN: t_tan(&r, &xv, 1); break;
			case FK_KOP_LOG1P: t_log1p(&r, &xv, 1); break;
			case FK_KOP_EXPM1: t_expm1(&r, &xv, 1); break;
			case FK_KOP_POW: r = pow(xv, yv); break;
			case FK_KOP_POW_S: r = pow(xv, a); break;
			case FK_KOP_ATAN2: r = atan2(xv, yv); break;
			case FK_KOP_ATAN2_S: r = atan2(xv, a); break;
			case FK_KOP_VGREATEST: t_vgreatest(&r, &xv, &yv, 1); break;
			case FK_KOP_VGREATEST_S: t_vgreatest_s(&r, &xv, a, 1); break;
			case FK_KOP_VLEAST: t_vleast(&r, &xv, &yv, 1); break;
			case FK_KOP_VLEAST_S: t_vleast_s(&r, &xv, a, 1); break;
			case FK_KOP_ADD: r = xv + yv; break;
			case FK_KOP_SUB: r = xv - yv; break;
			case FK_KOP_MUL: r = xv * yv; break;
			case FK_KOP_DIV: r = xv / yv; break;
			case FK_KOP_ADD_S: r = xv + a; break;
			case FK_KOP_RADD_S: r = a + xv; break;
			case FK_KOP_SUB_S: r = xv - a; break;
			case FK_KOP_RSUB_S: r = a - xv; break;
			case FK_KOP_MUL_S: r = xv * a; break;
			case FK_KOP_RMUL_S: r = a * xv; break;
			case FK_KOP_DIV_S: r = xv / a; break;
			case FK_KOP_RDIV_S: r = a / xv; break;
			case FK_KOP_CLIP: r = xv < a ? a : xv > b ? b : xv; break;
			case FK_KOP_SCALE_ADD: r = (xv * a) + b; break;
			case FK_KOP_LN_SCALE_ADD: r = (log(xv) * a) + b; break;
			case FK_KOP_SUB_MUL_ADD: r = ((xv - yv) * a) + b; break;
			case FK_KOP_DLOG: if (ok) r = log(xv) - log(yv); break;
			case FK_KOP_DIFF: if (ok) r = xv - yv; break;
			case FK_KOP_DLOG_SCALE_ADD: if (ok) r = ((log(xv) - log(yv)) * a) + b; break;
			case FK_KOP_PCT_CHANGE: if (ok) r = (xv / yv) - 1.0; break;
			case FK_KOP_RATIO: if (ok) r = xv / yv; break;
			case FK_KOP_COUNT: break;
		}
		out->v[i] = r;
		out->ok[i] = ok;
	}
	free(x);
	free(y);
}

/* A random expression of at most depth levels */
static FkFuseExpr *
RandomExpr(int depth)
{
	FkFuseExpr *e = &nodes[nnodes++];
	bool		has_y;

	memset(e, 0, sizeof(*e));
	e->a = e->b = e->lag = -1;
	if (depth == 0 || rand() % 4 == 0)
	{
		e->op = FK_FEXPR_INPUT;
		e->input = rand() % NINPUTS;
		return e;
	}
	/* the windows of a duration have a test of their own */
	do
		e->op = rand() % FK_FOP_COUNT;
	while (FkOpTime(e->op));
	has_y = FkShapes[FkOps[e->op].shape].nvectors == 2;
	e->x = RandomExpr(depth - 1);
	if (has_y)
		e->y = RandomExpr(depth - 1);
	/* slot 7: an alpha, a quantile */
	e->a = e->op == FK_SOP_EMA || e->op == FK_SOP_ROLLING_QUANTILE ? 7 :
		rand() % 8;
	e->b = rand() % 8;
	e->lag = FkOpRolling(e->op) ? 6 : rand() % 8;	/* slot 6: a window */
	return e;
}

/* Are a and b the same bits, or both NaN? */
static bool
SameBits(double a, double b)
{
	if (isnan(a) && isnan(b))
		return true;
	return memcmp(&a, &b, sizeof(double)) == 0;
}

/* Rings of prog over n elements larger than their operand, or needless */
static int
CheckRingSizes(const FkFuseProgram *prog, const size_t *lags, size_t n)
{
	size_t		sizes[FK_FUSE_MAX_INSTR];
	size_t		bound = 192 + ((n + 63) / 64) * (64 * sizeof(double) + 8);
	int			bad = 0;

	FkFuseRingSizes(prog, lags, n, sizes);
	for (int i = 0; i < prog->ninstr; i++)
	{
		const FkFuseInstr *ins = &prog->instr[i];

		if (ins->ring < 0)
			continue;
		if (FkOpShift(ins->op))
		{
			/* shift: k values and their bits, none when k is 0 or >= n */
			size_t		k = lags[ins->lag];

			if ((k == 0 || k >= n) ? sizes[ins->ring] != 0 :
				sizes[ins->ring] > 192 + k * sizeof(double) + k / 8)
				bad++;
			continue;
		}
		if (FkOpRolling(ins->op))
		{
			/* a window's memory: O(min(w, n)), 33 bytes a slot at most */
			size_t		m = lags[ins->lag] < n ? lags[ins->lag] : n;

			if (n == 0 ? sizes[ins->ring] != 0 :
				sizes[ins->ring] > 256 + 40 * (m + 1))
				bad++;
			continue;
		}
		if (lags[ins->lag] >= n ? sizes[ins->ring] != 0 : sizes[ins->ring] > bound)
			bad++;
	}
	return bad;
}

/* Runs of RunWithRingsApart over more than one block in one step */
static int	wide_runs;

/*
 * Run a program with its registers and each of its rings allocated apart,
 * in the steps fused_eval takes (FkFuseStepLen: several blocks at a time
 * for a program of elementwise instructions); true when it stopped (a
 * running operation overflowed)
 */
static bool
RunWithRingsApart(FkFuseRun *run)
{
	size_t		sizes[FK_FUSE_MAX_INSTR];
	void	   *rings[FK_FUSE_MAX_INSTR];
	void	   *regs;
	bool		stopped = false;

	run->blk = FkFuseStepLen(run->prog, run->inputs);
	if (run->blk > FK_FUSE_BLOCK && run->n > FK_FUSE_BLOCK)
		wide_runs++;
	regs = malloc(FkFuseRegsSize(run->prog, run->blk));

	FkFuseRingSizes(run->prog, run->lags, run->n, sizes);
	for (int r = 0; r < run->prog->nrings; r++)
		rings[r] = sizes[r] ? malloc(sizes[r]) : NULL;
	FkFuseBeginRings(run, regs, rings);
	for (size_t start = 0; start < run->n && !stopped; start += run->blk)
		stopped = FkFuseRunBlock(run, start);
	for (int r = 0; r < run->prog->nrings; r++)
		free(rings[r]);
	free(regs);
	return stopped;
}

/*
 * Run prog a block at a time into reduction kind (one of two vectors, such
 * as vdot or vcorr, pairs the result with input 0), as fused_reduce does;
 * the status and value must be those of the same reduction over the whole
 * result (out, ovalid) in one step.  Returns true when they differ.
 */
static bool
ReduceDiffers(const FkFuseRun *whole, const double *out,
			  const uint64_t *ovalid, FkReduceKind kind)
{
	static double blockv[FK_FUSE_BLOCK];
	static uint64_t blockw[FK_FUSE_BLOCK_WORDS];
	FkFuseRun	run = *whole;
	FkReduce	r1,
				r2;
	FkReduceStatus s1,
				s2;
	double		v1 = 0,
				v2 = 0;
	void	   *ws = malloc(FkFuseWorkspaceSize(run.prog, run.lags, run.n));
	const uint64_t *in0w = run.inputs[0].valid;
	bool		two = FkReduceOfTwo(kind);

	run.out = blockv;
	run.outvalid = blockw;
	run.out_block = true;
	FkFuseBegin(&run, ws);		/* a block at a time, as fused_reduce */
	FkReduceInit(&r1, kind);
	for (size_t start = 0; start < run.n; start += FK_FUSE_BLOCK)
	{
		size_t		len = run.n - start < FK_FUSE_BLOCK ? run.n - start : FK_FUSE_BLOCK;

		FkFuseRunBlock(&run, start);
		if (two)
			FkReduceStep2(&r1, blockv, run.out_dense ? NULL : blockw,
						  run.inputs[0].values + start,
						  in0w ? in0w + start / 64 : NULL, len);
		else
			FkReduceStep(&r1, blockv, run.out_dense ? NULL : blockw, len);
	}
	free(ws);
	FkReduceInit(&r2, kind);
	if (two)
		FkReduceStep2(&r2, out, ovalid, run.inputs[0].values, in0w, run.n);
	else
		FkReduceStep(&r2, out, ovalid, run.n);
	s1 = FkReduceFinish(&r1, &v1);
	s2 = FkReduceFinish(&r2, &v2);
	return s1 != s2 || (s1 == FK_REDUCE_VALUE && !SameBits(v1, v2));
}

/*
 * The unfused peak of a program: results of n values held to the end of the
 * expression (but the output), a rolling call's window while it runs; two
 * windows past the end need more fused than unfused, one does not
 */
static void
TestUnfusedPeak(void)
{
	const size_t n = 1000;
	const size_t wl[1] = {5000};
	size_t		w = FkRollWorkSize(FK_ROLL_SUM, wl[0], n);
	FkFuseExpr	x = {FK_FEXPR_INPUT, 0, -1, -1, -1, false, NULL, NULL};
	FkFuseExpr	r1 = {FK_SOP_ROLLING_SUM, 0, -1, -1, 0, false, &x, NULL};
	FkFuseExpr	r2 = {FK_SOP_ROLLING_SUM, 0, -1, -1, 0, false, &r1, NULL};
	FkFuseExpr	a1 = {FK_KOP_ABS, 0, -1, -1, -1, false, &x, NULL};
	FkFuseExpr	a2 = {FK_KOP_ABS, 0, -1, -1, -1, false, &a1, NULL};
	FkFuseProgram prog;
	size_t		live = 0;
	size_t		peak;

	ok(FkFuseCompile(&r2, &prog, 1, 0, 1), "two rolling sums compile");
	peak = FkFuseUnfusedPeak(&prog, wl, n, true, &live);
	ok(peak == w + 8 * n && live == 8 * n,
	   "two rolling sums, the output apart: one window and one vector at the peak");
	ok(FkFuseWorkspaceSize(&prog, wl, n) > peak,
	   "and the fused pass, holding both windows, needs more");
	live = 8;
	peak = FkFuseUnfusedPeak(&prog, wl, n, false, &live);
	ok(peak == 8 + 16 * n + w && live == 8 + 16 * n,
	   "under a reduction both results count, after what was live");
	ok(FkFuseCompile(&r1, &prog, 1, 0, 1), "one rolling sum compiles");
	live = 0;
	peak = FkFuseUnfusedPeak(&prog, wl, n, false, &live);
	ok(FkFuseWorkspaceSize(&prog, wl, n) <= peak + FK_FUSE_STATE_FLOOR &&
	   peak == w + 8 * n, "one window under a reduction: no more fused than unfused but the floor");
	ok(FkFuseCompile(&a2, &prog, 1, 0, 0), "two abs compile");
	live = 0;
	ok(FkFuseUnfusedPeak(&prog, wl, n, true, &live) == 8 * n && live == 8 * n,
	   "abs(abs(x)): one intermediate vector");
	live = 0;
	ok(FkFuseUnfusedPeak(&prog, wl, 0, true, &live) == 0, "nothing over no elements");
}

/*
 * Compile tops[0 .. ntops) as one group (FkFuseCompileGroup) and each on its
 * own, run all over inputs in of n elements, and compare each top's block
 * in the group's registers with its own program's output: values where
 * present, validity, and where a pass stops.  *shared: the group has fewer
 * instructions than the programs apart.  Returns true when they differ.
 */
static bool
GroupDiffers(const FkFuseExpr *const *tops, int ntops, const FkFuseInput *in,
			 size_t n, bool *shared)
{
	static double alone[4][MAXN];
	static uint64_t alonevalid[4][MAXN / 64 + 1];
	FkFuseProgram prog;
	FkFuseRef	roots[4];
	FkFuseRun	run;
	size_t		stop_alone = SIZE_MAX;
	size_t		stop_group = SIZE_MAX;
	int			sum = 0;
	bool		differ = false;
	void	   *ws;

	for (int k = 0; k < ntops; k++)
	{
		memset(&run, 0, sizeof(run));
		if (!FkFuseCompile(tops[k], &prog, NINPUTS, 8, 8))
			return true;
		sum += prog.ninstr;
		run.prog = &prog;
		run.kt = &table;
		run.n = n;
		run.inputs = in;
		run.slots = slots;
		run.lags = lags;
		run.out = alone[k];
		run.outvalid = alonevalid[k];
		ws = malloc(FkFuseWorkspaceSize(&prog, lags, n));
		FkFuseBegin(&run, ws);
		for (size_t start = 0; start < n; start += FK_FUSE_BLOCK)
			if (FkFuseRunBlock(&run, start))
			{
				stop_alone = start < stop_alone ? start : stop_alone;
				break;
			}
		free(ws);
	}
	if (!FkFuseCompileGroup(tops, ntops, &prog, NINPUTS, 8, 8, roots))
		return true;
	*shared = prog.ninstr < sum;
	memset(&run, 0, sizeof(run));
	run.prog = &prog;
	run.kt = &table;
	run.n = n;
	run.inputs = in;
	run.slots = slots;
	run.lags = lags;
	run.out_block = true;
	ws = malloc(FkFuseWorkspaceSize(&prog, lags, n));
	FkFuseBegin(&run, ws);
	for (size_t start = 0; start < n && !differ; start += FK_FUSE_BLOCK)
	{
		size_t		len = n - start < FK_FUSE_BLOCK ? n - start : FK_FUSE_BLOCK;

		if (FkFuseRunBlock(&run, start))
		{
			stop_group = start;
			break;
		}
		if (start >= stop_alone)
			break;
		for (int k = 0; k < ntops; k++)
		{
			const double *v;
			const uint64_t *w;

			if (roots[k].kind != FK_REF_REG)
				return true;
			v = run.regs + (size_t) roots[k].index * FK_FUSE_BLOCK;
			w = run.regdense[roots[k].index] ? NULL :
				run.regvalid + (size_t) roots[k].index * FK_FUSE_BLOCK_WORDS;
			for (size_t i = 0; i < len; i++)
			{
				bool		present = w ? FkBitmapGet(w, i) : true;

				if (present != FkBitmapGet(alonevalid[k], start + i) ||
					(present && !SameBits(v[i], alone[k][start + i])))
					differ = true;
			}
		}
	}
	free(ws);
	return differ || stop_group != stop_alone;
}

int
main(void)
{
	static const size_t lengths[] = {0, 1, 63, 64, 65, 1000, 1024, 1025, 2100, 4999};
	static const size_t lagset[] = {0, 1, 2, 63, 64, 65, 1023, 1024, 1025, 2000, 6000};
	static double out[MAXN];
	static uint64_t outvalid[MAXN / 64 + 1];
	static RefVec ref;
	int			bad_programs = 0,
				bad_values = 0,
				bad_reduce = 0,
				faults = 0,
				bad_rings = 0,
				programs = 0,
				groups = 0,
				bad_groups = 0,
				shared_groups = 0;

	table.lag_combine = FkKernelsFor(FK_ISA_SCALAR)->lag_combine;
	srand(20261122);
	for (int t = 0; t < 400; t++)
	{
		size_t		n = lengths[t % 10];
		FkFuseProgram prog;
		FkFuseRun	run;
		FkFuseInput in[NINPUTS];
		FkFuseExpr *root;
		void	   *ws;
		int			wrong = 0;
		bool		stopped = false;

		for (int k = 0; k < NINPUTS; k++)
		{
			int			nullmode = rand() % 3;

			has_nulls[k] = nullmode != 0;
			memset(valid[k], 0, sizeof(valid[k]));
			for (size_t i = 0; i < n; i++)
			{
				inputs[k][i] = (rand() % 10 == 0) ? -1.0 : 0.5 + (double) rand() / RAND_MAX * 4;
				if (nullmode == 0 || (nullmode == 1 && rand() % 5) ||
					(nullmode == 2 && (i % 64 != 63 && i % 1024 != 0)))
					FkBitmapSet(valid[k], i);
				else
					inputs[k][i] = 0.0;
			}
			in[k].values = inputs[k];
			in[k].valid = has_nulls[k] ? valid[k] : NULL;
		}
		for (int s = 0; s < 8; s++)
		{
			slots[s] = (double) (rand() % 7) - 3.0;
			lags[s] = lagset[rand() % 11];
		}
		slots[7] = 0.125 * (1 + rand() % 8);
		lags[6] = (size_t) 1 + (rand() % 2 ? rand() % 8 : rand() % 3000);
		nnodes = 0;
		do
		{
			nnodes = 0;
			root = RandomExpr(1 + rand() % 5);
		} while (root->op == FK_FEXPR_INPUT);

		programs++;
		if (!FkFuseCompile(root, &prog, NINPUTS, 8, 8))
		{
			bad_programs++;
			continue;
		}
		memset(&run, 0, sizeof(run));
		run.prog = &prog;
		run.kt = &table;
		run.n = n;
		run.inputs = in;
		run.slots = slots;
		run.lags = lags;
		run.out = out;
		run.outvalid = FkFuseMayHaveNulls(&prog, in) ? outvalid : NULL;
		bad_rings += CheckRingSizes(&prog, lags, n);
		if (t % 2 == 0)
		{
			ws = malloc(FkFuseWorkspaceSize(&prog, lags, n));
			FkFuseBegin(&run, ws);
			for (size_t start = 0; start < n && !stopped; start += FK_FUSE_BLOCK)
				stopped = FkFuseRunBlock(&run, start);
			free(ws);
		}
		else
			stopped = RunWithRingsApart(&run);

		ref_fault = false;
		RefEval(root, n, &ref);
		if (stopped || ref_fault)
		{
			/* an overflow stops the fused pass, and only that */
			faults++;
			if (stopped != ref_fault)
				bad_values++;
			continue;
		}
		for (size_t i = 0; i < n; i++)
		{
			bool		present = run.outvalid ? FkBitmapGet(outvalid, i) : true;

			if (present != ref.ok[i] || (present && !SameBits(out[i], ref.v[i])))
				wrong++;
		}
		if (run.outvalid && !FkBitmapTailClean(outvalid, n))
			wrong++;
		if (wrong)
			bad_values++;
		/* as one group with another tree, over it or beside it, and itself */
		{
			const FkFuseExpr *tops[4];
			FkFuseExpr *wrap = &nodes[nnodes++];
			FkFuseExpr *twin = &nodes[nnodes++];
			bool		shared = false;

			*wrap = *RandomExpr(1 + rand() % 3);
			if (wrap->op != FK_FEXPR_INPUT && rand() % 2)
				wrap->x = root;
			/* root's operation over other scalars: the same tree but not */
			*twin = *root;
			if (twin->op != FK_SOP_EMA && twin->op != FK_SOP_ROLLING_QUANTILE)
				twin->a = (twin->a + 1) % 6;	/* slot 7 stays: alpha, q */
			twin->b = (twin->b + 1) % 6;
			tops[0] = root;
			tops[1] = wrap->op == FK_FEXPR_INPUT ? root : wrap;
			tops[2] = root;
			tops[3] = twin;
			groups++;
			if (GroupDiffers(tops, 4, in, n, &shared))
				bad_groups++;
			shared_groups += shared;
		}
		/* every reduction over the blocks */
		for (int kind = 0; kind <= FK_RED_CORR; kind++)
			if (ReduceDiffers(&run, out, run.outvalid, (FkReduceKind) kind))
				bad_reduce++;
		if (wrong && bad_values < 5)
			ok(0, "program %d (n = %zu, %d instructions): %d elements differ",
			   t, n, prog.ninstr, wrong);
	}
	ok(bad_rings == 0, "no ring holds more than its operand, none past the end, no window more than O(min(w, n)) (%d too large)",
	   bad_rings);
	ok(bad_programs == 0, "%d random programs compile (%d failed)", programs, bad_programs);
	ok(bad_values == 0, "blocked evaluation matches whole-vector operations, running ones stepped an element at a time (%d programs differ, %d stopped by an overflow)",
	   bad_values, faults);
	ok(wide_runs > 0, "programs of elementwise operations ran several blocks in one step (%d runs)",
	   wide_runs);
	ok(bad_reduce == 0, "reductions of the blocks as fused_reduce runs them equal those of the whole result (%d differ)",
	   bad_reduce);
	ok(bad_groups == 0 && shared_groups == groups,
	   "trees compiled as one group give each tree's bits, NULLs and stop, their shared subtrees run once (%d of %d differ, %d of them share)",
	   bad_groups, groups, shared_groups);
	TestUnfusedPeak();
	return done_testing();
}
