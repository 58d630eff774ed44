/*
 * test_series_reduce.c
 *		Unit tests of the series reductions: the same bits whatever the
 *		block split and the alignment of the input, the masked path giving
 *		the bits of the dense one, core's semantics for NaN, infinities and
 *		signed zeros, and exact results where the reference is exact.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../../src/core/bitmap.h"
#include "../../src/core/series_reduce.h"
#include "kern_testutil.h"
#include "tap.h"

#define MAXN 5000
#define NKINDS (FK_RED_ARGMAX + 1)	/* the reductions of one vector */

static const char *const kind_names[NKINDS] = {
	"vsum", "vmean", "vmin", "vmax", "vcount", "vprod", "vvar", "vstddev",
	"vvar_pop", "vstddev_pop", "vargmin", "vargmax"
};

/* Storage with room to shift the input off its alignment */
static double xbuf[MAXN + 8];
static double ybuf[MAXN + 8];
static uint64_t vbuf[MAXN / 64 + 2];
static uint64_t blockv[MAXN / 64 + 2];

/* One result: status and bits */
typedef struct Res
{
	FkReduceStatus st;
	uint64_t	bits;
} Res;

/* The validity of elements [s, s + len) as words of their own, or NULL */
static const uint64_t *
block_valid(const uint64_t *valid, size_t s, size_t len)
{
	if (valid == NULL)
		return NULL;
	memset(blockv, 0, sizeof(blockv));
	for (size_t i = 0; i < len; i++)
		if (FkBitmapGet(valid, s + i))
			FkBitmapSet(blockv, i);
	return blockv;
}

/*
 * Reduce x[0..n) (valid: NULL or words) fed in blocks of block elements;
 * each block's validity is copied to words of its own, as a fused
 * evaluator hands them over.
 */
static Res
run_blocks(FkReduceKind kind, const double *x, const uint64_t *valid,
		   size_t n, size_t block)
{
	FkReduce	r;
	Res			res;
	double		out = 0.0;

	FkReduceInit(&r, kind);
	for (size_t s = 0; s < n; s += block)
	{
		size_t		len = n - s < block ? n - s : block;

		FkReduceStep(&r, x + s, block_valid(valid, s, len), len);
	}
	res.st = FkReduceFinish(&r, &out);
	res.bits = res.st == FK_REDUCE_VALUE ? bits_of(out) : 0;
	return res;
}

/*
 * A reduction of two vectors (vdot, vcov, vcov_pop, vcorr) of the pairs,
 * fed in blocks as above (x with validity valid, y all present)
 */
static Res
run_pair_blocks(FkReduceKind kind, const double *x, const double *y,
				const uint64_t *valid, size_t n, size_t block)
{
	FkReduce	r;
	Res			res;
	double		out = 0.0;

	FkReduceInit(&r, kind);
	for (size_t s = 0; s < n; s += block)
	{
		size_t		len = n - s < block ? n - s : block;

		FkReduceStep2(&r, x + s, block_valid(valid, s, len), y + s, NULL, len);
	}
	res.st = FkReduceFinish(&r, &out);
	res.bits = res.st == FK_REDUCE_VALUE ? bits_of(out) : 0;
	return res;
}

/* A random double of wide magnitude and either sign */
static double
rand_wide(void)
{
	double		m = (double) rand() / RAND_MAX - 0.5;

	return ldexp(m, rand() % 80 - 40);
}

