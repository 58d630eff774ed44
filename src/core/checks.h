/*
 * checks.h
 *		Finding the elements for which core PostgreSQL's float8 functions
 *		would raise an error, so that vector kernels raise the same one.
 *
 * The dense primitives (kernels.h) compute whatever IEEE arithmetic gives:
 * ln(0) = -Infinity, 1e308 * 10 = Infinity.  Core float8 raises an error in
 * those cases (dlog1, dexp, dsqrt, float8_pl/mi/mul/div in utils/float.h).
 * A check looks at the present elements of a range, after the kernel ran,
 * and reports the first one that core would reject, with the same fault.
 *
 * Chains (scale_add, sub_mul_add) are checked step by step, as the chain of
 * separate functions they stand for would fail: a fault of an earlier step
 * anywhere in the vector comes before a fault of a later step.  So a hit is
 * ordered by stage first, then by index.
 *
 * The bit-collecting loops are written to be vectorised; this file is
 * compiled once per instruction set (checks_body.h), like the kernels.
 * This header does not include postgres.h.
 */
#ifndef FK_CHECKS_H
#define FK_CHECKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernels.h"

/* What core would report for an element */
typedef enum FkFault
{
	FK_FAULT_NONE = 0,
	FK_FAULT_LOG_ZERO,			/* 2201E cannot take logarithm of zero */
	FK_FAULT_LOG_NEGATIVE,		/* 2201E ... of a negative number */
	FK_FAULT_SQRT_NEGATIVE,		/* 2201F cannot take square root of ... */
	FK_FAULT_DIV_ZERO,			/* 22012 division by zero */
	FK_FAULT_OVERFLOW,			/* 22003 value out of range: overflow */
	FK_FAULT_UNDERFLOW,			/* 22003 value out of range: underflow */
	FK_FAULT_INPUT_RANGE,		/* 22003 input is out of range */
	FK_FAULT_POW_ZERO_NEGATIVE, /* 2201F zero raised to a negative power */
	FK_FAULT_POW_NEGATIVE_FRAC	/* 2201F a negative number raised to a
								 * non-integer power */
} FkFault;

/*
 * FK_CHECKS(C) lists the checks, C(CHECK, steps): FK_CHECK_<CHECK> checks
 * steps, the functions of core's float8 that the computation calls, in its
 * order (the stage of a fault is the place of its step), each
 * FK_STEP(fn, operands ..., result): fn LN (dlog1), SQRT (dsqrt), EXP
 * (dexp), TRIG (dsin, dcos, dtan), EXPM1 (as dexp, less the underflow),
 * POW (dpow), ADD (float8_pl and float8_mi: only infinities matter), MUL
 * (float8_mul) or DIV (float8_div), whose faults checks_body.h states once.
 * Operands and results are written over element k of the vectors x, y and
 * of r (what the kernel computed), and the scalars a, b, as FkCheck names
 * them; a step before the last computes its result again.
 *
 *	LN			ln(x)
 *	SQRT		sqrt(x)
 *	EXP			r = exp(x)
 *	TRIG		sin(x), cos(x), tan(x)
 *	LN1P		log1p(x): ln's faults of 1 + x (exact where it matters: near
 *				-1, by Sterbenz's lemma)
 *	EXPM1		r = expm1(x): an overflow (it cannot underflow)
 *	POW, POW_S	r = x ^ y, x ^ a
 *	ADD			r = x + y or x - y
 *	ADD_S		r = x + a, x - a or a - x
 *	MUL, MUL_S	r = x * y, x * a
 *	DIV, DIV_S	r = x / y, x / a
 *	RDIV_S		r = a / x
 *	SCALE_ADD	r = (x * a) + b: mul, then add
 *	SUB_MUL_ADD r = ((x - y) * a) + b: sub, mul, add
 *	PCT_CHANGE	r = (x / y) - 1: the division's faults (the subtraction of
 *				1 has none)
 */
