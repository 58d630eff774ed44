/*
 * pg_fuse_exec.c
 *		The executor of fused calls (their SQL entry points are in
 *		pg_fuse_entry.c): fused_eval's one pass over the inputs for a whole
 *		tree of fusekern operations (see pg_fuse.c for where such calls
 *		come from, core/fuse_program.h for the evaluator); fused_reduce's:
 *		the same for a tree ending in a reduction, each block of its
 *		operands fed to the reduction's accumulator (core/series_reduce.h).
 *
 * The fast path views the inputs in place, compiles the program once per
 * call site and program text (pg_fuse_lower.c: the lowering and the cache
 * of compiled programs), checks that the user running it may execute every function the program
 * names, and runs it block by block, writing the result in place.  Whenever
 * the unfused chain could behave otherwise than by computing values (an
 * input is NULL, lengths differ, a float8[] is not one-dimensional, a lag is
 * negative, or a fault check of the kernels finds an element core float8
 * would reject in an operation whose on_error is 'error'), the call is
 * evaluated unfused instead: each operation called through fmgr, in the
 * executor's order, with its on_error, so results, NULLs and errors are
 * those of the unfused expression by construction.  Operations with
 * on_error 'null' make their faulty elements NULL in the fused pass itself
 * (core/fuse_program.c), as their functions do.  A program that uses
 * reductions as scalars computes them first, in one pass over the same
 * views (FkFusePrePass), then core's arithmetic on them; any of them that
 * would not simply return a value, and arithmetic that would raise an
 * error, sends the call to the unfused evaluation too.
 */
#include "postgres.h"

#include <math.h>

#include "catalog/pg_type.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "common/int.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/datetime.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/timestamp.h"

#include "core/bitmap.h"
#include "core/checks.h"
#include "core/fuse_program.h"
#include "core/series_reduce.h"
#include "core/series_time.h"
#include "nvec/pg_nvec.h"
#include "series/pg_series_time.h"
#include "fuse/pg_fuse.h"
#include "fuse/pg_fuse_exec.h"
#include "kernels/pg_kernels.h"
#include "vector/vecview.h"


/* A scalar or lag of the call, from its slot */
static Datum
FkFuseSlotDatum(FunctionCallInfo fcinfo, const FkFuseSlotSource *s, bool lag)
{
	if (s->arg >= 0)
		return PG_GETARG_DATUM(s->arg + 1);
	return lag ? Int32GetDatum(s->ival) : Float8GetDatum(s->dval);
}

/* The program run as its one named kernel (see FkFuseFindDirect) */
Datum
FkFuseDirect(FunctionCallInfo fcinfo, FkFuseExec *ex)
{
	LOCAL_FCINFO(call, FK_FUSE_MAX_ARGS + 1);
	const FkFuseInstr *ins = &ex->prog.instr[0];
	Datum		args[FK_FUSE_MAX_ARGS + 1];
	int			nargs = 0;
	Datum		result;
	FkFaultSpelling spelling;
	const FkFaultSpelling *saved;

	args[nargs++] = PG_GETARG_DATUM(ex->vecarg[ins->x.index] + 1);
	if (ins->y.kind == FK_REF_INPUT)
		args[nargs++] = PG_GETARG_DATUM(ex->vecarg[ins->y.index] + 1);
	if (ins->lag >= 0)
		args[nargs++] = FkFuseSlotDatum(fcinfo, &ex->lags[ins->lag], true);
	args[nargs++] = FkFuseSlotDatum(fcinfo, &ex->slots[ins->a], false);
	args[nargs++] = FkFuseSlotDatum(fcinfo, &ex->slots[ins->b], false);
	if (ins->to_null)
		args[nargs++] = ex->directmode;
	InitFunctionCallInfoData(*call, &ex->directfn, nargs, InvalidOid, NULL, NULL);
	for (int i = 0; i < nargs; i++)
	{
		call->args[i].value = args[i];
		call->args[i].isnull = false;
	}
	/* a fault names the calls the user wrote, not the kernel run for them */
	spelling.program = ex->text;
	spelling.x = psprintf("v%d", ins->x.index + 1);
	spelling.y = ins->y.kind == FK_REF_INPUT ?
		psprintf("v%d", ins->y.index + 1) : NULL;
	saved = FkFaultSpelled;
	FkFaultSpelled = &spelling;
	PG_TRY();
	{
		result = FunctionCallInvoke(call);
	}
	PG_FINALLY();
	{
		FkFaultSpelled = saved;
	}
	PG_END_TRY();
	if (call->isnull)
		PG_RETURN_NULL();
	return result;
}

/* Value of argument i (from 0, after the program) */
#define FK_ARG(i) PG_GETARG_DATUM((i) + 1)

/*
 * Evaluate the tree under node unfused, as the executor would; its inputs
 * are the call's arguments, or args where the fused pass detoasted them
 * (so that the unfused calls do not detoast them again)
 */
