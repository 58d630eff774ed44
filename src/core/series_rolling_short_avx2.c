/*
 * series_rolling_short_avx2.c
 *		The group step of the short rolling windows compiled for AVX2 (see
 *		series_rolling_short_body.h); run only after the dispatcher
 *		(kernels.h) picks AVX2.
 */
#define FK_ISA Avx2
#include "series_rolling_short_body.h"
