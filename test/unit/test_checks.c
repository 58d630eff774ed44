/*
 * test_checks.c
 *		Unit tests of the fault checks against a model written the way core
 *		PostgreSQL's float8 functions test their operands, one element at a
 *		time, on random operands mixing special values, random validity,
 *		ranges that start and end inside a validity word, and each ISA.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/bitmap.h"
#include "../../src/core/checks.h"
#include "tap.h"

#define MAXN 3000

/* Values that hit every branch of core's checks */
static const double specials[] = {
	0.0, -0.0, 1.0, -1.0, 2.0, 0.5, 1e308, -1e308, 1e-308, -1e-308,
	5e-324, 1e300, 1e-300, 710.0, -746.0, 700.0, INFINITY, -INFINITY, NAN
};
#define NSPECIALS (sizeof(specials) / sizeof(specials[0]))

/* A random operand: a special value half of the time */
static double
random_value(void)
{
	if (rand() % 2)
		return specials[rand() % NSPECIALS];
	return ldexp((double) rand() / RAND_MAX - 0.5, rand() % 2100 - 1050);
}

/* The model: core's fault for float8_mul */
static FkFault
model_mul(double x, double y, double r)
{
	if (isinf(r) && !isinf(x) && !isinf(y))
		return FK_FAULT_OVERFLOW;
	if (r == 0.0 && x != 0.0 && y != 0.0)
		return FK_FAULT_UNDERFLOW;
	return FK_FAULT_NONE;
}

/* The model: core's fault for float8_pl and float8_mi */
static FkFault
model_add(double x, double y, double r)
{
	return (isinf(r) && !isinf(x) && !isinf(y)) ? FK_FAULT_OVERFLOW : FK_FAULT_NONE;
}

/* The model: core's fault for float8_div */
static FkFault
model_div(double x, double y, double r)
{
	if (y == 0.0 && !isnan(x))
		return FK_FAULT_DIV_ZERO;
	if (isinf(r) && !isinf(x))
		return FK_FAULT_OVERFLOW;
	if (r == 0.0 && x != 0.0 && !isinf(y))
		return FK_FAULT_UNDERFLOW;
	return FK_FAULT_NONE;
}

/* The model: core's fault for dpow */
static FkFault
model_pow(double x, double y, double r)
{
	if (isnan(x) || isnan(y))
		return FK_FAULT_NONE;
	if (x == 0.0 && y < 0.0)
		return FK_FAULT_POW_ZERO_NEGATIVE;
	if (x < 0.0 && floor(y) != y)
		return FK_FAULT_POW_NEGATIVE_FRAC;
	if (isinf(x) || isinf(y))
		return FK_FAULT_NONE;
	if (isinf(r))
		return FK_FAULT_OVERFLOW;
	if (r == 0.0 && x != 0.0)
		return FK_FAULT_UNDERFLOW;
	return FK_FAULT_NONE;
}

