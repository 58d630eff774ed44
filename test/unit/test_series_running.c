/*
 * test_series_running.c
 *		Unit tests of the running operations, ema, fill_forward, fill_null
 *		and shift: the same bits whatever the cut into blocks (1, 7, 64,
 *		1000 elements, or all at once), and the same as an element-by-element
 *		model with a bool per element; the canonical NaN where a value is
 *		computed, an element's own bits where one is picked or moved.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/bitmap.h"
#include "../../src/core/float8_nan.h"
#include "../../src/core/series_running.h"
#include "kern_testutil.h"
#include "tap.h"

#define MAXN 3000
#define MAXW ((MAXN + 63) / 64)

static const size_t lengths[] = {0, 1, 7, 63, 64, 65, 127, 128, 129, 1000, 3000};
static const size_t blocks[] = {1, 7, 64, 1000, MAXN};

static const char *const op_names[] = {
	"cumsum", "cumprod", "cummax", "cummin", "ema", "fill_forward", "fill_null"
};

/* NULL patterns of the inputs */
enum
{
	PAT_NONE,					/* no bitmap */
	PAT_RANDOM,					/* about 20% NULL */
	PAT_BOUNDARIES,				/* NULL at 0, 63, 64, 127, 128 and the last */
	PAT_RUNS,					/* long runs of NULLs and of values */
	PAT_ALL_NULL,
	PAT_COUNT
};

static const char *const pat_names[] = {"no NULLs", "random NULLs",
"NULLs at word boundaries", "runs of NULLs", "all NULL"};

/* Values: near 1 (so cumprod stays in range), with specials when asked */
static void
make_values(double *x, size_t n, bool specials)
{
	static const double sp[] = {NAN, INFINITY, -INFINITY, -0.0, 0.0, 1e300};

	for (size_t i = 0; i < n; i++)
	{
		x[i] = 0.5 + (double) rand() / RAND_MAX;
		if (rand() % 2)
			x[i] = -x[i];
		if (specials && rand() % 50 == 0)
			x[i] = sp[rand() % 6];
	}
}

/* The validity of pattern pat over n elements; NULL for PAT_NONE */
static uint64_t *
make_valid(uint64_t *bm, bool *model, size_t n, int pat)
{
	bool		run_on = true;

	memset(bm, 0, MAXW * sizeof(uint64_t));
	for (size_t i = 0; i < n; i++)
	{
		bool		v = true;

		switch (pat)
		{
			case PAT_RANDOM:
				v = rand() % 5 != 0;
				break;
			case PAT_BOUNDARIES:
				v = !(i == 0 || i == 63 || i == 64 || i == 127 || i == 128 ||
					  i == n - 1);
				break;
			case PAT_RUNS:
				if (rand() % 90 == 0)
					run_on = !run_on;
				v = run_on;
				break;
			case PAT_ALL_NULL:
				v = false;
				break;
		}
		model[i] = v;
		if (v)
			FkBitmapSet(bm, i);
	}
	return pat == PAT_NONE ? NULL : bm;
}

/* Absent elements hold 0.0, as in a view of a vector (vecview.h) */
static void
zero_absent(double *x, const bool *in, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!in[i])
			x[i] = 0.0;
}

/* Core's float8_gt and float8_lt, written out again */
static bool
gt(double a, double b)
{
	if (isnan(a))
		return !isnan(b);
	return !isnan(b) && a > b;
}

static bool
lt(double a, double b)
{
	return gt(b, a);
}

/*
 * The model: one element at a time, validity as bools; returns the index of
 * the first overflow or underflow (n when none).
 */
