/*
 * test_kernels.c
 *		Unit tests of every kernel table this CPU runs: exact arithmetic,
 *		ln/exp within 1 ULP of a long double reference, special values,
 *		position independence, and fused kernels equal to their chains.
 */
#include <stdio.h>

#include "../../src/core/float8_nan.h"
#include "../../src/core/ops.h"
#include "kern_testutil.h"
#include "tap.h"

#define LONG_N 5000
#define ULP_N 20000
#define POS_N 256
#define POS_MAXLEN 70
#define POS_MAXOFF 9

#define A_ARG -2.5
#define B_ARG 0.375

static double in_x[LONG_N];
static double in_y[LONG_N];

/* Every operation of the catalogue, by its kernel's name */
#define FOR_EACH_OP(op) \
	for (FkKernelOp op = 0; op < FK_KOP_COUNT; op++)
#define OP_NAME(op) (FkOps[op].kernel)

/* Does operation op write only lag <= i < n? */
static int
is_lagged(FkKernelOp op)
{
	return FkKernelOpLagged(op);
}

/*
 * Run operation op of t over n elements (y for two vectors, lag for lagged
 * ones; the scalars are A_ARG and B_ARG, the one of a VS or SV shape A_ARG)
 */
static void
run_kernel(const FkKernelTable *t, FkKernelOp op, double *dst,
		   const double *x, const double *y, size_t lag, size_t n)
{
	if (is_lagged(op))
		FkKernelApplyLagged(t, op, dst, x, lag, A_ARG, B_ARG, n);
	else
		FkKernelApply(t, op, dst, x, y, A_ARG, B_ARG, n);
}

/* core's greatest (g) or least of x and y: NaN above every number, x on a tie */
static double
pg_greatest(double x, double y, bool g)
{
	if (isnan(x) || isnan(y))
		return g ? (isnan(x) ? x : y) : (isnan(x) ? y : x);
	return (g ? y > x : y < x) ? y : x;
}

/*
 * The exact result of op at i, for the operations C's own IEEE arithmetic
 * models; *known is false for those checked another way (check_ulp,
 * check_fused, check_dlog_bound)
 */
static double
exact_model(FkKernelOp op, const double *x, const double *y, size_t lag,
			size_t i, bool *known)
{
	*known = true;
	switch (op)
	{
		case FK_KOP_SQRT: return sqrt(x[i]);
		case FK_KOP_ABS: return fabs(x[i]);
		case FK_KOP_NEG: return -x[i];
		case FK_KOP_TRUNC: return trunc(x[i]);
		case FK_KOP_FLOOR: return floor(x[i]);
		case FK_KOP_CEIL: return ceil(x[i]);
		case FK_KOP_ROUND: return rint(x[i]);
		case FK_KOP_SIGN:
			return x[i] > 0 ? 1.0 : x[i] < 0 ? -1.0 : 0.0;
		case FK_KOP_VGREATEST: return pg_greatest(x[i], y[i], true);
		case FK_KOP_VLEAST: return pg_greatest(x[i], y[i], false);
		case FK_KOP_ADD: return x[i] + y[i];
		case FK_KOP_SUB: return x[i] - y[i];
		case FK_KOP_MUL: return x[i] * y[i];
		case FK_KOP_DIV: return x[i] / y[i];
		case FK_KOP_ADD_S: return x[i] + A_ARG;
		case FK_KOP_RADD_S: return A_ARG + x[i];
		case FK_KOP_SUB_S: return x[i] - A_ARG;
		case FK_KOP_RSUB_S: return A_ARG - x[i];
		case FK_KOP_MUL_S: return x[i] * A_ARG;
		case FK_KOP_VGREATEST_S: return pg_greatest(x[i], A_ARG, true);
		case FK_KOP_VLEAST_S: return pg_greatest(x[i], A_ARG, false);
		case FK_KOP_RMUL_S: return A_ARG * x[i];
		case FK_KOP_DIV_S: return x[i] / A_ARG;
		case FK_KOP_RDIV_S: return A_ARG / x[i];
		case FK_KOP_CLIP:
			return x[i] < A_ARG ? A_ARG : x[i] > B_ARG ? B_ARG : x[i];
		case FK_KOP_SCALE_ADD: return (x[i] * A_ARG) + B_ARG;
		case FK_KOP_SUB_MUL_ADD: return ((x[i] - y[i]) * A_ARG) + B_ARG;
		case FK_KOP_DIFF: return x[i] - x[i - lag];
		case FK_KOP_PCT_CHANGE: return (x[i] / x[i - lag]) - 1.0;
		case FK_KOP_RATIO: return x[i] / x[i - lag];
		default:
			*known = false;
			return NAN;
	}
}

