/*
 * fusekern.c
 *		Module entry point: the magic block, _PG_init and the GUCs.
 */
#include "postgres.h"

#include "fmgr.h"
#include "miscadmin.h"
#include "utils/guc.h"

#include "core/interrupt.h"
#include "worker/worker.h"
#include "common/fusekern.h"
#include "fuse/pg_fuse.h"

PG_MODULE_MAGIC;

/* The kernel core's interrupt hook: serve what is pending (a cancel errors out) */
static void
FkServeInterrupts(void)
{
	CHECK_FOR_INTERRUPTS();
}

/* Load-time set-up: define the fusekern.* GUCs, hook the core's long loops */
void
_PG_init(void)
{
	FkInterruptHook = FkServeInterrupts;
	FkWorkerInit();
	FkKernelsInit();
	FkFuseInitGucs();
	FkFuseInitGroups();
	FkMemoryInitGucs();
	MarkGUCPrefixReserved("fusekern");
}