static Datum
FkFuseSlowNode(FunctionCallInfo fcinfo, FkFuseExec *ex, const Datum *args_in,
			   const FkFuseNode *node, bool *isnull)
{
	LOCAL_FCINFO(call, FK_FUSE_MAX_ARGS + 1);
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
			if (*isnull)
				return (Datum) 0;
			return args_in ? args_in[node->input] : FK_ARG(node->input);
		case FK_NODE_SCALAR:
			return Float8GetDatum(node->dval);
		case FK_NODE_LAG:
			return Int32GetDatum(node->ival);
		case FK_NODE_OP:
		case FK_NODE_REDUCE:
		case FK_NODE_SCALOP:
			break;
	}

	check_stack_depth();
	/* every argument first, left to right; then strictness */
	for (int i = 0; i < node->nargs; i++)
	{
		args[i] = FkFuseSlowNode(fcinfo, ex, args_in, node->args[i], &nulls[i]);
		anynull |= nulls[i];
	}
	if (anynull)
	{
		*isnull = true;
		return (Datum) 0;
	}
	if (node->kind == FK_NODE_REDUCE)
		funcid = FkFuseRedFuncOid(node->rop, ex->vtype);
	else if (node->kind == FK_NODE_SCALOP)
		funcid = FkScalarOps[node->sop].funcid;
	else
		funcid = FkFuseFuncOid(node->op, ex->vtype, node->to_null);
	if (!OidIsValid(funcid))
		elog(ERROR, "fusekern: no function for operation \"%s\"",
			 node->kind == FK_NODE_REDUCE ? FkReds[node->rop].name :
			 FkOps[node->op].name);
	/* looked up once per program, in its memory, as the executor does */
	if (node->finfo == NULL || node->finfo->fn_oid != funcid)
	{
		FmgrInfo   *finfo = MemoryContextAlloc(ex->cxt, sizeof(FmgrInfo));

		fmgr_info_cxt(funcid, finfo, ex->cxt);
		unconstify(FkFuseNode *, node)->finfo = finfo;
	}
	InitFunctionCallInfoData(*call, node->finfo,
							 node->nargs + (node->to_null ? 1 : 0),
							 InvalidOid, NULL, NULL);
	for (int i = 0; i < node->nargs; i++)
	{
		call->args[i].value = args[i];
		call->args[i].isnull = false;
	}
	if (node->to_null)
	{
		call->args[node->nargs].value = CStringGetTextDatum("null");
		call->args[node->nargs].isnull = false;
	}
	result = FunctionCallInvoke(call);
	*isnull = call->isnull;
	return result;
}

/* The whole call evaluated unfused, over args_in when not NULL */
static Datum
FkFuseSlowOver(FunctionCallInfo fcinfo, FkFuseExec *ex, const Datum *args_in)
{
	bool		isnull;
	Datum		result;

	elog(DEBUG1, "fusekern: fused program \"%s\" evaluated unfused", ex->text);
	result = FkFuseSlowNode(fcinfo, ex, args_in, ex->root, &isnull);

	if (isnull)
		PG_RETURN_NULL();
	return result;
}

/* The whole call evaluated unfused, over its arguments */
static Datum
FkFuseSlow(FunctionCallInfo fcinfo, FkFuseExec *ex)
{
	return FkFuseSlowOver(fcinfo, ex, NULL);
}

/* Free the rings FkFuseAllocRings gave */
static void
FkFuseFreeRings(const FkFuseProgram *prog, void **rings)
{
	if (rings == NULL)
		return;
	for (int r = 0; r < prog->nrings; r++)
		if (rings[r] != NULL)
			pfree(rings[r]);
	pfree(rings);
}

/* Run one fault check over a block; true when it finds a fault */
static bool
FkFuseFind(const FkCheckTable *checks, FkCheckOp op, const double *x,
		   const double *y, const double *r, double a, double b,
		   const uint64_t *valid, size_t n)
{
	FkCheck		chk = {op, x, y, r, a, b};
	FkFaultHit	hit;

	return checks->find(&chk, valid, 0, n, &hit);
}

/*
 * The evaluator's check callback: the checks the unfused functions run,
 * applied to each operation with on_error 'error' over the block.  Any
 * fault stops the fused evaluation; the unfused one then reports it exactly
 * as it would.  Operations with on_error 'null' have made theirs NULL.
 */
static bool
FkFuseCheckBlock(void *arg, const FkFuseCheck *ck)
{
	const FkCheckTable *checks = ck->ct;
	FkKernelOp	op = (FkKernelOp) ck->ins->op;

	if (ck->ins->to_null)
		return false;
	if (FkOpLnFirst(op))
	{
		/*
		 * ln of every present operand; a difference of logarithms cannot
		 * fault, and (t * a) + b after one only for extreme a or b, where
		 * the unfused evaluation decides
		 */
		if (FkFuseFind(checks, FK_CHECK_LN, ck->x, NULL, NULL, 0, 0,
					   ck->xvalid, ck->n))
			return true;
		return FkOps[op].check != FK_CHECK_NONE &&
			!FkScaleAddSafeAfterLn(ck->a, ck->b);
	}
	if (FkOps[op].check == FK_CHECK_NONE)
		return false;
	return FkFuseFind(checks, FkOps[op].check, ck->x, ck->y, ck->out, ck->a,
					  ck->b, ck->valid, ck->n);
}

/*
 * The rings of prog over n elements, each allocated on its own (a ring
 * holds at most its operand's n values, a rolling window its working
 * memory).  Their bytes were budgeted before (FkFuseFits): an allocation
 * that fails now is core's out-of-memory error, as the unfused evaluation,
 * which needs more, would meet.
 */
static void **
FkFuseAllocRings(const FkFuseProgram *prog, const size_t *lags, size_t n)
{
	size_t		sizes[FK_FUSE_MAX_INSTR];
	void	  **rings;

	if (prog->nrings == 0)
		return NULL;
	rings = palloc0(sizeof(void *) * prog->nrings);
	FkFuseRingSizes(prog, lags, n, sizes);
	for (int r = 0; r < prog->nrings; r++)
		if (sizes[r] > 0)
			rings[r] = MemoryContextAllocHuge(CurrentMemoryContext, sizes[r]);
	return rings;
}

/*
 * Input vectors of ex viewed from its arguments: all, but those the first
 * phase keeps for the program (FkFuseExec.nkeep), which follow them
 */
static int
FkFuseViews(const FkFuseExec *ex)
{
	return ex->nkeep > 0 ? ex->nviews : ex->prog.ninputs;
}

/* The arguments of one fused call, viewed for the evaluator */
typedef struct FkFuseArgs
{
	FkFuseInput *inputs;		/* prog.ninputs vectors of length len */
	int32		len;
	bool		expanded;		/* a float8[] input was expanded */
	double	   *slots;
	size_t	   *lags;
	const int64 **times;		/* ex->ntimes time axes of len times */
	Datum	   *args;			/* the call's arguments, vectors detoasted */
} FkFuseArgs;