/* Every block size gives the whole-input bits, at every alignment */
static void
test_block_splits(const char *what, size_t n, const uint64_t *valid)
{
	static const size_t blocks[] = {1, 7, 64, 1000, MAXN};
	int			bad = 0;

	for (int k = 0; k < NKINDS; k++)
	{
		Res			whole = run_blocks((FkReduceKind) k, xbuf, valid, n, MAXN);

		for (size_t b = 0; b < sizeof(blocks) / sizeof(blocks[0]); b++)
		{
			Res			r = run_blocks((FkReduceKind) k, xbuf, valid, n, blocks[b]);

			if (r.st != whole.st || r.bits != whole.bits)
			{
				bad++;
				printf("# %s %s n=%zu block %zu: %016llx vs %016llx\n", what,
					   kind_names[k], n, blocks[b], (unsigned long long) r.bits,
					   (unsigned long long) whole.bits);
			}
		}
		/* the same values one slot further on (other alignment) */
		memmove(xbuf + 1, xbuf, n * sizeof(double));
		{
			Res			r = run_blocks((FkReduceKind) k, xbuf + 1, valid, n, 64);

			if (r.st != whole.st || r.bits != whole.bits)
				bad++;
		}
		memmove(xbuf, xbuf + 1, n * sizeof(double));
	}
	for (int k = FK_RED_DOT; k <= FK_RED_CORR; k++)
	{
		Res			whole = run_pair_blocks((FkReduceKind) k, xbuf, ybuf, valid,
											n, MAXN);

		for (size_t b = 0; b < sizeof(blocks) / sizeof(blocks[0]); b++)
		{
			Res			r = run_pair_blocks((FkReduceKind) k, xbuf, ybuf, valid,
											n, blocks[b]);

			if (r.st != whole.st || r.bits != whole.bits)
				bad++;
		}
	}
	ok(bad == 0, "%s, n=%zu: blocks of 1, 7, 64, 1000 and whole, and an offset copy, give the same bits", what, n);
}

/* NULL elements hold garbage: results equal those of the valid values alone */
static void
test_masked_equals_compact(size_t n)
{
	static double compact[MAXN];
	static double garbage[MAXN];
	size_t		m = 0;
	int			bad = 0;

	memset(vbuf, 0, sizeof(vbuf));
	for (size_t i = 0; i < n; i++)
	{
		garbage[i] = rand_wide();
		if (rand() % 5 != 0 || i % 64 == 0)
			FkBitmapSet(vbuf, i);
		else
			garbage[i] = (i % 3 == 0) ? NAN : INFINITY;
		if (FkBitmapGet(vbuf, i))
			compact[m++] = garbage[i];
	}
	/* order-free reductions: the compacted series gives the same result */
	for (int k = 0; k < NKINDS; k++)
	{
		Res			a;
		Res			b;

		if (k == FK_RED_SUM || k == FK_RED_MEAN || k == FK_RED_MIN ||
			k == FK_RED_MAX || k == FK_RED_ARGMIN || k == FK_RED_ARGMAX)
			continue;			/* lanes by index, positions: checked against
								 * scalar refs */
		a = run_blocks((FkReduceKind) k, garbage, vbuf, n, 7);
		b = run_blocks((FkReduceKind) k, compact, NULL, m, MAXN);
		if (k == FK_RED_VAR || k == FK_RED_STDDEV || k == FK_RED_VAR_POP ||
			k == FK_RED_STDDEV_POP)
		{
			double		da = double_of(a.bits);
			double		db = double_of(b.bits);

			if (a.st != b.st || fabs(da - db) > 1e-12 * fabs(db))
				bad++;
		}
		else if (a.st != b.st || a.bits != b.bits)
			bad++;
	}
	ok(bad == 0, "n=%zu: NULL slots holding NaN and Inf are skipped", n);
}

/* Core's float8larger/float8smaller, applied in index order */
static double
ref_extreme(const double *x, const uint64_t *valid, size_t n, bool is_max,
			bool *any)
{
	double		st = 0.0;

	*any = false;
	for (size_t i = 0; i < n; i++)
	{
		double		v = x[i];
		bool		beyond;

		if (valid && !FkBitmapGet(valid, i))
			continue;
		if (!*any)
		{
			st = v;
			*any = true;
			continue;
		}
		if (is_max)
			beyond = isnan(st) ? !isnan(v) : (!isnan(v) && st > v);
		else
			beyond = !isnan(st) && (isnan(v) || st < v);
		if (!beyond)
			st = v;
	}
	return st;
}

