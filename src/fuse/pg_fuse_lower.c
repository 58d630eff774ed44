/*
 * pg_fuse_lower.c
 *		The lowering of a fused call's program text (pg_fuse_text.c) to the
 *		evaluator's expression (core/fuse_program.h): scalar and lag slots,
 *		the rewrites that turn (t * a) + b after a kernel into a fused
 *		kernel, a reduction's operands, a program that is one named kernel
 *		(run directly), and the cache of compiled programs per call site
 *		(fn_extra: a few programs, each in its own memory context with the
 *		group built for it, the least recently used deleted when a new one
 *		comes).  The runtime is in pg_fuse_exec.c.
 */
#include "postgres.h"

#include <math.h>

#include "catalog/pg_type.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"

#include "core/checks.h"
#include "core/fuse_program.h"
#include "core/series_reduce.h"
#include "nvec/pg_nvec.h"
#include "fuse/pg_fuse.h"
#include "fuse/pg_fuse_exec.h"
#include "kernels/pg_kernels.h"
#include "vector/vecview.h"

/*
 * A new entry of size bytes (an FkFuseExec, or a struct that begins with
 * one and whose fields after it are cleared too): all but the arrays
 * written before they are read (FkFuseExec.vecarg on) start cleared
 */
StaticAssertDecl(offsetof(FkFuseGroup, ex) == 0,
				 "a group begins with its FkFuseExec");

static void *
FkFuseExecAlloc(size_t size)
{
	char	   *p = palloc(size);

	memset(p, 0, offsetof(FkFuseExec, vecarg));
	memset(p + sizeof(FkFuseExec), 0, size - sizeof(FkFuseExec));
	return p;
}

/* A scalar or lag slot for leaf node, in slots[*count] */
static int16
FkFuseSlot(FkFuseSlotSource *slots, int *count, const FkFuseNode *node)
{
	FkFuseSlotSource *s = &slots[*count];

	s->arg = node->kind == FK_NODE_INPUT ? node->input : -1;
	s->red = -1;
	s->sexpr = NULL;
	s->dval = node->dval;
	s->ival = node->ival;
	s->kind = 'l';
	return (int16) (*count)++;
}

/*
 * Add the reduction used as a scalar at node to the first phase of ex
 * (FkFuseBuildPre), or those under core's arithmetic at node; returns the
 * number of the reduction at node
 */
static int
FkFuseAddPre(FkFuseExec *ex, const FkFuseNode *node)
{
	if (node->kind == FK_NODE_SCALOP)
	{
		for (int i = 0; i < node->nargs; i++)
			FkFuseAddPre(ex, node->args[i]);
		return -1;
	}
	if (node->kind != FK_NODE_REDUCE)
		return -1;
	if (ex->npre == FK_FUSE_GROUP_MAX)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("fused program \"%s\" is too large", ex->text),
				 errdetail("It uses more than %d reductions as scalars.",
						   FK_FUSE_GROUP_MAX)));
	ex->prenode[ex->npre] = node;
	ex->prerop[ex->npre] = node->rop;
	return ex->npre++;
}

/*
 * A scalar slot for node: a leaf, a reduction used as a scalar, whose
 * value the first phase computes (FkFuseBuildPre), or core's arithmetic on
 * such reductions, computed from their values (FkFuseScalarValue)
 */
static int16
FkFuseScalarSlot(FkFuseExec *ex, const FkFuseNode *node)
{
	int16		slot = FkFuseSlot(ex->slots, &ex->prog.nslots, node);

	ex->slots[slot].red = FkFuseAddPre(ex, node);
	if (node->kind == FK_NODE_SCALOP)
		ex->slots[slot].sexpr = node;
	return slot;
}

/* Is node the operation op? */
static bool
FkFuseIsOp(const FkFuseNode *node, FkKernelOp op)
{
	return node->kind == FK_NODE_OP && node->op == op;
}

/* A float8 constant node of value d */
static FkFuseNode *
FkFuseConstNode(double d)
{
	FkFuseNode *node = palloc0(sizeof(FkFuseNode));

	node->kind = FK_NODE_SCALAR;
	node->dval = d;
	return node;
}

/* Does node compute t * a (scalar a on either side)? */
static bool
FkFuseMatchScale(const FkFuseNode *node, const FkFuseNode **t,
				 const FkFuseNode **a)
{
	if (FkFuseIsOp(node, FK_KOP_MUL_S))
	{
		*t = node->args[0];
		*a = node->args[1];
		return true;
	}
	if (FkFuseIsOp(node, FK_KOP_RMUL_S))
	{
		*t = node->args[1];
		*a = node->args[0];
		return true;
	}
	return false;
}

