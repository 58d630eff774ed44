/*
 * test_series_agg.c
 *		Unit tests of the cross-row aggregate states: word-wise adds against
 *		an element-by-element model, combining, the serialized states (round
 *		trips, combined after one, and the parsers on sound and corrupt
 *		input); avg's float8[] state against the sum state, and its counts
 *		at their limit; the canonical NaN of sums and means, the picked
 *		element's own bits for min and max.  The adds run once with the
 *		dense loops of each instruction set the CPU has
 *		(series_agg_fold_body.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/bitmap.h"
#include "../../src/core/float8_nan.h"
#include "../../src/core/kernels.h"
#include "../../src/core/series_agg.h"
#include "../../src/core/series_agg_moments.h"
#include "../../src/core/series_agg_var.h"
#include "tap.h"

#define MAXN 200
#define ROWS 5

static const int32_t lengths[] = {0, 1, 63, 64, 65, 127, 128, 129, 200};

/* Same bits, NaN counted equal to NaN */
static bool
same(double a, double b)
{
	return (isnan(a) && isnan(b)) || memcmp(&a, &b, sizeof(double)) == 0;
}

/* The model: one element folded the way core's float8 aggregates do */
static double
model_fold(FkXAggKind kind, double acc, double x, bool first)
{
	if (first)
		return x;
	if (kind == FK_XAGG_SUM)
		return acc + x;
	if (kind == FK_XAGG_MIN)
		return (!isnan(acc) && (isnan(x) || acc < x)) ? acc : x;
	return (!isnan(x) && (isnan(acc) || acc > x)) ? acc : x;
}

/* A random element: NULL (1 in 4 rows have some), NaN, ±Inf, -0 or a number */
static double
random_value(void)
{
	switch (rand() % 12)
	{
		case 0:
			return NAN;
		case 1:
			return INFINITY;
		case 2:
			return -INFINITY;
		case 3:
			return -0.0;
		default:
			return (rand() % 2001 - 1000) / 8.0;
	}
}

/* Are all n bits of valid set (a row that may be passed without words)? */
static bool
pattern_free(const uint64_t *valid, int32_t n)
{
	return FkBitmapCount(valid, (size_t) n) == (size_t) n;
}

/* ROWS random rows of n elements: each all valid, all NULL, NULLs at word edges, or random */
static void
random_rows(double x[][MAXN], uint64_t valid[][(MAXN + 63) / 64], int32_t n)
{
	for (int r = 0; r < ROWS; r++)
	{
		int			pattern = rand() % 4;

		memset(valid[r], 0, sizeof(valid[r]));
		for (int32_t i = 0; i < n; i++)
		{
			bool		v = pattern == 0 ? true : pattern == 1 ? false :
				pattern == 2 ? (i % 64 != 63 && i % 64 != 0) : rand() % 3 != 0;

			x[r][i] = v ? random_value() : 0.0;
			if (v)
				FkBitmapSet(valid[r], (size_t) i);
		}
	}
}

/* The model over rows [r0, r1): values and valid counts per position */
static void
model_rows(FkXAggKind kind, double x[][MAXN], uint64_t valid[][(MAXN + 63) / 64],
		   int r0, int r1, int32_t n, double *want, int64_t *cnt)
{
	for (int32_t i = 0; i < n; i++)
	{
		cnt[i] = 0;
		want[i] = 0.0;
	}
	for (int r = r0; r < r1; r++)
		for (int32_t i = 0; i < n; i++)
			if (FkBitmapGet(valid[r], (size_t) i))
			{
				want[i] = model_fold(kind, want[i], x[r][i], cnt[i] == 0);
				cnt[i]++;
			}
}

/*
 * Rows added word-wise agree with the model; rows 0-1 and 2-4 in two
 * states, combined, agree with the model of the two parts folded in order.
 */
static void
test_adds(FkXAggKind kind, int32_t n)
{
	static double x[ROWS][MAXN];
	static uint64_t valid[ROWS][(MAXN + 63) / 64];
	double		acc[MAXN],
				acc2[MAXN],
				want[MAXN],
				want2[MAXN];
	int64_t		nulls[MAXN],
				nulls2[MAXN],
				cnt[MAXN],
				cnt2[MAXN];
	FkXAgg		st = {kind, n, 0, false, acc, nulls};
	FkXAgg		rest = {kind, n, 0, false, acc2, nulls2};
	bool		good = true;

	random_rows(x, valid, n);
	model_rows(kind, x, valid, 0, ROWS, n, want, cnt);
	FkXAggInit(&st);
	for (int r = 0; r < ROWS; r++)
		(void) FkXAggAdd(&st, x[r], r % 2 ? valid[r] : (pattern_free(valid[r], n) ? NULL : valid[r]));
	for (int32_t i = 0; i < n; i++)
		good = good && st.rows - st.nulls[i] == cnt[i] &&
			(cnt[i] == 0 || same(st.acc[i], want[i]));
	ok(good && st.rows == ROWS, "kind %d, length %d: word-wise adds match the model",
	   (int) kind, n);

	model_rows(kind, x, valid, 0, 2, n, want, cnt);
	model_rows(kind, x, valid, 2, ROWS, n, want2, cnt2);
	FkXAggInit(&st);
	FkXAggInit(&rest);
	for (int r = 0; r < ROWS; r++)
		(void) FkXAggAdd(r < 2 ? &st : &rest, x[r], valid[r]);
	(void) FkXAggCombine(&st, &rest);
	good = st.rows == ROWS;
	for (int32_t i = 0; i < n; i++)
	{
		double		w = cnt[i] == 0 ? want2[i] :
			model_fold(kind, want[i], want2[i], false);

		if (cnt2[i] == 0)
			w = want[i];
		good = good && st.rows - st.nulls[i] == cnt[i] + cnt2[i] &&
			(cnt[i] + cnt2[i] == 0 || same(st.acc[i], w));
	}
	ok(good, "kind %d, length %d: combined states match the model", (int) kind, n);
}