/* Is op checked against a long double reference or as a chain instead? */
static bool
checked_elsewhere(FkKernelOp op)
{
	return op == FK_KOP_LN || op == FK_KOP_LOG10 || op == FK_KOP_LOG2 || op == FK_KOP_EXP ||
		op == FK_KOP_CBRT || op == FK_KOP_TANH ||
		op == FK_KOP_SIN || op == FK_KOP_COS || op == FK_KOP_TAN ||
		op == FK_KOP_LOG1P || op == FK_KOP_EXPM1 || op == FK_KOP_POW ||
		op == FK_KOP_POW_S || op == FK_KOP_ATAN2 || op == FK_KOP_ATAN2_S || op == FK_KOP_LN_SCALE_ADD ||
		op == FK_KOP_DLOG || op == FK_KOP_DLOG_SCALE_ADD;
}

/*
 * The result of each element equals what C's own IEEE operations give, for
 * every operation of the catalogue that has such a model; every other one
 * must be one that a check below covers
 */
static void
check_exact(const FkKernelTable *t)
{
	static double dst[LONG_N];

	FOR_EACH_OP(op)
	{
		size_t		lag = 3;
		size_t		bad = 0;
		bool		known;

		(void) exact_model(op, in_x, in_y, lag, lag, &known);
		if (!known)
		{
			ok(checked_elsewhere(op), "%s: %s has a reference (a model here, "
			   "or a check below)", t->name, OP_NAME(op));
			continue;
		}
		fill_sentinel(dst, LONG_N);
		run_kernel(t, op, dst, in_x, in_y, lag, LONG_N);
		for (size_t i = is_lagged(op) ? lag : 0; i < LONG_N; i++)
			bad += !same_value(dst[i], exact_model(op, in_x, in_y, lag, i, &known));
		ok(bad == 0, "%s: %s exact on %d elements (%zu differ)",
		   t->name, OP_NAME(op), LONG_N, bad);
	}
}

/* Largest ULP error of fn over x against ref; *at gets its input */
static double
max_ulp(FkUnaryFn fn, long double (*ref) (long double), const double *x,
		size_t n, double *at)
{
	static double r[ULP_N];
	double		worst = 0.0;

	fn(r, x, n);
	*at = x[0];
	for (size_t i = 0; i < n; i++)
	{
		double		e = ulp_error(r[i], ref((long double) x[i]));

		if (!(e <= worst))
		{
			worst = e;
			*at = x[i];
		}
	}
	return worst;
}

/* Largest ULP error of r over x and y (or x and a when y is NULL) against ref */
static double
max_ulp_binary(const double *r, const double *x, const double *y, double a,
			   long double (*ref) (long double, long double), size_t n,
			   double *at)
{
	double		worst = 0.0;

	*at = x[0];
	for (size_t i = 0; i < n; i++)
	{
		double		e = ulp_error(r[i], ref((long double) x[i],
										   (long double) (y ? y[i] : a)));

		if (!(e <= worst))
		{
			worst = e;
			*at = x[i];
		}
	}
	return worst;
}

/*
 * power over x and y, and over x and the scalar 2.5, within 1 ULP of powl,
 * and atan2 within 1 ULP of atan2l: bases of every binade from 2^-20 to
 * 2^20 and near 1, exponents that keep the result finite, negative bases
 * with integer exponents
 */