/* The model: fault of element i at each stage of c's chain */
static FkFault
model(const FkCheck *c, size_t i, int stage)
{
	double		x = c->x[i];
	double		t;

	switch (c->op)
	{
		case FK_CHECK_LN:
			if (stage > 0)
				return FK_FAULT_NONE;
			return x == 0.0 ? FK_FAULT_LOG_ZERO : x < 0.0 ? FK_FAULT_LOG_NEGATIVE : FK_FAULT_NONE;
		case FK_CHECK_SQRT:
			return (stage == 0 && x < 0.0) ? FK_FAULT_SQRT_NEGATIVE : FK_FAULT_NONE;
		case FK_CHECK_EXP:
			if (stage > 0 || isnan(x) || isinf(x))
				return FK_FAULT_NONE;
			return isinf(c->r[i]) ? FK_FAULT_OVERFLOW :
				c->r[i] == 0.0 ? FK_FAULT_UNDERFLOW : FK_FAULT_NONE;
		case FK_CHECK_TRIG:
			return (stage == 0 && isinf(x)) ? FK_FAULT_INPUT_RANGE : FK_FAULT_NONE;
		case FK_CHECK_LN1P:
			if (stage > 0)
				return FK_FAULT_NONE;
			return x == -1.0 ? FK_FAULT_LOG_ZERO : x < -1.0 ? FK_FAULT_LOG_NEGATIVE : FK_FAULT_NONE;
		case FK_CHECK_EXPM1:
			if (stage > 0 || isnan(x) || isinf(x))
				return FK_FAULT_NONE;
			return isinf(c->r[i]) ? FK_FAULT_OVERFLOW : FK_FAULT_NONE;
		case FK_CHECK_POW:
			return stage ? FK_FAULT_NONE : model_pow(x, c->y[i], c->r[i]);
		case FK_CHECK_POW_S:
			return stage ? FK_FAULT_NONE : model_pow(x, c->a, c->r[i]);
		case FK_CHECK_ADD:
			return stage ? FK_FAULT_NONE : model_add(x, c->y[i], c->r[i]);
		case FK_CHECK_ADD_S:
			return stage ? FK_FAULT_NONE : model_add(x, c->a, c->r[i]);
		case FK_CHECK_MUL:
			return stage ? FK_FAULT_NONE : model_mul(x, c->y[i], c->r[i]);
		case FK_CHECK_MUL_S:
			return stage ? FK_FAULT_NONE : model_mul(x, c->a, c->r[i]);
		case FK_CHECK_DIV:
			return stage ? FK_FAULT_NONE : model_div(x, c->y[i], c->r[i]);
		case FK_CHECK_DIV_S:
			return stage ? FK_FAULT_NONE : model_div(x, c->a, c->r[i]);
		case FK_CHECK_RDIV_S:
			return stage ? FK_FAULT_NONE : model_div(c->a, x, c->r[i]);
		case FK_CHECK_SCALE_ADD:
			t = x * c->a;
			return stage == 0 ? model_mul(x, c->a, t) :
				stage == 1 ? model_add(t, c->b, c->r[i]) : FK_FAULT_NONE;
		case FK_CHECK_SUB_MUL_ADD:
			t = x - c->y[i];
			return stage == 0 ? model_add(x, c->y[i], t) :
				stage == 1 ? model_mul(t, c->a, t * c->a) :
				stage == 2 ? model_add(t * c->a, c->b, c->r[i]) : FK_FAULT_NONE;
		case FK_CHECK_PCT_CHANGE:
			/* (x / y) - 1: the division's faults; the subtraction has none */
			return stage ? FK_FAULT_NONE : model_div(x, c->y[i], x / c->y[i]);
		case FK_CHECK_NONE:
			break;
	}
	return FK_FAULT_NONE;
}

/* Is element i faulty at any stage, per the model? */
static bool
model_any(const FkCheck *c, size_t i)
{
	for (int s = 0; s < 3; s++)
		if (model(c, i, s) != FK_FAULT_NONE)
			return true;
	return false;
}

/* r[i] as the kernel of op would compute it */
static double
compute(const FkCheck *c, size_t i)
{
	double		x = c->x[i];

	switch (c->op)
	{
		case FK_CHECK_LN:
			return log(x);
		case FK_CHECK_SQRT:
			return sqrt(x);
		case FK_CHECK_EXP:
			return exp(x);
		case FK_CHECK_TRIG:
			return sin(x);
		case FK_CHECK_LN1P:
			return log1p(x);
		case FK_CHECK_EXPM1:
			return expm1(x);
		case FK_CHECK_POW:
			return pow(x, c->y[i]);
		case FK_CHECK_POW_S:
			return pow(x, c->a);
		case FK_CHECK_ADD:
			return x + c->y[i];
		case FK_CHECK_ADD_S:
			return x - c->a;
		case FK_CHECK_MUL:
			return x * c->y[i];
		case FK_CHECK_MUL_S:
			return x * c->a;
		case FK_CHECK_DIV:
			return x / c->y[i];
		case FK_CHECK_DIV_S:
			return x / c->a;
		case FK_CHECK_RDIV_S:
			return c->a / x;
		case FK_CHECK_SCALE_ADD:
			return (x * c->a) + c->b;
		case FK_CHECK_SUB_MUL_ADD:
			return ((x - c->y[i]) * c->a) + c->b;
		case FK_CHECK_PCT_CHANGE:
			return (x / c->y[i]) - 1.0;
		case FK_CHECK_NONE:
			break;
	}
	return 0.0;
}