/* vmin/vmax against core's rule, bits included, on special-heavy data */
static void
test_extremes(void)
{
	static const double specials[] = {0.0, -0.0, NAN, INFINITY, -INFINITY, 1.0, -1.0};
	int			bad = 0;

	for (int trial = 0; trial < 300; trial++)
	{
		size_t		n = (size_t) (rand() % 300);
		bool		masked = trial % 2;

		memset(vbuf, 0, sizeof(vbuf));
		for (size_t i = 0; i < n; i++)
		{
			xbuf[i] = specials[rand() % (trial % 3 == 0 ? 2 : 7)];
			if (xbuf[i] != xbuf[i])
				xbuf[i] = double_of(bits_of(NAN) | (uint64_t) i);	/* NaN payloads */
			if (rand() % 4)
				FkBitmapSet(vbuf, i);
		}
		for (int m = 0; m < 2; m++)
		{
			bool		any;
			double		ref = ref_extreme(xbuf, masked ? vbuf : NULL, n, m, &any);
			Res			r = run_blocks(m ? FK_RED_MAX : FK_RED_MIN, xbuf,
									   masked ? vbuf : NULL, n, 1 + trial % 70);

			if ((r.st == FK_REDUCE_VALUE) != any || (any && r.bits != bits_of(ref)))
				bad++;
		}
	}
	ok(bad == 0, "vmin/vmax: core's order (NaN largest), the last of equal values (-0/+0, NaN payloads)");
}

/* Sums of integers and of exactly cancelling values are exact */
static void
test_exact_sums(void)
{
	Res			r;
	size_t		n = 4099;
	double		s = 0.0;

	for (size_t i = 0; i < n; i++)
	{
		xbuf[i] = (double) ((long) (rand() % 2000001) - 1000000);
		s += xbuf[i];			/* integers below 2^53: exact */
	}
	r = run_blocks(FK_RED_SUM, xbuf, NULL, n, 333);
	ok(r.st == FK_REDUCE_VALUE && r.bits == bits_of(s), "vsum of integers is exact");

	/* 1e100, many small values, -1e100: the small ones survive */
	xbuf[0] = 1e100;
	for (size_t i = 1; i < 1000; i++)
		xbuf[i] = 1.0;
	xbuf[1000] = -1e100;
	r = run_blocks(FK_RED_SUM, xbuf, NULL, 1001, 7);
	ok(r.st == FK_REDUCE_VALUE && double_of(r.bits) == 999.0,
	   "vsum keeps 999 ones between 1e100 and -1e100 (got %g)", double_of(r.bits));
}

