/*
 * test_dense.c
 *		Unit tests of the dense layers' CPU path against a naive triple loop.
 *
 * Tolerance: every output element must be within
 *		(k + 2) * 2^-52 * (sum_k |x_ik w_kj| + |residual_ij| + |bias_j|)
 * of the naive result, the classic bound for a dot product of k terms plus
 * two additions (with a factor 2 of slack).
 */
#include <fcntl.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/core/dense.h"
#include "tap.h"

#define Max(a, b) ((a) > (b) ? (a) : (b))

/* Uniform pseudo-random double in [-2, 2) */
static double
urand(void)
{
	return 4.0 * ((double) rand() / ((double) RAND_MAX + 1.0)) - 2.0;
}

/* Naive reference of a layer and the magnitude bounding its rounding error */
static void
reference(const FkDenseLayer *L, double *ref, double *mag)
{
	for (size_t i = 0; i < L->m; i++)
		for (size_t j = 0; j < L->n; j++)
		{
			double		s = 0.0,
						a = 0.0;

			for (size_t p = 0; p < L->k; p++)
			{
				double		xv = L->x[i * L->k + p];

				if (L->op == FK_DENSE_GELU_LINEAR)
					xv = 0.5 * xv * (1.0 + tanh(sqrt(2.0 / M_PI) * (xv + 0.044715 * xv * xv * xv)));
				s += xv * L->w[p * L->n + j];
				a += fabs(xv * L->w[p * L->n + j]);
			}
			if (L->residual)
			{
				s += L->residual[i * L->n + j];
				a += fabs(L->residual[i * L->n + j]);
			}
			if (L->bias)
			{
				s += L->bias[j];
				a += fabs(L->bias[j]);
			}
			if (L->op == FK_DENSE_LINEAR_RESIDUAL_RELU && s < 0)
				s = 0.0;
			ref[i * L->n + j] = s;
			mag[i * L->n + j] = a;
		}
}

/* Run the layer in blocks of the given number of rows */
static void
run_blocks(const FkDenseLayer *L, size_t block)
{
	double	   *scratch = malloc((FkDenseScratch(L, block) + 1) * sizeof(double));

	for (size_t r0 = 0; r0 < L->m; r0 += block)
		FkDenseLayerRows(L, r0, r0 + block < L->m ? r0 + block : L->m, scratch);
	free(scratch);
}

/* One layer of one shape, whole and split into blocks: within tolerance */
static void
check_layer(FkDenseOp op, size_t m, size_t n, size_t k)
{
	double	   *x = malloc(m * k * sizeof(double));
	double	   *w = malloc(k * n * sizeof(double));
	double	   *bias = malloc(n * sizeof(double));
	double	   *res = malloc(m * n * sizeof(double));
	double	   *out = malloc(m * n * sizeof(double));
	double	   *out2 = malloc(m * n * sizeof(double));
	double	   *ref = malloc(m * n * sizeof(double));
	double	   *mag = malloc(m * n * sizeof(double));
	FkDenseLayer L = {op, m, n, k, x, w, NULL, NULL, out};
	double		worst = 0.0;
	bool		within = true;

	for (size_t i = 0; i < m * k; i++)
		x[i] = urand();
	for (size_t i = 0; i < k * n; i++)
		w[i] = urand();
	for (size_t i = 0; i < n; i++)
		bias[i] = urand();
	for (size_t i = 0; i < m * n; i++)
		res[i] = urand();
	if (op != FK_DENSE_MATMUL)
		L.bias = bias;
	if (op == FK_DENSE_LINEAR_RESIDUAL_RELU)
		L.residual = res;
	reference(&L, ref, mag);
	run_blocks(&L, m);
	L.out = out2;
	run_blocks(&L, 3);
	for (size_t i = 0; i < m * n; i++)
	{
		double		tol = (double) (k + 2) * ldexp(1.0, -52) * mag[i];
		double		err = fabs(out[i] - ref[i]);
		double		err2 = fabs(out2[i] - ref[i]);

		if (!(err <= tol && err2 <= tol))
			within = false;
		if (mag[i] > 0 && Max(err, err2) / mag[i] > worst)
			worst = Max(err, err2) / mag[i];
	}
	ok(within, "op %d, %zu x %zu x %zu: whole and in blocks of 3 rows, within tolerance (worst %.2g of magnitude)",
	   (int) op, m, n, k, worst);
	free(x);
	free(w);
	free(bias);
	free(res);
	free(out);
	free(out2);
	free(ref);
	free(mag);
}

