/*
 * pg_fuse_exec.c
 *		fused_eval(program, VARIADIC inputs): one pass over the inputs for a
 *		whole tree of fusekern operations (see pg_fuse.c for where such calls
 *		come from, core/fuse_program.h for the evaluator).
 *
 * The fast path views the inputs in place, compiles the program once per
 * call site (cached in fn_extra) and runs it block by block, writing the
 * result in place.  Whenever the unfused chain could behave otherwise than
 * by computing values (an input is NULL, lengths differ, a float8[] is not
 * one-dimensional, a lag is negative, or a fault check of the kernels finds
 * an element core float8 would reject), the call is evaluated unfused
 * instead: each operation called through fmgr, in the executor's order, so
 * results, NULLs and errors are those of the unfused expression by
 * construction.
 */
#include "postgres.h"

#include <math.h>

#include "catalog/pg_type.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"

#include "core/checks.h"
#include "core/fuse_program.h"
#include "pg_nvec.h"
#include "pg_fuse.h"
#include "pg_kernels.h"
#include "vecview.h"

PG_FUNCTION_INFO_V1(fused_eval);
PG_FUNCTION_INFO_V1(fused_eval_nvec);

/* Where a scalar slot or a lag slot gets its value */
typedef struct FkFuseSlotSource
{
	int			arg;			/* argument number (from 0, after the
								 * program), or -1 for a constant */
	double		dval;
	int32		ival;
} FkFuseSlotSource;

/* A program parsed and compiled for one call site */
typedef struct FkFuseExec
{
	char	   *text;			/* the program text it was built from */
	int			vtype;
	int			nargs;			/* arguments after the program */
	FkFuseNode *root;
	FkFuseProgram prog;
	int			vecarg[FK_FUSE_MAX_SLOTS];	/* argument of each input vector */
	FkFuseSlotSource slots[FK_FUSE_MAX_SLOTS];
	FkFuseSlotSource lags[FK_FUSE_MAX_SLOTS];
	FkFuseExpr	exprs[FK_FUSE_MAX_SLOTS];	/* operations and vector inputs */
	int			nexprs;
} FkFuseExec;

/* The op of the evaluator that computes fn in shape */
static FkKernelOp
FkFuseCoreOp(FkFn fn, FkFuseShape shape)
{
	switch (fn)
	{
		case FK_FN_LN:
			return FK_KOP_LN;
		case FK_FN_EXP:
			return FK_KOP_EXP;
		case FK_FN_SQRT:
			return FK_KOP_SQRT;
		case FK_FN_ABS:
			return FK_KOP_ABS;
		case FK_FN_NEG:
			return FK_KOP_NEG;
		case FK_FN_ADD:
			/* float8 + vector is computed as vector + float8 */
			return shape == FK_FSH_VV ? FK_KOP_ADD : FK_KOP_ADD_S;
		case FK_FN_SUB:
			return shape == FK_FSH_VV ? FK_KOP_SUB :
				shape == FK_FSH_VS ? FK_KOP_SUB_S : FK_KOP_RSUB_S;
		case FK_FN_MUL:
			return shape == FK_FSH_VV ? FK_KOP_MUL : FK_KOP_MUL_S;
		case FK_FN_DIV:
			return shape == FK_FSH_VV ? FK_KOP_DIV :
				shape == FK_FSH_VS ? FK_KOP_DIV_S : FK_KOP_RDIV_S;
		case FK_FN_SCALE_ADD:
			return FK_KOP_SCALE_ADD;
		case FK_FN_DLOG:
			return FK_KOP_DLOG;
		case FK_FN_DIFF:
			return FK_KOP_DIFF;
		case FK_FN_DLOG_SCALE_ADD:
			return FK_KOP_DLOG_SCALE_ADD;
		case FK_FN_LN_SCALE_ADD:
			return FK_KOP_LN_SCALE_ADD;
		case FK_FN_SUB_MUL_ADD:
			return FK_KOP_SUB_MUL_ADD;
		case FK_FN_COUNT:
			break;
	}
	elog(ERROR, "fusekern: unknown operation %d", (int) fn);
	return FK_KOP_COUNT;
}

/* A scalar or lag slot for leaf node, in slots[*count] */
static int16
FkFuseSlot(FkFuseSlotSource *slots, int *count, const FkFuseNode *node)
{
	FkFuseSlotSource *s = &slots[*count];

	s->arg = node->kind == FK_NODE_INPUT ? node->input : -1;
	s->dval = node->dval;
	s->ival = node->ival;
	return (int16) (*count)++;
}