/* Is there a fused kernel of (t * a) + b, t being x - y, ln(x) or dlog? */
static bool
FkFuseHasAffineKernel(const FkFuseNode *t)
{
	return FkFuseIsOp(t, FK_KOP_SUB) ||
		FkFuseIsOp(t, FK_KOP_LN) ||
		FkFuseIsOp(t, FK_KOP_DLOG);
}

/*
 * Does node compute (t * a) + b, as scale_add(t, a, b) or with * and +
 * (scalar on either side, both with the same on_error)?  Then *t, *a and
 * *b are its parts.  These give the same bits: scale_add and the fused
 * kernels compute (t * a) + b with one rounding per step and no fused
 * multiply-add; t - c is t + -c for a constant c that is no NaN; and t * a
 * alone is (t * a) + -0 (adding -0 changes no value, not even -0), taken
 * only where a fused kernel of the same on_error runs it.
 */
static bool
FkFuseMatchAffine(const FkFuseNode *node, const FkFuseNode **t,
				  const FkFuseNode **a, const FkFuseNode **b)
{
	const FkFuseNode *m;

	if (FkFuseIsOp(node, FK_KOP_SCALE_ADD))
	{
		*t = node->args[0];
		*a = node->args[1];
		*b = node->args[2];
		return true;
	}
	if (FkFuseMatchScale(node, t, a))
	{
		*b = FkFuseConstNode(-0.0);
		return FkFuseHasAffineKernel(*t) && (*t)->to_null == node->to_null;
	}
	if (FkFuseIsOp(node, FK_KOP_ADD_S))
	{
		m = node->args[0];
		*b = node->args[1];
	}
	else if (FkFuseIsOp(node, FK_KOP_RADD_S))
	{
		m = node->args[1];
		*b = node->args[0];
	}
	else if (FkFuseIsOp(node, FK_KOP_SUB_S) &&
			 node->args[1]->kind == FK_NODE_SCALAR &&
			 !isnan(node->args[1]->dval))
	{
		m = node->args[0];
		*b = FkFuseConstNode(-node->args[1]->dval);
	}
	else
		return false;
	if (m->kind == FK_NODE_OP && m->to_null != node->to_null)
		return false;
	return FkFuseMatchScale(m, t, a);
}

/* A new expression node of the evaluator, no operands yet */
static FkFuseExpr *
FkFuseNewExpr(FkFuseExec *ex, int op)
{
	FkFuseExpr *e = &ex->exprs[ex->nexprs++];

	e->op = op;
	e->a = e->b = e->lag = -1;
	e->tin = e->dur = e->span = -1;
	e->to_null = false;
	e->x = e->y = NULL;
	return e;
}

/*
 * The time axis of a window of a duration, node an input: one per
 * argument, however often used
 */
static int16
FkFuseTimeAxis(FkFuseExec *ex, const FkFuseNode *node)
{
	int			t;

	if (node->kind != FK_NODE_INPUT)
		elog(ERROR, "fusekern: a time axis that is no argument");
	for (t = 0; t < ex->ntimes; t++)
		if (ex->timearg[t] == node->input)
			return (int16) t;
	if (ex->ntimes >= FK_FUSE_MAX_SLOTS)
		elog(ERROR, "fusekern: too many time axes");
	ex->timearg[ex->ntimes] = node->input;
	return (int16) ex->ntimes++;
}

/*
 * The lag slots of the window of a duration node (an interval argument,
 * converted when the call runs) and of its largest window (computed then)
 * into e.  Windows of the same interval argument share the first slot, and
 * over the same time axis the second: the largest window, a pass over the
 * times, is found once for all of them.
 */
static void
FkFuseDurationSlots(FkFuseExec *ex, FkFuseExpr *e, const FkFuseNode *node)
{
	FkFuseSlotSource *span;

	if (node->kind != FK_NODE_INPUT || e->tin < 0)
		elog(ERROR, "fusekern: a window of a duration that is no argument");
	e->dur = e->span = -1;
	for (int16 l = 0; l < ex->prog.nlags; l++)
	{
		const FkFuseSlotSource *s = &ex->lags[l];

		if (s->kind == 'd' && s->arg == node->input)
			e->dur = l;
		if (s->kind == 'w' && s->ival == e->tin && s->dval == node->input)
			e->span = l;
	}
	if (e->dur < 0)
	{
		e->dur = FkFuseSlot(ex->lags, &ex->prog.nlags, node);
		ex->lags[e->dur].kind = 'd';
	}
	if (e->span >= 0)
		return;
	/* the largest window over time axis tin of the interval argument */
	e->span = FkFuseSlot(ex->lags, &ex->prog.nlags, node);
	span = &ex->lags[e->span];
	span->kind = 'w';
	span->arg = -1;
	span->ival = e->tin;
	span->dval = node->input;
}

