/*
 * test_kernels.c
 *		Unit tests of every kernel table this CPU runs: exact arithmetic,
 *		ln/exp within 1 ULP of a long double reference, special values,
 *		position independence, and fused kernels equal to their chains.
 */
#include <stdio.h>

#include "../../src/core/float8_nan.h"
#include "kern_testutil.h"
#include "tap.h"

#define LONG_N 5000
#define ULP_N 20000
#define POS_N 256
#define POS_MAXLEN 70
#define POS_MAXOFF 9

#define S_ARG 1.75
#define A_ARG -2.5
#define B_ARG 0.375

/* Every kernel of the table, for the checks that go over all of them */
typedef enum Kern
{
	K_LN, K_EXP, K_SQRT, K_ABS, K_NEG,
	K_ADD, K_SUB, K_MUL, K_DIV,
	K_ADD_S, K_SUB_S, K_RSUB_S, K_MUL_S, K_DIV_S, K_RDIV_S,
	K_SCALE_ADD, K_LN_SCALE_ADD, K_SUB_MUL_ADD,
	K_DIFF, K_DLOG, K_DLOG_SCALE_ADD,
	K_COUNT
} Kern;

static const char *const kern_names[K_COUNT] = {
	"ln", "exp", "sqrt", "abs", "neg",
	"add", "sub", "mul", "div",
	"add_s", "sub_s", "rsub_s", "mul_s", "div_s", "rdiv_s",
	"scale_add", "ln_scale_add", "sub_mul_add",
	"diff", "dlog", "dlog_scale_add"
};

static double in_x[LONG_N];
static double in_y[LONG_N];

/* Does kernel k write only lag <= i < n? */
static int
is_lagged(Kern k)
{
	return k == K_DIFF || k == K_DLOG || k == K_DLOG_SCALE_ADD;
}

/* Run kernel k of t over n elements (y for binary ones, lag for lagged) */
static void
run_kernel(const FkKernelTable *t, Kern k, double *dst, const double *x,
		   const double *y, size_t lag, size_t n)
{
	switch (k)
	{
		case K_LN: t->ln(dst, x, n); break;
		case K_EXP: t->exp(dst, x, n); break;
		case K_SQRT: t->sqrt(dst, x, n); break;
		case K_ABS: t->abs(dst, x, n); break;
		case K_NEG: t->neg(dst, x, n); break;
		case K_ADD: t->add(dst, x, y, n); break;
		case K_SUB: t->sub(dst, x, y, n); break;
		case K_MUL: t->mul(dst, x, y, n); break;
		case K_DIV: t->div(dst, x, y, n); break;
		case K_ADD_S: t->add_s(dst, x, S_ARG, n); break;
		case K_SUB_S: t->sub_s(dst, x, S_ARG, n); break;
		case K_RSUB_S: t->rsub_s(dst, x, S_ARG, n); break;
		case K_MUL_S: t->mul_s(dst, x, S_ARG, n); break;
		case K_DIV_S: t->div_s(dst, x, S_ARG, n); break;
		case K_RDIV_S: t->rdiv_s(dst, x, S_ARG, n); break;
		case K_SCALE_ADD: t->scale_add(dst, x, A_ARG, B_ARG, n); break;
		case K_LN_SCALE_ADD: t->ln_scale_add(dst, x, A_ARG, B_ARG, n); break;
		case K_SUB_MUL_ADD: t->sub_mul_add(dst, x, y, A_ARG, B_ARG, n); break;
		case K_DIFF: t->diff(dst, x, lag, n); break;
		case K_DLOG: t->dlog(dst, x, lag, n); break;
		case K_DLOG_SCALE_ADD:
			t->dlog_scale_add(dst, x, lag, A_ARG, B_ARG, n);
			break;
		case K_COUNT: break;
	}
}

