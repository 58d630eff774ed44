/*
 * fuse_exec.c
 *		The layer calls that stand for a nested spelling (fuse.c):
 *		linear_residual_relu(x, w, bias, residual, spelling),
 *		gelu_linear(x, w, bias, spelling) and linear_relu(x, w, bias,
 *		spelling).
 *
 * They return what the spelling returns, bit for bit on the same executor
 * path, and raise its errors, with no intermediate array:
 *
 * - The residual spellings add with vadd, which takes one-dimensional
 *   arrays only, so they compute a single row (x one-dimensional).  The
 *   product is matmul's own (the same dgemm, routed the same way), then
 *   one pass adds the bias and the residual in the spelling's order and
 *   applies ReLU.  vadd's overflow error (an infinite sum of finite
 *   operands) is found in that pass.
 * - relu(add_bias(matmul(x, w), bias)) takes one row or a matrix: matmul's
 *   own product, then one pass over it, in place, adds the bias and
 *   applies ReLU, each rounded as add_bias and relu round it.
 * - The GELU spelling runs gelu_linear, which gives the same bits as
 *   gelu, matmul and add_bias chained (docs/dense.md).
 *
 * Wherever the spelling would raise an error (a NULL element, a shape it
 * refuses, an overflow) or an argument is NULL (the spelling's STRICT
 * calls then return NULL, but those before still run and may raise), the
 * call evaluates the spelling call by call instead, through each
 * function's own entry point, which gives its exact errors and result.
 *
 * Like fused_eval, the call checks EXECUTE on every function of its
 * spelling for the user running it (once per call site and user), and is
 * not STRICT.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "dense/dense_pg.h"
#include "dense/fuse.h"
#include "fmgr.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/memutils.h"

#include "common/pg_compat.h"

PG_FUNCTION_INFO_V1(linear_residual_relu_spelled);
PG_FUNCTION_INFO_V1(gelu_linear_spelled);
PG_FUNCTION_INFO_V1(linear_relu_spelled);

/* What a call site keeps: its spelling and the functions it stands for */
typedef struct FkSpelledState
{
	text	   *key;			/* the spelling text this was made for */
	const FkDenseSpelling *sp;
	FkFuseFuncs funcs;
	void	   *wcache;			/* w detoasted once (FkGetArrayArgCachedIn) */
} FkSpelledState;

/*
 * The spelling named by argument argno, for a call of target; refuses
 * (22023) a text that is no spelling of that target
 */
static const FkDenseSpelling *
FkSpellingOf(text *t, FkDenseFn target)
{
	char	   *s = text_to_cstring(t);

	for (int i = 0; i < FK_DENSE_NSPELLINGS; i++)
		if (FkDenseSpellings[i].target == target &&
			strcmp(FkDenseSpellings[i].text, s) == 0)
		{
			pfree(s);
			return &FkDenseSpellings[i];
		}
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("invalid dense spelling \"%s\"", s),
			 errdetail("The last argument names the nested calls the layer stands for, as the planner writes them (docs/dense.md).")));
	return NULL;				/* not reached */
}

/*
 * The state of this call site, for the spelling of argument argno, its
 * functions checked for EXECUTE by the current user
 */
static FkSpelledState *
FkSpelledSetup(FunctionCallInfo fcinfo, int argno, FkDenseFn target)
{
	FkSpelledState *st = (FkSpelledState *) fcinfo->flinfo->fn_extra;
	text	   *t = PG_GETARG_TEXT_PP(argno);

	if (st == NULL || VARSIZE_ANY_EXHDR(st->key) != VARSIZE_ANY_EXHDR(t) ||
		memcmp(VARDATA_ANY(st->key), VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t)) != 0)
	{
		const FkDenseSpelling *sp = FkSpellingOf(t, target);
		MemoryContext old = MemoryContextSwitchTo(fcinfo->flinfo->fn_mcxt);

		if (st == NULL)
			st = palloc0(sizeof(FkSpelledState));
		else
			pfree(st->key);
		st->key = (text *) PG_DETOAST_DATUM_COPY(PointerGetDatum(t));
		st->sp = sp;
		st->funcs.n = 0;
		st->funcs.checked_user = InvalidOid;
		for (int i = 0; i < sp->nsteps; i++)
		{
			Oid			oid = FkFuseDenseOid(sp->steps[i].fn);

			if (!OidIsValid(oid))
				elog(ERROR, "fusekern: function of dense spelling \"%s\" not found",
					 sp->text);
			st->funcs.oids[st->funcs.n++] = oid;
		}
		MemoryContextSwitchTo(old);
		fcinfo->flinfo->fn_extra = st;
	}
	FkFuseCheckExecute(&st->funcs);
	return st;
}

/*
 * Evaluate the spelling call by call over the call's arguments, each
 * function through its own entry point, STRICT as they are: a call with a
 * NULL operand is not made and gives NULL.
 */