static FkFuseExpr *FkFuseLower(FkFuseExec *ex, const FkFuseNode *node);
static void FkFuseBuildPre(FkFuseExec *ex, const char *src,
						   FkFuseExpr *const *progtops, int nprogtops);

/*
 * (t * a) + b with on_error to_null as one instruction: the fused kernel of
 * t when t is x - y, ln(x) or dlog(x, lag) with the same on_error, else
 * scale_add of t.  Each gives the bits of the chain it replaces (kernels.h)
 * and its NULLs, and only runs when no argument is NULL.
 */
static FkFuseExpr *
FkFuseLowerAffine(FkFuseExec *ex, const FkFuseNode *t, const FkFuseNode *a,
				  const FkFuseNode *b, bool to_null)
{
	FkFuseExpr *e;

	if (t->kind == FK_NODE_OP && t->to_null != to_null)
	{
		e = FkFuseNewExpr(ex, FK_KOP_SCALE_ADD);
		e->x = FkFuseLower(ex, t);
	}
	else if (FkFuseIsOp(t, FK_KOP_SUB))
	{
		e = FkFuseNewExpr(ex, FK_KOP_SUB_MUL_ADD);
		e->x = FkFuseLower(ex, t->args[0]);
		e->y = FkFuseLower(ex, t->args[1]);
	}
	else if (FkFuseIsOp(t, FK_KOP_LN))
	{
		e = FkFuseNewExpr(ex, FK_KOP_LN_SCALE_ADD);
		e->x = FkFuseLower(ex, t->args[0]);
	}
	else if (FkFuseIsOp(t, FK_KOP_DLOG))
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
	e->a = FkFuseScalarSlot(ex, a);
	e->b = FkFuseScalarSlot(ex, b);
	e->to_null = to_null;
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
	const FkFuseNode *times = NULL;
	const FkFuseNode *dur = NULL;
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
		ex->whole[ex->prog.ninputs] = false;
		ex->vecarg[ex->prog.ninputs++] = node->input;
		return e;
	}
	if (FkFuseMatchAffine(node, &t, &a, &b))
		return FkFuseLowerAffine(ex, t, a, b, node->to_null);

	kinds = FkShapes[node->shape].kinds;
	for (int i = 0; i < node->nargs; i++)
	{
		if (kinds[i] == 'v')
			vec[nv++] = node->args[i];
		else if (kinds[i] == 's')
			sc[ns++] = node->args[i];
		else if (kinds[i] == 't')
			times = node->args[i];
		else if (kinds[i] == 'd')
			dur = node->args[i];
		else
			lag = node->args[i];
	}
	e = FkFuseNewExpr(ex, node->op);
	e->to_null = node->to_null;
	if (times)
		e->tin = FkFuseTimeAxis(ex, times);
	if (dur)
		FkFuseDurationSlots(ex, e, dur);
	e->x = FkFuseLower(ex, vec[0]);
	/* a window of a duration reads its input whole */
	if (times && e->x->op == FK_FEXPR_INPUT)
		ex->whole[e->x->input] = true;
	if (vec[1])
		e->y = FkFuseLower(ex, vec[1]);
	if (sc[0])
		e->a = FkFuseScalarSlot(ex, sc[0]);
	if (sc[1])
		e->b = FkFuseScalarSlot(ex, sc[1]);
	if (lag)
		e->lag = FkFuseSlot(ex->lags, &ex->prog.nlags, lag);
	return e;
}

/*
 * The SQL function of a named fused kernel op (a chain of the catalogue;
 * its on_error overload when to_null), or InvalidOid
 */
static Oid
FkFuseKernelFunc(FkKernelOp op, int vtype, bool to_null)
{
	if (!FkOpChain(op))
		return InvalidOid;
	return FkFuseFuncOid(op, vtype, to_null);
}

/*
 * When the whole program is one named fused kernel over input vectors
 * (scale_add(dlog(v1, 1), 252, 0) ...), a call with no NULL argument runs
 * that kernel's own function, which fails as the chain it replaces
 * (kernels.h): no blocks, no rings.  The privileges checked are still those
 * of the functions the program names.
 */