static void
check_ulp_binary(const FkKernelTable *t)
{
	static double x[ULP_N],
				y[ULP_N],
				r[ULP_N];
	uint64_t	st = 4242;
	double		worst,
				at;

	for (size_t i = 0; i < ULP_N; i++)
	{
		if (i % 3 == 0)
		{
			x[i] = 1.0 + (rand_unit(&st) - 0.5) * ldexp(1.0, -(int) (i % 40));
			y[i] = (rand_unit(&st) - 0.5) * 2000.0;
		}
		else if (i % 3 == 1)
		{
			x[i] = ldexp(1.0 + rand_unit(&st), (int) (rand64(&st) % 41) - 20);
			y[i] = (rand_unit(&st) - 0.5) * 60.0;
		}
		else
		{
			x[i] = -ldexp(1.0 + rand_unit(&st), (int) (rand64(&st) % 11) - 5);
			y[i] = (double) ((int) (rand64(&st) % 41) - 20);
		}
	}
	t->pow(r, x, y, ULP_N);
	worst = max_ulp_binary(r, x, y, 0.0, powl, ULP_N, &at);
	ok(worst <= 1.0, "%s: power within 1 ULP of powl on %d pairs (max %.3f at %a)",
	   t->name, ULP_N, worst, at);

	for (size_t i = 0; i < ULP_N; i++)
		x[i] = fabs(x[i]);
	t->pow_s(r, x, 2.5, ULP_N);
	worst = max_ulp_binary(r, x, NULL, 2.5, powl, ULP_N, &at);
	ok(worst <= 1.0, "%s: power(x, 2.5) within 1 ULP of powl on %d inputs (max %.3f at %a)",
	   t->name, ULP_N, worst, at);

	/* atan2 over the same pairs, signs of y mixed in, and over y and -3 */
	for (size_t i = 0; i < ULP_N; i++)
		y[i] = i % 2 ? -y[i] : y[i];
	t->atan2(r, x, y, ULP_N);
	worst = max_ulp_binary(r, x, y, 0.0, atan2l, ULP_N, &at);
	ok(worst <= 1.0, "%s: atan2 within 1 ULP of atan2l on %d pairs (max %.3f at %a)",
	   t->name, ULP_N, worst, at);
	t->atan2_s(r, y, -3.0, ULP_N);
	worst = max_ulp_binary(r, y, NULL, -3.0, atan2l, ULP_N, &at);
	ok(worst <= 1.0, "%s: atan2(x, -3) within 1 ULP of atan2l on %d inputs (max %.3f at %a)",
	   t->name, ULP_N, worst, at);
}

/*
 * ln, exp, cbrt, log10, tanh, sin, cos, tan, log1p and expm1 within 1 ULP
 * of their long double functions
 */
