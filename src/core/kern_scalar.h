/*
 * kern_scalar.h
 *		The portable instruction set for the code compiled once per
 *		instruction set: its name (FK_ISA, cdefs.h) and the primitives of
 *		kern_body.h, one double at a time, shared by the kernels' two builds
 *		(with and without FMA).
 *
 * The including file defines FK_SLEEF_CALL (SLEEF's deterministic one-lane
 * functions, see sleef_scalar.h and kern_sleef.h), and FK_ISA when it is
 * not Scalar (the kernels without FMA: ScalarNoFma).  With one lane there
 * is never a partial vector, so the partial load and store are plain ones.
 * Built without instruction-set flags: it runs on any x86-64.
 */
#ifndef FK_KERN_SCALAR_H
#define FK_KERN_SCALAR_H

#include <math.h>
#include <stddef.h>

#include "sleef_scalar.h"

typedef double FkVec;

#include "kern_sleef.h"

#ifndef FK_ISA
#define FK_ISA Scalar
#endif
#define FK_ISA_LABEL "scalar"
#define FK_W 1

#define FkVLoad(p)			(*(p))
#define FkVStore(p, v)		(*(p) = (v))
#define FkVLoadN(p, k)		((void) (k), *(p))
#define FkVStoreN(p, v, k)	((void) (k), *(p) = (v))
#define FkVSet1(s)			(s)
#define FkVAdd(x, y)		((x) + (y))
#define FkVSub(x, y)		((x) - (y))
#define FkVMul(x, y)		((x) * (y))
#define FkVDiv(x, y)		((x) / (y))
#define FkVSqrt(x)			sqrt(x)
#define FkVAbs(x)			fabs(x)
#define FkVNeg(x)			(-(x))
#define FkVTrunc(x)			trunc(x)
#define FkVFloor(x)			floor(x)
#define FkVCeil(x)			ceil(x)
#define FkVRint(x)			rint(x)
#define FkVSelLt(x, t, a, b)	((x) < (t) ? (a) : (b))
#define FkVSelGt(x, t, a, b)	((x) > (t) ? (a) : (b))
#define FkVSelNan(x, a, b)	(isnan(x) ? (a) : (b))
#define FkVAnyGt(x, t)		((x) > (t))
typedef int FkVShift;			/* every lag is a multiple of one lane */
#define FkVShiftMake(r)		((int) (r))
#define FkVShiftIn(lo, hi, sh)	(hi)

#endif							/* FK_KERN_SCALAR_H */
