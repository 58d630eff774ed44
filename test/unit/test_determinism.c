/*
 * test_determinism.c
 *		Same arguments, same bits: every kernel table this CPU runs gives
 *		identical results for every operation of the catalogue (lagged ones
 *		at lags 1, 3 and 13) and GELU, at every position, over millions of
 *		inputs of every kind;
 *		every elementwise operation over NaN-producing operands (NaN of
 *		either sign and with payloads on either side, Infinity - Infinity,
 *		0 * Infinity), every NaN stored being the canonical one; ln and exp
 *		stay within their ULP bounds, exp finite up to core's limit
 *		(709.782712893384).
 */
#include <stdio.h>

#include "kern_testutil.h"
#include "tap.h"

#include "../../src/core/dense.h"
#include "../../src/core/float8_nan.h"
#include "../../src/core/kern_isa.h"
#include "../../src/core/ops.h"

#define DET_N (1 << 21)			/* inputs per comparison */
#define ULP_N (1 << 20)			/* inputs per ULP check */
#define POS_WINDOWS 48
#define POS_MAXOFF 8
#define POS_MAXLEN 70
#define A_ARG 100.0
#define B_ARG -0.5

/* core's limits: the largest x with a finite exp, the smallest with a non-zero one */
#define EXP_MAX_FINITE 709.782712893384
#define EXP_MIN_NONZERO -745.13321910194111

/* One path: its kernel table and its GELU */
typedef struct Path
{
	const char *name;
	const FkKernelTable *t;
	void		(*gelu) (double *, const double *, size_t);
} Path;

static double in_x[DET_N];
static double in_y[DET_N];
static double ref_out[DET_N];
static double got_out[DET_N];

/*
 * What is compared across paths: every operation of the catalogue (a lagged
 * one at three lags), and GELU (op -1)
 */
typedef struct Case
{
	int			op;
	size_t		lag;
	char		name[48];
} Case;

static Case cases[3 * FK_KOP_COUNT + 1];
static int	ncases;

/* The cases, from the catalogue */
static void
build_cases(void)
{
	static const size_t lags[] = {1, 3, 13};

	for (int op = 0; op < FK_KOP_COUNT; op++)
	{
		const char *kinds = FkShapes[FkOps[op].shape].kinds;

		for (size_t l = 0; l < (FkKernelOpLagged(op) ? 3 : 1); l++)
		{
			Case	   *c = &cases[ncases++];

			c->op = op;
			c->lag = FkKernelOpLagged(op) ? lags[l] : 0;
			if (c->lag > 0)
				snprintf(c->name, sizeof(c->name), "%s(%s) lag %zu",
						 FkOps[op].name, kinds, c->lag);
			else
				snprintf(c->name, sizeof(c->name), "%s(%s)", FkOps[op].name,
						 kinds);
		}
	}
	cases[ncases].op = -1;
	snprintf(cases[ncases++].name, sizeof(cases[0].name), "gelu");
}

/*
 * Run case c of path p over n elements from x (and from the same place of
 * in_y for a second operand); lagged ones write dst[lag..n) only
 */
static void
run_case(const Path *p, const Case *c, double *dst, const double *x, size_t n)
{
	if (c->op < 0)
		p->gelu(dst, x, n);
	else if (c->lag > 0)
		FkKernelApplyLagged(p->t, (FkKernelOp) c->op, dst, x, c->lag, A_ARG,
							B_ARG, n);
	else
		FkKernelApply(p->t, (FkKernelOp) c->op, dst, x, in_y + (x - in_x),
					  A_ARG, B_ARG, n);
}

/*
 * An input of any kind: any bit pattern (every binade, subnormals, NaN,
 * Infinity, both signs), positive subnormals, near 1, exp's whole range,
 * the band around both overflow limits, GELU's curve, and special values.
 */
static double
det_input(uint64_t *st)
{
	static const double specials[] = {
		0.0, -0.0, INFINITY, -INFINITY, NAN, -NAN, 1.0, -1.0, DBL_MAX,
		-DBL_MAX, DBL_MIN, 4.9406564584124654e-324, EXP_MAX_FINITE,
		709.78271114955749, 709.7827111495575, 709.78,
		EXP_MIN_NONZERO, -745.1332191019412, 1e-300, -1e-300
	};
	uint64_t	r = rand64(st);

	switch (r % 8)
	{
		case 0:
			return double_of(rand64(st));
		case 1:
			return double_of(rand64(st) % UINT64_C(0x0010000000000000));
		case 2:
			return 1.0 + (rand_unit(st) - 0.5) * ldexp(1.0, -(int) ((r >> 8) % 54));
		case 3:
			return -746.0 + rand_unit(st) * (710.0 + 746.0);
		case 4:
			return 709.78 + rand_unit(st) * 0.0028;
		case 5:
			return (rand_unit(st) - 0.5) * 24.0;
		case 6:
			return double_of(rand64(st) >> 1);
		default:
			return specials[(r >> 8) % (sizeof(specials) / sizeof(specials[0]))];
	}
}

