/*
 * pg_fuse.c
 *		Fusion at plan time: the planner support function of every fusekern
 *		elementwise operation, and the fusekern.enable_fusion GUC.
 *
 * SupportRequestSimplify runs bottom-up during constant folding, so when an
 * operation's support function is called its arguments are already
 * simplified: a nested fusekern call is either a single operation or a
 * call that fused before (a named fused kernel, or a fused evaluation whose
 * program text is parsed back).  The support function builds the tree of
 * operations under the call, with every argument that is no fusekern
 * operation as a leaf input (kept as it is, evaluated once), and replaces
 * the call with
 *	 - a named fused kernel (dlog_scale_add, ln_scale_add, sub_mul_add) when
 *	   the tree is one of their patterns over leaf inputs, or
 *	 - fused_eval('<program>', inputs ...) for any other tree of two or more
 *	   operations.
 * A call with an on_error argument fuses when that argument is a constant
 * (the program shows 'null' per operation, see pg_fuse_text.c); with any
 * other expression there, the call stays as it is, and so do the calls it
 * is nested in (the calls under it still fuse).  A named kernel stands
 * for a chain whose operations all have the same on_error.
 * Only rewrites that give the same bits are made: (t * a) + b is what
 * scale_add, dlog_scale_add, ln_scale_add and sub_mul_add compute, t * a
 * alone is (t * a) + -0 (adding -0 changes no value, not even -0), and
 * x - c is x + -c.  Named kernels take only constant scalars (see
 * FkFuseNamed); the fused evaluation finds the same kernels in its program
 * when it runs (pg_fuse_exec.c).
 */
#include "postgres.h"

#include <math.h>

#include "catalog/pg_collation.h"
#include "catalog/pg_type.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "miscadmin.h"
#include "nodes/supportnodes.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/lsyscache.h"

#include "core/fuse_program.h"
#include "pg_fuse.h"

PG_FUNCTION_INFO_V1(fusekern_support);

bool		fk_enable_fusion = true;

/* Define fusekern.enable_fusion (from _PG_init) */
void
FkFuseInitGucs(void)
{
	DefineCustomBoolVariable("fusekern.enable_fusion",
							 "Fuses nested fusekern calls into single-pass kernels at plan time.",
							 "When off, every fusekern call runs on its own, materializing its result.",
							 &fk_enable_fusion,
							 true,
							 PGC_USERSET,
							 0,
							 NULL, NULL, NULL);
	FkFuseCatalogInit();
}

/* State of building the tree under one call */
typedef struct FkFuseBuild
{
	int			vtype;
	bool		failed;
} FkFuseBuild;

static FkFuseNode *FkFuseBuildOp(FkFuseBuild *b, const FkFuncInfo *info,
								 List *args);

/* A leaf input standing for expr */
static FkFuseNode *
FkFuseLeaf(Node *expr, char kind)
{
	FkFuseNode *node = palloc0(sizeof(FkFuseNode));

	node->kind = FK_NODE_INPUT;
	node->argkind = kind;
	node->expr = expr;
	return node;
}

/*
 * Point the inputs of a parsed program at the arguments of its call; false
 * unless the arguments are first used in order (as the planner writes
 * programs), so that none is dropped.
 */
static bool
FkFuseGraft(FkFuseNode *node, List *args, int *next)
{
	if (node->kind == FK_NODE_INPUT)
	{
		if (node->input > *next)
			return false;
		if (node->input == *next)
			(*next)++;
		node->expr = (Node *) list_nth(args, node->input);
		return true;
	}
	for (int i = 0; node->kind == FK_NODE_OP && i < node->nargs; i++)
		if (!FkFuseGraft(node->args[i], args, next))
			return false;
	return true;
}

