/*
 * kern_avx512.h
 *		The instruction set AVX-512 (F and DQ, with FMA) for the code
 *		compiled once per instruction set: its name (FK_ISA, cdefs.h) and the
 *		vector primitives of kern_body.h on 8 doubles, SLEEF's deterministic
 *		finz avx512f functions among them.
 *
 * Included by the files built with -mavx512f -mavx512dq -mavx2 -mfma (see
 * the Makefile): the kernels (kern_avx512.c) and GELU
 * (dense_gelu_avx512.c); their code runs only after the dispatcher chose
 * AVX-512 (kernels.h).  sleef.h shows its 512-bit prototypes only under
 * __AVX512F__.
 */
#ifndef FK_KERN_AVX512_H
#define FK_KERN_AVX512_H

#include <immintrin.h>
#include <stddef.h>

#include <sleef.h>

typedef __m512d FkVec;

#define FK_ISA Avx512
#define FK_ISA_LABEL "avx512"
#define FK_W 8
#define FK_MM_PREFIX _mm512_

/* x rounded to an integer in direction mode (kern_simd.h) */
#define FkVRoundTo(x, mode)	_mm512_roundscale_pd((x), (mode))

#include "kern_simd.h"

/* Load the first k < 8 elements, the other lanes 0.0, without reading past */
static inline FkVec
FkVLoadN(const double *p, size_t k)
{
	return _mm512_maskz_loadu_pd((__mmask8) ((1u << k) - 1), p);
}

/* Store the first k < 8 lanes, touching nothing past them */
static inline void
FkVStoreN(double *p, FkVec v, size_t k)
{
	_mm512_mask_storeu_pd(p, (__mmask8) ((1u << k) - 1), v);
}

/* Lane indices for FkVShiftIn: lane j takes lo[8 - r + j] below r, else hi[j - r] */
typedef __m512i FkVShift;

/* The FkVShift of a lag r mod 8 */
static inline FkVShift
FkVShiftMake(size_t r)
{
	long long	idx[8];

	for (size_t j = 0; j < 8; j++)
		idx[j] = (long long) ((j + 8 - r) % 8 + (j < r ? 8 : 0));
	return _mm512_loadu_si512(idx);
}

/* The last r lanes of lo, then the first 8 - r lanes of hi */
#define FkVShiftIn(lo, hi, sh)	_mm512_permutex2var_pd((hi), (sh), (lo))

/* Lanes where x < t (x > t, x is NaN) take a, the others b */
#define FkVSelLt(x, t, a, b) \
	_mm512_mask_blend_pd(_mm512_cmp_pd_mask((x), (t), _CMP_LT_OQ), (b), (a))
#define FkVSelGt(x, t, a, b) \
	_mm512_mask_blend_pd(_mm512_cmp_pd_mask((x), (t), _CMP_GT_OQ), (b), (a))
#define FkVSelNan(x, a, b) \
	_mm512_mask_blend_pd(_mm512_cmp_pd_mask((x), (x), _CMP_UNORD_Q), (b), (a))

/* Is x > t in some lane? */
#define FkVAnyGt(x, t)		(_mm512_cmp_pd_mask((x), (t), _CMP_GT_OQ) != 0)

/* SLEEF's deterministic u10 functions: the bits of every other path */
#define FK_SLEEF_CALL(sleef)	Sleef_finz_##sleef##d8_u10avx512f
#include "kern_sleef.h"

#endif							/* FK_KERN_AVX512_H */
