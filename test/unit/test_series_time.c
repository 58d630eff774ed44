/*
 * test_series_time.c
 *		Unit tests of the series on a time axis (core/series_time.h):
 *		rolling windows of a duration (each closed, on times seconds apart
 *		and across the whole int64 range), as-of lookups, resampling (twa
 *		buckets included) and the time-weighted average against brute force on random irregular
 *		series with equal times, long gaps and NULLs.  Values are small
 *		integers, so sums and means are exact and compared bit for bit.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/bitmap.h"
#include "core/series_time.h"
#include "tap.h"

#define N 700

static int64_t ts[N];
static double x[N];
static uint64_t valid[(N + 63) / 64];

/*
 * A random series: gaps of 0 to 3 s, every so often 100 s; or (wide)
 * across the whole int64 range, from its least to its greatest, gaps of 0
 * to 2^64 / 700 (equal times too); a NULL in 8
 */
static void
make_series(unsigned seed, bool wide)
{
	uint64_t	u = wide ? 0 : 1000000;

	srand(seed);
	memset(valid, 0, sizeof(valid));
	for (int i = 0; i < N; i++)
	{
		if (!wide)
			u += (rand() % 50 == 0) ? 100000000 : (uint64_t) (rand() % 4) * 1000000;
		else if (i == N - 1)
			u = UINT64_MAX;
		else if (i > 0 && rand() % 3 != 0)
			u += (UINT64_MAX / N) / (uint64_t) (1 + rand() % 4);
		ts[i] = wide ? (int64_t) (u ^ ((uint64_t) 1 << 63)) : (int64_t) u;
		x[i] = (double) (rand() % 21 - 10);
		if (rand() % 8 != 0)
			FkBitmapSet(valid, i);
	}
}

/*
 * OHLC bars in one pass against FkTimeResample's first, max, min and last,
 * bit for bit, with NaN, infinities and zeros of both signs among the
 * values; locf as resample_ohlc filled them: an empty bar after a present
 * one flat at the close before.  Returns the bars that differ.
 */
static int
ohlc_bad(int64_t origin, int64_t stride, bool locf)
{
	static const FkTimeHow how[4] = {FK_TIME_FIRST, FK_TIME_MAX, FK_TIME_MIN, FK_TIME_LAST};
	double		xs[N];
	int64_t		b0 = FkTimeBucketOf(ts[0], origin, stride);
	size_t		nb = (size_t) (FkTimeBucketOf(ts[N - 1], origin, stride) - b0 + 1);
	double	   *ref[4],
			   *got[4];
	uint64_t   *rv[4],
			   *gv[4];
	int			bad = 0;

	for (int i = 0; i < N; i++)
		xs[i] = i % 13 == 0 ? NAN : i % 17 == 0 ? -0.0 : i % 19 == 0 ? 0.0 :
			i % 23 == 0 ? INFINITY : i % 29 == 0 ? -INFINITY : x[i];
	for (int c = 0; c < 4; c++)
	{
		ref[c] = malloc(nb * sizeof(double));
		got[c] = malloc(nb * sizeof(double));
		rv[c] = calloc(FkBitmapWords(nb), 8);
		gv[c] = calloc(FkBitmapWords(nb), 8);
		FkTimeResample(how[c], ts, xs, valid, N, origin, stride, b0, nb, ref[c], rv[c]);
	}
	if (locf)
		for (size_t k = 1; k < nb; k++)
			if (!FkBitmapGet(rv[0], k) && FkBitmapGet(rv[3], k - 1))
				for (int c = 0; c < 4; c++)
				{
					ref[c][k] = ref[3][k - 1];
					FkBitmapSet(rv[c], k);
				}
	FkTimeResampleOhlc(ts, xs, valid, N, origin, stride, b0, nb, locf, got, gv);
	for (size_t k = 0; k < nb; k++)
		for (int c = 0; c < 4; c++)
		{
			bool		p = FkBitmapGet(rv[c], k);

			if (p != FkBitmapGet(gv[c], k) ||
				(p && memcmp(&ref[c][k], &got[c][k], sizeof(double)) != 0))
			{
				bad++;
				break;
			}
		}
	for (int c = 0; c < 4; c++)
	{
		free(ref[c]);
		free(got[c]);
		free(rv[c]);
		free(gv[c]);
	}
	return bad;
}