/* Every path this CPU runs, the first one (scalar) the reference */
static int
paths_of_cpu(Path *paths)
{
	int			np = 0;

	FOR_EACH_ISA(isa, t)
	{
		paths[np].name = t->name;
		paths[np].t = t;
		paths[np].gelu = FkGeluArrayScalar;
#if defined(__x86_64__)
		if (isa == FK_ISA_AVX512)
			paths[np].gelu = FkGeluArrayAvx512;
		else if (isa == FK_ISA_AVX2)
			paths[np].gelu = FkGeluArrayAvx2;
#endif
		np++;
	}
	return np;
}

/* How many of n results differ in bits (from index lag on) */
static size_t
count_bits_differ(const double *a, const double *b, size_t lag, size_t n)
{
	size_t		d = 0;

	for (size_t i = lag; i < n; i++)
		d += bits_of(a[i]) != bits_of(b[i]);
	return d;
}

/* Every path gives the reference path's bits over DET_N inputs */
static void
check_same_bits(const Path *paths, int np)
{
	for (const Case *c = cases; c < cases + ncases; c++)
	{
		run_case(&paths[0], c, ref_out, in_x, DET_N);
		for (int p = 1; p < np; p++)
		{
			size_t		d;

			memset(got_out, 0, sizeof(got_out));
			run_case(&paths[p], c, got_out, in_x, DET_N);
			d = count_bits_differ(ref_out, got_out, c->lag, DET_N);
			ok(d == 0, "%s: %s gives the bits of %s on %d inputs (%zu differ)",
			   c->name, paths[p].name, paths[0].name, DET_N, d);
		}
	}
}

/*
 * Every path, at every offset 0..8 and length 0..70 in windows spread over
 * the inputs, gives the reference path's full-array bits for each element
 */
static void
check_positions(const Path *paths, int np)
{
	double		dst[POS_MAXLEN + 1];

	for (const Case *c = cases; c < cases + ncases; c++)
	{
		size_t		lag = c->lag;

		run_case(&paths[0], c, ref_out, in_x, DET_N);
		for (int p = 0; p < np; p++)
		{
			size_t		bad = 0;

			for (size_t w = 0; w < POS_WINDOWS; w++)
			{
				size_t		base = w * (DET_N / POS_WINDOWS);

				for (size_t off = 0; off <= POS_MAXOFF; off++)
					for (size_t len = 0; len <= POS_MAXLEN; len++)
					{
						fill_sentinel(dst, POS_MAXLEN + 1);
						run_case(&paths[p], c, dst, in_x + base + off, len);
						for (size_t i = lag; i < len; i++)
							bad += bits_of(dst[i]) != bits_of(ref_out[base + off + i]);
						bad += !is_sentinel(dst[len]);
					}
			}
			ok(bad == 0, "%s: %s gives the same bits at offsets 0..%d, lengths 0..%d "
			   "(%zu differ)", c->name, paths[p].name, POS_MAXOFF, POS_MAXLEN, bad);
		}
	}
}

/* Largest ULP error of fn over x[0..n) against ref; *at gets its input */
static double
worst_ulp(FkUnaryFn fn, long double (*ref) (long double), const double *x,
		  size_t n, double *at)
{
	double		worst = 0.0;

	fn(got_out, x, n);
	*at = x[0];
	for (size_t i = 0; i < n; i++)
	{
		double		e = ulp_error(got_out[i], ref((long double) x[i]));

		if (!(e <= worst))
		{
			worst = e;
			*at = x[i];
		}
	}
	return worst;
}

