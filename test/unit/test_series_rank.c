/*
 * test_series_rank.c
 *		Unit tests of sorting, ranking, histograms and the higher moments:
 *		the radix sort against qsort of (value, position) pairs, the ranks
 *		against counts over all pairs, the histogram buckets against a scan
 *		of the edges and core's arithmetic, and skewness and kurtosis for
 *		every cut into blocks.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/bitmap.h"
#include "../../src/core/float8_order.h"
#include "../../src/core/series_hist.h"
#include "../../src/core/series_rank.h"
#include "../../src/core/series_reduce.h"
#include "tap.h"

static const size_t lengths[] = {1, 2, 3, 5, 64, 65, 300, 2500};

/* A (value, position) pair for the reference sort */
typedef struct Pair
{
	double		v;
	uint32_t	i;
} Pair;

/* Core's float8 order, then the position: a total order */
static int
cmp_pair(const void *a, const void *b)
{
	const Pair *x = a;
	const Pair *y = b;

	if (FkFloat8Lt(x->v, y->v))
		return -1;
	if (FkFloat8Gt(x->v, y->v))
		return 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

/* A value of one of a few patterns: wide random, ties, NaN, zeros, edges */
static double
pick(int pattern, size_t i)
{
	switch (pattern)
	{
		case 0:
			return ((double) rand() / RAND_MAX - 0.5) * pow(10.0, rand() % 600 - 300);
		case 1:
			return (double) (rand() % 4) - 1.5;
		case 2:
			return rand() % 5 == 0 ? NAN : (double) (rand() % 50);
		case 3:
			return rand() % 2 ? 0.0 : -0.0;
		default:
			{
				static const double e[] = {INFINITY, -INFINITY, 4.9e-324,
				-4.9e-324, 1.0, -1.0, 0.0, -0.0};

				return e[(i * 7 + (size_t) rand()) % 8];
			}
	}
}

/* The sort against qsort, ascending and descending, and the ranks */
static void
test_sort(size_t n, int pattern)
{
	double	   *v = malloc(n * sizeof(double));
	uint32_t   *idx = malloc(n * sizeof(uint32_t));
	uint32_t   *tmp = malloc(n * sizeof(uint32_t));
	uint64_t   *keys = malloc(2 * n * sizeof(uint64_t));
	Pair	   *p = malloc(n * sizeof(Pair));
	double	   *r = malloc(n * sizeof(double));
	bool		good = true;

	for (size_t i = 0; i < n; i++)
	{
		v[i] = pick(pattern, i);
		p[i].v = v[i];
		p[i].i = (uint32_t) i;
		idx[i] = (uint32_t) i;
	}
	qsort(p, n, sizeof(Pair), cmp_pair);
	FkSortOrder(v, idx, tmp, keys, n, false);
	for (size_t i = 0; i < n; i++)
		good &= idx[i] == p[i].i;
	ok(good, "ascending sort of %zu values, pattern %d", n, pattern);

	/* min and dense ranks against counts over all values */
	FkRankFill(v, idx, n, FK_RANK_MIN, r);
	good = true;
	for (size_t i = 0; i < n && n <= 300; i++)
	{
		size_t		below = 0;

		for (size_t j = 0; j < n; j++)
			below += FkFloat8Lt(v[j], v[i]);
		good &= r[i] == (double) (below + 1);
	}
	ok(good, "min ranks of %zu values, pattern %d", n, pattern);

	/* descending: equal values still in position order */
	for (size_t i = 0; i < n; i++)
		idx[i] = (uint32_t) i;
	FkSortOrder(v, idx, tmp, keys, n, true);
	good = true;
	for (size_t i = 1; i < n; i++)
	{
		double		a = v[idx[i - 1]];
		double		b = v[idx[i]];

		good &= !FkFloat8Lt(a, b);
		if (!FkFloat8Lt(a, b) && !FkFloat8Gt(a, b))
			good &= idx[i - 1] < idx[i];
	}
	ok(good, "descending sort of %zu values, pattern %d", n, pattern);
	free(v);
	free(idx);
	free(tmp);
	free(keys);
	free(p);
	free(r);
}

/* Histogram buckets against a scan of the edges and by hand */
static void
test_hist(void)
{
	static const double edges[] = {-1.0, 0.0, 0.0, 2.5, NAN};
	static const double x[] = {-2.0, -1.0, -0.0, 0.0, 1.0, 2.5, 3.0, INFINITY,
	NAN, -INFINITY};
	int64_t		counts[6] = {0};
	int64_t		want[6] = {0};
	uint64_t	valid[1] = {0};
	size_t		n = sizeof(x) / sizeof(x[0]);

	for (size_t i = 0; i < n; i++)
	{
		int			b = 0;

		if (i == 4)
			continue;			/* a NULL */
		FkBitmapSet(valid, i);
		while (b < 5 && !FkFloat8Lt(x[i], edges[b]))
			b++;
		want[b]++;
	}
	FkHistEdgesAdd(counts, x, valid, n, edges, 5);
	ok(memcmp(counts, want, sizeof(want)) == 0, "edges buckets by a scan");
	ok(FkWidthBucket(9.999999999999998, 10.0, 0.0, 4) == 1 &&
	   FkWidthBucket(4.9e-324, 10.0, 0.0, 4) == 4 &&
	   FkWidthBucket(0.0, 10.0, 0.0, 4) == 5 &&
	   FkWidthBucket(10.0, 0.0, 10.0, 4) == 5 &&
	   FkWidthBucket(-0.0, 0.0, 10.0, 4) == 1 &&
	   FkWidthBucket(1e308, -1.5e308, 1.5e308, 3) == 3,
	   "width buckets at the bounds, rounding and overflowing spans");
}

/* Skewness and kurtosis: the same bits for every cut into blocks */
static void
test_moments(void)
{
	size_t		n = 5000;
	double	   *v = malloc(n * sizeof(double));
	uint64_t   *valid = calloc(FkBitmapWords(n), sizeof(uint64_t));
	static const size_t cuts[] = {1, 7, 64, 1000, 1024, 5000};
	double		first[2] = {0, 0};

	for (size_t i = 0; i < n; i++)
	{
		v[i] = 1e6 + exp(sin((double) i) * 3.0);
		if (i % 11 != 0 && (i < 900 || i > 1300))
			FkBitmapSet(valid, i);
	}
	for (int kind = 0; kind < 2; kind++)
	{
		bool		same = true;

		for (size_t c = 0; c < sizeof(cuts) / sizeof(cuts[0]); c++)
		{
			FkReduce   *r = malloc(sizeof(FkReduce));
			double		res = 0.0;

			FkReduceInit(r, kind ? FK_RED_KURT : FK_RED_SKEW);
			for (size_t s = 0; s < n; s += cuts[c] * 64 > n ? n : cuts[c] * 64)
			{
				size_t		len = cuts[c] * 64 > n - s ? n - s : cuts[c] * 64;

				FkReduceStep(r, v + s, valid + s / 64, len);
			}
			ok(FkReduceFinish(r, &res) == FK_REDUCE_VALUE && isfinite(res),
			   "%s over blocks of %zu words is a number",
			   kind ? "kurtosis" : "skewness", cuts[c]);
			if (c == 0)
				first[kind] = res;
			same &= memcmp(&res, &first[kind], sizeof(res)) == 0;
			free(r);
		}
		ok(same, "%s: the same bits for every cut", kind ? "kurtosis" : "skewness");
	}
	free(v);
	free(valid);
}

int
main(void)
{
	srand(39);
	for (size_t li = 0; li < sizeof(lengths) / sizeof(lengths[0]); li++)
		for (int p = 0; p <= 4; p++)
			test_sort(lengths[li], p);
	test_hist();
	test_moments();
	return done_testing();
}