/*
 * Every how and OHLC resampled in steps of 64-aligned cuts (a fused pass's
 * blocks: lengths 64 k, the cut points drawn at random) against the whole
 * series in one step, bit for bit, faults included, with NaN, infinities
 * and huge values among the values.  Returns the buckets that differ.
 */
static int
steps_bad(int64_t origin, int64_t stride, unsigned seed)
{
	double		xs[N];
	int64_t		b0 = FkTimeBucketOf(ts[0], origin, stride);
	size_t		nb = (size_t) (FkTimeBucketOf(ts[N - 1], origin, stride) - b0 + 1);
	double	   *ref[4],
			   *got[4];
	uint64_t   *rv[4],
			   *gv[4];
	int			bad = 0;

	srand(seed);
	for (int i = 0; i < N; i++)
		xs[i] = i % 31 == 0 ? NAN : i % 37 == 0 ? INFINITY :
			i % 41 == 0 ? 1e308 : x[i];
	for (int c = 0; c < 4; c++)
	{
		ref[c] = malloc(nb * sizeof(double));
		got[c] = malloc(nb * sizeof(double));
		rv[c] = calloc(FkBitmapWords(nb), 8);
		gv[c] = calloc(FkBitmapWords(nb), 8);
	}
	for (int h = 0; h <= (int) FK_TIME_TWA_LINEAR + 1; h++)
	{
		bool		ohlc = h > (int) FK_TIME_TWA_LINEAR;
		FkTimeHow	how = ohlc ? FK_TIME_FIRST : (FkTimeHow) h;
		size_t		f1 = SIZE_MAX,
					f2;
		FkTimeResampleState st;

		if (ohlc)
			FkTimeResampleOhlc(ts, xs, valid, N, origin, stride, b0, nb,
							   seed % 2, ref, rv);
		else
			f1 = FkTimeResample(how, ts, xs, valid, N, origin, stride, b0, nb,
								ref[0], rv[0]);
		FkTimeResampleBegin(&st, ohlc, how, seed % 2, origin, stride, b0, nb,
							got, gv);
		for (size_t i = 0; i < N;)
		{
			size_t		len = (size_t) (64 * (rand() % 4));

			if (len > N - i)
				len = N - i;
			FkTimeResampleStep(&st, ts + i, xs + i, valid + i / 64, i, len);
			i += len;
		}
		f2 = FkTimeResampleEnd(&st);
		bad += f1 != f2;
		for (size_t k = 0; k < nb; k++)
			for (int c = 0; c < (ohlc ? 4 : 1); c++)
			{
				bool		p = FkBitmapGet(rv[c], k);

				if (p != FkBitmapGet(gv[c], k) ||
					(p && memcmp(&ref[c][k], &got[c][k], sizeof(double)) != 0))
					bad++;
			}
	}
	for (int c = 0; c < 4; c++)
	{
		free(ref[c]);
		free(got[c]);
		free(rv[c]);
		free(gv[c]);
	}
	return bad;
}

/* Ascending doubles */
static int
cmp_double(const void *a, const void *b)
{
	double		p = *(const double *) a,
				q = *(const double *) b;

	return p < q ? -1 : p > q;
}

/*
 * Is time t in the window of time at, w long, closed as closed says?  In
 * 128 bits, so that at - w does not wrap
 */
static int
in_window(int64_t t, int64_t at, int64_t w, FkTimeClosed closed)
{
	__int128	lo = (__int128) at - w;
	int			left = closed == FK_TIME_CLOSED_LEFT || closed == FK_TIME_CLOSED_BOTH;
	int			right = closed == FK_TIME_CLOSED_RIGHT || closed == FK_TIME_CLOSED_BOTH;

	return (left ? (__int128) t >= lo : (__int128) t > lo) &&
		(right ? t <= at : t < at);
}

/*
 * Brute force of op at element i over window w closed as closed says:
 * whether present, and *r
 */