static size_t
model_run(int op, double param, const double *x, const bool *in, size_t n,
		  double *out, bool *outv)
{
	bool		have = false;
	double		s = 0.0;
	double		oma = 1.0 - param;

	for (size_t i = 0; i < n; i++)
	{
		double		r;

		outv[i] = in[i];
		out[i] = 0.0;
		if (!in[i])
		{
			if (op == FK_RUN_FILL_FORWARD && have)
			{
				outv[i] = true;
				out[i] = s;
			}
			else if (op == FK_RUN_FILL_NULL)
			{
				outv[i] = true;
				out[i] = param;
			}
			continue;
		}
		if (!have || op == FK_RUN_FILL_FORWARD || op == FK_RUN_FILL_NULL)
			r = x[i];
		else if (op == FK_RUN_CUMSUM)
		{
			r = s + x[i];
			if (isinf(r) && !isinf(s) && !isinf(x[i]))
				return i;
		}
		else if (op == FK_RUN_CUMPROD)
		{
			r = s * x[i];
			if ((isinf(r) && !isinf(s) && !isinf(x[i])) ||
				(r == 0.0 && s != 0.0 && x[i] != 0.0))
				return i;
		}
		else if (op == FK_RUN_CUMMAX)
			r = gt(s, x[i]) ? s : x[i];
		else if (op == FK_RUN_CUMMIN)
			r = lt(s, x[i]) ? s : x[i];
		else
		{
			double		a = param * x[i];
			double		b = oma * s;

			r = a + b;
			if ((a == 0.0 && x[i] != 0.0) || (b == 0.0 && oma != 0.0 && s != 0.0) ||
				(isinf(r) && !isinf(a) && !isinf(b)))
				return i;
		}
		have = true;
		s = out[i] = r;
	}
	return n;
}

/* Is the result (values, validity or none) the model's, bit for bit? */
static bool
same_as_model(const double *out, const uint64_t *outvalid, const double *mo,
			  const bool *mv, size_t n)
{
	for (size_t i = 0; i < n; i++)
	{
		bool		v = outvalid ? FkBitmapGet(outvalid, i) : true;

		if (v != mv[i] || !same_value(out[i], mo[i]))
		{
			printf("# element %zu: %d %g, model %d %g\n", i, v, out[i], mv[i], mo[i]);
			return false;
		}
	}
	return outvalid == NULL || FkBitmapTailClean(outvalid, n);
}

/*
 * Run op over x in blocks of blk; outvalid gets a garbage pattern first
 * (every bit must be written).  Returns false at a fault, with *at set.
 */
static bool
run_blocks(int op, double param, const double *x, const uint64_t *valid,
		   size_t n, size_t blk, double *out, uint64_t *outvalid, size_t *at)
{
	FkRunningState st;

	FkRunningInit(&st, (FkRunningOp) op, param);
	if (outvalid)
	{
		for (size_t w = 0; w < MAXW; w++)
			outvalid[w] = UINT64_C(0xA5A5A5A5A5A5A5A5);
	}
	for (size_t s = 0; s < n; s += blk)
	{
		size_t		len = n - s < blk ? n - s : blk;

		if (!FkRunningStep(&st, x + s, valid, s, len, out + s, outvalid))
		{
			*at = st.fault_index;
			return false;
		}
	}
	if (outvalid && n > 0)
		outvalid[(n - 1) / 64] &= FkWordMask((n - 1) / 64, n);
	return st.pos == n;
}