/* ln within 1 ULP, exp within 1 ULP up to 709.78 and 2 ULP up to core's limit */
static void
check_ulp(const FkKernelTable *t, const char *name)
{
	uint64_t	st = 777;
	double		worst,
				at;
	double		lim[2];

	/* ln: positive doubles of every binade, subnormals, and near 1 */
	for (size_t i = 0; i < ULP_N; i++)
	{
		uint64_t	r = rand64(&st);

		if (r % 4 == 0)
			in_x[i] = 1.0 + (rand_unit(&st) - 0.5) * ldexp(1.0, -(int) ((r >> 8) % 54));
		else if (r % 4 == 1)
			in_x[i] = double_of(1 + rand64(&st) % UINT64_C(0x000FFFFFFFFFFFFF));
		else
			do
				in_x[i] = double_of(rand64(&st) >> 1);
			while (!isfinite(in_x[i]) || in_x[i] == 0.0);
	}
	worst = worst_ulp(t->ln, logl, in_x, ULP_N, &at);
	ok(worst <= 1.0, "%s: ln within 1 ULP of logl on %d inputs (max %.3f at %a)",
	   name, ULP_N, worst, at);

	/* exp: core's whole finite range below the split, subnormal results too */
	for (size_t i = 0; i < ULP_N; i++)
		in_x[i] = EXP_MIN_NONZERO + rand_unit(&st) * (709.78 - EXP_MIN_NONZERO);
	worst = worst_ulp(t->exp, expl, in_x, ULP_N, &at);
	ok(worst <= 1.0, "%s: exp within 1 ULP of expl on [%.17g, 709.78] (max %.3f at %a)",
	   name, EXP_MIN_NONZERO, worst, at);

	/* exp above the split, up to core's largest finite result */
	for (size_t i = 0; i < ULP_N; i++)
		in_x[i] = 709.78 + rand_unit(&st) * (EXP_MAX_FINITE - 709.78);
	in_x[0] = EXP_MAX_FINITE;
	in_x[1] = nextafter(709.78, 710.0);
	worst = worst_ulp(t->exp, expl, in_x, ULP_N, &at);
	ok(worst <= 2.0, "%s: exp within 2 ULP of expl on (709.78, %.15g] (max %.3f at %a)",
	   name, EXP_MAX_FINITE, worst, at);

	/* the limits are core's: finite at the top, Infinity past it; 0 below the bottom */
	lim[0] = EXP_MAX_FINITE;
	lim[1] = nextafter(EXP_MAX_FINITE, 710.0);
	t->exp(lim, lim, 2);
	ok(isfinite(lim[0]) && ulp_error(lim[0], expl(EXP_MAX_FINITE)) <= 2.0 &&
	   isinf(lim[1]) && lim[1] > 0,
	   "%s: exp(%.15g) = %.17g, the next double overflows", name, EXP_MAX_FINITE,
	   lim[0]);
	lim[0] = EXP_MIN_NONZERO;
	lim[1] = nextafter(EXP_MIN_NONZERO, -746.0);
	t->exp(lim, lim, 2);
	ok(lim[0] == 4.9406564584124654e-324 && lim[1] == 0.0 && !signbit(lim[1]),
	   "%s: exp(%.17g) = 2^-1074, the next double down gives 0", name,
	   EXP_MIN_NONZERO);
}

/* Operands that make NaN, or are NaN of any sign and payload */
static const uint64_t nan_operands[] = {
	UINT64_C(0x7FF8000000000000),	/* the canonical NaN */
	UINT64_C(0xFFF8000000000000),	/* -NaN, x86's default NaN */
	UINT64_C(0x7FF8000000000123),	/* a payload */
	UINT64_C(0xFFFC00000000ABCD),	/* a negative payload */
	UINT64_C(0x7FF0000000000000),	/* Infinity */
	UINT64_C(0xFFF0000000000000),	/* -Infinity */
	UINT64_C(0x0000000000000000),	/* 0 */
	UINT64_C(0x8000000000000000),	/* -0 */
	UINT64_C(0x3FF0000000000000),	/* 1 */
	UINT64_C(0xBFF0000000000000),	/* -1 */
	UINT64_C(0x7FEFFFFFFFFFFFFF),	/* DBL_MAX */
	UINT64_C(0x0000000000000001),	/* the least subnormal */
	UINT64_C(0xC000000000000000)	/* -2 */
};

#define NAN_K (sizeof(nan_operands) / sizeof(nan_operands[0]))

/* Run op (lagged ones with lag 1) of table t over x, y with scalars a, b */
static void
run_op(const FkKernelTable *t, FkKernelOp op, double *dst, const double *x,
	   const double *y, double a, double b, size_t n)
{
	if (FkKernelOpLagged(op))
		FkKernelApplyLagged(t, op, dst, x, 1, a, b, n);
	else
		FkKernelApply(t, op, dst, x, y, a, b, n);
}

