/*
 * dense.c
 *		Dense layers on the CPU: cblas_dgemm with the elementwise parts fused
 *		into single passes before (GELU) or after (bias, ReLU) the product.
 */
#include "core/dense.h"

#include <math.h>
#include <string.h>

#include <cblas.h>

/* Flops targeted per block of rows: a few milliseconds of dgemm */
#define FK_DENSE_BLOCK_FLOPS 134217728.0

/* Floating-point operations of an m x k by k x n product */
double
FkDenseFlops(size_t m, size_t n, size_t k)
{
	return 2.0 * (double) m * (double) n * (double) k;
}

/* Rows per block so that a block costs about FK_DENSE_BLOCK_FLOPS */
size_t
FkDenseBlockRows(size_t m, size_t n, size_t k)
{
	double		per_row = FkDenseFlops(1, n, k);
	double		rows = per_row > 0 ? FK_DENSE_BLOCK_FLOPS / per_row : (double) m;

	if (rows < 1.0)
		return 1;
	if (rows >= (double) m)
		return m > 0 ? m : 1;
	return (size_t) rows;
}

/* GELU, tanh approximation, in the order documented in dense.h */
double
FkGelu(double v)
{
	/* folded at compile time to the correctly rounded value, as SQL's sqrt */
	const double c = sqrt(2.0 / M_PI);

	/* the formula gives -Infinity * 0 = NaN at -Infinity; the limit is -0 */
	if (isinf(v) && v < 0)
		return -0.0;
	return 0.5 * v * (1.0 + tanh(c * (v + 0.044715 * v * v * v)));
}

/* dst[i] = gelu(src[i]) */
void
FkGeluArray(double *dst, const double *src, size_t n)
{
	for (size_t i = 0; i < n; i++)
		dst[i] = FkGelu(src[i]);
}

/* dst[i] = relu(src[i]): NaN and -0 pass through */
void
FkReluArray(double *dst, const double *src, size_t n)
{
	for (size_t i = 0; i < n; i++)
		dst[i] = src[i] < 0 ? 0.0 : src[i];
}

/* dst[i, j] = src[i, j] + bias[j] */
void
FkAddBiasRows(double *dst, const double *src, const double *bias,
			  size_t rows, size_t n)
{
	for (size_t i = 0; i < rows; i++)
		for (size_t j = 0; j < n; j++)
			dst[i * n + j] = src[i * n + j] + bias[j];
}

/* dst[i, j] = relu(dst[i, j] + bias[j]): the fused epilogue */
static void
FkBiasReluRows(double *dst, const double *bias, size_t rows, size_t n)
{
	for (size_t i = 0; i < rows; i++)
	{
		double	   *row = dst + i * n;

		for (size_t j = 0; j < n; j++)
		{
			double		v = row[j] + bias[j];

			row[j] = v < 0 ? 0.0 : v;
		}
	}
}

/* out (rows x n) = a (rows x k) . w + beta * out, through serial OpenBLAS */
static void
FkGemmRows(const double *a, const double *w, double *out, size_t rows,
		   size_t n, size_t k, double beta)
{
	cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans,
				(blasint) rows, (blasint) n, (blasint) k,
				1.0, a, (blasint) k, w, (blasint) n, beta, out, (blasint) n);
}

/* Scratch doubles needed for a block of rows: GELU of x before the product */
size_t
FkDenseScratch(const FkDenseLayer *layer, size_t rows)
{
	return layer->op == FK_DENSE_GELU_LINEAR ? rows * layer->k : 0;
}

/* Compute rows [r0, r1) of the layer's output */
void
FkDenseLayerRows(const FkDenseLayer *layer, size_t r0, size_t r1,
				 double *scratch)
{
	size_t		rows = r1 - r0;
	size_t		n = layer->n;
	size_t		k = layer->k;
	const double *x = layer->x + r0 * k;
	double	   *out = layer->out + r0 * n;

	if (rows == 0)
		return;
	switch (layer->op)
	{
		case FK_DENSE_MATMUL:
			FkGemmRows(x, layer->w, out, rows, n, k, 0.0);
			break;
		case FK_DENSE_LINEAR_RESIDUAL_RELU:
			/* the residual rides in as the C operand, then bias + ReLU */
			memcpy(out, layer->residual + r0 * n, rows * n * sizeof(double));
			FkGemmRows(x, layer->w, out, rows, n, k, 1.0);
			FkBiasReluRows(out, layer->bias, rows, n);
			break;
		case FK_DENSE_GELU_LINEAR:
			FkGeluArray(scratch, x, rows * k);
			FkGemmRows(scratch, layer->w, out, rows, n, k, 0.0);
			FkAddBiasRows(out, out, layer->bias, rows, n);
			break;
	}
}
