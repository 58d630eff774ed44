/*
 * worker_shmem.c
 *		The executor worker's GUCs, registration and main shared memory, and
 *		the fusekern_executor_stats() counters.
 */
#include "postgres.h"

#include "worker/worker.h"
#include "worker/worker_request.h"
#include "fmgr.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "common/pg_compat.h"
#include "postmaster/bgworker.h"
#include "storage/ipc.h"
#include "storage/lwlock.h"
#include "storage/shmem.h"
#include "utils/builtins.h"
#include "utils/guc.h"

PG_FUNCTION_INFO_V1(fusekern_executor_stats);
PG_FUNCTION_INFO_V1(fusekern_cuda_stats);

bool		fk_cuda_enabled = false;
char	   *fk_cuda_device = NULL;
double		fk_cuda_min_flops = 2.0e6;
double		fk_cuda_max_queued_flops = 1.0e10;
int			fk_cuda_debug_delay = 0;
int			fk_cuda_staging_mb = 192;

FkWorkerShared *fk_worker_shared = NULL;

static shmem_request_hook_type prev_shmem_request_hook = NULL;
static shmem_startup_hook_type prev_shmem_startup_hook = NULL;

/* Ask for the main shared memory the worker and its clients use */
static void
FkWorkerShmemRequest(void)
{
	if (prev_shmem_request_hook)
		prev_shmem_request_hook();
	RequestAddinShmemSpace(MAXALIGN(sizeof(FkWorkerShared)));
}

/* Create or attach the shared state (again after a crash restart) */
void
FkWorkerShmemInit(void)
{
	bool		found;

	if (prev_shmem_startup_hook)
		prev_shmem_startup_hook();
	LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
	fk_worker_shared = ShmemInitStruct("fusekern dense executor", sizeof(FkWorkerShared), &found);
	if (!found)
	{
		memset(fk_worker_shared, 0, sizeof(FkWorkerShared));
		SpinLockInit(&fk_worker_shared->mutex);
		pg_atomic_init_u64(&fk_worker_shared->requests, 0);
		pg_atomic_init_u64(&fk_worker_shared->offloaded, 0);
		pg_atomic_init_u64(&fk_worker_shared->fallbacks, 0);
		pg_atomic_init_u64(&fk_worker_shared->errors, 0);
		pg_atomic_init_u64(&fk_worker_shared->cancelled, 0);
		pg_atomic_init_u64(&fk_worker_shared->busy, 0);
		pg_atomic_init_u64(&fk_worker_shared->no_shmem, 0);
		pg_atomic_init_u64(&fk_worker_shared->restarts, 0);
	}
	LWLockRelease(AddinShmemInitLock);
}

/*
 * Register the executor worker (at most every second after it exits).  It
 * connects to no database, but with a connection's flag it is in
 * pg_stat_activity, like the logical replication launcher.
 */
static void
FkWorkerRegister(void)
{
	BackgroundWorker bgw = {0};

	bgw.bgw_flags = BGWORKER_SHMEM_ACCESS | BGWORKER_BACKEND_DATABASE_CONNECTION;
	bgw.bgw_start_time = BgWorkerStart_ConsistentState;
	bgw.bgw_restart_time = 1;
	strlcpy(bgw.bgw_library_name, "fusekern", BGW_MAXLEN);
	strlcpy(bgw.bgw_function_name, "FkWorkerMain", BGW_MAXLEN);
	strlcpy(bgw.bgw_name, "fusekern dense executor", BGW_MAXLEN);
	strlcpy(bgw.bgw_type, "fusekern dense executor", BGW_MAXLEN);
	RegisterBackgroundWorker(&bgw);
}

