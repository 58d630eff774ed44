/*
 * test_series_rolling.c
 *		Unit tests of the rolling operations (src/core/series_rolling.c):
 *		the same bits whatever the block split, exact min, max and count
 *		and sums within the stated bound against a naive re-scan of each
 *		window, NaN and infinities that leave no trace, O(n) cost; the
 *		history kept in a ring or read from the caller's vector alike; sums
 *		whose finite values overflow only in a part of the window; the
 *		working memory for the largest windows.
 */
#include <stdio.h>
#include <stdlib.h>

#include "../../src/core/bitmap.h"
#include "../../src/core/float8_nan.h"
#include "../../src/core/float8_order.h"
#include "../../src/core/series_rolling.h"
#include "kern_testutil.h"
#include "tap.h"

#define MAXN 3000
#define MAXW ((MAXN + 63) / 64)
#define U 0x1p-53

static const char *const op_names[] = {"sum", "mean", "stddev", "min", "max", "count", "var",
"median", "quantile"};

static double in_x[MAXN];
static uint64_t in_valid[MAXW];

/* A small xorshift generator, for inputs that do not change between runs */
static uint64_t
next_rand(uint64_t *st)
{
	*st ^= *st << 13;
	*st ^= *st >> 7;
	*st ^= *st << 17;
	return *st;
}

/*
 * Run op over x[0..n) in blocks of blk elements (0: all at once), into
 * out and out_valid, the history in a ring (as the fused evaluator runs
 * it) or, in_place, read from x; returns the fault index.  The working
 * memory is filled with garbage first: nothing may read it unwritten.
 */
static size_t
run_mode(FkRollOp op, size_t w, size_t minc, const double *x,
		 const uint64_t *valid, size_t n, size_t blk, double *out,
		 uint64_t *out_valid, int in_place)
{
	FkRollState st;
	size_t		size = in_place ? FkRollWorkSizeInPlace(op, w, n) :
		FkRollWorkSize(op, w, n);
	void	   *work = malloc(size + 8);
	size_t		s;

	memset(work, 0x5A, size + 8);
	memset(out_valid, 0xA5, MAXW * sizeof(uint64_t));
	if (in_place)
		FkRollInitInPlace(&st, op, w, minc, n, work, x, valid);
	else
		FkRollInit(&st, op, w, minc, n, work);
	if (blk == 0)
		blk = n ? n : 1;
	for (s = 0; s < n; s += blk)
		FkRollStep(&st, x + s, valid, out + s, out_valid, s, n - s < blk ? n - s : blk);
	free(work);
	return st.fault;
}

/* run_mode with the history in a ring */
static size_t
run_blocks(FkRollOp op, size_t w, size_t minc, const double *x,
		   const uint64_t *valid, size_t n, size_t blk, double *out,
		   uint64_t *out_valid)
{
	return run_mode(op, w, minc, x, valid, n, blk, out, out_valid, 0);
}

/* An element of a window: its value and index, the order of the tree */
typedef struct RefElem
{
	double		val;
	size_t		idx;
} RefElem;

/* Is a before b: core's float8 order (NaN last), then the index? */
static int
ref_before(const RefElem *a, const RefElem *b)
{
	if (FkFloat8Lt(a->val, b->val))
		return 1;
	if (FkFloat8Lt(b->val, a->val))
		return 0;
	return a->idx < b->idx;
}

/* The value of rank k of a[0 .. n) (keys distinct; a reordered): quickselect */
static double
select_k(RefElem *a, size_t n, size_t k)
{
	size_t		lo = 0,
				hi = n;

	while (hi - lo > 1)
	{
		RefElem		pivot = a[lo + (hi - lo) / 2],
					t;
		size_t		lt = lo,
					i = lo,
					gt = hi;

		while (i < gt)
		{
			if (ref_before(&a[i], &pivot))
			{
				t = a[lt];
				a[lt++] = a[i];
				a[i++] = t;
			}
			else if (ref_before(&pivot, &a[i]))
			{
				t = a[--gt];
				a[gt] = a[i];
				a[i] = t;
			}
			else
				i++;
		}
		if (k < lt)
			hi = lt;
		else if (k >= gt)
			lo = gt;
		else
			return pivot.val;
	}
	return a[lo].val;
}

/*
 * The median of the present elements of x[lo .. i] as core's
 * percentile_cont(0.5): ranks floor and ceil of (n - 1) / 2, interpolated
 */
