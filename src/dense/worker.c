/*
 * worker.c
 *		The executor worker: owns the CUDA context (or, with
 *		fusekern.cuda_device = cpu, computes on its own CPU) and serves the
 *		requests that backends queue.
 */
#include "postgres.h"

#include <dlfcn.h>

#include "cuda/fk_cuda.h"
#include "dense/dense_pg.h"
#include "dense/request.h"
#include "miscadmin.h"
#include "pgstat.h"
#include "postmaster/bgworker.h"
#include "postmaster/interrupt.h"
#include "storage/ipc.h"
#include "storage/proc.h"
#include "storage/shm_mq.h"
#include "tcop/tcopprot.h"
#include "utils/guc.h"
#include "utils/array.h"
#include "utils/memutils.h"

/* The loaded CUDA module, NULL for the CPU executor */
static FkCudaLayerFn fk_cuda_layer_fn = NULL;

/* Is this executor the worker's own CPU? */
static bool
FkCudaDeviceIsCpu(void)
{
	return pg_strcasecmp(fk_cuda_device, "cpu") == 0;
}

/*
 * Does the module at path speak this worker's interface version?  A module
 * left from another build would otherwise be called with the wrong layout.
 */
static bool
FkCudaModuleAbiOk(void *lib, const char *path)
{
	const int  *abi = (const int *) dlsym(lib, "fk_cuda_abi_version");

	if (abi != NULL && *abi == FK_CUDA_ABI_VERSION)
		return true;
	if (abi == NULL)
		ereport(LOG,
				(errmsg("fusekern dense executor refuses \"%s\": it has no interface version", path),
				 errdetail("This fusekern expects version %d; rebuild the module with \"make USE_CUDA=1\".",
						   FK_CUDA_ABI_VERSION)));
	else
		ereport(LOG,
				(errmsg("fusekern dense executor refuses \"%s\": interface version %d, expected %d",
						path, *abi, FK_CUDA_ABI_VERSION),
				 errdetail("Rebuild and reinstall the module with \"make USE_CUDA=1\".")));
	return false;
}

/*
 * Load fusekern_cuda.so and open the configured device; on failure log why
 * and return false (no GPU, no module built, a driver error).
 */
static bool
FkCudaLoadModule(char *name, size_t namelen)
{
	char		path[MAXPGPATH];
	char		err[256] = "";
	void	   *lib;
	FkCudaOpenFn open_fn;
	long		device = strtol(fk_cuda_device, NULL, 10);	/* checked by its GUC */

	snprintf(path, sizeof(path), "%s/%s%s", pkglib_path, FK_CUDA_MODULE, DLSUFFIX);
	lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (lib == NULL)
	{
		ereport(LOG,
				(errmsg("fusekern dense executor cannot load \"%s\": %s", path, dlerror())));
		return false;
	}
	if (!FkCudaModuleAbiOk(lib, path))
	{
		dlclose(lib);
		return false;
	}
	open_fn = (FkCudaOpenFn) dlsym(lib, "fk_cuda_open");
	fk_cuda_layer_fn = (FkCudaLayerFn) dlsym(lib, "fk_cuda_layer");
	if (open_fn == NULL || fk_cuda_layer_fn == NULL)
	{
		ereport(LOG, (errmsg("\"%s\" lacks the fusekern CUDA entry points", path)));
		return false;
	}
	if (open_fn((int) device, name, namelen, err, sizeof(err)) != 0)
	{
		ereport(LOG,
				(errmsg("fusekern dense executor has no GPU: %s", err)));
		return false;
	}
	return true;
}

/* Worker exit: stop advertising, so clients fall back at once */
static void
FkCudaWorkerDetach(int code, Datum arg)
{
	FkCudaShared *s = fk_cuda_shared;

	SpinLockAcquire(&s->mutex);
	s->worker_latch = NULL;
	s->worker_pid = 0;
	s->generation++;
	s->head = s->tail;
	s->queued_flops = 0;
	SpinLockRelease(&s->mutex);
}

/* Has the requester stopped waiting? */
static bool
FkCudaAbandoned(FkCudaRequest *req)
{
	return pg_atomic_read_u32(&req->abandoned) != 0;
}