/* The tree of a fused evaluation call, or NULL if it cannot be reused */
static FkFuseNode *
FkFuseFromEval(FkFuseBuild *b, FuncExpr *call)
{
	Const	   *prog;
	List	   *args;
	char	   *kinds;
	char	   *error;
	int			n,
				next = 0;
	FkFuseNode *root;

	if (list_length(call->args) < 1 || !IsA(linitial(call->args), Const))
		return NULL;
	prog = linitial_node(Const, call->args);
	if (prog->constisnull || prog->consttype != TEXTOID)
		return NULL;
	args = list_copy_tail(call->args, 1);
	n = list_length(args);
	kinds = palloc(n + 1);
	for (int i = 0; i < n; i++)
		kinds[i] = FkFuseArgKind(exprType(list_nth(args, i)), b->vtype);
	kinds[n] = '\0';
	root = FkFuseParse(TextDatumGetCString(prog->constvalue), kinds, n, &error);
	if (root == NULL || !FkFuseGraft(root, args, &next) || next != n)
		return NULL;
	return root;
}

/*
 * Is arg a constant on_error ('error' or 'null')?  Then *to_null says
 * which.  Any other value is left to the function to refuse when it runs.
 */
static bool
FkFuseConstMode(Node *arg, bool *to_null)
{
	Const	   *c;
	char	   *mode;

	if (!IsA(arg, Const))
		return false;
	c = (Const *) arg;
	if (c->constisnull || c->consttype != TEXTOID)
		return false;
	mode = TextDatumGetCString(c->constvalue);
	*to_null = strcmp(mode, "null") == 0;
	return *to_null || strcmp(mode, "error") == 0;
}

/* Can a call of info over args fuse (a constant on_error, if it has one)? */
static bool
FkFuseCallFusable(const FkFuncInfo *info, List *args)
{
	bool		to_null;

	return !info->on_error ||
		(args != NIL && FkFuseConstMode(llast(args), &to_null));
}

/* The tree for one argument of an operation, of kind 'v', 's' or 'l' */
static FkFuseNode *
FkFuseBuildArg(FkFuseBuild *b, Node *arg, char kind)
{
	FkFuseNode *node;

	if (kind == 'v')
	{
		FkFuncInfo	info;
		Oid			funcid = InvalidOid;
		List	   *args = NIL;

		if (IsA(arg, FuncExpr))
		{
			funcid = ((FuncExpr *) arg)->funcid;
			args = ((FuncExpr *) arg)->args;
		}
		else if (IsA(arg, OpExpr))
		{
			funcid = get_opcode(((OpExpr *) arg)->opno);
			args = ((OpExpr *) arg)->args;
		}
		if (OidIsValid(funcid))
		{
			if (FkFuseLookupFunc(funcid, &info) && info.vtype == b->vtype)
			{
				/*
				 * A call whose on_error is no constant stays a call, and so
				 * do the calls around it: as an input of a fused call it
				 * would run before operations left of it, whose errors come
				 * first unfused
				 */
				if (!FkFuseCallFusable(&info, args))
				{
					b->failed = true;
					return FkFuseLeaf(arg, 'v');
				}
				return FkFuseBuildOp(b, &info, args);
			}
			if (IsA(arg, FuncExpr) && FkFuseEvalVtype(funcid) == b->vtype &&
				(node = FkFuseFromEval(b, (FuncExpr *) arg)) != NULL)
				return node;
		}
		return FkFuseLeaf(arg, 'v');
	}
	if (IsA(arg, Const) && !((Const *) arg)->constisnull)
	{
		Const	   *c = (Const *) arg;

		node = palloc0(sizeof(FkFuseNode));
		if (kind == 's' && c->consttype == FLOAT8OID)
		{
			node->kind = FK_NODE_SCALAR;
			node->dval = DatumGetFloat8(c->constvalue);
			return node;
		}
		if (kind == 'l' && c->consttype == INT4OID)
		{
			node->kind = FK_NODE_LAG;
			node->ival = DatumGetInt32(c->constvalue);
			return node;
		}
	}
	return FkFuseLeaf(arg, kind);
}

