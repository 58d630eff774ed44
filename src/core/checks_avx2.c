/*
 * checks_avx2.c
 *		Fault checks compiled for AVX2 (see checks_body.h).
 */
#define FK_ISA Avx2
#include "checks_body.h"
