/*
 * staging.c
 *		The staging area shared by backends, the executor worker and the
 *		device process: layout of a request in its extent, mapping, the
 *		submission ring and its doorbell (a futex, which the device process
 *		sleeps on).  Plain C: the device process links it too.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "device/staging.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <linux/futex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "core/dense.h"

/* Round up to a multiple of a power of two */
static uint64_t
FkAlignUp(uint64_t v, uint64_t to)
{
	return (v + to - 1) & ~(to - 1);
}

/* Place nelems doubles at *off; return the next offset (64-byte aligned) */
static uint64_t
FkPlace(uint64_t *off, uint64_t at, uint64_t nelems)
{
	*off = at;
	return FkAlignUp(at + nelems * sizeof(double), 64);
}

/* Lay out a request in its extent: fills the offsets of req */
void
FkStagingLayout(FkStagingRequest *req, uint64_t extent_off)
{
	uint64_t	at = extent_off;

	req->off_bias = req->off_res = 0;
	at = FkPlace(&req->off_x, at, req->m * req->k);
	at = FkPlace(&req->off_w, at, req->k * req->n);
	if (req->op != FK_DENSE_MATMUL)
		at = FkPlace(&req->off_bias, at, req->n);
	if (req->op == FK_DENSE_LINEAR_RESIDUAL_RELU)
		at = FkPlace(&req->off_res, at, req->m * req->n);
	at = FkPlace(&req->off_out, at, req->m * req->n);
	req->extent_off = extent_off;
	req->extent_len = FkAlignUp(at - extent_off, FK_STAGING_ALIGN);
}

/* Bytes an extent takes for a layer of that shape */
uint64_t
FkStagingExtentSize(uint32_t op, uint64_t m, uint64_t n, uint64_t k)
{
	FkStagingRequest req = {0};

	req.op = op;
	req.m = m;
	req.n = n;
	req.k = k;
	FkStagingLayout(&req, 0);
	return req.extent_len;
}

/*
 * Is a descriptor well formed, its layout the one FkStagingLayout gives,
 * and its extent within the area?  The device process checks every request
 * before it reads or writes a byte of it.
 */
bool
FkStagingRequestValid(const FkStagingRequest *req, uint64_t size)
{
	FkStagingRequest expect;
	const uint64_t maxdim = (uint64_t) 1 << 31;

	if (req->op < FK_DENSE_MATMUL || req->op > FK_DENSE_GELU_LINEAR ||
		req->m == 0 || req->n == 0 || req->k == 0 ||
		req->m > maxdim || req->n > maxdim || req->k > maxdim ||
		req->m * req->k > size || req->k * req->n > size || req->m * req->n > size)
		return false;
	expect = *req;
	FkStagingLayout(&expect, req->extent_off);
	return expect.extent_len == req->extent_len &&
		expect.off_x == req->off_x && expect.off_w == req->off_w &&
		expect.off_bias == req->off_bias && expect.off_res == req->off_res &&
		expect.off_out == req->off_out &&
		req->extent_off >= sizeof(FkStagingHeader) &&
		req->extent_off <= size && req->extent_len <= size - req->extent_off;
}

/* Name of the area of the server whose postmaster has that pid */
void
FkStagingName(char *buf, size_t len, long postmaster_pid)
{
	snprintf(buf, len, "/fusekern.%ld.staging", postmaster_pid);
}

/*
 * Remove the areas left by servers whose postmaster no longer runs (one
 * killed with SIGKILL never unlinks its own): every /dev/shm object named
 * as FkStagingName names them whose pid is not ours and is no process at
 * all.  An object whose pid is taken by a live process, of this server or
 * not, stays.  Calls removed(name, arg) for each removed; returns how many.
 */
