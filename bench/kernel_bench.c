/*
 * kernel_bench.c
 *		Nanoseconds per element of the kernel core, per SIMD path, beside
 *		glibc's scalar log loop and the two-logs-per-element loop that the
 *		fused dlog_scale_add replaces.
 *
 * Usage: kernel_bench [repeats]   (default 11; the median is printed)
 *        kernel_bench loop OP ISA N CALLS   (one kernel in a loop, to profile)
 * Built and run by 'make bench-kernels'.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../src/core/bitmap.h"
#include "../src/core/kernels.h"
#include "../src/core/masked.h"
#include "../src/core/ops.h"

#define LAG 1
#define SCALE 252.0
#define SHIFT -0.5
#define MIN_SAMPLE_NS 2e6		/* each sample runs the call for >= 2 ms */
#define MAX_N 10000000

static const size_t sizes[] = {10000, 1000000, 10000000};
#define NSIZES (sizeof(sizes) / sizeof(sizes[0]))

/* The operations measured: every one of the catalogue (core/ops.h) */
typedef int Op;

#define OP_COUNT FK_KOP_COUNT
#define op_name(op) (FkOps[op].kernel)

static double *in_x;
static double *out;
static uint64_t *in_valid;		/* validity of x: 10% NULL */
static uint64_t *out_valid;		/* validity of a lagged output */
static volatile double sink;

/* CPU time of this thread in nanoseconds: other processes on a shared machine do not count */
static double
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/*
 * One call of op over n elements on table t, through the masked driver the
 * SQL functions use when nulls is set (a lagged one's validity is the AND
 * of the shifted bitmaps, as they build it); y is x for two vectors
 */
static void
run_op(const FkKernelTable *t, Op op, int nulls, size_t n)
{
	const uint64_t *v = nulls ? in_valid : NULL;

	if (FkKernelOpLagged(op) && nulls)
	{
		FkBitmapAndShifted(out_valid, in_valid, in_valid, n, LAG);
		v = out_valid;
	}
	FkMaskedApply(t, (FkKernelOp) op, out, in_x, in_x, SCALE, SHIFT, LAG, v,
				  0, n);
}

/* glibc's scalar log, one element at a time */
static void
glibc_ln(size_t n)
{
	for (size_t i = 0; i < n; i++)
		out[i] = log(in_x[i]);
}

/* The loop the fused kernel replaces: two glibc logs per element */
static void
glibc_dlog_scale_add(size_t n)
{
	for (size_t i = LAG; i < n; i++)
		out[i] = ((log(in_x[i]) - log(in_x[i - LAG])) * SCALE) + SHIFT;
}

/* Two SLEEF logs per element on table t: ln of x and of x shifted, then the epilogue */
static void
two_ln_dlog_scale_add(const FkKernelTable *t, size_t n)
{
	static double tmp[8192];

	for (size_t s = LAG; s < n; s += 4096)
	{
		size_t		len = n - s < 4096 ? n - s : 4096;

		t->ln(tmp, in_x + s, len);
		t->ln(tmp + 4096, in_x + s - LAG, len);
		t->sub_mul_add(out + s, tmp, tmp + 4096, SCALE, SHIFT, len);
	}
}

/* Which function a measurement calls */
typedef struct Job
{
	const FkKernelTable *t;
	Op			op;
	int			nulls;
	int			baseline;		/* 0: kernel; 1: glibc ln; 2: glibc two-log; 3: two SLEEF logs */
} Job;

/* Run job once over n elements */
static void
run_job(const Job *j, size_t n)
{
	switch (j->baseline)
	{
		case 0: run_op(j->t, j->op, j->nulls, n); break;
		case 1: glibc_ln(n); break;
		case 2: glibc_dlog_scale_add(n); break;
		case 3: two_ln_dlog_scale_add(j->t, n); break;
	}
	sink = out[n - 1];
}

/* Compare doubles for qsort */
static int
cmp_double(const void *a, const void *b)
{
	double		x = *(const double *) a,
				y = *(const double *) b;

	return (x > y) - (x < y);
}

/* Median ns per element of job over n elements, from repeats samples */
static double
measure(const Job *j, size_t n, int repeats)
{
	double		samples[101];
	double		t0,
				once;
	size_t		iters;

	/* warm up, and size a sample to at least MIN_SAMPLE_NS */
	t0 = now_ns();
	run_job(j, n);
	once = now_ns() - t0;
	iters = once >= MIN_SAMPLE_NS ? 1 : (size_t) (MIN_SAMPLE_NS / (once + 1)) + 1;

	for (int r = 0; r < repeats; r++)
	{
		t0 = now_ns();
		for (size_t it = 0; it < iters; it++)
			run_job(j, n);
		samples[r] = (now_ns() - t0) / ((double) iters * n);
	}
	qsort(samples, repeats, sizeof(double), cmp_double);
	return samples[repeats / 2];
}