/*
 * core's overflow error: a sum of finite values that overflows is reported,
 * one with an infinite operand is not, in an all-valid row and in a word
 * with NULLs, at the first position and past the first word
 */
static void
test_overflow(void)
{
	double		acc[70],
				x[70];
	int64_t		nulls[70];
	uint64_t	valid[2] = {~UINT64_C(0) & ~UINT64_C(2), (UINT64_C(1) << 6) - 1};
	FkXAgg		st = {FK_XAGG_SUM, 70, 0, false, acc, nulls};

	for (int i = 0; i < 70; i++)
		x[i] = 1.0;
	FkXAggInit(&st);
	x[67] = 1e308;
	ok(!FkXAggAdd(&st, x, NULL), "a finite sum is no overflow");
	ok(FkXAggAdd(&st, x, NULL), "1e308 + 1e308 overflows (all valid)");
	FkXAggInit(&st);
	ok(!FkXAggAdd(&st, x, valid), "a finite sum is no overflow (word with NULLs)");
	ok(FkXAggAdd(&st, x, valid), "1e308 + 1e308 overflows (word with NULLs)");
	FkXAggInit(&st);
	x[67] = 1.0;
	x[0] = 1e308;
	(void) FkXAggAdd(&st, x, NULL);
	x[0] = INFINITY;
	ok(!FkXAggAdd(&st, x, NULL), "1e308 + Infinity is no overflow");
	x[0] = 1e308;
	ok(!FkXAggAdd(&st, x, valid), "Infinity + 1e308 is no overflow");
	ok(isinf(acc[0]) && acc[1] == 2.0 && nulls[1] == 1, "and the sums are kept");
}

/* The bits of d */
static uint64_t
bits(double d)
{
	uint64_t	u;

	memcpy(&u, &d, sizeof(u));
	return u;
}

/*
 * The dense loops take their elements a step of several vectors at a time
 * and add a step with the checks only when one of its sums is not finite:
 * an overflow, an infinite operand, a payload NaN or a count at 2^53 at
 * each position of a row of 100 (steps and a tail on every instruction
 * set) is reported as when added element by element, the canonical NaN
 * written, and every other sum of the row, in its step or not, exact
 */
static void
test_step_positions(void)
{
	enum
	{
		LEN = 100
	};
	uint64_t	pay = UINT64_C(0x7FF8000000000123);
	double		nan_pay;
	double		acc[LEN],
				x[LEN],
				avg[2 * LEN];
	int64_t		nulls[LEN];
	FkXAgg		st = {FK_XAGG_SUM, LEN, 0, false, acc, nulls};
	int			wrong = 0;

	memcpy(&nan_pay, &pay, sizeof(nan_pay));
	for (int p = 0; p < LEN; p++)
	{
		for (int c = 0; c < 4; c++)
		{
			bool		bad;
			FkXAvgStatus status;
			double		want_p;
			bool		want_bad = c == 0;

			for (int i = 0; i < LEN; i++)
				x[i] = 0.25 * i;
			FkXAggInit(&st);
			FkXAvgInit(avg, LEN);
			x[p] = c == 0 ? 1e308 : 1.0;
			(void) FkXAggAdd(&st, x, NULL);
			(void) FkXAvgAdd(avg, LEN, x, NULL);
			if (c == 3)
				avg[LEN + p] = FK_XAVG_MAXCOUNT;
			x[p] = c == 0 ? 1e308 : c == 1 ? INFINITY : c == 2 ? nan_pay : 2.0;
			want_p = c == 0 || c == 1 ? INFINITY : c == 2 ? NAN : 3.0;
			bad = FkXAggAdd(&st, x, NULL);
			status = FkXAvgAdd(avg, LEN, x, NULL);
			wrong += bad != want_bad;
			wrong += status != (c == 0 ? FK_XAVG_SUM_OVERFLOW :
								c == 3 ? FK_XAVG_COUNT_OVERFLOW : FK_XAVG_OK);
			for (int i = 0; i < LEN; i++)
			{
				double		want = i == p ? want_p : 0.5 * i;
				double		got[2] = {acc[i], avg[i]};

				for (int k = 0; k < 2; k++)
				{
					if (isnan(want))
						wrong += bits(got[k]) != FK_NAN_BITS;
					else
						wrong += got[k] != want;
				}
				wrong += c != 3 && avg[LEN + i] != 2.0;
			}
		}
	}
	ok(wrong == 0,
	   "an overflow, an infinite operand, a payload NaN, a count at 2^53 at each of 100 positions: reported, canonical, other sums exact (%d wrong)",
	   wrong);
}

/*
 * avg's counts in a word with NULLs, a vector at a time: a count at 2^53
 * at each of 100 positions, with every third position NULL, is refused
 * where the row is present there and left where it is NULL; the other
 * counts count their present rows, the sums add them
 */
