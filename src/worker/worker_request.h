/*
 * worker_request.h
 *		Shared state of the executor worker, its device process and the
 *		backends that send it layers.
 *
 * Three kinds of process take part:
 *   - a backend, which maps the staging area (src/device/staging.h) once
 *     per session, takes a slot and an extent of it, copies the operands
 *     in, puts the slot on the submission ring and rings the doorbell, then
 *     waits on its latch; when the slot is done it copies the result into
 *     the result array and frees the extent;
 *   - the device process (fusekern_executor), which maps nothing of the
 *     server's shared memory: it computes the slots of the ring in order and
 *     writes each one's number to a pipe;
 *   - the executor worker (a background worker), which creates the staging
 *     area, starts the device process and restarts it when it dies, reads
 *     the pipe, marks slots done and wakes their backends.
 *
 * Ownership of a slot (and its extent) is in FkWorkerSlot below, under the
 * mutex.  A backend frees its slot once it has copied the result out, or
 * when the device never saw it.  A backend that stops waiting (cancel,
 * statement_timeout, exit) while the device holds the slot only marks it
 * abandoned: the device may still be writing into the extent (a GPU's DMA),
 * so the worker frees it when the device says it is done with it, or when
 * the device process has exited and been reaped.
 *
 * Fairness: the work ahead of a new layer is the flops of the slots taken,
 * less the rows the device reports done (FkWorkerWorkAhead).  A backend does
 * not queue a layer behind more than fusekern.cuda_max_queued_flops of it;
 * it runs the layer on its own CPU instead (counted in busy).
 */
#ifndef FK_DENSE_REQUEST_H
#define FK_DENSE_REQUEST_H

#include "device/staging.h"
#include "port/atomics.h"
#include "storage/latch.h"
#include "storage/spin.h"

/* Where a slot is */
typedef enum FkSlotState
{
	FK_SLOT_FREE = 0,
	FK_SLOT_FILLING,			/* taken; the backend copies its operands in */
	FK_SLOT_QUEUED,				/* on the ring or in the device's hands */
	FK_SLOT_DONE				/* the device is done with it (or has died) */
} FkSlotState;

/* One slot: who owns it, its extent, its work */
typedef struct FkWorkerSlot
{
	FkSlotState state;
	bool		abandoned;		/* the backend stopped waiting */
	bool		failed;			/* DONE because the device process died */
	struct PGPROC *proc;		/* the backend to wake */
	uint64		device_gen;		/* device process that was sent it */
	uint32		seq;			/* ticket of this use of the slot */
	uint64		off;			/* its extent in the staging area */
	uint64		len;
	double		flops;
	uint64		n;				/* shape, for the work done so far */
	uint64		k;
} FkWorkerSlot;

/* Main shared memory: the worker's address, the slots, the counters */
typedef struct FkWorkerShared
{
	slock_t		mutex;			/* protects the fields up to the counters */
	Latch	   *worker_latch;	/* NULL while no worker runs */
	pid_t		worker_pid;
	pid_t		device_pid;		/* 0 while no device process serves */
	uint64		device_gen;		/* bumped whenever one starts or stops */
	uint64		staging_gen;	/* bumped whenever the area is made again */
	uint64		staging_size;	/* 0 while there is none */
	uint64		in_use;			/* bytes of extents taken */
	uint32		next_seq;		/* the next slot ticket */
	char		executor[64];	/* "cpu", or the GPU's name */
	FkWorkerSlot	slot[FK_STAGING_SLOTS];

	pg_atomic_uint64 requests;	/* layer calls while fusekern.cuda is on */
	pg_atomic_uint64 offloaded; /* answered by the worker */
	pg_atomic_uint64 fallbacks; /* answered by the backend's CPU path */
	pg_atomic_uint64 errors;	/* the worker failed or vanished */
	pg_atomic_uint64 cancelled; /* the backend stopped waiting */
	pg_atomic_uint64 busy;		/* fallbacks: too much work ahead */
	pg_atomic_uint64 no_shmem;	/* fallbacks: no staging memory for it */
	pg_atomic_uint64 restarts;	/* device processes started again */
} FkWorkerShared;

/* worker_client.c */
extern void FkWorkerAbandonCurrent(void);

/* worker_extent.c: slots and extents, called with the mutex held */
extern int	FkWorkerSlotTake(FkWorkerShared *s, uint64 len);
extern void FkWorkerSlotFree(FkWorkerShared *s, int slot);
extern double FkWorkerWorkAhead(FkWorkerShared *s, FkStagingHeader *area);

/* worker_staging.c: this process's mapping of the staging area */
extern FkStagingHeader *FkStagingAttach(FkWorkerShared *s, uint64 *generation);

/* worker_shmem.c */
extern FkWorkerShared *fk_worker_shared;
extern int	fk_cuda_staging_mb;
extern void FkWorkerShmemInit(void);

/* worker.c */
extern PGDLLEXPORT void FkWorkerMain(Datum arg);

#endif							/* FK_DENSE_REQUEST_H */
