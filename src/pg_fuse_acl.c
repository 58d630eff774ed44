/*
 * pg_fuse_acl.c
 *		The privilege model of fused calls: a fused evaluation may run only
 *		what the user running it may run unfused.
 *
 * A fused_eval (fused_eval_nvec, fused_reduce) call stands for every
 * operation (and reduction) its
 * program names, and the program names each one as written (the planner
 * writes scale_add(dlog(v1, 1), 252, 0), not the kernel it runs as).  The
 * executor checks EXECUTE on fused_eval itself; this checks EXECUTE on each
 * function the program stands for, for the current user, when the call
 * runs: a plan may be cached and run by another role (SET ROLE, SECURITY
 * DEFINER functions), so nothing is decided at plan time.  As the executor
 * does for ordinary calls, the check is made once per call site (per
 * compiled program) and user.
 */
#include "postgres.h"

#include "catalog/objectaccess.h"
#include "miscadmin.h"
#include "utils/acl.h"
#include "pg_compat.h"
#include "utils/lsyscache.h"

#include "pg_fuse.h"

/* Add the function of every operation under node to funcs, once each */
static void
FkFuseCollectNode(const FkFuseNode *node, int vtype, FkFuseFuncs *funcs)
{
	Oid			funcid;
	int			i;

	if (!FkFuseNodeHasArgs(node))
		return;
	check_stack_depth();
	if (node->kind == FK_NODE_REDUCE)
		funcid = FkFuseRedFuncOid(node->rop, vtype);
	else
		funcid = FkFuseFuncOid(node->op, vtype, node->to_null);
	for (i = 0; i < funcs->n; i++)
		if (funcs->oids[i] == funcid)
			break;
	if (i == funcs->n && OidIsValid(funcid))
	{
		if (funcs->n == FK_FUSE_MAX_FUNCS)
			elog(ERROR, "fusekern: too many functions in a fused program");
		funcs->oids[funcs->n++] = funcid;
	}
	for (i = 0; i < node->nargs; i++)
		FkFuseCollectNode(node->args[i], vtype, funcs);
}

/* The functions the program rooted at root stands for, over vtype */
void
FkFuseCollectFuncs(const FkFuseNode *root, int vtype, FkFuseFuncs *funcs)
{
	funcs->n = 0;
	funcs->checked_user = InvalidOid;
	FkFuseCollectNode(root, vtype, funcs);
}

/*
 * Raise core's error ("permission denied for function exp", 42501) unless
 * the current user may execute every function in funcs.
 */
void
FkFuseCheckExecute(FkFuseFuncs *funcs)
{
	Oid			userid = GetUserId();

	if (funcs->checked_user == userid)
		return;
	for (int i = 0; i < funcs->n; i++)
	{
		AclResult	aclresult;

		aclresult = pg_proc_aclcheck(funcs->oids[i], userid, ACL_EXECUTE);
		if (aclresult != ACLCHECK_OK)
			aclcheck_error(aclresult, OBJECT_FUNCTION,
						   get_func_name(funcs->oids[i]));
		InvokeFunctionExecuteHook(funcs->oids[i]);
	}
	funcs->checked_user = userid;
}
