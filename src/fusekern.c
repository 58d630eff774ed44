/*
 * fusekern.c
 *		Module entry point: the magic block, _PG_init and the GUCs.
 */
#include "postgres.h"

#include "fmgr.h"
#include "utils/guc.h"

#include "dense/dense_pg.h"
#include "fusekern.h"
#include "pg_fuse.h"

PG_MODULE_MAGIC;

/* Load-time set-up: define the fusekern.* GUCs */
void
_PG_init(void)
{
	FkCudaInit();
	FkKernelsInit();
	FkFuseInitGucs();
	FkMemoryInitGucs();
	MarkGUCPrefixReserved("fusekern");
}
