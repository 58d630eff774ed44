/*
 * dense_gelu_simd.h
 *		Body of the vector GELU, included by one file per instruction set
 *		after it defines the vector type and operations below.
 *
 * The formula of gelu_formula.h, with SLEEF's deterministic tanh
 * (finz u10: the bits of FkGeluArrayScalar's on a CPU with FMA) in place of
 * libm's; a NaN gives itself back, as on every path; the tail is padded
 * into a full vector so that an element's result never depends on where it
 * sits.
 *
 * Expected: FK_VEC, FK_W (lanes), FK_LOADU, FK_STOREU, FK_SET1, FK_ADD,
 * FK_MUL, FK_TANH, FK_NEGINF_TO_NEGZERO(r, v), FK_NAN_PASS(r, v) (lanes
 * where v is NaN take v) and FK_GELU_NAME.
 */
#include <math.h>
#include <string.h>

#include "gelu_formula.h"

/* dst[i] = gelu(src[i]), FK_W elements at a time */
void
FK_GELU_NAME(double *dst, const double *src, size_t n)
{
	const FK_VEC half = FK_SET1(0.5);
	const FK_VEC one = FK_SET1(1.0);
	const FK_VEC k = FK_SET1(FK_GELU_CUBIC);
	const FK_VEC c = FK_SET1(FK_GELU_SQRT_2_OVER_PI());

	for (size_t i = 0; i < n; i += FK_W)
	{
		size_t		len = n - i < FK_W ? n - i : FK_W;
		double		pad[FK_W] = {0};
		FK_VEC		v,
					r;

		if (len == FK_W)
			v = FK_LOADU(src + i);
		else
		{
			memcpy(pad, src + i, len * sizeof(double));
			v = FK_LOADU(pad);
		}
		r = FK_GELU_TANH_ARG(FK_MUL, FK_ADD, c, k, v);
		r = FK_GELU_FROM_TANH(FK_MUL, FK_ADD, half, one, v, FK_TANH(r));
		r = FK_NEGINF_TO_NEGZERO(r, v);
		r = FK_NAN_PASS(r, v);
		if (len == FK_W)
			FK_STOREU(dst + i, r);
		else
		{
			FK_STOREU(pad, r);
			memcpy(dst + i, pad, len * sizeof(double));
		}
	}
}
