/*
 * client.c
 *		The backend side of the executor worker: decide whether a layer is
 *		worth sending (large enough, not too much work ahead of it), send it
 *		through a DSM segment of its own, wait for the reply on the latch
 *		(cancel and statement_timeout interrupt the wait), detach at once,
 *		and count what happened.
 */
#include "postgres.h"

#include "access/xact.h"
#include "dense/dense_pg.h"
#include "dense/request.h"
#include "miscadmin.h"
#include "pgstat.h"
#include "storage/proc.h"
#include "storage/shm_mq.h"
#include "utils/resowner.h"

/* Place an operand of nelems doubles at *offset; return the next offset */
static Size
FkCudaPlace(Size *offset, Size at, size_t nelems)
{
	*offset = at;
	return add_size(at, MAXALIGN(mul_size(nelems, sizeof(double))));
}

/*
 * Lay out a request from its op and shape (bias and residual present as
 * the op needs them): fill the offsets, return the segment's size.  The
 * worker recomputes it to validate what it attached.
 */
Size
FkCudaRequestLayout(FkCudaRequest *hdr)
{
	Size		size = MAXALIGN(sizeof(FkCudaRequest));

	hdr->off_bias = hdr->off_res = 0;
	size = FkCudaPlace(&hdr->off_x, size, hdr->m * hdr->k);
	size = FkCudaPlace(&hdr->off_w, size, hdr->k * hdr->n);
	if (hdr->op != FK_DENSE_MATMUL)
		size = FkCudaPlace(&hdr->off_bias, size, hdr->n);
	if (hdr->op == FK_DENSE_LINEAR_RESIDUAL_RELU)
		size = FkCudaPlace(&hdr->off_res, size, hdr->m * hdr->n);
	size = FkCudaPlace(&hdr->off_out, size, hdr->m * hdr->n);
	hdr->off_mq = size;
	return add_size(size, FK_CUDA_REPLY_QUEUE_SIZE);
}

/*
 * On detach: if a request was still waiting for its reply, tell the worker
 * to stop and count a cancel.
 */
static void
FkCudaSegmentDetached(dsm_segment *seg, Datum arg)
{
	FkCudaRequest *req = (FkCudaRequest *) dsm_segment_address(seg);

	if (req->answered)
		return;
	pg_atomic_write_u32(&req->abandoned, 1);
	pg_atomic_fetch_add_u64(&fk_cuda_shared->cancelled, 1);
}

/* Is an error one of running out of (shared) memory? */
static bool
FkCudaIsNoMemory(ErrorData *edata)
{
	return edata->sqlerrcode == ERRCODE_OUT_OF_MEMORY ||
		edata->sqlerrcode == ERRCODE_DISK_FULL;
}

/*
 * dsm_create, returning NULL instead of failing when the system has no
 * shared memory left for the segment (a full /dev/shm): the attempt runs
 * in a subtransaction, whose rollback releases the half-made descriptor.
 * Subtransactions cannot start in parallel mode; there a failure raises
 * its error as dsm_create does.  The segment is owned by the current
 * resource owner, so an error detaches it.
 */
static dsm_segment *
FkCudaCreateSegment(Size size)
{
	MemoryContext cxt = CurrentMemoryContext;
	ResourceOwner owner = CurrentResourceOwner;
	dsm_segment *volatile seg = NULL;
	ErrorData  *volatile edata = NULL;

	if (IsInParallelMode())
		return dsm_create(size, DSM_CREATE_NULL_IF_MAXSEGMENTS);
	BeginInternalSubTransaction(NULL);
	MemoryContextSwitchTo(cxt);
	PG_TRY();
	{
		seg = dsm_create(size, DSM_CREATE_NULL_IF_MAXSEGMENTS);
		if (seg != NULL)
			dsm_pin_mapping(seg);	/* out of the subtransaction's owner */
		ReleaseCurrentSubTransaction();
	}
	PG_CATCH();
	{
		MemoryContextSwitchTo(cxt);
		edata = CopyErrorData();
		FlushErrorState();
		RollbackAndReleaseCurrentSubTransaction();
	}
	PG_END_TRY();
	MemoryContextSwitchTo(cxt);
	CurrentResourceOwner = owner;
	if (edata != NULL)
	{
		if (!FkCudaIsNoMemory(edata))
			ReThrowError(edata);
		ereport(DEBUG1,
				(errmsg("fusekern dense request runs on the CPU: %s", edata->message)));
		FreeErrorData(edata);
		return NULL;
	}
	if (seg != NULL)
		dsm_unpin_mapping(seg); /* owned by the caller's resource owner */
	return seg;
}

