/*
 * executor.c
 *		fusekern_executor, the device process: the one process that owns the
 *		GPU (or, with fusekern.cuda_device = cpu, computes on its own CPU).
 *
 * The executor worker fork()s and exec()s it, so it maps none of the
 * server's shared memory: a crash of the driver, of the CUDA module or of
 * cuBLAS, or an out-of-memory kill, ends this process alone.  The worker
 * sees the pipe close and the child exit, fails the requests in flight
 * (their backends compute them on their own CPUs) and starts another.
 *
 *   fusekern_executor STAGING-NAME DEVICE MODULE-PATH
 *
 * It maps the staging area by name, opens the device (a CUDA ordinal
 * through the module, or "cpu"), writes a READY note to fd 3, then serves
 * the submission ring in order: each request is computed into its result
 * area and a DONE note with its slot goes to fd 3.  It reads nothing from
 * the server but the staging area, and stops at the next block of rows
 * when a request's backend has stopped waiting.
 *
 * Plain C, no postgres.h; links the kernel core.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "core/dense.h"
#include "cuda/fk_cuda.h"
#include "device/staging.h"

/* The staging area, its size, and the CUDA module's entry points (NULL: CPU) */
static FkStagingHeader *fk_area = NULL;
static uint64_t fk_area_size = 0;
static FkCudaLayerFn fk_layer_fn = NULL;
static pid_t fk_parent = 0;

static void FkNoDevice(const char *fmt,...) __attribute__((format(printf, 1, 2), noreturn));

/* Say why no device serves (the worker logs it), and exit */
static void
FkNoDevice(const char *fmt,...)
{
	va_list		ap;

	va_start(ap, fmt);
	vsnprintf(fk_area->message, sizeof(fk_area->message), fmt, ap);
	va_end(ap);
	exit(FK_DEVICE_EXIT_NO_DEVICE);
}

/* Tell the worker something: one note, written whole */
static void
FkNote(uint32_t kind, uint32_t slot, uint32_t seq)
{
	FkDeviceNote note = {kind, slot, seq, 0};

	while (write(FK_DEVICE_NOTE_FD, &note, sizeof(note)) < 0)
	{
		if (errno != EINTR)
			exit(1);			/* the worker has gone (EPIPE) */
	}
}

/*
 * Load the CUDA module, check its interface version, open the device and
 * register the staging area as pinned host memory; exits when it cannot.
 */
static void
FkOpenDevice(const char *path, int device)
{
	void	   *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	const int  *abi;
	FkCudaOpenFn open_fn;
	FkCudaRegisterFn register_fn;
	char		err[200] = "";

	if (lib == NULL)
		FkNoDevice("cannot load \"%s\": %s", path, dlerror());
	abi = (const int *) dlsym(lib, "fk_cuda_abi_version");
	if (abi == NULL)
		FkNoDevice("refuses \"%s\": it has no interface version (expected %d; rebuild the module with \"make USE_CUDA=1\")",
				   path, FK_CUDA_ABI_VERSION);
	if (*abi != FK_CUDA_ABI_VERSION)
		FkNoDevice("refuses \"%s\": interface version %d, expected %d (rebuild and reinstall the module with \"make USE_CUDA=1\")",
				   path, *abi, FK_CUDA_ABI_VERSION);
	open_fn = (FkCudaOpenFn) dlsym(lib, "fk_cuda_open");
	register_fn = (FkCudaRegisterFn) dlsym(lib, "fk_cuda_register_host");
	fk_layer_fn = (FkCudaLayerFn) dlsym(lib, "fk_cuda_layer");
	if (open_fn == NULL || register_fn == NULL || fk_layer_fn == NULL)
		FkNoDevice("cannot load \"%s\": it lacks the fusekern CUDA entry points", path);
	if (open_fn(device, fk_area->executor, sizeof(fk_area->executor), err, sizeof(err)) != 0)
		FkNoDevice("has no GPU: %s", err);
	if (register_fn(fk_area, fk_area_size, err, sizeof(err)) != 0)
		FkNoDevice("has no GPU: cannot pin the staging area: %s", err);
}

/* Has the request's backend stopped waiting? */
static bool
FkAbandoned(FkStagingRequest *r)
{
	return __atomic_load_n(&r->abandoned, __ATOMIC_ACQUIRE) != 0;
}

/*
 * Progress before each block of rows: publish the rows done (fairness
 * counts the work left); nonzero when the backend has gone
 */
static int
FkProgress(void *arg, size_t rows_done)
{
	FkStagingRequest *r = (FkStagingRequest *) arg;

	__atomic_store_n(&r->rows_done, (uint64_t) rows_done, __ATOMIC_RELEASE);
	return FkAbandoned(r) ? 1 : 0;
}

/* Sleep the caller's debug delay, or less when it stops waiting */
static void
FkDebugDelay(FkStagingRequest *r)
{
	struct timespec ms = {0, 1000000L};

	for (int32_t i = 0; i < r->delay_ms && !FkAbandoned(r); i++)
		nanosleep(&ms, NULL);
}

