/*
 * pg_memory.c
 *		fusekern.keep_freed_memory: let a backend keep freed heap memory.
 *
 * A vector of a million float8 is 8 MB, and a query on one allocates a
 * detoasted copy of its argument and a result of that size.  glibc's malloc
 * returns freed blocks of that size to the kernel (munmap, or trimming the
 * heap top once it passes twice its dynamic mmap threshold), so the next
 * query's blocks are fresh pages that the kernel zeroes on first touch:
 * thousands of page faults that cost more than the math.  This setting
 * raises malloc's mmap threshold (to at most 32 MB, glibc's own ceiling) and
 * its trim threshold to the given size, so that freed memory at the top of
 * the heap up to that size stays in the process for reuse, and no more: a
 * larger free top is trimmed as before, and blocks above the mmap threshold
 * are still given back when freed.
 *
 * The default, 64 MB, covers the inputs, intermediates and result of a
 * query on a few 10^6-element vectors.  Only a superuser may change it (it
 * sizes what every backend may hold), up to FK_KEEP_FREED_MAX_MB; 0 leaves
 * malloc as glibc sets it, and a backend that had it on goes back to glibc's
 * static thresholds.
 */
#include "postgres.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "utils/guc.h"

#include "common/fusekern.h"

/* glibc's static defaults and its largest mmap threshold on 64-bit */
#define FK_MALLOC_DEFAULT_THRESHOLD (128 * 1024)
#define FK_MALLOC_MAX_MMAP_THRESHOLD (32 * 1024 * 1024)

/* The default and the largest value of fusekern.keep_freed_memory, in MB */
#define FK_KEEP_FREED_DEFAULT_MB	64
#define FK_KEEP_FREED_MAX_MB		256

static int	FkKeepFreedMemoryMb = FK_KEEP_FREED_DEFAULT_MB;

/* Set once the GUC is defined: values before that are not applied */
static bool FkMallocReady = false;

/* Apply a value of fusekern.keep_freed_memory to this process's malloc */
static void
FkApplyKeepFreedMemory(int mb)
{
#ifdef __GLIBC__
	static bool applied = false;
	int			bytes;

	if (mb == 0)
	{
		if (!applied)
			return;				/* leave glibc's dynamic thresholds alone */
		mallopt(M_MMAP_THRESHOLD, FK_MALLOC_DEFAULT_THRESHOLD);
		mallopt(M_TRIM_THRESHOLD, FK_MALLOC_DEFAULT_THRESHOLD);
		return;
	}
	bytes = mb * 1024 * 1024;
	mallopt(M_MMAP_THRESHOLD, Min(bytes, FK_MALLOC_MAX_MMAP_THRESHOLD));
	mallopt(M_TRIM_THRESHOLD, bytes);
	applied = true;
#endif
}

/*
 * Assign hook.  The boot value is assigned while the GUC is being defined,
 * before a value from the configuration or the connection replaces it; it
 * is applied once definition is over (FkMemoryInitGucs), so that a backend
 * started with 0 never touches malloc.
 */
static void
FkAssignKeepFreedMemory(int newval, void *extra)
{
	if (FkMallocReady)
		FkApplyKeepFreedMemory(newval);
}

/* Define fusekern.keep_freed_memory and apply its value */
void
FkMemoryInitGucs(void)
{
	DefineCustomIntVariable("fusekern.keep_freed_memory",
							"Freed heap memory a backend keeps for reuse instead of returning it to the kernel.",
							"0 leaves the C library's malloc as it is. Large vectors allocate and free blocks of "
							"several megabytes per query; keeping them avoids a page fault per 4 kB on the next query.",
							&FkKeepFreedMemoryMb,
							FK_KEEP_FREED_DEFAULT_MB, 0, FK_KEEP_FREED_MAX_MB,
							PGC_SUSET,
							GUC_UNIT_MB,
							NULL, FkAssignKeepFreedMemory, NULL);
	FkMallocReady = true;
	FkApplyKeepFreedMemory(FkKeepFreedMemoryMb);
}
