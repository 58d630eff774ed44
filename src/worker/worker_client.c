/*
 * worker_client.c
 *		The backend side of the executor: decide whether a layer is worth
 *		sending (large enough, not too much work ahead of it), take a slot
 *		and an extent of the staging area, copy the operands in once, put
 *		the slot on the device's ring, wait on the latch (cancel and
 *		statement_timeout interrupt the wait), copy the result once into the
 *		result array, free the extent, and count what happened.
 */
#include "postgres.h"

#include <sched.h>

#include "worker/worker.h"
#include "worker/worker_request.h"
#include "miscadmin.h"
#include "pgstat.h"
#include "storage/ipc.h"
#include "storage/proc.h"

/*
 * Layers below this many flops (some 30 us of CPU) are polled for up to
 * FK_CUDA_SPINS yields before the backend sleeps on its latch
 */
#define FK_CUDA_SPIN_FLOPS 1.0e6
#define FK_CUDA_SPINS 200

/* The slot this backend waits on (-1: none), and the area it lies in */
static int	fk_current_slot = -1;
static FkStagingHeader *fk_current_area = NULL;
static bool fk_exit_hook_set = false;

/*
 * Stop waiting for the current request (an error, or the backend exits):
 * a slot the device holds is marked abandoned, and the worker frees it when
 * the device is done with it; one the device never had, or is done with,
 * is freed here.  Counted as a cancel.
 */
void
FkWorkerAbandonCurrent(void)
{
	FkWorkerShared *s = fk_worker_shared;
	int			i = fk_current_slot;

	if (i < 0 || s == NULL)
		return;
	fk_current_slot = -1;
	SpinLockAcquire(&s->mutex);
	if (s->slot[i].state == FK_SLOT_QUEUED)
	{
		s->slot[i].abandoned = true;
		__atomic_store_n(&fk_current_area->req[i].abandoned, 1, __ATOMIC_RELEASE);
	}
	else
		FkWorkerSlotFree(s, i);
	SpinLockRelease(&s->mutex);
	pg_atomic_fetch_add_u64(&s->cancelled, 1);
}

/* Backend exit (FATAL, pg_terminate_backend): give up the current request */
static void
FkWorkerAtExit(int code, Datum arg)
{
	FkWorkerAbandonCurrent();
}

/* Count a layer the backend's CPU path answers instead of the worker */
static bool
FkWorkerFallback(pg_atomic_uint64 *reason)
{
	if (reason != NULL)
		pg_atomic_fetch_add_u64(reason, 1);
	pg_atomic_fetch_add_u64(&fk_worker_shared->fallbacks, 1);
	return false;
}

/* What became of an attempt to take a slot */
typedef enum FkWorkerTakeResult
{
	FK_CUDA_TAKEN,
	FK_CUDA_NO_WORKER,			/* no device process serves */
	FK_CUDA_BUSY				/* too much work ahead, or no room now */
} FkWorkerTakeResult;

/* Take a slot and an extent for a layer of some flops, if admitted */
static FkWorkerTakeResult
FkWorkerTake(const FkDenseLayer *layer, FkStagingHeader *area, uint64 gen,
		   uint64 len, double flops, int *slot)
{
	FkWorkerShared *s = fk_worker_shared;
	FkWorkerTakeResult result = FK_CUDA_NO_WORKER;

	SpinLockAcquire(&s->mutex);
	if (s->device_pid == 0 || s->staging_gen != gen)
		result = FK_CUDA_NO_WORKER;
	else if (FkWorkerWorkAhead(s, area) > fk_cuda_max_queued_flops)
		result = FK_CUDA_BUSY;
	else if ((*slot = FkWorkerSlotTake(s, len)) < 0)
		result = FK_CUDA_BUSY;
	else
	{
		FkWorkerSlot *sl = &s->slot[*slot];

		sl->proc = MyProc;
		sl->device_gen = s->device_gen;
		sl->flops = flops;
		sl->n = layer->n;
		sl->k = layer->k;
		result = FK_CUDA_TAKEN;
	}
	SpinLockRelease(&s->mutex);
	return result;
}

