/*
 * checks_body.h
 *		The fault checks of checks.h, compiled once per instruction set.
 *
 * Included by checks.c (baseline) and checks_avx2.c (-mavx2) with FK_ISA
 * defined to the name of the copy (cdefs.h): FkChecksScalar, FkChecksAvx2.
 * The faults of each function of core mirror utils/float.h and float.c of
 * PostgreSQL 15 (dlog1, dexp, dsqrt, float8_pl/mi/mul/div), written once,
 * without branches so that the 64-element loops vectorise; each check of
 * FK_CHECKS (checks.h) is the list of its steps, from which both the vector
 * loops and the fault of one element are written.
 */
#include <math.h>

#include "bitmap.h"
#include "cdefs.h"
#include "checks.h"

/* Bit k of a 64-bit word, as a table the vectoriser loads from */
static const uint64_t FK_ISA_FN(FkBitOf)[FK_WORD_BITS] = {
#define FK_B(k) (UINT64_C(1) << (k))
#define FK_B8(k) FK_B(k), FK_B(k + 1), FK_B(k + 2), FK_B(k + 3), \
	FK_B(k + 4), FK_B(k + 5), FK_B(k + 6), FK_B(k + 7)
	FK_B8(0), FK_B8(8), FK_B8(16), FK_B8(24),
	FK_B8(32), FK_B8(40), FK_B8(48), FK_B8(56)
#undef FK_B8
#undef FK_B
};

/* isinf() as a comparison the vectoriser knows */
static FK_ALWAYS_INLINE int
FK_ISA_FN(FkInf) (double d)
{
	return fabs(d) == INFINITY;
}
#define FkInf FK_ISA_FN(FkInf)

/*
 * The faults of each function of core a step calls (FK_STEP of FK_CHECKS),
 * F(condition, fault) in core's order: a condition written without
 * branches, for the vector loops, and the fault of an element for which it
 * holds.
 */
/* dlog1: zero or negative (NaN passes) */
#define FK_FAULTS_LN(F, x) \
	F((x) <= 0.0, (x) == 0.0 ? FK_FAULT_LOG_ZERO : FK_FAULT_LOG_NEGATIVE)
/* dsqrt: negative (-0 and NaN pass) */
#define FK_FAULTS_SQRT(F, x) \
	F((x) < 0.0, FK_FAULT_SQRT_NEGATIVE)
/* dexp: a finite argument whose result is infinite or zero */
#define FK_FAULTS_EXP(F, x, r) \
	F(((x) == (x)) & !FkInf(x) & (FkInf(r) | ((r) == 0.0)), \
	  FkInf(r) ? FK_FAULT_OVERFLOW : FK_FAULT_UNDERFLOW)
/* dsin, dcos, dtan: an infinite argument */
#define FK_FAULTS_TRIG(F, x) \
	F(FkInf(x), FK_FAULT_INPUT_RANGE)
/* expm1: a finite argument whose result is infinite */
#define FK_FAULTS_EXPM1(F, x, r) \
	F(((x) == (x)) & !FkInf(x) & FkInf(r), FK_FAULT_OVERFLOW)
/*
 * dpow: NaN operands pass; zero to a negative power, a negative number to a
 * non-integer power; for finite operands, an infinite result or a zero one
 * of a nonzero base
 */
#define FK_FAULTS_POW(F, x, y, r) \
	F(((x) == 0.0) & ((y) < 0.0), FK_FAULT_POW_ZERO_NEGATIVE) \
	F(((x) < 0.0) & ((y) == (y)) & (floor(y) != (y)), \
	  FK_FAULT_POW_NEGATIVE_FRAC) \
	F(((x) == (x)) & ((y) == (y)) & !FkInf(x) & !FkInf(y) & FkInf(r), \
	  FK_FAULT_OVERFLOW) \
	F(((x) == (x)) & ((y) == (y)) & !FkInf(x) & !FkInf(y) & ((r) == 0.0) & \
	  ((x) != 0.0), FK_FAULT_UNDERFLOW)
/* float8_pl, float8_mi: overflow */
#define FK_FAULTS_ADD(F, x, y, r) \
	F(FkInf(r) & !FkInf(x) & !FkInf(y), FK_FAULT_OVERFLOW)
/* float8_mul: overflow, underflow */
#define FK_FAULTS_MUL(F, x, y, r) \
	FK_FAULTS_ADD(F, x, y, r) \
	F(((r) == 0.0) & ((x) != 0.0) & ((y) != 0.0), FK_FAULT_UNDERFLOW)
