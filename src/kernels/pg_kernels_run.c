/*
 * pg_kernels_run.c
 *		The generic driver of the vector kernels: from fcinfo to a result.
 *
 * Elementwise shapes and lagged shapes share everything but the validity of
 * the output and the index ranges of a block:
 *
 *	 elementwise: out[i] present when every vector input is present at i;
 *	 lagged:	  out[i] present when v[i] and v[i - lag] are (i >= lag).
 *
 * A block of FK_BLOCK elements is computed straight into the result, then
 * checked while it is still in cache; interrupts are served between blocks.
 * With on_error 'error' (or no on_error argument) the first fault (of the
 * earliest step of the chain) raises core's error; with 'null', faulty
 * elements lose their validity bit, so the result is built with a bitmap
 * whenever the operation can fault.
 */
#include "postgres.h"

#include <math.h>

#include "common/shortest_dec.h"
#include "miscadmin.h"
#include "utils/array.h"

#include "core/masked.h"
#include "kernels/pg_kernels.h"
#include "vector/vecview.h"

/* Everything one call works with */
typedef struct FkRun
{
	FkKernelOp	opcode;
	const FkOpInfo *op;			/* what the catalogue says of it */
	const FkKernelTable *kt;
	const FkCheckTable *ct;
	bool		to_null;		/* on_error 'null' */
	bool		lagged;
	int32		len;
	FkVecView	x;				/* the vector input (first one) */
	FkVecView	y;				/* second vector input, if any */
	bool		has_y;
	double		a;				/* scalars, by shape */
	double		b;
	size_t		lag;			/* clamped to len */
	bool		check_rest;		/* run op->check on the output */
	double	   *scratch;		/* ln of a block, for checks after ln */
	double	   *scratch2;
	uint64	   *in_valid;		/* lagged: input validity, faults removed */
	FkVecResult res;
	FkFaultHit	pending;		/* error mode: lowest later-stage fault */
} FkRun;

/* Raise core's error for hit, naming the argument its element comes from */
static void
FkRunFault(const FkRun *run, const FkFaultHit *hit)
{
	FkFaultSite site;

	site.func = run->op->name;
	site.args = FkShapes[run->op->shape].argnames;
	site.index = hit->index;
	switch (run->op->shape)
	{
		case FK_SHAPE_SV:
			site.which = "second argument";
			break;
		case FK_SHAPE_VV:
			site.which = (hit->fault == FK_FAULT_DIV_ZERO) ? "second argument" :
				"first and second arguments";
			break;
		case FK_SHAPE_VVSS:
			/* every step reads x[i] - y[i] */
			site.which = "first and second arguments";
			break;
		default:
			site.which = "first argument";
			break;
	}
	FkReportFault(hit->fault, &site);
}

/* View vector argument argno (0 or 1) of fn(), the call of fcinfo */
static void
FkGetVector(FunctionCallInfo fcinfo, int argno, bool is_nvec, FkVecView *view,
			const char *fn)
{
	if (is_nvec)
		FkViewNVec(PG_GETARG_NVEC_P(argno), view);
	else
		FkViewArrayDatumOf(PG_GETARG_DATUM(argno), view, fn,
						   argno == 0 ? "first argument" : "second argument");
}

/*
 * Error out when the first two vector arguments of fn() differ in length:
 * 2202E, the one SQLSTATE of every length or shape mismatch
 * (docs/kernels.md), naming them as the domain errors do (a detail and a
 * hint)
 */
void
FkCheckLengthsOf(int32 a, int32 b, const char *fn)
{
	if (a != b)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("different vector lengths %d and %d", a, b),
				 errdetail("The first argument of %s() has length %d, the second length %d.",
						   fn, a, b),
				 errhint("Elementwise functions take vectors of the same length: build both from the same rows, or cut one with head(), tail() or v[a:b].")));
}

/*
 * The same check for a row of length row against the rows aggregate agg()
 * took before, of length have, naming the aggregate
 */
void
FkCheckRowLengthOf(int32 have, int32 row, const char *agg)
{
	if (have != row)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("different vector lengths %d and %d", have, row),
				 errdetail("The rows %s() aggregated before have length %d, this one length %d.",
						   agg, have, row),
				 errhint("Aggregates across rows take vectors of the same length: aggregate rows of one length, or cut them with head(), tail() or v[a:b].")));
}