static double
reference_median(const double *x, const uint64_t *valid, size_t lo, size_t i)
{
	static RefElem win[MAXN];
	size_t		n = 0;
	double		pos,
				a,
				b;

	for (size_t j = lo; j <= i; j++)
		if (!valid || FkBitmapGet(valid, j))
		{
			win[n].val = x[j];
			win[n++].idx = j;
		}
	pos = 0.5 * (double) (n - 1);
	a = select_k(win, n, (size_t) floor(pos));
	if (!(ceil(pos) > floor(pos)))
		return a;
	b = select_k(win, n, (size_t) ceil(pos));
	return a + ((pos - floor(pos)) * (b - a));
}

/*
 * What output i must be, from a naive scan of its window (sums in long
 * double); *bound receives the allowed distance for sum, mean and stddev
 * (docs/series.md), 0 where exact.  Returns whether it is present.
 */
static int
reference(FkRollOp op, size_t w, size_t minc, const double *x,
		  const uint64_t *valid, size_t i, double *val, double *bound)
{
	size_t		lo = i + 1 >= w ? i + 1 - w : 0;
	size_t		cnt = 0,
				nonfinite = 0,
				j;
	long double sum = -0.0L,
				abs_sum = 0,
				mean,
				m2 = 0;
	double		ext = 0;
	int			have_ext = 0;

	*bound = 0;
	if (valid && !FkBitmapGet(valid, i))
		return 0;
	for (j = lo; j <= i; j++)
	{
		if (valid && !FkBitmapGet(valid, j))
			continue;
		cnt++;
		sum += x[j];
		abs_sum += fabsl((long double) x[j]);
		if (!isfinite(x[j]))
			nonfinite++;
		/* core's fold: state = (state > x) ? state : x, latest wins ties */
		if (!have_ext || (op == FK_ROLL_MAX ? !(!isnan(x[j]) && (isnan(ext) || ext > x[j])) :
						  !(!isnan(ext) && (isnan(x[j]) || ext < x[j]))))
			ext = x[j];
		have_ext = 1;
	}
	if (cnt < minc)
		return 0;
	switch (op)
	{
		case FK_ROLL_COUNT:
			*val = (double) cnt;
			return 1;
		case FK_ROLL_MIN:
		case FK_ROLL_MAX:
			*val = ext;
			return 1;
		case FK_ROLL_SUM:
			*val = (double) sum;
			*bound = 2 * U * fabsl(sum) + 2.0L * w * w * U * U * abs_sum;
			return 1;
		case FK_ROLL_MEAN:
			/* core's avg sums from +0: a zero mean is +0 */
			*val = (double) ((sum + 0.0L) / cnt);
			*bound = (3 * U * fabsl(sum) + 2.0L * w * w * U * U * abs_sum) / cnt;
			return 1;
		case FK_ROLL_MEDIAN:
		case FK_ROLL_QUANTILE:
			*val = reference_median(x, valid, lo, i);
			return 1;
		case FK_ROLL_STDDEV:
		case FK_ROLL_VAR:
			if (cnt < 2)
				return 0;
			if (nonfinite)
			{
				*val = NAN;
				return 1;
			}
			mean = sum / cnt;
			for (j = lo; j <= i; j++)
				if (!valid || FkBitmapGet(valid, j))
					m2 += (x[j] - mean) * (x[j] - mean);
			/* on the variance: 4 w u (var + mean^2); var: and its rounding */
			*bound = 4.0L * w * U * (m2 / (cnt - 1) + mean * mean);
			if (op == FK_ROLL_STDDEV)
				*val = (double) sqrtl(m2 / (cnt - 1));
			else
			{
				*val = (double) (m2 / (cnt - 1));
				*bound += U * (m2 / (cnt - 1));
			}
			return 1;
	}
	return 0;
}

/* Do two doubles agree: same bits, or within bound (NaN matches NaN) */
static int
agrees(FkRollOp op, double got, double want, double bound)
{
	/* every NaN computed is the canonical one; min and max pick theirs */
	if (isnan(want))
		return isnan(got) && (op == FK_ROLL_MIN || op == FK_ROLL_MAX ||
							  bits_of(got) == FK_NAN_BITS);
	if (isinf(want))
		return bits_of(got) == bits_of(want);
	if (bound == 0)
		return bits_of(got) == bits_of(want);
	if (op == FK_ROLL_STDDEV)
		return fabsl((long double) got * got - (long double) want * want) <= bound;
	return fabs(got - want) <= bound;
}