/* Every op, length, NULL pattern and block size against the model */
static void
test_running(void)
{
	static double x[MAXN],
				out[MAXN],
				mo[MAXN],
				whole[MAXN];
	static bool in[MAXN],
				mv[MAXN];
	uint64_t	bm[MAXW],
				ov[MAXW],
				wv[MAXW];

	for (int op = FK_RUN_CUMSUM; op <= FK_RUN_FILL_NULL; op++)
	{
		double		param = op == FK_RUN_EMA ? 0.1 : (op == FK_RUN_FILL_NULL ? -7.5 : 0.0);

		for (size_t li = 0; li < sizeof(lengths) / sizeof(lengths[0]); li++)
		{
			size_t		n = lengths[li];

			for (int pat = 0; pat < PAT_COUNT; pat++)
			{
				const uint64_t *valid;
				size_t		mfault;
				bool		good = true;

				make_values(x, n, op != FK_RUN_CUMPROD && op != FK_RUN_EMA);
				valid = make_valid(bm, in, n, pat);
				zero_absent(x, in, n);
				mfault = model_run(op, param, x, in, n, mo, mv);
				if (mfault < n)
				{
					ok(0, "%s: model faults at %zu on plain data", op_names[op], mfault);
					continue;
				}
				/* all at once, the bits every cut must give */
				if (!run_blocks(op, param, x, valid, n, MAXN, whole, wv, &mfault))
					ok(0, "%s: a fault on plain data", op_names[op]);
				for (size_t bi = 0; bi < sizeof(blocks) / sizeof(blocks[0]); bi++)
				{
					size_t		at;
					bool		need = valid != NULL && op != FK_RUN_FILL_NULL;

					uint64_t   *o = need || bi % 2 ? ov : NULL;

					memset(out, 0x5A, sizeof(out));
					if (!run_blocks(op, param, x, valid, n, blocks[bi], out, o, &at) ||
						!same_as_model(out, o, mo, mv, n) ||
						memcmp(out, whole, n * sizeof(double)) != 0 ||
						(o && memcmp(o, wv, FkBitmapWords(n) * sizeof(uint64_t)) != 0))
					{
						good = false;
						ok(0, "%s, n %zu, %s, blocks of %zu", op_names[op], n,
						   pat_names[pat], blocks[bi]);
					}
				}
				if (good)
					ok(1, "%s, n %zu, %s: model's bits in blocks of 1, 7, 64, 1000 and all",
					   op_names[op], n, pat_names[pat]);
			}
		}
	}
}

/* Overflow and underflow are found at the model's element in any cut */
static void
test_faults(void)
{
	static double x[MAXN],
				out[MAXN],
				mo[MAXN];
	static bool in[MAXN],
				mv[MAXN];
	uint64_t	bm[MAXW],
				ov[MAXW];
	struct
	{
		int			op;
		double		big;
		size_t		where;		/* big at where - 1 and where */
		size_t		expect;		/* the element at fault */
	}			cases[] = {
		{FK_RUN_CUMSUM, 1.7e308, 700, 700},
		{FK_RUN_CUMPROD, 1e300, 130, 130},
		{FK_RUN_CUMPROD, 1e-300, 64, 64},
		{FK_RUN_EMA, 5e-324, 999, 998}
	};

	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++)
	{
		size_t		n = 1000;
		int			op = cases[c].op;
		double		param = op == FK_RUN_EMA ? 0.25 : 0.0;
		size_t		mfault;
		bool		good = true;

		for (size_t i = 0; i < n; i++)
			x[i] = 1.0;
		x[cases[c].where - 1] = cases[c].big;
		x[cases[c].where] = cases[c].big;
		make_valid(bm, in, n, PAT_BOUNDARIES);
		in[cases[c].where] = in[cases[c].where - 1] = true;
		FkBitmapSet(bm, cases[c].where);
		FkBitmapSet(bm, cases[c].where - 1);
		mfault = model_run(op, param, x, in, n, mo, mv);
		for (size_t bi = 0; bi < sizeof(blocks) / sizeof(blocks[0]); bi++)
		{
			size_t		at = 0;

			if (run_blocks(op, param, x, bm, n, blocks[bi], out, ov, &at) ||
				at != mfault)
				good = false;
		}
		ok(good && mfault == cases[c].expect,
		   "%s: fault at element %zu in every cut", op_names[op], mfault);
	}
}