static void
test_avg_mixed_positions(void)
{
	enum
	{
		LEN = 100
	};
	double		avg[2 * LEN],
				x[LEN];
	uint64_t	valid[2] = {0, 0};
	int			wrong = 0;

	for (int i = 0; i < LEN; i++)
	{
		x[i] = 0.5 * i;
		if (i % 3 != 1)
			valid[i / 64] |= UINT64_C(1) << (i % 64);
	}
	for (int p = 0; p < LEN; p++)
	{
		bool		present = FkBitmapGet(valid, p);
		FkXAvgStatus status;

		FkXAvgInit(avg, LEN);
		(void) FkXAvgAdd(avg, LEN, x, valid);
		avg[LEN + p] = FK_XAVG_MAXCOUNT;
		status = FkXAvgAdd(avg, LEN, x, valid);
		wrong += status != (present ? FK_XAVG_COUNT_OVERFLOW : FK_XAVG_OK);
		for (int i = 0; i < LEN; i++)
		{
			bool		here = FkBitmapGet(valid, i);
			double		want_count = i == p ? FK_XAVG_MAXCOUNT + (here ? 1.0 : 0.0) :
			here ? 2.0 : 0.0;

			wrong += avg[LEN + i] != want_count;
			wrong += avg[i] != (here ? 2 * x[i] : 0.0);
		}
	}
	ok(wrong == 0,
	   "avg's counts with every third position NULL: a count at 2^53 at each of 100 positions refused where present, left where NULL (%d wrong)",
	   wrong);
}

/*
 * variance's dense loop takes a vector at a time and leaves a position that
 * needs core's checks to them: rows of 100 values (-0 at the first row),
 * then a row with an overflow, an infinite value, a NaN or a count at 2^53
 * at each position in turn, all present and with every third position NULL
 * (the dense loop a word at a time), added whole and in parts of 64,
 * give the state of core's float8_accum added one position at a time
 * (FkXVarAccumOne) bit for bit, and its first fault
 */
static void
test_var_positions(void)
{
	enum
	{
		LEN = 100,
		NROWS = 5
	};
	double		st[3 * LEN],
				st2[3 * LEN],
				want[3 * LEN],
				x[LEN];
	uint64_t	some[2] = {0, 0};
	int			wrong = 0;

	/* the NULLs of the second pass: every third position */
	for (int i = 0; i < LEN; i++)
		if (i % 3 != 1)
			some[i / 64] |= UINT64_C(1) << (i % 64);
	for (int nulls = 0; nulls < 2; nulls++)
	{
		for (int p = -1; p < LEN; p++)
		{
			for (int c = 0; c < 4; c++)
			{
				FkXAvgStatus got = FK_XAVG_OK,
							got2 = FK_XAVG_OK,
							exp = FK_XAVG_OK;
				uint64_t	valid[2] = {some[0], some[1]};
				const uint64_t *vp = nulls ? valid : NULL;

				if (p >= 0)
					valid[p / 64] |= UINT64_C(1) << (p % 64);
				FkXVarInit(st, LEN);
				FkXVarInit(st2, LEN);
				FkXVarInit(want, LEN);
				for (int r = 0; r < NROWS; r++)
				{
					for (int i = 0; i < LEN; i++)
						x[i] = r == 0 ? -0.0 : 100.0 + 0.37 * r * (i % 7) - 0.013 * i;
					if (r == NROWS - 1 && p >= 0)
					{
						if (c == 0)
							x[p] = 1e308, want[LEN + p] = 1e308;
						else if (c == 1)
							x[p] = INFINITY;
						else if (c == 2)
							x[p] = NAN;
						else
							want[p] = st[p] = st2[p] = FK_XAVG_MAXCOUNT;
					}
					if (r == NROWS - 1 && p >= 0 && c == 0)
						st[LEN + p] = st2[LEN + p] = 1e308;
					exp = FK_XAVG_OK;
					for (int i = 0; i < LEN && exp == FK_XAVG_OK; i++)
					{
						if (vp != NULL && !FkBitmapGet(vp, i))
							continue;
						if (want[i] >= FK_XAVG_MAXCOUNT)
							exp = FK_XAVG_COUNT_OVERFLOW;
						else if (!FkXVarAccumOne(&want[i], &want[LEN + i],
												 &want[2 * LEN + i], x[i]))
							exp = FK_XAVG_SUM_OVERFLOW;
					}
					got = FkXVarAdd(st, LEN, x, vp);
					got2 = FK_XAVG_OK;
					for (size_t s = 0; s < LEN && got2 == FK_XAVG_OK; s += 64)
					{
						size_t		m = LEN - s < 64 ? LEN - s : 64;
						uint64_t	part[1] = {0};

						if (vp != NULL)
							FkBitmapSlice(part, vp, s, m);
						got2 = FkXVarAddPart(st2, LEN, s, m, x + s,
											 vp != NULL ? part : NULL);
					}
					wrong += got != exp || got2 != exp;
				}
				for (int i = 0; i < 3 * LEN; i++)
				{
					if (isnan(want[i]))
						wrong += !isnan(st[i]) || !isnan(st2[i]);
					else
						wrong += bits(st[i]) != bits(want[i]) ||
							bits(st2[i]) != bits(want[i]);
				}
			}
		}
	}
	ok(wrong == 0,
	   "variance's state: an overflow, an infinite value, a NaN, a count at 2^53 at each of 100 positions, all present and every third NULL, whole and in parts: the bits and first fault of one position at a time (%d wrong)",
	   wrong);
}

/*
 * NaN of every sign and payload, Infinity - Infinity: a sum (and avg's
 * mean) holds the canonical NaN, in a dense row, a word with NULLs and a
 * combined state; min and max keep the bits of the NaN they pick
 */