/* Fill in_x and in_valid: kind 0 no NULLs, 1 random NULLs + word boundaries */
static void
make_input(size_t n, int kind, int specials, uint64_t seed)
{
	size_t		i;

	memset(in_valid, 0, sizeof(in_valid));
	for (i = 0; i < n; i++)
	{
		in_x[i] = 100.0 + (double) (next_rand(&seed) % 20001) / 1000.0 - 10.0;
		if (kind == 0 || next_rand(&seed) % 10 != 0)
			FkBitmapSet(in_valid, i);
		if (specials && next_rand(&seed) % 50 == 0)
		{
			static const double sp[] = {NAN, INFINITY, -INFINITY, -0.0, 0.0};

			in_x[i] = sp[next_rand(&seed) % 5];
		}
	}
	if (kind == 1)
	{
		static const size_t holes[] = {63, 64, 127, 128, 129, 1000, 1001};

		for (i = 0; i < sizeof(holes) / sizeof(holes[0]); i++)
			if (holes[i] < n)
				FkBitmapClear(in_valid, holes[i]);
	}
}

/* Every op, window and split over one input: reference and block splits */
static void
check_input(size_t n, int kind, int specials, uint64_t seed)
{
	static const size_t windows[] = {1, 2, 3, 7, 64, 65, 1000, 1025, 2049, 5000};
	static const size_t blocks[] = {1, 7, 64, 1000};
	static double out0[MAXN],
				out1[MAXN];
	static uint64_t ov0[MAXW],
				ov1[MAXW];
	const uint64_t *valid;

	make_input(n, kind, specials, seed);
	valid = kind == 0 ? NULL : in_valid;
	for (int op = FK_ROLL_SUM; op <= FK_ROLL_MEDIAN; op++)
		for (size_t wi = 0; wi < sizeof(windows) / sizeof(windows[0]); wi++)
			for (int mc = 0; mc < 3; mc++)
			{
				size_t		w = windows[wi];
				size_t		minc = mc == 0 ? w : mc == 1 ? 0 : (w + 1) / 2;
				int			bad_ref = 0,
							bad_split = 0,
							bad_place = 0;
				size_t		i;

				run_blocks((FkRollOp) op, w, minc, in_x, valid, n, 0, out0, ov0);
				for (i = 0; i < n; i++)
				{
					double		want = 0,
								bound;
					int			pres = reference((FkRollOp) op, w, minc, in_x, valid, i, &want, &bound);

					if (pres != (int) FkBitmapGet(ov0, i) ||
						(pres && !agrees((FkRollOp) op, out0[i], want, bound)) ||
						(!pres && bits_of(out0[i]) != 0))
					{
						if (!bad_ref)
							printf("# %s w=%zu min_count=%zu n=%zu: element %zu gives %s%.17g, want %s%.17g\n",
								   op_names[op], w, minc, n, i,
								   FkBitmapGet(ov0, i) ? "" : "NULL ", out0[i],
								   pres ? "" : "NULL ", want);
						bad_ref = 1;
					}
				}
				for (size_t bi = 0; bi < sizeof(blocks) / sizeof(blocks[0]); bi++)
				{
					run_blocks((FkRollOp) op, w, minc, in_x, valid, n, blocks[bi], out1, ov1);
					for (i = 0; i < n; i++)
						if (bits_of(out0[i]) != bits_of(out1[i]) ||
							FkBitmapGet(ov0, i) != FkBitmapGet(ov1, i))
							bad_split = 1;
				}
				run_mode((FkRollOp) op, w, minc, in_x, valid, n, 1000, out1, ov1, 1);
				for (i = 0; i < n; i++)
					if (bits_of(out0[i]) != bits_of(out1[i]) ||
						FkBitmapGet(ov0, i) != FkBitmapGet(ov1, i))
						bad_place = 1;
				ok(!bad_ref && !bad_split && !bad_place,
				   "%s w=%zu min_count=%zu n=%zu %s%s: as the naive scan, same bits in blocks of 1, 7, 64, 1000 and in place",
				   op_names[op], w, minc, n, kind ? "with NULLs" : "no NULLs",
				   specials ? ", NaN/Inf/-0" : "");
			}
}