static void
FkFuseFindDirect(FkFuseExec *ex)
{
	const FkFuseInstr *ins = &ex->prog.instr[0];
	Oid			funcid;

	if (ex->prog.ninstr != 1 || ins->x.kind != FK_REF_INPUT ||
		(ins->y.kind != FK_REF_NONE && ins->y.kind != FK_REF_INPUT))
		return;
	funcid = FkFuseKernelFunc((FkKernelOp) ins->op, ex->vtype, ins->to_null);
	if (!OidIsValid(funcid))
		return;
	fmgr_info_cxt(funcid, &ex->directfn, ex->cxt);
	if (ins->to_null)
		ex->directmode = PointerGetDatum(cstring_to_text("null"));
	ex->direct = true;
}


/*
 * Say at DEBUG1 which named fused kernels a new program runs: EXPLAIN shows
 * the program as written, this shows what it runs as.
 */
static void
FkFuseReportKernels(const FkFuseExec *ex)
{
	StringInfoData buf;

	if (!message_level_is_interesting(DEBUG1))
		return;
	initStringInfo(&buf);
	for (int i = 0; i < ex->prog.ninstr; i++)
	{
		const FkOpInfo *info = &FkOps[ex->prog.instr[i].op];

		if (!(info->flags & FK_OPF_CHAIN))
			continue;
		appendStringInfo(&buf, "%s%s", buf.len > 0 ? ", " : "", info->name);
	}
	if (buf.len > 0)
		elog(DEBUG1, "fusekern: fused program \"%s\" runs %s", ex->text,
			 buf.data);
	pfree(buf.data);
	if (ex->npre > 0)
		elog(DEBUG1, "fusekern: fused program \"%s\" computes its %d reductions first, in one pass",
			 ex->text, ex->npre);
	if (ex->nkeep > 0)
		elog(DEBUG1, "fusekern: fused program \"%s\" keeps %d of its subtrees from that pass",
			 ex->text, ex->nkeep);
}

/*
 * Compile the operands of the reduction at the root of ex: one program
 * each, sharing the input, scalar and lag slots, or an input vector read as
 * it is (vdot(dlog(v1, 1), v2)).
 */
static void
FkFuseBuildReduce(FkFuseExec *ex, const char *src)
{
	FkFuseExpr *tops[2];
	FkFuseProgram *progs[2] = {&ex->prog, &ex->prog2};

	ex->ntrees = ex->root->nargs;
	if (ex->ntrees < 1 || ex->ntrees > 2)
		elog(ERROR, "fusekern: a reduction of %d vectors", ex->ntrees);
	for (int c = 0; c < ex->ntrees; c++)
		tops[c] = FkFuseLower(ex, ex->root->args[c]);
	if (ex->npre > 0)
		FkFuseBuildPre(ex, src, tops, ex->ntrees);
	/* the last first: compiling the first resets the counts it reads */
	for (int c = ex->ntrees - 1; c >= 0; c--)
	{
		int			ninputs = ex->prog.ninputs;
		int			nslots = ex->prog.nslots;
		int			nlags = ex->prog.nlags;

		ex->treeinput[c] = -1;
		if (tops[c]->op == FK_FEXPR_INPUT)
		{
			ex->treeinput[c] = tops[c]->input;
			memset(progs[c], 0, offsetof(FkFuseProgram, instr));
			progs[c]->ninputs = ninputs;
			progs[c]->nslots = nslots;
			progs[c]->nlags = nlags;
		}
		else if (!FkFuseCompile(tops[c], progs[c], ninputs, nslots, nlags))
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("fused program \"%s\" is too large", src)));
	}
}

/* Do slot sources p and q give the same value on every call? */
static bool
FkFuseSameSource(const FkFuseSlotSource *p, const FkFuseSlotSource *q)
{
	if (p->red != q->red || p->sexpr != q->sexpr || p->kind != q->kind)
		return false;
	if (p->arg >= 0 || q->arg >= 0)
		return p->arg == q->arg;
	return memcmp(&p->dval, &q->dval, sizeof(double)) == 0 &&
		p->ival == q->ival;
}

/* The first of slots[0 .. slot] with the source of slots[slot] */
static int16
FkFuseFirstSlot(const FkFuseSlotSource *slots, int16 slot)
{
	if (slot < 0)
		return slot;
	for (int16 i = 0; i < slot; i++)
		if (FkFuseSameSource(&slots[i], &slots[slot]))
			return i;
	return slot;
}

/*
 * Make the expressions of ex read one slot for a constant or an argument
 * written twice, so that the subtrees that are the same share their
 * instructions (FkFuseCompileGroup)
 */
