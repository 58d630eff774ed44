/*
 * pg_fuse_tree.c
 *		Fusion at plan time, the library: the tree of operations under a
 *		call (FkFuseBuildOp), the tree of a fused call parsed back
 *		(FkFuseTreeOf), and the fused call written for a tree
 *		(FkFuseEvalCall).  The planner support function (pg_fuse.c), the
 *		error order (pg_fuse_order.c) and the dense chains (dense/fuse.c)
 *		build on it; it calls none of them.
 *
 * A call's arguments that are no fusekern operation are leaf inputs (kept
 * as they are, evaluated once).  A reduction used as a scalar over vectors
 * the rest of the tree reads is part of the tree, and so is core's float8
 * arithmetic on such reductions (FkFuseBuildScalarReduce,
 * FkFuseBuildScalarOp).  Building stops as soon as the tree holds more
 * operations than one program may (FK_FUSE_MAX_INSTR), so that planning
 * stays linear in the size of the expression.
 */
#include "postgres.h"

#include "catalog/pg_collation.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_type.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "miscadmin.h"
#include "nodes/pathnodes.h"
#include "nodes/supportnodes.h"
#include "utils/builtins.h"
#include "utils/fmgroids.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"

#include "core/fuse_program.h"
#include "fuse/pg_fuse.h"
#include "common/pg_on_error.h"

/*
 * Count nops more operations into the tree; past what one program may hold
 * the tree cannot fuse, and building stops.
 */
static bool
FkFuseSpend(FkFuseBuild *b, int nops)
{
	b->nops += nops;
	if (b->nops > FK_FUSE_MAX_INSTR)
		b->failed = true;
	return !b->failed;
}

static FkFuseNode *FkFuseBuildArg(FkFuseBuild *b, Node *arg, char kind);
static FkFuseNode *FkFuseBuildScalarReduce(FkFuseBuild *b, Node *arg);
static FkFuseNode *FkFuseBuildScalarOp(FkFuseBuild *b, Node *arg);
static int	FkFuseArgsVtype(List *args);

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
	for (int i = 0; FkFuseNodeHasArgs(node) && i < node->nargs; i++)
		if (!FkFuseGraft(node->args[i], args, next))
			return false;
	return true;
}

/*
 * Make each reduction used as a scalar in the tree under node (a program
 * parsed back, about to go under a reduction used as a scalar, which
 * cannot hold one) an input again: the call the planner writes for it
 * alone, vmean(x) or fused_reduce('vstddev(dlog(v1, 1))', x).  False when
 * one cannot be.
 */
static bool
FkFuseUnnestReduces(FkFuseBuild *b, FkFuseNode *node)
{
	if (node->kind == FK_NODE_REDUCE)
	{
		List	   *opnds = NIL;
		Expr	   *call;

		for (int i = 0; i < node->nargs; i++)
			if (node->args[i]->kind == FK_NODE_INPUT)
				opnds = lappend(opnds, node->args[i]->expr);
		if (list_length(opnds) == node->nargs)
		{
			MemoryContext old = MemoryContextSwitchTo(b->resultcxt);

			call = (Expr *) makeFuncExpr(FkFuseRedFuncOid(node->rop, b->vtype),
										 FLOAT8OID, list_copy(opnds),
										 InvalidOid, InvalidOid,
										 COERCE_EXPLICIT_CALL);
			MemoryContextSwitchTo(old);
		}
		else
			call = FkFuseEvalCall(node, b->vtype, b->resultcxt, b->planner);
		if (call == NULL)
			return false;
		node->kind = FK_NODE_INPUT;
		node->argkind = 's';
		node->nargs = 0;
		node->expr = (Node *) call;
		return true;
	}
	/* arithmetic on one, parsed back: no call to stand for it */
	if (node->kind == FK_NODE_SCALOP)
		return false;
	for (int i = 0; node->kind == FK_NODE_OP && i < node->nargs; i++)
		if (!FkFuseUnnestReduces(b, node->args[i]))
			return false;
	return true;
}

/*
 * Make each scalar input of a program parsed back that is a reduction the
 * program may compute, or arithmetic on one, part of the tree again: the
 * call it came from had no other use of the vectors the reduction reads
 * (vcov(px, py) / vvar(px) * px, which reads no py outside vcov), the
 * call around it may have (py - vcov(px, py) / vvar(px) * px).  Not under
 * a reduction used as a scalar, which can hold none.
 */
