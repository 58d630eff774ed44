/*
 * kern_avx512.c
 *		Kernels on 8 doubles at a time with AVX-512F (SLEEF's avx512f ln/exp).
 *
 * Compiled with -mavx512f -mavx512dq -mfma (see the Makefile); called only
 * after FkIsaSupported(FK_ISA_AVX512).  sleef.h shows its 512-bit prototypes
 * only under __AVX512F__, hence this file of its own.
 */
#include <immintrin.h>
#include <stddef.h>

#include <sleef.h>

typedef __m512d FkVec;

#define FK_W 8
#define FK_MM_PREFIX _mm512_
#define FK_SUFFIX Avx512
#define FK_TABLE FkKernelsAvx512
#define FK_ISA_NAME "avx512"

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

/* SLEEF u10: within 1 ULP */
#define FkVLn(x)			Sleef_logd8_u10avx512f(x)
#define FkVExp(x)			Sleef_expd8_u10avx512f(x)

#include "kern_body.h"