static int
brute(FkRollOp op, int i, int64_t w, FkTimeClosed closed, size_t min_count,
	  double q, double *r)
{
	double		vals[N],
				s = 0;
	size_t		n = 0;

	if (!FkBitmapGet(valid, i))
		return 0;
	for (int j = 0; j < N; j++)
		if (in_window(ts[j], ts[i], w, closed) && FkBitmapGet(valid, j))
		{
			vals[n++] = x[j];
			s += x[j];
		}
	/* count: an empty window counts 0 under min_count 0 */
	if (n < (min_count > 1 ? min_count : op == FK_ROLL_COUNT ? min_count : 1) ||
		((op == FK_ROLL_VAR || op == FK_ROLL_STDDEV) && n < 2))
		return 0;
	if (n == 0)
	{
		*r = 0.0;
		return 1;
	}
	qsort(vals, n, sizeof(double), cmp_double);
	switch (op)
	{
		case FK_ROLL_SUM:
			*r = s;
			break;
		case FK_ROLL_MEAN:
			*r = s / (double) n;
			break;
		case FK_ROLL_MIN:
			*r = vals[0];
			break;
		case FK_ROLL_MAX:
			*r = vals[n - 1];
			break;
		case FK_ROLL_COUNT:
			*r = (double) n;
			break;
		case FK_ROLL_VAR:
		case FK_ROLL_STDDEV:
			{
				double		m = s / (double) n,
							d = 0;

				for (size_t k = 0; k < n; k++)
					d += (vals[k] - m) * (vals[k] - m);
				*r = d / (double) (n - 1);
				if (op == FK_ROLL_STDDEV)
					*r = sqrt(*r);
				break;
			}
		case FK_ROLL_MEDIAN:
		case FK_ROLL_QUANTILE:
			{
				double		pos = q * (double) (n - 1);
				size_t		lo = (size_t) floor(pos),
							hi = (size_t) ceil(pos);

				*r = vals[lo] + (pos - (double) lo) * (vals[hi] - vals[lo]);
				break;
			}
	}
	return 1;
}

