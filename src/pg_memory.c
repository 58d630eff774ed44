/*
 * pg_memory.c
 *		fusekern.keep_freed_memory: let a backend keep freed heap memory.
 *
 * A vector of a million float8 is 8 MB, and a query on one allocates a
 * detoasted copy of its argument and a result of that size.  glibc's malloc
 * returns freed blocks of that size to the kernel (munmap, or trimming the
 * heap top past 2 x its dynamic mmap threshold), so the next query's blocks
 * are fresh pages that the kernel zeroes on first touch: thousands of page
 * faults that cost more than the math (docs/performance.md measures 3.3x on
 * the 10^6-element log-return query).  Setting this GUC raises malloc's
 * mmap and trim thresholds so that freed memory up to the given size stays
 * in the process for reuse.  The default, 0, leaves malloc as it is; a
 * backend that once set it goes back to glibc's static thresholds.
 */
#include "postgres.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "utils/guc.h"

#include "fusekern.h"

/* glibc's static defaults and its largest mmap threshold on 64-bit */
#define FK_MALLOC_DEFAULT_THRESHOLD (128 * 1024)
#define FK_MALLOC_MAX_MMAP_THRESHOLD (32 * 1024 * 1024)

static int	FkKeepFreedMemoryMb = 0;

/* Apply a new value of fusekern.keep_freed_memory to this process's malloc */
static void
FkAssignKeepFreedMemory(int newval, void *extra)
{
#ifdef __GLIBC__
	static bool applied = false;
	int			bytes;

	if (newval == 0)
	{
		if (!applied)
			return;				/* leave glibc's dynamic thresholds alone */
		mallopt(M_MMAP_THRESHOLD, FK_MALLOC_DEFAULT_THRESHOLD);
		mallopt(M_TRIM_THRESHOLD, FK_MALLOC_DEFAULT_THRESHOLD);
		return;
	}
	bytes = newval * 1024 * 1024;
	mallopt(M_MMAP_THRESHOLD, Min(bytes, FK_MALLOC_MAX_MMAP_THRESHOLD));
	mallopt(M_TRIM_THRESHOLD, bytes);
	applied = true;
#endif
}

/* Define fusekern.keep_freed_memory */
void
FkMemoryInitGucs(void)
{
	DefineCustomIntVariable("fusekern.keep_freed_memory",
							"Freed heap memory a backend keeps for reuse instead of returning it to the kernel.",
							"0 leaves the C library's malloc as it is. Large vectors allocate and free blocks of "
							"several megabytes per query; keeping them avoids a page fault per 4 kB on the next query.",
							&FkKeepFreedMemoryMb,
							0, 0, 2047,
							PGC_USERSET,
							GUC_UNIT_MB,
							NULL, FkAssignKeepFreedMemory, NULL);
}
