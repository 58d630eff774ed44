/*
 * series_agg_fold_avx512.c
 *		The dense loops of the aggregates across rows compiled for AVX-512
 *		(see series_agg_fold_body.h); run only after
 *		FkIsaSupported(FK_ISA_AVX512).
 */
#define FK_ISA Avx512
#include "series_agg_fold_body.h"
