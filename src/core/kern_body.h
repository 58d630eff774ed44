/*
 * kern_body.h
 *		The dense kernels, written once over a small set of vector
 *		primitives and instantiated by each instruction-set file.
 *
 * The including file defines, before including this one:
 *	FkVec			the vector type (double for the scalar path)
 *	FK_W			lanes per vector
 *	FK_SUFFIX		the function-name suffix (Scalar, Avx2, Avx512)
 *	FK_TABLE		the FkKernelTable object to define
 *	FK_ISA_NAME		its name string
 * and the primitives (inline functions or macros) FkVLoad, FkVStore,
 * FkVLoadN, FkVStoreN (the first k < FK_W lanes; others read as 0.0 and
 * are never written), FkVSet1, FkVAdd, FkVSub, FkVMul, FkVDiv, FkVSqrt,
 * FkVAbs, FkVNeg, FkVLnRaw, FkVExpRaw, FkVSelLt, FkVSelGt, FkVSelNan,
 * FkVAnyGt (see kern_math.h, which builds ln and exp from them), and for
 * lags the type FkVShift with FkVShiftMake(r) and FkVShiftIn(lo, hi, sh):
 * the last r lanes of lo, then the first FK_W - r lanes of hi
 * (0 < r < FK_W).
 *
 * A tail shorter than a vector goes through the same vector function as
 * the body, on a partial load, so an element's result never depends on its
 * position or on n.  Products and sums stay separate operations (the build
 * forbids contraction), so fused kernels round like the chains they replace.
 */
#ifndef FK_TABLE
#error "kern_body.h is included by an instruction-set file that defines FK_TABLE"
#endif

#include "kern_isa.h"
#include "kern_math.h"

#define FK_CAT2(a, b) a##b
#define FK_CAT(a, b) FK_CAT2(a, b)
#define FK_FN(name) FK_CAT(name, FK_SUFFIX)
#define FK_INLINE static inline __attribute__((always_inline))

/* The elementwise operations; each becomes one specialized loop */
typedef enum FkOp
{
	FK_OP_LN,
	FK_OP_EXP,
	FK_OP_SQRT,
	FK_OP_ABS,
	FK_OP_NEG,
	FK_OP_ADD,					/* x + y */
	FK_OP_SUB,					/* x - y */
	FK_OP_RSUB,					/* y - x */
	FK_OP_MUL,					/* x * y */
	FK_OP_DIV,					/* x / y */
	FK_OP_RDIV,					/* y / x */
	FK_OP_SCALE_ADD,			/* (x * a) + b */
	FK_OP_LN_SCALE_ADD,			/* (ln(x) * a) + b */
	FK_OP_SUB_MUL_ADD			/* ((x - y) * a) + b */
} FkOp;

/* One vector of results of op; op is a constant once inlined */
FK_INLINE FkVec
FkApply(FkOp op, FkVec x, FkVec y, FkVec a, FkVec b)
{
	switch (op)
	{
		case FK_OP_LN:
			return FkVLn(x);
		case FK_OP_EXP:
			return FkVExp(x);
		case FK_OP_SQRT:
			return FkVSqrt(x);
		case FK_OP_ABS:
			return FkVAbs(x);
		case FK_OP_NEG:
			return FkVNeg(x);
		case FK_OP_ADD:
			return FkVAdd(x, y);
		case FK_OP_SUB:
			return FkVSub(x, y);
		case FK_OP_RSUB:
			return FkVSub(y, x);
		case FK_OP_MUL:
			return FkVMul(x, y);
		case FK_OP_DIV:
			return FkVDiv(x, y);
		case FK_OP_RDIV:
			return FkVDiv(y, x);
		case FK_OP_SCALE_ADD:
			return FkVAdd(FkVMul(x, a), b);
		case FK_OP_LN_SCALE_ADD:
			return FkVAdd(FkVMul(FkVLn(x), a), b);
		case FK_OP_SUB_MUL_ADD:
			return FkVAdd(FkVMul(FkVSub(x, y), a), b);
	}
	return x;
}

/*
 * dst[i] = op(x[i], y[i] or s, a, b) for i < n; y_is_vec and op are
 * constants in every caller, so each caller gets its own tight loop.
 */
FK_INLINE void
FkMap(FkOp op, double *dst, const double *x, const double *y, int y_is_vec,
	  double s, double a, double b, size_t n)
{
	FkVec		vs = FkVSet1(s);
	FkVec		va = FkVSet1(a);
	FkVec		vb = FkVSet1(b);
	size_t		i;

	for (i = 0; i + FK_W <= n; i += FK_W)
		FkVStore(dst + i, FkApply(op, FkVLoad(x + i),
								  y_is_vec ? FkVLoad(y + i) : vs, va, vb));
	if (i < n)
	{
		size_t		k = n - i;

		FkVStoreN(dst + i, FkApply(op, FkVLoadN(x + i, k),
								   y_is_vec ? FkVLoadN(y + i, k) : vs, va, vb),
				  k);
	}
}

/* Unary kernels: dst[i] = f(x[i]) */
#define FK_DEFINE_UNARY(name, op) \
static void \
FK_FN(name)(double *dst, const double *x, size_t n) \
{ \
	FkMap(op, dst, x, NULL, 0, 0.0, 0.0, 0.0, n); \
}