int
FkStagingSweep(long postmaster_pid, void (*removed) (const char *, void *),
			   void *arg)
{
	DIR		   *dir = opendir("/dev/shm");
	struct dirent *de;
	int			count = 0;

	if (dir == NULL)
		return 0;
	while ((de = readdir(dir)) != NULL)
	{
		char		name[NAME_MAX + 2];
		char		expect[NAME_MAX + 2];
		char	   *end;
		long		pid;

		if (strncmp(de->d_name, "fusekern.", 9) != 0)
			continue;
		errno = 0;
		pid = strtol(de->d_name + 9, &end, 10);
		if (errno != 0 || end == de->d_name + 9 || pid <= 0 ||
			pid == postmaster_pid || strcmp(end, ".staging") != 0)
			continue;
		FkStagingName(expect, sizeof(expect), pid);
		snprintf(name, sizeof(name), "/%s", de->d_name);
		if (strcmp(name, expect) != 0 || pid > INT_MAX)
			continue;
		if (kill((pid_t) pid, 0) == 0 || errno != ESRCH)
			continue;
		if (shm_unlink(name) == 0)
		{
			count++;
			if (removed)
				removed(name, arg);
		}
	}
	closedir(dir);
	return count;
}

/*
 * Map the named area, creating it (size bytes) or opening it (its size read
 * from the object).  A new area is asked for huge pages (where shmem has
 * transparent huge pages; ignored elsewhere) and written once, page by
 * page, so that no request pays for its pages being allocated.
 */
FkStagingHeader *
FkStagingMap(const char *name, uint64_t size, bool create, uint64_t *mapped)
{
	int			fd;
	void	   *p;
	struct stat st;
	int			saved;

	if (create)
	{
		(void) shm_unlink(name);	/* a stale one, from a killed worker */
		fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, S_IRUSR | S_IWUSR);
		if (fd < 0)
			return NULL;
		if (ftruncate(fd, (off_t) size) != 0)
			goto fail;
	}
	else
	{
		fd = shm_open(name, O_RDWR, 0);
		if (fd < 0)
			return NULL;
		if (fstat(fd, &st) != 0)
			goto fail;
		size = (uint64_t) st.st_size;
		if (size < sizeof(FkStagingHeader))
		{
			errno = EINVAL;
			goto fail;
		}
	}
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		goto fail;
	close(fd);
	if (create)
	{
#ifdef MADV_HUGEPAGE
		(void) madvise(p, size, MADV_HUGEPAGE);
#endif
		for (uint64_t at = 0; at < size; at += 4096)
			((volatile char *) p)[at] = 0;
	}
	*mapped = size;
	return (FkStagingHeader *) p;

fail:
	saved = errno;
	close(fd);
	if (create)
		(void) shm_unlink(name);
	errno = saved;
	return NULL;
}

/* Put a slot on the ring; the caller holds the producers' lock */
void
FkStagingSubmit(FkStagingHeader *h, uint32_t slot)
{
	uint32_t	tail = __atomic_load_n(&h->sq_tail, __ATOMIC_RELAXED);

	h->sq[tail % FK_STAGING_SLOTS] = slot;
	__atomic_store_n(&h->sq_tail, tail + 1, __ATOMIC_RELEASE);
}

/* Wake the device process: move the doorbell and wake its waiter */
void
FkStagingRing(FkStagingHeader *h)
{
	__atomic_fetch_add(&h->doorbell, 1, __ATOMIC_SEQ_CST);
	(void) syscall(SYS_futex, &h->doorbell, FUTEX_WAKE, INT_MAX, NULL, NULL, 0);
}

/* Sleep until the doorbell moves from seen, or timeout_ms pass */
void
FkStagingWait(FkStagingHeader *h, uint32_t seen, int timeout_ms)
{
	struct timespec ts;

	ts.tv_sec = timeout_ms / 1000;
	ts.tv_nsec = (long) (timeout_ms % 1000) * 1000000L;
	(void) syscall(SYS_futex, &h->doorbell, FUTEX_WAIT, seen, &ts, NULL, 0);
}
