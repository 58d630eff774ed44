/*
 * kern_simd.h
 *		The vector primitives of kern_body.h for the x86 SIMD paths, written
 *		once: AVX2 and AVX-512 intrinsics differ only in their prefix.
 *
 * The including file defines FkVec, FK_MM_PREFIX (_mm256_ or _mm512_) and
 * the partial load/store and SLEEF primitives, which do differ.  abs and
 * neg work on the sign bit, as float8abs and float8um do (-0 included; a
 * NaN is then stored as the canonical one, as every NaN of a kernel); sqrt
 * is the correctly rounded instruction, as on every path.
 */
#ifndef FK_MM_PREFIX
#error "kern_simd.h is included by an instruction-set file that defines FK_MM_PREFIX"
#endif

#define FK_MM3(a, b, c) a##b##c
#define FK_MM2(a, b, c) FK_MM3(a, b, c)
#define FK_MM(op) FK_MM2(FK_MM_PREFIX, op, _pd)

#define FkVLoad(p)			FK_MM(loadu) (p)
#define FkVStore(p, v)		FK_MM(storeu) ((p), (v))
#define FkVSet1(s)			FK_MM(set1) (s)
#define FkVAdd(x, y)		FK_MM(add) ((x), (y))
#define FkVSub(x, y)		FK_MM(sub) ((x), (y))
#define FkVMul(x, y)		FK_MM(mul) ((x), (y))
#define FkVDiv(x, y)		FK_MM(div) ((x), (y))
#define FkVSqrt(x)			FK_MM(sqrt) (x)
#define FkVAbs(x)			FK_MM(andnot) (FK_MM(set1) (-0.0), (x))
#define FkVNeg(x)			FK_MM(xor) (FK_MM(set1) (-0.0), (x))

/*
 * Rounding to an integer in the four directions of C's trunc, floor, ceil
 * and rint (to nearest, half to even): FkVRoundTo(x, mode) is the including
 * file's instruction, exact and so the same bits on every path
 */
#define FkVTrunc(x)			FkVRoundTo((x), _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC)
#define FkVFloor(x)			FkVRoundTo((x), _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC)
#define FkVCeil(x)			FkVRoundTo((x), _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC)
#define FkVRint(x)			FkVRoundTo((x), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)