static void
check_ulp(const FkKernelTable *t)
{
	static double x[ULP_N];
	uint64_t	st = 12345;
	double		worst,
				at;

	/* ln: positive doubles of every binade (subnormals too), and near 1 */
	for (size_t i = 0; i < ULP_N; i++)
	{
		if (i % 4 == 0)
			x[i] = 1.0 + (rand_unit(&st) - 0.5) * ldexp(1.0, -(int) (i % 40));
		else
			do
				x[i] = double_of(rand64(&st) >> 1);
			while (!isfinite(x[i]) || x[i] == 0.0);
	}
	worst = max_ulp(t->ln, logl, x, ULP_N, &at);
	ok(worst <= 1.0, "%s: ln within 1 ULP of logl on %d inputs (max %.3f at %a)",
	   t->name, ULP_N, worst, at);

	/* exp: the whole finite range, subnormal results included, and near 0 */
	for (size_t i = 0; i < ULP_N; i++)
		x[i] = i % 4 == 0 ? (rand_unit(&st) - 0.5) * ldexp(1.0, -(int) (i % 50))
			: -745.0 + rand_unit(&st) * (709.78 + 745.0);
	worst = max_ulp(t->exp, expl, x, ULP_N, &at);
	ok(worst <= 1.0, "%s: exp within 1 ULP of expl on %d inputs (max %.3f at %a)",
	   t->name, ULP_N, worst, at);

	/* cbrt: doubles of every binade and sign, subnormals too */
	for (size_t i = 0; i < ULP_N; i++)
		do
			x[i] = double_of(rand64(&st));
		while (!isfinite(x[i]));
	worst = max_ulp(t->cbrt, cbrtl, x, ULP_N, &at);
	ok(worst <= 1.0, "%s: cbrt within 1 ULP of cbrtl on %d inputs (max %.3f at %a)",
	   t->name, ULP_N, worst, at);

	/* log10: positive doubles of every binade, subnormals too */
	for (size_t i = 0; i < ULP_N; i++)
		do
			x[i] = double_of(rand64(&st) >> 1);
		while (!isfinite(x[i]) || x[i] == 0.0);
	worst = max_ulp(t->log10, log10l, x, ULP_N, &at);
	ok(worst <= 1.0, "%s: log10 within 1 ULP of log10l on %d inputs (max %.3f at %a)",
	   t->name, ULP_N, worst, at);
	worst = max_ulp(t->log2, log2l, x, ULP_N, &at);
	ok(worst <= 1.0, "%s: log2 within 1 ULP of log2l on %d inputs (max %.3f at %a)",
	   t->name, ULP_N, worst, at);

	/* tanh: doubles of every binade and sign, and the range where it bends */
	for (size_t i = 0; i < ULP_N; i++)
		if (i % 2 == 0)
			x[i] = (rand_unit(&st) - 0.5) * 40.0;
		else
			do
				x[i] = double_of(rand64(&st));
			while (!isfinite(x[i]));
	worst = max_ulp(t->tanh, tanhl, x, ULP_N, &at);
	ok(worst <= 1.0, "%s: tanh within 1 ULP of tanhl on %d inputs (max %.3f at %a)",
	   t->name, ULP_N, worst, at);

	/* sin, cos, tan: near 0, over a few periods, and up to 1e300 */
	for (size_t i = 0; i < ULP_N; i++)
		x[i] = i % 3 == 0 ? (rand_unit(&st) - 0.5) * 20.0 :
			i % 3 == 1 ? (rand_unit(&st) - 0.5) * ldexp(1.0, -(int) (i % 60)) :
			(rand_unit(&st) - 0.5) * pow(10.0, (double) (i % 300));
	worst = max_ulp(t->sin, sinl, x, ULP_N, &at);
	ok(worst <= 1.0, "%s: sin within 1 ULP of sinl on %d inputs (max %.3f at %a)",
	   t->name, ULP_N, worst, at);
	worst = max_ulp(t->cos, cosl, x, ULP_N, &at);
	ok(worst <= 1.0, "%s: cos within 1 ULP of cosl on %d inputs (max %.3f at %a)",
	   t->name, ULP_N, worst, at);
	worst = max_ulp(t->tan, tanl, x, ULP_N, &at);
	ok(worst <= 1.0, "%s: tan within 1 ULP of tanl on %d inputs (max %.3f at %a)",
	   t->name, ULP_N, worst, at);

	/* log1p: above -1, near 0 and over every binade */
	for (size_t i = 0; i < ULP_N; i++)
		if (i % 2 == 0)
			x[i] = -1.0 + rand_unit(&st) * 2.0 + 0x1p-53;
		else
			do
				x[i] = double_of(rand64(&st) >> 1);
			while (!isfinite(x[i]));
	worst = max_ulp(t->log1p, log1pl, x, ULP_N, &at);
	ok(worst <= 1.0, "%s: log1p within 1 ULP of log1pl on %d inputs (max %.3f at %a)",
	   t->name, ULP_N, worst, at);

	/* expm1: near 0 and over the whole finite range */
	for (size_t i = 0; i < ULP_N; i++)
		x[i] = i % 2 == 0 ? (rand_unit(&st) - 0.5) * ldexp(1.0, -(int) (i % 50))
			: -745.0 + rand_unit(&st) * (709.78 + 745.0);
	worst = max_ulp(t->expm1, expm1l, x, ULP_N, &at);
	ok(worst <= 1.0, "%s: expm1 within 1 ULP of expm1l on %d inputs (max %.3f at %a)",
	   t->name, ULP_N, worst, at);

	/* expm1 above 709.78 up to core's limit: exp's rescaling, two roundings */
	for (size_t i = 0; i < ULP_N; i++)
		x[i] = 709.78 + rand_unit(&st) * 0.002712893384;
	worst = max_ulp(t->expm1, expm1l, x, ULP_N, &at);
	ok(worst <= 1.5, "%s: expm1 above 709.78 within 1.5 ULP of expm1l on %d inputs "
	   "(max %.3f at %a)", t->name, ULP_N, worst, at);
}