/* Raise the error of bounds a, b an operation refuses (FK_SCALARS_ORDERED) */
static void
FkScalarsError(double a, double b)
{
	if (isnan(a) || isnan(b))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("bounds must not be NaN")));
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("lower bound must not be greater than upper bound"),
			 errdetail("The lower bound given is %s, the upper bound %s.",
					   double_to_shortest_decimal(a),
					   double_to_shortest_decimal(b))));
}

/* Read the lag argument: negative is an error, beyond the length means all */
static size_t
FkGetLag(FunctionCallInfo fcinfo, int argno, int32 len)
{
	int32		lag = PG_GETARG_INT32(argno);

	if (lag < 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("lag must not be negative"),
				 errdetail("The lag given is %d.", lag)));
	return (size_t) Min(lag, len);
}

/* Fill run from the arguments of fcinfo, as op's shape lays them out */
static void
FkReadArgs(FunctionCallInfo fcinfo, int nvec_args, FkRun *run)
{
	int			vec = 0;

	switch (run->op->shape)
	{
		case FK_SHAPE_SV:
			run->a = PG_GETARG_FLOAT8(0);
			vec = 1;
			break;
		case FK_SHAPE_VS:
			run->a = PG_GETARG_FLOAT8(1);
			break;
		case FK_SHAPE_VSS:
			run->a = PG_GETARG_FLOAT8(1);
			run->b = PG_GETARG_FLOAT8(2);
			break;
		case FK_SHAPE_VVSS:
			run->a = PG_GETARG_FLOAT8(2);
			run->b = PG_GETARG_FLOAT8(3);
			/* fall through */
		case FK_SHAPE_VV:
			run->has_y = true;
			break;
		case FK_SHAPE_VLSS:
			run->a = PG_GETARG_FLOAT8(2);
			run->b = PG_GETARG_FLOAT8(3);
			/* fall through */
		case FK_SHAPE_VL:
			run->lagged = true;
			break;
		case FK_SHAPE_V:
		case FK_SHAPE_VLS:		/* rolling_quantile's: no kernel has it */
		case FK_SHAPE_VTDL:		/* the windows of a duration's: nor these */
		case FK_SHAPE_VTDSL:
		case FK_SHAPE_COUNT:
			break;
	}
	if (PG_NARGS() > FkShapes[run->op->shape].nargs)
		run->to_null = FkGetOnError(fcinfo, FkShapes[run->op->shape].nargs) ==
			FK_ON_ERROR_NULL;
	FkGetVector(fcinfo, vec, (nvec_args & FK_NVEC_X) != 0, &run->x,
				run->op->name);
	run->len = run->x.len;
	if (run->has_y)
	{
		FkGetVector(fcinfo, 1, (nvec_args & FK_NVEC_Y) != 0, &run->y,
					run->op->name);
		FkCheckLengthsOf(run->x.len, run->y.len, run->op->name);
	}
	if (run->lagged)
		run->lag = FkGetLag(fcinfo, 1, run->len);
}

/* Validity words of n elements, all present */
static uint64 *
FkAllValid(int32 n)
{
	uint64	   *bm = (uint64 *) palloc(NVEC_NWORDS(n) * sizeof(uint64));

	FkBitmapSetAll(bm, (size_t) n);
	return bm;
}

/*
 * Fault found (or cleared) by one check over elements [0, n) of chk, whose
 * element i has validity bit vbit + i of valid, and stands for element
 * first + i of the vector; stage is the step of the chain chk starts at.
 * Error mode: a fault of the first step is raised at once (no later block
 * can come before it), a later one is kept until the whole vector is done.
 */
static void
FkCheck1(FkRun *run, const FkCheck *chk, uint64 *valid, size_t vbit,
		 size_t n, size_t first, int stage)
{
	FkFaultHit	hit;

	if (run->to_null)
	{
		run->ct->clear(chk, valid, vbit, n);
		return;
	}
	if (!run->ct->find(chk, valid, vbit, n, &hit))
		return;
	hit.stage += stage;
	hit.index += first;
	if (hit.stage == 0)
		FkRunFault(run, &hit);
	if (run->pending.fault == FK_FAULT_NONE || hit.stage < run->pending.stage)
		run->pending = hit;
}

