/*
 * pg_fuse_lower.c
 *		The lowering of a fused call's program text (pg_fuse_text.c) to the
 *		evaluator's expression (core/fuse_program.h): scalar and lag slots,
 *		the rewrites that turn (t * a) + b after a kernel into a fused
 *		kernel, a reduction's operands, a program that is one named kernel
 *		(run directly), and the cache of compiled programs per call site
 *		(fn_extra: a few programs, each in its own memory context, the least
 *		recently used deleted when a new one comes).  The runtime is in
 *		pg_fuse_exec.c.
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
#include "pg_nvec.h"
#include "pg_fuse.h"
#include "pg_fuse_exec.h"
#include "pg_kernels.h"
#include "vecview.h"

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
	e->to_null = false;
	e->x = e->y = NULL;
	return e;
}

static FkFuseExpr *FkFuseLower(FkFuseExec *ex, const FkFuseNode *node);

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
	e->a = FkFuseSlot(ex->slots, &ex->prog.nslots, a);
	e->b = FkFuseSlot(ex->slots, &ex->prog.nslots, b);
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
		return FkFuseLowerAffine(ex, t, a, b, node->to_null);

	kinds = FkShapes[node->shape].kinds;
	for (int i = 0; i < node->nargs; i++)
	{
		if (kinds[i] == 'v')
			vec[nv++] = node->args[i];
		else if (kinds[i] == 's')
			sc[ns++] = node->args[i];
		else
			lag = node->args[i];
	}
	e = FkFuseNewExpr(ex, node->op);
	e->to_null = node->to_null;
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

/*
 * Parse and compile program src for this call site, in a new memory context
 * under the current one (so an error frees it with the call's memory).
 */
static FkFuseExec *
FkFuseExecBuild(FunctionCallInfo fcinfo, int vtype, const char *src)
{
	MemoryContext cxt;
	MemoryContext old;
	FkFuseExec *ex;
	int			nargs = PG_NARGS() - 1;
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
	ex = palloc0(sizeof(FkFuseExec));
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
		ninputs = ex->prog.ninputs;
		nslots = ex->prog.nslots;
		nlags = ex->prog.nlags;
		if (!FkFuseCompile(top, &ex->prog, ninputs, nslots, nlags))
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("fused program \"%s\" is too large", src)));
		FkFuseFindDirect(ex);
	}
	FkFuseCollectFuncs(ex->root, vtype, &ex->funcs);
	MemoryContextSwitchTo(old);
	FkFuseReportKernels(ex);
	return ex;
}

/*
 * The compiled program of this call: from the call site's cache, or built
 * and cached, evicting (and freeing) the least recently used one.
 */
FkFuseExec *
FkFuseExecGet(FunctionCallInfo fcinfo, int vtype)
{
	FkFuseCache *cache = (FkFuseCache *) fcinfo->flinfo->fn_extra;
	text	   *prog = PG_GETARG_TEXT_PP(0);
	const char *src = VARDATA_ANY(prog);
	size_t		len = VARSIZE_ANY_EXHDR(prog);
	int			nargs = PG_NARGS() - 1;
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
			ex->textlen == len && memcmp(ex->text, src, len) == 0)
			break;
	}
	if (i < cache->nentries)
		ex = cache->entries[i];
	else
	{
		ex = FkFuseExecBuild(fcinfo, vtype, text_to_cstring(prog));
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