/* The tree of an operation info applied to args */
static FkFuseNode *
FkFuseBuildOp(FkFuseBuild *b, const FkFuncInfo *info, List *args)
{
	const char *kinds = FkFuseShapeKinds(info->shape);
	int			nargs = (int) strlen(kinds);
	FkFuseNode *node;

	check_stack_depth();
	if (list_length(args) != nargs + (info->on_error ? 1 : 0))
	{
		b->failed = true;
		return FkFuseLeaf(NULL, 'v');
	}
	node = palloc0(sizeof(FkFuseNode));
	node->kind = FK_NODE_OP;
	node->fn = info->fn;
	node->shape = info->shape;
	node->nargs = nargs;
	if (info->on_error && !FkFuseConstMode(llast(args), &node->to_null))
		b->failed = true;
	for (int i = 0; i < nargs; i++)
		node->args[i] = FkFuseBuildArg(b, (Node *) list_nth(args, i), kinds[i]);
	return node;
}

/* A new operation node over args */
static FkFuseNode *
FkFuseMakeOp(FkFn fn, FkFuseShape shape, bool to_null, int nargs,
			 FkFuseNode **args)
{
	FkFuseNode *node = palloc0(sizeof(FkFuseNode));

	node->kind = FK_NODE_OP;
	node->fn = fn;
	node->shape = shape;
	node->to_null = to_null;
	node->nargs = nargs;
	for (int i = 0; i < nargs; i++)
		node->args[i] = args[i];
	return node;
}

/* A float8 constant leaf */
static FkFuseNode *
FkFuseMakeScalar(double d)
{
	FkFuseNode *node = palloc0(sizeof(FkFuseNode));

	node->kind = FK_NODE_SCALAR;
	node->dval = d;
	return node;
}

/* Is node the float8 constant -0? */
static bool
FkFuseIsNegZero(const FkFuseNode *node)
{
	return node->kind == FK_NODE_SCALAR && node->dval == 0.0 &&
		signbit(node->dval);
}

/*
 * Is node a named fused kernel whose b is the constant -0, with on_error
 * to_null?
 */
static bool
FkKernelOpenEnded(const FkFuseNode *node, bool to_null)
{
	if (node->kind != FK_NODE_OP || node->to_null != to_null)
		return false;
	if (node->fn == FK_FN_LN_SCALE_ADD)
		return FkFuseIsNegZero(node->args[2]);
	if (node->fn == FK_FN_DLOG_SCALE_ADD || node->fn == FK_FN_SUB_MUL_ADD)
		return FkFuseIsNegZero(node->args[3]);
	return false;
}

/* A copy of named kernel k with its b replaced */
static FkFuseNode *
FkFuseWithB(const FkFuseNode *k, FkFuseNode *b)
{
	FkFuseNode *node = palloc(sizeof(FkFuseNode));

	*node = *k;
	node->args[node->nargs - 1] = b;
	return node;
}

/*
 * scale_add(t, a, b) with on_error to_null as a named fused kernel when t
 * is dlog, ln or x - y with the same on_error
 */
static FkFuseNode *
FkFuseScaleAdd(FkFuseNode *t, FkFuseNode *a, FkFuseNode *b, bool to_null)
{
	FkFuseNode *args[4];

	if (t->kind != FK_NODE_OP || t->to_null != to_null)
		return NULL;
	if (t->fn == FK_FN_DLOG)
	{
		args[0] = t->args[0];
		args[1] = t->args[1];
		args[2] = a;
		args[3] = b;
		return FkFuseMakeOp(FK_FN_DLOG_SCALE_ADD, FK_FSH_VLSS, to_null, 4, args);
	}
	if (t->fn == FK_FN_LN)
	{
		args[0] = t->args[0];
		args[1] = a;
		args[2] = b;
		return FkFuseMakeOp(FK_FN_LN_SCALE_ADD, FK_FSH_VSS, to_null, 3, args);
	}
	if (t->fn == FK_FN_SUB && t->shape == FK_FSH_VV)
	{
		args[0] = t->args[0];
		args[1] = t->args[1];
		args[2] = a;
		args[3] = b;
		return FkFuseMakeOp(FK_FN_SUB_MUL_ADD, FK_FSH_VVSS, to_null, 4, args);
	}
	return NULL;
}

/* Is node a float8 constant (so never NULL when the call runs)? */
static bool
FkFuseIsConst(const FkFuseNode *node)
{
	return node->kind == FK_NODE_SCALAR;
}

