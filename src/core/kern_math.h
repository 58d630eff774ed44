/*
 * kern_math.h
 *		ln, exp, log1p and expm1 of kern_body.h, written once over the
 *		primitives so that every path computes them with the same operations.
 *
 * The including file defines FkVLnRaw, FkVExpRaw, FkVLog1pRaw and
 * FkVExpm1Raw (SLEEF's deterministic finz u10 functions of its instruction
 * set: the same bits in every lane on AVX-512, AVX2 and one-lane FMA code),
 * the lane selections FkVSelLt and FkVSelGt (lanes where x < t, x > t
 * take a, the others b), FkVSelNan (lanes where x is NaN take a) and
 * FkVAnyGt (is x > t in some lane?).
 * What SLEEF leaves to each instruction set is fixed here: a NaN argument
 * gives a NaN back, and ln of a negative number the default NaN (the
 * kernels then store every NaN as the canonical one, kern_body.h).
 */
#ifndef FK_KERN_MATH_H
#define FK_KERN_MATH_H

#include <float.h>

#include <math.h>

#include "cdefs.h"

/*
 * exp above FK_EXP_SPLIT: SLEEF's exp is Infinity from 709.7827111495575,
 * core's from 709.782712893384 on.  There exp(x) = exp(x - FK_LN2_HI) *
 * FK_EXP_LN2_HI: FK_LN2_HI is ln 2 rounded to a multiple of 2^-32 (21
 * trailing zero bits), so x - FK_LN2_HI is exact for x in [512, 1024)
 * (multiples of 2^-43), and FK_EXP_LN2_HI = exp(FK_LN2_HI) correctly
 * rounded (relative error 2.3e-17).
 */
#define FK_EXP_SPLIT		709.78
#define FK_LN2_HI			0x1.62e42feep-1
#define FK_EXP_LN2_HI		0x1.fffffffe5c611p+0

/*
 * A logarithm r of x (SLEEF's) as every path gives it: the default NaN for
 * a negative x, x itself for a NaN
 */
static FK_ALWAYS_INLINE FkVec
FkVLogFix(FkVec x, FkVec r)
{
	r = FkVSelLt(x, FkVSet1(0.0), FkVSet1(NAN), r);
	return FkVSelNan(x, x, r);
}

/* ln(x), the same bits on every path */
static FK_ALWAYS_INLINE FkVec
FkVLn(FkVec x)
{
	return FkVLogFix(x, FkVLnRaw(x));
}

/*
 * exp(x), finite wherever core's is, the same bits on every path.  Lanes
 * at or below the split get x - 0 and a product by 1, both exact, so the
 * branch around the rescaling changes no bits, only skips work.
 */
static FK_ALWAYS_INLINE FkVec
FkVExp(FkVec x)
{
	FkVec		split = FkVSet1(FK_EXP_SPLIT);
	FkVec		r;

	if (FkVAnyGt(x, split))
	{
		FkVec		shift = FkVSelGt(x, split, FkVSet1(FK_LN2_HI), FkVSet1(0.0));
		FkVec		scale = FkVSelGt(x, split, FkVSet1(FK_EXP_LN2_HI), FkVSet1(1.0));

		r = FkVMul(FkVExpRaw(FkVSub(x, shift)), scale);
	}
	else
		r = FkVExpRaw(x);
	return FkVSelNan(x, x, r);
}

/*
 * Below FK_TINY in magnitude, tan(x) and log1p(x) round to x itself (the
 * next term, x^3 / 3 or x^2 / 2, is under 2^-60 of x), where SLEEF's give
 * 0 for a subnormal x: r there is x (-0 and NaN included)
 */
#define FK_TINY				0x1p-60

/* r, or x where |x| < FK_TINY */
static FK_ALWAYS_INLINE FkVec
FkVTiny(FkVec x, FkVec r)
{
	return FkVSelLt(FkVAbs(x), FkVSet1(FK_TINY), x, r);
}

/*
 * SLEEF's log1p is Infinity above 1e307; there 1 + x is x, and ln(x) the
 * correctly rounded log1p(x) as closely as SLEEF's ln rounds it
 */
