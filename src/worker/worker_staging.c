/*
 * worker_staging.c
 *		This process's mapping of the staging area: made at the first layer
 *		a session sends, kept for the session, made again when the executor
 *		worker has made a new area (it restarted).
 */
#include "postgres.h"

#include <sys/mman.h>

#include "worker/worker_request.h"
#include "miscadmin.h"

static FkStagingHeader *fk_area = NULL;
static uint64 fk_area_size = 0;
static uint64 fk_area_gen = 0;

/*
 * The current staging area that the worker's shared state s describes,
 * mapped; NULL when there is none or it cannot be mapped (an address-space
 * limit), said at DEBUG1.  *generation gets the area's generation, which
 * the caller compares under the mutex.
 */
FkStagingHeader *
FkStagingAttach(FkWorkerShared *s, uint64 *generation)
{
	uint64		gen;
	uint64		size;
	char		name[64];
	FkStagingHeader *area;
	uint64		mapped;

	SpinLockAcquire(&s->mutex);
	gen = s->staging_gen;
	size = s->staging_size;
	SpinLockRelease(&s->mutex);
	*generation = gen;
	if (fk_area != NULL && fk_area_gen == gen)
		return fk_area;
	if (fk_area != NULL)
	{
		(void) munmap(fk_area, fk_area_size);
		fk_area = NULL;
	}
	if (size == 0)
		return NULL;
	FkStagingName(name, sizeof(name), (long) PostmasterPid);
	area = FkStagingMap(name, 0, false, &mapped);
	if (area == NULL)
	{
		ereport(DEBUG1,
				(errmsg("fusekern cannot map the staging area \"%s\": %m", name)));
		return NULL;
	}
	if (area->magic != FK_STAGING_MAGIC || area->generation != gen || mapped != size)
	{
		/* made again since we read its generation: the next call maps it */
		(void) munmap(area, mapped);
		return NULL;
	}
	fk_area = area;
	fk_area_size = mapped;
	fk_area_gen = gen;
	return fk_area;
}