/* Is node the operation fn (in any shape when shape is FK_FSH_COUNT)? */
static bool
FkFuseIsOp(const FkFuseNode *node, FkFn fn, FkFuseShape shape)
{
	return node->kind == FK_NODE_OP && node->fn == fn &&
		(shape == FK_FSH_COUNT || node->shape == shape);
}

/*
 * Does node compute (t * a) + b, as scale_add(t, a, b) or with * and +
 * (scalar on either side)?  Then *t, *a and *b are its parts.
 */
static bool
FkFuseMatchAffine(const FkFuseNode *node, const FkFuseNode **t,
				  const FkFuseNode **a, const FkFuseNode **b)
{
	const FkFuseNode *m;

	if (FkFuseIsOp(node, FK_FN_SCALE_ADD, FK_FSH_VSS))
	{
		*t = node->args[0];
		*a = node->args[1];
		*b = node->args[2];
		return true;
	}
	if (FkFuseIsOp(node, FK_FN_ADD, FK_FSH_VS))
	{
		m = node->args[0];
		*b = node->args[1];
	}
	else if (FkFuseIsOp(node, FK_FN_ADD, FK_FSH_SV))
	{
		m = node->args[1];
		*b = node->args[0];
	}
	else if (FkFuseIsOp(node, FK_FN_SUB, FK_FSH_VS) &&
			 node->args[1]->kind == FK_NODE_SCALAR &&
			 !isnan(node->args[1]->dval))
	{
		/* t - c is t + -c (for a constant c that is no NaN) */
		FkFuseNode *negc = palloc0(sizeof(FkFuseNode));

		negc->kind = FK_NODE_SCALAR;
		negc->dval = -node->args[1]->dval;
		m = node->args[0];
		*b = negc;
	}
	else
		return false;
	if (FkFuseIsOp(m, FK_FN_MUL, FK_FSH_VS))
	{
		*t = m->args[0];
		*a = m->args[1];
		return true;
	}
	if (FkFuseIsOp(m, FK_FN_MUL, FK_FSH_SV))
	{
		*t = m->args[1];
		*a = m->args[0];
		return true;
	}
	return false;
}

/* A new expression node of the evaluator, no operands yet */
static FkFuseExpr *
FkFuseNewExpr(FkFuseExec *ex, int op)
{
	FkFuseExpr *e = &ex->exprs[ex->nexprs++];

	e->op = op;
	e->a = e->b = e->lag = -1;
	e->x = e->y = NULL;
	return e;
}

static FkFuseExpr *FkFuseLower(FkFuseExec *ex, const FkFuseNode *node);

/*
 * (t * a) + b as one instruction: the fused kernel of t when t is x - y,
 * ln(x) or dlog(x, lag), else scale_add of t.  Each gives the bits of the
 * chain it replaces (kernels.h), and only runs when no argument is NULL.
 */
static FkFuseExpr *
FkFuseLowerAffine(FkFuseExec *ex, const FkFuseNode *t, const FkFuseNode *a,
				  const FkFuseNode *b)
{
	FkFuseExpr *e;

	if (FkFuseIsOp(t, FK_FN_SUB, FK_FSH_VV))
	{
		e = FkFuseNewExpr(ex, FK_KOP_SUB_MUL_ADD);
		e->x = FkFuseLower(ex, t->args[0]);
		e->y = FkFuseLower(ex, t->args[1]);
	}
	else if (FkFuseIsOp(t, FK_FN_LN, FK_FSH_COUNT))
	{
		e = FkFuseNewExpr(ex, FK_KOP_LN_SCALE_ADD);
		e->x = FkFuseLower(ex, t->args[0]);
	}
	else if (FkFuseIsOp(t, FK_FN_DLOG, FK_FSH_COUNT))
	{
		e = FkFuseNewExpr(ex, FK_KOP_DLOG_SCALE_ADD);
		e->x = FkFuseLower(ex, t->args[0]);
		e->lag = FkFuseSlot(ex->lags, &ex->prog.nlags, t->args[1]);
	}
	else
	{
		e = FkFuseNewExpr(ex, FK_KOP_SCALE_ADD);
		e->x = FkFuseLower(ex, t);
	}
	e->a = FkFuseSlot(ex->slots, &ex->prog.nslots, a);
	e->b = FkFuseSlot(ex->slots, &ex->prog.nslots, b);
	return e;
}

