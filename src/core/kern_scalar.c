/*
 * kern_scalar.c
 *		The portable kernels: one double at a time, libm's ln/exp.
 *
 * Built without instruction-set flags, so it runs on any x86-64 CPU.  With
 * one lane there is never a partial vector, so the partial load and store
 * are plain ones.  ln and exp are glibc's log and exp (under 0.52 ULP, the
 * functions core PostgreSQL's float8 ln and exp call): measured by
 * bench/kernel_bench, SLEEF's portable scalar u10 code is 3.6 times slower
 * than glibc's log on x86-64, and gives no better accuracy.
 */
#include <math.h>
#include <stddef.h>

typedef double FkVec;

#define FK_W 1
#define FK_SUFFIX Scalar
#define FK_TABLE FkKernelsScalar
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
typedef int FkVShift;			/* every lag is a multiple of one lane */
#define FkVShiftMake(r)		((int) (r))
#define FkVShiftIn(lo, hi, sh)	(hi)
#define FkVLn(x)			log(x)
#define FkVExp(x)			exp(x)

#include "kern_body.h"