static void
FkFuseExpandScalars(FkFuseBuild *b, FkFuseNode *node)
{
	FkFuseNode *tree;
	int			nops = b->nops;

	check_stack_depth();
	if (node->kind == FK_NODE_INPUT && node->argkind == 's' &&
		node->expr != NULL && !b->failed &&
		((tree = FkFuseBuildScalarReduce(b, node->expr)) != NULL ||
		 (tree = FkFuseBuildScalarOp(b, node->expr)) != NULL))
	{
		/* past the limits of a program, it stays an input */
		if (b->failed)
		{
			b->nops = nops;
			b->failed = false;
			return;
		}
		*node = *tree;
		return;
	}
	for (int i = 0; (node->kind == FK_NODE_OP ||
					 node->kind == FK_NODE_SCALOP) && i < node->nargs; i++)
		FkFuseExpandScalars(b, node->args[i]);
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
	/* under a reduction used as a scalar, its reductions are inputs again */
	if (b->in_reduce > 0 && !FkFuseUnnestReduces(b, root))
		return NULL;
	FkFuseSpend(b, FkFuseCountOps(root));
	/* the operands of a reduction at the root may hold them too */
	if (b->in_reduce == 0 && root->kind == FK_NODE_REDUCE)
		for (int i = 0; i < root->nargs; i++)
			FkFuseExpandScalars(b, root->args[i]);
	else if (b->in_reduce == 0)
		FkFuseExpandScalars(b, root);
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
	text	   *t;
	FkOnError	mode;

	if (!IsA(arg, Const))
		return false;
	c = (Const *) arg;
	if (c->constisnull || c->consttype != TEXTOID)
		return false;
	t = DatumGetTextPP(c->constvalue);
	if (!FkOnErrorParse(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), &mode))
		return false;
	*to_null = mode == FK_ON_ERROR_NULL;
	return true;
}

/*
 * Is this shift(v, k) with a constant k < 0?  A lead cannot stream (output
 * i needs input i - k, not seen yet): it stays a call.
 */
static bool
FkFuseIsLead(const FkFuncInfo *info, List *args)
{
	Node	   *k;

	if (info->reduce || (int) info->op != FK_SOP_SHIFT ||
		list_length(args) != 2)
		return false;
	k = (Node *) lsecond(args);
	return IsA(k, Const) && !((Const *) k)->constisnull &&
		DatumGetInt32(((Const *) k)->constvalue) < 0;
}

/*
 * Can a call of info over args fuse (a constant on_error, if it has one;
 * no lead)?
 */
bool
FkFuseCallFusable(const FkFuncInfo *info, List *args)
{
	bool		to_null;

	if (FkFuseIsLead(info, args))
		return false;
	return !info->on_error ||
		(args != NIL && FkFuseConstMode(llast(args), &to_null));
}

/*
 * The function and the arguments of expr when it is a call (a FuncExpr or
 * an OpExpr); false, leaving them alone, for anything else
 */
bool
FkFuseCallParts(Node *expr, Oid *funcid, List **args)
{
	if (IsA(expr, FuncExpr))
	{
		*funcid = ((FuncExpr *) expr)->funcid;
		*args = ((FuncExpr *) expr)->args;
		return true;
	}
	if (IsA(expr, OpExpr))
	{
		*funcid = get_opcode(((OpExpr *) expr)->opno);
		*args = ((OpExpr *) expr)->args;
		return true;
	}
	return false;
}

/*
 * The tree of arg, a scalar argument of an operation, when it is a
 * reduction of one vector or two returning float8 (vmean(x), vcov(x, y),
 * or a fused_reduce of one, vstddev(dlog(x, 1))) of the tree's vector
 * type, outside any other such one: the fused call computes it in a first
 * phase (docs/fusion.md).  NULL for anything else.
 */