/* Write the request's descriptor and copy its operands into its extent */
static void
FkWorkerFill(const FkDenseLayer *layer, FkStagingHeader *area, int slot)
{
	FkStagingRequest *r = &area->req[slot];
	char	   *base = (char *) area;

	r->op = (uint32) layer->op;
	r->delay_ms = fk_cuda_debug_delay;
	r->m = layer->m;
	r->n = layer->n;
	r->k = layer->k;
	FkStagingLayout(r, fk_worker_shared->slot[slot].off);
	r->seq = fk_worker_shared->slot[slot].seq;
	r->abandoned = 0;
	r->status = -1;
	r->rows_done = 0;
	r->message[0] = '\0';
	memcpy(base + r->off_x, layer->x, layer->m * layer->k * sizeof(double));
	memcpy(base + r->off_w, layer->w, layer->k * layer->n * sizeof(double));
	if (layer->bias)
		memcpy(base + r->off_bias, layer->bias, layer->n * sizeof(double));
	if (layer->residual)
		memcpy(base + r->off_res, layer->residual,
			   layer->m * layer->n * sizeof(double));
}

/*
 * Hand a filled slot to the device process that was serving when it was
 * taken; false (the slot freed) when that one has gone since
 */
static bool
FkWorkerSubmit(FkStagingHeader *area, int slot)
{
	FkWorkerShared *s = fk_worker_shared;
	bool		submitted = false;

	SpinLockAcquire(&s->mutex);
	if (s->device_pid != 0 && s->device_gen == s->slot[slot].device_gen)
	{
		s->slot[slot].state = FK_SLOT_QUEUED;
		FkStagingSubmit(area, (uint32) slot);
		submitted = true;
	}
	else
		FkWorkerSlotFree(s, slot);
	SpinLockRelease(&s->mutex);
	if (submitted)
		FkStagingRing(area);
	return submitted;
}

/*
 * Is the device done with a slot?  Its status in the staging area says so
 * as soon as it is written (the device touches the extent no more); the
 * slot's state says so when the worker has seen the device's note, or the
 * device process died (failed).
 */
static bool
FkWorkerSlotDone(FkStagingRequest *r, int slot, bool *failed)
{
	FkWorkerShared *s = fk_worker_shared;
	bool		done;

	*failed = false;
	if (__atomic_load_n(&r->status, __ATOMIC_ACQUIRE) >= 0)
		return true;
	SpinLockAcquire(&s->mutex);
	done = s->slot[slot].state == FK_SLOT_DONE;
	*failed = s->slot[slot].failed;
	SpinLockRelease(&s->mutex);
	/* the status may have been written just before the device died */
	if (done && __atomic_load_n(&r->status, __ATOMIC_ACQUIRE) >= 0)
		*failed = false;
	return done;
}

/*
 * Wait until the device is done with the slot: true with the result copied
 * into layer->out, false when the device failed or its process died.  The
 * slot is freed either way.  A small layer is polled for a few
 * microseconds first (yielding the CPU): the device answers it faster than
 * a sleep and two wake-ups would take.  Interrupts raise their error here
 * (the caller abandons the slot).
 */
static bool
FkWorkerAwait(const FkDenseLayer *layer, FkStagingHeader *area, int slot)
{
	FkWorkerShared *s = fk_worker_shared;
	FkStagingRequest *r = &area->req[slot];
	int			spins = FkDenseFlops(layer->m, layer->n, layer->k) < FK_CUDA_SPIN_FLOPS ?
		FK_CUDA_SPINS : 0;

	for (;;)
	{
		bool		failed;
		bool		ok;

		if (FkWorkerSlotDone(r, slot, &failed))
		{
			ok = !failed && __atomic_load_n(&r->status, __ATOMIC_ACQUIRE) == 0;
			if (ok)
				memcpy(layer->out, (char *) area + r->off_out,
					   layer->m * layer->n * sizeof(double));
			else
				ereport(DEBUG1,
						(errmsg("fusekern dense executor failed a request: %s",
								failed ? "its device process exited" : r->message)));
			SpinLockAcquire(&s->mutex);
			FkWorkerSlotFree(s, slot);
			SpinLockRelease(&s->mutex);
			fk_current_slot = -1;
			return ok;
		}
		if (spins-- > 0)
		{
			sched_yield();
			continue;
		}
		(void) WaitLatch(MyLatch, WL_LATCH_SET | WL_TIMEOUT | WL_EXIT_ON_PM_DEATH,
						 100, PG_WAIT_EXTENSION);
		ResetLatch(MyLatch);
		CHECK_FOR_INTERRUPTS();
	}
}