#define FK_LOG1P_SPLIT		1e307

/* log1p(x), the same bits on every path: ln's NaN for x < -1, as ln's fix */
static FK_ALWAYS_INLINE FkVec
FkVLog1p(FkVec x)
{
	FkVec		split = FkVSet1(FK_LOG1P_SPLIT);
	FkVec		r = FkVTiny(x, FkVLog1pRaw(x));

	if (FkVAnyGt(x, split))
		r = FkVSelGt(x, split, FkVLnRaw(x), r);
	return FkVLogFix(FkVAdd(x, FkVSet1(1.0)), r);
}

/*
 * expm1(x), the same bits on every path: above FK_EXP_SPLIT, where
 * SLEEF's expm1 is Infinity before core's exp is, exp(x) (which rounds
 * exp(x) - 1 to the same double there)
 */
static FK_ALWAYS_INLINE FkVec
FkVExpm1(FkVec x)
{
	FkVec		split = FkVSet1(FK_EXP_SPLIT);

	if (FkVAnyGt(x, split))
		return FkVSelGt(x, split, FkVExp(x), FkVExpm1Raw(x));
	return FkVExpm1Raw(x);
}

/*
 * x ^ y, the same bits on every path.  SLEEF's pow gives C99's special
 * values, which are dpow's wherever dpow returns (NaN ^ 0 = 1, 1 ^ NaN =
 * 1, the infinities); where dpow raises an error the check reports it.
 * SLEEF's pow is Infinity a little before the double range ends (2 ^
 * 1023.99999999, DBL_MAX ^ 1): for finite operands whose result it gives
 * as infinite, x ^ (y - 1) * x, or x ^ (y + 1) / x for y < 0 (y -+ 1 is
 * exact wherever the result is that large, by Sterbenz's lemma or as an
 * integer), one rounding more, infinite only where core's overflows too
 */
static FK_ALWAYS_INLINE FkVec
FkVPow(FkVec x, FkVec y)
{
	FkVec		big = FkVSet1(DBL_MAX);
	FkVec		r = FkVPowRaw(x, y);

	if (FkVAnyGt(FkVAbs(r), big))
	{
		FkVec		zero = FkVSet1(0.0);
		FkVec		one = FkVSet1(1.0);
		FkVec		up = FkVMul(FkVPowRaw(x, FkVSub(y, one)), x);
		FkVec		down = FkVDiv(FkVPowRaw(x, FkVAdd(y, one)), x);
		FkVec		fix = FkVSelGt(y, zero, up, down);

		fix = FkVSelGt(FkVAbs(r), big, fix, r);
		fix = FkVSelGt(FkVAbs(x), big, r, fix);
		r = FkVSelGt(FkVAbs(y), big, r, fix);
	}
	return r;
}

/*
 * atan2(x, y), the same bits on every path: SLEEF's atan2 gives C99's
 * special values (the signed zeros and infinities, NaN for a NaN operand),
 * which are those of core's datan2
 */
static FK_ALWAYS_INLINE FkVec
FkVAtan2(FkVec x, FkVec y)
{
	return FkVAtan2Raw(x, y);
}

/*
 * greatest(x, y) and least(x, y) in core's float8 order, where NaN is above
 * every number and -0 equals 0: y only when it orders strictly after (or
 * before) x, so x on a tie, as core's greatest and least keep the first
 */
static FK_ALWAYS_INLINE FkVec
FkVGreatest(FkVec x, FkVec y)
{
	FkVec		r = FkVSelGt(y, x, y, x);

	r = FkVSelNan(y, y, r);
	return FkVSelNan(x, x, r);
}

/* least(x, y): the NaN loses to a number (see FkVGreatest) */
static FK_ALWAYS_INLINE FkVec
FkVLeast(FkVec x, FkVec y)
{
	FkVec		r = FkVSelLt(y, x, y, x);

	r = FkVSelNan(x, y, r);
	return FkVSelNan(y, x, r);
}

#endif							/* FK_KERN_MATH_H */