static FkFuseNode *
FkFuseBuildScalarReduce(FkFuseBuild *b, Node *arg)
{
	FkFuncInfo	info;
	Oid			funcid;
	List	   *args;
	FkFuseNode *node = NULL;

	if (b->in_reduce > 0 || !IsA(arg, FuncExpr) ||
		!FkFuseCallParts(arg, &funcid, &args))
		return NULL;
	if (FkFuseLookupFunc(funcid, &info))
	{
		if (info.reduce && info.vtype == b->vtype &&
			FkFuseScalarReduce(info.rop) && FkFuseCallFusable(&info, args))
		{
			b->in_reduce++;
			node = FkFuseBuildOp(b, &info, args);
			b->in_reduce--;
		}
	}
	else if (funcid == FkFuseReduceOid() &&
			 FkFuseArgsVtype(args) == b->vtype)
	{
		node = FkFuseFromEval(b, (FuncExpr *) arg);
		if (node != NULL && (node->kind != FK_NODE_REDUCE ||
							 !FkFuseScalarReduce(node->rop)))
			node = NULL;
		/* the reductions its program uses as scalars: inputs again */
		for (int i = 0; node != NULL && i < node->nargs; i++)
			if (!FkFuseUnnestReduces(b, node->args[i]))
				node = NULL;
	}
	if (node != NULL)
		node->expr = arg;
	return node;
}

/*
 * The tree of arg, a scalar argument of an operation, when it is core's
 * float8 arithmetic (FkScalarOps) over reductions it may compute
 * (FkFuseBuildScalarReduce), constants and other scalars, holding at least
 * one such reduction: px - vmax(px) * 2.  NULL for anything else, which
 * stays an argument of the call, as before.
 */
static FkFuseNode *
FkFuseBuildScalarOp(FkFuseBuild *b, Node *arg)
{
	Oid			funcid;
	List	   *args;
	int			sop;
	int			nops = b->nops;
	FkFuseNode *node;

	if (b->in_reduce > 0 || b->failed ||
		!FkFuseCallParts(arg, &funcid, &args) ||
		(sop = FkFuseScalarOpOf(funcid)) < 0 ||
		list_length(args) != FkScalarOps[sop].nargs)
		return NULL;
	check_stack_depth();
	FkFuseSpend(b, 1);
	node = palloc0(sizeof(FkFuseNode));
	node->kind = FK_NODE_SCALOP;
	node->sop = sop;
	node->nargs = list_length(args);
	node->expr = arg;
	for (int i = 0; i < node->nargs; i++)
		node->args[i] = FkFuseBuildArg(b, (Node *) list_nth(args, i), 's');
	if (b->failed || !FkFuseHoldsReduce(node))
	{
		/* none of it is kept: nothing spent, nothing failed */
		b->nops = nops;
		b->failed = false;
		return NULL;
	}
	return node;
}

