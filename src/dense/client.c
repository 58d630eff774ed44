/*
 * client.c
 *		The backend side of the executor worker: decide whether a layer is
 *		worth sending, send it through a DSM segment, wait for the reply on
 *		the latch (cancel and statement_timeout interrupt the wait), and
 *		count what happened.
 */
#include "postgres.h"

#include "access/xact.h"
#include "dense/dense_pg.h"
#include "dense/request.h"
#include "miscadmin.h"
#include "pgstat.h"
#include "storage/proc.h"
#include "storage/shm_mq.h"

/* Place an operand of nelems doubles at *offset; return the next offset */
static Size
FkCudaPlace(Size *offset, Size at, size_t nelems)
{
	*offset = at;
	return add_size(at, MAXALIGN(mul_size(nelems, sizeof(double))));
}

/*
 * Lay out a request from its op and shape (bias and residual present as
 * the op needs them) and its reply slot: fill the offsets, return the
 * segment's size.  The worker recomputes it to validate what it attached.
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
	hdr->off_mq = size + (hdr->mq_slot ? FK_CUDA_REPLY_QUEUE_SIZE : 0);
	return add_size(size, 2 * FK_CUDA_REPLY_QUEUE_SIZE);
}

/*
 * This backend's request segment, kept for the next request until the
 * transaction ends (a statement may call a layer for many rows): creating,
 * zero-filling and faulting in a fresh segment is most of a request's cost.
 * Its mapping is pinned (not owned by a resource owner) and detached at the
 * end of the transaction, or at once when a wait is interrupted.  Two reply
 * queues alternate, because the worker may still be detaching from the
 * previous request's queue when the next one is sent.
 */
static dsm_segment *fk_cuda_seg = NULL;
static int	fk_cuda_slot = 0;

/*
 * On detach: forget the kept segment; if a request was still waiting for
 * its reply, tell the worker to stop and count a cancel.
 */
static void
FkCudaSegmentDetached(dsm_segment *seg, Datum arg)
{
	FkCudaRequest *req = (FkCudaRequest *) dsm_segment_address(seg);

	if (seg == fk_cuda_seg)
		fk_cuda_seg = NULL;
	if (req->answered)
		return;
	pg_atomic_write_u32(&req->abandoned, 1);
	pg_atomic_fetch_add_u64(&fk_cuda_shared->cancelled, 1);
}

/* Detach the kept segment (counting a cancel if a request was waiting) */
static void
FkCudaDropSegment(void)
{
	if (fk_cuda_seg != NULL)
		dsm_detach(fk_cuda_seg);	/* FkCudaSegmentDetached clears it */
}

/* End of transaction: give the kept segment back */
static void
FkCudaXactEnd(XactEvent event, void *arg)
{
	if (event == XACT_EVENT_COMMIT || event == XACT_EVENT_ABORT ||
		event == XACT_EVENT_PARALLEL_COMMIT || event == XACT_EVENT_PARALLEL_ABORT ||
		event == XACT_EVENT_PREPARE)
		FkCudaDropSegment();
}

/* A segment of at least size bytes: the kept one when it is large enough */
static dsm_segment *
FkCudaSegment(Size size)
{
	static bool registered = false;
	dsm_segment *seg = fk_cuda_seg;

	if (!registered)
	{
		RegisterXactCallback(FkCudaXactEnd, NULL);
		registered = true;
	}

	if (seg != NULL && dsm_segment_map_length(seg) >= size)
		return seg;
	if (seg != NULL)
		dsm_detach(seg);
	seg = dsm_create(size, DSM_CREATE_NULL_IF_MAXSEGMENTS);
	if (seg == NULL)
		return NULL;
	dsm_pin_mapping(seg);
	((FkCudaRequest *) dsm_segment_address(seg))->answered = true;
	on_dsm_detach(seg, FkCudaSegmentDetached, (Datum) 0);
	fk_cuda_seg = seg;
	return seg;
}

/* Queue a request handle and wake the worker; false if none or queue full */
static bool
FkCudaEnqueue(dsm_handle handle, uint64 *generation)
{
	FkCudaShared *s = fk_cuda_shared;
	Latch	   *latch = NULL;

	SpinLockAcquire(&s->mutex);
	if (s->worker_latch != NULL && s->tail - s->head < FK_CUDA_QUEUE_LEN)
	{
		s->queue[s->tail % FK_CUDA_QUEUE_LEN] = handle;
		s->tail++;
		latch = s->worker_latch;
		*generation = s->generation;
	}
	SpinLockRelease(&s->mutex);
	if (latch)
		SetLatch(latch);
	return latch != NULL;
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
	hdr.mq_slot = fk_cuda_slot;
	size = FkCudaRequestLayout(&hdr);

	seg = FkCudaSegment(size);
	if (seg == NULL)
		return NULL;
	fk_cuda_slot ^= 1;
	base = dsm_segment_address(seg);
	req = (FkCudaRequest *) base;
	hdr.answered = true;		/* until it is queued */
	memcpy(base, &hdr, sizeof(hdr));
	pg_atomic_init_u32(&req->abandoned, 0);
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
						(errmsg("fusekern cuda executor failed a request: %s",
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
 * Offer a layer to the executor worker.  True when the worker computed it;
 * false when the caller's CPU path must answer (counted as a fallback).
 */
bool
FkCudaOffload(const FkDenseLayer *layer)
{
	FkCudaShared *s = fk_cuda_shared;
	dsm_segment *seg;
	FkCudaRequest *req;
	shm_mq	   *mq;
	shm_mq_handle *mqh;
	uint64		generation;
	bool		done;

	if (s == NULL)
		return false;			/* not preloaded with fusekern.cuda = on */
	pg_atomic_fetch_add_u64(&s->requests, 1);
	if (FkDenseFlops(layer->m, layer->n, layer->k) < fk_cuda_min_flops ||
		(seg = FkCudaBuildRequest(layer, &req)) == NULL)
	{
		pg_atomic_fetch_add_u64(&s->fallbacks, 1);
		return false;
	}
	mq = shm_mq_create((char *) req + req->off_mq, FK_CUDA_REPLY_QUEUE_SIZE);
	shm_mq_set_receiver(mq, MyProc);
	mqh = shm_mq_attach(mq, seg, NULL);
	req->answered = false;
	if (!FkCudaEnqueue(dsm_segment_handle(seg), &generation))
	{
		req->answered = true;
		shm_mq_detach(mqh);
		pg_atomic_fetch_add_u64(&s->fallbacks, 1);
		return false;
	}
	PG_TRY();
	{
		done = FkCudaAwait(seg, req, mqh, generation, layer);
	}
	PG_CATCH();
	{
		/* cancel, timeout: tell the worker to stop, never reuse the segment */
		FkCudaDropSegment();
		PG_RE_THROW();
	}
	PG_END_TRY();
	if (done)
	{
		/* keep the segment; the worker is done with this reply queue */
		shm_mq_detach(mqh);
		pg_atomic_fetch_add_u64(&s->offloaded, 1);
	}
	else
	{
		/* whatever the worker was doing, do not reuse what it touched */
		dsm_detach(seg);
		pg_atomic_fetch_add_u64(&s->errors, 1);
		pg_atomic_fetch_add_u64(&s->fallbacks, 1);
	}
	return done;
}
