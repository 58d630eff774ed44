/*
 * dense.h
 *		Dense layers on row-major double matrices: the fused CPU path.
 *
 * x is m x k, w is k x n, bias has n elements, residual and the output are
 * m x n, all row-major and contiguous.  The product goes through the serial
 * OpenBLAS cblas_dgemm; the elementwise parts (bias, residual, ReLU, GELU)
 * are single passes around it, so no intermediate matrix the size of the
 * input or the output is written besides the output itself.
 *
 * Every entry point works on a range of rows [r0, r1) so that callers can
 * process a large layer block by block and poll for interrupts in between.
 * Row i of the result depends only on row i of x and of the residual; BLAS
 * may pick another kernel for another block height, so the last bits can
 * differ between splits (every split stays within the stated tolerance), and
 * callers that must agree bit for bit use FkDenseBlockRows alike.
 *
 * GELU is the tanh approximation
 *		gelu(v) = 0.5 * v * (1 + tanh(sqrt(2 / pi) * (v + 0.044715 * v * v * v)))
 * evaluated in exactly that order (no FMA contraction); with libm's tanh
 * (FkGelu) SQL's own float8 arithmetic written the same way gives the same
 * bits, and the vector variants stay within the bound stated below.  ReLU is
 * relu(v) = (v < 0) ? 0 : v, which passes NaN and -0 through unchanged.
 *
 * This header does not include postgres.h.
 */
#ifndef FK_DENSE_H
#define FK_DENSE_H

#include <stdbool.h>
#include <stddef.h>

#include "kernels.h"

/* The layers the CPU path and the worker know */
typedef enum FkDenseOp
{
	FK_DENSE_MATMUL = 1,		/* x . w */
	FK_DENSE_LINEAR_RESIDUAL_RELU,	/* relu(x . w + residual + bias) */
	FK_DENSE_GELU_LINEAR		/* gelu(x) . w + bias */
} FkDenseOp;

/* One layer: shapes and row-major operands (bias/residual NULL when unused) */
typedef struct FkDenseLayer
{
	FkDenseOp	op;
	size_t		m;
	size_t		n;
	size_t		k;
	const double *x;			/* m x k */
	const double *w;			/* k x n */
	const double *bias;			/* n */
	const double *residual;		/* m x n */
	double	   *out;			/* m x n */
} FkDenseLayer;

/* Largest dimension BLAS accepts (its integers are 32-bit) */
#define FK_DENSE_MAX_DIM 0x7fffffff

/*
 * The most address space OpenBLAS's work buffer takes: 128 MB (BUFFER_SIZE,
 * 32 << 22, of its x86-64 build) and a page, with room to spare;
 * test_dense.c checks it against what OpenBLAS maps
 */
#define FK_DENSE_BLAS_BUFFER ((size_t) 130 * 1024 * 1024)

/*
 * Make sure this process has OpenBLAS's work buffer (mapped once, kept):
 * false when it cannot be had, and no product may run (dense.c says why)
 */
extern bool FkDenseBlasReady(void);

/* Floating-point operations of a layer: 2 m n k */
extern double FkDenseFlops(size_t m, size_t n, size_t k);

/* Rows per block so that one block costs about 2^29 flops (at least 1) */
extern size_t FkDenseBlockRows(size_t m, size_t n, size_t k);

/* Scratch doubles FkDenseLayerRows needs for a block of rows (0 if none) */
extern size_t FkDenseScratch(const FkDenseLayer *layer, size_t rows);

/* Compute rows [r0, r1) of the layer's output; scratch as FkDenseScratch */
extern void FkDenseLayerRows(const FkDenseLayer *layer, size_t r0, size_t r1,
							 double *scratch);

/*
 * Elementwise pieces, dst may alias src.  FkGelu is the scalar reference
 * (libm tanh); FkGeluArray runs the variant of the instruction set in use
 * (fusekern.simd, through the dispatcher of kernels.h), which FkGeluIsa
 * names.  Every variant uses SLEEF's deterministic tanh (finz u10, 1.0 ulp),
 * so on a CPU with FMA all of them give the same bits (a CPU without FMA
 * runs the scalar one with SLEEF's non-FMA tanh, see docs/kernels.md).
 * They stay within 4 * 2^-52 * |v| of FkGelu's: both tanh agree to a few
 * ulps of a value of magnitude at most 1, which 0.5 v (1 + t) scales by at
 * most |v|.
 */
extern double FkGelu(double v);
extern void FkGeluArray(double *dst, const double *src, size_t n);
extern FkIsa FkGeluIsa(void) FK_HIDDEN;
extern void FkGeluArrayScalar(double *dst, const double *src, size_t n);
extern void FkGeluArrayAvx2(double *dst, const double *src, size_t n);
extern void FkGeluArrayAvx512(double *dst, const double *src, size_t n);
extern void FkReluArray(double *dst, const double *src, size_t n);

/* dst[i, j] = src[i, j] + bias[j] for rows x n (dst may alias src) */
extern void FkAddBiasRows(double *dst, const double *src, const double *bias,
						  size_t rows, size_t n);

/*
 * dst[i, j] = relu(dst[i, j] + bias[j]) for rows x n, in place: the same
 * bits as FkAddBiasRows then FkReluArray
 */
extern void FkBiasReluRows(double *dst, const double *bias, size_t rows,
						   size_t n);

/*
 * One row of a residual block spelled in SQL, after its product: add the
 * bias and the residual in the spelling's order, then ReLU; false when the
 * residual's addition overflows from finite operands (vadd's error)
 */
extern bool FkDenseResidualRow(double *out, const double *bias,
							   const double *residual, size_t n,
							   bool bias_first);

#endif							/* FK_DENSE_H */