/*
 * View the time axes of the windows of a duration of ex, and fill their
 * lag slots: the window, and the largest window over its axis; values they
 * read a block at a time (a compressed nvec) are decoded whole, as the
 * unfused window does.  False when the call must be evaluated unfused.
 */
static bool
FkFuseViewTimes(FunctionCallInfo fcinfo, FkFuseExec *ex, FkFuseArgs *fa)
{
	fa->times = palloc(sizeof(const int64 *) * Max(ex->ntimes, 1));
	for (int t = 0; t < ex->ntimes; t++)
	{
		Datum		d = fa->args[ex->timearg[t]];

		if (VARATT_IS_EXTENDED(DatumGetPointer(d)))
			d = fa->args[ex->timearg[t]] = PointerGetDatum(PG_DETOAST_DATUM(d));
		if ((fa->times[t] = FkTimeAxisView(d, fa->len)) == NULL)
			return false;
	}
	for (int l = 0; l < ex->prog.nlags; l++)
	{
		const FkFuseSlotSource *src = &ex->lags[l];
		int64		w;
		size_t		maxwin;

		if (src->kind == 'd')
		{
			if ((w = FkTimeDurationOf(FK_ARG(src->arg))) <= 0)
				return false;
			fa->lags[l] = (size_t) w;
		}
		else if (src->kind == 'w')
		{
			if ((w = FkTimeDurationOf(FK_ARG((int) src->dval))) <= 0)
				return false;
			maxwin = FkTimeMaxWindow(fa->times[src->ival], (size_t) fa->len, w,
									  FK_TIME_CLOSED_RIGHT);
			/* the unfused window refuses one whose memory is too large */
			if (!AllocSizeIsValid(FkTimeRollWorkSize(FK_ROLL_MEDIAN, maxwin)) ||
				!AllocSizeIsValid(FkTimeRollWorkSize(FK_ROLL_SUM, maxwin)) ||
				!AllocSizeIsValid(FkTimeRollWorkSize(FK_ROLL_MIN, maxwin)))
				return false;
			fa->lags[l] = maxwin;
		}
	}
	for (int k = 0; k < FkFuseViews(ex); k++)
	{
		FkFuseInput *in = &fa->inputs[k];
		double	   *vals;
		size_t		nblocks = ((size_t) fa->len + FK_FUSE_BLOCK - 1) / FK_FUSE_BLOCK;

		if (!ex->whole[k] || in->values != NULL)
			continue;
		vals = palloc_extended(Max((size_t) fa->len, 1) * sizeof(double),
							   MCXT_ALLOC_HUGE);
		for (size_t b = 0; b < nblocks; b++)
		{
			CHECK_FOR_INTERRUPTS();
			in->fetch(in->src, b, vals + b * FK_FUSE_BLOCK);
		}
		in->values = vals;
		in->fetch = NULL;
	}
	return true;
}

/*
 * View the arguments of a call of ex; false when the call must be
 * evaluated unfused (see the header comment).
 */
static bool
FkFuseViewArgs(FunctionCallInfo fcinfo, FkFuseExec *ex, FkFuseArgs *fa)
{
	FkFuseProgram *prog = &ex->prog;

	fa->len = -1;
	fa->expanded = false;
	for (int i = 0; i < ex->nargs; i++)
		if (PG_ARGISNULL(i + 1))
			return false;
	fa->args = palloc(sizeof(Datum) * Max(ex->nargs, 1));
	for (int i = 0; i < ex->nargs; i++)
		fa->args[i] = FK_ARG(i);
	fa->inputs = palloc0(sizeof(FkFuseInput) * Max(prog->ninputs, 1));
	for (int k = 0; k < FkFuseViews(ex); k++)
	{
		FkVecView	view;
		Datum		d = FK_ARG(ex->vecarg[k]);

		/* detoasted once, for the views and the unfused calls alike */
		if (VARATT_IS_EXTENDED(DatumGetPointer(d)) &&
			!VARATT_IS_EXTERNAL_EXPANDED(DatumGetPointer(d)))
			d = fa->args[ex->vecarg[k]] = PointerGetDatum(PG_DETOAST_DATUM(d));

		memset(&fa->inputs[k], 0, sizeof(FkFuseInput));
		if (ex->vtype == FK_VT_ARRAY)
		{
			if (!FkViewArrayDatumIfVector(d, &view))
				return false;
		}
		else
			FkViewNVecBlocks((NVec *) DatumGetPointer(d), &view,
							 &fa->inputs[k]);
		if (fa->len >= 0 && view.len != fa->len)
			return false;
		fa->len = view.len;
		fa->expanded |= view.expanded;
		fa->inputs[k].values = view.values;
		fa->inputs[k].valid = view.valid;
	}

	fa->slots = palloc(sizeof(double) * Max(prog->nslots, 1));
	for (int s = 0; s < prog->nslots; s++)
		fa->slots[s] = ex->slots[s].arg < 0 ? ex->slots[s].dval :
			DatumGetFloat8(FK_ARG(ex->slots[s].arg));
	fa->lags = palloc(sizeof(size_t) * Max(prog->nlags, 1));
	for (int l = 0; l < prog->nlags; l++)
	{
		int32		lag = ex->lags[l].arg < 0 ? ex->lags[l].ival :
			DatumGetInt32(FK_ARG(ex->lags[l].arg));

		if (ex->lags[l].kind != 'l')
			continue;
		if (lag < 0)
			return false;
		fa->lags[l] = (size_t) lag;
	}
	if (ex->ntimes > 0 && !FkFuseViewTimes(fcinfo, ex, fa))
		return false;
	/* a program's reductions are its scalars too: checked after phase 1 */
	if ((ex->npre == 0 && !FkFuseScalarsOk(prog, fa->slots)) ||
		!FkFuseWindowsOk(prog, fa->lags))
		return false;
	/* the first phase's scalars are no reductions (FkFuseParse) */
	if (ex->npre > 0 && (!FkFuseScalarsOk(ex->pre, fa->slots) ||
						 !FkFuseWindowsOk(ex->pre, fa->lags)))
		return false;
	if (ex->ntrees == 2 &&
		((ex->npre == 0 && !FkFuseScalarsOk(&ex->prog2, fa->slots)) ||
		 !FkFuseWindowsOk(&ex->prog2, fa->lags)))
		return false;
	return true;
}