/* One GELU variant against FkGelu: the stated bound, exact specials, tails */
static void
check_gelu_variant(const char *name, void (*fn) (double *, const double *, size_t))
{
	double		x[40],
				y[40],
				one;
	bool		within = true,
				alone = true;
	static const double specials[] = {0.0, -0.0, INFINITY, -INFINITY, 1e300, -1e300, 5e-324};

	for (size_t n = 1; n <= 40; n++)
	{
		for (size_t i = 0; i < n; i++)
			x[i] = urand() * (i % 3 == 0 ? 10.0 : 2.0);
		fn(y, x, n);
		for (size_t i = 0; i < n; i++)
		{
			if (!(fabs(y[i] - FkGelu(x[i])) <= 4 * ldexp(1.0, -52) * fabs(x[i])))
				within = false;
			fn(&one, &x[i], 1);
			if (memcmp(&one, &y[i], sizeof(double)) != 0)
				alone = false;
		}
	}
	ok(within, "%s gelu within 4 * 2^-52 * |v| of the scalar reference", name);
	ok(alone, "%s gelu: an element's result does not depend on its position", name);
	fn(y, specials, 7);
	ok(y[0] == 0 && !signbit(y[0]) && y[1] == 0 && signbit(y[1]) &&
	   isinf(y[2]) && y[2] > 0 && y[3] == 0 && signbit(y[3]) &&
	   y[4] == 1e300 && y[5] == 0 && signbit(y[5]) && y[6] == FkGelu(5e-324),
	   "%s gelu: +0, -0, Infinity, -Infinity (-0), huge values", name);
	x[0] = NAN;
	fn(y, x, 1);
	ok(isnan(y[0]), "%s gelu(NaN) = NaN", name);
}

/*
 * Address space of this process (kB), from /proc; -1 where there is none.
 * Read with open/read into the stack: a FILE's buffer would come from the
 * heap, whose growth would be counted.
 */
static long
vm_size_kb(void)
{
	char		buf[4096];
	int			fd = open("/proc/self/status", O_RDONLY);
	ssize_t		got;
	const char *at;

	if (fd < 0)
		return -1;
	got = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (got <= 0)
		return -1;
	buf[got] = '\0';
	at = strstr(buf, "VmSize:");
	return at == NULL ? -1 : atol(at + 7);
}

/*
 * FkDenseBlasReady maps OpenBLAS's work buffer once: no more address space
 * than FK_DENSE_BLAS_BUFFER, the room it makes sure of first; run before any
 * product, so that the buffer is not there yet
 */
static void
check_blas_buffer(void)
{
	long		before = vm_size_kb();
	bool		ready = FkDenseBlasReady();
	long		after = vm_size_kb();

	ok(ready, "OpenBLAS's work buffer is had");
	ok(before < 0 || (after - before) * 1024 <= (long) FK_DENSE_BLAS_BUFFER,
	   "it takes %ld kB of address space, within the %zu bytes made sure of first",
	   after - before, FK_DENSE_BLAS_BUFFER);
	ok(FkDenseBlasReady() && vm_size_kb() == after, "and is kept, not mapped again");
}

/*
 * FkBiasReluRows in place gives the bits of FkAddBiasRows then FkReluArray
 * (the planner-fused relu(add_bias(...)) against its spelling), odd widths
 * included (the scalar tail), with NaN, infinities and signed zeros
 */
static void
check_bias_relu(void)
{
	static const double special[] = {NAN, INFINITY, -INFINITY, -0.0, 0.0, -1e308, 1e308};
	const size_t nspecial = sizeof(special) / sizeof(special[0]);
	bool		same = true;

	for (size_t n = 1; n <= 9; n++)
	{
		size_t		rows = 7;
		double	   *y = malloc(rows * n * sizeof(double));
		double	   *bias = malloc(n * sizeof(double));
		double	   *fused = malloc(rows * n * sizeof(double));
		double	   *spelled = malloc(rows * n * sizeof(double));

		for (size_t i = 0; i < rows * n; i++)
			y[i] = i % 3 == 0 ? special[(i / 3) % nspecial] : urand();
		for (size_t j = 0; j < n; j++)
			bias[j] = j % 2 == 0 ? special[(j + n) % nspecial] : urand();
		memcpy(fused, y, rows * n * sizeof(double));
		FkBiasReluRows(fused, bias, rows, n);
		FkAddBiasRows(spelled, y, bias, rows, n);
		FkReluArray(spelled, spelled, rows * n);
		same = same && memcmp(fused, spelled, rows * n * sizeof(double)) == 0;
		free(y);
		free(bias);
		free(fused);
		free(spelled);
	}
	ok(same, "bias and ReLU in one pass: the bits of add_bias then relu");
}