static void
FkFuseShareSlots(FkFuseExec *ex)
{
	for (int e = 0; e < ex->nexprs; e++)
	{
		ex->exprs[e].a = FkFuseFirstSlot(ex->slots, ex->exprs[e].a);
		ex->exprs[e].b = FkFuseFirstSlot(ex->slots, ex->exprs[e].b);
		ex->exprs[e].lag = FkFuseFirstSlot(ex->lags, ex->exprs[e].lag);
		ex->exprs[e].dur = FkFuseFirstSlot(ex->lags, ex->exprs[e].dur);
		ex->exprs[e].span = FkFuseFirstSlot(ex->lags, ex->exprs[e].span);
	}
}

/*
 * Does the tree under e compute something that costs more to compute than
 * to keep and read back: a row the catalogue marks costly (FK_OPF_COSTLY:
 * a logarithm, an exponential, a root), one checked as ln first, or a
 * lagged, running, rolling or shifting instruction?
 */
static bool
FkFuseCostly(const FkFuseExpr *e)
{
	if (e == NULL || e->op == FK_FEXPR_INPUT)
		return false;
	if (FkOps[e->op].kind != FK_KIND_ELEMENTWISE || FkOpLnFirst(e->op) ||
		FkOpCostly(e->op))
		return true;
	return FkFuseCostly(e->x) || FkFuseCostly(e->y);
}

/* A subtree of the tree under e the same as q, or NULL */
static const FkFuseExpr *
FkFuseFindSame(const FkFuseExpr *e, const FkFuseExpr *q)
{
	const FkFuseExpr *found;

	if (e == NULL)
		return NULL;
	if (FkFuseExprSame(e, q))
		return e;
	if ((found = FkFuseFindSame(e->x, q)) != NULL)
		return found;
	return FkFuseFindSame(e->y, q);
}

/*
 * Find in the program's expression under e the costly subtrees
 * (FkFuseCostly) that the first phase computes too, under one of its
 * operands pre[0 .. npre): each becomes an input of the program, the
 * (nviews + k)th, and its copy in the first phase kept[k], which that
 * phase keeps in a vector for it (FkFusePrePass)
 */
static void
FkFuseFindKept(FkFuseExec *ex, FkFuseExpr *e, const FkFuseExpr *const *pre,
			   int npre, const FkFuseExpr **kept)
{
	if (e == NULL || e->op == FK_FEXPR_INPUT)
		return;
	if (ex->nkeep < FK_FUSE_GROUP_MAX && FkFuseCostly(e))
	{
		for (int r = 0; r < npre; r++)
		{
			const FkFuseExpr *same = FkFuseFindSame(pre[r], e);

			if (same == NULL)
				continue;
			kept[ex->nkeep] = same;
			e->op = FK_FEXPR_INPUT;
			e->input = ex->nviews + ex->nkeep++;
			e->a = e->b = e->lag = -1;
			e->x = e->y = NULL;
			return;
		}
	}
	FkFuseFindKept(ex, unconstify(FkFuseExpr *, e->x), pre, npre, kept);
	FkFuseFindKept(ex, unconstify(FkFuseExpr *, e->y), pre, npre, kept);
}

/*
 * The first phase of ex, whose program uses reductions as scalars: their
 * operands lowered into the slots of ex and compiled together into ex->pre,
 * a subtree they share computed once (as a group's, pg_fuse_group.c), each
 * operand left for its accumulator in ex->preroots (a second one, of vcov
 * and the like, in ex->preroots2).  The costly subtrees both phases
 * compute, the first phase and the program's expressions progtops (its
 * one, or the operands of its reduction), are computed in the first only
 * and kept for the second (FkFuseFindKept).  Called after the program
 * itself is lowered, before either is compiled.
 */
