/*
 * kern_avx512.c
 *		Kernels on 8 doubles at a time with AVX-512F (SLEEF's
 *		deterministic finz avx512f ln/exp).
 *
 * Compiled with -mavx512f -mavx512dq -mavx2 -mfma (see the Makefile);
 * called only after the dispatcher chose AVX-512 (kernels.h).
 */
#include "kern_avx512.h"

#include "kern_body.h"