/* Free the values the views of float8[] arguments with NULLs expanded */
static void
FkFuseFreeViews(FkFuseExec *ex, FkFuseArgs *fa)
{
	for (int k = 0; ex->vtype == FK_VT_ARRAY && k < FkFuseViews(ex); k++)
	{
		if (fa->inputs[k].valid == NULL || fa->inputs[k].values == NULL)
			continue;
		pfree(unconstify(double *, fa->inputs[k].values));
		pfree(unconstify(uint64 *, fa->inputs[k].valid));
		fa->inputs[k].values = NULL;
	}
}

/*
 * Evaluate the call of ex unfused over its viewed arguments fa: the
 * values a view of a float8[] with NULLs expanded are freed first, so that
 * the unfused calls hold what they would hold without the fused call, and
 * read the inputs as the views detoasted them.
 */
static Datum
FkFuseSlowViewed(FunctionCallInfo fcinfo, FkFuseExec *ex, FkFuseArgs *fa)
{
	FkFuseFreeViews(ex, fa);
	return FkFuseSlowOver(fcinfo, ex, fa->args);
}

/*
 * May the fused pass of ex run over the viewed arguments fa?  Everything it
 * would allocate (registers, rings and rolling windows, a reduction's block
 * buffers; not the output, which the unfused evaluation builds too) is
 * counted before anything is, against a lower bound of what the unfused
 * evaluation holds at its peak (FkFuseUnfusedPeak): a pass never needs more
 * memory than unfused, but FK_FUSE_STATE_FLOOR.  When it would, the caller
 * evaluates unfused, which DEBUG1 says (DEBUG2 with both figures).
 */
static bool
FkFuseFits(const FkFuseExec *ex, const FkFuseArgs *fa)
{
	const FkFuseProgram *progs[2] = {&ex->prog, &ex->prog2};
	size_t		n = (size_t) fa->len;
	int			ntrees = Max(ex->ntrees, 1);
	size_t		fused = 0;
	size_t		unfused = 0;
	size_t		live = 0;

	/*
	 * a first phase: its pass counted as if held with the program's (it is
	 * over before that starts)
	 */
	if (ex->npre > 0)
	{
		fused = FkFuseWorkspaceSize(ex->pre, fa->lags, n);
		/* and the vectors it keeps for the program */
		fused += (size_t) ex->nkeep * (n * sizeof(double) +
									   FkBitmapWords(n) * sizeof(uint64));
	}
	for (int c = 0; c < ntrees; c++)
	{
		if (ex->ntrees > 0 && ex->treeinput[c] >= 0)
			continue;
		/* at most some 10^13 bytes each: no overflow */
		fused += FkFuseWorkspaceSize(progs[c], fa->lags, n);
		if (ex->ntrees > 0)
			fused += FK_FUSE_BLOCK * sizeof(double) +
				FK_FUSE_BLOCK_WORDS * sizeof(uint64);
	}
	if (fused <= FK_FUSE_STATE_FLOOR)
		return true;

	/*
	 * unfused, the reductions' operands are built among the program's calls
	 * and kept to the end, as its results are
	 */
	if (ex->npre > 0)
		unfused = FkFuseUnfusedPeak(ex->pre, fa->lags, n, false, &live);
	for (int c = 0; c < ntrees; c++)
	{
		size_t		peak;

		if (ex->ntrees > 0 && ex->treeinput[c] >= 0)
			continue;
		peak = FkFuseUnfusedPeak(progs[c], fa->lags, n, ex->ntrees == 0,
								 &live);
		unfused = Max(unfused, peak);
	}
	if (fused <= unfused)
		return true;
	elog(DEBUG1, "fusekern: fused program \"%s\" would need more memory than its unfused evaluation",
		 ex->text);
	elog(DEBUG2, "fusekern: fused program \"%s\" over %zu elements needs %zu bytes, its unfused evaluation at least %zu",
		 ex->text, n, fused, unfused);
	return false;
}

/* Set up run of prog over the viewed arguments, writing out and outvalid */
static void
FkFuseRunInit(FkFuseRun *run, const FkFuseProgram *prog,
			  const FkFuseArgs *fa, double *out,
			  uint64 *outvalid, bool out_block)
{
	memset(run, 0, sizeof(*run));
	run->prog = prog;
	run->kt = FkKernels();
	run->ct = FkChecks();
	run->n = (size_t) fa->len;
	run->inputs = fa->inputs;
	run->slots = fa->slots;
	run->lags = fa->lags;
	run->times = fa->times;
	run->out = out;
	run->outvalid = outvalid;
	run->out_block = out_block;
	run->check = FkFuseCheckBlock;
	run->blk = FK_FUSE_BLOCK;
}

/*
 * Does this call of a running chain (FkFuseRunningChain) run unfused?  Over
 * a float8[] with NULLs, where the running call steps over the packed
 * present values only; and over inputs without NULLs, where the two calls
 * do what the pass does without its bookkeeping, unless the chain is the
 * pipelined log and running pair, which the pass does faster.  Returns the
 * call's arguments, vectors detoasted, when it does; else NULL, the detoasted
 * vectors left in fcinfo for the pass (no second detoast).  An expanded
 * array argument (a PL/pgSQL variable) keeps the pass.
 */