/* The evaluator's expression for the tree under node */
static FkFuseExpr *
FkFuseLower(FkFuseExec *ex, const FkFuseNode *node)
{
	FkFuseExpr *e;
	int			nv = 0,
				ns = 0;
	const FkFuseNode *vec[2] = {NULL, NULL};
	const FkFuseNode *sc[2] = {NULL, NULL};
	const FkFuseNode *lag = NULL;
	const FkFuseNode *t,
			   *a,
			   *b;
	const char *kinds;

	if (node->kind == FK_NODE_INPUT)
	{
		/* one input vector per argument, viewed once however often used */
		e = FkFuseNewExpr(ex, FK_FEXPR_INPUT);
		for (e->input = 0; e->input < ex->prog.ninputs; e->input++)
			if (ex->vecarg[e->input] == node->input)
				return e;
		ex->vecarg[ex->prog.ninputs++] = node->input;
		return e;
	}
	if (FkFuseMatchAffine(node, &t, &a, &b))
		return FkFuseLowerAffine(ex, t, a, b);

	kinds = FkFuseShapeKinds(node->shape);
	for (int i = 0; i < node->nargs; i++)
	{
		if (kinds[i] == 'v')
			vec[nv++] = node->args[i];
		else if (kinds[i] == 's')
			sc[ns++] = node->args[i];
		else
			lag = node->args[i];
	}
	e = FkFuseNewExpr(ex, FkFuseCoreOp(node->fn, node->shape));
	e->x = FkFuseLower(ex, vec[0]);
	if (vec[1])
		e->y = FkFuseLower(ex, vec[1]);
	if (sc[0])
		e->a = FkFuseSlot(ex->slots, &ex->prog.nslots, sc[0]);
	if (sc[1])
		e->b = FkFuseSlot(ex->slots, &ex->prog.nslots, sc[1]);
	if (lag)
		e->lag = FkFuseSlot(ex->lags, &ex->prog.nlags, lag);
	return e;
}

/* Parse and compile the program of this call, or reuse the cached one */
static FkFuseExec *
FkFuseExecGet(FunctionCallInfo fcinfo, int vtype)
{
	FkFuseExec *ex = (FkFuseExec *) fcinfo->flinfo->fn_extra;
	char	   *src = TextDatumGetCString(PG_GETARG_DATUM(0));
	MemoryContext old;
	int			nargs = PG_NARGS() - 1;
	char	   *kinds;
	char	   *error;
	FkFuseExpr *top;
	int			ninputs,
				nslots,
				nlags;

	if (ex != NULL && ex->vtype == vtype && ex->nargs == nargs &&
		strcmp(ex->text, src) == 0)
		return ex;

	old = MemoryContextSwitchTo(fcinfo->flinfo->fn_mcxt);
	ex = palloc0(sizeof(FkFuseExec));
	ex->text = pstrdup(src);
	ex->vtype = vtype;
	ex->nargs = nargs;
	kinds = palloc(nargs + 1);
	for (int i = 0; i < nargs; i++)
	{
		Oid			typid = get_fn_expr_argtype(fcinfo->flinfo, i + 1);

		if (!OidIsValid(typid))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("could not determine the argument types of the fused evaluation")));
		kinds[i] = FkFuseArgKind(typid, vtype);
	}
	kinds[nargs] = '\0';
	ex->root = FkFuseParse(src, kinds, nargs, &error);
	if (ex->root == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid fused program \"%s\"", src),
				 errdetail("%s.", error)));

	top = FkFuseLower(ex, ex->root);
	ninputs = ex->prog.ninputs;
	nslots = ex->prog.nslots;
	nlags = ex->prog.nlags;
	if (!FkFuseCompile(top, &ex->prog, ninputs, nslots, nlags))
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("fused program \"%s\" is too large", src)));
	MemoryContextSwitchTo(old);
	fcinfo->flinfo->fn_extra = ex;
	return ex;
}

/* Value of argument i (from 0, after the program) */
#define FK_ARG(i) PG_GETARG_DATUM((i) + 1)