/*
 * GELU runs the copy of the instruction set in use (what fusekern.simd sets
 * in a server), through the one dispatcher, as the kernels, the checks and
 * the ALP decoder do; auto runs the best one this CPU has
 */
static void
check_gelu_follows_isa(void)
{
	for (FkIsa isa = FK_ISA_SCALAR; isa < FK_ISA_COUNT; isa++)
	{
		if (!FkIsaSupported(isa))
			continue;
		FkIsaUse(isa);
		ok(FkIsaInUse() == isa && FkGeluIsa() == isa &&
		   FkKernelsFor(FkIsaInUse()) == FkKernelsFor(isa),
		   "with %s in use, gelu runs its copy", FkKernelsFor(isa)->name);
	}
	FkIsaUse(-1);
	ok(FkIsaInUse() == FkDetectIsa() && FkGeluIsa() == FkDetectIsa(),
	   "auto: gelu runs the copy of the best instruction set this CPU has");
}

int
main(void)
{
	static const size_t shapes[][3] = {
		{1, 1, 1}, {1, 7, 5}, {3, 1, 9}, {17, 33, 29}, {64, 64, 64},
		{100, 37, 300}, {5, 260, 513}
	};
	double		v[4];

	check_blas_buffer();
	srand(42);
	for (size_t s = 0; s < sizeof(shapes) / sizeof(shapes[0]); s++)
		for (int op = FK_DENSE_MATMUL; op <= FK_DENSE_GELU_LINEAR; op++)
			check_layer((FkDenseOp) op, shapes[s][0], shapes[s][1], shapes[s][2]);

	ok(FkGelu(0.0) == 0.0 && !signbit(FkGelu(0.0)), "gelu(0) = +0");
	ok(FkGelu(-0.0) == 0.0 && signbit(FkGelu(-0.0)), "gelu(-0) = -0");
	ok(isinf(FkGelu(INFINITY)) && FkGelu(INFINITY) > 0, "gelu(Infinity) = Infinity");
	ok(FkGelu(-INFINITY) == 0.0 && signbit(FkGelu(-INFINITY)), "gelu(-Infinity) = -0");
	ok(isnan(FkGelu(NAN)), "gelu(NaN) = NaN");
	ok(FkGelu(1e200) == 1e200, "gelu of a huge value is the value");
	ok(fabs(FkGelu(1.0) - 0.8411919906082768) < 1e-15, "gelu(1) = 0.84119199...");

	check_gelu_variant("scalar", FkGeluArrayScalar);
#if defined(__x86_64__)
	__builtin_cpu_init();
	if (__builtin_cpu_supports("avx2"))
		check_gelu_variant("avx2", FkGeluArrayAvx2);
	if (__builtin_cpu_supports("avx512f"))
		check_gelu_variant("avx512", FkGeluArrayAvx512);
#endif

	v[0] = -1.5;
	v[1] = -0.0;
	v[2] = NAN;
	v[3] = 2.5;
	FkReluArray(v, v, 4);
	ok(v[0] == 0.0 && !signbit(v[0]) && signbit(v[1]) && isnan(v[2]) && v[3] == 2.5,
	   "relu: negatives to +0, -0 and NaN pass, positives kept");
	check_bias_relu();
	check_gelu_follows_isa();
	ok(FkDenseBlockRows(1000, 1024, 1024) == 256, "blocks of 2^29 flops: 256 rows of 1024 x 1024");
	ok(FkDenseBlockRows(10, 1, 1) == 10 && FkDenseBlockRows(5, 100000, 100000) == 1,
	   "block rows clamp to [1, m]");
	return done_testing();
}
