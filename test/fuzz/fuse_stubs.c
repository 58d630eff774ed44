/*
 * fuse_stubs.c
 *		The server-side callees of pg_fuse_exec.c and pg_fuse_lower.c, which
 *		the fused-program harness compiles in but never calls: each raises
 *		an internal error, which the harness treats as a finding.
 */
#include "postgres.h"

#include "fmgr.h"
#include "utils/builtins.h"
#include "utils/memutils.h"

#include "fuse/pg_fuse.h"
#include "fuse/pg_fuse_exec.h"
#include "kernels/pg_kernels.h"
#include "series/pg_series_time.h"
#include "vector/vecview.h"

/* Named-kernel spelling of fault messages (pg_kernels_fault.c): never set */
const FkFaultSpelling *FkFaultSpelled = NULL;

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
FkFuseFuncOid(FkKernelOp op, int vtype, bool on_error)
{
	FkStubReached("FkFuseFuncOid");
	return InvalidOid;
}

/* FkFuseRedFuncOid: not reached */
Oid
FkFuseRedFuncOid(FkReduceOp rop, int vtype)
{
	FkStubReached("FkFuseRedFuncOid");
	return InvalidOid;
}

/* FkFuseVecTypeOid: not reached */
Oid
FkFuseVecTypeOid(int vtype)
{
	FkStubReached("FkFuseVecTypeOid");
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

/* FkNVecCheckSize: not reached */
void
FkNVecCheckSize(NVec *v)
{
	FkStubReached("FkNVecCheckSize");
}

/* FkViewNVecBlocks: not reached */
void
FkViewNVecBlocks(NVec *v, FkVecView *view, FkFuseInput *in)
{
	FkStubReached("FkViewNVecBlocks");
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

/* FkResultBlockDst: not reached */
double *
FkResultBlockDst(FkVecResult *res, int32 start)
{
	FkStubReached("FkResultBlockDst");
	return NULL;
}

/* FkResultPlaceBlock: not reached */
void
FkResultPlaceBlock(FkVecResult *res, int32 start, int32 n,
				   const uint64 *valid)
{
	FkStubReached("FkResultPlaceBlock");
}

/* FkResultInitFor: not reached */
void
FkResultInitFor(FkVecResult *res, bool is_nvec, int32 len, bool maybe_nulls,
				bool expanded)
{
	FkStubReached("FkResultInitFor");
}

/* FkViewArrayDatumIfVector: not reached */
bool
FkViewArrayDatumIfVector(Datum d, FkVecView *view)
{
	FkStubReached("FkViewArrayDatumIfVector");
	return false;
}

/* FkTimeAxisView: not reached (the harness runs no time axis) */
const int64 *
FkTimeAxisView(Datum d, int32 len)
{
	FkStubReached("FkTimeAxisView");
	return NULL;
}

/* FkTimeDurationOf: not reached */
int64
FkTimeDurationOf(Datum d)
{
	FkStubReached("FkTimeDurationOf");
	return 0;
}

/* FkFuseCollectFuncs: not reached (privileges are the server's) */
void
FkFuseCollectFuncs(const FkFuseNode *root, int vtype, FkFuseFuncs *funcs)
{
	FkStubReached("FkFuseCollectFuncs");
}

/* FkFuseCheckExecute: not reached */
void
FkFuseCheckExecute(FkFuseFuncs *funcs)
{
	FkStubReached("FkFuseCheckExecute");
}

/* AllocSetContextCreateInternal: not reached (the program cache) */
MemoryContext
AllocSetContextCreateInternal(MemoryContext parent, const char *name,
							  Size minContextSize, Size initBlockSize,
							  Size maxBlockSize)
{
	FkStubReached("AllocSetContextCreateInternal");
	return NULL;
}

/* MemoryContextDelete: not reached */
void
MemoryContextDelete(MemoryContext context)
{
	FkStubReached("MemoryContextDelete");
}

/* MemoryContextSetParent: not reached */
void
MemoryContextSetParent(MemoryContext context, MemoryContext new_parent)
{
	FkStubReached("MemoryContextSetParent");
}

/* cstring_to_text: not reached */
text *
cstring_to_text(const char *s)
{
	FkStubReached("cstring_to_text");
	return NULL;
}

/* fmgr_info_cxt: not reached */
void
fmgr_info_cxt(Oid functionId, FmgrInfo *finfo, MemoryContext mcxt)
{
	FkStubReached("fmgr_info_cxt");
}

/* message_level_is_interesting: no message is */
bool
message_level_is_interesting(int elevel)
{
	return false;
}

/* pg_detoast_datum_packed: not reached */
struct varlena *
pg_detoast_datum_packed(struct varlena *datum)
{
	FkStubReached("pg_detoast_datum_packed");
	return NULL;
}

/* get_typlenbyval: not reached (argument types come from the server) */
void
get_typlenbyval(Oid typid, int16 *typlen, bool *typbyval)
{
	FkStubReached("get_typlenbyval");
}

