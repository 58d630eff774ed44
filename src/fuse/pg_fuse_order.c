/*
 * pg_fuse_order.c
 *		The errors of a fused call come in the order of the unfused calls.
 *
 * The executor evaluates the arguments of a fused call (its inputs: the
 * parts of the tree that are no fusekern operation, a reduction used as a
 * scalar that the program does not compute, a rolling call with min_count,
 * a lead ...) before the call runs
 * its program, while the unfused calls run in argument order: depth first,
 * arguments left to right.  When an input may raise an error and an
 * operation of the program that comes before it in that order may raise
 * one too, a row where both would fault gets the input's error fused and
 * the operation's unfused.  Inside the program the order is kept by
 * construction (pg_fuse_exec.c evaluates unfused when a check fails, and
 * when a reduction the program computes in its first phase would not
 * simply return a value, or core's arithmetic on one would raise an
 * error), so such a reduction, and such arithmetic, is one more operation
 * that may fault; arithmetic whose reductions all become inputs becomes
 * one too (FkFuseBareScalarOps).
 *
 * So before a program is built, each subtree left of a path to an input
 * that may fault must hold no operation that may fault: such a subtree
 * becomes an input of the call itself (the call it was built from, which
 * the executor evaluates, in order, before the inputs to its right), or
 * when its own operation cannot fault, its subtrees do.  What cannot be
 * cut that way (an operation inside a program parsed back) leaves the call
 * unfused.  Whether something may fault is decided from what is known at
 * plan time, erring on the side of "may": the operation's checks with
 * on_error 'error' (ops_catalog.h: ln_first, check; overflows of running,
 * rolling and reducing operations), vectors of different lengths, a lag,
 * window, alpha or clip bounds that are no valid constant, a float8[] read
 * as it comes (it may have more than one dimension); an input may fault
 * unless it is a column, a parameter, a constant, or a call of LEAKPROOF
 * functions (which raise no error that depends on their arguments) or of
 * fusekern operations over such inputs that cannot fault.
 *
 * Planning stays linear: looking into the inputs of one call stops after
 * FK_ORDER_BUDGET nodes (anything not looked at may fault).
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/lsyscache.h"

#include "core/checks.h"
#include "core/fuse_program.h"
#include "fuse/pg_fuse.h"

/* Nodes looked at in the inputs of one call, at most */
#define FK_ORDER_BUDGET (4 * FK_FUSE_MAX_INSTR)

static uint8 FkFuseMark(FkFuseNode *node, int vtype, int *budget);

/*
 * May expr, the value of a vector argument, be a float8[] of more than one
 * dimension (which every fusekern function refuses)?  Not the result of a
 * fusekern call, nor a constant of one dimension.
 */
static bool
FkFuseMayBeMultiDim(Node *expr, int vtype)
{
	FkFuncInfo	info;
	Oid			funcid = InvalidOid;
	List	   *args;

	if (vtype != FK_VT_ARRAY)
		return false;
	while (IsA(expr, RelabelType))
		expr = (Node *) ((RelabelType *) expr)->arg;
	if (IsA(expr, Const))
		return !((Const *) expr)->constisnull &&
			ARR_NDIM(DatumGetArrayTypeP(((Const *) expr)->constvalue)) > 1;
	FkFuseCallParts(expr, &funcid, &args);
	return !OidIsValid(funcid) ||
		!((FkFuseLookupFunc(funcid, &info) && !info.reduce) ||
		  FkFuseEvalVtype(funcid) >= 0);
}

/* Append the expressions of the vector inputs under node to *leaves */
static void
FkFuseVectorLeaves(const FkFuseNode *node, List **leaves)
{
	if (node->kind == FK_NODE_INPUT && node->argkind == 'v')
		*leaves = lappend(*leaves, node->expr);
	for (int i = 0; FkFuseNodeHasArgs(node) && i < node->nargs; i++)
		FkFuseVectorLeaves(node->args[i], leaves);
}

/*
 * Do the vector operands a and b read one input in common?  Then, both
 * computed, they have its length (every operation keeps the length of its
 * operands, and two vectors of different lengths fault first).
 */
static bool
FkFuseShareInput(const FkFuseNode *a, const FkFuseNode *b)
{
	List	   *la = NIL;
	List	   *lb = NIL;
	ListCell   *ca;
	ListCell   *cb;

	FkFuseVectorLeaves(a, &la);
	FkFuseVectorLeaves(b, &lb);
	foreach(ca, la)
		foreach(cb, lb)
			if (FkFuseSameInput((Node *) lfirst(ca), (Node *) lfirst(cb)))
				return true;
	return false;
}