/* The tree for one argument of an operation, of kind 'v', 's' or 'l' */
static FkFuseNode *
FkFuseBuildArg(FkFuseBuild *b, Node *arg, char kind)
{
	FkFuseNode *node;

	if (b->failed)
		return FkFuseLeaf(arg, kind);
	if (kind == 'v')
	{
		FkFuncInfo	info;
		Oid			funcid = InvalidOid;
		List	   *args = NIL;

		if (FkFuseCallParts(arg, &funcid, &args) && OidIsValid(funcid))
		{
			if (FkFuseLookupFunc(funcid, &info) && info.vtype == b->vtype &&
				!info.reduce)
			{
				/*
				 * A call whose on_error is no constant (or a lead) stays a
				 * call, an input of the fused call around it; as it runs
				 * before the operations left of it, whose errors come first
				 * unfused, FkFuseKeepErrorOrder keeps those that may fault
				 * out of the program
				 */
				if (!FkFuseCallFusable(&info, args))
					return FkFuseLeaf(arg, 'v');
				node = FkFuseBuildOp(b, &info, args);
				node->expr = arg;
				return node;
			}
			if (IsA(arg, FuncExpr) && FkFuseEvalVtype(funcid) == b->vtype &&
				(node = FkFuseFromEval(b, (FuncExpr *) arg)) != NULL)
			{
				node->expr = arg;
				return node;
			}
		}
		return FkFuseLeaf(arg, 'v');
	}
	if (kind == 's' && ((node = FkFuseBuildScalarReduce(b, arg)) != NULL ||
						(node = FkFuseBuildScalarOp(b, arg)) != NULL))
		return node;
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
FkFuseNode *
FkFuseBuildOp(FkFuseBuild *b, const FkFuncInfo *info, List *args)
{
	const char *kinds = FkShapes[info->shape].kinds;
	int			nargs = (int) strlen(kinds);
	FkFuseNode *node;

	check_stack_depth();
	if (list_length(args) != nargs + (info->on_error ? 1 : 0))
		b->failed = true;
	if (!FkFuseSpend(b, 1))
		return FkFuseLeaf(NULL, 'v');
	node = palloc0(sizeof(FkFuseNode));
	node->kind = info->reduce ? FK_NODE_REDUCE : FK_NODE_OP;
	node->op = info->op;
	node->rop = info->rop;
	node->shape = info->shape;
	node->nargs = nargs;
	if (info->on_error && !FkFuseConstMode(llast(args), &node->to_null))
		b->failed = true;
	for (int i = 0; i < nargs; i++)
	{
		/* the values of a window of a duration are read whole: an input */
		if (i == 0 && !info->reduce && FkOpTime(info->op))
			node->args[i] = FkFuseLeaf((Node *) list_nth(args, i), 'v');
		else
			node->args[i] = FkFuseBuildArg(b, (Node *) list_nth(args, i),
										   kinds[i]);
	}
	return node;
}

/*
 * May two leaves with equal expressions share one input?  Columns,
 * parameters and constants: they have no side effects, and reading a
 * vector once saves detoasting it twice; and an immutable cast of one (a
 * tvec column read as timestamptz[]), which is then decoded once.
 */
static bool
FkFuseShareable(Node *expr)
{
	for (;;)
	{
		if (IsA(expr, RelabelType))
			expr = (Node *) ((RelabelType *) expr)->arg;
		else if (IsA(expr, FuncExpr) &&
				 (((FuncExpr *) expr)->funcformat == COERCE_IMPLICIT_CAST ||
				  ((FuncExpr *) expr)->funcformat == COERCE_EXPLICIT_CAST) &&
				 list_length(((FuncExpr *) expr)->args) == 1 &&
				 func_volatile(((FuncExpr *) expr)->funcid) == PROVOLATILE_IMMUTABLE)
			expr = (Node *) linitial(((FuncExpr *) expr)->args);
		else
			break;
	}
	return IsA(expr, Var) || IsA(expr, Param) || IsA(expr, Const);
}

/* Do the leaf expressions a and b stand for one input of a fused call? */
bool
FkFuseSameInput(Node *a, Node *b)
{
	return a == b || (FkFuseShareable(a) && equal(a, b));
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
			if (FkFuseSameInput((Node *) lfirst(lc), node->expr))
			{
				node->input = foreach_current_index(lc);
				return;
			}
		}
		node->input = list_length(*inputs);
		*inputs = lappend(*inputs, node->expr);
	}
	for (int i = 0; FkFuseNodeHasArgs(node) && i < node->nargs; i++)
		FkFuseNumberInputs(node->args[i], inputs);
}

/*
 * The fused evaluation of the tree under root, or NULL; the call is made in
 * resultcxt, its parts (the inputs' expressions) are the call's arguments.
 * A tree ending in a reduction is a call of fused_reduce, returning float8;
 * that of a position (vargmin, vargmax) is cast to integer, exact for every
 * position.  None when the plan (of planner) could be run by a user who
 * may not execute that function (pg_fuse_acl.c).
 */
Expr *
FkFuseEvalCall(FkFuseNode *root, int vtype, MemoryContext resultcxt,
			   PlannerInfo *planner)
{
	bool		reduce = root->kind == FK_NODE_REDUCE;
	Expr	   *result;
	MemoryContext old;

	result = FkFuseSinkCall(root, reduce ? FkFuseReduceOid() : FkFuseEvalOid(vtype),
							reduce ? FLOAT8OID : FkFuseVecTypeOid(vtype),
							false, NIL, resultcxt, planner);
	if (result == NULL || !reduce || !FkReds[root->rop].position)
		return result;
	old = MemoryContextSwitchTo(resultcxt);
	result = (Expr *) makeFuncExpr(F_INT4_FLOAT8, INT4OID, list_make1(result),
								   InvalidOid, InvalidOid, COERCE_EXPLICIT_CAST);
	MemoryContextSwitchTo(old);
	return result;
}

/* Can evaluating expression e raise an error?  No for a column, a parameter, a constant */
static bool
FkFuseMayRaise(Node *e)
{
	return !(IsA(e, Var) || IsA(e, Param) || IsA(e, Const));
}

