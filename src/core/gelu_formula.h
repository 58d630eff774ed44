/*
 * gelu_formula.h
 *		The GELU of the dense layers (tanh approximation), written once for
 *		the CPU paths (core/dense.c, the SIMD body core/dense_gelu_simd.h) and
 *		the CUDA module (cuda/fusekern_cuda.cu):
 *
 *		gelu(v) = 0.5 * v * (1 + tanh(sqrt(2 / pi) * (v + 0.044715 * v * v * v)))
 *
 * evaluated in this order, product by product (no contraction into FMA on
 * any path), so that each path rounds alike given the same tanh.  At
 * -Infinity the formula gives -Infinity * 0 = NaN; the limit, -0, is
 * returned instead.  A NaN gives itself back.
 *
 * The macros take the operations as arguments so that the SIMD body can
 * pass its vector ones; FK_GELU_SCALAR is the scalar form for C and CUDA.
 * This header does not include postgres.h.
 */
#ifndef FK_GELU_FORMULA_H
#define FK_GELU_FORMULA_H

#include <math.h>

#ifdef __CUDACC__
#define FK_GELU_FN __host__ __device__ static inline
#else
#define FK_GELU_FN static inline
#endif

/* The constants, as both paths round them (sqrt is correctly rounded) */
#define FK_GELU_CUBIC 0.044715
#define FK_GELU_SQRT_2_OVER_PI() sqrt(2.0 / 3.14159265358979323846)

/* The argument of tanh: c * (v + ((k * v) * v) * v), with mul and add given */
#define FK_GELU_TANH_ARG(MUL, ADD, c, k, v) \
	MUL(c, ADD(v, MUL(MUL(MUL(k, v), v), v)))

/* The result from t = tanh(argument): (0.5 * v) * (1 + t) */
#define FK_GELU_FROM_TANH(MUL, ADD, half, one, v, t) \
	MUL(MUL(half, v), ADD(one, t))

#define FK_GELU_MUL_(a, b) ((a) * (b))
#define FK_GELU_ADD_(a, b) ((a) + (b))

/* gelu(v) with the given scalar tanh (libm's, SLEEF's or the device's) */
#define FK_GELU_SCALAR(tanh_fn, v) \
	(isnan(v) ? (v) : (isinf(v) && (v) < 0) ? -0.0 : \
	 FK_GELU_FROM_TANH(FK_GELU_MUL_, FK_GELU_ADD_, 0.5, 1.0, (v), \
					   tanh_fn(FK_GELU_TANH_ARG(FK_GELU_MUL_, FK_GELU_ADD_, \
												FK_GELU_SQRT_2_OVER_PI(), \
												FK_GELU_CUBIC, (v)))))

#endif							/* FK_GELU_FORMULA_H */