/* NaN, infinities, -0 and overflow as core's sum */
static void
test_nonfinite_sums(void)
{
	double		in[4];
	Res			r;

	in[0] = 1.0;
	in[1] = INFINITY;
	in[2] = 2.0;
	r = run_blocks(FK_RED_SUM, in, NULL, 3, 1);
	ok(r.st == FK_REDUCE_VALUE && double_of(r.bits) == INFINITY, "1 + Inf + 2 = Inf");
	in[1] = -INFINITY;
	r = run_blocks(FK_RED_SUM, in, NULL, 3, 2);
	ok(r.st == FK_REDUCE_VALUE && double_of(r.bits) == -INFINITY, "1 - Inf + 2 = -Inf");
	in[2] = INFINITY;
	r = run_blocks(FK_RED_MEAN, in, NULL, 3, 3);
	ok(r.st == FK_REDUCE_VALUE && isnan(double_of(r.bits)), "mean of 1, -Inf, Inf is NaN");
	in[1] = NAN;
	in[2] = 3.0;
	r = run_blocks(FK_RED_SUM, in, NULL, 3, 3);
	ok(r.st == FK_REDUCE_VALUE && isnan(double_of(r.bits)), "a NaN makes the sum NaN");
	in[0] = 1e308;
	in[1] = 1e308;
	r = run_blocks(FK_RED_SUM, in, NULL, 2, 2);
	ok(r.st == FK_REDUCE_OVERFLOW, "1e308 + 1e308 overflows");
	in[2] = INFINITY;
	r = run_blocks(FK_RED_SUM, in, NULL, 3, 1);
	ok(r.st == FK_REDUCE_OVERFLOW,
	   "finite values that overflow are an overflow, whatever infinity follows");
	in[0] = -0.0;
	in[1] = -0.0;
	r = run_blocks(FK_RED_SUM, in, NULL, 2, 1);
	ok(r.st == FK_REDUCE_VALUE && r.bits == bits_of(-0.0), "-0 + -0 = -0");
	in[1] = 0.0;
	r = run_blocks(FK_RED_SUM, in, NULL, 2, 1);
	ok(r.st == FK_REDUCE_VALUE && r.bits == bits_of(0.0), "-0 + 0 = +0");
	r = run_blocks(FK_RED_SUM, in, NULL, 0, 1);
	ok(r.st == FK_REDUCE_NULL, "an empty sum is NULL");
	in[0] = 1e200;
	in[1] = 1e200;
	in[2] = 1e200;
	r = run_blocks(FK_RED_VAR, in, NULL, 3, 1);
	ok(r.st == FK_REDUCE_VALUE && double_of(r.bits) == 0.0, "variance of equal huge values is 0");
	in[1] = -1e200;
	r = run_blocks(FK_RED_VAR, in, NULL, 3, 1);
	ok(r.st == FK_REDUCE_OVERFLOW, "variance of +-1e200 overflows");
	in[2] = INFINITY;
	r = run_blocks(FK_RED_VAR_POP, in, NULL, 3, 1);
	ok(r.st == FK_REDUCE_VALUE && isnan(double_of(r.bits)), "variance with an infinity is NaN");
	r = run_blocks(FK_RED_VAR, in + 2, NULL, 1, 1);
	ok(r.st == FK_REDUCE_NULL, "sample variance of one element is NULL");
	r = run_blocks(FK_RED_VAR_POP, in + 2, NULL, 1, 1);
	ok(r.st == FK_REDUCE_VALUE && isnan(double_of(r.bits)), "vvar_pop(Inf) is NaN");
}

/*
 * Sums whose finite elements overflow only in a lane, or in the combination
 * of the lanes: the total core's sum gives, the same bits whatever the
 * blocks; an overflow only where the total overflows
 */