/* shift: streamed lags against the whole-vector form, and both against a model */
static void
test_shift(void)
{
	static double x[MAXN],
				out[MAXN],
				sout[MAXN],
				ring[MAXN],
				blk[MAXN];
	static bool in[MAXN];
	uint64_t	bm[MAXW],
				ov[MAXW],
				sov[MAXW],
				rv[MAXW],
				blkvalid[MAXW];
	static const int64_t ks[] = {0, 1, 5, 63, 64, 65, 999, 1000, 3000, -1, -63,
	-64, -65, -999, -1000, -3000, INT64_MIN};
	static const size_t ranges[] = {64, 1024, MAXN};

	for (size_t li = 0; li < sizeof(lengths) / sizeof(lengths[0]); li++)
	{
		size_t		n = lengths[li];

		for (int pat = 0; pat < PAT_COUNT; pat++)
		{
			const uint64_t *valid;
			bool		good = true;

			make_values(x, n, true);
			valid = make_valid(bm, in, n, pat);
			zero_absent(x, in, n);
			for (size_t ki = 0; ki < sizeof(ks) / sizeof(ks[0]); ki++)
			{
				int64_t		k = ks[ki];

				size_t		lo,
							hi;
				size_t		r = ranges[ki % 3];

				/*
				 * input blocks of 64, 1024 and all, from the first that
				 * reaches the output (the validity words zeroed first, as a
				 * result's are), the blocks' values and bits in copies of
				 * their own: the same as the model
				 */
				memset(ov, 0, sizeof(ov));
				memset(out, 0x5A, sizeof(out));
				(void) FkShiftRange(n, k, &lo, &hi);
				FkShiftFill(n, k, out);
				for (size_t s = lo - lo % r; s < hi; s += r)
				{
					size_t		nb = n - s < r ? n - s : r;

					memcpy(blk, x + s, nb * sizeof(double));
					if (valid != NULL)
						FkBitmapSlice(blkvalid, valid, s, nb);
					FkShiftBlock(blk, valid ? blkvalid : NULL, s, nb, n, k,
								 out, ov);
				}
				for (size_t i = 0; i < n; i++)
				{
					/* the model: i - k in range and present */
					bool		inr = k >= 0 ? (uint64_t) k <= i :
						(k != INT64_MIN && (uint64_t) (-k) < n - i);
					size_t		src = inr ? (size_t) ((int64_t) i - k) : 0;
					bool		v = inr && in[src];

					if (FkBitmapGet(ov, i) != v ||
						!same_value(out[i], v ? x[src] : 0.0))
						good = false;
				}
				if (n > 0 && !FkBitmapTailClean(ov, n))
					good = false;
				if (k <= 0 || k > MAXN)
					continue;
				for (size_t bi = 0; bi < sizeof(blocks) / sizeof(blocks[0]); bi++)
				{
					FkShiftState st;

					FkShiftInit(&st, (size_t) k, ring, rv);
					memset(sov, 0xA5, sizeof(sov));
					for (size_t s = 0; s < n; s += blocks[bi])
					{
						size_t		len = n - s < blocks[bi] ? n - s : blocks[bi];

						FkShiftStep(&st, x + s, valid, s, len, sout + s, sov);
					}
					for (size_t i = 0; i < n; i++)
						if (FkBitmapGet(sov, i) != FkBitmapGet(ov, i) ||
							bits_of(sout[i]) != bits_of(out[i]))
							good = false;
				}
			}
			ok(good, "shift, n %zu, %s: model's bits, streamed lags alike in every cut",
			   n, pat_names[pat]);
		}
	}
}

/*
 * NaN of every sign and payload, and Infinity - Infinity: cumsum, cumprod
 * and ema write the canonical NaN; cummax, cummin and fill_forward give the
 * element they pick, payload included (as core's max, min and lag)
 */