/* fusekern.cuda_device: "cpu" or a device ordinal */
static bool
FkWorkerCheckDevice(char **newval, void **extra, GucSource source)
{
	char	   *end;
	long		device;

	if (pg_strcasecmp(*newval, "cpu") == 0)
		return true;
	device = strtol(*newval, &end, 10);
	if (**newval == '\0' || *end != '\0' || device < 0 || device > 1024)
	{
		GUC_check_errdetail("It must be \"cpu\" or a CUDA device ordinal.");
		return false;
	}
	return true;
}

/*
 * Define the fusekern.cuda* GUCs; when preloaded, set up the worker.  The
 * settings that size or route work are the superuser's: a session must not
 * be able to send more to the shared worker, or jump its queue.
 */
void
FkWorkerInit(void)
{
	DefineCustomRealVariable("fusekern.cuda_min_flops",
							 "Smallest layer, in floating-point operations (2 m n k), sent to the worker.",
							 "Smaller layers run on the backend's CPU.",
							 &fk_cuda_min_flops, 2.0e6, 0.0, 1.0e18, PGC_SUSET, 0,
							 NULL, NULL, NULL);
	DefineCustomRealVariable("fusekern.cuda_max_queued_flops",
							 "Most work, in floating-point operations, a layer may wait behind in the worker.",
							 "When the worker has more queued or in service, the layer runs on the backend's CPU.",
							 &fk_cuda_max_queued_flops, 1.0e10, 0.0, 1.0e18, PGC_SUSET, 0,
							 NULL, NULL, NULL);
	DefineCustomIntVariable("fusekern.cuda_debug_delay",
							"Delay the worker waits before executing this session's requests (testing aid).",
							NULL,
							&fk_cuda_debug_delay, 0, 0, 3600 * 1000, PGC_SUSET,
							GUC_UNIT_MS, NULL, NULL, NULL);

	/* the worker's own settings exist only where it can run: when preloaded */
	if (!process_shared_preload_libraries_in_progress)
		return;
	DefineCustomBoolVariable("fusekern.cuda",
							 "Runs dense layers in the CUDA executor worker when that pays.",
							 "Needs shared_preload_libraries = 'fusekern'.",
							 &fk_cuda_enabled, false, PGC_POSTMASTER, 0,
							 NULL, NULL, NULL);
	DefineCustomStringVariable("fusekern.cuda_device",
							   "CUDA device ordinal the executor worker opens, or \"cpu\".",
							   "With \"cpu\" the worker computes on its own CPU, which exercises the whole request path without a GPU.",
							   &fk_cuda_device, "0", PGC_POSTMASTER, 0,
							   FkWorkerCheckDevice, NULL, NULL);
	DefineCustomIntVariable("fusekern.cuda_staging_size",
							"Size of the staging area shared by the backends and the device process.",
							"Layers whose operands and result do not fit run on the backend's CPU.",
							&fk_cuda_staging_mb, 192, 1, INT_MAX / 2, PGC_POSTMASTER,
							GUC_UNIT_MB, NULL, NULL, NULL);
	if (!fk_cuda_enabled)
		return;
	prev_shmem_request_hook = shmem_request_hook;
	shmem_request_hook = FkWorkerShmemRequest;
	prev_shmem_startup_hook = shmem_startup_hook;
	shmem_startup_hook = FkWorkerShmemInit;
	FkWorkerRegister();
}

/*
 * fusekern_executor_stats(): the shared counters, the work queued now, the
 * executor, the worker's and the device process's pids, device process
 * restarts, the staging area's size and the bytes of it in use; zeros and
 * NULLs when the worker is not configured.  The 0.1 to 0.3 install scripts
 * declare the first ten columns only: a row is formed from as many as the
 * caller's type has.
 */
