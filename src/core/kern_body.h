/*
 * kern_body.h
 *		The dense kernels, written once over a small set of vector
 *		primitives and instantiated by each instruction-set file.
 *
 * The including file includes, before this one, the header of its
 * instruction set (kern_scalar.h, kern_avx2.h, kern_avx512.h), which
 * defines:
 *	FK_ISA			the name of the copy (cdefs.h): this file defines the
 *					FkKernelTable FK_ISA_FN(FkKernels), FkKernelsAvx2 ...
 *	FK_ISA_LABEL	the table's name string
 *	FkVec			the vector type (double for the scalar path)
 *	FK_W			lanes per vector
 * and the primitives (inline functions or macros) FkVLoad, FkVStore,
 * FkVLoadN, FkVStoreN (the first k < FK_W lanes; others read as 0.0 and
 * are never written), FkVSet1, FkVAdd, FkVSub, FkVMul, FkVDiv, FkVSqrt,
 * FkVAbs, FkVNeg, the FkV<Name>Raw of kern_sleef.h, FkVSelLt, FkVSelGt,
 * FkVSelNan, FkVAnyGt (see kern_math.h, which builds ln and exp from
 * them), and for
 * lags the type FkVShift with FkVShiftMake(r) and FkVShiftIn(lo, hi, sh):
 * the last r lanes of lo, then the first FK_W - r lanes of hi
 * (0 < r < FK_W).
 *
 * A tail shorter than a vector goes through the same vector function as
 * the body, on a partial load, so an element's result never depends on its
 * position or on n.  Products and sums stay separate operations (the build
 * forbids contraction), so fused kernels round like the chains they replace.
 * Every vector a kernel stores goes through FkVCanon: which NaN an
 * operation returns is the hardware's choice and depends on the order of
 * its operands, so every NaN is written as the one canonical NaN
 * (float8_nan.h), whatever the path, the operand order or the fusion.
 */
#ifndef FK_ISA
#error "kern_body.h is included after the header of an instruction set"
#endif

#include "cdefs.h"
#include "float8_nan.h"
#include "kern_isa.h"
#include "kern_math.h"
#include "ops.h"
#include "running_step.h"

#define FK_INLINE static FK_ALWAYS_INLINE

/* v with every NaN lane the canonical NaN: one compare and one blend */
FK_INLINE FkVec
FkVCanon(FkVec v)
{
	return FkVSelNan(v, FkVSet1(FkNan()), v);
}

/*
 * One vector of results of op; op is a constant once inlined.  A lagged
 * op's body reads x[i] as x and x[i - lag] (or their logs) as y.
 */
FK_INLINE FkVec
FkApply(FkKernelOp op, FkVec x, FkVec y, FkVec a, FkVec b)
{
	switch (op)
	{
#define FK_APPLY_ELEMENTWISE(OP, body) \
		case FK_KOP_##OP: \
			return (body);
#define FK_APPLY_LAGGED(OP, body) FK_APPLY_ELEMENTWISE(OP, body)
#define FK_APPLY_CASE(OP, field, kern, shape, kind, body, ...) \
		FK_APPLY_##kind(OP, body)
			FK_OPERATIONS(FK_APPLY_CASE)
#undef FK_APPLY_CASE
#undef FK_APPLY_LAGGED
#undef FK_APPLY_ELEMENTWISE
		default:
			break;
	}
	(void) y;
	(void) a;
	(void) b;
	return x;
}

/*
 * dst[i] = op(x[i], y[i], a, b) for i < n (y read only when y_is_vec);
 * op and y_is_vec are constants in every caller, so each caller gets its
 * own tight loop.
 */
FK_INLINE void
FkMap(FkKernelOp op, double *dst, const double *x, const double *y, int y_is_vec,
	  double a, double b, size_t n)
{
	FkVec		va = FkVSet1(a);
	FkVec		vb = FkVSet1(b);
	FkVec		vz = FkVSet1(0.0);
	size_t		i;

	for (i = 0; i + FK_W <= n; i += FK_W)
		FkVStore(dst + i, FkVCanon(FkApply(op, FkVLoad(x + i),
										   y_is_vec ? FkVLoad(y + i) : vz,
										   va, vb)));
	if (i < n)
	{
		size_t		k = n - i;

		FkVStoreN(dst + i, FkVCanon(FkApply(op, FkVLoadN(x + i, k),
											y_is_vec ? FkVLoadN(y + i, k) : vz,
											va, vb)),
				  k);
	}
}

/*
 * The kernel of an operation: the parameters of its shape's primitive,
 * FkMap (FkMapLagged) over the operands the shape has (FK_SIG_*)
 */