/* float8_div: division by zero, overflow, underflow */
#define FK_FAULTS_DIV(F, x, y, r) \
	F(((y) == 0.0) & ((x) == (x)), FK_FAULT_DIV_ZERO) \
	F(FkInf(r) & !FkInf(x), FK_FAULT_OVERFLOW) \
	F(((r) == 0.0) & ((x) != 0.0) & !FkInf(y), FK_FAULT_UNDERFLOW)

/* Element form of a step: return its first fault, else on to the next stage */
#define FK_FAULT_IF(cond, fault) \
	if (cond) \
		return (fault);
#define FK_STEP(fn, ...) \
	FK_FAULTS_##fn(FK_FAULT_IF, __VA_ARGS__) \
	(*stage)++;
#define FK_ELEMENT_CASE(CHECK, steps) \
		case FK_CHECK_##CHECK: \
			steps \
			break;

/*
 * The fault of element i of chk and the stage it belongs to; called only
 * for the rare elements whose bit the vector loop set.
 */
static FkFault
FK_ISA_FN(FkElementFault) (const FkCheck *c, size_t i, int *stage)
{
	const double *x = c->x;
	const double *y = c->y;
	const double *r = c->r;
	const double a = c->a;
	const double b = c->b;
	const size_t k = i;

	*stage = 0;
	switch (c->op)
	{
			FK_CHECKS(FK_ELEMENT_CASE)
		case FK_CHECK_NONE:
			break;
	}
	return FK_FAULT_NONE;
}

#undef FK_ELEMENT_CASE
#undef FK_STEP
#undef FK_FAULT_IF

/* Vector form of a step: its conditions ORed */
#define FK_FAULT_OR(cond, fault) | (cond)
#define FK_STEP(fn, ...) FK_FAULTS_##fn(FK_FAULT_OR, __VA_ARGS__)
#define FK_EMIT_CASE(CHECK, steps) \
		case FK_CHECK_##CHECK: \
			FK_EMIT(0 steps); \
			break;

/*
 * The switch of the vector loops over c->op: FK_EMIT(pred), defined by the
 * caller, runs the loop of predicate pred (of k) over the range (x, y, r,
 * a, b: the operands from its first element)
 */
#define FK_CHECK_SWITCH \
	switch (c->op) \
	{ \
		FK_CHECKS(FK_EMIT_CASE) \
		case FK_CHECK_NONE: \
			break; \
	}

/* OR the bit of every k in [0, len) for which pred (of k) holds into bad */
#define FK_COLLECT(pred) \
	for (size_t k = 0; k < len; k++) \
		bad |= (uint64_t) -(int64_t) (pred) & FK_ISA_FN(FkBitOf)[k]

/*
 * Bit k set when element j + k (k < len <= 64) faults, present or not.
 * Inlined with len = 64 for whole words, so those loops have a fixed count.
 */
static FK_ALWAYS_INLINE uint64_t
FK_ISA_FN(FkFaultBits) (const FkCheck *c, size_t j, size_t len)
{
	const double *x = c->x + j;
	const double *y = c->y ? c->y + j : NULL;
	const double *r = c->r ? c->r + j : NULL;
	const double a = c->a;
	const double b = c->b;
	uint64_t	bad = 0;

#define FK_EMIT FK_COLLECT
	FK_CHECK_SWITCH;
#undef FK_EMIT
	return bad;
}

/* Elements a fault check passes over at once when none of them faults */
#define FK_CHECK_CHUNK 1024

/* OR pred (of k) over k in [0, len) into any, without the bits */
#define FK_ANY(pred) \
	for (size_t k = 0; k < len; k++) \
		any |= (uint64_t) (pred)

/*
 * Does element j + k (k < len) fault, present or not, for any k?  The test
 * before FkFaultBits, over FK_CHECK_CHUNK elements at a time: it compares
 * and ORs, where FkFaultBits also spreads each result to its bit, word by
 * word, so a chunk without a fault (nearly every one) costs about half.  A
 * NULL element may hold any value and answer yes; the bits then decide.
 */
static FK_ALWAYS_INLINE bool
FK_ISA_FN(FkAnyFault) (const FkCheck *c, size_t j, size_t len)
{
	const double *x = c->x + j;
	const double *y = c->y ? c->y + j : NULL;
	const double *r = c->r ? c->r + j : NULL;
	const double a = c->a;
	const double b = c->b;
	uint64_t	any = 0;

#define FK_EMIT FK_ANY
	FK_CHECK_SWITCH;
#undef FK_EMIT
	return any != 0;
}