/* Sleep the caller's debug delay, or less when it stops waiting */
static void
FkCudaDebugDelay(FkCudaRequest *req)
{
	TimestampTz until = GetCurrentTimestamp() + (TimestampTz) req->delay_ms * 1000;

	while (!FkCudaAbandoned(req) && GetCurrentTimestamp() < until)
	{
		(void) WaitLatch(MyLatch, WL_LATCH_SET | WL_TIMEOUT | WL_EXIT_ON_PM_DEATH,
						 10, PG_WAIT_EXTENSION);
		ResetLatch(MyLatch);
		CHECK_FOR_INTERRUPTS();
	}
}

/* Take work done off the work queued or in service */
static void
FkCudaCountDone(double flops)
{
	FkCudaShared *s = fk_cuda_shared;

	SpinLockAcquire(&s->mutex);
	s->queued_flops -= flops;
	if (s->queued_flops < 0)
		s->queued_flops = 0;
	SpinLockRelease(&s->mutex);
}

/* A request the CPU executor serves, and how much of it is counted done */
typedef struct FkCudaServing
{
	FkCudaRequest *req;
	const FkDenseLayer *layer;
	double		counted;		/* flops taken off queued_flops so far */
} FkCudaServing;

/*
 * Progress callback of the CPU executor, before each block: the rows done
 * no longer stand ahead of other sessions' layers (fairness counts the work
 * left, not the work sent); stop when the requester has gone
 */
static bool
FkCudaProgressCb(void *arg, size_t rows_done)
{
	FkCudaServing *sv = (FkCudaServing *) arg;
	double		done = FkDenseFlops(rows_done, sv->layer->n, sv->layer->k);

	FkCudaCountDone(done - sv->counted);
	sv->counted = done;
	return FkCudaAbandoned(sv->req);
}

/*
 * Is this segment a well-formed request?  A handle queued by a backend that
 * gave up may since have been reused for an unrelated segment.
 */
static bool
FkCudaRequestValid(dsm_segment *seg, FkCudaRequest *req)
{
	FkCudaRequest expect;
	Size		len = dsm_segment_map_length(seg);

	if (len < sizeof(FkCudaRequest) || req->magic != FK_CUDA_REQUEST_MAGIC ||
		req->op < FK_DENSE_MATMUL || req->op > FK_DENSE_GELU_LINEAR ||
		req->m > MaxArraySize || req->n > MaxArraySize || req->k > MaxArraySize)
		return false;
	expect = *req;
	return FkCudaRequestLayout(&expect) <= len &&
		expect.off_x == req->off_x && expect.off_w == req->off_w &&
		expect.off_bias == req->off_bias && expect.off_res == req->off_res &&
		expect.off_out == req->off_out && expect.off_mq == req->off_mq;
}

/*
 * Execute one request segment and reply; errors become error replies.  The
 * flops the CPU executor counted done as it went are added to *counted.
 */
static void
FkCudaServe(dsm_handle handle, MemoryContext cxt, double *counted)
{
	dsm_segment *seg = dsm_attach(handle);
	char	   *base;
	FkCudaRequest *req;
	shm_mq	   *mq;
	shm_mq_handle *mqh;
	FkDenseLayer layer = {0};
	FkCudaServing serving;
	char		message[256] = "";
	volatile int32 status = 0;
	FkCudaReply *reply;
	Size		len;

	if (seg == NULL)
		return;					/* the requester has gone already */
	base = dsm_segment_address(seg);
	req = (FkCudaRequest *) base;
	if (!FkCudaRequestValid(seg, req))
	{
		ereport(LOG, (errmsg("fusekern dense executor ignored a segment that is not a request")));
		dsm_detach(seg);
		return;
	}
	mq = (shm_mq *) (base + req->off_mq);
	shm_mq_set_sender(mq, MyProc);
	mqh = shm_mq_attach(mq, seg, NULL);

	layer.op = (FkDenseOp) req->op;
	layer.m = req->m;
	layer.n = req->n;
	layer.k = req->k;
	layer.x = (const double *) (base + req->off_x);
	layer.w = (const double *) (base + req->off_w);
	layer.bias = req->off_bias ? (const double *) (base + req->off_bias) : NULL;
	layer.residual = req->off_res ? (const double *) (base + req->off_res) : NULL;
	layer.out = (double *) (base + req->off_out);
	serving.req = req;
	serving.layer = &layer;
	serving.counted = 0;

	PG_TRY();
	{
		if (req->delay_ms > 0)
			FkCudaDebugDelay(req);
		if (FkCudaAbandoned(req))
			status = 1;
		else if (fk_cuda_layer_fn == NULL)
			status = FkDenseRunCpu(&layer, FkCudaProgressCb, &serving) ? 0 : 1;
		else
			status = fk_cuda_layer_fn(&layer, FK_CUDA_AUTO, message, sizeof(message));
	}
	PG_CATCH();
	{
		ErrorData  *edata;

		MemoryContextSwitchTo(cxt);
		edata = CopyErrorData();
		FlushErrorState();
		strlcpy(message, edata->message, sizeof(message));
		status = 1;
	}
	PG_END_TRY();

	*counted += serving.counted;
	len = offsetof(FkCudaReply, message) + strlen(message) + 1;
	reply = palloc(len);
	reply->status = status;
	strcpy(reply->message, message);
	/* DETACHED here means the requester gave up: nothing more to do */
	(void) shm_mq_send(mqh, len, reply, false, true);
	dsm_detach(seg);
}