/* Binary kernels: dst[i] = x[i] op y[i] */
#define FK_DEFINE_BINARY(name, op) \
static void \
FK_FN(name)(double *dst, const double *x, const double *y, size_t n) \
{ \
	FkMap(op, dst, x, y, 1, 0.0, 0.0, 0.0, n); \
}

/* Kernels with a scalar operand: dst[i] = x[i] op s (or s op x[i]) */
#define FK_DEFINE_SCALAR(name, op) \
static void \
FK_FN(name)(double *dst, const double *x, double s, size_t n) \
{ \
	FkMap(op, dst, x, NULL, 0, s, 0.0, 0.0, n); \
}

FK_DEFINE_UNARY(FkLn, FK_OP_LN)
FK_DEFINE_UNARY(FkExp, FK_OP_EXP)
FK_DEFINE_UNARY(FkSqrt, FK_OP_SQRT)
FK_DEFINE_UNARY(FkAbs, FK_OP_ABS)
FK_DEFINE_UNARY(FkNeg, FK_OP_NEG)
FK_DEFINE_BINARY(FkAdd, FK_OP_ADD)
FK_DEFINE_BINARY(FkSub, FK_OP_SUB)
FK_DEFINE_BINARY(FkMul, FK_OP_MUL)
FK_DEFINE_BINARY(FkDiv, FK_OP_DIV)
FK_DEFINE_SCALAR(FkAddS, FK_OP_ADD)
FK_DEFINE_SCALAR(FkSubS, FK_OP_SUB)
FK_DEFINE_SCALAR(FkRsubS, FK_OP_RSUB)
FK_DEFINE_SCALAR(FkMulS, FK_OP_MUL)
FK_DEFINE_SCALAR(FkDivS, FK_OP_DIV)
FK_DEFINE_SCALAR(FkRdivS, FK_OP_RDIV)

/* dst[i] = (x[i] * a) + b */
static void
FK_FN(FkScaleAdd) (double *dst, const double *x, double a, double b, size_t n)
{
	FkMap(FK_OP_SCALE_ADD, dst, x, NULL, 0, 0.0, a, b, n);
}

/* dst[i] = (ln(x[i]) * a) + b */
static void
FK_FN(FkLnScaleAdd) (double *dst, const double *x, double a, double b,
					 size_t n)
{
	FkMap(FK_OP_LN_SCALE_ADD, dst, x, NULL, 0, 0.0, a, b, n);
}

/* dst[i] = ((x[i] - y[i]) * a) + b */
static void
FK_FN(FkSubMulAdd) (double *dst, const double *x, const double *y, double a,
					double b, size_t n)
{
	FkMap(FK_OP_SUB_MUL_ADD, dst, x, y, 1, 0.0, a, b, n);
}

/* dst[i] = x[i] - x[i - lag] for lag <= i < n */
static void
FK_FN(FkDiff) (double *dst, const double *x, size_t lag, size_t n)
{
	if (lag < n)
		FkMap(FK_OP_SUB, dst + lag, x + lag, x, 1, 0.0, 0.0, 0.0, n - lag);
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
FK_FN(FkLnLagBlock) (double *dst, const double *x, double *logs, size_t lag,
					 size_t len, int scale, double a, double b)
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

/* dst[i] = ln(x[i]) - ln(x[i - lag]) for lag <= i < n */
static void
FK_FN(FkDlog) (double *dst, const double *x, size_t lag, size_t n)
{
	FkLaggedLn(&FK_TABLE, FK_FN(FkLnLagBlock), dst, x, lag, n, 0, 0.0, 0.0);
}

/* dst[i] = ((ln(x[i]) - ln(x[i - lag])) * a) + b for lag <= i < n */
static void
FK_FN(FkDlogScaleAdd) (double *dst, const double *x, size_t lag, double a,
					   double b, size_t n)
{
	FkLaggedLn(&FK_TABLE, FK_FN(FkLnLagBlock), dst, x, lag, n, 1, a, b);
}

const FkKernelTable FK_TABLE = {
	.name = FK_ISA_NAME,
	.ln = FK_FN(FkLn),
	.exp = FK_FN(FkExp),
	.sqrt = FK_FN(FkSqrt),
	.abs = FK_FN(FkAbs),
	.neg = FK_FN(FkNeg),
	.add = FK_FN(FkAdd),
	.sub = FK_FN(FkSub),
	.mul = FK_FN(FkMul),
	.div = FK_FN(FkDiv),
	.add_s = FK_FN(FkAddS),
	.sub_s = FK_FN(FkSubS),
	.rsub_s = FK_FN(FkRsubS),
	.mul_s = FK_FN(FkMulS),
	.div_s = FK_FN(FkDivS),
	.rdiv_s = FK_FN(FkRdivS),
	.scale_add = FK_FN(FkScaleAdd),
	.dlog = FK_FN(FkDlog),
	.diff = FK_FN(FkDiff),
	.dlog_scale_add = FK_FN(FkDlogScaleAdd),
	.ln_scale_add = FK_FN(FkLnScaleAdd),
	.sub_mul_add = FK_FN(FkSubMulAdd),
};