static Datum *
FkFuseChainUnfused(FunctionCallInfo fcinfo, FkFuseExec *ex, int vtype)
{
	Datum	   *args = palloc(sizeof(Datum) * Max(ex->nargs, 1));
	bool		nulls = false;
	bool		unfused;

	for (int i = 0; i < ex->nargs; i++)
		args[i] = FK_ARG(i);
	for (int k = 0; k < FkFuseViews(ex); k++)
	{
		Datum		d = args[ex->vecarg[k]];

		if (VARATT_IS_EXTERNAL_EXPANDED(DatumGetPointer(d)))
		{
			pfree(args);
			return NULL;
		}
		if (VARATT_IS_EXTENDED(DatumGetPointer(d)))
			d = args[ex->vecarg[k]] = PointerGetDatum(PG_DETOAST_DATUM(d));
		if (vtype == FK_VT_NVEC)
		{
			/* the header checked before it is read (the views check all) */
			FkNVecCheckSize((NVec *) DatumGetPointer(d));
			nulls |= ((NVec *) DatumGetPointer(d))->nnulls > 0;
		}
		else
			nulls |= ARR_HASNULL(DatumGetArrayTypeP(d));
	}
	unfused = nulls ? vtype == FK_VT_ARRAY : !ex->prog.instr[0].pipe;
	if (unfused)
		return args;
	/* the views read the detoasted copies: no second detoast */
	for (int k = 0; k < FkFuseViews(ex); k++)
		fcinfo->args[ex->vecarg[k] + 1].value = args[ex->vecarg[k]];
	pfree(args);
	return NULL;
}

/*
 * The values of operand ref of a group over the block at start, and their
 * validity words; NULL when all len of them are present (as FkFuseRunBlock
 * sets out_dense, so that the accumulators take the same path)
 */
static const double *
FkFuseGroupOperand(const FkFuseRun *run, const FkFuseArgs *fa, FkFuseRef ref,
				   size_t start, size_t len, const uint64 **valid)
{
	const uint64 *w;
	bool		dense = true;

	if (ref.kind == FK_REF_INPUT)
	{
		w = fa->inputs[ref.index].valid;
		w = w ? w + start / 64 : NULL;
	}
	else
		w = run->regdense[ref.index] ? NULL :
			run->regvalid + (size_t) ref.index * (run->blk / 64);
	for (size_t i = 0; w != NULL && i < FkBitmapWords(len); i++)
		dense &= (w[i] & FkWordMask(i, len)) == FkWordMask(i, len);
	*valid = dense ? NULL : w;
	if (ref.kind == FK_REF_INPUT)
		return FkFuseInputValues(&fa->inputs[ref.index], start);
	return run->regs + (size_t) ref.index * run->blk;
}

/* Values of the first phase kept for the program (FkFuseExec.keeproots) */
typedef struct FkFuseKept
{
	int			n;
	const FkFuseRef *roots;		/* where each is in the first phase */
	double	   *vals[FK_FUSE_GROUP_MAX];	/* the whole length */
	uint64	   *valid[FK_FUSE_GROUP_MAX];
	bool		nulls[FK_FUSE_GROUP_MAX];	/* an element of it is NULL */
} FkFuseKept;

/* Copy the block at start of kept value k out of the run */
static void
FkFuseKeepBlock(FkFuseKept *keep, int k, const FkFuseRun *run,
				const FkFuseArgs *fa, size_t start, size_t len)
{
	const uint64 *w;
	const double *v = FkFuseGroupOperand(run, fa, keep->roots[k], start, len,
										 &w);
	uint64	   *dst = keep->valid[k] + start / 64;

	memcpy(keep->vals[k] + start, v, len * sizeof(double));
	for (size_t i = 0; i < FkBitmapWords(len); i++)
	{
		uint64		m = FkWordMask(i, len);

		dst[i] = w != NULL ? w[i] & m : m;
		keep->nulls[k] |= dst[i] != m;
	}
}

/*
 * Run prog, the operands of nred reductions compiled together
 * (FkFuseCompileGroup), over the viewed arguments fa, one pass: reduction k
 * (rop[k]) takes the blocks of its operand, roots[k], and of its second
 * one, roots2[k], when it has one (roots2 NULL: none has); the values
 * keep names are copied out of each block (keep NULL: none).  Each gets its
 * results[k]: FK_MEMBER_VALUE or FK_MEMBER_NULL as its accumulator
 * finishes, FK_MEMBER_SELF when its sum overflows or a check stopped the
 * pass (for all of them).
 */
static void
FkFuseReduceAll(const FkFuseProgram *prog, int nred, const int *rop,
				const FkFuseRef *roots, const FkFuseRef *roots2,
				const FkFuseArgs *fa, FkFuseKept *keep,
				FkFuseMemberResult *results)
{
	FkFuseRun	run;
	FkReduce	red[FK_FUSE_GROUP_MAX];
	void	   *regs;
	void	  **rings;
	bool		stopped = false;

	memset(results, 0, sizeof(FkFuseMemberResult) * nred);
	FkFuseRunInit(&run, prog, fa, NULL, NULL, true);
	rings = FkFuseAllocRings(prog, fa->lags, run.n);
	regs = palloc(FkFuseRegsSize(prog, run.blk));
	FkFuseBeginRings(&run, regs, rings);
	for (int k = 0; k < nred; k++)
		FkReduceInit(&red[k], (FkReduceKind) FkReds[rop[k]].acc);
	for (size_t start = 0; start < run.n; start += FK_FUSE_BLOCK)
	{
		size_t		len = Min(run.n - start, (size_t) FK_FUSE_BLOCK);

		CHECK_FOR_INTERRUPTS();
		if (FkFuseRunBlock(&run, start))
		{
			stopped = true;
			break;
		}
		for (int k = 0; k < nred; k++)
		{
			const uint64 *w;
			const double *v = FkFuseGroupOperand(&run, fa, roots[k],
												 start, len, &w);

			if (roots2 != NULL && roots2[k].kind != FK_REF_NONE)
			{
				const uint64 *w2;
				const double *v2 = FkFuseGroupOperand(&run, fa, roots2[k],
													  start, len, &w2);

				FkReduceStep2(&red[k], v, w, v2, w2, len);
			}
			else
				FkReduceStep(&red[k], v, w, len);
		}
		for (int k = 0; keep != NULL && k < keep->n; k++)
			FkFuseKeepBlock(keep, k, &run, fa, start, len);
	}
	pfree(regs);
	FkFuseFreeRings(prog, rings);
	if (stopped)
		return;
	for (int k = 0; k < nred; k++)
	{
		switch (FkReduceFinish(&red[k], &results[k].value))
		{
			case FK_REDUCE_NULL:
				results[k].status = FK_MEMBER_NULL;
				break;
			case FK_REDUCE_OVERFLOW:
				results[k].status = FK_MEMBER_SELF;
				break;
			default:
				results[k].status = FK_MEMBER_VALUE;
				break;
		}
	}
}

