/*
 * dense_gelu_simd.h
 *		Body of the vector GELU, compiled once per SIMD instruction set by a
 *		file that includes the header of its instruction set first
 *		(kern_avx2.h, kern_avx512.h): it is written with their primitives
 *		(FkVLoad, FkVAdd ... of kern_body.h) and defines
 *		FK_ISA_FN(FkGeluArray), FkGeluArrayAvx2 ...
 *
 * The formula of gelu_formula.h, with SLEEF's deterministic tanh
 * (FkVTanhRaw: finz u10, the bits of FkGeluArrayScalar's on a CPU with FMA)
 * in place of libm's; a NaN gives itself back, as on every path; the tail
 * goes through the same vector function on a partial load (the lanes past
 * it read 0.0, never stored), so that an element's result never depends on
 * where it sits.
 */
#include <float.h>

#include "cdefs.h"
#include "core/dense.h"
#include "gelu_formula.h"

/* gelu of the lanes of v */
static inline FkVec
FkVGelu(FkVec v)
{
	FkVec		r;

	r = FK_GELU_TANH_ARG(FkVMul, FkVAdd, FkVSet1(FK_GELU_SQRT_2_OVER_PI()),
						 FkVSet1(FK_GELU_CUBIC), v);
	r = FK_GELU_FROM_TANH(FkVMul, FkVAdd, FkVSet1(0.5), FkVSet1(1.0), v,
						  FkVTanhRaw(r));
	/* -Infinity, the only value below -DBL_MAX, gives the limit -0 */
	r = FkVSelLt(v, FkVSet1(-DBL_MAX), FkVSet1(-0.0), r);
	return FkVSelNan(v, v, r);
}

/* dst[i] = gelu(src[i]), FK_W elements at a time */
void
FK_ISA_FN(FkGeluArray) (double *dst, const double *src, size_t n)
{
	size_t		i;

	for (i = 0; i + FK_W <= n; i += FK_W)
		FkVStore(dst + i, FkVGelu(FkVLoad(src + i)));
	if (i < n)
		FkVStoreN(dst + i, FkVGelu(FkVLoadN(src + i, n - i)), n - i);
}