#define FK_CHECKS(C) \
	C(LN, FK_STEP(LN, x[k])) \
	C(SQRT, FK_STEP(SQRT, x[k])) \
	C(EXP, FK_STEP(EXP, x[k], r[k])) \
	C(TRIG, FK_STEP(TRIG, x[k])) \
	C(LN1P, FK_STEP(LN, x[k] + 1.0)) \
	C(EXPM1, FK_STEP(EXPM1, x[k], r[k])) \
	C(POW, FK_STEP(POW, x[k], y[k], r[k])) \
	C(POW_S, FK_STEP(POW, x[k], a, r[k])) \
	C(ADD, FK_STEP(ADD, x[k], y[k], r[k])) \
	C(ADD_S, FK_STEP(ADD, x[k], a, r[k])) \
	C(MUL, FK_STEP(MUL, x[k], y[k], r[k])) \
	C(MUL_S, FK_STEP(MUL, x[k], a, r[k])) \
	C(DIV, FK_STEP(DIV, x[k], y[k], r[k])) \
	C(DIV_S, FK_STEP(DIV, x[k], a, r[k])) \
	C(RDIV_S, FK_STEP(DIV, a, x[k], r[k])) \
	C(SCALE_ADD, FK_STEP(MUL, x[k], a, x[k] * a) \
	  FK_STEP(ADD, x[k] * a, b, r[k])) \
	C(SUB_MUL_ADD, FK_STEP(ADD, x[k], y[k], x[k] - y[k]) \
	  FK_STEP(MUL, x[k] - y[k], a, (x[k] - y[k]) * a) \
	  FK_STEP(ADD, (x[k] - y[k]) * a, b, r[k])) \
	C(PCT_CHANGE, FK_STEP(DIV, x[k], y[k], x[k] / y[k]))

/* The computation being checked: a row of FK_CHECKS */
typedef enum FkCheckOp
{
	FK_CHECK_NONE = 0,			/* nothing to check: never passed to find
								 * or clear (a row without .check) */
#define FK_CHECK_ENUM(CHECK, steps) FK_CHECK_##CHECK,
	FK_CHECKS(FK_CHECK_ENUM)
#undef FK_CHECK_ENUM
} FkCheckOp;

/*
 * One check over a range of n elements: element i reads x[i], y[i] and r[i]
 * (pointers the operation does not use may be NULL) and the scalars a, b.
 */
typedef struct FkCheck
{
	FkCheckOp	op;
	const double *x;
	const double *y;
	const double *r;			/* what the kernel computed */
	double		a;
	double		b;
} FkCheck;

/* The first faulty element of a range */
typedef struct FkFaultHit
{
	FkFault		fault;			/* FK_FAULT_NONE when none was found */
	int			stage;			/* step of the chain at fault, 0 first */
	size_t		index;			/* element, from the start of the range */
} FkFaultHit;

/*
 * Element i of a range is present when bit vbit + i of valid is set;
 * valid == NULL means all are present.
 */
typedef struct FkCheckTable
{
	/* Fill *hit with the lowest (stage, index) fault; false when none */
	bool		(*find) (const FkCheck *chk, const uint64_t *valid,
						 size_t vbit, size_t n, FkFaultHit *hit);
	/* Clear the validity bits of faulty elements; return how many */
	size_t		(*clear) (const FkCheck *chk, uint64_t *valid, size_t vbit,
						  size_t n);
} FkCheckTable;

/*
 * The checks compiled for isa (AVX-512 uses the AVX2 ones); NULL when this
 * CPU lacks isa
 */
extern const FkCheckTable *FkChecksFor(FkIsa isa);

/*
 * Can (t * a) + b fault for no t that a logarithm or a difference of two
 * logarithms gives?  Then chains after ln need only the ln check.
 */
extern bool FkScaleAddSafeAfterLn(double a, double b);

#endif							/* FK_CHECKS_H */