static void
FkFuseBuildPre(FkFuseExec *ex, const char *src, FkFuseExpr *const *progtops,
			   int nprogtops)
{
	const FkFuseExpr *tops[3 * FK_FUSE_GROUP_MAX];
	FkFuseRef	roots[3 * FK_FUSE_GROUP_MAX];
	int			ntops = 0;
	int			nopnds;

	/* every operand, those of a reduction of two (vcov ...) one after other */
	for (int r = 0; r < ex->npre; r++)
		for (int i = 0; i < ex->prenode[r]->nargs; i++)
			tops[ntops++] = FkFuseLower(ex, ex->prenode[r]->args[i]);
	FkFuseShareSlots(ex);
	ex->nviews = ex->prog.ninputs;
	/* the subtrees of the program to keep, compiled as tops of their own */
	nopnds = ntops;
	for (int c = 0; c < nprogtops; c++)
		FkFuseFindKept(ex, progtops[c], tops, nopnds, tops + nopnds);
	ex->pre = palloc(sizeof(FkFuseProgram));
	if (!FkFuseCompileGroup(tops, nopnds + ex->nkeep, ex->pre,
							ex->prog.ninputs, ex->prog.nslots, ex->prog.nlags,
							roots))
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("fused program \"%s\" is too large", src)));
	ntops = 0;
	for (int r = 0; r < ex->npre; r++)
	{
		ex->preroots[r] = roots[ntops++];
		ex->preroots2[r].kind = FK_REF_NONE;
		ex->preroots2[r].index = 0;
		if (ex->prenode[r]->nargs == 2)
			ex->preroots2[r] = roots[ntops++];
	}
	for (int k = 0; k < ex->nkeep; k++)
		ex->keeproots[k] = roots[nopnds + k];
	/* the program reads them after the arguments */
	ex->prog.ninputs = ex->nviews + ex->nkeep;
}

/*
 * Parse and compile program src for this call site, in a new memory context
 * under the current one (so an error frees it with the call's memory).
 */
static FkFuseExec *
FkFuseExecBuild(FunctionCallInfo fcinfo, int vtype, const char *src,
				int nargs)
{
	MemoryContext cxt;
	MemoryContext old;
	FkFuseExec *ex;
	char	   *kinds;
	char	   *error;
	FkFuseExpr *top;
	int			ninputs,
				nslots,
				nlags;
	int			unused;

	cxt = AllocSetContextCreate(CurrentMemoryContext, "fused program",
								ALLOCSET_SMALL_SIZES);
	old = MemoryContextSwitchTo(cxt);
	ex = FkFuseExecAlloc(sizeof(FkFuseExec));
	ex->cxt = cxt;
	ex->text = pstrdup(src);
	ex->textlen = strlen(src);
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
		if (i < FK_FUSE_MAX_SLOTS)
			get_typlenbyval(typid, &ex->argtyplen[i], &ex->argbyval[i]);
	}
	kinds[nargs] = '\0';
	ex->root = FkFuseParse(src, kinds, nargs, &error);
	if (ex->root == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid fused program \"%s\"", src),
				 errdetail("%s.", error)));
	unused = FkFuseUnusedInput(ex->root, nargs);
	if (unused >= 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid fused program \"%s\"", src),
				 errdetail("The program does not use argument v%d of the call.",
						   unused + 1)));

	if (ex->root->kind == FK_NODE_REDUCE)
		FkFuseBuildReduce(ex, src);
	else
	{
		top = FkFuseLower(ex, ex->root);
		if (ex->npre > 0)
			FkFuseBuildPre(ex, src, &top, 1);
		ninputs = ex->prog.ninputs;
		nslots = ex->prog.nslots;
		nlags = ex->prog.nlags;
		if (!FkFuseCompile(top, &ex->prog, ninputs, nslots, nlags))
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("fused program \"%s\" is too large", src)));
		/* a named kernel's function takes no reduction as its scalar */
		if (ex->npre == 0)
			FkFuseFindDirect(ex);

		/* cumsum(ln(x)) and the like: unfused, mostly (FkFuseChainUnfused) */
		ex->chain_unfused = FkFuseRunningChain(&ex->prog);
	}
	FkFuseCollectFuncs(ex->root, vtype, &ex->funcs);
	MemoryContextSwitchTo(old);
	FkFuseReportKernels(ex);
	return ex;
}

/*
 * Split the text of a member call, "k of p1; p2; ...", into its own program
 * (*own, a copy) and the group ("p1; p2; ..."); false for any other text
 * (then a program of its own)
 */
static bool
FkFuseSplitMember(const char *src, size_t len, char **own, int *member,
				  const char **group, size_t *grouplen)
{
	size_t		i = 0;
	int			k = 0;
	const char *p;
	const char *end = src + len;

	while (i < len && i < 3 && src[i] >= '0' && src[i] <= '9')
		k = k * 10 + (src[i++] - '0');
	if (i == 0 || len - i < 4 || memcmp(src + i, " of ", 4) != 0 || k < 1 ||
		k > FK_FUSE_GROUP_MAX)
		return false;
	*group = src + i + 4;
	*grouplen = len - i - 4;
	/* the k-th program of the group */
	p = *group;
	for (int m = 1; m < k; m++)
	{
		const char *sep = memchr(p, ';', end - p);

		if (sep == NULL)
			return false;
		p = sep + 1;
		while (p < end && *p == ' ')
			p++;
	}
	{
		const char *sep = memchr(p, ';', end - p);

		*own = pnstrdup(p, (sep ? sep : end) - p);
	}
	*member = k - 1;
	return true;
}