/*
 * The NaN rule: every elementwise operation, over every pair of the
 * operands above (x[i], y[i]) and every pair of them as scalars, gives the
 * same bits on every path, and every NaN it stores is the canonical one,
 * whichever operand held which NaN
 */
static void
check_nan_rule(const Path *paths, int np)
{
	static double x[NAN_K * NAN_K],
				y[NAN_K * NAN_K],
				ref[NAN_K * NAN_K],
				got[NAN_K * NAN_K];
	size_t		n = NAN_K * NAN_K;

	for (size_t i = 0; i < NAN_K; i++)
		for (size_t j = 0; j < NAN_K; j++)
		{
			x[i * NAN_K + j] = double_of(nan_operands[i]);
			y[i * NAN_K + j] = double_of(nan_operands[j]);
		}
	for (int op = 0; op < FK_KOP_COUNT; op++)
	{
		int			ns = FkShapes[FkOps[op].shape].nscalars;
		size_t		differ = 0,
					not_canonical = 0,
					nans = 0,
					runs = 0;

		for (size_t ai = 0; ai < (ns >= 1 ? NAN_K : 1); ai++)
			for (size_t bi = 0; bi < (ns >= 2 ? NAN_K : 1); bi++)
			{
				double		a = ns >= 1 ? double_of(nan_operands[ai]) : 0.0;
				double		b = ns >= 2 ? double_of(nan_operands[bi]) : 0.0;
				size_t		from = FkKernelOpLagged((FkKernelOp) op) ? 1 : 0;

				if (!FkOpScalarsOk((FkKernelOp) op, a, b))
					continue;
				runs++;
				run_op(paths[0].t, (FkKernelOp) op, ref, x, y, a, b, n);
				for (size_t i = from; i < n; i++)
					if (isnan(ref[i]))
					{
						nans++;
						not_canonical += bits_of(ref[i]) != FK_NAN_BITS;
					}
				for (int p = 1; p < np; p++)
				{
					memset(got, 0, sizeof(got));
					run_op(paths[p].t, (FkKernelOp) op, got, x, y, a, b, n);
					differ += count_bits_differ(ref, got, from, n);
				}
			}
		ok(differ == 0 && not_canonical == 0 && (nans > 0 || op == FK_KOP_CLIP ||
											   op == FK_KOP_SIGN),
		   "%s (%s): NaN of either sign and with payloads on either side, Infinity - Infinity, "
		   "0 * Infinity over %zu scalar pairs: the same bits on every path (%zu differ), "
		   "%zu NaN all canonical (%zu not)",
		   FkOps[op].name, FkShapes[FkOps[op].shape].kinds, runs, differ, nans,
		   not_canonical);
	}
}

/*
 * How often the scalar table of a CPU without FMA (SLEEF's non-FMA
 * functions) differs from the FMA paths: documented, reported here
 */
static void
report_no_fma(const Path *fma)
{
	Path		nofma = {"scalar without FMA", &FkKernelsScalarNoFma, NULL};

	for (const Case *c = cases; c < cases + ncases; c++)
	{
		if (c->op < 0 || FkOps[c->op].kind != FK_KIND_ELEMENTWISE ||
			FkShapes[FkOps[c->op].shape].nargs != 1)
			continue;
		run_case(fma, c, ref_out, in_x, DET_N);
		run_case(&nofma, c, got_out, in_x, DET_N);
		printf("# %s: scalar without FMA differs from %s on %zu of %d inputs\n",
			   c->name, fma->name, count_bits_differ(ref_out, got_out, 0, DET_N),
			   DET_N);
	}
}

int
main(void)
{
	Path		paths[FK_ISA_COUNT];
	int			np = paths_of_cpu(paths);
	uint64_t	st = 4242;

	build_cases();
	for (size_t i = 0; i < DET_N; i++)
		in_x[i] = det_input(&st);
	for (size_t i = 0; i < DET_N; i++)
		in_y[i] = det_input(&st);
	printf("# paths: %d, scalar %s FMA\n", np, FkCpuHasFma() ? "with" : "without");
	check_same_bits(paths, np);
	check_positions(paths, np);
	check_nan_rule(paths, np);
	if (FkCpuHasFma())
		report_no_fma(&paths[0]);

	for (int p = 0; p < np; p++)
		check_ulp(paths[p].t, paths[p].name);
	check_ulp(&FkKernelsScalarNoFma, "scalar without FMA");
	return done_testing();
}
