/*
 * worker.c
 *		The executor worker: a background worker that creates the staging
 *		area, starts the device process (fusekern_executor, which owns the
 *		GPU or, with fusekern.cuda_device = cpu, computes on its own CPU),
 *		relays its notes to the waiting backends, and starts it again, after
 *		a short pause, when it dies.  It never loads CUDA itself: whatever
 *		crashes in the device process does not touch the server's shared
 *		memory, so the postmaster never has to reset it for that.
 */
#include "postgres.h"

#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "worker/worker.h"
#include "worker/worker_device.h"
#include "worker/worker_request.h"
#include "miscadmin.h"
#include "common/pg_compat.h"
#include "pgstat.h"
#include "postmaster/bgworker.h"
#include "postmaster/interrupt.h"
#include "storage/ipc.h"
#include "storage/latch.h"
#include "tcop/tcopprot.h"
#include "utils/guc.h"
#include "utils/memutils.h"
#include "utils/timestamp.h"

/* Pause before starting a device process again: from 100 ms up to 10 s */
#define FK_RESTART_MIN_MS 100
#define FK_RESTART_MAX_MS 10000
/* A device process that served this long resets the pause */
#define FK_RESTART_STABLE_MS 30000

static FkStagingHeader *fk_area = NULL;
static uint64 fk_area_size = 0;
static char fk_area_name[64];
static pid_t fk_device = 0;
static int	fk_note_fd = -1;
static volatile sig_atomic_t fk_sigchld = false;

/* SIGCHLD: the device process may have exited; the main loop reaps it */
static void
FkWorkerSigchld(SIGNAL_ARGS)
{
	int			save_errno = errno;

	fk_sigchld = true;
	SetLatch(MyLatch);
	errno = save_errno;
}

/*
 * Worker exit: end the device process and reap it (no copy into the
 * staging area can be under way after that), fail what it held, stop
 * advertising, remove the area
 */
static void
FkWorkerExit(int code, Datum arg)
{
	FkWorkerShared *s = fk_worker_shared;
	int			status;

	if (fk_device > 0)
	{
		(void) kill(fk_device, SIGKILL);
		while (waitpid(fk_device, &status, 0) < 0 && errno == EINTR)
			;
		fk_device = 0;
	}
	(void) FkDeviceGone(fk_area);
	SpinLockAcquire(&s->mutex);
	s->worker_latch = NULL;
	s->worker_pid = 0;
	s->staging_size = 0;
	SpinLockRelease(&s->mutex);
	if (fk_area != NULL)
	{
		(void) munmap(fk_area, fk_area_size);
		(void) shm_unlink(fk_area_name);
		fk_area = NULL;
	}
}

/* Log a staging area of a server no longer running, once removed */
static void
FkWorkerLogSwept(const char *name, void *arg)
{
	ereport(LOG,
			(errmsg("fusekern dense executor removed the staging area \"%s\" of a server that no longer runs",
					name)));
}

/* Create the staging area and publish it; false (logged) when it cannot be */
static bool
FkWorkerMakeArea(void)
{
	FkWorkerShared *s = fk_worker_shared;
	uint64		size = (uint64) fk_cuda_staging_mb * 1024 * 1024;
	uint64		gen;

	(void) FkStagingSweep((long) PostmasterPid, FkWorkerLogSwept, NULL);
	FkStagingName(fk_area_name, sizeof(fk_area_name), (long) PostmasterPid);
	fk_area = FkStagingMap(fk_area_name, size, true, &fk_area_size);
	if (fk_area == NULL)
	{
		ereport(LOG,
				(errmsg("fusekern dense executor cannot create its staging area \"%s\" of %d MB: %m",
						fk_area_name, fk_cuda_staging_mb),
				 errhint("Lower fusekern.cuda_staging_size, or make /dev/shm larger.")));
		return false;
	}
	SpinLockAcquire(&s->mutex);
	gen = ++s->staging_gen;
	SpinLockRelease(&s->mutex);
	fk_area->generation = gen;
	fk_area->size = fk_area_size;
	fk_area->data_off = FK_STAGING_DATA_OFF;
	__atomic_store_n(&fk_area->magic, FK_STAGING_MAGIC, __ATOMIC_RELEASE);
	SpinLockAcquire(&s->mutex);
	s->staging_size = fk_area_size;
	s->worker_pid = MyProcPid;
	s->worker_latch = MyLatch;
	SpinLockRelease(&s->mutex);
	return true;
}

/* Wait events of a running device process: latch, its pipe, postmaster */
static WaitEventSet *
FkWorkerWaitSet(int fd)
{
	WaitEventSet *set = FkCreateWaitEventSet(3);

	AddWaitEventToSet(set, WL_LATCH_SET, PGINVALID_SOCKET, MyLatch, NULL);
	AddWaitEventToSet(set, WL_EXIT_ON_PM_DEATH, PGINVALID_SOCKET, NULL, NULL);
	AddWaitEventToSet(set, WL_SOCKET_READABLE, fd, NULL, NULL);
	return set;
}