/*
 * The compiled program of this call: from the call site's cache, or built
 * and cached, evicting (and freeing) the least recently used one.  A member
 * call ("k of p1; p2; ...") builds its own program, pk, and keeps the
 * group's text for FkFuseGroupGet.
 */
FkFuseExec *
FkFuseExecGet(FunctionCallInfo fcinfo, int vtype)
{
	return FkFuseExecGetN(fcinfo, vtype, PG_NARGS() - 1);
}

/* The same, the program's arguments the first nargs after it */
FkFuseExec *
FkFuseExecGetN(FunctionCallInfo fcinfo, int vtype, int nargs)
{
	FkFuseCache *cache = (FkFuseCache *) fcinfo->flinfo->fn_extra;
	text	   *prog = PG_GETARG_TEXT_PP(0);
	const char *src = VARDATA_ANY(prog);
	size_t		len = VARSIZE_ANY_EXHDR(prog);
	FkFuseExec *ex;
	int			i;

	if (cache == NULL)
	{
		cache = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt,
									   sizeof(FkFuseCache));
		fcinfo->flinfo->fn_extra = cache;
	}
	for (i = 0; i < cache->nentries; i++)
	{
		ex = cache->entries[i];
		if (ex->vtype == vtype && ex->nargs == nargs &&
			ex->keylen == len && memcmp(ex->key, src, len) == 0)
			break;
	}
	if (i < cache->nentries)
		ex = cache->entries[i];
	else
	{
		char	   *own = NULL;
		int			member = 0;
		const char *group = NULL;
		size_t		grouplen = 0;
		bool		grouped = FkFuseSplitMember(src, len, &own, &member,
												&group, &grouplen);

		ex = FkFuseExecBuild(fcinfo, vtype,
							 grouped ? own : text_to_cstring(prog), nargs);
		ex->key = MemoryContextAlloc(ex->cxt, len + 1);
		memcpy(ex->key, src, len);
		ex->key[len] = '\0';
		ex->keylen = len;
		if (grouped)
		{
			ex->grouptext = ex->key + (group - src);
			ex->grouplen = grouplen;
			ex->member = member;
		}
		MemoryContextSetParent(ex->cxt, fcinfo->flinfo->fn_mcxt);
		if (cache->nentries == FK_FUSE_CACHE_SIZE)
			MemoryContextDelete(cache->entries[--cache->nentries]->cxt);
		i = cache->nentries++;
	}
	/* move it to the front */
	memmove(&cache->entries[1], &cache->entries[0], i * sizeof(FkFuseExec *));
	cache->entries[0] = ex;
	return ex;
}

/* Nodes of the tree under node */
static int
FkFuseNodeCount(const FkFuseNode *node)
{
	int			n = 1;

	check_stack_depth();
	if (node->kind == FK_NODE_OP || node->kind == FK_NODE_REDUCE)
		for (int i = 0; i < node->nargs; i++)
			n += FkFuseNodeCount(node->args[i]);
	return n;
}

/*
 * Parse, lower and compile the group of member call ex (its programs split
 * at ';'), over the arguments of the call: NULL when one of them is no
 * reduction of one operation tree (vdot, a bare input) or uses reductions
 * as scalars (it computes them in a first phase of its own), or the group
 * is too large, then each member runs on its own.  Each program parsed is one
 * its own call accepted (the planner wrote the group from such calls; a
 * hand-written group that is not so raises the error of its program).  The
 * group is built in a new memory context under the current one (an error
 * frees it with the call's memory), then moved under the member's own
 * context: it is freed with the member's program when the call site's cache
 * evicts that, and a call site whose group texts change from row to row
 * holds no more groups than programs.
 */