/*
 * Walk the range a validity word at a time: pieces end where bit vbit + i
 * crosses a word, so each reads one word.  Starting at *pos, return the
 * faulty present elements of the next piece that has any, as bits from
 * element *start; 0 when the range is done.  The pieces of a chunk of
 * FK_CHECK_CHUNK elements without a fault are passed over at once
 * (*hot_end: the end of the chunk being walked).
 */
static FK_ALWAYS_INLINE uint64_t
FK_ISA_FN(FkNextFaults) (const FkCheck *c, const uint64_t *valid,
						 size_t vbit, size_t n, size_t *pos, size_t *start,
						 size_t *hot_end)
{
	while (*pos < n)
	{
		size_t		j = *pos;
		size_t		bit = vbit + j;
		size_t		len = FK_WORD_BITS - bit % FK_WORD_BITS;
		uint64_t	live = FK_ALL_VALID;
		uint64_t	bad;

		/* a new chunk: passed over whole when no element of it faults */
		if (j >= *hot_end)
		{
			size_t		e = n - j < FK_CHECK_CHUNK ? n : j + FK_CHECK_CHUNK;

			if (!FK_ISA_FN(FkAnyFault) (c, j, e - j))
			{
				*pos = e;
				continue;
			}
			*hot_end = e;
		}

		if (valid != NULL)
			live = valid[bit / FK_WORD_BITS] >> (bit % FK_WORD_BITS);
		if (len > n - j)
			len = n - j;
		if (len < FK_WORD_BITS)
			live &= (UINT64_C(1) << len) - 1;
		*pos = j + len;
		if (live == 0)
			continue;
		if (len == FK_WORD_BITS)
			bad = FK_ISA_FN(FkFaultBits) (c, j, FK_WORD_BITS);
		else
			bad = FK_ISA_FN(FkFaultBits) (c, j, len);
		if ((bad &= live) != 0)
		{
			*start = j;
			return bad;
		}
	}
	return 0;
}

/* FkCheckTable.find for this instruction set */
static bool
FK_ISA_FN(FkFindFault) (const FkCheck *c, const uint64_t *valid,
						size_t vbit, size_t n, FkFaultHit *hit)
{
	size_t		pos = 0,
				start = 0,
				hot_end = 0;
	uint64_t	bad;

	hit->fault = FK_FAULT_NONE;
	hit->stage = 0;
	hit->index = n;
	while ((bad = FK_ISA_FN(FkNextFaults) (c, valid, vbit, n, &pos, &start,
										   &hot_end)) != 0)
	{
		for (; bad != 0; bad &= bad - 1)
		{
			size_t		i = start + (size_t) __builtin_ctzll(bad);
			int			stage;
			FkFault		f = FK_ISA_FN(FkElementFault) (c, i, &stage);

			if (f == FK_FAULT_NONE ||
				(hit->fault != FK_FAULT_NONE && stage >= hit->stage))
				continue;
			hit->fault = f;
			hit->stage = stage;
			hit->index = i;
			if (stage == 0)
				return true;
		}
	}
	return hit->fault != FK_FAULT_NONE;
}

/* FkCheckTable.clear for this instruction set */
static size_t
FK_ISA_FN(FkClearFaults) (const FkCheck *c, uint64_t *valid, size_t vbit,
						  size_t n)
{
	size_t		pos = 0,
				start = 0,
				hot_end = 0,
				cleared = 0;
	uint64_t	bad;

	while ((bad = FK_ISA_FN(FkNextFaults) (c, valid, vbit, n, &pos, &start,
										   &hot_end)) != 0)
	{
		size_t		bit = vbit + start;

		valid[bit / FK_WORD_BITS] &= ~(bad << (bit % FK_WORD_BITS));
		cleared += (size_t) __builtin_popcountll(bad);
	}
	return cleared;
}

extern const FkCheckTable FK_ISA_FN(FkChecks);
const FkCheckTable FK_ISA_FN(FkChecks) = {
	FK_ISA_FN(FkFindFault),
	FK_ISA_FN(FkClearFaults)
};

#undef FK_CHECK_SWITCH
#undef FK_EMIT_CASE
#undef FK_STEP
#undef FK_FAULT_OR
#undef FkInf
