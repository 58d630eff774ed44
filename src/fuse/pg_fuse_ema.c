/*
 * pg_fuse_ema.c
 *		ema(v, span => s) and ema(v, halflife => h) rewritten by the planner
 *		into ema(v, alpha), the form that fuses, when the parameters are
 *		constants.
 *
 * The forms by name (ema_by_float8arr, ema_by_nvec) name fusekern_support
 * too; for them it first asks this file for the call of ema(v, alpha) they
 * stand for, with alpha computed by the very function their unfused call
 * uses (FkEmaAlphaFrom), so the result has the same bits, then fuses that
 * call as any other.  A NULL constant is a parameter not given (their
 * default); parameters that are no constants, or that make no valid alpha
 * (the unfused call raises the error), leave the call as it is, and so do
 * adjust and ignore_nulls other than the constants false and true (pandas'
 * loop, not fused).  Both give
 * NULL for a NULL v: ema(v, alpha) is STRICT, ema by name checks v itself.
 *
 * Privileges: the rewritten plan runs ema(v, alpha), not the function the
 * query wrote.  So the rewrite is made only where PUBLIC may execute both
 * (as installed), and the plan depends on both functions: a GRANT or
 * REVOKE on either plans the query again, and the rewrite is then not made
 * unless PUBLIC still may.
 */
#include "postgres.h"

#include "catalog/pg_proc.h"
#include "catalog/pg_type.h"
#include "nodes/makefuncs.h"
#include "nodes/pathnodes.h"
#include "optimizer/planmain.h"
#include "utils/acl.h"
#include "utils/lsyscache.h"

#include "common/pg_compat.h"
#include "fuse/pg_fuse.h"
#include "kernels/pg_kernels.h"

/* The constant arg stands for, through relabellings, or NULL */
static Const *
FkFuseConstOf(Node *arg)
{
	while (IsA(arg, RelabelType))
		arg = (Node *) ((RelabelType *) arg)->arg;
	return IsA(arg, Const) ? (Const *) arg : NULL;
}

/*
 * The float8 of a constant parameter arg (a float8 or a domain over it),
 * *given false for a NULL one (a parameter not given)
 */
static bool
FkFuseConstParam(Node *arg, double *val, bool *given)
{
	Const	   *c = FkFuseConstOf(arg);

	if (c == NULL || getBaseType(c->consttype) != FLOAT8OID)
		return false;
	*given = !c->constisnull;
	*val = *given ? DatumGetFloat8(c->constvalue) : 0.0;
	return true;
}

/* Is arg the constant boolean want (adjust false, ignore_nulls true)? */
static bool
FkFuseConstBool(Node *arg, bool want)
{
	Const	   *c = FkFuseConstOf(arg);

	return c != NULL && c->consttype == BOOLOID && !c->constisnull &&
		DatumGetBool(c->constvalue) == want;
}

/*
 * The call of ema(v, alpha) that the call fcall of ema by name over vtype
 * vectors stands for, made in the current memory context, or NULL
 */
FuncExpr *
FkFuseEmaByAlpha(FuncExpr *fcall, int vtype, PlannerInfo *root)
{
	Oid			emaoid = FkFuseFuncOid((FkKernelOp) FK_SOP_EMA, vtype, false);
	double		p[3];
	bool		given[3];
	double		alpha;
	int			which;
	Const	   *a;

	if (root == NULL || root->glob == NULL || !OidIsValid(emaoid) ||
		list_length(fcall->args) != 6 ||
		!FkFuseConstBool((Node *) list_nth(fcall->args, 4), false) ||
		!FkFuseConstBool((Node *) list_nth(fcall->args, 5), true))
		return NULL;
	for (int i = 0; i < 3; i++)
		if (!FkFuseConstParam((Node *) list_nth(fcall->args, i + 1), &p[i],
							  &given[i]))
			return NULL;
	if (!FkEmaAlphaFrom(p, given, &alpha, &which))
		return NULL;
	if (pg_proc_aclcheck(fcall->funcid, ACL_ID_PUBLIC, ACL_EXECUTE) != ACLCHECK_OK ||
		pg_proc_aclcheck(emaoid, ACL_ID_PUBLIC, ACL_EXECUTE) != ACLCHECK_OK)
		return NULL;
	record_plan_function_dependency(root, fcall->funcid);
	record_plan_function_dependency(root, emaoid);
	a = makeConst(FLOAT8OID, -1, InvalidOid, sizeof(float8),
				  Float8GetDatum(alpha), false, FLOAT8PASSBYVAL);
	return makeFuncExpr(emaoid, fcall->funcresulttype,
						list_make2(linitial(fcall->args), a), InvalidOid,
						InvalidOid, COERCE_EXPLICIT_CALL);
}