/*
 * The first phase of a program that uses reductions as scalars: their one
 * pass over the viewed arguments fa, each result put in its scalar slot,
 * and the program's subtrees it computes too kept in vectors the program
 * reads as its last inputs (FkFuseExec.nkeep).  False when one of them
 * would not simply return a value (a check stops the pass, a sum
 * overflows, a result is NULL, which makes the scalar NULL), core's
 * arithmetic on them would raise an error, or the scalars fail the
 * program's checks (then the values kept for the program are freed
 * first): the caller evaluates the call unfused, which raises the unfused
 * error, or returns its NULL, in the unfused order.
 */
static bool
FkFusePrePass(FkFuseExec *ex, FkFuseArgs *fa)
{
	FkFuseMemberResult results[FK_FUSE_GROUP_MAX];
	double		vals[FK_FUSE_GROUP_MAX];
	FkFuseKept	keep;
	size_t		n = (size_t) fa->len;
	bool		ok = true;

	memset(&keep, 0, sizeof(keep));
	keep.n = ex->nkeep;
	keep.roots = ex->keeproots;
	for (int k = 0; k < keep.n; k++)
	{
		/* budgeted (FkFuseFits) */
		keep.vals[k] = MemoryContextAllocHuge(CurrentMemoryContext,
											  Max(n, 1) * sizeof(double));
		keep.valid[k] = palloc(Max(FkBitmapWords(n), 1) * sizeof(uint64));
	}
	FkFuseReduceAll(ex->pre, ex->npre, ex->prerop, ex->preroots,
					ex->preroots2, fa, &keep, results);
	for (int r = 0; r < ex->npre; r++)
	{
		ok &= results[r].status == FK_MEMBER_VALUE;
		vals[r] = results[r].value;
	}
	for (int s = 0; ok && s < ex->prog.nslots; s++)
	{
		/* core's arithmetic on them, unless core would raise an error */
		if (ex->slots[s].sexpr != NULL)
			ok = FkFuseScalarValue(ex->slots[s].sexpr, ex->prenode, vals,
								   ex->npre, fa->args, &fa->slots[s]);
		else if (ex->slots[s].red >= 0)
			fa->slots[s] = vals[ex->slots[s].red];
	}
	ok = ok && FkFuseScalarsOk(&ex->prog, fa->slots) &&
		(ex->ntrees < 2 || FkFuseScalarsOk(&ex->prog2, fa->slots));
	for (int k = 0; k < keep.n; k++)
	{
		/* the unfused evaluation, if it comes to that, holds none of them */
		if (!ok)
		{
			pfree(keep.vals[k]);
			pfree(keep.valid[k]);
			continue;
		}
		fa->inputs[ex->nviews + k].values = keep.vals[k];
		fa->inputs[ex->nviews + k].valid = keep.nulls[k] ? keep.valid[k] : NULL;
	}
	return ok;
}

/*
 * The body of fused_eval and fused_eval_nvec (pg_fuse_entry.c): one pass
 * of the program over the inputs
 */