static const char *const opnames[] = {
	[FK_CHECK_NONE] = "none", "ln", "sqrt", "exp", "trig", "ln1p", "expm1", "pow",
	"pow_s", "add", "add_s", "mul", "mul_s", "div", "div_s",
	"rdiv_s", "scale_add", "sub_mul_add", "pct_change"
};

/*
 * One random case: n elements at bit offset vbit of a random bitmap (or
 * none); find must give the model's lowest (stage, index), clear must clear
 * exactly the model's faulty present elements.
 */
static bool
one_case(const FkCheckTable *t, FkCheckOp op, size_t n, size_t vbit,
		 bool with_valid, unsigned fault_per_10k)
{
	static double x[MAXN],
				y[MAXN],
				r[MAXN];
	uint64_t	valid[(2 * MAXN + 63) / 64];
	uint64_t	cleared[(2 * MAXN + 63) / 64];
	FkCheck		c = {op, x, y, r, 0.0, 0.0};
	FkFaultHit	hit;
	bool		found;
	size_t		want_index = n,
				want_count = 0;
	int			want_stage = 0;
	FkFault		want = FK_FAULT_NONE;

	c.a = (rand() % 10000 < (int) fault_per_10k) ? random_value() : 1.5;
	c.b = (rand() % 10000 < (int) fault_per_10k) ? random_value() : -0.25;
	for (size_t i = 0; i < n; i++)
	{
		x[i] = (rand() % 10000 < (int) fault_per_10k) ? random_value() : 1.0 + i;
		y[i] = (rand() % 10000 < (int) fault_per_10k) ? random_value() : 3.0 - i;
	}
	for (size_t i = 0; i < n; i++)
		r[i] = compute(&c, i);
	memset(valid, 0, sizeof(valid));
	for (size_t i = 0; i < vbit + n; i++)
		if (rand() % 4)
			FkBitmapSet(valid, i);

	for (int s = 0; s < 3 && want == FK_FAULT_NONE; s++)
		for (size_t i = 0; i < n; i++)
		{
			if (with_valid && !FkBitmapGet(valid, vbit + i))
				continue;
			if (model(&c, i, s) != FK_FAULT_NONE)
			{
				want = model(&c, i, s);
				want_stage = s;
				want_index = i;
				break;
			}
		}
	found = t->find(&c, with_valid ? valid : NULL, vbit, n, &hit);
	if (found != (want != FK_FAULT_NONE) || hit.fault != want ||
		(found && (hit.stage != want_stage || hit.index != want_index)))
	{
		printf("# %s n=%zu vbit=%zu: found %d fault %d stage %d index %zu, want %d %d %zu\n",
			   opnames[op], n, vbit, found, hit.fault, hit.stage, hit.index,
			   want, want_stage, want_index);
		return false;
	}

	if (!with_valid)
		return true;
	memcpy(cleared, valid, sizeof(valid));
	for (size_t i = 0; i < n; i++)
		if (FkBitmapGet(valid, vbit + i) && model_any(&c, i))
		{
			FkBitmapClear(valid, vbit + i);
			want_count++;
		}
	if (t->clear(&c, cleared, vbit, n) != want_count ||
		memcmp(cleared, valid, sizeof(valid)) != 0)
	{
		printf("# %s n=%zu vbit=%zu: clear differs\n", opnames[op], n, vbit);
		return false;
	}
	return true;
}

