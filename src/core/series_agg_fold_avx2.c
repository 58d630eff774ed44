/*
 * series_agg_fold_avx2.c
 *		The dense loops of the aggregates across rows compiled for AVX2 (see
 *		series_agg_fold_body.h); run only after FkIsaSupported(FK_ISA_AVX2).
 */
#define FK_ISA Avx2
#include "series_agg_fold_body.h"