/* Work queued in or served by the worker, in flops */
static double
FkCudaQueuedFlops(void)
{
	FkCudaShared *s = fk_cuda_shared;
	double		flops;

	SpinLockAcquire(&s->mutex);
	flops = s->queued_flops;
	SpinLockRelease(&s->mutex);
	return flops;
}

/* What became of an attempt to queue a request */
typedef enum FkCudaQueueResult
{
	FK_CUDA_QUEUED,
	FK_CUDA_NO_WORKER,			/* none serves, or the ring is full */
	FK_CUDA_BUSY				/* more than the bound of work ahead */
} FkCudaQueueResult;

/* Queue a request handle of some flops and wake the worker */
static FkCudaQueueResult
FkCudaEnqueue(dsm_handle handle, double flops, uint64 *generation)
{
	FkCudaShared *s = fk_cuda_shared;
	Latch	   *latch = NULL;
	FkCudaQueueResult result = FK_CUDA_NO_WORKER;

	SpinLockAcquire(&s->mutex);
	if (s->worker_latch != NULL && s->queued_flops > fk_cuda_max_queued_flops)
		result = FK_CUDA_BUSY;
	else if (s->worker_latch != NULL && s->tail - s->head < FK_CUDA_QUEUE_LEN)
	{
		s->queue[s->tail % FK_CUDA_QUEUE_LEN].handle = handle;
		s->queue[s->tail % FK_CUDA_QUEUE_LEN].flops = flops;
		s->tail++;
		s->queued_flops += flops;
		latch = s->worker_latch;
		*generation = s->generation;
		result = FK_CUDA_QUEUED;
	}
	SpinLockRelease(&s->mutex);
	if (latch)
		SetLatch(latch);
	return result;
}

/* Is the worker that took the request (of that generation) still there? */
static bool
FkCudaWorkerAlive(uint64 generation)
{
	FkCudaShared *s = fk_cuda_shared;
	bool		alive;

	SpinLockAcquire(&s->mutex);
	alive = s->worker_latch != NULL && s->generation == generation;
	SpinLockRelease(&s->mutex);
	return alive;
}

/* Fill a request segment for a layer, or return NULL when none can be had */
static dsm_segment *
FkCudaBuildRequest(const FkDenseLayer *layer, FkCudaRequest **reqp)
{
	FkCudaRequest hdr = {0};
	Size		size;
	dsm_segment *seg;
	char	   *base;
	FkCudaRequest *req;

	hdr.magic = FK_CUDA_REQUEST_MAGIC;
	hdr.op = (int32) layer->op;
	hdr.delay_ms = fk_cuda_debug_delay;
	hdr.m = layer->m;
	hdr.n = layer->n;
	hdr.k = layer->k;
	size = FkCudaRequestLayout(&hdr);

	seg = FkCudaCreateSegment(size);
	if (seg == NULL)
		return NULL;
	base = dsm_segment_address(seg);
	req = (FkCudaRequest *) base;
	hdr.answered = true;		/* until it is queued */
	memcpy(base, &hdr, sizeof(hdr));
	pg_atomic_init_u32(&req->abandoned, 0);
	on_dsm_detach(seg, FkCudaSegmentDetached, (Datum) 0);
	memcpy(base + hdr.off_x, layer->x, layer->m * layer->k * sizeof(double));
	memcpy(base + hdr.off_w, layer->w, layer->k * layer->n * sizeof(double));
	if (layer->bias)
		memcpy(base + hdr.off_bias, layer->bias, layer->n * sizeof(double));
	if (layer->residual)
		memcpy(base + hdr.off_res, layer->residual,
			   layer->m * layer->n * sizeof(double));
	*reqp = req;
	return seg;
}

/*
 * Wait for the worker's reply: true with the result copied out, false when
 * the worker failed or vanished.  Interrupts raise their error here.
 */