/*
 * The call funcid('<program of root>', inputs ..., tail ...) returning
 * rettype (a set when retset), made in resultcxt: a fused evaluation (no
 * tail, FkFuseEvalCall), or a fused pass whose values a sink takes (a
 * resampling, pg_fuse_resample.c), the sink's arguments after the
 * program's.  The unfused call evaluated the sink's
 * first argument before the tree and the rest after it: none but the first
 * may raise an error, and the first only when no input may.  NULL when
 * they might, or when the plan (of planner) could be run by a user who may
 * not execute funcid.
 */
Expr *
FkFuseSinkCall(FkFuseNode *root, Oid funcid, Oid rettype, bool retset,
			   List *tail, MemoryContext resultcxt, PlannerInfo *planner)
{
	List	   *inputs = NIL;
	ListCell   *lc;
	bool		inputs_raise = false;
	char	   *text;
	Const	   *prog;
	FuncExpr   *result;
	MemoryContext old;

	if (!OidIsValid(funcid) || !FkFuseHelperAllowed(funcid, planner))
		return NULL;
	FkFuseNumberInputs(root, &inputs);
	if (list_length(inputs) + list_length(tail) + 1 > FUNC_MAX_ARGS)
		return NULL;
	foreach(lc, inputs)
		inputs_raise |= FkFuseMayRaise((Node *) lfirst(lc));
	foreach(lc, tail)
		if (FkFuseMayRaise((Node *) lfirst(lc)) &&
			(foreach_current_index(lc) > 0 || inputs_raise))
			return NULL;
	text = FkFuseDeparse(root);
	old = MemoryContextSwitchTo(resultcxt);
	prog = makeConst(TEXTOID, -1, DEFAULT_COLLATION_OID, -1,
					 CStringGetTextDatum(text), false, false);
	result = makeFuncExpr(funcid, rettype,
						  lcons(prog, list_concat(list_copy(inputs),
												  list_copy(tail))),
						  InvalidOid, InvalidOid, COERCE_EXPLICIT_CALL);
	result->funcretset = retset;
	MemoryContextSwitchTo(old);
	return (Expr *) result;
}

/* The vector type of the vector arguments among args, or -1 */
static int
FkFuseArgsVtype(List *args)
{
	ListCell   *lc;

	foreach(lc, args)
	{
		Oid			typid = exprType((Node *) lfirst(lc));

		for (int vt = 0; vt < FK_VT_COUNT; vt++)
			if (OidIsValid(typid) && typid == FkFuseVecTypeOid(vt))
				return vt;
	}
	return -1;
}

/*
 * The tree of expr, in the current memory context, when expr is a call of
 * a fusekern operation or reduction with a constant on_error, or a fused
 * call (*vtype is then its vector type); NULL for anything else.  This is
 * how pg_fuse_order.c looks into an input of a fused call.
 */
FkFuseNode *
FkFuseTreeOf(Node *expr, int *vtype)
{
	FkFuncInfo	info;
	FkFuseBuild b;
	FkFuseNode *root;
	Oid			funcid;
	List	   *args;

	if (!FkFuseCallParts(expr, &funcid, &args))
		return NULL;
	/* a position's fused_reduce, cast to integer (FkFuseEvalCall) */
	if (IsA(expr, FuncExpr) && funcid == F_INT4_FLOAT8 &&
		list_length(args) == 1 && IsA(linitial(args), FuncExpr) &&
		((FuncExpr *) linitial(args))->funcid == FkFuseReduceOid())
	{
		expr = (Node *) linitial(args);
		funcid = ((FuncExpr *) expr)->funcid;
		args = ((FuncExpr *) expr)->args;
	}
	b.nops = 0;
	b.in_reduce = 0;
	b.failed = false;
	b.resultcxt = CurrentMemoryContext;
	b.planner = NULL;
	if (FkFuseLookupFunc(funcid, &info))
	{
		bool		to_null;

		if (info.on_error && !FkFuseConstMode(llast(args), &to_null))
			return NULL;
		b.vtype = info.vtype;
		root = FkFuseBuildOp(&b, &info, args);
	}
	else if (IsA(expr, FuncExpr) &&
			 ((b.vtype = FkFuseEvalVtype(funcid)) >= 0 ||
			  (funcid == FkFuseReduceOid() &&
			   (b.vtype = FkFuseArgsVtype(args)) >= 0)))
		root = FkFuseFromEval(&b, (FuncExpr *) expr);
	else
		return NULL;
	if (root == NULL || b.failed)
		return NULL;
	*vtype = b.vtype;
	return root;
}