Datum
FkFusedEval(FunctionCallInfo fcinfo, int vtype)
{
	FkFuseExec *ex;
	FkFuseProgram *prog;
	FkFuseArgs	fa;
	FkVecResult res;
	FkFuseRun	run;
	void	   *regs;
	void	  **rings;
	bool		stopped = false;
	bool		by_block;
	uint64	   *blockvalid = NULL;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	ex = FkFuseExecGet(fcinfo, vtype);
	FkFuseCheckExecute(&ex->funcs);
	prog = &ex->prog;
	if (ex->ntrees > 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("fused program \"%s\" ends in a reduction", ex->text),
				 errhint("Call fused_reduce.")));
	for (int i = 0; i < ex->nargs; i++)
		if (PG_ARGISNULL(i + 1))
			return FkFuseSlow(fcinfo, ex);
	if (ex->direct)
		return FkFuseDirect(fcinfo, ex);
	if (ex->chain_unfused)
	{
		Datum	   *args = FkFuseChainUnfused(fcinfo, ex, vtype);
		bool		isnull;
		Datum		result;

		if (args != NULL)
		{
			elog(DEBUG1, "fusekern: fused program \"%s\", a running chain, evaluated unfused",
				 ex->text);
			result = FkFuseSlowNode(fcinfo, ex, args, ex->root, &isnull);
			if (isnull)
				PG_RETURN_NULL();
			return result;
		}
	}
	if (!FkFuseViewArgs(fcinfo, ex, &fa))
		return FkFuseSlow(fcinfo, ex);
	if (!FkFuseFits(ex, &fa))
		return FkFuseSlowViewed(fcinfo, ex, &fa);
	if (ex->npre > 0 && !FkFusePrePass(ex, &fa))
		return FkFuseSlowViewed(fcinfo, ex, &fa);

	FkResultInitFor(&res, vtype == FK_VT_NVEC, fa.len,
					FkFuseMayHaveNulls(prog, fa.inputs), fa.expanded);

	/*
	 * A float8[] that may hold NULLs stores only its present values: each
	 * block is run right after the values placed so far (its stores
	 * overlapping its computation, not a copy of its own) and packed there
	 */
	by_block = vtype == FK_VT_ARRAY && res.valid != NULL;
	if (by_block)
	{
		blockvalid = palloc(FK_FUSE_BLOCK_WORDS * sizeof(uint64));
		FkFuseRunInit(&run, prog, &fa, NULL, blockvalid, true);
	}
	else
	{
		/*
		 * Wider steps need no other budget than FkFuseFits gave: they are
		 * taken only by programs without rings, whose registers then take
		 * at most 3 * FK_FUSE_WIDE_BYTES (the read ones within it, the
		 * unread lag registers as wide), far under FK_FUSE_STATE_FLOOR
		 */
		FkFuseRunInit(&run, prog, &fa, res.values, res.valid, false);
		run.blk = FkFuseStepLen(prog, fa.inputs);
	}
	rings = FkFuseAllocRings(prog, fa.lags, run.n);
	regs = palloc(FkFuseRegsSize(prog, run.blk));
	FkFuseBeginRings(&run, regs, rings);
	for (size_t start = 0; start < run.n; start += run.blk)
	{
		CHECK_FOR_INTERRUPTS();
		if (by_block)
			run.out = FkResultBlockDst(&res, (int32) start);
		if (FkFuseRunBlock(&run, start))
		{
			stopped = true;
			break;
		}
		if (by_block)
			FkResultPlaceBlock(&res, (int32) start,
							   (int32) Min(run.n - start, FK_FUSE_BLOCK),
							   blockvalid);
	}
	if (by_block)
		pfree(blockvalid);
	pfree(regs);
	FkFuseFreeRings(prog, rings);
	if (stopped)
		return FkFuseSlow(fcinfo, ex);
	return FkResultFinish(&res);
}

/* The operands of a reduction over one block, evaluated or read in place */
typedef struct FkFuseOperand
{
	FkFuseRun	run;			/* when a program */
	void	   *regs;
	void	  **rings;
	double	   *vals;			/* one block */
	uint64	   *valid;
} FkFuseOperand;

/*
 * Set up operand o to run prog over the viewed arguments fa a block at a
 * time into block buffers of its own
 */
static void
FkFuseOperandBegin(FkFuseOperand *o, const FkFuseProgram *prog,
				   const FkFuseArgs *fa)
{
	o->vals = palloc(FK_FUSE_BLOCK * sizeof(double));
	o->valid = palloc(FK_FUSE_BLOCK_WORDS * sizeof(uint64));
	FkFuseRunInit(&o->run, prog, fa, o->vals, o->valid, true);
	o->rings = FkFuseAllocRings(prog, fa->lags, (size_t) fa->len);
	o->regs = palloc(FkFuseRegsSize(prog, o->run.blk));
	FkFuseBeginRings(&o->run, o->regs, o->rings);
}

/* Free the registers and rings of operand o (its block buffers stay) */
static void
FkFuseOperandEnd(FkFuseOperand *o)
{
	pfree(o->regs);
	FkFuseFreeRings(o->run.prog, o->rings);
}

/*
 * Feed the reduction of ex block by block: each operand's program runs over
 * the block into a block buffer, which goes to the accumulator *red (of two
 * operands for vdot, vcov ...).  False when a check stopped the evaluation.
 */
static bool
FkFuseReduceBlocks(FkFuseExec *ex, const FkFuseArgs *fa, FkFuseOperand *opnd,
				   FkReduce *red)
{
	size_t		n = (size_t) fa->len;

	for (size_t start = 0; start < n; start += FK_FUSE_BLOCK)
	{
		size_t		len = Min(n - start, (size_t) FK_FUSE_BLOCK);
		const double *v[2];
		const uint64 *w[2];

		CHECK_FOR_INTERRUPTS();
		for (int c = 0; c < ex->ntrees; c++)
		{
			int			k = ex->treeinput[c];

			if (k >= 0)
			{
				v[c] = FkFuseInputValues(&fa->inputs[k], start);
				w[c] = fa->inputs[k].valid ? fa->inputs[k].valid + start / 64 :
					NULL;
				continue;
			}
			if (FkFuseRunBlock(&opnd[c].run, start))
				return false;
			v[c] = opnd[c].vals;
			/* the accumulators' fast path when the block has no NULL */
			w[c] = opnd[c].run.out_dense ? NULL : opnd[c].valid;
		}
		if (ex->ntrees == 2)
			FkReduceStep2(red, v[0], w[0], v[1], w[1], len);
		else
			FkReduceStep(red, v[0], w[0], len);
	}
	return true;
}

/*
 * The reduction of ex evaluated unfused (over its viewed arguments fa when
 * not NULL), as fused_reduce returns it: a position (vargmin, vargmax) as
 * a float8
 */
static Datum
FkFuseSlowReduce(FunctionCallInfo fcinfo, FkFuseExec *ex, FkFuseArgs *fa)
{
	Datum		d;

	d = fa ? FkFuseSlowViewed(fcinfo, ex, fa) : FkFuseSlow(fcinfo, ex);

	if (fcinfo->isnull || !FkReds[ex->root->rop].position)
		return d;
	PG_RETURN_FLOAT8((double) DatumGetInt32(d));
}

/*
 * The body of fused_reduce (pg_fuse_entry.c) past its group: the reduction
 * of the program of ex (a reduction: vsum, vmean, vstddev, vdot, vcorr ...)
 * fed block by block, with no vector built; the position of vargmin and
 * vargmax as a float8 (the planner casts it to integer, pg_fuse_tree.c).
 * The accumulators give the same bits for any block split
 * (core/series_reduce.h), so the result is the unfused one; a sum that
 * overflows is left to the unfused evaluation, which raises core's error.
 */
