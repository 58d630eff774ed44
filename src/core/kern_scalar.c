/*
 * kern_scalar.c
 *		The portable kernels on a CPU with FMA: SLEEF's deterministic
 *		one-lane log and exp built for FMA (finz purecfma).
 *
 * These give the same bits as the finz AVX2 and AVX-512 functions, so the
 * scalar path agrees bit for bit with the SIMD ones.  The file itself is
 * built without -mfma: only the SLEEF functions it calls use FMA, and
 * dispatch.c hands out this table only when FkCpuHasFma().  Measured by
 * bench/kernel_bench (docs/kernels.md): ln costs about twice what glibc's
 * log (the 0.1 scalar path) did, exp about the same; the price of giving
 * the SIMD paths' bits.
 */
#define FK_SLEEF_CALL(sleef)	Sleef_finz_##sleef##d1_u10purecfma

#include "kern_scalar.h"

#include "kern_body.h"
