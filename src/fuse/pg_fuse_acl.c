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
 *
 * The executor's own check of EXECUTE on fused_eval (fused_eval_nvec,
 * fused_reduce) is made when a plan starts, for the user running it, before
 * fused_eval can do anything; a user who may not execute it never wrote it
 * either.  So the planner writes such a call only where every user who may
 * run the plan may execute it: always when PUBLIC may (as installed); else
 * only for the user planning, and the plan is then marked as depending on
 * that user (PlannerGlobal.dependsOnRole), as plans under row security are:
 * a cached plan run by another user (a prepared statement after SET ROLE, a
 * function's cached plans) is planned again for that user, unfused where
 * the user may not execute the helper.
 */
#include "postgres.h"

#include "catalog/objectaccess.h"
#include "nodes/pathnodes.h"
#include "miscadmin.h"
#include "utils/acl.h"
#include "utils/lsyscache.h"

#include "common/pg_compat.h"

#include "fuse/pg_fuse.h"

/*
 * Add the function of every operation under node to funcs, once each: the
 * reductions and core's arithmetic on them included
 */
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
	else if (node->kind == FK_NODE_SCALOP)
		funcid = FkScalarOps[node->sop].funcid;
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
		FkFuseCheckFunction(funcs->oids[i], userid);
	funcs->checked_user = userid;
}

/*
 * Raise core's error unless userid may execute funcid, as the executor
 * checks a call it runs (and its hook)
 */
void
FkFuseCheckFunction(Oid funcid, Oid userid)
{
	AclResult	aclresult = pg_proc_aclcheck(funcid, userid, ACL_EXECUTE);

	if (aclresult != ACLCHECK_OK)
		aclcheck_error(aclresult, OBJECT_FUNCTION, get_func_name(funcid));
	InvokeFunctionExecuteHook(funcid);
}

/*
 * May a plan of planner hold a call of funcid, a fused evaluation function?
 * Yes when PUBLIC may execute it; else when the planning user may, the plan
 * then depending on that user (see the top of this file).  Without a
 * planner (an expression folded outside one, which may be kept and run by
 * anyone) only when PUBLIC may.
 */
bool
FkFuseHelperAllowed(Oid funcid, struct PlannerInfo *planner)
{
	if (pg_proc_aclcheck(funcid, ACL_ID_PUBLIC, ACL_EXECUTE) == ACLCHECK_OK)
		return true;
	if (planner == NULL || planner->glob == NULL)
		return false;
	planner->glob->dependsOnRole = true;
	return pg_proc_aclcheck(funcid, GetUserId(), ACL_EXECUTE) == ACLCHECK_OK;
}
