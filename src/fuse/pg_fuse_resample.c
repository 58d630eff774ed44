/*
 * pg_fuse_resample.c
 *		A resampling of a fused program in one pass: resample(ts, <tree>,
 *		stride, how, origin, fill), resample_ohlc and their vector forms,
 *		whose values are a tree of fusekern operations, become
 *		fused_resample('<tree>', inputs ..., ts, stride, how, origin, fill)
 *		(fused_resample_ohlc, fused_resample_vectors ...).  The program runs a
 *		block at a time and each block goes straight into the buckets
 *		(core/series_time.h, FkTimeResampleStep): no vector of the values is
 *		built.  The buckets are the resampling's in steps, which give the
 *		bits of the whole series for any cut, so the rows are the unfused
 *		ones.
 *
 * Errors keep the unfused order: the planner fuses only where the
 * resampling's arguments cannot raise an error (columns, parameters,
 * constants; the times an expression only when no input of the program
 * is one), and at run time anything the pass would not take as the
 * unfused calls do (a NULL, a fault, an argument the resampling refuses,
 * an overflowing bucket) evaluates the program unfused, then calls the
 * resampling itself over its value, which raises what it raises.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "nodes/makefuncs.h"
#include "nodes/pathnodes.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"

#include "fuse/pg_fuse.h"
#include "fuse/pg_fuse_exec.h"
#include "series/pg_series_time.h"

/*
 * The fused call of a resampling fcall (form ohlc, vectors; values of
 * vtype) whose values are a tree of operations or a fused evaluation; NULL
 * to leave it as it is
 */
Expr *
FkFuseResampleCall(FuncExpr *fcall, bool ohlc, bool vectors, int vtype,
				   PlannerInfo *planner)
{
	MemoryContext outer = CurrentMemoryContext;
	MemoryContext tmp;
	FkFuseNode *root;
	Expr	   *result = NULL;
	List	   *tail;
	int			vt = -1;

	if (list_length(fcall->args) != (ohlc ? 5 : 6))
		return NULL;
	tmp = AllocSetContextCreate(outer, "fusekern fusion", ALLOCSET_DEFAULT_SIZES);
	MemoryContextSwitchTo(tmp);
	root = FkFuseTreeOf((Node *) lsecond(fcall->args), &vt);
	if (root != NULL && vt == vtype && root->kind == FK_NODE_OP &&
		FkFuseKeepErrorOrder(root, vtype))
	{
		/* the times first, then what follows the values */
		tail = lcons(linitial(fcall->args), list_copy_tail(fcall->args, 2));
		result = FkFuseSinkCall(root,
								FkFuseFusedResampleOid(ohlc, vectors, vtype),
								fcall->funcresulttype, fcall->funcretset,
								tail, outer, planner);
	}
	MemoryContextSwitchTo(outer);
	MemoryContextDelete(tmp);
	return result;
}

/* A resampling fed by a fused pass */
typedef struct FkResampleSink
{
	FunctionCallInfo fcinfo;
	int			first;			/* its arguments: ts, stride ... */
	bool		ohlc;
	FkResample	rs;
	FkTimeResampleState st;
	double	   *out[4];
	uint64	   *ok[4];
} FkResampleSink;

/* The length is known: the resampling's arguments checked, buckets begun */
static bool
FkResampleSinkBegin(void *arg, size_t n)
{
	FkResampleSink *rk = (FkResampleSink *) arg;

	if (!FkResampleProbe(rk->fcinfo, rk->first, rk->ohlc, (int32) n, &rk->rs))
		return false;
	if (rk->rs.nb > 0)
	{
		FkResampleAlloc(&rk->rs, rk->out, rk->ok);
		FkResampleBegin(&rk->rs, &rk->st, rk->out, rk->ok);
	}
	return true;
}

/* A block of values into the buckets; the last closes them */
static bool
FkResampleSinkBlock(void *arg, size_t start, size_t len, const double *vals,
					const uint64 *valid)
{
	FkResampleSink *rk = (FkResampleSink *) arg;

	FkTimeResampleStep(&rk->st, rk->rs.ts + start, vals, valid, start, len);
	/* an overflowing bucket: the resampling raises it, unfused */
	return start + len < (size_t) rk->rs.tv.len ||
		FkTimeResampleEnd(&rk->st) == SIZE_MAX;
}