static FkFuseGroup *
FkFuseGroupBuild(FunctionCallInfo fcinfo, FkFuseExec *member)
{
	MemoryContext cxt;
	MemoryContext old;
	FkFuseGroup *g;
	FkFuseExec *ex;
	const FkFuseExpr *tops[FK_FUSE_GROUP_MAX];
	FkFuseNode *roots[FK_FUSE_GROUP_MAX];
	char	   *text;
	char	   *p;
	char	   *kinds;
	int			nargs = member->nargs;
	int			nodes = 0;		/* in all programs: within the limits of
								 * one program's expressions and slots */
	bool		ok = true;

	cxt = AllocSetContextCreate(CurrentMemoryContext, "fused group",
								ALLOCSET_SMALL_SIZES);
	old = MemoryContextSwitchTo(cxt);
	text = pnstrdup(member->grouptext, member->grouplen);
	p = text;
	g = FkFuseExecAlloc(sizeof(FkFuseGroup));
	ex = &g->ex;
	ex->cxt = cxt;
	ex->text = text;
	ex->textlen = strlen(text);
	ex->vtype = member->vtype;
	ex->nargs = nargs;
	memcpy(ex->argtyplen, member->argtyplen, sizeof(ex->argtyplen));
	memcpy(ex->argbyval, member->argbyval, sizeof(ex->argbyval));
	kinds = palloc(nargs + 1);
	for (int i = 0; i < nargs; i++)
		kinds[i] = FkFuseArgKind(get_fn_expr_argtype(fcinfo->flinfo, i + 1),
								 ex->vtype);
	kinds[nargs] = '\0';

	/* each program, as its own call parses it */
	while (ok)
	{
		char	   *sep = strchr(p, ';');
		char	   *error;
		FkFuseNode *root;

		if (sep)
			*sep = '\0';
		root = FkFuseParse(p, kinds, nargs, &error);
		if (root == NULL)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("invalid fused program \"%s\"", p),
					 errdetail("%s.", error)));
		nodes += FkFuseNodeCount(root);
		if (g->nmembers == FK_FUSE_GROUP_MAX || root->kind != FK_NODE_REDUCE ||
			root->nargs != 1 || root->args[0]->kind == FK_NODE_INPUT ||
			FkFuseHoldsReduce(root->args[0]) ||
			FkFuseUnusedInput(root, nargs) >= 0 || nodes > FK_FUSE_MAX_INSTR)
			ok = false;
		else
		{
			roots[g->nmembers] = root;
			g->rop[g->nmembers++] = root->rop;
		}
		if (sep == NULL)
			break;
		*sep = ';';
		p = sep + 1;
		while (*p == ' ')
			p++;
	}
	if (ok && g->nmembers != 0)
	{
		/* not zeroed: FkFuseCompile sets what it reads */
		g->alone = palloc(sizeof(FkFuseProgram) * g->nmembers);
		for (int k = 0; k < g->nmembers; k++)
			tops[k] = FkFuseLower(ex, roots[k]->args[0]);
		/* a constant or argument written twice is one slot: shared trees */
		FkFuseShareSlots(ex);
		ok = FkFuseCompileGroup(tops, g->nmembers, &ex->prog,
								ex->prog.ninputs, ex->prog.nslots,
								ex->prog.nlags, g->roots);
		for (int k = 0; ok && k < g->nmembers; k++)
			ok = FkFuseCompile(tops[k], &g->alone[k], ex->prog.ninputs,
							   ex->prog.nslots, ex->prog.nlags);
		/* every function of every program, for one check of them all */
		ex->funcs.n = 0;
		for (int k = 0; ok && k < g->nmembers; k++)
		{
			FkFuseFuncs f;

			FkFuseCollectFuncs(roots[k], ex->vtype, &f);
			for (int i = 0; i < f.n; i++)
			{
				int			j = 0;

				while (j < ex->funcs.n && ex->funcs.oids[j] != f.oids[i])
					j++;
				if (j < ex->funcs.n)
					continue;
				if (ex->funcs.n == FK_FUSE_MAX_FUNCS)
				{
					ok = false;
					break;
				}
				ex->funcs.oids[ex->funcs.n++] = f.oids[i];
			}
		}
		ex->funcs.checked_user = InvalidOid;
	}
	MemoryContextSwitchTo(old);
	if (!ok || g->nmembers == 0)
	{
		MemoryContextDelete(cxt);
		return NULL;
	}
	MemoryContextSetParent(cxt, member->cxt);
	elog(DEBUG1, "fusekern: fused group \"%s\": %d reductions, %d instructions",
		 ex->text, g->nmembers, ex->prog.ninstr);
	return g;
}

/* See pg_fuse_exec.h */
FkFuseGroup *
FkFuseGroupGet(FunctionCallInfo fcinfo, FkFuseExec *ex)
{
	if (ex->grouptext == NULL || ex->groupfailed)
		return NULL;
	if (ex->group == NULL)
	{
		ex->group = FkFuseGroupBuild(fcinfo, ex);
		ex->groupfailed = ex->group == NULL;
	}
	return ex->group;
}