static void
test_nan_bits(void)
{
	uint64_t	pay = UINT64_C(0x7FF8000000000123),
				neg = UINT64_C(0xFFF8000000000000);
	double		r0[4],
				r1[4],
				acc[4],
				acc2[4],
				st_avg[8],
				out[4];
	int64_t		nulls[4],
				nulls2[4];
	uint64_t	valid = 0xD;	/* element 1 NULL */
	FkXAgg		st = {FK_XAGG_SUM, 4, 0, false, acc, nulls};
	FkXAgg		st2 = {FK_XAGG_SUM, 4, 0, false, acc2, nulls2};
	bool		good = true;

	memcpy(&r0[0], &pay, sizeof(double));
	r0[1] = 1.0;
	r0[2] = INFINITY;
	memcpy(&r0[3], &neg, sizeof(double));
	r1[0] = 2.0;
	r1[1] = 3.0;
	r1[2] = -INFINITY;
	r1[3] = 4.0;
	FkXAggInit(&st);
	(void) FkXAggAdd(&st, r0, NULL);
	good &= bits(acc[0]) == FK_NAN_BITS && bits(acc[3]) == FK_NAN_BITS;
	(void) FkXAggAdd(&st, r1, &valid);
	good &= bits(acc[0]) == FK_NAN_BITS && bits(acc[2]) == FK_NAN_BITS &&
		bits(acc[3]) == FK_NAN_BITS && acc[1] == 1.0;
	FkXAggInit(&st);
	FkXAggInit(&st2);
	(void) FkXAggAdd(&st, r1, NULL);
	(void) FkXAggAdd(&st2, r0, NULL);
	(void) FkXAggCombine(&st, &st2);
	good &= bits(acc[0]) == FK_NAN_BITS && bits(acc[2]) == FK_NAN_BITS &&
		bits(acc[3]) == FK_NAN_BITS;
	ok(good, "sum across rows of a payload NaN, -NaN, Infinity + -Infinity: the canonical NaN, combined too");

	/* avg's final function, also on a state made by hand */
	for (int i = 0; i < 4; i++)
	{
		st_avg[i] = r0[i];
		st_avg[4 + i] = 1.0;
	}
	FkXAvgFinal(st_avg, 4, out, NULL);
	ok(bits(out[0]) == FK_NAN_BITS && bits(out[3]) == FK_NAN_BITS && out[2] == INFINITY,
	   "avg's mean of a payload NaN and of -NaN: the canonical NaN");

	st.kind = FK_XAGG_MAX;
	FkXAggInit(&st);
	(void) FkXAggAdd(&st, r1, NULL);
	(void) FkXAggAdd(&st, r0, NULL);
	good = bits(acc[0]) == pay && bits(acc[3]) == neg;
	st.kind = FK_XAGG_MIN;
	FkXAggInit(&st);
	(void) FkXAggAdd(&st, r0, NULL);
	good &= bits(acc[0]) == pay && acc[1] == 1.0 && bits(acc[3]) == neg;
	ok(good, "max and min across rows keep the bits of the NaN they pick");
}

/*
 * A serialized state survives the round trip (its NULL counts as what the
 * final and combine functions read of them: whether a position has a valid
 * element); corruptions are refused
 */
static void
test_parse(void)
{
	double		acc[3] = {1, 2, 3},
				acc2[3];
	int64_t		nulls[3] = {0, 1, 2},
				nulls2[3];
	const int64_t read_nulls[3] = {0, 0, 2};
	FkXAgg		st = {FK_XAGG_SUM, 3, 2, true, acc, nulls};
	FkXAgg		back = {FK_XAGG_SUM, 3, 0, false, acc2, nulls2};
	uint8_t		buf[128],
				bad[128];
	size_t		size = FkXAggSerialSize(&st);
	FkXAggHeader hdr;
	int64_t		v;
	int32_t		len;
	uint64_t	word;

	ok(size == 16 + 24 + 8, "a state with an empty position serializes to header, sums and a validity word");
	FkXAggSerialize(&st, buf);
	ok(FkXAggParse(buf, size, 1000, &hdr) == NULL && hdr.len == 3 &&
	   hdr.rows == 2 && hdr.has_nulls && hdr.kind == FK_XAGG_SUM,
	   "a sound state parses");
	FkXAggRead(&back, buf);
	ok(back.rows == 2 && back.has_nulls && memcmp(acc, acc2, sizeof(acc)) == 0 &&
	   memcmp(read_nulls, nulls2, sizeof(nulls2)) == 0,
	   "and reads back the same sums, and which positions are empty");
	/* unaligned */
	memcpy(buf + 1, buf, size);
	ok(FkXAggParse(buf + 1, size, 1000, &hdr) == NULL, "at any alignment");
	memmove(buf, buf + 1, size);

	for (size_t cut = 0; cut < size; cut++)
		if (FkXAggParse(buf, cut, 1000, &hdr) == NULL)
			break;
		else if (cut == size - 1)
			ok(1, "every truncation is refused");
	ok(FkXAggParse(buf, size + 1, 1000, &hdr) != NULL, "a longer buffer is refused");
	memcpy(bad, buf, size);
	bad[0] = 9;
	ok(FkXAggParse(bad, size, 1000, &hdr) != NULL, "an unknown kind is refused");
	memcpy(bad, buf, size);
	bad[1] = 0x80;
	ok(FkXAggParse(bad, size, 1000, &hdr) != NULL, "unknown flags are refused");
	memcpy(bad, buf, size);
	len = -1;
	memcpy(bad + 4, &len, 4);
	ok(FkXAggParse(bad, size, 1000, &hdr) != NULL, "a negative length is refused");
	len = 0x7fffffff;
	memcpy(bad + 4, &len, 4);
	ok(FkXAggParse(bad, size, 1000, &hdr) != NULL, "a huge length is refused");
	ok(FkXAggParse(buf, size, 2, &hdr) != NULL, "a length over the limit is refused");
	memcpy(bad, buf, size);
	v = 0;
	memcpy(bad + 8, &v, 8);
	ok(FkXAggParse(bad, size, 1000, &hdr) != NULL, "a state of no rows is refused");
	memcpy(bad, buf, size);
	memcpy(&word, bad + 16 + 24, 8);
	word |= UINT64_C(1) << 3;
	memcpy(bad + 16 + 24, &word, 8);
	ok(FkXAggParse(bad, size, 1000, &hdr) != NULL, "validity bits past the length are refused");
	memcpy(bad, buf, size);
	bad[1] = 0;
	ok(FkXAggParse(bad, size, 1000, &hdr) != NULL,
	   "a state whose flags do not match its size is refused");

	/* NULLs at every position, yet a valid element at each: no bits */
	nulls[2] = 1;
	ok(FkXAggSerialSize(&st) == 16 + 24, "a state without an empty position takes sums only");
	FkXAggSerialize(&st, buf);
	FkXAggRead(&back, buf);
	ok(FkXAggParse(buf, 16 + 24, 1000, &hdr) == NULL && !back.has_nulls &&
	   nulls2[0] == 0 && nulls2[1] == 0 && nulls2[2] == 0,
	   "and reads back with no position empty");
}

