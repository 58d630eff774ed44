/*
 * dense_gelu_avx2.c
 *		Vector GELU for AVX2 (built with the kernels' flags), 4 doubles at a
 *		time: dense_gelu_simd.h with the primitives of kern_avx2.h.
 */
#include "kern_avx2.h"

#include "dense_gelu_simd.h"
