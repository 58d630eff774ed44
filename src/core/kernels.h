/*
 * kernels.h
 *		The elementwise kernel core: dense primitives per instruction set.
 *
 * Every primitive works on plain arrays of n doubles with no notion of NULL:
 * callers (the masked paths, the fused evaluator) decide which elements are
 * present and ignore the values computed for absent ones.  dst may alias an
 * input of the same index range.  No primitive allocates, and none reports
 * domain errors: they compute what IEEE arithmetic and SLEEF give
 * (ln(0) = -Infinity, ln(-1) = NaN, exp overflow = Infinity), and the caller
 * checks the inputs it cares about.
 *
 * Rounding contract: each operation is rounded once, in the order written
 * below, with no contraction into fused multiply-add, and ln/exp of an
 * element give the same bits wherever it sits in the array and whatever n
 * is.  So a fused kernel gives bit for bit what the chain of unfused
 * primitives it replaces gives on the same table.
 *
 * Determinism contract: ln and exp are SLEEF's deterministic (finz) u10
 * functions on every table of a CPU with FMA, so every table FkKernelsFor
 * returns there gives the same bits for every primitive.  On an x86-64
 * CPU without FMA the scalar table uses SLEEF's non-FMA deterministic
 * functions (cinz), whose exp differs in the last bit on some inputs (see
 * docs/kernels.md).  ln and exp are within 1 ULP, exp within 2 ULP for
 * x > 709.78, where it stays finite up to core's limit.
 *
 * This header does not include postgres.h.
 */
#ifndef FK_KERNELS_H
#define FK_KERNELS_H

#include <stddef.h>

typedef enum FkIsa
{
	FK_ISA_SCALAR = 0,
	FK_ISA_AVX2,
	FK_ISA_AVX512,
	FK_ISA_COUNT
} FkIsa;

typedef void (*FkUnaryFn) (double *dst, const double *x, size_t n);
typedef void (*FkBinaryFn) (double *dst, const double *x, const double *y,
							size_t n);
typedef void (*FkScalarFn) (double *dst, const double *x, double s, size_t n);

typedef struct FkKernelTable
{
	const char *name;			/* "scalar", "avx2", "avx512" */

	/* dst[i] = f(x[i]) */
	FkUnaryFn	ln;
	FkUnaryFn	exp;
	FkUnaryFn	sqrt;
	FkUnaryFn	abs;
	FkUnaryFn	neg;

	/* dst[i] = x[i] op y[i] */
	FkBinaryFn	add;
	FkBinaryFn	sub;
	FkBinaryFn	mul;
	FkBinaryFn	div;

	/* with a scalar: x + s, x - s, s - x, x * s, x / s, s / x */
	FkScalarFn	add_s;
	FkScalarFn	sub_s;
	FkScalarFn	rsub_s;
	FkScalarFn	mul_s;
	FkScalarFn	div_s;
	FkScalarFn	rdiv_s;

	/* dst[i] = (x[i] * a) + b */
	void		(*scale_add) (double *dst, const double *x, double a, double b,
							  size_t n);

	/*
	 * Lagged kernels write dst[i] for lag <= i < n only:
	 * dlog: ln(x[i]) - ln(x[i - lag]); diff: x[i] - x[i - lag].
	 * dst must not alias x.
	 */
	void		(*dlog) (double *dst, const double *x, size_t lag, size_t n);
	void		(*diff) (double *dst, const double *x, size_t lag, size_t n);

	/* fused: ((ln(x[i]) - ln(x[i - lag])) * a) + b, for lag <= i < n */
	void		(*dlog_scale_add) (double *dst, const double *x, size_t lag,
								   double a, double b, size_t n);
	/* fused: (ln(x[i]) * a) + b */
	void		(*ln_scale_add) (double *dst, const double *x, double a,
								 double b, size_t n);
	/* fused: ((x[i] - y[i]) * a) + b */
	void		(*sub_mul_add) (double *dst, const double *x, const double *y,
								double a, double b, size_t n);
} FkKernelTable;

/* The best instruction set this CPU (and OS) supports */
extern FkIsa FkDetectIsa(void);

/* Does this CPU support isa? */
extern int	FkIsaSupported(FkIsa isa);

/* Does this CPU (and OS) run FMA instructions? */
extern int	FkCpuHasFma(void);

/* The kernel table of isa; NULL when this CPU (or OS) lacks isa */
extern const FkKernelTable *FkKernelsFor(FkIsa isa);

#endif							/* FK_KERNELS_H */
