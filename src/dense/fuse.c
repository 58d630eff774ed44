/*
 * fuse.c
 *		Dense chains fused at plan time: the planner support function of
 *		relu and add_bias.
 *
 * Nested calls written out in SQL,
 *
 *		relu(add_bias(matmul(x, w), b) + r)		(or vadd, r on either side)
 *		relu(add_bias(matmul(x, w) + r, b))		(the residual before the bias)
 *		add_bias(matmul(gelu(x), w), b)
 *		relu(add_bias(matmul(x, w), b))			(x one row or a matrix)
 *
 * become one call of linear_residual_relu(x, w, b, r, '<spelling>'),
 * gelu_linear(x, w, b, '<spelling>') or linear_relu(x, w, b, '<spelling>'),
 * the layer calls that stand for a spelling (fuse_exec.c): they give the
 * spelling's results, NULLs and errors, with no intermediate array.
 * SupportRequestSimplify runs bottom-up, so the outer call's support
 * function sees its arguments already simplified and matches the spelling
 * by function OID.
 *
 * The rewrite is made only where nothing else can tell: the fused call
 * evaluates its arguments before any call runs, where the unfused
 * expression evaluates some of them after a call that may raise an error
 * (bias after matmul, say), so every argument evaluated after a call, and
 * every one whose order among the others changes, must be a column, a
 * constant or an external parameter (nothing that can raise an error or do
 * anything).  It honours EXECUTE as elementwise fusion does: the plan holds
 * the fused call only where its user may execute every function of the
 * spelling, the plain layer function (where there is one) and the spelled
 * form (FkFuseHelperAllowed), and the fused call checks the spelling's
 * functions again when it runs.  The plan depends on the spelling's
 * functions, so that a REVOKE on one of them plans it again.
 */
#include "postgres.h"

#include "catalog/pg_collation.h"
#include "catalog/pg_type.h"
#include "nodes/makefuncs.h"
#include "nodes/pathnodes.h"
#include "nodes/supportnodes.h"
#include "optimizer/planmain.h"
#include "utils/builtins.h"

#include "dense/fuse.h"

PG_FUNCTION_INFO_V1(fusekern_dense_support);

/* The spellings, each step in the order the unfused expression calls it */
const FkDenseSpelling FkDenseSpellings[FK_DENSE_NSPELLINGS] = {
	{"relu(vadd(add_bias(matmul(x, w), bias), residual))",
		FK_DFN_LRR_SPELLED, true, 4, {
			{FK_DFN_MATMUL, FK_DOP_X, FK_DOP_W},
			{FK_DFN_ADD_BIAS, FK_DOP_STEP(0), FK_DOP_BIAS},
			{FK_DFN_VADD, FK_DOP_STEP(1), FK_DOP_RESIDUAL},
			{FK_DFN_RELU, FK_DOP_STEP(2), FK_DOP_NONE}}},
	{"relu(vadd(residual, add_bias(matmul(x, w), bias)))",
		FK_DFN_LRR_SPELLED, true, 4, {
			{FK_DFN_MATMUL, FK_DOP_X, FK_DOP_W},
			{FK_DFN_ADD_BIAS, FK_DOP_STEP(0), FK_DOP_BIAS},
			{FK_DFN_VADD, FK_DOP_RESIDUAL, FK_DOP_STEP(1)},
			{FK_DFN_RELU, FK_DOP_STEP(2), FK_DOP_NONE}}},
	{"relu(add_bias(vadd(matmul(x, w), residual), bias))",
		FK_DFN_LRR_SPELLED, false, 4, {
			{FK_DFN_MATMUL, FK_DOP_X, FK_DOP_W},
			{FK_DFN_VADD, FK_DOP_STEP(0), FK_DOP_RESIDUAL},
			{FK_DFN_ADD_BIAS, FK_DOP_STEP(1), FK_DOP_BIAS},
			{FK_DFN_RELU, FK_DOP_STEP(2), FK_DOP_NONE}}},
	{"relu(add_bias(vadd(residual, matmul(x, w)), bias))",
		FK_DFN_LRR_SPELLED, false, 4, {
			{FK_DFN_MATMUL, FK_DOP_X, FK_DOP_W},
			{FK_DFN_VADD, FK_DOP_RESIDUAL, FK_DOP_STEP(0)},
			{FK_DFN_ADD_BIAS, FK_DOP_STEP(1), FK_DOP_BIAS},
			{FK_DFN_RELU, FK_DOP_STEP(2), FK_DOP_NONE}}},
	{"add_bias(matmul(gelu(x), w), bias)",
		FK_DFN_GELU_LINEAR_SPELLED, false, 3, {
			{FK_DFN_GELU, FK_DOP_X, FK_DOP_NONE},
			{FK_DFN_MATMUL, FK_DOP_STEP(0), FK_DOP_W},
			{FK_DFN_ADD_BIAS, FK_DOP_STEP(1), FK_DOP_BIAS}}},
	{"relu(add_bias(matmul(x, w), bias))",
		FK_DFN_LINEAR_RELU_SPELLED, false, 3, {
			{FK_DFN_MATMUL, FK_DOP_X, FK_DOP_W},
			{FK_DFN_ADD_BIAS, FK_DOP_STEP(0), FK_DOP_BIAS},
			{FK_DFN_RELU, FK_DOP_STEP(1), FK_DOP_NONE}}},
};