/* Print the CPU model, for the record */
static void
print_cpu(void)
{
	FILE	   *f = fopen("/proc/cpuinfo", "r");
	char		line[512];

	if (f == NULL)
		return;
	while (fgets(line, sizeof(line), f))
		if (strncmp(line, "model name", 10) == 0)
		{
			printf("# cpu:%s", strchr(line, ':') + 1);
			break;
		}
	fclose(f);
}

/* Run one kernel in a loop for a profiler: loop OP ISA N CALLS */
static int
profile_loop(char **argv)
{
	Job			j = {NULL, OP_COUNT, 0, 0};
	size_t		n = (size_t) atol(argv[4]);
	long		calls = atol(argv[5]);

	for (FkIsa isa = FK_ISA_SCALAR; isa < FK_ISA_COUNT; isa++)
		if (FkKernelsFor(isa) && strcmp(FkKernelsFor(isa)->name, argv[3]) == 0)
			j.t = FkKernelsFor(isa);
	for (Op op = 0; op < OP_COUNT; op++)
		if (strcmp(op_name(op), argv[2]) == 0)
			j.op = op;
	if (j.t == NULL || j.op == OP_COUNT || n < 1 || n > MAX_N)
	{
		fprintf(stderr, "usage: kernel_bench loop KERNEL {scalar|avx2|avx512} N CALLS\n"
				"(KERNEL: a member of the kernel table, ln, add_s, dlog ...)\n");
		return 2;
	}
	for (long c = 0; c < calls; c++)
		run_job(&j, n);
	return 0;
}

int
main(int argc, char **argv)
{
	int			repeats = argc > 1 ? atoi(argv[1]) : 11;
	uint64_t	st = 88172645463325252ULL;
	const FkKernelTable *tables[FK_ISA_COUNT];
	int			ntables = 0;

	if (repeats < 1 || repeats > 101)
		repeats = 11;
	in_x = malloc(MAX_N * sizeof(double));
	out = malloc(MAX_N * sizeof(double));
	in_valid = calloc(FkBitmapWords(MAX_N), sizeof(uint64_t));
	out_valid = calloc(FkBitmapWords(MAX_N), sizeof(uint64_t));
	if (!in_x || !out || !in_valid || !out_valid)
		return 1;

	/* prices: positive, a random walk around 100; 10% NULL (slot 0.0) */
	for (size_t i = 0; i < MAX_N; i++)
	{
		st ^= st << 13;
		st ^= st >> 7;
		st ^= st << 17;
		in_x[i] = 50.0 + (double) (st >> 11) * 0x1.0p-53 * 100.0;
		if (st % 10 != 0)
			FkBitmapSet(in_valid, i);
	}
	memset(out, 0, MAX_N * sizeof(double));

	for (FkIsa isa = FK_ISA_SCALAR; isa < FK_ISA_COUNT; isa++)
		if (FkIsaSupported(isa))
			tables[ntables++] = FkKernelsFor(isa);
	if (argc == 6 && strcmp(argv[1], "loop") == 0)
		return profile_loop(argv);

	print_cpu();
	printf("# ns per element (thread CPU time), median of %d samples (each >= 2 ms); lag %d; "
		   "10%% NULLs: masked driver (lagged: incl. AND of shifted bitmaps)\n",
		   repeats, LAG);
	printf("%-32s", "kernel");
	for (size_t si = 0; si < NSIZES; si++)
		printf(" %10zu", sizes[si]);
	printf("\n");

	for (int ti = 0; ti < ntables; ti++)
		for (Op op = 0; op < OP_COUNT; op++)
			for (int nulls = 0; nulls <= 1; nulls++)
			{
				Job			j = {tables[ti], op, nulls, 0};
				char		label[64];

				snprintf(label, sizeof(label), "%s %s%s", tables[ti]->name,
						 op_name(op), nulls ? " (10% NULL)" : "");
				printf("%-32s", label);
				for (size_t si = 0; si < NSIZES; si++)
					printf(" %10.3f", measure(&j, sizes[si], repeats));
				printf("\n");
				fflush(stdout);
			}

	for (int b = 1; b <= 3; b++)
		for (int ti = 0; ti < (b == 3 ? ntables : 1); ti++)
		{
			Job			j = {tables[ti], FK_KOP_LN, 0, b};
			char		label[64];

			if (b == 1)
				snprintf(label, sizeof(label), "glibc log loop");
			else if (b == 2)
				snprintf(label, sizeof(label), "glibc two-log dlog_scale_add");
			else
				snprintf(label, sizeof(label), "%s two-ln dlog_scale_add",
						 tables[ti]->name);
			printf("%-32s", label);
			for (size_t si = 0; si < NSIZES; si++)
				printf(" %10.3f", measure(&j, sizes[si], repeats));
			printf("\n");
			fflush(stdout);
		}
	return 0;
}