/* A NaN or an infinity leaving the window leaves finite sums behind */
static void
check_nan_leaves(void)
{
	static const double x[] = {1, NAN, 2, 3, 4};
	static const double y[] = {1, INFINITY, 2, 3, -INFINITY, 5, 6};
	double		out[8];
	uint64_t	ov[MAXW];

	run_blocks(FK_ROLL_SUM, 2, 2, x, NULL, 5, 0, out, ov);
	ok((ov[0] & 0x1F) == 0x1E && isnan(out[1]) && isnan(out[2]) &&
	   out[3] == 5 && out[4] == 7, "rolling_sum({1,NaN,2,3,4}, 2) = {NULL,NaN,NaN,5,7}");
	run_blocks(FK_ROLL_MEAN, 2, 2, x, NULL, 5, 0, out, ov);
	ok(out[3] == 2.5 && out[4] == 3.5, "rolling_mean({1,NaN,2,3,4}, 2) ends 2.5, 3.5");
	run_blocks(FK_ROLL_STDDEV, 2, 2, x, NULL, 5, 0, out, ov);
	ok(isnan(out[2]) && out[3] == sqrt(0.5) && out[4] == sqrt(0.5),
	   "rolling_stddev({1,NaN,2,3,4}, 2) finite once the NaN has left");
	run_blocks(FK_ROLL_SUM, 2, 2, y, NULL, 7, 0, out, ov);
	ok(out[1] == INFINITY && out[2] == INFINITY && out[3] == 5 && out[4] == -INFINITY &&
	   out[5] == -INFINITY && out[6] == 11, "rolling_sum with +-Infinity: finite once they leave");
	run_blocks(FK_ROLL_MAX, 2, 1, x, NULL, 5, 0, out, ov);
	ok(isnan(out[1]) && isnan(out[2]) && out[3] == 3 && out[4] == 4,
	   "rolling_max: NaN above every number, gone once out of the window");
	run_blocks(FK_ROLL_MIN, 2, 1, x, NULL, 5, 0, out, ov);
	ok(out[1] == 1 && out[2] == 2 && out[3] == 2, "rolling_min: NaN loses to every number");
}

/* Among equal values (0 and -0) the latest wins, as core's min and max */
static void
check_ties(void)
{
	static const double x[] = {-0.0, 0.0, -0.0, -1.0, 0.0, -0.0};
	double		out[8];
	uint64_t	ov[MAXW];
	int			good = 1;

	run_blocks(FK_ROLL_MAX, 2, 1, x, NULL, 6, 0, out, ov);
	/* windows {-0,0} {0,-0} {-0,-1} {-1,0} {0,-0} */
	good &= !signbit(out[1]) && signbit(out[2]) && signbit(out[3]) &&
		!signbit(out[4]) && signbit(out[5]);
	run_blocks(FK_ROLL_MIN, 3, 1, x, NULL, 6, 0, out, ov);
	/* windows {-0} {-0,0} {-0,0,-0} ... {-1,0,-0} */
	good &= signbit(out[0]) && !signbit(out[1]) && signbit(out[2]) && out[5] == -1.0;
	ok(good, "rolling_min/max: among equal values (0, -0) the latest wins");
}

/* Finite values whose window sum overflows: the fault names the element */
static void
check_overflow(void)
{
	static const double x[] = {1, 1e308, 1e308, 1, 1};
	double		out[8];
	uint64_t	ov[MAXW];

	ok(run_blocks(FK_ROLL_SUM, 2, 1, x, NULL, 5, 0, out, ov) == 2,
	   "rolling_sum: overflow of finite values reported at element 2");
	ok(run_blocks(FK_ROLL_SUM, 1, 1, x, NULL, 5, 0, out, ov) == SIZE_MAX,
	   "rolling_sum: no overflow with w = 1");
	ok(run_blocks(FK_ROLL_STDDEV, 2, 1, x, NULL, 5, 0, out, ov) == 1,
	   "rolling_stddev: overflow of the squared deviations reported");
}

/*
 * Sums whose finite values overflow in a part of the window only (a
 * prefix, a lane of pieces): the finite sum core's window sum gives; a
 * window whose finite values overflow reports it, whatever infinity it
 * also holds
 */