/*
 * Take the next queued request; false when the ring is empty.  Its flops
 * stay counted as queued work until the CPU executor counts them done block
 * by block, or FkCudaRequestDone.
 */
static bool
FkCudaNextRequest(FkCudaQueued *next)
{
	FkCudaShared *s = fk_cuda_shared;
	bool		found = false;

	SpinLockAcquire(&s->mutex);
	if (s->head != s->tail)
	{
		*next = s->queue[s->head % FK_CUDA_QUEUE_LEN];
		s->head++;
		found = true;
	}
	SpinLockRelease(&s->mutex);
	return found;
}

/*
 * A request is served: its work no longer stands ahead of others (the part
 * not counted done already)
 */
static void
FkCudaRequestDone(const FkCudaQueued *done, double counted)
{
	FkCudaShared *s = fk_cuda_shared;

	SpinLockAcquire(&s->mutex);
	s->queued_flops -= done->flops - counted;
	if (s->queued_flops < 0 || s->head == s->tail)
		s->queued_flops = 0;	/* no rounding residue when idle */
	SpinLockRelease(&s->mutex);
}

/* Entry point of the executor worker */
void
FkCudaWorkerMain(Datum arg)
{
	FkCudaShared *s = fk_cuda_shared;
	char		name[64] = "cpu";
	MemoryContext cxt;

	pqsignal(SIGHUP, SignalHandlerForConfigReload);
	pqsignal(SIGTERM, die);
	BackgroundWorkerUnblockSignals();

	if (!FkCudaDeviceIsCpu() && !FkCudaLoadModule(name, sizeof(name)))
		proc_exit(0);			/* no executor: clients use their CPU path */

	cxt = AllocSetContextCreate(TopMemoryContext, "fusekern dense request",
								ALLOCSET_DEFAULT_SIZES);
	before_shmem_exit(FkCudaWorkerDetach, (Datum) 0);
	SpinLockAcquire(&s->mutex);
	s->worker_pid = MyProcPid;
	s->generation++;
	strlcpy(s->executor, name, sizeof(s->executor));
	s->head = s->tail;
	s->queued_flops = 0;
	s->worker_latch = MyLatch;
	SpinLockRelease(&s->mutex);
	ereport(LOG, (errmsg("fusekern dense executor ready on %s", name)));

	for (;;)
	{
		FkCudaQueued next;

		(void) WaitLatch(MyLatch, WL_LATCH_SET | WL_EXIT_ON_PM_DEATH, -1,
						 PG_WAIT_EXTENSION);
		ResetLatch(MyLatch);
		CHECK_FOR_INTERRUPTS();
		if (ConfigReloadPending)
		{
			ConfigReloadPending = false;
			ProcessConfigFile(PGC_SIGHUP);
		}
		while (FkCudaNextRequest(&next))
		{
			MemoryContext old = MemoryContextSwitchTo(cxt);
			double		counted = 0;

			FkCudaServe(next.handle, cxt, &counted);
			FkCudaRequestDone(&next, counted);
			MemoryContextSwitchTo(old);
			MemoryContextReset(cxt);
			CHECK_FOR_INTERRUPTS();
		}
	}
}