/* The exact result of kernel k at i, for kernels without ln/exp */
static double
exact_model(Kern k, const double *x, const double *y, size_t lag, size_t i)
{
	switch (k)
	{
		case K_SQRT: return sqrt(x[i]);
		case K_ABS: return fabs(x[i]);
		case K_NEG: return -x[i];
		case K_ADD: return x[i] + y[i];
		case K_SUB: return x[i] - y[i];
		case K_MUL: return x[i] * y[i];
		case K_DIV: return x[i] / y[i];
		case K_ADD_S: return x[i] + S_ARG;
		case K_SUB_S: return x[i] - S_ARG;
		case K_RSUB_S: return S_ARG - x[i];
		case K_MUL_S: return x[i] * S_ARG;
		case K_DIV_S: return x[i] / S_ARG;
		case K_RDIV_S: return S_ARG / x[i];
		case K_SCALE_ADD: return (x[i] * A_ARG) + B_ARG;
		case K_SUB_MUL_ADD: return ((x[i] - y[i]) * A_ARG) + B_ARG;
		case K_DIFF: return x[i] - x[i - lag];
		default: return NAN;
	}
}

/* The result of each element equals what C's own IEEE operations give */
static void
check_exact(const FkKernelTable *t)
{
	static double dst[LONG_N];

	for (Kern k = K_SQRT; k < K_COUNT; k++)
	{
		size_t		lag = 3;
		size_t		bad = 0;

		if (k == K_LN_SCALE_ADD || k == K_DLOG || k == K_DLOG_SCALE_ADD)
			continue;
		fill_sentinel(dst, LONG_N);
		run_kernel(t, k, dst, in_x, in_y, lag, LONG_N);
		for (size_t i = is_lagged(k) ? lag : 0; i < LONG_N; i++)
			bad += !same_value(dst[i], exact_model(k, in_x, in_y, lag, i));
		ok(bad == 0, "%s: %s exact on %d elements (%zu differ)",
		   t->name, kern_names[k], LONG_N, bad);
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

/* ln, exp and cbrt within 1 ULP of logl/expl/cbrtl over wide ranges */
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
}

/* Special inputs with exactly known results (core float8 semantics) */
static void
check_specials(const FkKernelTable *t)
{
	static const struct
	{
		Kern		k;
		double		x;
		double		want;
	}			cases[] = {
		{K_LN, NAN, NAN}, {K_LN, INFINITY, INFINITY}, {K_LN, -INFINITY, NAN},
		{K_LN, 0.0, -INFINITY}, {K_LN, -0.0, -INFINITY}, {K_LN, -1.0, NAN},
		{K_LN, -4.9406564584124654e-324, NAN}, {K_LN, 1.0, 0.0},
		{K_EXP, NAN, NAN}, {K_EXP, INFINITY, INFINITY}, {K_EXP, -INFINITY, 0.0},
		{K_EXP, 0.0, 1.0}, {K_EXP, -0.0, 1.0}, {K_EXP, 710.0, INFINITY},
		{K_EXP, -746.0, 0.0}, {K_EXP, 4.9406564584124654e-324, 1.0},
		{K_SQRT, -0.0, -0.0}, {K_SQRT, 0.0, 0.0}, {K_SQRT, -1.0, NAN},
		{K_SQRT, INFINITY, INFINITY}, {K_SQRT, -INFINITY, NAN}, {K_SQRT, NAN, NAN},
		{K_SQRT, 4.9406564584124654e-324, 2.2227587494850775e-162},
		{K_ABS, -0.0, 0.0}, {K_ABS, -INFINITY, INFINITY}, {K_ABS, NAN, NAN},
		{K_ABS, -4.9406564584124654e-324, 4.9406564584124654e-324},
		{K_NEG, 0.0, -0.0}, {K_NEG, -0.0, 0.0}, {K_NEG, INFINITY, -INFINITY},
		{K_NEG, NAN, NAN},
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
		   kern_names[cases[c].k], cases[c].x, cases[c].want, bad);
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

	for (Kern k = K_LN; k < K_COUNT; k++)
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
			   t->name, kern_names[k], lag, POS_MAXOFF - 1, POS_MAXLEN);
		}
}

/* Non-lagged kernels may write over their first input: same bits in place */
static void
check_in_place(const FkKernelTable *t)
{
	static double out[LONG_N],
				buf[LONG_N];

	for (Kern k = K_LN; k < K_COUNT; k++)
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
		   t->name, kern_names[k], bad);
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
	FkIsa		best = FkDetectIsa();

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
		check_specials(t);
		check_position(t);
		check_long(t);
		check_in_place(t);
		check_fused(t);
		check_dlog_bound(t);
	}
	return done_testing();
}