/* Matching one spelling against an expression */
typedef struct FkDenseMatch
{
	const FkDenseSpelling *sp;
	Node	   *operands[4];	/* FK_DOP_X .. FK_DOP_RESIDUAL */
	int			order[4];		/* operands in unfused evaluation order */
	int			norder;
	bool		call_before[4]; /* a call is made before the operand */
	int			ncalls;			/* calls made so far */
} FkDenseMatch;

/*
 * Does expr compute step i of the spelling (with args for the call when
 * they are already known)?  Records the operands met, in evaluation order.
 */
static bool
FkDenseMatchStep(FkDenseMatch *m, int i, Node *expr, List *args)
{
	const FkDenseStep *st = &m->sp->steps[i];
	int			ops[2] = {st->a, st->b};
	int			nargs = st->b == FK_DOP_NONE ? 1 : 2;
	Oid			funcid;

	if (args == NIL)
	{
		if (!FkFuseCallParts(expr, &funcid, &args) ||
			funcid != FkFuseDenseOid(st->fn))
			return false;
	}
	if (list_length(args) != nargs)
		return false;
	for (int a = 0; a < nargs; a++)
	{
		Node	   *arg = (Node *) list_nth(args, a);

		if (ops[a] >= FK_DOP_STEP(0))
		{
			if (!FkDenseMatchStep(m, ops[a] - FK_DOP_STEP(0), arg, NIL))
				return false;
		}
		else
		{
			m->operands[ops[a]] = arg;
			m->call_before[ops[a]] = m->ncalls > 0;
			m->order[m->norder++] = ops[a];
		}
	}
	m->ncalls++;
	return true;
}

/*
 * Can this argument be evaluated at another point of the expression
 * without anyone seeing it: a column, a constant or an external parameter?
 */
static bool
FkDenseQuietLeaf(Node *expr)
{
	while (IsA(expr, RelabelType))
		expr = (Node *) ((RelabelType *) expr)->arg;
	return IsA(expr, Var) || IsA(expr, Const) ||
		(IsA(expr, Param) && ((Param *) expr)->paramkind == PARAM_EXTERN);
}

/*
 * The fused call evaluates x, w, bias, residual, then the layer: is that
 * the same, to whatever can be seen, as the unfused order?  Any operand
 * evaluated after a call, or out of that order, must be a quiet leaf.
 */
static bool
FkDenseOrderKept(const FkDenseMatch *m)
{
	int			last = -1;

	for (int i = 0; i < m->norder; i++)
	{
		int			op = m->order[i];

		if (FkDenseQuietLeaf(m->operands[op]))
			continue;
		if (m->call_before[op] || op < last)
			return false;
		last = op;
	}
	return true;
}

