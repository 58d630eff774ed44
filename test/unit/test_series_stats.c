/*
 * test_series_stats.c
 *		Unit tests of the statistics of a vector: the selection behind the
 *		quantiles against a sorted copy (duplicates, NaNs, signed zeros,
 *		sorted and reversed input), the first extreme's position against a
 *		scan, and the covariance state against a two-pass model.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/bitmap.h"
#include "../../src/core/float8_order.h"
#include "../../src/core/series_reduce.h"
#include "../../src/core/series_stats.h"
#include "tap.h"

static const size_t lengths[] = {1, 2, 3, 5, 16, 63, 64, 65, 200, 1001};

/* qsort's float8 order: NaN above every number */
static int
cmp_float8(const void *a, const void *b)
{
	double		x = *(const double *) a;
	double		y = *(const double *) b;

	return FkFloat8Lt(x, y) ? -1 : FkFloat8Gt(x, y) ? 1 : 0;
}

/* A value of one of a few patterns: random, few distinct, NaN, zeros */
static double
pick(int pattern, size_t i, size_t n)
{
	switch (pattern)
	{
		case 0:
			return (double) rand() / RAND_MAX * 200.0 - 100.0;
		case 1:
			return (double) (rand() % 4);
		case 2:
			return rand() % 5 == 0 ? NAN : (double) (rand() % 50);
		case 3:
			return (double) i;
		case 4:
			return (double) (n - i);
		default:
			return rand() % 2 ? 0.0 : -0.0;
	}
}

/* Every quantile of a grid against the interpolation over a sorted copy */
static void
test_quantiles(size_t n, int pattern)
{
	double	   *v = malloc(n * sizeof(double));
	double	   *s = malloc(n * sizeof(double));
	bool		good = true;

	for (size_t i = 0; i < n; i++)
		v[i] = s[i] = pick(pattern, i, n);
	qsort(s, n, sizeof(double), cmp_float8);
	for (int k = 0; k <= 20 && good; k++)
	{
		double		q = k / 20.0;
		double		pos = q * (double) (n - 1);
		double		lo = s[(size_t) floor(pos)];
		double		hi = s[(size_t) ceil(pos)];
		double		want = floor(pos) == ceil(pos) ? lo :
			lo + ((pos - floor(pos)) * (hi - lo));
		size_t		nnum = FkSplitNans(v, n);
		double		got = FkQuantile(v, n, nnum, q);

		good = (isnan(want) && isnan(got)) || want == got;
		if (!good)
			ok(0, "n %zu pattern %d q %g: %.17g, want %.17g", n, pattern, q,
			   got, want);
	}
	ok(good, "quantiles of %zu values, pattern %d, as over a sorted copy", n,
	   pattern);
	free(v);
	free(s);
}

/*
 * The first extreme (vargmin, vargmax: 1-based), NULLs skipped, against a
 * plain scan, fed in blocks of several sizes
 */
static void
test_arg_extreme(size_t n, int pattern)
{
	double	   *v = malloc(n * sizeof(double));
	uint64_t	valid[FK_WORD_BITS];
	bool		good = true;

	memset(valid, 0, sizeof(valid));
	for (size_t i = 0; i < n; i++)
	{
		v[i] = pick(pattern, i, n);
		if (rand() % 4)
			FkBitmapSet(valid, i);
	}
	for (int is_max = 0; is_max <= 1; is_max++)
	{
		int64_t		want = -1;

		for (size_t i = 0; i < n; i++)
			if (FkBitmapGet(valid, i) &&
				(want < 0 || (is_max ? FkFloat8Gt(v[i], v[want]) :
							  FkFloat8Lt(v[i], v[want]))))
				want = (int64_t) i;
		for (size_t block = 1; block <= n + 1; block = block * 7 + 57)
		{
			FkReduce	r;
			double		got = -1;
			FkReduceStatus st;

			FkReduceInit(&r, is_max ? FK_RED_ARGMAX : FK_RED_ARGMIN);
			for (size_t s = 0; s < n; s += block)
			{
				uint64_t	bw[FK_WORD_BITS];
				size_t		len = n - s < block ? n - s : block;

				memset(bw, 0, sizeof(bw));
				for (size_t i = 0; i < len; i++)
					if (FkBitmapGet(valid, s + i))
						FkBitmapSet(bw, i);
				FkReduceStep(&r, v + s, bw, len);
			}
			st = FkReduceFinish(&r, &got);
			good = good && (want < 0 ? st == FK_REDUCE_NULL :
							st == FK_REDUCE_VALUE && got == (double) (want + 1));
		}
	}
	ok(good, "first extreme of %zu values, pattern %d", n, pattern);
	free(v);
}

/* The covariance state against two passes over exact small integers */
static void
test_cov(void)
{
	double		x[100];
	double		y[100];
	double		mx = 0;
	double		my = 0;
	double		sxy = 0;
	double		r;
	FkCov		c;

	for (int i = 0; i < 100; i++)
	{
		x[i] = i % 7;
		y[i] = (i * 3) % 11;
		mx += x[i];
		my += y[i];
	}
	mx /= 100;
	my /= 100;
	for (int i = 0; i < 100; i++)
		sxy += (x[i] - mx) * (y[i] - my);
	FkCovInit(&c);
	ok(FkCovAdd(&c, x, NULL, y, NULL, 100), "no overflow");
	ok(FkCovFinish(&c, FK_COV_SAMP, &r) && fabs(r - sxy / 99) < 1e-12,
	   "sample covariance as two passes give it");
	ok(FkCovFinish(&c, FK_COV_POP, &r) && fabs(r - sxy / 100) < 1e-12,
	   "population covariance");
	FkCovInit(&c);
	ok(!FkCovFinish(&c, FK_COV_POP, &r) && !FkCovFinish(&c, FK_COV_CORR, &r),
	   "no pairs: NULL");
	x[0] = 1e308;
	x[1] = -1e308;
	ok(!FkCovAdd(&c, x, NULL, x, NULL, 2), "finite values that overflow");
}

int
main(void)
{
	srand(11);
	for (size_t li = 0; li < sizeof(lengths) / sizeof(lengths[0]); li++)
		for (int p = 0; p <= 5; p++)
			for (int rep = 0; rep < 3; rep++)
			{
				test_quantiles(lengths[li], p);
				if (lengths[li] <= FK_WORD_BITS * FK_WORD_BITS)
					test_arg_extreme(lengths[li], p);
			}
	test_cov();
	return done_testing();
}