/*
 * Partial states sent through their serialized form and combined give what
 * combining them directly gives: the same sums and the same empty
 * positions, whatever the rows and their NULLs
 */
static void
test_serial_combine(FkXAggKind kind, int32_t n)
{
	static double x[ROWS][MAXN];
	static uint64_t valid[ROWS][(MAXN + 63) / 64];
	static uint8_t buf[2][16 + 8 * MAXN + 8 * ((MAXN + 63) / 64)];
	double		acc[2][MAXN],
				racc[2][MAXN];
	int64_t		nulls[2][MAXN],
				rnulls[2][MAXN];
	FkXAgg		st[2] = {{kind, n, 0, false, acc[0], nulls[0]},
	{kind, n, 0, false, acc[1], nulls[1]}};
	FkXAgg		rd[2] = {{kind, n, 0, false, racc[0], rnulls[0]},
	{kind, n, 0, false, racc[1], rnulls[1]}};
	FkXAggHeader hdr;
	bool		good = true;

	random_rows(x, valid, n);
	FkXAggInit(&st[0]);
	FkXAggInit(&st[1]);
	for (int r = 0; r < ROWS; r++)
		(void) FkXAggAdd(&st[r < 2 ? 0 : 1], x[r], valid[r]);
	for (int k = 0; k < 2; k++)
	{
		FkXAggSerialize(&st[k], buf[k]);
		good = good && FkXAggParse(buf[k], FkXAggSerialSize(&st[k]), MAXN, &hdr) == NULL;
		FkXAggRead(&rd[k], buf[k]);
	}
	(void) FkXAggCombine(&st[0], &st[1]);
	(void) FkXAggCombine(&rd[0], &rd[1]);
	good = good && rd[0].rows == st[0].rows;
	for (int32_t i = 0; i < n; i++)
		good = good && (rd[0].nulls[i] == rd[0].rows) == (st[0].nulls[i] == st[0].rows) &&
			(st[0].nulls[i] == st[0].rows || same(rd[0].acc[i], st[0].acc[i]));
	ok(good, "kind %d, length %d: states combined after their round trip give the same",
	   (int) kind, n);
}

/* nvec_agg's serialized state: sound and corrupt */
static void
test_list_parse(void)
{
	uint8_t		buf[8 + 8 * 70 + 16];
	int32_t		len = 70,
				nnulls = 2,
				l,
				nn;
	uint64_t	words[2] = {~UINT64_C(0) & ~UINT64_C(1), (UINT64_C(1) << 6) - 1 - 2};
	size_t		size = sizeof(buf);

	memset(buf, 0, sizeof(buf));
	memcpy(buf, &len, 4);
	memcpy(buf + 4, &nnulls, 4);
	memcpy(buf + 8 + 8 * 70, words, 16);
	ok(FkListAggParse(buf, size, 1000, &l, &nn) == NULL && l == 70 && nn == 2,
	   "a sound nvec_agg state parses");
	ok(FkListAggParse(buf, size - 1, 1000, &l, &nn) != NULL,
	   "a truncated nvec_agg state is refused");
	ok(FkListAggParse(buf, 4, 1000, &l, &nn) != NULL,
	   "an nvec_agg state without its header is refused");
	nnulls = 3;
	memcpy(buf + 4, &nnulls, 4);
	ok(FkListAggParse(buf, size, 1000, &l, &nn) != NULL,
	   "an nvec_agg state whose bits disagree with its NULL count is refused");
	nnulls = 71;
	memcpy(buf + 4, &nnulls, 4);
	ok(FkListAggParse(buf, size, 1000, &l, &nn) != NULL,
	   "more NULLs than elements are refused");
	nnulls = 2;
	memcpy(buf + 4, &nnulls, 4);
	words[1] |= UINT64_C(1) << 40;
	words[0] |= 1;
	memcpy(buf + 8 + 8 * 70, words, 16);
	ok(FkListAggParse(buf, size, 1000, &l, &nn) != NULL,
	   "validity bits past the length are refused");
	nnulls = 0;
	memcpy(buf + 4, &nnulls, 4);
	ok(FkListAggParse(buf, 8 + 8 * 70, 1000, &l, &nn) == NULL,
	   "a state without NULLs carries no validity words");
	len = -5;
	memcpy(buf, &len, 4);
	ok(FkListAggParse(buf, size, 1000, &l, &nn) != NULL, "a negative length is refused");
}