static Datum
FkSpelledUnfused(FunctionCallInfo fcinfo, const FkDenseSpelling *sp)
{
	Datum		vals[FK_DENSE_MAX_STEPS];
	bool		nulls[FK_DENSE_MAX_STEPS];

	for (int i = 0; i < sp->nsteps; i++)
	{
		const FkDenseStep *st = &sp->steps[i];
		int			ops[2] = {st->a, st->b};
		int			nargs = st->b == FK_DOP_NONE ? 1 : 2;
		LOCAL_FCINFO(call, 2);
		FmgrInfo	flinfo;

		fmgr_info(FkFuseDenseOid(st->fn), &flinfo);
		InitFunctionCallInfoData(*call, &flinfo, nargs, InvalidOid, NULL, NULL);
		nulls[i] = false;
		for (int a = 0; a < nargs; a++)
		{
			if (ops[a] >= FK_DOP_STEP(0))
			{
				call->args[a].value = vals[ops[a] - FK_DOP_STEP(0)];
				call->args[a].isnull = nulls[ops[a] - FK_DOP_STEP(0)];
			}
			else
			{
				call->args[a].value = PG_GETARG_DATUM(ops[a]);
				call->args[a].isnull = PG_ARGISNULL(ops[a]);
			}
			nulls[i] |= call->args[a].isnull;
		}
		if (nulls[i])
			continue;
		vals[i] = FunctionCallInvoke(call);
		nulls[i] = call->isnull;
	}
	if (nulls[sp->nsteps - 1])
		PG_RETURN_NULL();
	return vals[sp->nsteps - 1];
}

/*
 * Read x, w and bias (arguments 0 to 2) as a layer takes them, raising
 * nothing: false where the spelling must run call by call instead (one of
 * the first nargs arguments NULL, a NULL element, a shape or a result size
 * it refuses)
 */
static bool
FkSpelledOperands(FunctionCallInfo fcinfo, FkSpelledState *st, int nargs,
				  FkMatrix *x, FkMatrix *w, FkMatrix *bias)
{
	for (int i = 0; i < nargs; i++)
		if (PG_ARGISNULL(i))
			return false;
	return FkMatrixTryArray(PG_GETARG_ARRAYTYPE_P(0), x) &&
		FkMatrixTryArray(FkGetArrayArgCachedIn(fcinfo, 1, &st->wcache), w) &&
		w->ndim == 2 && x->cols == w->rows &&
		FkMatrixTryArray(PG_GETARG_ARRAYTYPE_P(2), bias) &&
		bias->ndim == 1 && bias->cols == w->cols &&
		(uint64) x->rows * (uint64) w->cols <= MaxArraySize;
}

/*
 * linear_residual_relu(x, w, bias, residual, spelling): a residual block
 * spelled with matmul, add_bias, vadd and relu, computed as one row
 */
Datum
linear_residual_relu_spelled(PG_FUNCTION_ARGS)
{
	FkSpelledState *st;
	const FkDenseSpelling *sp;
	FkMatrix	x,
				w,
				bias,
				res;
	ArrayType  *result;
	double	   *out;

	if (PG_ARGISNULL(4))
		PG_RETURN_NULL();
	st = FkSpelledSetup(fcinfo, 4, FK_DFN_LRR_SPELLED);
	sp = st->sp;
	if (!FkSpelledOperands(fcinfo, st, 4, &x, &w, &bias) || x.ndim != 1 ||
		!FkMatrixTryArray(PG_GETARG_ARRAYTYPE_P(3), &res) ||
		res.ndim != 1 || res.cols != w.cols)
		return FkSpelledUnfused(fcinfo, sp);
	result = FkDenseLayerResult(FK_DENSE_MATMUL, &x, &w, NULL, NULL, &out);
	if (!FkDenseResidualRow(out, bias.data, res.data, w.cols, sp->bias_first))
	{
		pfree(result);
		return FkSpelledUnfused(fcinfo, sp);
	}
	PG_RETURN_ARRAYTYPE_P(result);
}

/* gelu_linear(x, w, bias, spelling): add_bias(matmul(gelu(x), w), bias) */
Datum
gelu_linear_spelled(PG_FUNCTION_ARGS)
{
	FkSpelledState *st;
	const FkDenseSpelling *sp;
	FkMatrix	x,
				w,
				bias;
	double	   *out;

	if (PG_ARGISNULL(3))
		PG_RETURN_NULL();
	st = FkSpelledSetup(fcinfo, 3, FK_DFN_GELU_LINEAR_SPELLED);
	sp = st->sp;
	if (!FkSpelledOperands(fcinfo, st, 3, &x, &w, &bias))
		return FkSpelledUnfused(fcinfo, sp);
	PG_RETURN_ARRAYTYPE_P(FkDenseLayerResult(FK_DENSE_GELU_LINEAR, &x, &w,
											 bias.data, NULL, &out));
}

/*
 * linear_relu(x, w, bias, spelling): relu(add_bias(matmul(x, w), bias)),
 * x one row or a matrix
 */
Datum
linear_relu_spelled(PG_FUNCTION_ARGS)
{
	FkSpelledState *st;
	FkMatrix	x,
				w,
				bias;
	ArrayType  *result;
	double	   *out;
	size_t		block;

	if (PG_ARGISNULL(3))
		PG_RETURN_NULL();
	st = FkSpelledSetup(fcinfo, 3, FK_DFN_LINEAR_RELU_SPELLED);
	if (!FkSpelledOperands(fcinfo, st, 3, &x, &w, &bias))
		return FkSpelledUnfused(fcinfo, st->sp);
	result = FkDenseLayerResult(FK_DENSE_MATMUL, &x, &w, NULL, NULL, &out);
	/* about 64k elements a block, as relu polls for cancel */
	block = Max(65536 / (size_t) w.cols, 1);
	for (size_t r0 = 0; r0 < (size_t) x.rows; r0 += block)
	{
		CHECK_FOR_INTERRUPTS();
		FkBiasReluRows(out + r0 * w.cols, bias.data,
					   Min(block, x.rows - r0), w.cols);
	}
	PG_RETURN_ARRAYTYPE_P(result);
}
