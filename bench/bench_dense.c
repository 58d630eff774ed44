/*
 * bench_dense.c
 *		CPU path of the dense layers against OpenBLAS dgemm alone.
 *
 * For square layers of each size: cblas_dgemm alone; the fused
 * linear_residual_relu and gelu_linear (FkDenseLayerRows in the blocks the
 * server uses); and the unfused chains the SQL pieces would run (product
 * into a new matrix, then one pass per step, each writing a new matrix).
 * The variants run interleaved, REPEATS rounds, and the median of each is
 * reported in GFLOP/s (2 n^3 flops) with its ratio to dgemm alone.
 *
 *		make bench-dense && bench/bench_dense [sizes...]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cblas.h>

#include "core/dense.h"
#include "timing.h"

#define REPEATS 15
#define NVARIANTS 5

static const char *const names[NVARIANTS] = {
	"dgemm alone", "linear_residual_relu", "unfused relu(xw+r+b)",
	"gelu_linear", "unfused gelu(x)w+b"
};

/* Seconds of this thread's CPU time (steadier than wall time on a shared machine) */
static double
now(void)
{
	return fk_seconds(CLOCK_THREAD_CPUTIME_ID);
}

/* Run a layer in the server's blocks of rows */
static void
run_layer(const FkDenseLayer *L, double *scratch)
{
	size_t		block = FkDenseBlockRows(L->m, L->n, L->k);

	for (size_t r0 = 0; r0 < L->m; r0 += block)
		FkDenseLayerRows(L, r0, r0 + block < L->m ? r0 + block : L->m, scratch);
}

/* One size: every variant, interleaved */
static void
bench(size_t s)
{
	size_t		ss = s * s;
	double	   *x = malloc(ss * sizeof(double));
	double	   *w = malloc(ss * sizeof(double));
	double	   *r = malloc(ss * sizeof(double));
	double	   *b = malloc(s * sizeof(double));
	double	   *out = malloc(ss * sizeof(double));
	double	   *t1 = malloc(ss * sizeof(double));
	double	   *t2 = malloc(ss * sizeof(double));
	double	   *scratch = malloc(ss * sizeof(double));
	double		t[NVARIANTS][REPEATS];
	FkDenseLayer lrr = {FK_DENSE_LINEAR_RESIDUAL_RELU, s, s, s, x, w, b, r, out};
	FkDenseLayer gl = {FK_DENSE_GELU_LINEAR, s, s, s, x, w, b, NULL, out};
	double		flops = FkDenseFlops(s, s, s);

	for (size_t i = 0; i < ss; i++)
	{
		x[i] = (double) rand() / RAND_MAX - 0.5;
		w[i] = (double) rand() / RAND_MAX - 0.5;
		r[i] = (double) rand() / RAND_MAX - 0.5;
	}
	for (size_t i = 0; i < s; i++)
		b[i] = (double) rand() / RAND_MAX - 0.5;

	for (int rep = 0; rep < REPEATS; rep++)
		for (int v = 0; v < NVARIANTS; v++)
		{
			double		t0 = now();

			switch (v)
			{
				case 0:
					cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, s, s, s,
								1.0, x, s, w, s, 0.0, out, s);
					break;
				case 1:
					run_layer(&lrr, scratch);
					break;
				case 2:
					cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, s, s, s,
								1.0, x, s, w, s, 0.0, t1, s);
					for (size_t i = 0; i < ss; i++)
						t2[i] = t1[i] + r[i];
					FkAddBiasRows(t1, t2, b, s, s);
					FkReluArray(out, t1, ss);
					break;
				case 3:
					run_layer(&gl, scratch);
					break;
				case 4:
					FkGeluArray(t1, x, ss);
					cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, s, s, s,
								1.0, t1, s, w, s, 0.0, t2, s);
					FkAddBiasRows(out, t2, b, s, s);
					break;
			}
			t[v][rep] = now() - t0;
		}
	printf("%5zu^3", s);
	for (int v = 0; v < NVARIANTS; v++)
	{
		double		m0 = fk_median(t[0], REPEATS);
		double		m = fk_median(t[v], REPEATS);

		printf("  %s %.2f GFLOP/s (%.2f)", names[v], flops / m / 1e9, m0 / m);
	}
	printf("\n");
	free(x);
	free(w);
	free(r);
	free(b);
	free(out);
	free(t1);
	free(t2);
	free(scratch);
}

/* ns per element of each GELU variant over 65536 elements, interleaved */
static void
bench_gelu(void)
{
	static const char *const gnames[3] = {"scalar (libm tanh)", "avx2 (SLEEF)", "avx512 (SLEEF)"};
	void		(*fns[3]) (double *, const double *, size_t) = {
		FkGeluArrayScalar, FkGeluArrayAvx2, FkGeluArrayAvx512
	};
	size_t		n = 65536;
	double	   *x = malloc(n * sizeof(double));
	double	   *y = malloc(n * sizeof(double));
	double		t[3][REPEATS];

	for (size_t i = 0; i < n; i++)
		x[i] = 8.0 * rand() / RAND_MAX - 4.0;
	for (int rep = 0; rep < REPEATS; rep++)
		for (int v = 0; v < 3; v++)
		{
			double		t0 = now();

			fns[v] (y, x, n);
			t[v][rep] = now() - t0;
		}
	printf("gelu over %zu elements:", n);
	for (int v = 0; v < 3; v++)
	{
		printf("  %s %.2f ns/element", gnames[v], fk_median(t[v], REPEATS) * 1e9 / n);
	}
	printf("\n");
	free(x);
	free(y);
}

int
main(int argc, char **argv)
{
	static const size_t sizes[] = {32, 64, 128, 256, 512, 1024};

	printf("median of %d interleaved rounds; GFLOP/s = 2 n^3 / time; (ratio) = dgemm alone's time / this one's\n",
		   REPEATS);
	bench_gelu();
	if (argc > 1)
		for (int i = 1; i < argc; i++)
			bench((size_t) atol(argv[i]));
	else
		for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
			bench(sizes[i]);
	return 0;
}