/*
 * The resampling funcid called over the unfused value v of the program:
 * what the unfused plan returns and raises (no row, or NULL, for a NULL
 * argument: it is strict)
 */
static Datum
FkFuseResampleUnfused(FunctionCallInfo fcinfo, Oid funcid, int first,
					  bool ohlc, bool vectors, Datum v, bool vnull)
{
	LOCAL_FCINFO(call, 6);
	FmgrInfo	flinfo;
	int			nargs = ohlc ? 5 : 6;
	Datum		result;

	elog(DEBUG1, "fusekern: fused resampling evaluated unfused");
	for (int i = 0; i < nargs - 1; i++)
		vnull |= PG_ARGISNULL(first + i);
	if (vnull)
	{
		if (vectors)
			PG_RETURN_NULL();
		InitMaterializedSRF(fcinfo, 0);
		return (Datum) 0;
	}
	fmgr_info(funcid, &flinfo);
	InitFunctionCallInfoData(*call, &flinfo, nargs, InvalidOid, NULL,
							 fcinfo->resultinfo);
	call->args[0].value = PG_GETARG_DATUM(first);
	call->args[1].value = v;
	for (int i = 2; i < nargs; i++)
		call->args[i].value = PG_GETARG_DATUM(first + i - 1);
	for (int i = 0; i < nargs; i++)
		call->args[i].isnull = false;
	result = FunctionCallInvoke(call);
	fcinfo->isnull = call->isnull;
	return result;
}

/* Error out unless the call has a program, an input and the resampling's arguments */
static void
FkFuseResampleArgCount(FunctionCallInfo fcinfo, bool ohlc)
{
	if (PG_NARGS() < (ohlc ? 4 : 5) + 2)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("a fused resampling takes a program, its inputs and the resampling's arguments")));
}

/*
 * Error out unless the resampling's arguments of the call, from argument
 * first on, have the types its planner writes: ts, stride, [how,] origin,
 * fill (a call written by hand may pass anything as "any")
 */
static void
FkFuseResampleArgTypes(FunctionCallInfo fcinfo, int first, bool ohlc)
{
	static const Oid how_types[] = {TIMESTAMPTZARRAYOID, INTERVALOID, TEXTOID, TIMESTAMPTZOID, TEXTOID};
	static const Oid ohlc_types[] = {TIMESTAMPTZARRAYOID, INTERVALOID, TIMESTAMPTZOID, TEXTOID};
	const Oid  *types = ohlc ? ohlc_types : how_types;
	int			n = ohlc ? lengthof(ohlc_types) : lengthof(how_types);

	for (int i = 0; i < n; i++)
	{
		Oid			typid = get_fn_expr_argtype(fcinfo->flinfo, first + i);

		if (typid != types[i])
			ereport(ERROR,
					(errcode(ERRCODE_DATATYPE_MISMATCH),
					 errmsg("argument %d of a fused resampling must be of type %s",
							first + i + 1, format_type_be(types[i])),
					 errdetail("Its arguments are the program, its inputs, and the resampling's: ts, stride, %sorigin and fill.",
							   ohlc ? "" : "how, ")));
	}
}

/*
 * The body of the fused resamplings: the program of the call's first
 * arguments run a block at a time into the buckets of the resampling
 * whose arguments follow them
 */
