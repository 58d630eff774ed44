/*
 * test_cuda.c
 *		GPU check of the CUDA module: every path (own fused kernel, cuBLASLt
 *		with epilogues, unfused) against the CPU path, and fused against
 *		unfused timings for 128, 256, 512 and 1024 square layers.
 *
 * Plain C: it dlopen()s fusekern_cuda.so (argument 1, default
 * ./fusekern_cuda.so) as the worker does.  Without a GPU it prints a TAP
 * skip ("1..0 # SKIP") and "skipped: no GPU", which counts as neither a pass
 * nor a failure.
 *
 * Tolerance: |gpu - cpu| <= (k + 8) * 2^-52 * (|x| |w| + |residual| + |bias|)
 * elementwise: the CPU bound of the unit tests, plus a few ulps of GELU
 * (device tanh) per term.
 */
#include <dlfcn.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "cuda/fk_cuda.h"
#include "../unit/tap.h"
#include "../../bench/timing.h"

#define REPEATS 10

static FkCudaLayerFn layer_fn;

/* Uniform pseudo-random double in [-1, 1) */
static double
urand(void)
{
	return 2.0 * ((double) rand() / ((double) RAND_MAX + 1.0)) - 1.0;
}

/* Median time in ms of REPEATS runs of one path (host to host); < 0 on error */
static double
time_path(const FkDenseLayer *L, FkCudaPath path)
{
	double		t[REPEATS];
	char		err[256];

	for (int r = 0; r < REPEATS; r++)
	{
		double		t0 = fk_seconds(CLOCK_MONOTONIC);

		if (layer_fn(L, path, NULL, NULL, err, sizeof(err)) != 0)
			return -1.0;
		t[r] = (fk_seconds(CLOCK_MONOTONIC) - t0) * 1e3;
	}
	return fk_median(t, REPEATS);
}

/* Check one op and size on every path; print timings */
static void
check(FkDenseOp op, size_t s)
{
	static const char *const names[] = {"auto", "own", "cublaslt", "unfused"};
	size_t		ss = s * s;
	double	   *x = malloc(ss * sizeof(double));
	double	   *w = malloc(ss * sizeof(double));
	double	   *ax = malloc(ss * sizeof(double));
	double	   *aw = malloc(ss * sizeof(double));
	double	   *bias = malloc(s * sizeof(double));
	double	   *res = malloc(ss * sizeof(double));
	double	   *cpu = malloc(ss * sizeof(double));
	double	   *mag = malloc(ss * sizeof(double));
	double	   *gpu = malloc(ss * sizeof(double));
	double	   *scratch = malloc(ss * sizeof(double));
	FkDenseLayer L = {op, s, s, s, x, w, NULL, NULL, cpu};
	FkDenseLayer A = {FK_DENSE_MATMUL, s, s, s, ax, aw, NULL, NULL, mag};
	double		ms[4];

	for (size_t i = 0; i < ss; i++)
	{
		x[i] = urand();
		w[i] = urand();
		res[i] = urand();
		ax[i] = fabs(op == FK_DENSE_GELU_LINEAR ? FkGelu(x[i]) : x[i]);
		aw[i] = fabs(w[i]);
	}
	for (size_t i = 0; i < s; i++)
		bias[i] = urand();
	if (op != FK_DENSE_MATMUL)
		L.bias = bias;
	if (op == FK_DENSE_LINEAR_RESIDUAL_RELU)
		L.residual = res;
	FkDenseLayerRows(&L, 0, s, scratch);
	FkDenseLayerRows(&A, 0, s, NULL);
	for (size_t i = 0; i < ss; i++)
		mag[i] += (L.residual ? fabs(res[i]) : 0) + (L.bias ? fabs(bias[i % s]) : 0);

	L.out = gpu;
	for (int p = FK_CUDA_AUTO; p <= FK_CUDA_UNFUSED; p++)
	{
		char		err[256] = "";
		bool		within = true;
		double		worst = 0.0;

		memset(gpu, 0, ss * sizeof(double));
		if (layer_fn(&L, (FkCudaPath) p, NULL, NULL, err, sizeof(err)) != 0)
		{
			ok(p == FK_CUDA_LT, "op %d, %zu: %s path runs (%s)", (int) op, s, names[p], err);
			ms[p] = -1.0;
			continue;
		}
		for (size_t i = 0; i < ss; i++)
		{
			double		e = fabs(gpu[i] - cpu[i]);

			if (!(e <= (double) (s + 8) * ldexp(1.0, -52) * mag[i]))
				within = false;
			if (mag[i] > 0 && e / mag[i] > worst)
				worst = e / mag[i];
		}
		ok(within, "op %d, %zu^3: %s path within tolerance of the CPU path (worst %.2g)",
		   (int) op, s, names[p], worst);
		ms[p] = time_path(&L, (FkCudaPath) p);
	}
	printf("# op %d %4zu^3: own %.3f ms, cublaslt %.3f ms, unfused %.3f ms; fused/unfused %.2f (own) %.2f (cublaslt); %.1f GFLOP/s best\n",
		   (int) op, s, ms[FK_CUDA_OWN], ms[FK_CUDA_LT], ms[FK_CUDA_UNFUSED],
		   ms[FK_CUDA_OWN] / ms[FK_CUDA_UNFUSED], ms[FK_CUDA_LT] / ms[FK_CUDA_UNFUSED],
		   2.0 * s * s * s / (1e6 * fmin(ms[FK_CUDA_OWN], ms[FK_CUDA_LT] > 0 ? ms[FK_CUDA_LT] : 1e30)));
	free(x);
	free(w);
	free(ax);
	free(aw);
	free(bias);
	free(res);
	free(cpu);
	free(mag);
	free(gpu);
	free(scratch);
}

int
main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "./fusekern_cuda.so";
	static const size_t sizes[] = {128, 256, 512, 1024};
	void	   *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	FkCudaOpenFn open_fn;
	const int  *abi;
	char		name[128];
	char		err[256];

	if (lib == NULL)
	{
		printf("not ok 1 - load %s: %s\n1..1\n", path, dlerror());
		return 1;
	}
	open_fn = (FkCudaOpenFn) dlsym(lib, "fk_cuda_open");
	layer_fn = (FkCudaLayerFn) dlsym(lib, "fk_cuda_layer");
	if (open_fn == NULL || layer_fn == NULL)
	{
		printf("not ok 1 - %s lacks the entry points\n1..1\n", path);
		return 1;
	}
	abi = (const int *) dlsym(lib, "fk_cuda_abi_version");
	if (abi == NULL || *abi != FK_CUDA_ABI_VERSION)
	{
		printf("not ok 1 - %s: interface version %d, expected %d\n1..1\n",
			   path, abi ? *abi : -1, FK_CUDA_ABI_VERSION);
		return 1;
	}
	if (open_fn(0, name, sizeof(name), err, sizeof(err)) != 0)
	{
		printf("1..0 # SKIP no GPU: %s\n", err);
		fprintf(stderr, "skipped: no GPU (%s)\n", err);
		return 0;
	}
	printf("# device: %s\n", name);
	srand(7);
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		for (int op = FK_DENSE_MATMUL; op <= FK_DENSE_GELU_LINEAR; op++)
			check((FkDenseOp) op, sizes[i]);
	return done_testing();
}
