/*
 * kern_avx2.c
 *		Kernels on 4 doubles at a time with AVX2 and FMA (SLEEF's avx2 ln/exp).
 *
 * Compiled with -mavx2 -mfma (see the Makefile); called only after
 * FkIsaSupported(FK_ISA_AVX2).  sleef.h shows its 256-bit prototypes only
 * under __AVX__, hence this file of its own.
 */
#include <immintrin.h>
#include <stddef.h>

#include <sleef.h>

typedef __m256d FkVec;

#define FK_W 4
#define FK_MM_PREFIX _mm256_
#define FK_SUFFIX Avx2
#define FK_TABLE FkKernelsAvx2
#define FK_ISA_NAME "avx2"

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

/* SLEEF u10: within 1 ULP */
#define FkVLn(x)			Sleef_logd4_u10avx2(x)
#define FkVExp(x)			Sleef_expd4_u10avx2(x)

#include "kern_body.h"
