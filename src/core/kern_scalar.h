/*
 * kern_scalar.h
 *		The primitives of kern_body.h for the portable path, one double at a
 *		time, shared by its two builds (with and without FMA).
 *
 * The including file defines FK_SUFFIX, FK_TABLE and FK_SLEEF_CALL
 * (SLEEF's deterministic one-lane functions, see sleef_scalar.h and
 * kern_sleef.h).  With one
 * lane there is never a partial vector, so the partial load and store are
 * plain ones.  Built without instruction-set flags: it runs on any x86-64.
 */
#include <math.h>
#include <stddef.h>

#include "sleef_scalar.h"

typedef double FkVec;

#include "kern_sleef.h"

#define FK_W 1
#define FK_ISA_NAME "scalar"

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
#define FkVSelLt(x, t, a, b)	((x) < (t) ? (a) : (b))
#define FkVSelGt(x, t, a, b)	((x) > (t) ? (a) : (b))
#define FkVSelNan(x, a, b)	(isnan(x) ? (a) : (b))
#define FkVAnyGt(x, t)		((x) > (t))
typedef int FkVShift;			/* every lag is a multiple of one lane */
#define FkVShiftMake(r)		((int) (r))
#define FkVShiftIn(lo, hi, sh)	(hi)

#include "kern_body.h"