static bool
FkCudaAwait(dsm_segment *seg, FkCudaRequest *req, shm_mq_handle *mqh,
			uint64 generation, const FkDenseLayer *layer)
{
	for (;;)
	{
		Size		len;
		void	   *data;
		shm_mq_result res = shm_mq_receive(mqh, &len, &data, true);

		if (res == SHM_MQ_SUCCESS)
		{
			FkCudaReply *reply = (FkCudaReply *) data;

			req->answered = true;
			if (len < sizeof(FkCudaReply) || reply->status != 0)
			{
				ereport(DEBUG1,
						(errmsg("fusekern dense executor failed a request: %s",
								len > sizeof(FkCudaReply) ? reply->message : "")));
				return false;
			}
			memcpy(layer->out, (char *) req + req->off_out,
				   layer->m * layer->n * sizeof(double));
			return true;
		}
		if (res == SHM_MQ_DETACHED || !FkCudaWorkerAlive(generation))
		{
			req->answered = true;
			return false;
		}
		(void) WaitLatch(MyLatch, WL_LATCH_SET | WL_TIMEOUT | WL_EXIT_ON_PM_DEATH,
						 100, PG_WAIT_EXTENSION);
		ResetLatch(MyLatch);
		CHECK_FOR_INTERRUPTS();
	}
}

/*
 * FkCudaAwait, detaching the segment before an error (cancel, timeout) goes
 * on: the detach callback tells the worker to stop.  The one PG_TRY of the
 * request path, in a function of its own: nothing but the segment is read
 * after a longjmp, and it is kept in memory (-Wclobbered).
 */
static bool
FkCudaAwaitOrDetach(dsm_segment *seg, FkCudaRequest *req, shm_mq_handle *mqh,
					uint64 generation, const FkDenseLayer *layer)
{
	dsm_segment *volatile vseg = seg;
	volatile bool done = false;

	PG_TRY();
	{
		done = FkCudaAwait(seg, req, mqh, generation, layer);
	}
	PG_CATCH();
	{
		dsm_detach(vseg);
		PG_RE_THROW();
	}
	PG_END_TRY();
	return done;
}

/* Count a layer the backend's CPU path answers instead of the worker */
static bool
FkCudaFallback(pg_atomic_uint64 *reason)
{
	if (reason != NULL)
		pg_atomic_fetch_add_u64(reason, 1);
	pg_atomic_fetch_add_u64(&fk_cuda_shared->fallbacks, 1);
	return false;
}

/*
 * Offer a layer to the executor worker.  True when the worker computed it;
 * false when the caller's CPU path must answer (counted as a fallback):
 * below fusekern.cuda_min_flops, no worker, more than
 * fusekern.cuda_max_queued_flops of work ahead (busy), no shared memory for
 * the request (no_shmem), or the worker failed.  The request's segment is
 * detached as soon as the result is copied out.
 */
bool
FkCudaOffload(const FkDenseLayer *layer)
{
	FkCudaShared *s = fk_cuda_shared;
	double		flops = FkDenseFlops(layer->m, layer->n, layer->k);
	dsm_segment *seg;
	FkCudaRequest *req;
	shm_mq	   *mq;
	shm_mq_handle *mqh;
	uint64		generation = 0;
	FkCudaQueueResult queued;
	bool		done;

	if (s == NULL)
		return false;			/* not preloaded with fusekern.cuda = on */
	pg_atomic_fetch_add_u64(&s->requests, 1);
	if (flops < fk_cuda_min_flops)
		return FkCudaFallback(NULL);
	if (FkCudaQueuedFlops() > fk_cuda_max_queued_flops)
		return FkCudaFallback(&s->busy);	/* spare the copies */
	seg = FkCudaBuildRequest(layer, &req);
	if (seg == NULL)
		return FkCudaFallback(&s->no_shmem);
	mq = shm_mq_create((char *) req + req->off_mq, FK_CUDA_REPLY_QUEUE_SIZE);
	shm_mq_set_receiver(mq, MyProc);
	mqh = shm_mq_attach(mq, seg, NULL);
	req->answered = false;
	queued = FkCudaEnqueue(dsm_segment_handle(seg), flops, &generation);
	if (queued != FK_CUDA_QUEUED)
	{
		req->answered = true;
		dsm_detach(seg);
		return FkCudaFallback(queued == FK_CUDA_BUSY ? &s->busy : NULL);
	}
	done = FkCudaAwaitOrDetach(seg, req, mqh, generation, layer);
	/* the result is copied out (or the worker failed): give the memory back */
	dsm_detach(seg);
	if (done)
	{
		pg_atomic_fetch_add_u64(&s->offloaded, 1);
		return true;
	}
	pg_atomic_fetch_add_u64(&s->errors, 1);
	return FkCudaFallback(NULL);
}