/* Appending bitmaps at every offset keeps every bit */
static void
test_append(void)
{
	bool		good = true;

	for (size_t at = 0; at < 130; at += 7)
		for (size_t n = 0; n < 130; n += 11)
		{
			uint64_t	dst[6] = {0},
						src[3] = {0};

			for (size_t i = 0; i < at; i++)
				if (i % 3)
					FkBitmapSet(dst, i);
			for (size_t i = 0; i < n; i++)
				if (i % 5)
					FkBitmapSet(src, i);
			FkBitmapCopyBits(dst, at, src, 0, n);
			for (size_t i = 0; i < at + n; i++)
				good = good && FkBitmapGet(dst, i) ==
					(i < at ? (i % 3 != 0) : ((i - at) % 5 != 0));
			good = good && FkBitmapTailClean(dst, at + n);
		}
	ok(good, "FkBitmapCopyBits appends at every offset, every bit kept, tail clean");
}

/*
 * avg's float8[] state: rows added, and states combined, give the sum
 * state's accumulators in their bits and its valid counts; the final values
 * are that sum (+ 0) over the count, as avg's final function computed them
 * from the internal state.
 */
static void
test_avg(int32_t n)
{
	static double x[ROWS][MAXN];
	static uint64_t valid[ROWS][(MAXN + 63) / 64];
	double		acc[MAXN],
				st[2 * MAXN + 1],
				st2[2 * MAXN + 1],
				out[MAXN];
	int64_t		nulls[MAXN];
	uint64_t	ov[(MAXN + 63) / 64];
	FkXAgg		ref = {FK_XAGG_SUM, n, 0, false, acc, nulls};
	size_t		empty = 0,
				want_empty = 0;
	bool		good = true;

	random_rows(x, valid, n);
	FkXAggInit(&ref);
	for (int32_t i = 0; i < n; i++)
	{
		st[i] = st2[i] = -0.0;
		st[n + i] = st2[n + i] = 0.0;
	}
	for (int r = 0; r < ROWS; r++)
	{
		const uint64_t *v = pattern_free(valid[r], n) && r % 2 ? NULL : valid[r];

		(void) FkXAggAdd(&ref, x[r], v);
		(void) FkXAvgAdd(r < 2 ? st : st2, (size_t) n, x[r], v);
	}
	(void) FkXAvgCombine(st, st2, (size_t) n);
	good = FkXAvgCheck(st, (size_t) n, 0.0, &empty) == NULL;
	memset(ov, 0, sizeof(ov));
	FkXAvgFinal(st, (size_t) n, out, ov);
	for (int32_t i = 0; i < n; i++)
	{
		int64_t		cnt = ref.rows - ref.nulls[i];

		want_empty += cnt == 0;
		good = good && same(st[i], acc[i]) &&
			st[n + i] == (double) cnt &&
			FkBitmapGet(ov, (size_t) i) == (cnt != 0) &&
			(cnt == 0 || same(out[i], (acc[i] + 0.0) / (double) cnt));
	}
	ok(good && empty == want_empty,
	   "avg, length %d: float8[] state, combined, matches the sum state and its counts", n);
}

/*
 * A count stops at 2^53: a row that would pass it, or a combination, says
 * so (a combination before it changes anything); up to it, it counts
 */
static void
test_avg_count_limit(void)
{
	double		st[4] = {1.0, 1.0, FK_XAVG_MAXCOUNT - 1.0, 5.0};
	double		other[4] = {1.0, 1.0, 1.0, 1.0};
	const double x[2] = {2.0, 3.0};
	uint64_t	only_second = 2;

	ok(FkXAvgAdd(st, 2, x, NULL) == FK_XAVG_OK && st[2] == FK_XAVG_MAXCOUNT,
	   "a row brings a count to 2^53");
	ok(FkXAvgAdd(st, 2, x, &only_second) == FK_XAVG_OK && st[2] == FK_XAVG_MAXCOUNT &&
	   st[3] == 7.0, "a row NULL where the count is 2^53 adds elsewhere");
	ok(FkXAvgAdd(st, 2, x, NULL) == FK_XAVG_COUNT_OVERFLOW,
	   "a row valid where the count is 2^53 is refused (all valid)");
	st[2] = FK_XAVG_MAXCOUNT;
	ok(FkXAvgAdd(st, 2, x, &only_second) == FK_XAVG_OK &&
	   FkXAvgAdd(st, 2, x, (const uint64_t[]) {1}) == FK_XAVG_COUNT_OVERFLOW,
	   "a row valid there is refused (word with NULLs)");
	st[0] = 1.0;
	st[2] = FK_XAVG_MAXCOUNT - 1.0;
	ok(FkXAvgCombine(st, other, 2) == FK_XAVG_OK && st[2] == FK_XAVG_MAXCOUNT &&
	   st[0] == 2.0, "combining up to 2^53 counts");
	st[2] = FK_XAVG_MAXCOUNT - 1.0;
	other[2] = 2.0;
	ok(FkXAvgCombine(st, other, 2) == FK_XAVG_COUNT_OVERFLOW &&
	   st[0] == 2.0 && st[2] == FK_XAVG_MAXCOUNT - 1.0,
	   "combining past 2^53 (by one, where the sum of doubles rounds back) is refused, the state unchanged");
	other[2] = FK_XAVG_MAXCOUNT;
	st[2] = FK_XAVG_MAXCOUNT;
	ok(FkXAvgCombine(st, other, 2) == FK_XAVG_COUNT_OVERFLOW,
	   "2^53 and 2^53 are refused");
}