/* Is node a constant lag (window) of at least min? */
static bool
FkFuseLagAtLeast(const FkFuseNode *node, int32 min)
{
	return node->kind == FK_NODE_LAG && node->ival >= min;
}

/*
 * May the operation or reduction at node raise an error of its own, given
 * its arguments (not counting those of the operations under it)?
 */
static bool
FkFuseSelfFaults(const FkFuseNode *node, int vtype)
{
	const char *kinds = FkShapes[node->shape].kinds;
	const FkFuseNode *vec[2] = {NULL, NULL};
	const FkFuseNode *sc[2] = {NULL, NULL};
	int			nv = 0,
				ns = 0;

	/* core's arithmetic: overflow, division by zero, sqrt(-1) ... */
	if (node->kind == FK_NODE_SCALOP)
		return FkScalarOps[node->sop].check != FK_CHECK_NONE;

	for (int i = 0; i < node->nargs; i++)
	{
		const FkFuseNode *arg = node->args[i];

		if (kinds[i] == 'v')
		{
			if (arg->kind == FK_NODE_INPUT && FkFuseMayBeMultiDim(arg->expr, vtype))
				return true;
			vec[nv++] = arg;
		}
		else if (kinds[i] == 's')
			sc[ns++] = arg;
		else if (node->kind == FK_NODE_OP &&
				 ((FkOps[node->op].kind == FK_KIND_LAGGED &&
				   !FkFuseLagAtLeast(arg, 0)) ||
				  (FkOps[node->op].kind == FK_KIND_ROLLING &&
				   !FkFuseLagAtLeast(arg, 1))))
			return true;		/* a negative lag, a window under 1 */
	}
	if (nv == 2 && !FkFuseShareInput(vec[0], vec[1]))
		return true;			/* vectors of different lengths */
	if (node->kind == FK_NODE_REDUCE)
		return FkReds[node->rop].faults;
	if (FkOps[node->op].scalars != FK_SCALARS_ANY)
	{
		for (int i = 0; i < ns; i++)
			if (sc[i]->kind != FK_NODE_SCALAR)
				return true;
		if (!FkOpScalarsOk(node->op, sc[0] ? sc[0]->dval : 0,
						   sc[1] ? sc[1]->dval : 0))
			return true;
	}
	return FkOpFaults(node->op) && !node->to_null;
}

/*
 * May evaluating expr, an input of a fused call, raise an error?  Spends
 * *budget on the nodes it looks at; past it, anything may.
 */
static bool
FkFuseExprFaults(Node *expr, int *budget)
{
	FkFuseNode *tree;
	int			vtype;
	Oid			funcid;
	List	   *args;
	ListCell   *lc;

	check_stack_depth();
	if (--(*budget) < 0)
		return true;
	while (IsA(expr, RelabelType))
		expr = (Node *) ((RelabelType *) expr)->arg;
	if (IsA(expr, Var) || IsA(expr, Param) || IsA(expr, Const))
		return false;
	if ((tree = FkFuseTreeOf(expr, &vtype)) != NULL)
	{
		*budget -= FkFuseCountOps(tree);
		return *budget < 0 ||
			(FkFuseMark(tree, vtype, budget) & (FK_FAULT_SELF | FK_FAULT_OPS |
												FK_FAULT_INPUTS)) != 0;
	}
	if (!FkFuseCallParts(expr, &funcid, &args))
		return true;
	if (!get_func_leakproof(funcid))
		return true;
	foreach(lc, args)
		if (FkFuseExprFaults((Node *) lfirst(lc), budget))
			return true;
	return false;
}

/*
 * Set the FK_FAULT_* of node and of every node under it; returns node's.
 * SELF and OPS are about the values, so they stay true of a subtree after
 * parts of it become inputs.
 */
static uint8
FkFuseMark(FkFuseNode *node, int vtype, int *budget)
{
	check_stack_depth();
	node->faults = 0;
	if (node->kind == FK_NODE_INPUT)
	{
		if (FkFuseExprFaults(node->expr, budget))
			node->faults = FK_FAULT_INPUTS;
		return node->faults;
	}
	if (!FkFuseNodeHasArgs(node))
		return 0;
	for (int i = 0; i < node->nargs; i++)
		node->faults |= FkFuseMark(node->args[i], vtype, budget) &
			(FK_FAULT_OPS | FK_FAULT_INPUTS);
	if (FkFuseSelfFaults(node, vtype))
		node->faults |= FK_FAULT_SELF | FK_FAULT_OPS;
	return node->faults;
}