Datum
FkFusedReduce(FunctionCallInfo fcinfo, FkFuseExec *ex)
{
	FkFuseArgs	fa;
	FkFuseOperand opnd[2];
	FkReduce	red;
	FkReduceStatus status;
	double		result = 0.0;
	bool		done;

	if (!FkFuseViewArgs(fcinfo, ex, &fa))
		return FkFuseSlowReduce(fcinfo, ex, NULL);
	if (!FkFuseFits(ex, &fa))
		return FkFuseSlowReduce(fcinfo, ex, &fa);
	if (ex->npre > 0 && !FkFusePrePass(ex, &fa))
		return FkFuseSlowReduce(fcinfo, ex, &fa);

	for (int c = 0; c < ex->ntrees; c++)
	{
		const FkFuseProgram *prog = c == 0 ? &ex->prog : &ex->prog2;

		if (ex->treeinput[c] < 0)
			FkFuseOperandBegin(&opnd[c], prog, &fa);
	}
	FkReduceInit(&red, (FkReduceKind) FkReds[ex->root->rop].acc);

	done = FkFuseReduceBlocks(ex, &fa, opnd, &red);
	for (int c = 0; c < ex->ntrees; c++)
	{
		if (ex->treeinput[c] < 0)
			FkFuseOperandEnd(&opnd[c]);
	}
	if (!done)
		return FkFuseSlowReduce(fcinfo, ex, NULL);
	status = FkReduceFinish(&red, &result);
	if (status == FK_REDUCE_NULL)
		PG_RETURN_NULL();
	if (status == FK_REDUCE_OVERFLOW)
		return FkFuseSlowReduce(fcinfo, ex, NULL);
	PG_RETURN_FLOAT8(result);
}

/*
 * Run the program of ex (no reduction) a block at a time into sink: its
 * begin sees the length, each block goes to its block in order.  True when
 * done; false when the call must be evaluated unfused (an argument the
 * pass does not take, a fault, a sink that declines): *slow and *slownull
 * are then the program's unfused value, its errors raised as the unfused
 * calls raise them.
 */
bool
FkFuseRunSink(FunctionCallInfo fcinfo, FkFuseExec *ex, const FkFuseSink *sink,
			  Datum *slow, bool *slownull)
{
	FkFuseArgs	fa;
	FkFuseOperand opnd;
	bool		done = true;

	*slownull = false;
	if (!FkFuseViewArgs(fcinfo, ex, &fa))
	{
		*slow = FkFuseSlowNode(fcinfo, ex, NULL, ex->root, slownull);
		return false;
	}
	if (!FkFuseFits(ex, &fa) || (ex->npre > 0 && !FkFusePrePass(ex, &fa)) ||
		!sink->begin(sink->arg, (size_t) fa.len))
	{
		FkFuseFreeViews(ex, &fa);
		*slow = FkFuseSlowNode(fcinfo, ex, fa.args, ex->root, slownull);
		return false;
	}
	FkFuseOperandBegin(&opnd, &ex->prog, &fa);
	for (size_t start = 0; start < (size_t) fa.len; start += FK_FUSE_BLOCK)
	{
		size_t		len = Min((size_t) fa.len - start, (size_t) FK_FUSE_BLOCK);

		CHECK_FOR_INTERRUPTS();
		if (FkFuseRunBlock(&opnd.run, start) ||
			!sink->block(sink->arg, start, len, opnd.vals,
						 opnd.run.out_dense ? NULL : opnd.valid))
		{
			done = false;
			break;
		}
	}
	FkFuseOperandEnd(&opnd);
	if (!done)
	{
		FkFuseFreeViews(ex, &fa);
		*slow = FkFuseSlowNode(fcinfo, ex, fa.args, ex->root, slownull);
	}
	return done;
}

/*
 * May the pass of group g run over the viewed arguments fa?  As FkFuseFits:
 * what it holds (registers, rings, windows) against what the unfused
 * evaluation of its members holds at least, one member after the other
 * (the largest of their peaks), or FK_FUSE_STATE_FLOOR.
 */
static bool
FkFuseGroupFits(const FkFuseGroup *g, const FkFuseArgs *fa)
{
	size_t		n = (size_t) fa->len;
	size_t		fused = FkFuseWorkspaceSize(&g->ex.prog, fa->lags, n);
	size_t		unfused = 0;

	for (int k = 0; k < g->nmembers; k++)
	{
		size_t		live = 0;

		unfused = Max(unfused, FkFuseUnfusedPeak(&g->alone[k], fa->lags, n,
												 false, &live));
	}
	return fused <= Max(unfused, FK_FUSE_STATE_FLOOR);
}

/*
 * See pg_fuse_exec.h.  Each member's accumulator takes the blocks of its
 * operand, as its own fused_reduce would: the same values (each
 * instruction is its own program's), the same blocks, hence the same
 * bits.  A member gets FK_MEMBER_SELF (its call then runs on its own, and
 * raises its error there, if any) wherever its own call would not give a
 * value straight away: the arguments cannot be viewed (a NULL, lengths
 * that differ ...), the pass does not fit its budget or a check stops it
 * (for every member), or its sum overflows (for it).
 */
void
FkFuseGroupPass(FunctionCallInfo fcinfo, FkFuseGroup *g,
				FkFuseMemberResult *results)
{
	FkFuseExec *ex = &g->ex;
	FkFuseArgs	fa;

	memset(results, 0, sizeof(FkFuseMemberResult) * g->nmembers);
	if (!FkFuseViewArgs(fcinfo, ex, &fa) || !FkFuseGroupFits(g, &fa))
		return;
	FkFuseReduceAll(&ex->prog, g->nmembers, g->rop, g->roots, NULL, &fa,
					NULL, results);
}
