/*
 * running_step.h
 *		One step of a running operation (cumsum, cumprod, cummax, cummin,
 *		ema), written once for the streaming steps of series_running.c and
 *		for the kernels that pipeline a running operation behind the ln of
 *		its operand (kern_body.h), so that both give the same bits and find
 *		the same faults.
 *
 * This header does not include postgres.h.
 */
#ifndef FK_RUNNING_STEP_H
#define FK_RUNNING_STEP_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "cdefs.h"
#include "float8_nan.h"
#include "float8_order.h"
#include "series_running.h"

/* What core's float8pl reports for r = a + b */
static inline FkFault
FkAddFault(double r, double a, double b)
{
	if (FK_UNLIKELY(isinf(r)) && !isinf(a) && !isinf(b))
		return FK_FAULT_OVERFLOW;
	return FK_FAULT_NONE;
}

/* What core's float8mul reports for r = a * b */
static inline FkFault
FkMulFault(double r, double a, double b)
{
	if (FK_UNLIKELY(isinf(r)) && !isinf(a) && !isinf(b))
		return FK_FAULT_OVERFLOW;
	if (FK_UNLIKELY(r == 0.0) && a != 0.0 && b != 0.0)
		return FK_FAULT_UNDERFLOW;
	return FK_FAULT_NONE;
}

/*
 * The running value after s takes in v.  op is a constant in every caller
 * once inlined, so each operation gets its own loop without a test of op.
 *
 *	 cumsum, cumprod: core's float8pl and float8mul;
 *	 cummax, cummin: float8larger and float8smaller (a tie keeps the later
 *	 element);
 *	 ema: (alpha * v) + (oma * s), each product and the sum rounded.
 */
static FK_ALWAYS_INLINE double
FkRunningNext(FkRunningOp op, double s, double v, double alpha, double oma)
{
	switch (op)
	{
		case FK_RUN_CUMSUM:
			return s + v;
		case FK_RUN_CUMPROD:
			return s * v;
		case FK_RUN_CUMMAX:
			return FkFloat8Gt(s, v) ? s : v;
		case FK_RUN_CUMMIN:
			return FkFloat8Lt(s, v) ? s : v;
		case FK_RUN_EMA:
			return (alpha * v) + (oma * s);
		default:
			return v;
	}
}

/*
 * What op writes for running value r: a computed one (cumsum, cumprod,
 * ema) with the canonical NaN; cummax and cummin only pick an element, and
 * give it as it is (as core's max and min).  The running value itself
 * keeps whatever NaN it holds, which only ever gives NaN again.
 */
static FK_ALWAYS_INLINE double
FkRunningOut(FkRunningOp op, double r)
{
	if (op == FK_RUN_CUMSUM || op == FK_RUN_CUMPROD || op == FK_RUN_EMA)
		return FkCanonNan(r);
	return r;
}

/*
 * The fault core finds where FkRunningNext(op, s, v) gave r: the overflow
 * of float8pl, the overflow or underflow of float8mul; for ema in the
 * order core finds them evaluating its expression: the left product, the
 * right one, the sum (the products again, the same bits).
 */
static FK_ALWAYS_INLINE FkFault
FkRunningNextFault(FkRunningOp op, double s, double v, double r,
				   double alpha, double oma)
{
	FkFault		f;

	switch (op)
	{
		case FK_RUN_CUMSUM:
			return FkAddFault(r, s, v);
		case FK_RUN_CUMPROD:
			return FkMulFault(r, s, v);
		case FK_RUN_EMA:
			if ((f = FkMulFault(alpha * v, alpha, v)) != FK_FAULT_NONE ||
				(f = FkMulFault(oma * s, oma, s)) != FK_FAULT_NONE)
				return f;
			return FkAddFault(r, alpha * v, oma * s);
		default:
			return FK_FAULT_NONE;
	}
}

/* The bits of the neutral element of cumsum (-0) or cumprod (1) */
static inline uint64_t
FkRunningNeutralBits(FkRunningOp op)
{
	const double neutral = op == FK_RUN_CUMSUM ? -0.0 : 1.0;
	uint64_t	u;

	memcpy(&u, &neutral, sizeof(u));
	return u;
}

/* x where mask m is all ones, the neutral element (its bits) where zero */
static FK_ALWAYS_INLINE double
FkRunningMaskIn(double x, uint64_t neutral, uint64_t m)
{
	uint64_t	u;

	memcpy(&u, &x, sizeof(u));
	u = (u & m) | (neutral & ~m);
	memcpy(&x, &u, sizeof(x));
	return x;
}

/* r where mask m is all ones, 0.0 where zero */
static FK_ALWAYS_INLINE double
FkRunningMaskBits(double r, uint64_t m)
{
	uint64_t	u;

	memcpy(&u, &r, sizeof(u));
	u &= m;
	memcpy(&r, &u, sizeof(r));
	return r;
}

/* What a masked step writes: FkRunningOut(op, r) where m is set, else 0.0 */
static FK_ALWAYS_INLINE double
FkRunningMaskOut(FkRunningOp op, double r, uint64_t m)
{
	return FkRunningMaskBits(FkRunningOut(op, r), m);
}

/*
 * Is running value s clean: one past which no fault of op can hide?  A
 * fault of cumsum (an infinite sum of finite terms) leaves every later sum
 * infinite or NaN, one of cumprod (that, or a zero product of nonzero
 * terms) every later product so or zero; cummax and cummin never fault.
 * So steps from a clean value to a clean value found no fault, and a
 * caller may test the last value of a run instead of every step.  Not so
 * for ema, whose underflowing product can vanish in its sum: never clean.
 */
static inline bool
FkRunningClean(FkRunningOp op, double s)
{
	switch (op)
	{
		case FK_RUN_CUMSUM:
			return isfinite(s);
		case FK_RUN_CUMPROD:
			return isfinite(s) && s != 0.0;
		case FK_RUN_CUMMAX:
		case FK_RUN_CUMMIN:
			return true;
		default:
			return false;
	}
}

#endif							/* FK_RUNNING_STEP_H */
