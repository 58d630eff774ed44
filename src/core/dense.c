/*
 * dense.c
 *		Dense layers on the CPU: cblas_dgemm with the elementwise parts fused
 *		into single passes before (GELU) or after (bias, ReLU) the product.
 */
#include "core/dense.h"
#include "core/gelu_formula.h"
#include "core/kernels.h"
#include "core/sleef_scalar.h"

#include <math.h>
#include <string.h>
#include <sys/mman.h>

#include <cblas.h>

/*
 * OpenBLAS's allocator of its work buffer (exported by every OpenBLAS, not
 * in cblas.h); weak, so that another BLAS links too, without the guard
 */
extern void *blas_memory_alloc(int procpos) __attribute__((weak));
extern void blas_memory_free(void *buffer) __attribute__((weak));

#ifdef __SSE2__
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#endif

/*
 * Flops targeted per block of rows: about 10 ms of dgemm between interrupt
 * checks, and blocks tall enough that repacking w for every block costs
 * little (2^27 made a 1024^3 layer 15% slower than one dgemm call)
 */
#define FK_DENSE_BLOCK_FLOPS 536870912.0

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

/* GELU with the given tanh: the one formula of gelu_formula.h */
static inline double
FkGeluWith(double (*tanh_fn) (double), double v)
{
	return FK_GELU_SCALAR(tanh_fn, v);
}

/* GELU with libm's tanh: the reference SQL's float8 arithmetic reproduces */
double
FkGelu(double v)
{
	return FkGeluWith(tanh, v);
}

/*
 * dst[i] = gelu(src[i]) one element at a time, with SLEEF's deterministic
 * tanh: the FMA build gives the bits of the vector variants; a CPU without
 * FMA gets the non-FMA build (docs/kernels.md says how its bits differ)
 */
void
FkGeluArrayScalar(double *dst, const double *src, size_t n)
{
	if (FkCpuHasFma())
		for (size_t i = 0; i < n; i++)
			dst[i] = FkGeluWith(Sleef_finz_tanhd1_u10purecfma, src[i]);
	else
		for (size_t i = 0; i < n; i++)
			dst[i] = FkGeluWith(Sleef_cinz_tanhd1_u10purec, src[i]);
}

/* See dense.h: the dispatcher's copy for the instruction set in use */
FkIsa
FkGeluIsa(void)
{
	return FkIsaCopy(FK_ISA_ALL, FkIsaInUse());
}

/* dst[i] = gelu(src[i]), with the copy FkGeluIsa names */
void
FkGeluArray(double *dst, const double *src, size_t n)
{
	switch (FkGeluIsa())
	{
#if defined(__x86_64__)
		case FK_ISA_AVX512:
			FkGeluArrayAvx512(dst, src, n);
			return;
		case FK_ISA_AVX2:
			FkGeluArrayAvx2(dst, src, n);
			return;
#endif
		default:
			FkGeluArrayScalar(dst, src, n);
	}
}

/*
 * relu(v) = (0 > v) ? 0 : v, which is exactly what SSE2's MAXPD(0, v) gives
 * (it returns its second operand for NaN and for two zeros, so NaN and -0
 * pass through).  Branch-free: a sign-dependent branch mispredicts on data
 * of mixed sign and made this pass 20 times slower.
 */
static inline double
FkRelu(double v)
{
#ifdef __SSE2__
	return _mm_cvtsd_f64(_mm_max_sd(_mm_setzero_pd(), _mm_set_sd(v)));
#else
	return (0.0 > v) ? 0.0 : v;
#endif
}

/* dst[i] = relu(src[i] + add[i]) over n elements (add may be NULL) */
static void
FkReluAdd(double *dst, const double *src, const double *add, size_t n)
{
	size_t		i = 0;

#ifdef __SSE2__
	const __m128d zero = _mm_setzero_pd();

	for (; i + 2 <= n; i += 2)
	{
		__m128d		v = _mm_loadu_pd(src + i);

		if (add)
			v = _mm_add_pd(v, _mm_loadu_pd(add + i));
		_mm_storeu_pd(dst + i, _mm_max_pd(zero, v));
	}
#endif
	for (; i < n; i++)
		dst[i] = FkRelu(add ? src[i] + add[i] : src[i]);
}

/* dst[i] = relu(src[i]): NaN and -0 pass through */
void
FkReluArray(double *dst, const double *src, size_t n)
{
	FkReluAdd(dst, src, NULL, n);
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

/*
 * out[j] = relu((out[j] + bias[j]) + residual[j]) when bias_first, else
 * relu((out[j] + residual[j]) + bias[j]), over one row of n elements: the
 * additions of add_bias and vadd in the order a nested SQL spelling makes
 * them, each rounded once.  vadd raises core's overflow error where its sum
 * is infinite and neither operand is; false (out then holds garbage) when
 * such a sum turns up, so that the caller can have vadd raise it.
 */
bool
FkDenseResidualRow(double *out, const double *bias, const double *residual,
				   size_t n, bool bias_first)
{
	for (size_t j = 0; j < n; j++)
	{
		double		a = bias_first ? out[j] + bias[j] : out[j];
		double		s = a + residual[j];

		if (isinf(s) && !isinf(a) && !isinf(residual[j]))
			return false;
		out[j] = bias_first ? s : s + bias[j];
	}
	FkReluArray(out, out, n);
	return true;
}

/*
 * dst[i, j] = relu(dst[i, j] + bias[j]): the fused epilogue, the same bits
 * as FkAddBiasRows then FkReluArray (one rounded addition, then the same
 * comparison)
 */
void
FkBiasReluRows(double *dst, const double *bias, size_t rows, size_t n)
{
	for (size_t i = 0; i < rows; i++)
		FkReluAdd(dst + i * n, dst + i * n, bias, n);
}

/*
 * Make sure this process has OpenBLAS's work buffer before its first
 * product: true when it has (or the BLAS is not OpenBLAS), false when the
 * buffer cannot be mapped, and no product may run.  OpenBLAS maps the
 * buffer (FK_DENSE_BLAS_BUFFER bytes at most) at the first product that
 * needs one, keeps it for the life of the process, and when the mapping
 * fails tries again for ever, in a loop no interrupt reaches (a backend
 * capped in address space, RLIMIT_AS).  So the mapping is tried here first,
 * with the flags OpenBLAS uses, given back, and OpenBLAS's own allocation
 * made right after, in this single-threaded process, while the room is
 * known to be there.
 */
bool
FkDenseBlasReady(void)
{
	static bool ready = false;
	void	   *probe;

	if (ready || blas_memory_alloc == NULL || blas_memory_free == NULL)
		return true;
	probe = mmap(NULL, FK_DENSE_BLAS_BUFFER, PROT_READ | PROT_WRITE,
				 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (probe == MAP_FAILED)
		return false;
	munmap(probe, FK_DENSE_BLAS_BUFFER);
	blas_memory_free(blas_memory_alloc(0));
	ready = true;
	return true;
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
