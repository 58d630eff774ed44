/*
 * dense_gelu_avx2.c
 *		Vector GELU for AVX2 (built with -mavx2), 4 doubles at a time.
 */
#include <immintrin.h>
#include <stddef.h>
#include <sleef.h>

#include "core/dense.h"

#define FK_VEC __m256d
#define FK_W 4
#define FK_LOADU _mm256_loadu_pd
#define FK_STOREU _mm256_storeu_pd
#define FK_SET1 _mm256_set1_pd
#define FK_ADD _mm256_add_pd
#define FK_MUL _mm256_mul_pd
#define FK_TANH Sleef_finz_tanhd4_u10avx2
#define FK_NEGINF_TO_NEGZERO(r, v) \
	_mm256_blendv_pd((r), _mm256_set1_pd(-0.0), \
					 _mm256_cmp_pd((v), _mm256_set1_pd(-INFINITY), _CMP_EQ_OQ))
#define FK_NAN_PASS(r, v) \
	_mm256_blendv_pd((r), (v), _mm256_cmp_pd((v), (v), _CMP_UNORD_Q))
#define FK_GELU_NAME FkGeluArrayAvx2

#include "core/dense_gelu_simd.h"
