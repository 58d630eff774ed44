/*
 * pg_fuse.c
 *		Fusion at plan time: the planner support function of every fusekern
 *		elementwise operation and reduction, and the fusekern.enable_fusion
 *		GUC.  The trees it builds and the call it writes come from
 *		pg_fuse_tree.c.
 *
 * SupportRequestSimplify runs bottom-up during constant folding, so when an
 * operation's support function is called its arguments are already
 * simplified: a nested fusekern call is either a single operation or a
 * call that fused before (a fused evaluation, whose program text is parsed
 * back).  The support function builds the tree of operations under the
 * call, with every argument that is no fusekern operation as a leaf input
 * (kept as it is, evaluated once), and replaces any tree of two or more
 * operations with fused_eval('<program>', inputs ...).  A reduction (vsum,
 * vmean, vstddev, vdot ...) over a tree of at least one operation becomes
 * fused_reduce('vmean(<tree>)', inputs ...), returning the float8 the
 * reduction returns: the tree is evaluated a block at a time into the
 * reduction's accumulator (pg_fuse_exec.c).  A reduction of one vector or
 * two used as a scalar ((x - vmean(x)) / vstddev(x)) over vectors the rest
 * of the tree reads is part of the tree too, and so is core's float8
 * arithmetic on such reductions (x - vmax(x) * 2, pg_fuse_scalar.c): the
 * fused call computes them in a first phase over the same inputs
 * (FkFuseBuildScalarReduce, FkFuseBuildScalarOp).  The program
 * names every operation as written: the fused evaluation runs the named fused
 * kernels (dlog_scale_add, ln_scale_add, sub_mul_add) where the tree holds
 * their patterns, and checks EXECUTE on every function the program names
 * when it runs (pg_fuse_acl.c), so no rewrite lets a user run a function
 * the user may not call; and it writes the fused call only where the user
 * running the plan may execute fused_eval or fused_reduce itself, which the
 * executor checks before anything runs (FkFuseHelperAllowed).  A call with
 * an on_error argument fuses when that argument is a constant (the program
 * shows 'null' per operation, see pg_fuse_text.c); with any other
 * expression there, the call stays as it is, and so do the calls it is
 * nested in (the calls under it still fuse).
 *
 * Planning stays linear in the size of the expression: building a tree
 * stops as soon as it holds more operations than one program may
 * (FK_FUSE_MAX_INSTR), so each call costs at most that much work, done in a
 * memory context of its own that is freed before returning.
 */
#include "postgres.h"

#include "catalog/pg_collation.h"
#include "catalog/pg_type.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "miscadmin.h"
#include "nodes/pathnodes.h"
#include "nodes/supportnodes.h"
#include "utils/builtins.h"
#include "utils/fmgroids.h"
#include "utils/guc.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"

#include "core/fuse_program.h"
#include "fuse/pg_fuse.h"
#include "common/pg_on_error.h"

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

/*
 * Append the expressions of the vector inputs under node outside its
 * reductions to *leaves
 */
static void
FkFuseOuterLeaves(const FkFuseNode *node, List **leaves)
{
	if (node->kind == FK_NODE_INPUT && node->argkind == 'v')
		*leaves = lappend(*leaves, node->expr);
	for (int i = 0; node->kind == FK_NODE_OP && i < node->nargs; i++)
		FkFuseOuterLeaves(node->args[i], leaves);
}

/* Is every vector input under node one of leaves? */
static bool
FkFuseLeavesAmong(const FkFuseNode *node, List *leaves)
{
	ListCell   *lc;

	if (node->kind == FK_NODE_INPUT && node->argkind == 'v')
	{
		foreach(lc, leaves)
			if (FkFuseSameInput((Node *) lfirst(lc), node->expr))
				return true;
		return false;
	}
	for (int i = 0; FkFuseNodeHasArgs(node) && i < node->nargs; i++)
		if (!FkFuseLeavesAmong(node->args[i], leaves))
			return false;
	return true;
}

/*
 * Keep in the tree under node the reductions used as scalars whose
 * operands read only vectors the rest of the tree reads (one length for
 * all, one detoast for both phases; the reduction of another series gains
 * nothing from the pass), FK_FUSE_GROUP_MAX at most; the others become
 * inputs again, the calls they were built from.
 */