int
main(void)
{
	static const FkRollOp ops[] = {FK_ROLL_SUM, FK_ROLL_MEAN, FK_ROLL_STDDEV, FK_ROLL_MIN,
	FK_ROLL_MAX, FK_ROLL_COUNT, FK_ROLL_VAR, FK_ROLL_MEDIAN, FK_ROLL_QUANTILE};
	static const char *const names[] = {"sum", "mean", "stddev", "min", "max", "count",
	"var", "median", "quantile"};
	static const int64_t ws_plain[] = {1, 1000000, 3000000, 20000000, 500000000};
	static const int64_t ws_wide[] = {1, INT64_MAX / 700, INT64_MAX / 2, INT64_MAX - 1, INT64_MAX};
	static const char *const closed_names[] = {"right", "left", "both", "neither"};
	double		out[N];
	uint64_t	ov[(N + 63) / 64];

	/* seeds 1 to 3: seconds apart; seed 9: times across the int64 range */
	for (unsigned seed = 1; seed <= 9; seed += seed == 3 ? 6 : 1)
	{
		const int64_t *ws = seed == 9 ? ws_wide : ws_plain;

		make_series(seed, seed == 9);
		for (int c = FK_TIME_CLOSED_RIGHT; c <= FK_TIME_CLOSED_NEITHER; c++)
		{
			FkTimeClosed closed = (FkTimeClosed) c;
			int			bad = 0;

			/*
			 * the working memory's bound: the most elements of a window with
			 * its own group (closed on the right)
			 */
			for (size_t k = 0; k < 5; k++)
			{
				FkTimeClosed withgroup = closed == FK_TIME_CLOSED_LEFT ?
					FK_TIME_CLOSED_BOTH : closed == FK_TIME_CLOSED_NEITHER ?
					FK_TIME_CLOSED_RIGHT : closed;
				size_t		best = 0;

				for (int i = 0; i < N; i++)
				{
					size_t		cnt = 0;

					for (int j2 = 0; j2 < N; j2++)
						cnt += in_window(ts[j2], ts[i], ws[k], withgroup);
					if (cnt > best)
						best = cnt;
				}
				bad += FkTimeMaxWindow(ts, N, ws[k], closed) != best;
			}
			ok(bad == 0, "seed %u, closed %s: the largest window as brute force (%d bad)",
			   seed, closed_names[c], bad);

			for (size_t o = 0; o < sizeof(ops) / sizeof(ops[0]); o++)
			{
				bad = 0;
				for (size_t k = 0; k < 5; k++)
					for (size_t mc = 0; mc <= 3; mc += 3)
					{
						size_t		maxwin = FkTimeMaxWindow(ts, N, ws[k], closed);
						void	   *work = malloc(FkTimeRollWorkSize(ops[o], maxwin) + 8);
						double		q = ops[o] == FK_ROLL_QUANTILE ? 0.3 : 0.5;

						FkTimeRoll(ops[o], ts, x, valid, N, ws[k], closed, mc, q,
								   maxwin, out, ov, work);
						for (int i = 0; i < N; i++)
						{
							double		r = 0;
							int			p = brute(ops[o], i, ws[k], closed, mc, q, &r);

							if (p != (int) FkBitmapGet(ov, i) ||
								(p && (ops[o] == FK_ROLL_VAR || ops[o] == FK_ROLL_STDDEV ?
									   fabs(out[i] - r) > 1e-12 * (1 + fabs(r)) : out[i] != r)))
								bad++;
						}
						free(work);
					}
				ok(bad == 0, "seed %u, closed %s: rolling_%s over durations as brute force (%d bad)",
				   seed, closed_names[c], names[o], bad);
			}

			/*
			 * In steps: cuts at every 64th element, at random places (inside
			 * groups of equal times too), one element at a time; values with
			 * NaN and infinities; the same bits as one FkTimeRoll
			 */
			for (size_t o = 0; o < sizeof(ops) / sizeof(ops[0]); o++)
			{
				bad = 0;
				for (size_t k = 0; k < 5; k++)
					for (int cut = 0; cut < 3; cut++)
					{
						size_t		maxwin = FkTimeMaxWindow(ts, N, ws[k], closed);
						size_t		ws_bytes = FkTimeRollWorkSize(ops[o], maxwin) + 8;
						void	   *work = malloc(ws_bytes);
						double		q = ops[o] == FK_ROLL_QUANTILE ? 0.3 : 0.5;
						double		xs[N],
									sout[N];
						uint64_t	sov[(N + 63) / 64 + 1];
						FkTimeRollState st;
						size_t		fault;

						for (int i = 0; i < N; i++)
							xs[i] = i % 97 == 5 ? NAN : i % 89 == 7 ? INFINITY :
								i % 83 == 9 ? -INFINITY : x[i];
						fault = FkTimeRoll(ops[o], ts, xs, valid, N, ws[k], closed,
										   1, q, maxwin, out, ov, work);
						FkTimeRollInit(&st, ops[o], ws[k], closed, 1, q, maxwin, work);
						memset(sov, 0xA5, sizeof(sov));
						while (st.next < N)
						{
							size_t		from = st.next,
										upto = cut == 0 ? from + 64 :
								cut == 1 ? from + 1 + (size_t) (rand() % 40) : from + 1;
							double		buf[N];
							uint64_t	bv[(N + 63) / 64 + 1];

							if (upto > N)
								upto = N;
							FkTimeRollStep(&st, ts, xs, valid, N, upto, buf, bv);
							for (size_t i = from; i < upto; i++)
							{
								sout[i] = buf[i - from];
								if (FkBitmapGet(bv, i - from))
									FkBitmapSet(sov, i);
								else
									FkBitmapClear(sov, i);
							}
						}
						for (int i = 0; i < N; i++)
							if (FkBitmapGet(ov, i) != FkBitmapGet(sov, i) ||
								(FkBitmapGet(ov, i) &&
								 memcmp(&out[i], &sout[i], sizeof(double)) != 0))
								bad++;
						bad += st.fault != fault;
						free(work);
					}
				ok(bad == 0, "seed %u, closed %s: rolling_%s over durations in steps as in one (%d bad)",
				   seed, closed_names[c], names[o], bad);
			}
		}
		if (seed == 9)
			continue;

		/*
		 * as-of, each direction: sorted, and the same times reversed; with
		 * a tolerance
		 */
		for (int d = FK_ASOF_BACKWARD; d <= FK_ASOF_NEAREST; d++)
		{
			int64_t		at[N],
						idx[N];
			int			bad = 0;

			for (int64_t tol = -1; tol <= 2000000; tol += 2000001)
				for (int rev = 0; rev <= 1; rev++)
				{
					for (int k = 0; k < N; k++)
						at[k] = ts[0] - 5000000 + (int64_t) (rev ? N - 1 - k : k) * 1700000;
					FkTimeAsof(ts, N, at, N, tol, (FkAsofDirection) d, idx);
					for (int k = 0; k < N; k++)
					{
						int64_t		b = -1,
									f = -1,
									e;

						/* the last at or before, the first at or after */
						for (int j = 0; j < N; j++)
						{
							if (ts[j] <= at[k])
								b = j;
							if (ts[j] >= at[k] && f < 0)
								f = j;
						}
						if (d == FK_ASOF_BACKWARD)
							e = b;
						else if (d == FK_ASOF_FORWARD)
							e = f;
						else
							e = b < 0 ? f : f < 0 ? b :
								at[k] - ts[b] <= ts[f] - at[k] ? b : f;
						if (e >= 0 && tol >= 0 && llabs(at[k] - ts[e]) > tol)
							e = -1;
						bad += idx[k] != e;
					}
				}
			ok(bad == 0, "seed %u: asof direction %d as brute force (%d bad)", seed, d, bad);
		}

		/* resample: sum and count per bucket of 7 s from an origin after the data */
		{
			int64_t		stride = 7000000,
						origin = ts[N - 1] + 12345;
			int64_t		b0 = FkTimeBucketOf(ts[0], origin, stride);
			size_t		nb = (size_t) (FkTimeBucketOf(ts[N - 1], origin, stride) - b0 + 1);
			double	   *s = malloc(nb * sizeof(double)),
					   *c = malloc(nb * sizeof(double));
			uint64_t   *sv = calloc(FkBitmapWords(nb), 8),
					   *cv = calloc(FkBitmapWords(nb), 8);
			int			bad = 0;

			FkTimeResample(FK_TIME_SUM, ts, x, valid, N, origin, stride, b0, nb, s, sv);
			FkTimeResample(FK_TIME_COUNT, ts, x, valid, N, origin, stride, b0, nb, c, cv);
			for (size_t k = 0; k < nb; k++)
			{
				int64_t		lo = origin + ((int64_t) k + b0) * stride;
				double		es = 0,
							ec = 0;

				for (int j = 0; j < N; j++)
					if (ts[j] >= lo && ts[j] < lo + stride && FkBitmapGet(valid, j))
					{
						es += x[j];
						ec++;
					}
				bad += c[k] != ec || (int) FkBitmapGet(sv, k) != (ec > 0) ||
					(ec > 0 && s[k] != es);
			}
			ok(bad == 0, "seed %u: resample sum and count as brute force over %zu buckets (%d bad)",
			   seed, nb, bad);

			/* OHLC in one pass, origins after and before the data */
			for (int locf = 0; locf < 2; locf++)
			{
				int			b1 = ohlc_bad(origin, stride, locf),
							b2 = ohlc_bad(ts[0] - 3 * stride - 4321, 60000000, locf),
							b3 = ohlc_bad(0, 1000000, locf);

				ok(b1 + b2 + b3 == 0,
				   "seed %u: resample OHLC in one pass as four (fill %s; %d, %d, %d bad)",
				   seed, locf ? "locf" : "null", b1, b2, b3);
			}

			/* in steps, as a fused pass feeds them, as in one */
			{
				int			b1 = steps_bad(origin, stride, seed),
							b2 = steps_bad(0, 1000000, seed + 1),
							b3 = steps_bad(ts[0] - 4321, 100000000, seed + 2);

				ok(b1 + b2 + b3 == 0,
				   "seed %u: resample every how and OHLC in steps as in one (%d, %d, %d bad)",
				   seed, b1, b2, b3);
			}

			/* twa, twa_linear: the weighted sum written out per bucket */
			for (int lin = 0; lin < 2; lin++)
			{
				bad = 0;
				FkTimeResample(lin ? FK_TIME_TWA_LINEAR : FK_TIME_TWA, ts, x, valid, N,
							   origin, stride, b0, nb, s, sv);
				for (size_t k = 0; k < nb; k++)
				{
					int64_t		lo = origin + ((int64_t) k + b0) * stride;
					double		ws = 0;
					int			prev = -1,
								first = -1;

					for (int j = 0; j < N; j++)
						if (ts[j] >= lo && ts[j] < lo + stride && FkBitmapGet(valid, j))
						{
							if (prev >= 0)
								ws += (lin ? (x[prev] + x[j]) / 2 : x[prev]) *
									(double) (ts[j] - ts[prev]);
							else
								first = j;
							prev = j;
						}
					if (first < 0 || ts[prev] == ts[first])
						bad += (int) FkBitmapGet(sv, k);
					else
						bad += !FkBitmapGet(sv, k) ||
							s[k] != ws / (double) (ts[prev] - ts[first]);
				}
				ok(bad == 0, "seed %u: resample %s as brute force over %zu buckets (%d bad)",
				   seed, lin ? "twa_linear" : "twa", nb, bad);
			}
			free(s);
			free(c);
			free(sv);
			free(cv);
		}
	}

	/* ema by elapsed time: the recursion against the weights written out */
	{
		int			bad = 0;

		make_series(4, false);
		FkTimeEma(ts, x, valid, N, 5000000, out, ov);
		for (int i = 0; i < N; i++)
		{
			double		num = 0,
						den = 0;

			if ((int) FkBitmapGet(ov, i) != (int) FkBitmapGet(valid, i))
			{
				bad++;
				continue;
			}
			if (!FkBitmapGet(valid, i))
				continue;
			for (int j = 0; j <= i; j++)
				if (FkBitmapGet(valid, j))
				{
					double		wj = exp2(-(double) (ts[i] - ts[j]) / 5000000.0);

					num += wj * x[j];
					den += wj;
				}
			bad += fabs(out[i] - num / den) > 1e-9;
		}
		ok(bad == 0, "ema by elapsed time as the weights written out (%d bad)", bad);
	}

	/* time-weighted: 1 for 10 s, then 3 for 30 s; linear: 2 and 4 */
	{
		int64_t		t3[] = {0, 10000000, 40000000};
		double		v3[] = {1, 3, 5},
					avg = 0;
		int			overflow = 0;

		ok(FkTimeWeightedAvg(t3, v3, NULL, 3, false, &avg, &overflow) && avg == 2.5,
		   "time_weighted_avg locf of {1, 3, 5} over 0, 10, 40 s is 2.5");
		ok(FkTimeWeightedAvg(t3, v3, NULL, 3, true, &avg, &overflow) && avg == 3.5,
		   "time_weighted_avg linear is 3.5");
		ok(!FkTimeWeightedAvg(t3, v3, NULL, 1, false, &avg, &overflow),
		   "time_weighted_avg of one element is none");

		/* ... and the one bucket of a resampling gives the same bits */
		{
			double		b;
			uint64_t	bv = 0;

			make_series(5, false);
			for (int lin = 0; lin < 2; lin++)
			{
				FkTimeWeightedAvg(ts, x, valid, N, lin, &avg, &overflow);
				FkTimeResample(lin ? FK_TIME_TWA_LINEAR : FK_TIME_TWA, ts, x, valid, N,
							   0, ts[N - 1] + 1, 0, 1, &b, &bv);
				ok(bv == 1 && memcmp(&b, &avg, sizeof(double)) == 0,
				   "resample %s in one bucket is time_weighted_avg's bits",
				   lin ? "twa_linear" : "twa");
			}
		}
	}
	return done_testing();
}
