/*
 * kern_avx2.c
 *		Kernels on 4 doubles at a time with AVX2 and FMA (SLEEF's
 *		deterministic finz avx2 ln/exp).
 *
 * Compiled with -mavx2 -mfma (see the Makefile); called only after the
 * dispatcher chose AVX2 (kernels.h).
 */
#include "kern_avx2.h"

#include "kern_body.h"
