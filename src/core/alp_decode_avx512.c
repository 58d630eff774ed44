/*
 * alp_decode_avx512.c
 *		The inner loops of the ALP decoder compiled for AVX-512 (see
 *		alp_decode_body.h); run only after FkIsaSupported(FK_ISA_AVX512).
 */
#define FK_ISA Avx512
#include "alp_decode_body.h"
