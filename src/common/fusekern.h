/*
 * fusekern.h
 *		Declarations shared by the server-side files of fusekern.
 */
#ifndef FUSEKERN_H
#define FUSEKERN_H

extern void _PG_init(void);

/*
 * Elements per block of the SQL-level loops (kernels, casts): interrupts
 * are checked between blocks.  The one such constant of the glue.
 */
#define FK_BLOCK	65536

/* GUCs of the vector kernels (pg_kernels_guc.c) */
extern void FkKernelsInit(void);

/* fusekern.keep_freed_memory (pg_memory.c) */
extern void FkMemoryInitGucs(void);

#endif							/* FUSEKERN_H */
