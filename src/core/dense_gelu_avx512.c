/*
 * dense_gelu_avx512.c
 *		Vector GELU for AVX-512 (built with -mavx512f), 8 doubles at a time.
 */
#include <immintrin.h>
#include <stddef.h>
#include <sleef.h>

#include "core/dense.h"

#define FK_VEC __m512d
#define FK_W 8
#define FK_LOADU _mm512_loadu_pd
#define FK_STOREU _mm512_storeu_pd
#define FK_SET1 _mm512_set1_pd
#define FK_ADD _mm512_add_pd
#define FK_MUL _mm512_mul_pd
#define FK_TANH Sleef_finz_tanhd8_u10avx512f
#define FK_NEGINF_TO_NEGZERO(r, v) \
	_mm512_mask_blend_pd(_mm512_cmp_pd_mask((v), _mm512_set1_pd(-INFINITY), _CMP_EQ_OQ), \
						 (r), _mm512_set1_pd(-0.0))
#define FK_NAN_PASS(r, v) \
	_mm512_mask_blend_pd(_mm512_cmp_pd_mask((v), (v), _CMP_UNORD_Q), (r), (v))
#define FK_GELU_NAME FkGeluArrayAvx512

#include "core/dense_gelu_simd.h"
