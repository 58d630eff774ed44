/*
 * fuse_stubs.c
 *		The server-side callees of pg_fuse_exec.c's SQL entry points, which
 *		the fused-program harness compiles in but never calls: each raises
 *		an internal error, which the harness treats as a finding.
 */
#include "postgres.h"

#include "fmgr.h"
#include "utils/builtins.h"

#include "pg_fuse.h"
#include "pg_kernels.h"
#include "vecview.h"

/* Raise the error of a stub that was reached */
static void
FkStubReached(const char *name)
{
	elog(ERROR, "%s is not available in the fuzz harness", name);
}

/* get_fn_expr_argtype: not reached */
Oid
get_fn_expr_argtype(FmgrInfo *flinfo, int argnum)
{
	FkStubReached("get_fn_expr_argtype");
	return InvalidOid;
}

/* text_to_cstring: not reached */
char *
text_to_cstring(const text *t)
{
	FkStubReached("text_to_cstring");
	return NULL;
}

/* fmgr_info: not reached */
void
fmgr_info(Oid functionId, FmgrInfo *finfo)
{
	FkStubReached("fmgr_info");
}

/* FkFuseArgKind: not reached */
char
FkFuseArgKind(Oid typid, int vtype)
{
	FkStubReached("FkFuseArgKind");
	return '?';
}

/* FkFuseFuncOid: not reached */
Oid
FkFuseFuncOid(FkFn fn, FkFuseShape shape, int vtype)
{
	FkStubReached("FkFuseFuncOid");
	return InvalidOid;
}

/* FkKernels: not reached (the harness names each kernel table) */
const FkKernelTable *
FkKernels(void)
{
	FkStubReached("FkKernels");
	return NULL;
}

/* FkChecks: not reached */
const FkCheckTable *
FkChecks(void)
{
	FkStubReached("FkChecks");
	return NULL;
}

/* FkViewArray: not reached */
void
FkViewArray(ArrayType *arr, FkVecView *view)
{
	FkStubReached("FkViewArray");
}

/* FkViewNVec: not reached */
void
FkViewNVec(NVec *v, FkVecView *view)
{
	FkStubReached("FkViewNVec");
}

/* FkResultInit: not reached */
void
FkResultInit(FkVecResult *res, bool is_nvec, int32 len, bool maybe_nulls)
{
	FkStubReached("FkResultInit");
}

/* FkResultFinish: not reached */
Datum
FkResultFinish(FkVecResult *res)
{
	FkStubReached("FkResultFinish");
	return (Datum) 0;
}
