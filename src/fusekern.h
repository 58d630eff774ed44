/*
 * fusekern.h
 *		Declarations shared by the server-side files of fusekern.
 */
#ifndef FUSEKERN_H
#define FUSEKERN_H

extern void _PG_init(void);

/* GUCs of the vector kernels (pg_kernels_guc.c) */
extern void FkKernelsInit(void);

/* fusekern.keep_freed_memory (pg_memory.c) */
extern void FkMemoryInitGucs(void);

#endif							/* FUSEKERN_H */