/* Special inputs with exactly known results (core float8 semantics) */
static void
check_specials(const FkKernelTable *t)
{
	static const struct
	{
		FkKernelOp	k;
		double		x;
		double		want;
	}			cases[] = {
		{FK_KOP_LN, NAN, NAN}, {FK_KOP_LN, INFINITY, INFINITY}, {FK_KOP_LN, -INFINITY, NAN},
		{FK_KOP_LN, 0.0, -INFINITY}, {FK_KOP_LN, -0.0, -INFINITY}, {FK_KOP_LN, -1.0, NAN},
		{FK_KOP_LN, -4.9406564584124654e-324, NAN}, {FK_KOP_LN, 1.0, 0.0},
		{FK_KOP_EXP, NAN, NAN}, {FK_KOP_EXP, INFINITY, INFINITY}, {FK_KOP_EXP, -INFINITY, 0.0},
		{FK_KOP_EXP, 0.0, 1.0}, {FK_KOP_EXP, -0.0, 1.0}, {FK_KOP_EXP, 710.0, INFINITY},
		{FK_KOP_EXP, -746.0, 0.0}, {FK_KOP_EXP, 4.9406564584124654e-324, 1.0},
		{FK_KOP_SQRT, -0.0, -0.0}, {FK_KOP_SQRT, 0.0, 0.0}, {FK_KOP_SQRT, -1.0, NAN},
		{FK_KOP_SQRT, INFINITY, INFINITY}, {FK_KOP_SQRT, -INFINITY, NAN}, {FK_KOP_SQRT, NAN, NAN},
		{FK_KOP_SQRT, 4.9406564584124654e-324, 2.2227587494850775e-162},
		{FK_KOP_ABS, -0.0, 0.0}, {FK_KOP_ABS, -INFINITY, INFINITY}, {FK_KOP_ABS, NAN, NAN},
		{FK_KOP_ABS, -4.9406564584124654e-324, 4.9406564584124654e-324},
		{FK_KOP_NEG, 0.0, -0.0}, {FK_KOP_NEG, -0.0, 0.0}, {FK_KOP_NEG, INFINITY, -INFINITY},
		{FK_KOP_NEG, NAN, NAN},
	};
	size_t		ncases = sizeof(cases) / sizeof(cases[0]);

	for (size_t c = 0; c < ncases; c++)
	{
		double		got[9];
		size_t		bad = 0;

		/* alone (a tail), and at every lane of a full vector plus one */
		run_kernel(t, cases[c].k, got, &cases[c].x, NULL, 0, 1);
		bad += !same_value(got[0], cases[c].want);
		for (size_t lane = 0; lane < 9; lane++)
		{
			double		v[9];

			for (size_t i = 0; i < 9; i++)
				v[i] = i == lane ? cases[c].x : 2.0;
			run_kernel(t, cases[c].k, got, v, NULL, 0, 9);
			bad += !same_value(got[lane], cases[c].want);
		}
		ok(bad == 0, "%s: %s(%a) = %a at every position (%zu differ)", t->name,
		   OP_NAME(cases[c].k), cases[c].x, cases[c].want, bad);
	}
}