static Datum
FkFusedResample(FunctionCallInfo fcinfo, int vtype, bool ohlc, bool vectors)
{
	int			ntail = ohlc ? 4 : 5;
	Oid			funcid;
	FkFuseExec *ex;
	FkResampleSink rk;
	FkFuseSink	sink = {FkResampleSinkBegin, FkResampleSinkBlock, &rk};
	Datum		v;
	bool		vnull;

	FkFuseResampleArgCount(fcinfo, ohlc);
	/* no program: nothing, as fused_eval gives NULL */
	if (PG_ARGISNULL(0))
	{
		if (vectors)
			PG_RETURN_NULL();
		InitMaterializedSRF(fcinfo, 0);
		return (Datum) 0;
	}
	FkFuseResampleArgTypes(fcinfo, PG_NARGS() - ntail, ohlc);
	funcid = FkFuseResampleOid(ohlc, vectors, vtype);
	if (!OidIsValid(funcid))
		elog(ERROR, "fusekern: no resampling function for the fused call");
	/* the user may execute the resampling it stands for */
	FkFuseCheckFunction(funcid, GetUserId());
	ex = FkFuseExecGetN(fcinfo, vtype, PG_NARGS() - 1 - ntail);
	FkFuseCheckExecute(&ex->funcs);
	if (ex->ntrees > 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("fused program \"%s\" ends in a reduction", ex->text)));
	memset(&rk, 0, sizeof(rk));
	rk.fcinfo = fcinfo;
	rk.first = 1 + ex->nargs;
	rk.ohlc = ohlc;
	if (!FkFuseRunSink(fcinfo, ex, &sink, &v, &vnull))
		return FkFuseResampleUnfused(fcinfo, funcid, rk.first, ohlc, vectors,
									 v, vnull);
	if (rk.rs.nb > 0)
		FkResampleFill(&rk.rs, rk.out, rk.ok);
	if (vectors)
		return FkResampleVectors(fcinfo, &rk.rs, FkResampleRowType(fcinfo),
								 vtype == FK_VT_NVEC, rk.out, rk.ok);
	FkResampleRows(fcinfo, &rk.rs, rk.out, rk.ok);
	return (Datum) 0;
}

/* The vector type of the program's arguments of a fused resampling */
static int
FkFusedResampleVtype(FunctionCallInfo fcinfo, bool ohlc)
{
	FkFuseResampleArgCount(fcinfo, ohlc);
	return FkFuseCallVtype(fcinfo, PG_NARGS() - 1 - (ohlc ? 4 : 5));
}

PG_FUNCTION_INFO_V1(fused_resample);
PG_FUNCTION_INFO_V1(fused_resample_ohlc);
PG_FUNCTION_INFO_V1(fused_resample_vectors);
PG_FUNCTION_INFO_V1(fused_resample_vectors_nvec);
PG_FUNCTION_INFO_V1(fused_resample_ohlc_vectors);
PG_FUNCTION_INFO_V1(fused_resample_ohlc_vectors_nvec);

/* fused_resample(program, VARIADIC "any") RETURNS SETOF (bucket, value) */
Datum
fused_resample(PG_FUNCTION_ARGS)
{
	return FkFusedResample(fcinfo, FkFusedResampleVtype(fcinfo, false),
						   false, false);
}

/* fused_resample_ohlc(program, VARIADIC "any"): the bars as rows */
Datum
fused_resample_ohlc(PG_FUNCTION_ARGS)
{
	return FkFusedResample(fcinfo, FkFusedResampleVtype(fcinfo, true),
						   true, false);
}

/* fused_resample_vectors(program, VARIADIC "any"): float8[] vectors */
Datum
fused_resample_vectors(PG_FUNCTION_ARGS)
{
	return FkFusedResample(fcinfo, FK_VT_ARRAY, false, true);
}

/* fused_resample_vectors_nvec(program, VARIADIC "any"): nvec vectors */
Datum
fused_resample_vectors_nvec(PG_FUNCTION_ARGS)
{
	return FkFusedResample(fcinfo, FK_VT_NVEC, false, true);
}

/* fused_resample_ohlc_vectors(program, VARIADIC "any"): float8[] bars */
Datum
fused_resample_ohlc_vectors(PG_FUNCTION_ARGS)
{
	return FkFusedResample(fcinfo, FK_VT_ARRAY, true, true);
}

/* fused_resample_ohlc_vectors_nvec(program, VARIADIC "any"): nvec bars */
Datum
fused_resample_ohlc_vectors_nvec(PG_FUNCTION_ARGS)
{
	return FkFusedResample(fcinfo, FK_VT_NVEC, true, true);
}
