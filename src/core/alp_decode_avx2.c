/*
 * alp_decode_avx2.c
 *		The inner loops of the ALP decoder compiled for AVX2 (see
 *		alp_decode_body.h); run only after FkIsaSupported(FK_ISA_AVX2).
 */
#define FK_ISA Avx2
#include "alp_decode_body.h"