static void
FkFuseKeepScalarReduces(FkFuseBuild *b, FkFuseNode *node, List *leaves,
						int *count)
{
	if (node->kind == FK_NODE_REDUCE)
	{
		bool		among = true;

		for (int i = 0; i < node->nargs; i++)
			among &= FkFuseLeavesAmong(node->args[i], leaves);
		if (among && *count < FK_FUSE_GROUP_MAX)
			(*count)++;
		else if (node->expr != NULL)
		{
			b->nops -= FkFuseCountOps(node);
			node->kind = FK_NODE_INPUT;
			node->argkind = 's';
			node->nargs = 0;
		}
		else
			b->failed = true;
		return;
	}
	if (node->kind == FK_NODE_SCALOP)
	{
		for (int i = 0; i < node->nargs; i++)
			FkFuseKeepScalarReduces(b, node->args[i], leaves, count);
		/* arithmetic on none left: the call it was built from */
		if (!b->failed && !FkFuseHoldsReduce(node))
		{
			if (node->expr == NULL)
			{
				b->failed = true;
				return;
			}
			b->nops -= FkFuseCountOps(node);
			node->kind = FK_NODE_INPUT;
			node->argkind = 's';
			node->nargs = 0;
		}
		return;
	}
	for (int i = 0; node->kind == FK_NODE_OP && i < node->nargs; i++)
		FkFuseKeepScalarReduces(b, node->args[i], leaves, count);
}

/* Planner support: fuse a call of an operation over nested operations */
Datum
fusekern_support(PG_FUNCTION_ARGS)
{
	Node	   *rawreq = (Node *) PG_GETARG_POINTER(0);
	SupportRequestSimplify *req;
	FuncExpr   *fcall;
	FuncExpr   *plain = NULL;
	FkFuncInfo	info;
	FkFuseBuild b;
	FkFuseNode *root;
	Expr	   *result = NULL;
	MemoryContext outer;
	MemoryContext tmp;
	int			vt;

	if (!IsA(rawreq, SupportRequestSimplify) || !fk_enable_fusion)
		PG_RETURN_POINTER(NULL);
	req = (SupportRequestSimplify *) rawreq;
	fcall = req->fcall;
	/* a resampling of a fused program: the resampling its sink */
	{
		bool		ohlc,
					vectors;

		if (FkFuseResampleForm(fcall->funcid, &ohlc, &vectors, &vt))
			PG_RETURN_POINTER(FkFuseResampleCall(fcall, ohlc, vectors, vt,
												 req->root));
	}
	/* ema by span or half-life: as ema(v, alpha), which fuses (or not) */
	if ((vt = FkFuseEmaByVtype(fcall->funcid)) >= 0 &&
		(fcall = plain = FkFuseEmaByAlpha(fcall, vt, req->root)) == NULL)
		PG_RETURN_POINTER(NULL);
	if (!FkFuseLookupFunc(fcall->funcid, &info) ||
		!FkFuseCallFusable(&info, fcall->args))
		PG_RETURN_POINTER(plain);

	/* the tree, the text and the tries that fail are garbage afterwards */
	outer = CurrentMemoryContext;
	tmp = AllocSetContextCreate(outer, "fusekern fusion", ALLOCSET_DEFAULT_SIZES);
	MemoryContextSwitchTo(tmp);
	b.vtype = info.vtype;
	b.nops = 0;
	b.in_reduce = 0;
	b.failed = false;
	b.resultcxt = outer;
	b.planner = req->root;
	root = FkFuseBuildOp(&b, &info, fcall->args);
	if (!b.failed)
	{
		List	   *leaves = NIL;
		int			count = 0;

		/* under a reduction at the root: its operands */
		for (int i = 0; root->kind == FK_NODE_REDUCE && i < root->nargs; i++)
			FkFuseOuterLeaves(root->args[i], &leaves);
		for (int i = 0; root->kind == FK_NODE_REDUCE && i < root->nargs; i++)
			FkFuseKeepScalarReduces(&b, root->args[i], leaves, &count);
		if (root->kind == FK_NODE_OP)
		{
			FkFuseOuterLeaves(root, &leaves);
			FkFuseKeepScalarReduces(&b, root, leaves, &count);
		}
	}
	if (!b.failed && FkFuseKeepErrorOrder(root, b.vtype) &&
		FkFuseCountOps(root) >= 2)
		result = FkFuseEvalCall(root, b.vtype, outer, req->root);
	MemoryContextSwitchTo(outer);
	MemoryContextDelete(tmp);
	PG_RETURN_POINTER(result ? result : (Expr *) plain);
}