Datum
fusekern_executor_stats(PG_FUNCTION_ARGS)
{
	TupleDesc	tupdesc;
	Datum		values[14] = {0};
	bool		nulls[14] = {0};
	FkWorkerShared *s = fk_worker_shared;

	if (get_call_result_type(fcinfo, NULL, &tupdesc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "return type must be a row type");
	if (tupdesc->natts > (int) lengthof(values))
		elog(ERROR, "return type has %d columns, at most %d expected",
			 tupdesc->natts, (int) lengthof(values));
	if (s == NULL)
	{
		for (int i = 0; i < 7; i++)
			values[i] = Int64GetDatum(0);
		values[7] = Float8GetDatum(0.0);
		nulls[8] = nulls[9] = nulls[10] = true;
		values[11] = values[12] = values[13] = Int64GetDatum(0);
	}
	else
	{
		char		executor[sizeof(s->executor)];
		pid_t		pid;
		pid_t		device_pid;
		double		queued;
		uint64		size;
		uint64		in_use;
		uint64		gen;
		FkStagingHeader *area = FkStagingAttach(fk_worker_shared, &gen);

		values[0] = Int64GetDatum((int64) pg_atomic_read_u64(&s->requests));
		values[1] = Int64GetDatum((int64) pg_atomic_read_u64(&s->offloaded));
		values[2] = Int64GetDatum((int64) pg_atomic_read_u64(&s->fallbacks));
		values[3] = Int64GetDatum((int64) pg_atomic_read_u64(&s->errors));
		values[4] = Int64GetDatum((int64) pg_atomic_read_u64(&s->cancelled));
		values[5] = Int64GetDatum((int64) pg_atomic_read_u64(&s->busy));
		values[6] = Int64GetDatum((int64) pg_atomic_read_u64(&s->no_shmem));
		SpinLockAcquire(&s->mutex);
		device_pid = s->device_pid;
		pid = device_pid != 0 ? s->worker_pid : 0;
		queued = FkWorkerWorkAhead(s, area && gen == s->staging_gen ? area : NULL);
		memcpy(executor, s->executor, sizeof(executor));
		size = s->staging_size;
		in_use = s->in_use;
		SpinLockRelease(&s->mutex);
		values[7] = Float8GetDatum(queued);
		if (pid == 0)
			nulls[8] = nulls[9] = nulls[10] = true;
		else
		{
			executor[sizeof(executor) - 1] = '\0';
			values[8] = CStringGetTextDatum(executor);
			values[9] = Int32GetDatum((int32) pid);
			values[10] = Int32GetDatum((int32) device_pid);
		}
		values[11] = Int64GetDatum((int64) pg_atomic_read_u64(&s->restarts));
		values[12] = Int64GetDatum((int64) size);
		values[13] = Int64GetDatum((int64) in_use);
	}
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(tupdesc, values, nulls)));
}

/*
 * The executor's state in words, for fusekern_info(): the executor the
 * worker reported and its processes, or why there is none
 */
char *
FkExecutorStateText(void)
{
	FkWorkerShared *s = fk_worker_shared;
	char		executor[sizeof(s->executor)];
	pid_t		pid;
	pid_t		device_pid;
	uint64		restarts;

	if (s == NULL)
		return pstrdup("none: dense layers run in the backend (fusekern.cuda is off or fusekern not preloaded)");
	restarts = pg_atomic_read_u64(&s->restarts);
	SpinLockAcquire(&s->mutex);
	device_pid = s->device_pid;
	pid = s->worker_pid;
	memcpy(executor, s->executor, sizeof(executor));
	SpinLockRelease(&s->mutex);
	executor[sizeof(executor) - 1] = '\0';
	if (device_pid == 0)
		return psprintf("no device process (worker pid %d, %llu restarts)",
						(int) pid, (unsigned long long) restarts);
	return psprintf("%s (worker pid %d, device pid %d, %llu restarts)",
					executor, (int) pid, (int) device_pid,
					(unsigned long long) restarts);
}

/*
 * fusekern_cuda_stats(): fusekern_executor_stats under its 0.1 and 0.2
 * name, for the install scripts of those releases
 */
Datum
fusekern_cuda_stats(PG_FUNCTION_ARGS)
{
	return fusekern_executor_stats(fcinfo);
}