/* FkXAvgCheck: counts whole numbers from 0 to 2^53, -0 sums where 0 */
static void
test_avg_check(void)
{
	const double bad_counts[] = {-1.0, 0.5, NAN, INFINITY, 9007199254740994.0};
	double		st[4] = {1.5, -0.0, 2.0, 0.0};
	size_t		empty = 9;
	bool		good;

	good = FkXAvgCheck(st, 2, 0.0, &empty) == NULL && empty == 1;
	st[3] = FK_XAVG_MAXCOUNT;
	good = good && FkXAvgCheck(st, 2, 0.0, &empty) == NULL && empty == 0;
	for (size_t k = 0; k < sizeof(bad_counts) / sizeof(bad_counts[0]); k++)
	{
		st[3] = bad_counts[k];
		good = good && FkXAvgCheck(st, 2, 0.0, &empty) != NULL;
	}
	st[1] = 0.0;
	st[3] = 0.0;
	good = good && FkXAvgCheck(st, 2, 0.0, &empty) != NULL;
	st[1] = -0.0;
	good = good && FkXAvgCheck(st, 2, 0.0, &empty) == NULL;
	ok(good, "FkXAvgCheck accepts sound states and refuses bad counts and sums");
}

/*
 * avg's rows slot: rows without NULLs added to the sums alone and counted
 * in the slot, the slot folded in, give the bits of the rows added one
 * count at a time; a fold that would take a count past 2^53 leaves the
 * state as it was; a position counted by the slot alone is no empty one
 */
static void
test_avg_rows(void)
{
	double		x[3][4] = {{1.5, -0.0, 1e-310, 3.0}, {0.1, 2.0, -1e-310, NAN},
	{0.2, -0.0, 7.0, 1.0}};
	double		one[8],
				slot[8],
				rows = 0.0;
	bool		good = true;
	size_t		empty = 9;

	FkXAvgInit(one, 4);
	FkXAvgInit(slot, 4);
	for (int r = 0; r < 3; r++)
	{
		good = good && FkXAvgAdd(one, 4, x[r], NULL) == FK_XAVG_OK;
		good = good && FkXAvgAddWhole(slot, 4, 0, 2, x[r]) == FK_XAVG_OK &&
			FkXAvgAddWhole(slot, 4, 2, 2, x[r] + 2) == FK_XAVG_OK &&
			FkXAvgCountRow(&rows) == FK_XAVG_OK;
	}
	good = good && rows == 3.0 && slot[4] == 0.0 && slot[7] == 0.0;
	good = good && FkXAvgCheck(slot, 4, rows, &empty) == NULL && empty == 0;
	good = good && FkXAvgFoldRows(slot, 4, &rows) == FK_XAVG_OK && rows == 0.0;
	good = good && memcmp(one, slot, sizeof(one)) == 0;
	ok(good, "rows counted in avg's slot, then folded in, give the bits of rows counted one at a time");

	slot[6] = FK_XAVG_MAXCOUNT - 1.0;
	rows = 2.0;
	memcpy(one, slot, sizeof(one));
	ok(FkXAvgFoldRows(slot, 4, &rows) == FK_XAVG_COUNT_OVERFLOW && rows == 2.0 &&
	   memcmp(one, slot, sizeof(one)) == 0,
	   "a fold past 2^53 is refused and leaves the state as it was");
	rows = 1.0;
	ok(FkXAvgFoldRows(slot, 4, &rows) == FK_XAVG_OK && slot[6] == FK_XAVG_MAXCOUNT,
	   "a fold to 2^53 is taken");
	rows = FK_XAVG_MAXCOUNT;
	ok(FkXAvgCountRow(&rows) == FK_XAVG_COUNT_OVERFLOW && rows == FK_XAVG_MAXCOUNT,
	   "a slot at 2^53 counts no more rows");
}

/*
 * Rows added in parts of 64 and 128 positions (each part's validity bits
 * from bit 0, as a reader gives a block) give the bits of rows added whole:
 * sum, min and max, avg's and variance's states
 */