static void
check_partial_overflow(void)
{
	static const double x[] = {0, 0, -1e308, 1e308, 1e308};
	static const double y[] = {1e308, 1e308, INFINITY, 1, 1};
	static const double z[] = {0, 0, -1e308, 0, 1e308, 1e308, -1e308};
	double		out[40];
	uint64_t	ov[MAXW];
	uint64_t	seed = 42;
	int			bad = 0,
				cases = 0;

	ok(run_blocks(FK_ROLL_SUM, 3, 1, x, NULL, 5, 0, out, ov) == SIZE_MAX &&
	   out[4] == 1e308 && out[3] == 0 && out[2] == -1e308,
	   "rolling_sum({0,0,-1e308,1e308,1e308}, 3) ends 1e308: the prefix's overflow is not the window's");
	ok(run_mode(FK_ROLL_MEAN, 3, 1, x, NULL, 5, 1, out, ov, 1) == SIZE_MAX &&
	   out[4] == 1e308 / 3, "rolling_mean of the same, in place and element by element");
	ok(run_blocks(FK_ROLL_SUM, 3, 3, y, NULL, 5, 0, out, ov) == 2,
	   "rolling_sum({1e308,1e308,Infinity,..}, 3, 3): the finite values overflow at element 3");
	ok(run_blocks(FK_ROLL_SUM, 4, 1, z, NULL, 7, 0, out, ov) == SIZE_MAX &&
	   out[3] == -1e308 && out[4] == 0 && out[5] == 1e308 && out[6] == 1e308,
	   "rolling_sum w=4 over 0 0 -1e308 0 1e308 1e308 -1e308: a prefix overflows and comes back");

	/* random magnitudes near the limit, against a long double scan */
	for (int rep = 0; rep < 400; rep++)
	{
		static const double vals[] = {1e308, -1e308, 8e307, -8e307, 1, -3, 0};
		double		v[40];
		size_t		n = 1 + next_rand(&seed) % 40;
		size_t		w = 1 + next_rand(&seed) % 9;
		size_t		want_fault = SIZE_MAX;
		size_t		fault;

		for (size_t i = 0; i < n; i++)
			v[i] = vals[next_rand(&seed) % 7];
		fault = run_mode(FK_ROLL_SUM, w, 1, v, NULL, n, 1 + rep % 5, out, ov,
						 rep % 2);
		for (size_t i = 0; i < n; i++)
		{
			/* the large terms and the small ones apart: each sum exact */
			long double big = 0,
						small = 0,
						mag = 0,
						bound;
			double		r;

			for (size_t j = i + 1 >= w ? i + 1 - w : 0; j <= i; j++)
			{
				if (fabs(v[j]) > 1e300)
					big += v[j];
				else
					small += v[j];
				mag += fabsl((long double) v[j]);
			}
			r = (double) (big + small);
			bound = 2 * U * fabsl(big + small) + 2.0L * w * w * U * U * mag;
			if (!isfinite(r))
			{
				if (want_fault == SIZE_MAX)
					want_fault = i;
			}
			else if (want_fault == SIZE_MAX &&
					 fabsl((long double) out[i] - (big + small)) > bound)
			{
				if (bad++ == 0)
					printf("# w=%zu n=%zu element %zu: %.17g, want %.17g\n", w, n, i, out[i], r);
			}
		}
		if (fault != want_fault && bad++ == 0)
			printf("# w=%zu n=%zu: fault at %zu, want %zu\n", w, n, fault, want_fault);
		cases++;
	}
	ok(bad == 0, "rolling_sum over %d random series of +-1e308, 8e307: the finite sum within the bound, overflow only where the window's sum overflows",
	   cases);
}