/* The ln check over input elements [s, e), present per valid */
static void
FkCheckLn(FkRun *run, uint64 *valid, size_t s, size_t e)
{
	FkCheck		chk = {FK_CHECK_LN, run->x.values + s, NULL, NULL, 0.0, 0.0};

	FkCheck1(run, &chk, valid, s, e - s, s, 0);
}

/*
 * Check output elements [s, e) for the faults of the chain after its first
 * step (or of the whole operation when it does not start with ln).
 */
static void
FkCheckRest(FkRun *run, size_t s, size_t e)
{
	const FkKernelTable *kt = run->kt;
	const double *x = run->x.values;
	size_t		n = e - s;
	FkCheck		chk = {run->op->check, x + s, NULL, run->res.values + s,
	run->a, run->b};
	int			stage = 0;

	if (run->has_y)
		chk.y = run->y.values + s;
	if (run->lagged && !(run->op->flags & FK_OPF_LN_FIRST))
		chk.y = x + s - run->lag;
	if ((run->op->flags & FK_OPF_LN_FIRST))
	{
		/* the chain's x is ln(v), or ln(v[i]) - ln(v[i - lag]) */
		kt->ln(run->scratch, x + s, n);
		stage = 1;
		if (run->lagged)
		{
			kt->ln(run->scratch2, x + s - run->lag, n);
			kt->sub(run->scratch, run->scratch, run->scratch2, n);
			stage = 2;
		}
		chk.x = run->scratch;
	}
	FkCheck1(run, &chk, run->res.valid, s, n, s, stage);
}

/*
 * Run op's primitive on output elements [s, e) through the masked driver,
 * which skips words without a present output.
 */
static void
FkKernelBlock(FkRun *run, size_t s, size_t e)
{
	FkMaskedApply(run->kt, run->opcode, run->res.values, run->x.values,
				  run->has_y ? run->y.values : NULL, run->a, run->b, run->lag,
				  run->res.valid, s, e);
}

/*
 * Validity of the output of an elementwise operation: NULL (all present)
 * unless an input has NULLs or faults may become NULLs.
 */
static void
FkElementwiseValidity(FkRun *run)
{
	uint64	   *out = run->res.valid;
	const uint64 *xv = run->x.valid;
	const uint64 *yv = run->has_y ? run->y.valid : NULL;
	Size		bytes = NVEC_NWORDS(run->len) * sizeof(uint64);

	if (out == NULL)
		return;
	if (xv && yv)
		FkBitmapAnd(out, xv, yv, (size_t) run->len);
	else if (xv || yv)
		memcpy(out, xv ? xv : yv, bytes);
	else
		FkBitmapSetAll(out, (size_t) run->len);
}

/*
 * Validity and operands of an FK_OPF_EITHER operation (core's greatest and
 * least): an element is present where either operand is (always, with a
 * float8 operand, which is never NULL), and where one is absent the other
 * stands for it, so the body of two equal operands gives the present one.
 * The operands with NULLs are copied once, filled so.
 */
static void
FkEitherValidity(FkRun *run)
{
	const uint64 *xv = run->x.valid;
	const uint64 *yv = run->has_y ? run->y.valid : NULL;
	size_t		n = (size_t) run->len;
	double	   *xf = NULL;
	double	   *yf = NULL;

	if (xv)
		xf = (double *) palloc(sizeof(double) * n);
	if (yv)
		yf = (double *) palloc(sizeof(double) * n);
	for (size_t i = 0; i < n; i++)
	{
		bool		xp = xv == NULL || FkBitmapGet(xv, i);
		bool		yp = yv == NULL || FkBitmapGet(yv, i);
		double		other = run->has_y ? run->y.values[i] : run->a;

		if ((i & (FK_BLOCK - 1)) == 0)
			CHECK_FOR_INTERRUPTS();
		if (xf)
			xf[i] = xp ? run->x.values[i] : other;
		if (yf)
			yf[i] = yp ? run->y.values[i] : run->x.values[i];
	}
	if (run->res.valid != NULL)
	{
		for (size_t w = 0; w < NVEC_NWORDS(n); w++)
			run->res.valid[w] = ((xv && yv) ? (xv[w] | yv[w]) : ~UINT64CONST(0)) &
				FkWordMask(w, n);
	}
	if (xf)
		run->x.values = xf;
	if (yf)
		run->y.values = yf;
}