/*
 * Each element gets the same bits at any offset and vector length (0 to
 * POS_MAXLEN), and nothing past n (or below lag) is written.
 */
static void
check_position(const FkKernelTable *t)
{
	static const size_t lags[] = {0, 1, 5, 64};

	FOR_EACH_OP(k)
		for (size_t li = 0; li < (is_lagged(k) ? 4 : 1); li++)
		{
			size_t		lag = lags[li];
			double		full[POS_N];
			double		dst[POS_MAXLEN + 16];
			size_t		bad = 0;

			run_kernel(t, k, full, in_x, in_y, lag, POS_N);
			for (size_t off = 0; off < POS_MAXOFF; off++)
				for (size_t len = 0; len <= POS_MAXLEN; len++)
				{
					fill_sentinel(dst, POS_MAXLEN + 16);
					run_kernel(t, k, dst, in_x + off, in_y + off, lag, len);
					for (size_t i = 0; i < POS_MAXLEN + 16; i++)
					{
						int			written = i < len && (!is_lagged(k) || i >= lag);

						if (written ? bits_of(dst[i]) != bits_of(full[off + i])
							: !is_sentinel(dst[i]))
							bad++;
					}
				}
			ok(bad == 0, "%s: %s lag %zu same bits at offsets 0..%d, lengths 0..%d",
			   t->name, OP_NAME(k), lag, POS_MAXOFF - 1, POS_MAXLEN);
		}
}

/* Non-lagged kernels may write over their first input: same bits in place */
static void
check_in_place(const FkKernelTable *t)
{
	static double out[LONG_N],
				buf[LONG_N];

	FOR_EACH_OP(k)
	{
		size_t		bad = 0;

		if (is_lagged(k))
			continue;
		run_kernel(t, k, out, in_x, in_y, 0, LONG_N - 3);
		memcpy(buf, in_x, sizeof(buf));
		run_kernel(t, k, buf, buf, in_y, 0, LONG_N - 3);
		for (size_t i = 0; i < LONG_N; i++)
			bad += bits_of(buf[i]) != bits_of(i < LONG_N - 3 ? out[i] : in_x[i]);
		ok(bad == 0, "%s: %s in place (dst = x) gives the same bits (%zu differ)",
		   t->name, OP_NAME(k), bad);
	}
}

/* ln over a long vector gives each element what ln of it alone gives */
static void
check_long(const FkKernelTable *t)
{
	static double full[LONG_N];
	size_t		bad_ln = 0,
				bad_exp = 0;

	t->ln(full, in_x, LONG_N);
	for (size_t i = 0; i < LONG_N; i++)
	{
		double		one;

		t->ln(&one, in_x + i, 1);
		bad_ln += bits_of(one) != bits_of(full[i]);
	}
	t->exp(full, in_y, LONG_N);
	for (size_t i = 0; i < LONG_N; i++)
	{
		double		one;

		t->exp(&one, in_y + i, 1);
		bad_exp += bits_of(one) != bits_of(full[i]);
	}
	ok(bad_ln == 0 && bad_exp == 0,
	   "%s: ln/exp over %d elements = each element alone (%zu, %zu differ)",
	   t->name, LONG_N, bad_ln, bad_exp);
}

/*
 * Fused kernels give the bits of the chains they replace on the same table;
 * dlog pairs the right logs for lags on both sides of the block size.
 */