/*
 * The operands a spelled call takes before its spelling (x, w, bias and,
 * for the residual block, residual), and the plain layer function it stands
 * beside (FK_DFN_COUNT where there is none)
 */
static int
FkDenseTargetOperands(FkDenseFn target, FkDenseFn *plain)
{
	switch (target)
	{
		case FK_DFN_LRR_SPELLED:
			*plain = FK_DFN_LRR;
			return 4;
		case FK_DFN_GELU_LINEAR_SPELLED:
			*plain = FK_DFN_GELU_LINEAR;
			return 3;
		default:
			*plain = FK_DFN_COUNT;
			return 3;
	}
}

/*
 * May the plan hold the fused call of this spelling?  Its user must be
 * allowed every function the call stands for, the layer function it stands
 * beside (if any), and the call itself (FkFuseHelperAllowed: PUBLIC, or the
 * planning user and the plan depends on that user).  The plan is made to
 * depend on those functions.
 */
static bool
FkDenseAllowed(const FkDenseSpelling *sp, PlannerInfo *root)
{
	FkDenseFn	plain;
	Oid			oids[FK_DENSE_MAX_STEPS + 2];
	int			n = 0;

	(void) FkDenseTargetOperands(sp->target, &plain);
	for (int i = 0; i < sp->nsteps; i++)
		oids[n++] = FkFuseDenseOid(sp->steps[i].fn);
	if (plain != FK_DFN_COUNT)
		oids[n++] = FkFuseDenseOid(plain);
	oids[n++] = FkFuseDenseOid(sp->target);
	for (int i = 0; i < n; i++)
		if (!OidIsValid(oids[i]) || !FkFuseHelperAllowed(oids[i], root))
			return false;
	if (root != NULL && root->glob != NULL)
		for (int i = 0; i < n; i++)
			record_plan_function_dependency(root, oids[i]);
	return true;
}

/* The fused call of a matched spelling, in the caller's memory context */
static Expr *
FkDenseFusedCall(const FkDenseMatch *m)
{
	const FkDenseSpelling *sp = m->sp;
	List	   *args = NIL;
	FkDenseFn	plain;
	int			nops = FkDenseTargetOperands(sp->target, &plain);

	for (int i = 0; i < nops; i++)
		args = lappend(args, m->operands[i]);
	args = lappend(args, makeConst(TEXTOID, -1, DEFAULT_COLLATION_OID, -1,
								   CStringGetTextDatum(sp->text), false,
								   false));
	return (Expr *) makeFuncExpr(FkFuseDenseOid(sp->target), FLOAT8ARRAYOID,
								 args, InvalidOid, InvalidOid,
								 COERCE_EXPLICIT_CALL);
}

/* Planner support of relu and add_bias: fuse a dense chain they end */
Datum
fusekern_dense_support(PG_FUNCTION_ARGS)
{
	Node	   *rawreq = (Node *) PG_GETARG_POINTER(0);
	SupportRequestSimplify *req;

	if (!IsA(rawreq, SupportRequestSimplify) || !fk_enable_fusion)
		PG_RETURN_POINTER(NULL);
	req = (SupportRequestSimplify *) rawreq;
	for (int s = 0; s < FK_DENSE_NSPELLINGS; s++)
	{
		const FkDenseSpelling *sp = &FkDenseSpellings[s];
		FkDenseMatch m = {0};

		if (req->fcall->funcid != FkFuseDenseOid(sp->steps[sp->nsteps - 1].fn))
			continue;
		m.sp = sp;
		if (FkDenseMatchStep(&m, sp->nsteps - 1, (Node *) req->fcall,
							 req->fcall->args) &&
			FkDenseOrderKept(&m) && FkDenseAllowed(sp, req->root))
			PG_RETURN_POINTER(FkDenseFusedCall(&m));
	}
	PG_RETURN_POINTER(NULL);
}