/* Evaluate the tree under node unfused, as the executor would */
static Datum
FkFuseSlowNode(FunctionCallInfo fcinfo, FkFuseExec *ex,
			   const FkFuseNode *node, bool *isnull)
{
	LOCAL_FCINFO(call, FK_FUSE_MAX_ARGS);
	FmgrInfo	flinfo;
	Datum		args[FK_FUSE_MAX_ARGS];
	bool		nulls[FK_FUSE_MAX_ARGS];
	bool		anynull = false;
	Oid			funcid;
	Datum		result;

	*isnull = false;
	switch (node->kind)
	{
		case FK_NODE_INPUT:
			*isnull = PG_ARGISNULL(node->input + 1);
			return *isnull ? (Datum) 0 : FK_ARG(node->input);
		case FK_NODE_SCALAR:
			return Float8GetDatum(node->dval);
		case FK_NODE_LAG:
			return Int32GetDatum(node->ival);
		case FK_NODE_OP:
			break;
	}

	check_stack_depth();
	/* every argument first, left to right; then strictness */
	for (int i = 0; i < node->nargs; i++)
	{
		args[i] = FkFuseSlowNode(fcinfo, ex, node->args[i], &nulls[i]);
		anynull |= nulls[i];
	}
	if (anynull)
	{
		*isnull = true;
		return (Datum) 0;
	}
	funcid = FkFuseFuncOid(node->fn, node->shape, ex->vtype);
	if (!OidIsValid(funcid))
		elog(ERROR, "fusekern: no function for operation \"%s\"",
			 FkFnName(node->fn));
	fmgr_info(funcid, &flinfo);
	InitFunctionCallInfoData(*call, &flinfo, node->nargs, InvalidOid, NULL, NULL);
	for (int i = 0; i < node->nargs; i++)
	{
		call->args[i].value = args[i];
		call->args[i].isnull = false;
	}
	result = FunctionCallInvoke(call);
	*isnull = call->isnull;
	return result;
}

/* The whole call evaluated unfused */
static Datum
FkFuseSlow(FunctionCallInfo fcinfo, FkFuseExec *ex)
{
	bool		isnull;
	Datum		result;

	elog(DEBUG1, "fusekern: fused program \"%s\" evaluated unfused", ex->text);
	result = FkFuseSlowNode(fcinfo, ex, ex->root, &isnull);

	if (isnull)
		PG_RETURN_NULL();
	return result;
}

/* What the fault check of a block needs besides the block */
typedef struct FkFuseCheckState
{
	const FkCheckTable *checks;
} FkFuseCheckState;

/* Run one fault check over a block; true when it finds a fault */
static bool
FkFuseFind(const FkCheckTable *checks, FkCheckOp op, const double *x,
		   const double *y, const double *r, double a, double b,
		   const uint64_t *valid, size_t n)
{
	FkCheck		chk;
	FkFaultHit	hit;

	chk.op = op;
	chk.x = x;
	chk.y = y;
	chk.r = r;
	chk.a = a;
	chk.b = b;
	return checks->find(&chk, valid, 0, n, &hit);
}

/* The check of each op of the evaluator, for the ops checked alike */
static const FkCheckOp fk_fuse_check_of[FK_KOP_COUNT] = {
	[FK_KOP_LN] = FK_CHECK_LN,
	[FK_KOP_EXP] = FK_CHECK_EXP,
	[FK_KOP_SQRT] = FK_CHECK_SQRT,
	[FK_KOP_ADD] = FK_CHECK_ADD,
	[FK_KOP_SUB] = FK_CHECK_ADD,
	[FK_KOP_MUL] = FK_CHECK_MUL,
	[FK_KOP_DIV] = FK_CHECK_DIV,
	[FK_KOP_ADD_S] = FK_CHECK_ADD_S,
	[FK_KOP_SUB_S] = FK_CHECK_ADD_S,
	[FK_KOP_RSUB_S] = FK_CHECK_ADD_S,
	[FK_KOP_MUL_S] = FK_CHECK_MUL_S,
	[FK_KOP_DIV_S] = FK_CHECK_DIV_S,
	[FK_KOP_RDIV_S] = FK_CHECK_RDIV_S,
	[FK_KOP_SCALE_ADD] = FK_CHECK_SCALE_ADD,
	[FK_KOP_SUB_MUL_ADD] = FK_CHECK_SUB_MUL_ADD,
	/* y is the operand lag elements back: x - y */
	[FK_KOP_DIFF] = FK_CHECK_ADD,
};

/*
 * The evaluator's check callback: the checks the unfused functions run,
 * applied to each operation over the block.  Any fault stops the fused
 * evaluation; the unfused one then reports it (or, with
 * fusekern.domain_error = null, turns it into NULLs) exactly as it would.
 */