static void
check_fused(const FkKernelTable *t)
{
	static const size_t lags[] = {0, 1, 2, 7, 8, 63, 64, 65, 1023, 1024, 1025,
	1500, 2047, 2048, 2049, 2500, 3000, 4999, 5000};
	static double logs[LONG_N],
				chain[LONG_N],
				fused[LONG_N],
				plain[LONG_N];
	size_t		bad;

	t->ln(logs, in_x, LONG_N);
	for (size_t li = 0; li < sizeof(lags) / sizeof(lags[0]); li++)
	{
		size_t		lag = lags[li];
		size_t		nn[] = {lag, lag + 1, lag + 9, LONG_N - 1, LONG_N};

		for (size_t ni = 0; ni < 5; ni++)
		{
			size_t		n = nn[ni] > LONG_N ? LONG_N : nn[ni];
			size_t		bad_dlog = 0,
						bad_fused = 0,
						bad_guard = 0;

			fill_sentinel(plain, LONG_N);
			fill_sentinel(fused, LONG_N);
			t->dlog(plain, in_x, lag, n);
			t->dlog_scale_add(fused, in_x, lag, A_ARG, B_ARG, n);
			for (size_t i = 0; i < LONG_N; i++)
			{
				if (i < lag || i >= n)
				{
					bad_guard += !is_sentinel(plain[i]) || !is_sentinel(fused[i]);
					continue;
				}
				/* every NaN a kernel stores is the canonical one */
				bad_dlog += bits_of(plain[i]) != bits_of(FkCanonNan(logs[i] - logs[i - lag]));
			}
			if (lag < n)
				t->scale_add(chain + lag, plain + lag, A_ARG, B_ARG, n - lag);
			for (size_t i = lag; i < n; i++)
				bad_fused += bits_of(fused[i]) != bits_of(chain[i]);
			ok(bad_dlog + bad_fused + bad_guard == 0,
			   "%s: lag %zu n %zu: dlog = ln - lagged ln (%zu), dlog_scale_add = "
			   "scale_add(dlog) (%zu), nothing else written (%zu)",
			   t->name, lag, n, bad_dlog, bad_fused, bad_guard);
		}
	}

	/* ln_scale_add = scale_add(ln); sub_mul_add = scale_add(sub) */
	t->scale_add(chain, logs, A_ARG, B_ARG, LONG_N);
	t->ln_scale_add(fused, in_x, A_ARG, B_ARG, LONG_N);
	bad = 0;
	for (size_t i = 0; i < LONG_N; i++)
		bad += bits_of(fused[i]) != bits_of(chain[i]);
	ok(bad == 0, "%s: ln_scale_add = scale_add(ln) bit for bit", t->name);

	t->sub(plain, in_x, in_y, LONG_N);
	t->scale_add(chain, plain, A_ARG, B_ARG, LONG_N);
	t->sub_mul_add(fused, in_x, in_y, A_ARG, B_ARG, LONG_N);
	bad = 0;
	for (size_t i = 0; i < LONG_N; i++)
		bad += bits_of(fused[i]) != bits_of(chain[i]);
	ok(bad == 0, "%s: sub_mul_add = scale_add(sub) bit for bit", t->name);
}

/*
 * The kernel of every lagged row is its combine (the fused evaluator's)
 * over x[i] and x[i - lag], over t->ln of them for an ln-first row, bit for
 * bit
 */
static void
check_lag_combine(const FkKernelTable *t)
{
	static double kern[LONG_N],
				comb[LONG_N],
				logs[LONG_N];
	static const size_t lags[] = {1, 3, 8, 1025};

	t->ln(logs, in_x, LONG_N);
	FOR_EACH_OP(op)
	{
		const double *v = FkOpLnFirst(op) ? logs : in_x;
		size_t		bad = 0;

		if (!is_lagged(op))
			continue;
		for (size_t l = 0; l < sizeof(lags) / sizeof(lags[0]); l++)
		{
			size_t		lag = lags[l];

			run_kernel(t, op, kern, in_x, NULL, lag, LONG_N);
			FkKernelApply(t, op, comb, v + lag, v, A_ARG, B_ARG, LONG_N - lag);
			for (size_t i = lag; i < LONG_N; i++)
				bad += bits_of(kern[i]) != bits_of(comb[i - lag]);
		}
		ok(bad == 0, "%s: %s = its combine over x[i] and x[i - lag] (%zu differ)",
		   t->name, OP_NAME(op), bad);
	}
}