static void
test_partial_overflow(void)
{
	static const double row3[] = {1e308, -1e308, 0, 0, 0, 0, 0, 0, 1e308};
	static const double vals[] = {1e308, -1e308, 8e307, -8e307, 1, -3, 0.5};
	static const size_t blocks[] = {1, 3, 8, 64, 1000};
	double		ones[9];
	Res			r;
	int			bad = 0,
				trials = 0;

	for (size_t i = 0; i < 9; i++)
		ones[i] = 1.0;
	for (size_t b = 0; b < sizeof(blocks) / sizeof(blocks[0]); b++)
	{
		r = run_blocks(FK_RED_SUM, row3, NULL, 9, blocks[b]);
		bad += r.st != FK_REDUCE_VALUE || double_of(r.bits) != 1e308;
		r = run_blocks(FK_RED_MEAN, row3, NULL, 9, blocks[b]);
		bad += r.st != FK_REDUCE_VALUE || double_of(r.bits) != 1e308 / 9;
		r = run_pair_blocks(FK_RED_DOT, row3, ones, NULL, 9, blocks[b]);
		bad += r.st != FK_REDUCE_VALUE || double_of(r.bits) != 1e308;
	}
	ok(bad == 0, "vsum, vmean, vdot of {1e308,-1e308,0,0,0,0,0,0,1e308}: 1e308 (lane 0 overflows alone), in blocks of 1 to 1000");

	/* lanes that overflow and come back, against an exact reference */
	bad = 0;
	for (int t = 0; t < 300; t++)
	{
		size_t		n = 1 + (size_t) rand() % 200;
		long double big = 0,
					small = 0;
		double		want;
		Res			a,
					b;

		for (size_t i = 0; i < n; i++)
		{
			xbuf[i] = vals[rand() % 7];
			if (fabs(xbuf[i]) > 1e300)
				big += xbuf[i];
			else
				small += xbuf[i];
		}
		want = (double) (big + small);
		a = run_blocks(FK_RED_SUM, xbuf, NULL, n, 1 + (size_t) rand() % 70);
		b = run_blocks(FK_RED_SUM, xbuf, NULL, n, n ? n : 1);
		if (a.st != b.st || a.bits != b.bits)
			bad++;
		else if (!isfinite(want) ? a.st != FK_REDUCE_OVERFLOW :
				 (a.st != FK_REDUCE_VALUE ||
				  fabsl((long double) double_of(a.bits) - (big + small)) >
				  0x1p-52L * fabsl(big + small) + 0x1p-90L * 1e308 * n))
		{
			if (bad++ == 0)
				printf("# n=%zu: status %d %.17g, want %.17g\n", n, (int) a.st,
					   double_of(a.bits), want);
		}
		trials++;
	}
	ok(bad == 0, "vsum of %d random series of +-1e308, +-8e307 and small values: the total within the bound, overflow only where it overflows, the same bits in any blocks",
	   trials);

	/* a product of finite factors that overflows is core's error */
	xbuf[0] = 1e200;
	ybuf[0] = 1e200;
	xbuf[1] = INFINITY;
	ybuf[1] = 1.0;
	r = run_pair_blocks(FK_RED_DOT, xbuf, ybuf, NULL, 2, 1);
	ok(r.st == FK_REDUCE_OVERFLOW, "vdot: 1e200 * 1e200 overflows, whatever infinity follows");
}

/* Every NaN a sum or a product computes is the canonical one */
static void
test_nan_bits(void)
{
	uint64_t	payload = UINT64_C(0x7FF8000000000123);
	uint64_t	negnan = UINT64_C(0xFFF8000000000000);
	double		in[4];
	Res			r;
	int			good = 1;

	memcpy(&in[0], &payload, sizeof(double));
	in[1] = 1.0;
	memcpy(&in[2], &negnan, sizeof(double));
	in[3] = 2.0;
	for (int k = FK_RED_SUM; k <= FK_RED_MEAN; k++)
	{
		r = run_blocks((FkReduceKind) k, in, NULL, 4, 1);
		good &= r.st == FK_REDUCE_VALUE && r.bits == UINT64_C(0x7FF8000000000000);
		r = run_blocks((FkReduceKind) k, in + 2, NULL, 2, 2);
		good &= r.st == FK_REDUCE_VALUE && r.bits == UINT64_C(0x7FF8000000000000);
	}
	r = run_blocks(FK_RED_PROD, in + 1, NULL, 3, 1);
	good &= r.st == FK_REDUCE_VALUE && r.bits == UINT64_C(0x7FF8000000000000);
	r = run_blocks(FK_RED_MAX, in + 1, NULL, 3, 1);
	good &= r.st == FK_REDUCE_VALUE && r.bits == UINT64_C(0xFFF8000000000000);
	in[0] = INFINITY;
	in[1] = -INFINITY;
	r = run_blocks(FK_RED_SUM, in, NULL, 2, 2);
	good &= r.st == FK_REDUCE_VALUE && r.bits == UINT64_C(0x7FF8000000000000);
	ok(good, "vsum, vmean, vprod of a payload NaN, -NaN, Inf - Inf: the canonical NaN; vmax keeps the NaN it picks");
}

