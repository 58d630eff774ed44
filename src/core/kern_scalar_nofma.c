/*
 * kern_scalar_nofma.c
 *		The portable kernels on an x86-64 CPU without FMA: SLEEF's
 *		deterministic one-lane log and exp built without FMA (cinz purec).
 *
 * Such a CPU has no AVX2 path either, so this is the only table it runs.
 * Its results are deterministic among CPUs without FMA; against the FMA
 * paths, ln gave the same bits on every input tested while exp differs in
 * the last bit on about 5% of inputs (measured by test/unit/test_determinism,
 * documented in docs/kernels.md).
 */
#define FK_ISA ScalarNoFma
#define FK_SLEEF_CALL(sleef)	Sleef_cinz_##sleef##d1_u10purec

#include "kern_scalar.h"

#include "kern_body.h"
