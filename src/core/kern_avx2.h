/*
 * kern_avx2.h
 *		The instruction set AVX2 (with FMA) for the code compiled once per
 *		instruction set: its name (FK_ISA, cdefs.h) and the vector
 *		primitives of kern_body.h on 4 doubles, SLEEF's deterministic finz
 *		avx2 functions among them.
 *
 * Included by the files built with -mavx2 -mfma (see the Makefile): the
 * kernels (kern_avx2.c) and GELU (dense_gelu_avx2.c); their code runs only
 * after the dispatcher chose AVX2 (kernels.h).  sleef.h shows its 256-bit
 * prototypes only under __AVX__.
 */
#ifndef FK_KERN_AVX2_H
#define FK_KERN_AVX2_H

#include <immintrin.h>
#include <stddef.h>

#include <sleef.h>

typedef __m256d FkVec;

#define FK_ISA Avx2
#define FK_ISA_LABEL "avx2"
#define FK_W 4
#define FK_MM_PREFIX _mm256_

/* x rounded to an integer in direction mode (kern_simd.h) */
#define FkVRoundTo(x, mode)	_mm256_round_pd((x), (mode))

#include "kern_simd.h"

/* Lane mask of the first k lanes */
static inline __m256i
FkLanes(size_t k)
{
	return _mm256_cmpgt_epi64(_mm256_set1_epi64x((long long) k),
							  _mm256_setr_epi64x(0, 1, 2, 3));
}

/* Load the first k < 4 elements, the other lanes 0.0, without reading past */
static inline FkVec
FkVLoadN(const double *p, size_t k)
{
	return _mm256_maskload_pd(p, FkLanes(k));
}

/* Store the first k < 4 lanes, touching nothing past them */
static inline void
FkVStoreN(double *p, FkVec v, size_t k)
{
	_mm256_maskstore_pd(p, FkLanes(k), v);
}

/* How FkVShiftIn moves lanes: a rotation by r, and the lanes below r */
typedef struct FkVShift
{
	__m256i		rotate;			/* 32-bit lane indices: lane j from (j - r) mod 4 */
	__m256d		low;			/* all ones in lanes j < r */
} FkVShift;

/* The FkVShift of a lag r mod 4 */
static inline FkVShift
FkVShiftMake(size_t r)
{
	int			idx[8];
	FkVShift	sh;

	for (size_t j = 0; j < 4; j++)
	{
		idx[2 * j] = (int) (2 * ((j + 4 - r) % 4));
		idx[2 * j + 1] = idx[2 * j] + 1;
	}
	sh.rotate = _mm256_loadu_si256((const __m256i *) idx);
	sh.low = _mm256_castsi256_pd(FkLanes(r));
	return sh;
}

/* Rotate the lanes of v as sh says */
static inline FkVec
FkVRotate(FkVec v, FkVShift sh)
{
	return _mm256_castsi256_pd(_mm256_permutevar8x32_epi32(_mm256_castpd_si256(v),
														   sh.rotate));
}

/* The last r lanes of lo, then the first 4 - r lanes of hi */
static inline FkVec
FkVShiftIn(FkVec lo, FkVec hi, FkVShift sh)
{
	return _mm256_blendv_pd(FkVRotate(hi, sh), FkVRotate(lo, sh), sh.low);
}

/* Lanes where x < t (x > t, x is NaN) take a, the others b */
#define FkVSelLt(x, t, a, b) \
	_mm256_blendv_pd((b), (a), _mm256_cmp_pd((x), (t), _CMP_LT_OQ))
#define FkVSelGt(x, t, a, b) \
	_mm256_blendv_pd((b), (a), _mm256_cmp_pd((x), (t), _CMP_GT_OQ))
#define FkVSelNan(x, a, b) \
	_mm256_blendv_pd((b), (a), _mm256_cmp_pd((x), (x), _CMP_UNORD_Q))

/* Is x > t in some lane? */
#define FkVAnyGt(x, t)		(_mm256_movemask_pd(_mm256_cmp_pd((x), (t), _CMP_GT_OQ)) != 0)

/* SLEEF's deterministic u10 functions: the bits of every other path */
#define FK_SLEEF_CALL(sleef)	Sleef_finz_##sleef##d4_u10avx2
#include "kern_sleef.h"

#endif							/* FK_KERN_AVX2_H */