/*
 * The stated dlog bound: |dlog - exact| <= ulp(ln x[i]) + ulp(ln x[i-lag])
 * + ulp(dlog) / 2, from two ln within 1 ULP and one rounded subtraction.
 */
static void
check_dlog_bound(const FkKernelTable *t)
{
	static double x[LONG_N],
				d[LONG_N];
	uint64_t	st = 777;
	size_t		bad = 0;

	for (size_t i = 0; i < LONG_N; i++)
		x[i] = i % 3 == 0 ? 100.0 * (1.0 + (rand_unit(&st) - 0.5) * 1e-6)
			: ldexp(0.5 + rand_unit(&st), (int) (rand64(&st) % 2000) - 1000);
	t->dlog(d, x, 1, LONG_N);
	for (size_t i = 1; i < LONG_N; i++)
	{
		long double a = logl((long double) x[i]);
		long double b = logl((long double) x[i - 1]);
		long double ref = a - b;
		long double bound = ulp_at(a) + ulp_at(b) + ulp_at(ref) / 2;

		bad += fabsl((long double) d[i] - ref) > bound * (1 + 0x1p-20L);
	}
	ok(bad == 0, "%s: dlog within ulp(ln a) + ulp(ln b) + ulp/2 of logl (%zu outside)",
	   t->name, bad);
}

/* The dispatcher agrees with the compiler's own view of this CPU */
static void
check_dispatch(void)
{
#if defined(__x86_64__)
	int			avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
	int			avx512 = avx2 && __builtin_cpu_supports("avx512f") &&
		__builtin_cpu_supports("avx512dq");
#else
	/* only the scalar path is built outside x86-64 */
	int			avx2 = 0;
	int			avx512 = 0;
#endif
	const char *cap = getenv("FUSEKERN_CPU_CAP");
	FkIsa		best = FkDetectIsa();

	/* FUSEKERN_CPU_CAP hides what lies above the level it names */
	if (cap != NULL && (strcmp(cap, "avx2") == 0 || strcmp(cap, "scalar") == 0 ||
						strcmp(cap, "nofma") == 0))
	{
		avx512 = 0;
		avx2 = avx2 && strcmp(cap, "avx2") == 0;
	}
	ok((FkCpuCapName() == NULL) == (cap == NULL || (strcmp(cap, "avx2") != 0 &&
												  strcmp(cap, "scalar") != 0 &&
												  strcmp(cap, "nofma") != 0)),
	   "the cap in force is the one FUSEKERN_CPU_CAP names (%s)", cap ? cap : "none");

	ok(FkIsaSupported(FK_ISA_SCALAR) && FkKernelsFor(FK_ISA_SCALAR) != NULL,
	   "scalar always supported");
	ok(FkIsaSupported(FK_ISA_AVX2) == avx2, "avx2 support = cpu flags (%d)", avx2);
	ok(FkIsaSupported(FK_ISA_AVX512) == avx512, "avx512 support = cpu flags (%d)",
	   avx512);
	ok(best == (avx512 ? FK_ISA_AVX512 : avx2 ? FK_ISA_AVX2 : FK_ISA_SCALAR) &&
	   FkKernelsFor(best) != NULL, "detected %s", FkKernelsFor(best)->name);
	ok(!FkIsaSupported(FK_ISA_COUNT) && FkKernelsFor(FK_ISA_COUNT) == NULL,
	   "no table past the last isa");
}

int
main(void)
{
	uint64_t	st = 2024;

#if defined(__x86_64__)
	__builtin_cpu_init();
#endif
	for (size_t i = 0; i < LONG_N; i++)
	{
		in_x[i] = rand_input(&st);
		in_y[i] = rand_input(&st);
	}

	check_dispatch();
	FOR_EACH_ISA(isa, t)
	{
		check_exact(t);
		check_ulp(t);
		check_ulp_binary(t);
		check_specials(t);
		check_position(t);
		check_long(t);
		check_in_place(t);
		check_fused(t);
		check_lag_combine(t);
		check_dlog_bound(t);
	}
	return done_testing();
}