/* A zero mean is +0, as core's avg; every NaN is the canonical one */
static void
check_signs(void)
{
	static const double x[] = {-0.0, -0.0, 1, -1};
	double		nan_payload,
				neg_nan;
	double		y[4];
	double		out[8];
	uint64_t	ov[MAXW];
	uint64_t	u = UINT64_C(0x7FF8000000000123);
	int			good = 1;

	run_blocks(FK_ROLL_MEAN, 1, 1, x, NULL, 4, 0, out, ov);
	ok(bits_of(out[0]) == 0 && bits_of(out[1]) == 0,
	   "rolling_mean({-0}, 1) is +0, as core's avg");
	run_blocks(FK_ROLL_MEAN, 2, 1, x, NULL, 4, 0, out, ov);
	ok(bits_of(out[1]) == 0 && bits_of(out[3]) == 0,
	   "rolling_mean of -0, -0 and of 1, -1 is +0");
	run_blocks(FK_ROLL_SUM, 2, 1, x, NULL, 4, 0, out, ov);
	ok(bits_of(out[1]) == bits_of(-0.0), "rolling_sum of -0, -0 is -0, as core's sum");

	memcpy(&nan_payload, &u, sizeof(u));
	u = UINT64_C(0xFFF8000000000000);
	memcpy(&neg_nan, &u, sizeof(u));
	y[0] = nan_payload;
	y[1] = neg_nan;
	y[2] = INFINITY;
	y[3] = -INFINITY;
	for (int op = FK_ROLL_SUM; op <= FK_ROLL_STDDEV; op++)
		for (size_t w = 1; w <= 2; w++)
		{
			run_blocks((FkRollOp) op, w, 1, y, NULL, 4, 0, out, ov);
			for (size_t i = 0; i < 4; i++)
				if (FkBitmapGet(ov, i) && isnan(out[i]) &&
					bits_of(out[i]) != FK_NAN_BITS)
					good = 0;
		}
	run_blocks(FK_ROLL_SUM, 2, 1, y, NULL, 4, 0, out, ov);
	good &= isnan(out[3]);
	ok(good, "rolling sum, mean, stddev over a payload NaN, -NaN, Infinity - Infinity: the canonical NaN");
}

/* The working memory of the largest windows, in place and in a ring */
static void
check_work_sizes(void)
{
	ok(FkRollWorkSize(FK_ROLL_SUM, 2147483647, 100000000) == 0 &&
	   FkRollWorkSizeInPlace(FK_ROLL_MAX, 2147483647, 100000000) == 0,
	   "w >= n needs no working memory");
	ok(FkRollWorkSizeInPlace(FK_ROLL_SUM, 49999999, 50000000) < 3000000 &&
	   FkRollWorkSizeInPlace(FK_ROLL_COUNT, 49999999, 50000000) == 0,
	   "in place, a sum over a window of 5e7 keeps %zu bytes, a count none",
	   FkRollWorkSizeInPlace(FK_ROLL_SUM, 49999999, 50000000));
	ok(FkRollWorkSizeInPlace(FK_ROLL_MIN, 49999999, 50000000) <= 8 * (size_t) 50000000 &&
	   FkRollWorkSize(FK_ROLL_MIN, 49999999, 50000000) <= 17 * (size_t) 50000000 &&
	   FkRollWorkSize(FK_ROLL_SUM, 49999999, 50000000) <= 9 * (size_t) 50000000,
	   "a ring: 8 bytes and a bit per element of the window for a sum, 16 and a bit for min");
}

/*
 * A long run of large values next to small ones: the compensated sums lose
 * nothing over 10^5 windows (a running add-and-subtract sum would drift).
 */
static void
check_no_drift(void)
{
	enum
	{
		N = 100000
	};
	static double x[N],
				out[N];
	static uint64_t ov[(N + 63) / 64];
	FkRollState st;
	void	   *work = malloc(FkRollWorkSize(FK_ROLL_SUM, 2, N));
	int			bad = 0;

	for (size_t i = 0; i < N; i++)
		x[i] = (i % 3 == 0) ? 1e16 : (i % 3 == 1 ? 1.0 : -1e16);
	FkRollInit(&st, FK_ROLL_SUM, 2, 2, N, work);
	FkRollStep(&st, x, NULL, out, ov, 0, N);
	for (size_t i = 1; i < N; i++)
	{
		double		want = x[i - 1] + x[i];

		if (out[i] != want)
			bad++;
	}
	ok(bad == 0, "rolling_sum w=2 over 1e16, 1, -1e16 repeated: every window exact");
	free(work);
}

int
main(void)
{
	static const size_t lengths[] = {0, 1, 63, 64, 65, 1000, 2500};

	for (size_t li = 0; li < sizeof(lengths) / sizeof(lengths[0]); li++)
		for (int kind = 0; kind < 2; kind++)
			check_input(lengths[li], kind, lengths[li] == 1000, 0x9E3779B97F4A7C15ULL + li);
	check_nan_leaves();
	check_ties();
	check_overflow();
	check_partial_overflow();
	check_signs();
	check_work_sizes();
	check_no_drift();
	return done_testing();
}