static bool FkFuseCanClean(const FkFuseNode *node);

/*
 * Can node stay in the program while its arguments are cleaned (it cannot
 * fault itself, and each argument can be cleaned)?
 */
static bool
FkFuseCanCleanBelow(const FkFuseNode *node)
{
	if (node->kind != FK_NODE_OP || (node->faults & FK_FAULT_SELF))
		return false;
	for (int i = 0; i < node->nargs; i++)
		if (!FkFuseCanClean(node->args[i]))
			return false;
	return true;
}

/*
 * Can the subtree at node be left without an operation that may fault,
 * by turning parts of it into inputs (an operation, or a reduction used as
 * a scalar, becomes the call it was built from)?
 */
static bool
FkFuseCanClean(const FkFuseNode *node)
{
	return !(node->faults & FK_FAULT_OPS) || FkFuseCanCleanBelow(node) ||
		(FkFuseNodeHasArgs(node) && node->expr != NULL);
}

/*
 * Leave no operation that may fault in the subtree at node (FkFuseCanClean
 * said it can be done): keep the operations that cannot and turn the
 * others, each with what is under it, into inputs, the calls they were
 * built from.
 */
static void
FkFuseClean(FkFuseNode *node)
{
	check_stack_depth();
	if (!(node->faults & FK_FAULT_OPS))
		return;
	if (FkFuseCanCleanBelow(node))
	{
		for (int i = 0; i < node->nargs; i++)
			FkFuseClean(node->args[i]);
		return;
	}
	Assert(FkFuseNodeHasArgs(node) && node->expr != NULL);
	node->argkind = node->kind == FK_NODE_OP ? 'v' : 's';
	node->kind = FK_NODE_INPUT;
	node->nargs = 0;
	node->faults = FK_FAULT_INPUTS;
}

/*
 * Make every argument of node left of one holding an input that may fault
 * hold no operation that may fault, down the tree; false when that cannot
 * be done.
 */
static bool
FkFuseFixOrder(FkFuseNode *node)
{
	check_stack_depth();
	if (!FkFuseNodeHasArgs(node) || !(node->faults & FK_FAULT_INPUTS))
		return true;
	for (int i = 0; i < node->nargs; i++)
	{
		bool		later = false;

		for (int j = i + 1; j < node->nargs; j++)
			later |= (node->args[j]->faults & FK_FAULT_INPUTS) != 0;
		if (!later)
		{
			if (!FkFuseFixOrder(node->args[i]))
				return false;
		}
		else if (FkFuseCanClean(node->args[i]))
			FkFuseClean(node->args[i]);
		else
			return false;
	}
	return true;
}

/*
 * Make core's arithmetic under node whose reductions have all become
 * inputs (FkFuseClean) an input too, the call it was built from (a program
 * holds such arithmetic only to compute reductions in its first phase);
 * *bare is set when one did.  False when one cannot be.
 */
static bool
FkFuseBareScalarOps(FkFuseNode *node, bool *bare)
{
	check_stack_depth();
	if (node->kind == FK_NODE_SCALOP && !FkFuseHoldsReduce(node))
	{
		if (node->expr == NULL)
			return false;
		node->kind = FK_NODE_INPUT;
		node->argkind = 's';
		node->nargs = 0;
		*bare = true;
		return true;
	}
	for (int i = 0; FkFuseNodeHasArgs(node) && i < node->nargs; i++)
		if (!FkFuseBareScalarOps(node->args[i], bare))
			return false;
	return true;
}

/*
 * Make the tree under root, about to become a fused call, raise the errors
 * of the unfused calls in their order (see the header comment); false when
 * it cannot fuse so.  Parts of the tree may become inputs: count its
 * operations again afterwards.
 */
bool
FkFuseKeepErrorOrder(FkFuseNode *root, int vtype)
{
	for (;;)
	{
		int			budget = FK_ORDER_BUDGET;
		bool		bare = false;

		FkFuseMark(root, vtype, &budget);
		if (!FkFuseFixOrder(root) || !FkFuseBareScalarOps(root, &bare))
			return false;
		/* inputs the tree did not have: their order, once more */
		if (!bare)
			return true;
	}
}