/*
 * FkWorkerAwait, abandoning the slot before an error (cancel, timeout) goes
 * on.  The one PG_TRY of the request path, in a function of its own.
 */
static bool
FkWorkerAwaitOrAbandon(const FkDenseLayer *layer, FkStagingHeader *area, int slot)
{
	volatile bool done = false;

	PG_TRY();
	{
		done = FkWorkerAwait(layer, area, slot);
	}
	PG_CATCH();
	{
		FkWorkerAbandonCurrent();
		PG_RE_THROW();
	}
	PG_END_TRY();
	return done;
}

/*
 * Offer a layer to the executor.  True when the device computed it; false
 * when the caller's CPU path must answer (counted as a fallback): below
 * fusekern.cuda_min_flops, no device process serves, more than
 * fusekern.cuda_max_queued_flops of work ahead or no room in the staging
 * area now (busy), a layer larger than the staging area or an area this
 * backend cannot map (no_shmem), or the device failed (an error).  No
 * staging memory is held when this returns.
 */
bool
FkWorkerOffload(const FkDenseLayer *layer)
{
	FkWorkerShared *s = fk_worker_shared;
	double		flops = FkDenseFlops(layer->m, layer->n, layer->k);
	uint64		len = FkStagingExtentSize((uint32) layer->op, layer->m, layer->n, layer->k);
	FkStagingHeader *area;
	uint64		gen;
	uint64		size;
	bool		serving;
	int			slot = -1;
	FkWorkerTakeResult taken;
	bool		done;

	if (s == NULL)
		return false;			/* not preloaded with fusekern.cuda = on */
	pg_atomic_fetch_add_u64(&s->requests, 1);
	if (flops < fk_cuda_min_flops)
		return FkWorkerFallback(NULL);
	SpinLockAcquire(&s->mutex);
	serving = s->device_pid != 0;
	size = s->staging_size;
	SpinLockRelease(&s->mutex);
	if (!serving)
		return FkWorkerFallback(NULL);
	if (size < FK_STAGING_DATA_OFF || len > size - FK_STAGING_DATA_OFF)
		return FkWorkerFallback(&s->no_shmem);	/* can never fit */
	area = FkStagingAttach(fk_worker_shared, &gen);
	if (area == NULL)
		return FkWorkerFallback(&s->no_shmem);
	taken = FkWorkerTake(layer, area, gen, len, flops, &slot);
	if (taken != FK_CUDA_TAKEN)
		return FkWorkerFallback(taken == FK_CUDA_BUSY ? &s->busy : NULL);
	if (!fk_exit_hook_set)
	{
		before_shmem_exit(FkWorkerAtExit, (Datum) 0);
		fk_exit_hook_set = true;
	}
	fk_current_slot = slot;
	fk_current_area = area;
	FkWorkerFill(layer, area, slot);
	if (!FkWorkerSubmit(area, slot))
	{
		fk_current_slot = -1;
		return FkWorkerFallback(NULL);
	}
	done = FkWorkerAwaitOrAbandon(layer, area, slot);
	if (done)
		pg_atomic_fetch_add_u64(&s->offloaded, 1);
	else
	{
		pg_atomic_fetch_add_u64(&s->errors, 1);
		(void) FkWorkerFallback(NULL);
	}
	/* a cancel or timeout that came with the reply is reported as such now */
	CHECK_FOR_INTERRUPTS();
	return done;
}
