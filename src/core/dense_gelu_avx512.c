/*
 * dense_gelu_avx512.c
 *		Vector GELU for AVX-512 (built with the kernels' flags), 8 doubles
 *		at a time: dense_gelu_simd.h with the primitives of kern_avx512.h.
 */
#include "kern_avx512.h"

#include "dense_gelu_simd.h"