static bool
FkFuseCheckBlock(void *arg, const FkFuseCheck *ck)
{
	const FkCheckTable *checks = ((FkFuseCheckState *) arg)->checks;
	FkKernelOp	op = (FkKernelOp) ck->ins->op;

	switch (op)
	{
		case FK_KOP_ABS:
		case FK_KOP_NEG:
			return false;
		case FK_KOP_LN_SCALE_ADD:
		case FK_KOP_DLOG:
		case FK_KOP_DLOG_SCALE_ADD:

			/*
			 * ln of every present operand; a difference of logarithms cannot
			 * fault, and (t * a) + b after one only for extreme a or b,
			 * where the unfused evaluation decides
			 */
			if (FkFuseFind(checks, FK_CHECK_LN, ck->x, NULL, NULL, 0, 0,
						   ck->xvalid, ck->n))
				return true;
			return op != FK_KOP_DLOG && !FkScaleAddSafeAfterLn(ck->a, ck->b);
		default:
			return FkFuseFind(checks, fk_fuse_check_of[op], ck->x, ck->y,
							  ck->out, ck->a, ck->b, ck->valid, ck->n);
	}
}

/* fused_eval and fused_eval_nvec: one pass of the program over the inputs */
static Datum
FkFusedEval(FunctionCallInfo fcinfo, int vtype)
{
	FkFuseExec *ex;
	FkFuseProgram *prog;
	FkFuseInput *inputs;
	double	   *slots;
	size_t	   *lags;
	int32		len = -1;
	FkVecResult res;
	FkFuseRun	run;
	FkFuseCheckState cs;
	void	   *workspace;
	bool		stopped = false;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	ex = FkFuseExecGet(fcinfo, vtype);
	prog = &ex->prog;
	for (int i = 0; i < ex->nargs; i++)
		if (PG_ARGISNULL(i + 1))
			return FkFuseSlow(fcinfo, ex);

	inputs = palloc(sizeof(FkFuseInput) * Max(prog->ninputs, 1));
	for (int k = 0; k < prog->ninputs; k++)
	{
		FkVecView	view;
		Datum		d = FK_ARG(ex->vecarg[k]);

		if (vtype == FK_VT_ARRAY)
		{
			ArrayType  *arr = DatumGetArrayTypeP(d);

			if (ARR_NDIM(arr) > 1 || ARR_ELEMTYPE(arr) != FLOAT8OID)
				return FkFuseSlow(fcinfo, ex);
			FkViewArray(arr, &view);
		}
		else
			FkViewNVec(DatumGetNVecP(d), &view);
		if (len >= 0 && view.len != len)
			return FkFuseSlow(fcinfo, ex);
		len = view.len;
		inputs[k].values = view.values;
		inputs[k].valid = view.valid;
	}

	slots = palloc(sizeof(double) * Max(prog->nslots, 1));
	for (int s = 0; s < prog->nslots; s++)
		slots[s] = ex->slots[s].arg < 0 ? ex->slots[s].dval :
			DatumGetFloat8(FK_ARG(ex->slots[s].arg));
	lags = palloc(sizeof(size_t) * Max(prog->nlags, 1));
	for (int l = 0; l < prog->nlags; l++)
	{
		int32		lag = ex->lags[l].arg < 0 ? ex->lags[l].ival :
			DatumGetInt32(FK_ARG(ex->lags[l].arg));

		if (lag < 0)
			return FkFuseSlow(fcinfo, ex);
		lags[l] = (size_t) lag;
	}

	FkResultInit(&res, vtype == FK_VT_NVEC, len,
				 FkFuseMayHaveNulls(prog, inputs));
	memset(&run, 0, sizeof(run));
	run.prog = prog;
	run.kt = FkKernels();
	run.n = (size_t) len;
	run.inputs = inputs;
	run.slots = slots;
	run.lags = lags;
	run.out = res.values;
	run.outvalid = res.valid;
	cs.checks = FkChecks();
	run.check = FkFuseCheckBlock;
	run.check_arg = &cs;
	workspace = palloc(FkFuseWorkspaceSize(prog, lags, run.n));
	FkFuseBegin(&run, workspace);
	for (size_t start = 0; start < run.n; start += FK_FUSE_BLOCK)
	{
		CHECK_FOR_INTERRUPTS();
		if (FkFuseRunBlock(&run, start))
		{
			stopped = true;
			break;
		}
	}
	pfree(workspace);
	if (stopped)
		return FkFuseSlow(fcinfo, ex);
	return FkResultFinish(&res);
}

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
