/*
 * worker_extent.c
 *		Slots and extents of the staging area: a first-fit allocator over at
 *		most FK_STAGING_SLOTS extents, and the work they stand for.  Every
 *		function here is called with fk_worker_shared->mutex held, so each is
 *		short and calls nothing that could fail.
 */
#include "postgres.h"

#include "core/dense.h"
#include "worker/worker_request.h"

/* Does [off, off + len) overlap an extent taken by another slot? */
static bool
FkExtentOverlap(FkWorkerShared *s, uint64 off, uint64 len, uint64 *next)
{
	for (int i = 0; i < FK_STAGING_SLOTS; i++)
	{
		FkWorkerSlot *sl = &s->slot[i];

		if (sl->state == FK_SLOT_FREE)
			continue;
		if (sl->off < off + len && off < sl->off + sl->len)
		{
			*next = sl->off + sl->len;
			return true;
		}
	}
	return false;
}

/*
 * Take a free slot with an extent of len bytes: the lowest place where it
 * fits.  -1 when every slot is taken or no gap is large enough now.
 */
int
FkWorkerSlotTake(FkWorkerShared *s, uint64 len)
{
	int			slot = -1;
	uint64		off = FK_STAGING_DATA_OFF;
	uint64		next;

	for (int i = 0; i < FK_STAGING_SLOTS && slot < 0; i++)
		if (s->slot[i].state == FK_SLOT_FREE)
			slot = i;
	if (slot < 0)
		return -1;
	while (off + len <= s->staging_size)
	{
		if (!FkExtentOverlap(s, off, len, &next))
		{
			FkWorkerSlot *sl = &s->slot[slot];

			memset(sl, 0, sizeof(*sl));
			sl->state = FK_SLOT_FILLING;
			sl->seq = ++s->next_seq;
			sl->off = off;
			sl->len = len;
			s->in_use += len;
			return slot;
		}
		off = next;
	}
	return -1;
}

/* Give a slot and its extent back */
void
FkWorkerSlotFree(FkWorkerShared *s, int slot)
{
	FkWorkerSlot *sl = &s->slot[slot];

	if (sl->state == FK_SLOT_FREE)
		return;
	s->in_use -= Min(s->in_use, sl->len);
	sl->state = FK_SLOT_FREE;
	sl->proc = NULL;
}

/*
 * Work that stands ahead of a new layer, in flops: every slot taken, less
 * the rows the device reports done (read from area when given)
 */
double
FkWorkerWorkAhead(FkWorkerShared *s, FkStagingHeader *area)
{
	double		ahead = 0;

	for (int i = 0; i < FK_STAGING_SLOTS; i++)
	{
		FkWorkerSlot *sl = &s->slot[i];
		double		done = 0;

		if (sl->state != FK_SLOT_FILLING && sl->state != FK_SLOT_QUEUED)
			continue;
		if (area != NULL && sl->state == FK_SLOT_QUEUED)
			done = FkDenseFlops(__atomic_load_n(&area->req[i].rows_done, __ATOMIC_ACQUIRE),
								sl->n, sl->k);
		ahead += Max(sl->flops - done, 0);
	}
	return ahead;
}