/*
 * Validity of the output of a lagged operation: v[i] and v[i - lag] present
 * (none is missing when lag is 0 and v has no NULL).  With on_error 'null',
 * the inputs ln rejects are dropped first.
 */
static void
FkLaggedValidity(FkRun *run)
{
	size_t		n = (size_t) run->len;

	if (run->x.valid)
	{
		run->in_valid = (uint64 *) palloc(NVEC_NWORDS(run->len) * sizeof(uint64));
		memcpy(run->in_valid, run->x.valid, NVEC_NWORDS(run->len) * sizeof(uint64));
	}
	else
		run->in_valid = FkAllValid(run->len);
	if ((run->op->flags & FK_OPF_LN_FIRST) && run->to_null)
	{
		for (size_t s = 0; s < n; s += FK_BLOCK)
		{
			CHECK_FOR_INTERRUPTS();
			FkCheckLn(run, run->in_valid, s, Min(s + FK_BLOCK, n));
		}
	}
	if (run->res.valid != NULL)
		FkBitmapAndShifted(run->res.valid, run->in_valid, run->in_valid, n,
						   run->lag);
}

/* Run the blocks: kernel, then the checks of the block */
static void
FkRunBlocks(FkRun *run)
{
	size_t		n = (size_t) run->len;

	for (size_t s = 0; s < n; s += FK_BLOCK)
	{
		size_t		e = Min(s + FK_BLOCK, n);
		size_t		os = run->lagged ? Max(s, run->lag) : s;

		CHECK_FOR_INTERRUPTS();
		if (os < e)
			FkKernelBlock(run, os, e);
		/* ln of every present input of the block, in index order */
		if ((run->op->flags & FK_OPF_LN_FIRST) && !(run->lagged && run->to_null))
			FkCheckLn(run, run->lagged ? run->in_valid : run->res.valid, s, e);
		if (run->check_rest && os < e)
			FkCheckRest(run, os, e);
	}
	if (run->pending.fault != FK_FAULT_NONE)
		FkRunFault(run, &run->pending);
}

/* The one driver: runs op on the arguments of fcinfo */
Datum
FkRunOp(FunctionCallInfo fcinfo, FkKernelOp opcode, int nvec_args)
{
	FkRun		run;
	const FkOpInfo *op = &FkOps[opcode];
	bool		maybe_nulls;
	bool		can_fault;

	memset(&run, 0, sizeof(run));
	run.opcode = opcode;
	run.op = op;
	run.kt = FkKernels();
	run.ct = FkChecks();
	FkReadArgs(fcinfo, nvec_args, &run);
	if (!FkOpScalarsOk(opcode, run.a, run.b))
		FkScalarsError(run.a, run.b);

	run.check_rest = op->check != FK_CHECK_NONE &&
		!((op->flags & FK_OPF_LN_FIRST) && FkScaleAddSafeAfterLn(run.a, run.b));
	can_fault = (op->flags & FK_OPF_LN_FIRST) || run.check_rest;
	maybe_nulls = run.x.valid != NULL ||
		(run.has_y && run.y.valid != NULL) ||
		(run.lagged && run.lag > 0) ||
		(run.to_null && can_fault);

	FkResultInitFor(&run.res, nvec_args != FK_NVEC_NONE, run.len, maybe_nulls,
					run.x.expanded || (run.has_y && run.y.expanded));
	if (run.len == 0)
		return FkResultFinish(&run.res);
	if (run.check_rest && (op->flags & FK_OPF_LN_FIRST))
	{
		run.scratch = (double *) palloc(sizeof(double) * Min(run.len, FK_BLOCK));
		if (run.lagged)
			run.scratch2 = (double *) palloc(sizeof(double) * Min(run.len, FK_BLOCK));
	}

	if (run.lagged)
		FkLaggedValidity(&run);
	else if (op->flags & FK_OPF_EITHER)
		FkEitherValidity(&run);
	else
		FkElementwiseValidity(&run);
	FkRunBlocks(&run);
	return FkResultFinish(&run.res);
}
