/*
 * request.h
 *		Shared state of the executor worker and the layout of one request.
 *
 * A backend puts a request into a dynamic shared memory segment of its own:
 * the header below, the operands and room for the result, then a small
 * shm_mq area on which the worker answers.  It queues the segment's handle
 * and the layer's flops in the main shared memory ring (FkCudaShared), sets
 * the worker's latch and waits on its own latch for the reply.  The worker
 * attaches, computes into the result area, sends a one-message reply and
 * detaches; the backend copies the result out and detaches at once.
 *
 * Fairness: queued_flops is the work queued or in service.  A backend does
 * not queue a layer behind more than fusekern.cuda_max_queued_flops of it;
 * it runs the layer on its own CPU instead (counted in busy).
 */
#ifndef FK_DENSE_REQUEST_H
#define FK_DENSE_REQUEST_H

#include "port/atomics.h"
#include "storage/dsm.h"
#include "storage/latch.h"
#include "storage/spin.h"

#define FK_CUDA_QUEUE_LEN 64
#define FK_CUDA_REPLY_QUEUE_SIZE 1024

/* One queued request: its segment and its size in flops */
typedef struct FkCudaQueued
{
	dsm_handle	handle;
	double		flops;
} FkCudaQueued;

/* Main shared memory: the worker's address, the ring, the counters */
typedef struct FkCudaShared
{
	slock_t		mutex;			/* protects the fields up to the counters */
	Latch	   *worker_latch;	/* NULL while no worker serves */
	pid_t		worker_pid;
	uint64		generation;		/* bumped whenever a worker starts or stops */
	char		executor[64];	/* "cpu", or the GPU's name */
	uint32		head;			/* next slot to take */
	uint32		tail;			/* next slot to fill */
	double		queued_flops;	/* work queued or in service */
	FkCudaQueued queue[FK_CUDA_QUEUE_LEN];

	pg_atomic_uint64 requests;	/* layer calls while fusekern.cuda is on */
	pg_atomic_uint64 offloaded;	/* answered by the worker */
	pg_atomic_uint64 fallbacks; /* answered by the backend's CPU path */
	pg_atomic_uint64 errors;	/* the worker failed or vanished */
	pg_atomic_uint64 cancelled; /* the backend stopped waiting */
	pg_atomic_uint64 busy;		/* fallbacks: too much work ahead */
	pg_atomic_uint64 no_shmem;	/* fallbacks: no shared memory for it */
} FkCudaShared;

/* Header of a request segment; offsets are from the segment's start */
typedef struct FkCudaRequest
{
	uint32		magic;			/* FK_CUDA_REQUEST_MAGIC */
	int32		op;				/* FkDenseOp */
	int32		delay_ms;		/* fusekern.cuda_debug_delay of the caller */
	uint64		m;
	uint64		n;
	uint64		k;
	Size		off_x;
	Size		off_w;
	Size		off_bias;		/* 0 when unused */
	Size		off_res;		/* 0 when unused */
	Size		off_out;
	Size		off_mq;			/* the reply queue */
	pg_atomic_uint32 abandoned; /* set when the backend stops waiting */
	bool		answered;		/* backend-local: reply received */
} FkCudaRequest;

#define FK_CUDA_REQUEST_MAGIC 0x464b4431	/* "FKD1" */

/* The worker's reply: status, then a NUL-terminated message on error */
typedef struct FkCudaReply
{
	int32		status;			/* 0: result written; else failed */
	char		message[FLEXIBLE_ARRAY_MEMBER];
} FkCudaReply;

/* client.c */
extern Size FkCudaRequestLayout(FkCudaRequest *hdr);

/* shmem.c */
extern FkCudaShared *fk_cuda_shared;
extern void FkCudaShmemInit(void);

/* worker.c */
extern PGDLLEXPORT void FkCudaWorkerMain(Datum arg);

#endif							/* FK_DENSE_REQUEST_H */