/* Run a layer on this process's CPU, block by block; 0, or -1 with err */
static int
FkRunCpu(const FkDenseLayer *layer, FkStagingRequest *r, char *err, size_t errlen)
{
	size_t		block = FkDenseBlockRows(layer->m, layer->n, layer->k);
	size_t		nscratch = FkDenseScratch(layer, block);
	double	   *scratch = NULL;
	int			rc = 0;

	if (!FkDenseBlasReady())
	{
		snprintf(err, errlen, "out of memory: cannot map the work buffer of OpenBLAS (%zu bytes)",
				 (size_t) FK_DENSE_BLAS_BUFFER);
		return -1;
	}
	if (nscratch > 0 && (scratch = malloc(nscratch * sizeof(double))) == NULL)
	{
		snprintf(err, errlen, "out of memory for %zu bytes of scratch", nscratch * sizeof(double));
		return -1;
	}
	for (size_t r0 = 0; r0 < layer->m; r0 += block)
	{
		if (FkProgress(r, r0))
		{
			snprintf(err, errlen, "abandoned");
			rc = -1;
			break;
		}
		FkDenseLayerRows(layer, r0, r0 + block < layer->m ? r0 + block : layer->m, scratch);
	}
	free(scratch);
	return rc;
}

/* Serve one slot: validate, compute, publish the status */
static void
FkServe(uint32_t slot)
{
	FkStagingRequest *r;
	FkDenseLayer layer = {0};
	char	   *base = (char *) fk_area;
	char		err[FK_STAGING_MSG] = "";
	int			rc;

	if (slot >= FK_STAGING_SLOTS)
		return;
	r = &fk_area->req[slot];
	if (!FkStagingRequestValid(r, fk_area_size))
	{
		snprintf(err, sizeof(err), "slot %u does not hold a valid request", slot);
		rc = -1;
	}
	else
	{
		layer.op = (FkDenseOp) r->op;
		layer.m = r->m;
		layer.n = r->n;
		layer.k = r->k;
		layer.x = (const double *) (base + r->off_x);
		layer.w = (const double *) (base + r->off_w);
		layer.bias = r->off_bias ? (const double *) (base + r->off_bias) : NULL;
		layer.residual = r->off_res ? (const double *) (base + r->off_res) : NULL;
		layer.out = (double *) (base + r->off_out);
		if (r->delay_ms > 0)
			FkDebugDelay(r);
		if (FkAbandoned(r))
		{
			snprintf(err, sizeof(err), "abandoned");
			rc = -1;
		}
		else if (fk_layer_fn == NULL)
			rc = FkRunCpu(&layer, r, err, sizeof(err));
		else
			rc = fk_layer_fn(&layer, FK_CUDA_AUTO, FkProgress, r, err, sizeof(err));
	}
	memcpy(r->message, err, sizeof(r->message));
	__atomic_store_n(&r->status, rc == 0 ? 0 : 1, __ATOMIC_RELEASE);
}

/* Close every inherited descriptor but stdio and the note pipe */
static void
FkCloseInherited(void)
{
#ifdef SYS_close_range
	if (syscall(SYS_close_range, FK_DEVICE_NOTE_FD + 1, ~0U, 0) == 0)
		return;
#endif
	for (int fd = FK_DEVICE_NOTE_FD + 1; fd < 1024; fd++)
		close(fd);
}

/* Entry point: map, open the device, serve until the worker goes */
int
main(int argc, char **argv)
{
	char	   *end;
	long		device = -1;

	if (argc != 4)
	{
		fprintf(stderr, "usage: fusekern_executor STAGING-NAME DEVICE MODULE-PATH\n"
				"(started by the fusekern dense executor worker)\n");
		return 64;
	}
	FkCloseInherited();
	fk_parent = getppid();
	/* die with the worker (set before exec too; kept for a direct start) */
	(void) prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != fk_parent)
		return 1;
	signal(SIGPIPE, SIG_IGN);
	fk_area = FkStagingMap(argv[1], 0, false, &fk_area_size);
	if (fk_area == NULL || fk_area->magic != FK_STAGING_MAGIC)
	{
		fprintf(stderr, "fusekern_executor: cannot map \"%s\": %s\n", argv[1],
				fk_area ? "not a staging area" : strerror(errno));
		return 1;
	}
	if (strcmp(argv[2], "cpu") != 0)
	{
		device = strtol(argv[2], &end, 10);
		if (*argv[2] == '\0' || *end != '\0' || device < 0)
			FkNoDevice("has no GPU: \"%s\" is not a device ordinal", argv[2]);
		FkOpenDevice(argv[3], (int) device);
	}
	else
		snprintf(fk_area->executor, sizeof(fk_area->executor), "cpu");
	FkNote(FK_NOTE_READY, 0, 0);

	for (;;)
	{
		uint32_t	seen = __atomic_load_n(&fk_area->doorbell, __ATOMIC_ACQUIRE);
		uint32_t	head = __atomic_load_n(&fk_area->sq_head, __ATOMIC_RELAXED);

		if (head != __atomic_load_n(&fk_area->sq_tail, __ATOMIC_ACQUIRE))
		{
			uint32_t	slot = fk_area->sq[head % FK_STAGING_SLOTS];
			uint32_t	seq;

			__atomic_store_n(&fk_area->sq_head, head + 1, __ATOMIC_RELEASE);
			if (slot >= FK_STAGING_SLOTS)
				continue;
			seq = fk_area->req[slot].seq;
			FkServe(slot);
			FkNote(FK_NOTE_DONE, slot, seq);
			continue;
		}
		FkStagingWait(fk_area, seen, 1000);
		if (getppid() != fk_parent)
			return 0;			/* the worker has gone */
	}
}