/* Run every op through many random cases on one ISA's checks */
static void
test_isa(FkIsa isa, const char *name)
{
	static const size_t lengths[] = {0, 1, 7, 63, 64, 65, 128, 200, 300};
	static const size_t offsets[] = {0, 1, 5, 63, 64, 65, 130};
	static const size_t long_lengths[] = {1023, 1025, 2048, 2100, 3000};
	const FkCheckTable *t = FkChecksFor(isa);

	for (int op = FK_CHECK_LN; op <= FK_CHECK_PCT_CHANGE; op++)
	{
		bool		good = true;

		for (size_t li = 0; li < sizeof(lengths) / sizeof(lengths[0]); li++)
			for (size_t oi = 0; oi < sizeof(offsets) / sizeof(offsets[0]); oi++)
				for (unsigned pct = 0; pct <= 10; pct += 1)
					for (int rep = 0; rep < 4; rep++)
						good &= one_case(t, (FkCheckOp) op, lengths[li],
										 offsets[oi], rep % 2 == 0, 100 * pct);
		/* past several chunks of FK_CHECK_CHUNK, faults in a few of them */
		for (size_t li = 0; li < sizeof(long_lengths) / sizeof(long_lengths[0]); li++)
			for (unsigned rate = 0; rate <= 4; rate++)
				for (int rep = 0; rep < 4; rep++)
					good &= one_case(t, (FkCheckOp) op, long_lengths[li],
									 offsets[(li + rate + rep) % 7], rep % 2 == 0,
									 rate);
		ok(good, "%s: %s find and clear agree with core's rules", name, opnames[op]);
	}
}

/* A chain reports an earlier stage before an earlier index */
static void
test_stage_order(FkIsa isa, const char *name)
{
	const FkCheckTable *t = FkChecksFor(isa);
	double		x[3] = {1e300, 2.0, 1e-300};
	double		r[3];
	FkCheck		c = {FK_CHECK_SCALE_ADD, x, NULL, r, 1e-100, 1.7e308};
	FkFaultHit	hit;

	for (int i = 0; i < 3; i++)
		r[i] = (x[i] * c.a) + c.b;
	/* element 0: 1e200 + 1.7e308 overflows in the add; element 2 underflows in the mul */
	ok(t->find(&c, NULL, 0, 3, &hit) && hit.stage == 0 && hit.index == 2 &&
	   hit.fault == FK_FAULT_UNDERFLOW,
	   "%s: scale_add reports the mul underflow of element 2 before the add overflow of element 0",
	   name);
}

/* The shortcut after ln holds only for moderate scalars */
static void
test_safe_after_ln(void)
{
	ok(FkScaleAddSafeAfterLn(2.5, -1.0), "safe after ln: moderate a and b");
	ok(FkScaleAddSafeAfterLn(0.0, 1e300), "safe after ln: a = 0");
	ok(FkScaleAddSafeAfterLn(INFINITY, NAN), "safe after ln: not finite scalars");
	ok(!FkScaleAddSafeAfterLn(1e306, 0.0), "not safe after ln: a may overflow");
	ok(!FkScaleAddSafeAfterLn(1e-300, 0.0), "not safe after ln: a may underflow");
	ok(!FkScaleAddSafeAfterLn(1.0, DBL_MAX), "not safe after ln: b may overflow");
}

int
main(void)
{
	srand(20261122);
	test_isa(FK_ISA_SCALAR, "scalar");
	test_stage_order(FK_ISA_SCALAR, "scalar");
	if (FkIsaSupported(FK_ISA_AVX2))
	{
		test_isa(FK_ISA_AVX2, "avx2");
		test_stage_order(FK_ISA_AVX2, "avx2");
	}
	test_safe_after_ln();
	return done_testing();
}