static void
test_parts(int32_t n)
{
	static double x[ROWS][MAXN];
	static uint64_t valid[ROWS][(MAXN + 63) / 64];
	uint64_t	part[(MAXN + 63) / 64];
	double		acc[MAXN],
				acc2[MAXN],
				avg[2 * MAXN],
				avg2[2 * MAXN],
				var[3 * MAXN],
				var2[3 * MAXN],
				mom[6 * MAXN],
				mom2[6 * MAXN];
	int64_t		nulls[MAXN],
				nulls2[MAXN];
	bool		good = true;

	random_rows(x, valid, n);
	for (int k = FK_XAGG_SUM; k <= FK_XAGG_MAX; k++)
	{
		FkXAgg		whole = {(FkXAggKind) k, n, 0, false, acc, nulls};
		FkXAgg		parts = {(FkXAggKind) k, n, 0, false, acc2, nulls2};

		FkXAggInit(&whole);
		FkXAggInit(&parts);
		for (int r = 0; r < ROWS; r++)
		{
			size_t		step = r % 2 ? 64 : 128;

			(void) FkXAggAdd(&whole, x[r], valid[r]);
			FkXAggNewRow(&parts);
			for (size_t s = 0; s < (size_t) n; s += step)
			{
				size_t		m = (size_t) n - s < step ? (size_t) n - s : step;

				FkBitmapSlice(part, valid[r], s, m);
				(void) FkXAggAddPart(&parts, s, m, x[r] + s, part);
			}
		}
		good = good && whole.rows == parts.rows &&
			whole.has_nulls == parts.has_nulls &&
			memcmp(acc, acc2, sizeof(double) * (size_t) n) == 0 &&
			memcmp(nulls, nulls2, sizeof(int64_t) * (size_t) n) == 0;
	}
	FkXAvgInit(avg, (size_t) n);
	FkXAvgInit(avg2, (size_t) n);
	FkXVarInit(var, (size_t) n);
	FkXVarInit(var2, (size_t) n);
	FkXMomInit(mom, (size_t) n);
	FkXMomInit(mom2, (size_t) n);
	for (int r = 0; r < ROWS; r++)
	{
		(void) FkXAvgAdd(avg, (size_t) n, x[r], valid[r]);
		(void) FkXVarAdd(var, (size_t) n, x[r], valid[r]);
		(void) FkXMomAddPart(mom, (size_t) n, 0, (size_t) n, x[r], valid[r]);
		for (size_t s = 0; s < (size_t) n; s += 64)
		{
			size_t		m = (size_t) n - s < 64 ? (size_t) n - s : 64;

			FkBitmapSlice(part, valid[r], s, m);
			(void) FkXAvgAddPart(avg2, (size_t) n, s, m, x[r] + s, part);
			(void) FkXVarAddPart(var2, (size_t) n, s, m, x[r] + s, part);
			(void) FkXMomAddPart(mom2, (size_t) n, s, m, x[r] + s, part);
		}
	}
	good = good && memcmp(avg, avg2, sizeof(double) * 2 * (size_t) n) == 0 &&
		memcmp(var, var2, sizeof(double) * 3 * (size_t) n) == 0 &&
		memcmp(mom, mom2, sizeof(double) * 6 * (size_t) n) == 0 &&
		FkXMomCheck(mom, (size_t) n, NULL) == NULL;
	ok(good, "length %d: rows added in parts give the bits of rows added whole", n);
}

/*
 * skew's state: equal values in two states combine to M2 = 0 (result 0);
 * a NaN outranks an overflow, in a row and in a combination; too few
 * values outrank both
 */
static void
test_moments_marks(void)
{
	double		a[6],
				b[6],
				out;
	double		v[3] = {0.1, 1e300, -1e300};

	FkXMomInit(a, 1);
	FkXMomInit(b, 1);
	for (int i = 0; i < 3; i++)
	{
		(void) FkXMomAddPart(a, 1, 0, 1, &v[0], NULL);
		(void) FkXMomAddPart(b, 1, 0, 1, &v[0], NULL);
	}
	(void) FkXMomCombine(a, b, 1);
	ok(a[0] == 6.0 && a[3] == 0.0 && FkXMomFinal(a, 1, true, &out, NULL) == FK_XAVG_OK &&
	   out == 0.0, "equal values in two states: M2 0, kurtosis 0");
	FkXMomInit(a, 1);
	(void) FkXMomAddPart(a, 1, 0, 1, &v[1], NULL);
	(void) FkXMomAddPart(a, 1, 0, 1, &v[2], NULL);
	ok(isinf(a[3]) && FkXMomFinal(a, 1, false, &out, NULL) == FK_XAVG_OK,
	   "an overflow of two values is marked, and too few for skew");
	(void) FkXMomAddPart(a, 1, 0, 1, &v[0], NULL);
	ok(FkXMomFinal(a, 1, false, &out, NULL) == FK_XAVG_SUM_OVERFLOW,
	   "an overflow of three values is an error for skew");
	FkXMomInit(b, 1);
	out = NAN;
	(void) FkXMomAddPart(b, 1, 0, 1, &out, NULL);
	(void) FkXMomCombine(a, b, 1);
	ok(isnan(a[3]) && FkXMomFinal(a, 1, false, &out, NULL) == FK_XAVG_OK && isnan(out),
	   "a NaN combined with an overflow gives NaN");
}

int
main(void)
{
	srand(7);
	/* the dense loops of every instruction set this CPU runs, then the best */
	for (int isa = FK_ISA_SCALAR; isa <= FK_ISA_COUNT; isa++)
	{
		if (isa < FK_ISA_COUNT && !FkIsaSupported((FkIsa) isa))
			continue;
		FkIsaUse(isa < FK_ISA_COUNT ? isa : -1);
		for (size_t li = 0; li < sizeof(lengths) / sizeof(lengths[0]); li++)
			for (int k = FK_XAGG_SUM; k <= FK_XAGG_MAX; k++)
				for (int rep = 0; rep < 20; rep++)
					test_adds((FkXAggKind) k, lengths[li]);
		for (size_t li = 0; li < sizeof(lengths) / sizeof(lengths[0]); li++)
			for (int rep = 0; rep < 20; rep++)
				test_avg(lengths[li]);
		test_step_positions();
		test_var_positions();
		test_avg_mixed_positions();
	}
	test_avg_check();
	test_avg_rows();
	test_avg_count_limit();
	test_overflow();
	test_nan_bits();
	test_parse();
	for (size_t li = 0; li < sizeof(lengths) / sizeof(lengths[0]); li++)
		for (int k = FK_XAGG_SUM; k <= FK_XAGG_MAX; k++)
			for (int rep = 0; rep < 5; rep++)
				test_serial_combine((FkXAggKind) k, lengths[li]);
	test_list_parse();
	test_append();
	for (size_t li = 0; li < sizeof(lengths) / sizeof(lengths[0]); li++)
		test_parts(lengths[li]);
	test_moments_marks();
	return done_testing();
}
