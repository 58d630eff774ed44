/*
 * staging.h
 *		The staging area: one POSIX shared memory object, shared by the
 *		backends, the executor worker and the device process.
 *
 * The executor worker (a background worker, attached to the server's main
 * shared memory) creates the area once when it starts, pre-faults it, and
 * starts the device process (fusekern_executor, a program of its own that
 * maps none of the server's shared memory).  The device process maps the
 * area by name and, on a GPU, registers it with the CUDA driver as pinned
 * host memory.  Backends map it once per session.
 *
 * The area is a header (this struct: the submission ring and one request
 * descriptor per slot) followed by the extents: a request's operands and
 * its result lie in one extent, allocated by the backend under the main
 * shared memory's lock (src/worker/worker_extent.c), which also holds who owns each
 * slot.  The device process never allocates or frees: it takes slots off
 * the ring, computes into the result, and writes the slot's number to its
 * pipe; the executor worker marks the slot done and wakes the backend.
 *
 * This header does not include postgres.h: the device process includes it.
 */
#ifndef FK_STAGING_H
#define FK_STAGING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FK_STAGING_MAGIC 0x464b5332 /* "FKS2" */
#define FK_STAGING_SLOTS 64
/* Extents start on this boundary (a page: DMA and huge pages like it) */
#define FK_STAGING_ALIGN 4096
#define FK_STAGING_MSG 160

/* One request as the device process sees it; offsets are from the area */
typedef struct FkStagingRequest
{
	uint32_t	op;				/* FkDenseOp */
	int32_t		delay_ms;		/* fusekern.cuda_debug_delay of the caller */
	uint64_t	m;
	uint64_t	n;
	uint64_t	k;
	uint64_t	extent_off;		/* the extent, for validation */
	uint64_t	extent_len;
	uint64_t	off_x;
	uint64_t	off_w;
	uint64_t	off_bias;		/* 0 when unused */
	uint64_t	off_res;		/* 0 when unused */
	uint64_t	off_out;
	uint32_t	seq;			/* ticket of this use of the slot */
	uint32_t	abandoned;		/* atomic: the backend stopped waiting */
	int32_t		status;			/* atomic, by the device: -1 running, 0 done,
								 * 1 failed; once >= 0 the device no longer
								 * touches the extent */
	uint64_t	rows_done;		/* atomic: rows computed so far (fairness) */
	char		message[FK_STAGING_MSG];	/* why it failed */
} FkStagingRequest;

/* The area's header */
typedef struct FkStagingHeader
{
	uint32_t	magic;
	uint32_t	doorbell;		/* futex word: bumped by each submission */
	uint64_t	generation;		/* of the executor worker that made it */
	uint64_t	size;			/* the whole area, bytes */
	uint64_t	data_off;		/* where the extents start */
	uint32_t	sq_head;		/* next ring entry the device takes */
	uint32_t	sq_tail;		/* next ring entry to fill (under the lock) */
	uint32_t	sq[FK_STAGING_SLOTS];	/* slot numbers, in order */
	char		executor[64];	/* the device's name, set by the device */
	char		message[256];	/* why the device process could not start */
	FkStagingRequest req[FK_STAGING_SLOTS];
} FkStagingHeader;

/* Where the extents start: the header, rounded up to a page */
#define FK_STAGING_DATA_OFF \
	((sizeof(FkStagingHeader) + FK_STAGING_ALIGN - 1) & ~((size_t) FK_STAGING_ALIGN - 1))

/* What the device process writes to its pipe: 16 bytes, written whole */
typedef struct FkDeviceNote
{
	uint32_t	kind;			/* FK_NOTE_READY or FK_NOTE_DONE */
	uint32_t	slot;
	uint32_t	seq;			/* the request's ticket (a slot is reused) */
	uint32_t	unused;
} FkDeviceNote;

#define FK_NOTE_READY 1
#define FK_NOTE_DONE 2

/* Exit status of a device process that found no device to open */
#define FK_DEVICE_EXIT_NO_DEVICE 2

/* The pipe's write end in the device process */
#define FK_DEVICE_NOTE_FD 3

/* Bytes an extent takes for a layer of that shape (operands and result) */
extern uint64_t FkStagingExtentSize(uint32_t op, uint64_t m, uint64_t n,
									uint64_t k);

/* Lay out a request in its extent: fills the offsets of req */
extern void FkStagingLayout(FkStagingRequest *req, uint64_t extent_off);

/* Is a descriptor well formed and within an area of that size? */
extern bool FkStagingRequestValid(const FkStagingRequest *req, uint64_t size);

/* Name of the area of the server whose postmaster has that pid */
extern void FkStagingName(char *buf, size_t len, long postmaster_pid);

/* Remove the areas of servers whose postmaster no longer runs */
extern int	FkStagingSweep(long postmaster_pid,
						   void (*removed) (const char *name, void *arg),
						   void *arg);

/*
 * Map the named area: create it (size bytes, pre-faulted, huge pages where
 * the system has them) or open it (size 0: its size is read from the
 * object).  NULL with errno on failure; *mapped gets the mapping's size.
 */
extern FkStagingHeader *FkStagingMap(const char *name, uint64_t size,
									 bool create, uint64_t *mapped);

/* Put a slot on the ring (the caller holds the producers' lock) and ring */
extern void FkStagingSubmit(FkStagingHeader *h, uint32_t slot);

/* Wake the device process after a submission */
extern void FkStagingRing(FkStagingHeader *h);

/* Wait until the doorbell moves from seen or timeout_ms pass */
extern void FkStagingWait(FkStagingHeader *h, uint32_t seen, int timeout_ms);

#endif							/* FK_STAGING_H */