static void
test_nan_bits(void)
{
	static const uint64_t in_bits[] = {
		UINT64_C(0x7FF8000000000123), UINT64_C(0x3FF0000000000000),
		UINT64_C(0xFFF8000000000000), UINT64_C(0x7FF0000000000000),
		UINT64_C(0xFFF0000000000000), UINT64_C(0x4000000000000000)
	};
	static const int computed[] = {FK_RUN_CUMSUM, FK_RUN_CUMPROD, FK_RUN_EMA};
	double		x[6],
				out[6],
				inf[3] = {INFINITY, -INFINITY, 1.0};
	size_t		at;
	int			good = 1;

	for (size_t i = 0; i < 6; i++)
		x[i] = double_of(in_bits[i]);
	for (size_t k = 0; k < 3; k++)
		for (size_t blk = 1; blk <= 6; blk += 5)
		{
			if (!run_blocks(computed[k], 0.5, x, NULL, 6, blk, out, NULL, &at))
				good = 0;
			for (size_t i = 0; i < 6; i++)
				if (isnan(out[i]) && bits_of(out[i]) != FK_NAN_BITS)
					good = 0;
			good &= isnan(out[0]) && isnan(out[5]);
		}
	run_blocks(FK_RUN_CUMSUM, 0.0, inf, NULL, 3, 3, out, NULL, &at);
	good &= bits_of(out[1]) == FK_NAN_BITS && bits_of(out[2]) == FK_NAN_BITS;
	ok(good, "cumsum, cumprod, ema over a payload NaN, -NaN, Infinity - Infinity: the canonical NaN");

	run_blocks(FK_RUN_CUMMAX, 0.0, x, NULL, 6, 1, out, NULL, &at);
	good = bits_of(out[0]) == in_bits[0] && bits_of(out[5]) == in_bits[2];
	run_blocks(FK_RUN_CUMMIN, 0.0, x, NULL, 6, 2, out, NULL, &at);
	good &= bits_of(out[0]) == in_bits[0] && bits_of(out[1]) == in_bits[1];
	run_blocks(FK_RUN_FILL_FORWARD, 0.0, x, NULL, 6, 6, out, NULL, &at);
	good &= bits_of(out[0]) == in_bits[0] && bits_of(out[2]) == in_bits[2];
	ok(good, "cummax, cummin, fill_forward give the element they pick, payload and sign included");
}

/*
 * cummax and cummin over data where the running value mostly stays (a
 * random walk, its mirror) and over ties of -0 and +0 and NaN payloads at
 * the running value, in rounds of eight and across them: the model's bits
 * (payloads and signs included) in blocks of 1, 7, 64, 1000 and all
 */
static void
test_extreme_rounds(void)
{
	static double x[MAXN],
				out[MAXN],
				mo[MAXN];
	static bool in[MAXN],
				mv[MAXN];
	static const double ties[] = {0.0, -0.0, -1.0, -2.0};

	for (int op = FK_RUN_CUMMAX; op <= FK_RUN_CUMMIN; op++)
	{
		for (int kind = 0; kind < 3; kind++)
		{
			bool		good = true;
			double		w = 0.0;

			for (size_t i = 0; i < MAXN; i++)
			{
				in[i] = true;
				w += (double) rand() / RAND_MAX - 0.5;
				x[i] = op == FK_RUN_CUMMAX ? w : -w;
				if (kind == 1)
					x[i] = op == FK_RUN_CUMMAX ? ties[rand() % 4] : -ties[rand() % 4];
				else if (kind == 2 && rand() % 300 == 0)
					x[i] = double_of(bits_of(NAN) | (uint64_t) i);
			}
			model_run(op, 0.0, x, in, MAXN, mo, mv);
			for (size_t bi = 0; bi < sizeof(blocks) / sizeof(blocks[0]); bi++)
			{
				size_t		at;

				memset(out, 0x5A, sizeof(out));
				/* the element picked, its payload and sign included */
				if (!run_blocks(op, 0.0, x, NULL, MAXN, blocks[bi], out, NULL, &at) ||
					memcmp(out, mo, sizeof(out)) != 0)
					good = false;
			}
			ok(good, "%s over %s: the model's bits in every cut", op_names[op],
			   kind == 0 ? "a random walk" : kind == 1 ? "ties of -0 and +0" :
			   "a walk with NaN payloads");
		}
	}
}

int
main(void)
{
	srand(12);
	test_running();
	test_faults();
	test_shift();
	test_nan_bits();
	test_extreme_rounds();
	return done_testing();
}