/*
 * The device process has been reaped: log how it ended, fail what it held.
 * One that found no device (or could not be executed) before serving ends
 * the worker, for good: every layer runs on the backends' CPUs.  Returns
 * true when another should be started.
 */
static bool
FkWorkerDeviceEnded(int status, bool served)
{
	char		how[128];
	int			failed = FkDeviceGone(fk_area);

	FkDeviceExitText(status, how, sizeof(how));
	if (!served && WIFEXITED(status) &&
		WEXITSTATUS(status) == FK_DEVICE_EXIT_NO_DEVICE)
	{
		fk_area->message[sizeof(fk_area->message) - 1] = '\0';
		ereport(LOG, (errmsg("fusekern dense executor %s", fk_area->message)));
		return false;
	}
	if (!served && WIFEXITED(status) && WEXITSTATUS(status) == 127)
	{
		ereport(LOG,
				(errmsg("fusekern dense executor cannot execute \"%s/%s\"",
						pkglib_path, FK_DEVICE_PROGRAM),
				 errhint("Install fusekern completely (\"make install\")."),
				 errdetail("The device process %s.", how)));
		return false;
	}
	ereport(LOG,
			(errmsg("fusekern dense executor: device process %d %s",
					(int) fk_device, how),
			 errdetail("%d request(s) in flight are computed by their backends' CPUs.",
					   failed)));
	return true;
}

/* Entry point of the executor worker */
void
FkWorkerMain(Datum arg)
{
	FkWorkerShared *s = fk_worker_shared;
	WaitEventSet *set = NULL;
	TimestampTz restart_at = 0;
	TimestampTz started_at = 0;
	int			pause_ms = FK_RESTART_MIN_MS;
	bool		first = true;
	bool		eof = false;
	bool		served = false;

	pqsignal(SIGHUP, SignalHandlerForConfigReload);
	pqsignal(SIGTERM, die);
	pqsignal(SIGCHLD, FkWorkerSigchld);
	BackgroundWorkerUnblockSignals();
	/* no database: this only makes the worker visible in pg_stat_activity */
	BackgroundWorkerInitializeConnection(NULL, NULL, 0);

	before_shmem_exit(FkWorkerExit, (Datum) 0);
	if (!FkWorkerMakeArea())
		proc_exit(0);			/* no executor: clients use their CPU path */

	for (;;)
	{
		TimestampTz now = GetCurrentTimestamp();
		long		timeout = -1;
		WaitEvent	event;

		if (fk_device == 0 && now >= restart_at)
		{
			fk_device = FkDeviceStart(fk_area_name, &fk_note_fd);
			if (fk_device < 0)
			{
				fk_device = 0;
				restart_at = TimestampTzPlusMilliseconds(now, pause_ms);
				pause_ms = Min(pause_ms * 2, FK_RESTART_MAX_MS);
			}
			else
			{
				if (!first)
					pg_atomic_fetch_add_u64(&s->restarts, 1);
				first = false;
				eof = false;
				served = false;
				started_at = now;
				set = FkWorkerWaitSet(fk_note_fd);
			}
		}
		if (fk_device == 0)
			timeout = Max(1, (long) ((restart_at - now) / 1000));
		else if (eof)
			timeout = 10;		/* closed its pipe: reap it soon */

		if (set != NULL && !eof)
			(void) WaitEventSetWait(set, timeout, &event, 1, PG_WAIT_EXTENSION);
		else
			(void) WaitLatch(MyLatch, WL_LATCH_SET | WL_EXIT_ON_PM_DEATH |
							 (timeout >= 0 ? WL_TIMEOUT : 0), timeout, PG_WAIT_EXTENSION);
		ResetLatch(MyLatch);
		CHECK_FOR_INTERRUPTS();
		if (ConfigReloadPending)
		{
			ConfigReloadPending = false;
			ProcessConfigFile(PGC_SIGHUP);
		}
		if (fk_device == 0)
			continue;
		if (!eof)
			eof = !FkDeviceReadNotes(fk_note_fd, fk_device, fk_area);
		served = served || (s->device_pid == fk_device);
		if (eof || fk_sigchld)
		{
			int			status;

			fk_sigchld = false;
			if (waitpid(fk_device, &status, WNOHANG) != fk_device)
				continue;
			/* its last notes first: what it finished is answered */
			(void) FkDeviceReadNotes(fk_note_fd, fk_device, fk_area);
			close(fk_note_fd);
			fk_note_fd = -1;
			FreeWaitEventSet(set);
			set = NULL;
			if (!FkWorkerDeviceEnded(status, served))
			{
				fk_device = 0;
				proc_exit(0);
			}
			fk_device = 0;
			now = GetCurrentTimestamp();
			if (TimestampDifferenceExceeds(started_at, now, FK_RESTART_STABLE_MS))
				pause_ms = FK_RESTART_MIN_MS;
			restart_at = TimestampTzPlusMilliseconds(now, pause_ms);
			pause_ms = Min(pause_ms * 2, FK_RESTART_MAX_MS);
		}
	}
}