#define FK_KERNEL_DEF(OP, kern, params, map) \
static void \
FK_ISA_FN(kern) params \
{ \
	FkMap(FK_KOP_##OP, dst, FK_EXPAND map, n); \
}
#define FK_KERNEL_LAGGED_DEF(OP, kern, params, map) \
static void \
FK_ISA_FN(kern) params \
{ \
	FkMapLagged(FK_KOP_##OP, dst, x, lag, FK_EXPAND map, n); \
}
#define FK_KERNEL_ELEMENTWISE(OP, kern, shape) \
	FK_KERNEL_DEF(OP, kern, FK_SIG_##shape(FK_SIG_PARAMS), \
				  FK_SIG_##shape(FK_SIG_MAP))
#define FK_KERNEL_LAGGED(OP, kern, shape) \
	FK_KERNEL_LAGGED_DEF(OP, kern, FK_SIG_##shape(FK_SIG_PARAMS), \
						 FK_SIG_##shape(FK_SIG_MAP))
#define FK_KERNEL_ROW(OP, field, kern, shape, kind, ...) \
	FK_KERNEL_##kind(OP, kern, shape)

/* See FkLagCombineFn in kernels.h: the body of a lagged op, mapped */
static void
FK_ISA_FN(FkLagCombine) (int op, double *dst, const double *x,
						 const double *y, double a, double b, size_t n)
{
	switch ((FkKernelOp) op)
	{
#define FK_COMBINE_ELEMENTWISE(OP)
#define FK_COMBINE_LAGGED(OP) \
		case FK_KOP_##OP: \
			FkMap(FK_KOP_##OP, dst, x, y, 1, a, b, n); \
			break;
#define FK_COMBINE_CASE(OP, field, kern, shape, kind, ...) \
		FK_COMBINE_##kind(OP)
			FK_OPERATIONS(FK_COMBINE_CASE)
#undef FK_COMBINE_CASE
#undef FK_COMBINE_LAGGED
#undef FK_COMBINE_ELEMENTWISE
		default:
			break;
	}
}

/* Elements whose logs are computed before their outputs, in a lagged block */
#define FK_LAG_CHUNK 64

/*
 * The output vector at k of a lagged block (see FkLnLagBlockFn), from logs
 * already stored.  The lagged logs are read as whole vectors at the
 * alignment they were stored with, and shifted into place in registers: a
 * load straddling two stores still in flight would wait for them.
 */
FK_INLINE void
FkLnLagOut(double *dst, const double *logs, size_t k, size_t width,
		   ptrdiff_t lo_at, ptrdiff_t hi_at, FkVShift sh, int shifted,
		   int scale, FkVec va, FkVec vb)
{
	FkVec		l = FkVLoad(logs + k);
	FkVec		d;

	if (shifted)
		d = FkVSub(l, FkVShiftIn(FkVLoad(logs + k + lo_at),
								 FkVLoad(logs + k + hi_at), sh));
	else
		d = FkVSub(l, FkVLoad(logs + k + lo_at));
	if (scale)
		d = FkVAdd(FkVMul(d, va), vb);
	d = FkVCanon(d);
	if (width == FK_W)
		FkVStore(dst + k, d);
	else
		FkVStoreN(dst + k, d, width);
}

/*
 * A lagged block, specialized on scale and on whether lag is a multiple of
 * FK_W.  With lag = q * FK_W + r, the lagged vector of k takes its first r
 * lanes from the vector stored at k - (q + 1) * FK_W and the rest from the
 * one at k - q * FK_W.  Chunk by chunk, the logs come first, then the
 * outputs, so the output stores spread over the block and overlap the ln
 * of the next chunk instead of coming in one burst.
 */
FK_INLINE void
FkLnLagLoop(double *dst, const double *x, double *logs, size_t lag,
			size_t len, int shifted, int scale, double a, double b)
{
	FkVec		va = FkVSet1(a);
	FkVec		vb = FkVSet1(b);
	size_t		r = lag % FK_W;
	ptrdiff_t	hi_at = -(ptrdiff_t) (lag - r);
	ptrdiff_t	lo_at = shifted ? hi_at - FK_W : -(ptrdiff_t) lag;
	FkVShift	sh = FkVShiftMake(r);

	for (size_t c = 0; c < len; c += FK_LAG_CHUNK)
	{
		size_t		end = len - c < FK_LAG_CHUNK ? len : c + FK_LAG_CHUNK;
		size_t		k;

		for (k = c; k + FK_W <= end; k += FK_W)
			FkVStore(logs + k, FkVLn(FkVLoad(x + k)));
		if (k < end)
			FkVStore(logs + k, FkVLn(FkVLoadN(x + k, end - k)));
		for (k = c; k + FK_W <= end; k += FK_W)
			FkLnLagOut(dst, logs, k, FK_W, lo_at, hi_at, sh, shifted, scale,
					   va, vb);
		if (k < end)
			FkLnLagOut(dst, logs, k, end - k, lo_at, hi_at, sh, shifted, scale,
					   va, vb);
	}
}

/* See FkLnLagBlockFn in kern_isa.h */
static void
FK_ISA_FN(FkLnLagBlock) (double *dst, const double *x, double *logs,
						 size_t lag, size_t len, int scale, double a, double b)
{
	int			shifted = lag % FK_W != 0;

	if (scale && shifted)
		FkLnLagLoop(dst, x, logs, lag, len, 1, 1, a, b);
	else if (scale)
		FkLnLagLoop(dst, x, logs, lag, len, 0, 1, a, b);
	else if (shifted)
		FkLnLagLoop(dst, x, logs, lag, len, 1, 0, 0.0, 0.0);
	else
		FkLnLagLoop(dst, x, logs, lag, len, 0, 0, 0.0, 0.0);
}

/*
 * The kernel of a lagged op: its body over x[i] and x[i - lag] for lag <= i
 * < n, or, for an ln-first op, over their logs, each ln computed once
 * (FkLaggedLn: the difference of the logs, times a plus b when the shape
 * has scalars).  op is a constant once inlined.
 */
FK_INLINE void
FkMapLagged(FkKernelOp op, double *dst, const double *x, size_t lag,
			double a, double b, size_t n)
{
	if (FkOpLnFirst(op))
		FkLaggedLn(&FK_ISA_FN(FkKernels), FK_ISA_FN(FkLnLagBlock), dst, x,
				   lag, n, FkShapes[FkOps[op].shape].nscalars == 2, a, b);
	else if (lag < n)
		FkMap(op, dst + lag, x + lag, x, 1, a, b, n - lag);
}

FK_OPERATIONS(FK_KERNEL_ROW)

/*
 * Elements per step of the pipeline of FkLnLagRunLoop: short, so that the
 * chain of one step and the ln of the next fit in the out-of-order window
 * together (measured: 16 beats 32, 64 and 128).
 */
#define FK_PIPE_STEP 16
_Static_assert(64 % FK_PIPE_STEP == 0, "a step of the pipeline lies in one validity word");

/*
 * The running operation op over d[from .. to) into out, from the running
 * value *s (kept in a register once inlined); 0 at a fault.  Only ema is
 * checked at every step: the faults of the others show in the last value
 * of the block (FkRunningClean), so their loop is the bare recurrence.
 * What is stored is FkRunningOut's: the running value itself stays off
 * that path.  A NaN running value of cumsum, cumprod or ema stays NaN, so
 * the canonical NaN is written in a second loop over the step only where
 * the last value is NaN (cummax and cummin store elements as they are).
 */
FK_INLINE int
FkChainRun(FkRunningOp op, const double *d, double *out, size_t from,
		   size_t to, double *s, double alpha, double oma)
{
	double		v = *s;

	for (size_t k = from; k < to; k++)
	{
		double		r = FkRunningNext(op, v, d[k], alpha, oma);

		if (op == FK_RUN_EMA &&
			FK_UNLIKELY(FkRunningNextFault(op, v, d[k], r, alpha, oma) !=
						FK_FAULT_NONE))
			return 0;
		out[k] = r;
		v = r;
	}
	if (op != FK_RUN_CUMMAX && op != FK_RUN_CUMMIN && FK_UNLIKELY(isnan(v)))
		for (size_t k = from; k < to; k++)
			out[k] = FkRunningOut(op, out[k]);
	*s = v;
	return 1;
}

/*
 * FkChainRun for cumsum or cumprod over d[from .. to) with NULLs (valid:
 * bit k for element k): an absent element steps s by the neutral element,
 * which leaves it as it is, and gives 0.0, selected by mask as
 * series_running.c's masked step; the faults show in the last value.
 * A NaN running value stays NaN (a sum or product with NaN is NaN, and so
 * is one with the neutral element), so where the last value is not NaN no
 * value of the step was: the canonical NaN of FkRunningOut is written in a
 * second loop over the step only where the last one is NaN.
 */
FK_INLINE void
FkChainMasked(FkRunningOp op, const double *d, const uint64_t *valid,
			  double *out, size_t from, size_t to, double *s)
{
	const uint64_t neutral = FkRunningNeutralBits(op);
	double		v = *s;

	/* from .. to lies in one word: a step of the pipeline, or its tail */
	uint64_t	bits = to > from ? valid[from / 64] >> (from % 64) : 0;

	for (size_t k = from; k < to; k++, bits >>= 1)
	{
		uint64_t	m = -(bits & 1);
		double		r = FkRunningNext(op, v, FkRunningMaskIn(d[k], neutral, m),
									  0.0, 0.0);

		out[k] = FkRunningMaskBits(r, m);
		v = r;
	}
	if (FK_UNLIKELY(isnan(v)))
		for (size_t k = from; k < to; k++)
			out[k] = FkCanonNan(out[k]);
	*s = v;
}

/*
 * See FkLnLagRunFn, specialized on op, on whether lag is a multiple of
 * FK_W and on whether dst has NULLs (masked: cumsum and cumprod only).  Step by step: the logs and differences of one step, then the
 * chain over the differences of the step before, whose latency then hides
 * behind the SLEEF work (the two are independent).  The differences are
 * those of FkLnLagLoop, and the chain is running_step.h's, in index order.
 */
FK_INLINE int
FkLnLagRunLoop(FkLnLagRun *r, int shifted, FkRunningOp op, int masked)
{
	double	   *dst = r->dst;
	double	   *logs = r->logs;
	const double *x = r->x;
	size_t		len = r->len;
	size_t		rem = r->lag % FK_W;
	ptrdiff_t	hi_at = -(ptrdiff_t) (r->lag - rem);
	ptrdiff_t	lo_at = shifted ? hi_at - FK_W : -(ptrdiff_t) r->lag;
	FkVShift	sh = FkVShiftMake(rem);
	FkVec		va = FkVSet1(r->a);
	FkVec		vb = FkVSet1(r->b);
	double		s = r->s;
	size_t		done = 0;

	for (size_t c = 0; c < len; c += FK_PIPE_STEP)
	{
		size_t		end = len - c < FK_PIPE_STEP ? len : c + FK_PIPE_STEP;
		size_t		k;

		for (k = c; k + FK_W <= end; k += FK_W)
			FkVStore(logs + k, FkVLn(FkVLoad(x + k)));
		if (k < end)
			FkVStore(logs + k, FkVLn(FkVLoadN(x + k, end - k)));
		for (k = c; k + FK_W <= end; k += FK_W)
			FkLnLagOut(dst, logs, k, FK_W, lo_at, hi_at, sh, shifted,
					   r->scale, va, vb);
		if (k < end)
			FkLnLagOut(dst, logs, k, end - k, lo_at, hi_at, sh, shifted,
					   r->scale, va, vb);
		if (masked)
			FkChainMasked(op, dst, r->valid, r->out, done, c, &s);
		else if (!FkChainRun(op, dst, r->out, done, c, &s, r->alpha, r->oma))
			return 0;
		done = c;
	}
	if (masked)
		FkChainMasked(op, dst, r->valid, r->out, done, len, &s);
	else if (!FkChainRun(op, dst, r->out, done, len, &s, r->alpha, r->oma))
		return 0;
	if (op != FK_RUN_EMA && !FkRunningClean(op, s))
		return 0;
	r->s = s;
	return 1;
}

/* See FkLnLagRunFn in kernels.h */
static int
FK_ISA_FN(FkLnLagRunBlock) (FkLnLagRun *r)
{
	int			shifted = r->lag % FK_W != 0;

	if (r->out == NULL)
	{
		FK_ISA_FN(FkLnLagBlock) (r->dst, r->x, r->logs, r->lag, r->len,
								 r->scale, r->a, r->b);
		return 1;
	}
	if (r->valid != NULL)
	{
		if (r->op == FK_RUN_CUMSUM)
			return shifted ? FkLnLagRunLoop(r, 1, FK_RUN_CUMSUM, 1) :
				FkLnLagRunLoop(r, 0, FK_RUN_CUMSUM, 1);
		if (r->op == FK_RUN_CUMPROD)
			return shifted ? FkLnLagRunLoop(r, 1, FK_RUN_CUMPROD, 1) :
				FkLnLagRunLoop(r, 0, FK_RUN_CUMPROD, 1);
		return 0;
	}
	switch ((FkRunningOp) r->op)
	{
#define FK_PIPE_CASE(OP) \
		case OP: \
			return shifted ? FkLnLagRunLoop(r, 1, OP, 0) : \
				FkLnLagRunLoop(r, 0, OP, 0);
			FK_PIPE_CASE(FK_RUN_CUMSUM)
			FK_PIPE_CASE(FK_RUN_CUMPROD)
			FK_PIPE_CASE(FK_RUN_CUMMAX)
			FK_PIPE_CASE(FK_RUN_CUMMIN)
			FK_PIPE_CASE(FK_RUN_EMA)
#undef FK_PIPE_CASE
		default:
			return 0;
	}
}

const FkKernelTable FK_ISA_FN(FkKernels) = {
	.name = FK_ISA_LABEL,
#define FK_TABLE_ROW(OP, field, kern, ...) .field = FK_ISA_FN(kern),
	FK_OPERATIONS(FK_TABLE_ROW)
#undef FK_TABLE_ROW
	.lag_combine = FK_ISA_FN(FkLagCombine),
	.ln_lag_run = FK_ISA_FN(FkLnLagRunBlock),
};
