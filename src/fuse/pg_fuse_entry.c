/*
 * pg_fuse_entry.c
 *		The SQL entry points of fused calls: fused_eval(program, VARIADIC
 *		inputs), fused_eval_nvec and fused_reduce.  A thin layer over the
 *		executor (pg_fuse_exec.c) and, for fused_reduce, the one-pass
 *		groups of reductions (pg_fuse_group.c), which runs its pass through
 *		the executor: the executor calls neither.
 */
#include "postgres.h"

#include "fmgr.h"

#include "fuse/pg_fuse.h"
#include "fuse/pg_fuse_exec.h"

PG_FUNCTION_INFO_V1(fused_eval);
PG_FUNCTION_INFO_V1(fused_eval_nvec);
PG_FUNCTION_INFO_V1(fused_reduce);

/* fused_eval(program text, VARIADIC "any") RETURNS float8[] */
Datum
fused_eval(PG_FUNCTION_ARGS)
{
	return FkFusedEval(fcinfo, FK_VT_ARRAY);
}

/* fused_eval_nvec(program text, VARIADIC "any") RETURNS nvec */
Datum
fused_eval_nvec(PG_FUNCTION_ARGS)
{
	return FkFusedEval(fcinfo, FK_VT_NVEC);
}

/*
 * fused_reduce(program text, VARIADIC "any") RETURNS float8: a reduction of
 * a fused program (FkFusedReduce), or, when the call site is a member of a
 * one-pass group of reductions over the same inputs, the member's result of
 * the group's pass (FkFuseGroupResult)
 */
Datum
fused_reduce(PG_FUNCTION_ARGS)
{
	FkFuseExec *ex;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	ex = FkFuseExecGet(fcinfo, FkFuseCallVtype(fcinfo, PG_NARGS() - 1));
	FkFuseCheckExecute(&ex->funcs);
	if (ex->ntrees == 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("fused program \"%s\" is no reduction", ex->text),
				 errhint("Call fused_eval.")));
	if (ex->grouptext != NULL)
	{
		Datum		value;
		bool		isnull;

		if (FkFuseGroupResult(fcinfo, ex, &value, &isnull))
		{
			if (isnull)
				PG_RETURN_NULL();
			return value;
		}
	}
	return FkFusedReduce(fcinfo, ex);
}