/* Variance against a long double two-pass reference */
static void
test_variance_accuracy(void)
{
	int			bad = 0;

	for (int trial = 0; trial < 20; trial++)
	{
		size_t		n = 2 + (size_t) rand() % 4000;
		double		shift = ldexp(1.0, trial % 40);
		long double mean = 0,
					m2 = 0;
		Res			r;
		double		got;

		for (size_t i = 0; i < n; i++)
		{
			xbuf[i] = shift + (double) rand() / RAND_MAX;
			mean += xbuf[i];
		}
		mean /= n;
		for (size_t i = 0; i < n; i++)
			m2 += (xbuf[i] - mean) * (xbuf[i] - mean);
		r = run_blocks(FK_RED_VAR, xbuf, NULL, n, 100);
		got = double_of(r.bits);
		if (fabsl(got - m2 / (n - 1)) > 1e-9L * (m2 / (n - 1)))
		{
			bad++;
			printf("# n=%zu shift=%g: %.17g vs %.17Lg\n", n, shift, got, m2 / (n - 1));
		}
	}
	ok(bad == 0, "vvar within 1e-9 relative of a long double reference, means up to 2^39 over unit spread");
}

/* Sequential product, NULLs skipped */
static void
test_product(void)
{
	double		p = 1.0;
	size_t		n = 200;
	Res			r;

	memset(vbuf, 0, sizeof(vbuf));
	for (size_t i = 0; i < n; i++)
	{
		xbuf[i] = 0.5 + (double) rand() / RAND_MAX;
		if (i % 3)
		{
			FkBitmapSet(vbuf, i);
			p *= xbuf[i];
		}
	}
	r = run_blocks(FK_RED_PROD, xbuf, vbuf, n, 13);
	ok(r.st == FK_REDUCE_VALUE && r.bits == bits_of(p), "vprod: plain multiplication in index order");
}

/* Fill the inputs with random data and a validity pattern */
static void
fill(size_t n, int pattern)
{
	memset(vbuf, 0, sizeof(vbuf));
	for (size_t i = 0; i < n; i++)
	{
		xbuf[i] = rand_wide();
		ybuf[i] = rand_wide();
		switch (pattern)
		{
			case 0:
				FkBitmapSet(vbuf, i);
				break;
			case 1:				/* full, empty and mixed words in turn */
				if ((i / 64) % 3 == 0 || ((i / 64) % 3 == 2 && rand() % 2))
					FkBitmapSet(vbuf, i);
				break;
			default:
				if (rand() % 10)
					FkBitmapSet(vbuf, i);
				break;
		}
	}
}

int
main(void)
{
	static const size_t lengths[] = {0, 1, 63, 64, 65, 1000, 1023, 1025, 4999};

	srand(12);
	for (size_t l = 0; l < sizeof(lengths) / sizeof(lengths[0]); l++)
	{
		fill(lengths[l], 0);
		test_block_splits("no bitmap", lengths[l], NULL);
		test_block_splits("all valid words", lengths[l], vbuf);
		fill(lengths[l], 1);
		test_block_splits("full/empty/mixed words", lengths[l], vbuf);
		fill(lengths[l], 2);
		test_block_splits("random 90%", lengths[l], vbuf);
		test_masked_equals_compact(lengths[l]);
	}
	{
		Res			a,
					b;

		fill(3000, 0);
		for (int k = 0; k < NKINDS; k++)
		{
			a = run_blocks((FkReduceKind) k, xbuf, NULL, 3000, 64);
			b = run_blocks((FkReduceKind) k, xbuf, vbuf, 3000, 100);
			ok(a.st == b.st && a.bits == b.bits, "%s: all-valid words give the bits of no bitmap", kind_names[k]);
		}
	}
	test_extremes();
	test_exact_sums();
	test_nonfinite_sums();
	test_partial_overflow();
	test_nan_bits();
	test_variance_accuracy();
	test_product();
	return done_testing();
}