/*
 * The root rewritten into a named fused kernel when it is one of their
 * patterns (whatever its vector arguments), else NULL.  float8 * vector is
 * computed as vector * float8 and float8 + vector as vector + float8 by the
 * unfused operators, so both spellings fuse.
 *
 * The scalars the rewrite moves into the kernel must be constants: were one
 * NULL when the query runs, the unfused chain would still evaluate its inner
 * call (and raise its errors) before giving NULL, while the kernel, STRICT,
 * would give NULL at once.  With parameters or columns there, the tree stays
 * a fused evaluation (which keeps that order and still runs the kernel).
 */
static FkFuseNode *
FkFuseNamed(FkFuseNode *root)
{
	FkFuseNode *k;

	if (root->kind != FK_NODE_OP)
		return NULL;
	switch (root->fn)
	{
		case FK_FN_SCALE_ADD:
			if (!FkFuseIsConst(root->args[1]) || !FkFuseIsConst(root->args[2]))
				return NULL;
			return FkFuseScaleAdd(root->args[0], root->args[1], root->args[2],
								  root->to_null);
		case FK_FN_MUL:
			if (root->shape == FK_FSH_VS && FkFuseIsConst(root->args[1]))
				return FkFuseScaleAdd(root->args[0], root->args[1],
									  FkFuseMakeScalar(-0.0), root->to_null);
			if (root->shape == FK_FSH_SV && FkFuseIsConst(root->args[0]))
				return FkFuseScaleAdd(root->args[1], root->args[0],
									  FkFuseMakeScalar(-0.0), root->to_null);
			return NULL;
		case FK_FN_ADD:
			if (root->shape == FK_FSH_VS &&
				FkKernelOpenEnded(root->args[0], root->to_null) &&
				FkFuseIsConst(root->args[1]))
				return FkFuseWithB(root->args[0], root->args[1]);
			if (root->shape == FK_FSH_SV &&
				FkKernelOpenEnded(root->args[1], root->to_null) &&
				FkFuseIsConst(root->args[0]))
				return FkFuseWithB(root->args[1], root->args[0]);
			return NULL;
		case FK_FN_SUB:
			/* x - c is x + -c, but for the sign of a NaN c */
			k = root->args[0];
			if (root->shape == FK_FSH_VS && FkKernelOpenEnded(k, root->to_null) &&
				FkFuseIsConst(root->args[1]) && !isnan(root->args[1]->dval))
				return FkFuseWithB(k, FkFuseMakeScalar(-root->args[1]->dval));
			return NULL;
		default:
			return NULL;
	}
}

/*
 * May two leaves with equal expressions share one input?  Columns,
 * parameters and constants: they have no side effects, and reading a
 * vector once saves detoasting it twice.
 */
static bool
FkFuseShareable(Node *expr)
{
	while (IsA(expr, RelabelType))
		expr = (Node *) ((RelabelType *) expr)->arg;
	return IsA(expr, Var) || IsA(expr, Param) || IsA(expr, Const);
}

/*
 * Number the leaf inputs under node in evaluation order, appending their
 * expressions to *inputs.  A leaf whose expression is one already there
 * (the same node, or an equal column, parameter or constant) reuses it.
 */
static void
FkFuseNumberInputs(FkFuseNode *node, List **inputs)
{
	if (node->kind == FK_NODE_INPUT)
	{
		ListCell   *lc;

		foreach(lc, *inputs)
		{
			Node	   *prev = (Node *) lfirst(lc);

			if (prev == node->expr ||
				(FkFuseShareable(prev) && equal(prev, node->expr)))
			{
				node->input = foreach_current_index(lc);
				return;
			}
		}
		node->input = list_length(*inputs);
		*inputs = lappend(*inputs, node->expr);
	}
	for (int i = 0; node->kind == FK_NODE_OP && i < node->nargs; i++)
		FkFuseNumberInputs(node->args[i], inputs);
}

/* Are all vector arguments of node leaf inputs? */
static bool
FkFuseOverLeaves(const FkFuseNode *node)
{
	for (int i = 0; i < node->nargs; i++)
		if (node->args[i]->kind == FK_NODE_OP)
			return false;
	return true;
}

/* The expression for a leaf (an input's expression, or a Const) */
static Node *
FkFuseLeafExpr(const FkFuseNode *node)
{
	switch (node->kind)
	{
		case FK_NODE_INPUT:
			return node->expr;
		case FK_NODE_SCALAR:
			return (Node *) makeConst(FLOAT8OID, -1, InvalidOid, sizeof(float8),
									  Float8GetDatum(node->dval), false,
									  FLOAT8PASSBYVAL);
		case FK_NODE_LAG:
			return (Node *) makeConst(INT4OID, -1, InvalidOid, sizeof(int32),
									  Int32GetDatum(node->ival), false, true);
		case FK_NODE_OP:
			break;
	}
	elog(ERROR, "fusekern: operation where a leaf was expected");
	return NULL;
}

/* The call of named kernel k over its leaves, or NULL if it does not exist */
static Expr *
FkFuseNamedCall(const FkFuseNode *k, int vtype)
{
	Oid			funcid = FkFuseFuncOid(k->fn, k->shape, vtype, k->to_null);
	List	   *args = NIL;

	if (!OidIsValid(funcid))
		return NULL;
	for (int i = 0; i < k->nargs; i++)
		args = lappend(args, FkFuseLeafExpr(k->args[i]));
	if (k->to_null)
		args = lappend(args, makeConst(TEXTOID, -1, DEFAULT_COLLATION_OID, -1,
									   CStringGetTextDatum("null"), false, false));
	return (Expr *) makeFuncExpr(funcid, FkFuseVecTypeOid(vtype), args,
								 InvalidOid, InvalidOid, COERCE_EXPLICIT_CALL);
}

/* The fused evaluation of the tree under root, or NULL */
static Expr *
FkFuseEvalCall(FkFuseNode *root, int vtype)
{
	Oid			funcid = FkFuseEvalOid(vtype);
	List	   *inputs = NIL;
	Const	   *prog;

	if (!OidIsValid(funcid) || FkFuseCountOps(root) > FK_FUSE_MAX_INSTR)
		return NULL;
	FkFuseNumberInputs(root, &inputs);
	if (list_length(inputs) + 1 > FUNC_MAX_ARGS)
		return NULL;
	prog = makeConst(TEXTOID, -1, DEFAULT_COLLATION_OID, -1,
					 CStringGetTextDatum(FkFuseDeparse(root)), false, false);
	return (Expr *) makeFuncExpr(funcid, FkFuseVecTypeOid(vtype),
								 lcons(prog, inputs), InvalidOid,
								 InvalidOid, COERCE_EXPLICIT_CALL);
}

/* Planner support: fuse a call of an operation over nested operations */
Datum
fusekern_support(PG_FUNCTION_ARGS)
{
	Node	   *rawreq = (Node *) PG_GETARG_POINTER(0);
	SupportRequestSimplify *req;
	FkFuncInfo	info;
	FkFuseBuild b;
	FkFuseNode *root;
	FkFuseNode *named;
	Expr	   *result = NULL;

	if (!IsA(rawreq, SupportRequestSimplify) || !fk_enable_fusion)
		PG_RETURN_POINTER(NULL);
	req = (SupportRequestSimplify *) rawreq;
	if (!FkFuseLookupFunc(req->fcall->funcid, &info) ||
		!FkFuseCallFusable(&info, req->fcall->args))
		PG_RETURN_POINTER(NULL);

	b.vtype = info.vtype;
	b.failed = false;
	root = FkFuseBuildOp(&b, &info, req->fcall->args);
	if (b.failed || FkFuseCountOps(root) < 2)
		PG_RETURN_POINTER(NULL);

	named = FkFuseNamed(root);
	if (named != NULL && FkFuseOverLeaves(named))
		result = FkFuseNamedCall(named, b.vtype);
	if (result == NULL)
		result = FkFuseEvalCall(named ? named : root, b.vtype);
	PG_RETURN_POINTER(result);
}
