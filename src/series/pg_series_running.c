/*
 * pg_series_running.c
 *		cumsum, cumprod, cummax, cummin, ema (also by span or half-life),
 *		fill_forward, fill_null and shift over float8[] and nvec (the core:
 *		core/series_running.c).
 *
 * Each call views its vector, allocates its result once and runs the core
 * step over blocks of FK_BLOCK elements straight into the result's data
 * area, serving interrupts between blocks; the state carries from block to
 * block as it would from one fused block to the next.  The result has the
 * input's type; its NULLs are the input's (fill_forward: but those after
 * the first present element; fill_null: none; shift: those shifted in).
 */
#include "postgres.h"

#include <math.h>

#include "catalog/pg_type.h"
#include "common/shortest_dec.h"
#include "miscadmin.h"
#include "port/pg_bitutils.h"
#include "utils/array.h"
#include "utils/float.h"

#include "core/series_ewm.h"
#include "core/series_running.h"
#include "kernels/pg_kernels.h"
#include "vector/vecview.h"

/* ema's alpha: in (0, 1], else an error naming it */
static double
FkCheckAlpha(double alpha)
{
	if (!(alpha > 0.0 && alpha <= 1.0))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid value for parameter \"alpha\": %s",
						double_to_shortest_decimal(alpha)),
				 errdetail("alpha must be greater than 0 and at most 1.")));
	return alpha;
}

/*
 * ema's alpha from its named arguments p[0 .. 2] = alpha, span, halflife,
 * given[i] false for one not given (SQL NULL, its default): exactly one of
 * them, as pandas' ewm reads them, alpha = 2 / (span + 1) or
 * 1 - exp(-ln(2) / halflife), computed as the same float8 expressions in
 * SQL compute them.  A NaN is a value given, which makes no alpha.  False
 * when they do not make an alpha in (0, 1]; *which is then the one given
 * (-1: not exactly one).  The unfused call and the planner's rewrite into
 * ema(v, alpha) (pg_fuse_ema.c) both take alpha from here, so both give
 * the same bits.
 */
bool
FkEmaAlphaFrom(const double p[3], const bool given[3], double *alpha,
			   int *which)
{
	int			ngiven = 0;
	double		val = 0.0;
	double		a = 0.0;

	*which = -1;
	for (int i = 0; i < 3; i++)
		if (given[i])
		{
			ngiven++;
			*which = i;
			val = p[i];
		}
	if (ngiven != 1)
	{
		*which = -1;
		return false;
	}
	if (*which == 1 && isfinite(val) && val >= 1.0)
		a = 2.0 / (val + 1.0);
	else if (*which == 2 && isfinite(val) && val > 0.0)
		a = 1.0 - exp(-log(2.0) / val);
	else if (*which == 0)
		a = val;
	*alpha = a;
	return a > 0.0 && a <= 1.0;
}

/*
 * ema's alpha from its named arguments (first to first + 2: alpha, span,
 * halflife, SQL NULL when not given), or their error; *which_out and
 * *param_out, when given, say which one it came from and its value
 */
static double
FkEmaAlpha(FunctionCallInfo fcinfo, int first, int *which_out,
		   double *param_out)
{
	static const char *const names[] = {"alpha", "span", "halflife"};
	double		p[3];
	bool		given[3];
	double		alpha = 0.0;
	int			which;
	int			ngiven = 0;

	for (int i = 0; i < 3; i++)
	{
		given[i] = !PG_ARGISNULL(first + i);
		p[i] = given[i] ? PG_GETARG_FLOAT8(first + i) : 0.0;
		ngiven += given[i] ? 1 : 0;
	}
	if (FkEmaAlphaFrom(p, given, &alpha, &which))
	{
		if (which_out != NULL)
		{
			*which_out = which;
			*param_out = p[which];
		}
		return alpha;
	}
	if (which < 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("ema() takes exactly one of alpha, span and halflife"),
				 errdetail("%d of them were given (a NULL counts as not given).", ngiven),
				 errhint("ema(v, span => s) is ema(v, 2 / (s + 1)); ema(v, halflife => h) is ema(v, 1 - exp(-ln(2) / h)).")));
	if (which > 0 && !(alpha > 0.0))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid value for parameter \"%s\": %s", names[which],
						double_to_shortest_decimal(p[which])),
				 errdetail(which == 1 ? "span must be finite and at least 1." :
						   "halflife must be finite and greater than 0, and small enough that alpha = 1 - exp(-ln(2) / halflife) is not 0.")));
	return FkCheckAlpha(alpha);
}

/* Raise the error of the fault st stopped at, in function name */
static void
FkRunningReport(const FkRunningState *st, const char *name, size_t index)
{
	FkFaultSite site = {name, NULL, "first argument", index};

	FkReportFault(st->fault, &site);
}

/* Does op give NULL exactly where its input is NULL? */
static bool
FkRunningKeepsNulls(FkRunningOp op)
{
	return op != FK_RUN_FILL_FORWARD && op != FK_RUN_FILL_NULL;
}

/*
 * A flat float8[] with NULLs through an op that keeps its NULLs: NULLs
 * neither change the state nor get a value, so the op over the packed data
 * area (present elements only, in order) gives the result's packed data
 * area, and the result's NULL bitmap is the input's.  No expansion into
 * values + validity words and no packing afterwards.  Returns false (and
 * does nothing) for any other array.
 */
static bool
FkRunningPacked(ArrayType *arr, FkRunningState *st, const char *name,
				Datum *result)
{
	ArrayType  *out;
	int32		len;
	size_t		present;
	const double *in;
	double	   *dst;

	if (!ARR_HASNULL(arr) || ARR_NDIM(arr) != 1 ||
		ARR_ELEMTYPE(arr) != FLOAT8OID)
		return false;
	len = ARR_DIMS(arr)[0];
	present = (size_t) pg_popcount((const char *) ARR_NULLBITMAP(arr), len / 8);
	if (len % 8)
		present += (size_t) pg_popcount32(ARR_NULLBITMAP(arr)[len / 8] &
										  ((1 << (len % 8)) - 1));
	if ((size_t) ARR_SIZE(arr) < ARR_DATA_OFFSET(arr) + present * sizeof(double))
		elog(ERROR, "corrupt float8[]: %zu present elements in %zu bytes",
			 present, (size_t) ARR_SIZE(arr));

	/* the same header and NULL bitmap, lower bound 1 as every result */
	out = (ArrayType *) palloc(ARR_DATA_OFFSET(arr) + present * sizeof(double));
	memcpy(out, arr, ARR_DATA_OFFSET(arr));
	SET_VARSIZE(out, ARR_DATA_OFFSET(arr) + present * sizeof(double));
	ARR_LBOUND(out)[0] = 1;
	in = (const double *) ARR_DATA_PTR(arr);
	dst = (double *) ARR_DATA_PTR(out);
	for (size_t s = 0; s < present; s += FK_BLOCK)
	{
		size_t		e = Min(s + FK_BLOCK, present);

		CHECK_FOR_INTERRUPTS();
		if (!FkRunningStep(st, in + s, NULL, s, e - s, dst + s, NULL))
		{
			/* the fault's element: the one holding present value k */
			const bits8 *bm = ARR_NULLBITMAP(arr);
			size_t		k = st->fault_index;
			int32		i;

			for (i = 0; i < len; i++)
				if ((bm[i / 8] & (1 << (i % 8))) && k-- == 0)
					break;
			FkRunningReport(st, name, (size_t) i);
		}
	}
	*result = PointerGetDatum(out);
	return true;
}

/*
 * Run op, SQL function name, on the vector argument of fcinfo, with param
 * (ema's alpha, fill_null's value)
 */
static Datum
FkRunningRun(FunctionCallInfo fcinfo, FkRunningOp op, const char *name,
			 bool is_nvec, double param)
{
	FkVecReader rd;
	FkVecResult res;
	FkRunningState st;
	size_t		n;
	size_t		step;

	Datum		packed;

	FkRunningInit(&st, op, param);
	if (!is_nvec &&
		!VARATT_IS_EXTERNAL_EXPANDED(DatumGetPointer(PG_GETARG_DATUM(0))))
	{
		/* a flat float8[], detoasted once for either path */
		ArrayType  *arr = PG_GETARG_ARRAYTYPE_P(0);

		if (FkRunningKeepsNulls(op) &&
			FkRunningPacked(arr, &st, name, &packed))
			return packed;
		FkReaderOpenArray(fcinfo, 0, arr, &rd);
	}
	else
	{
		/*
		 * an nvec or a PL/pgSQL variable: in place, or a block at a time (a
		 * compressed nvec, a variable with NULLs), never expanded whole
		 */
		FkReaderOpen(fcinfo, 0, is_nvec, &rd);
	}
	n = (size_t) rd.view.len;
	step = rd.packed ? FK_READ_BLOCK : FK_BLOCK;
	FkResultInitFor(&res, is_nvec, rd.view.len,
					rd.view.nnulls > 0 && op != FK_RUN_FILL_NULL,
					rd.view.expanded);

	for (size_t s = 0; s < n; s += step)
	{
		size_t		e = Min(s + step, n);
		const double *x;
		const uint64 *valid;

		CHECK_FOR_INTERRUPTS();
		FkReaderBlock(&rd, (int32) s, (int32) (e - s), &x, &valid);
		if (!FkRunningStep(&st, x, rd.view.nnulls > 0 ? valid : NULL, 0,
						   e - s, res.values + s,
						   res.valid ? res.valid + s / FK_WORD_BITS : NULL))
			FkRunningReport(&st, name, st.fault_index);
	}
	return FkResultFinish(&res);
}

/*
 * Run op, SQL function name, on the arguments of fcinfo: its scalar
 * argument (ema's alpha, fill_null's value) is argument 1
 */
static Datum
FkRunningCall(FunctionCallInfo fcinfo, FkRunningOp op, const char *name,
			  bool is_nvec)
{
	double		param = 0.0;

	if (op == FK_RUN_EMA)
		param = FkCheckAlpha(PG_GETARG_FLOAT8(1));
	else if (op == FK_RUN_FILL_NULL)
		param = PG_GETARG_FLOAT8(1);
	return FkRunningRun(fcinfo, op, name, is_nvec, param);
}

/*
 * shift(v, k): the input read a block at a time (in place, or decoded or
 * expanded into the reader's buffer), each block copied to its place in
 * the result, values and validity bits; only the inputs that reach the
 * result are read.  A lead (k < 0) reads ahead of the output, which a
 * stream cannot: a streaming evaluator would hold its output back by -k
 * elements (series_running.h).
 */
static Datum
FkShiftCall(FunctionCallInfo fcinfo, bool is_nvec)
{
	int64		k = PG_GETARG_INT32(1);
	FkVecReader rd;
	FkVecResult res;
	size_t		n;
	size_t		step;
	size_t		lo,
				hi;

	FkReaderOpen(fcinfo, 0, is_nvec, &rd);
	n = (size_t) rd.view.len;
	step = rd.packed ? FK_READ_BLOCK : FK_BLOCK;
	FkResultInitFor(&res, is_nvec, rd.view.len,
					rd.view.nnulls > 0 || k != 0, rd.view.expanded);
	(void) FkShiftRange(n, k, &lo, &hi);
	FkShiftFill(n, k, res.values);
	for (size_t s = lo - lo % step; s < hi; s += step)
	{
		size_t		e = Min(s + step, n);
		const double *x;
		const uint64 *valid;

		CHECK_FOR_INTERRUPTS();
		FkReaderBlock(&rd, (int32) s, (int32) (e - s), &x, &valid);
		FkShiftBlock(x, rd.view.nnulls > 0 ? valid : NULL, s, e - s, n, k,
					 res.values, res.valid);
	}
	return FkResultFinish(&res);
}

/* The float8[] and nvec entry points of a running operation */
#define FK_RUNNING_ENTRY(name, op) \
	PG_FUNCTION_INFO_V1(name##_float8arr); \
	PG_FUNCTION_INFO_V1(name##_nvec); \
	Datum \
	name##_float8arr(PG_FUNCTION_ARGS) \
	{ \
		return FkRunningCall(fcinfo, op, #name, false); \
	} \
	Datum \
	name##_nvec(PG_FUNCTION_ARGS) \
	{ \
		return FkRunningCall(fcinfo, op, #name, true); \
	}

FK_RUNNING_ENTRY(cumsum, FK_RUN_CUMSUM)
FK_RUNNING_ENTRY(cumprod, FK_RUN_CUMPROD)
FK_RUNNING_ENTRY(cummax, FK_RUN_CUMMAX)
FK_RUNNING_ENTRY(cummin, FK_RUN_CUMMIN)
FK_RUNNING_ENTRY(ema, FK_RUN_EMA)
FK_RUNNING_ENTRY(fill_forward, FK_RUN_FILL_FORWARD)
FK_RUNNING_ENTRY(fill_null, FK_RUN_FILL_NULL)

/*
 * ema(v, alpha | span | halflife, adjust, ignore_nulls) by name of either
 * type (arguments 0 to 5): with adjust false and ignore_nulls true, the
 * running ema (fused when its parameters are constants); else pandas'
 * ewm(..., adjust, ignore_na).mean() (core/series_ewm.h), its alpha taken
 * as pandas takes it, through the centre of mass com: 1 / (1 + com) with
 * com = (1 - alpha) / alpha, (span - 1) / 2 or
 * 1 / (1 - exp(ln(0.5) / halflife)) - 1.  Not STRICT: NULL for a NULL v,
 * adjust or ignore_nulls; a NULL parameter is one not given.
 */
static Datum
FkEmaByCall(FunctionCallInfo fcinfo, bool is_nvec)
{
	FkVecReader rd;
	FkVecResult res;
	int			which = 0;
	double		param = 0.0;
	double		com;
	double		alpha;
	const double *x;
	const uint64 *valid;
	size_t		fault;

	bool		adjust;
	bool		ignore_nulls;

	if (PG_ARGISNULL(0) || PG_ARGISNULL(4) || PG_ARGISNULL(5))
		PG_RETURN_NULL();
	adjust = PG_GETARG_BOOL(4);
	ignore_nulls = PG_GETARG_BOOL(5);
	if (!adjust && ignore_nulls)
		return FkRunningRun(fcinfo, FK_RUN_EMA, "ema", is_nvec,
							FkEmaAlpha(fcinfo, 1, NULL, NULL));
	(void) FkEmaAlpha(fcinfo, 1, &which, &param);
	if (which == 0)
		com = (1.0 - param) / param;
	else if (which == 1)
		com = (param - 1.0) / 2.0;
	else
		com = 1.0 / (1.0 - exp(log(0.5) / param)) - 1.0;
	alpha = 1.0 / (1.0 + com);

	FkReaderOpen(fcinfo, 0, is_nvec, &rd);
	FkResultInitFor(&res, is_nvec, rd.view.len, true, rd.view.expanded);
	if (rd.view.len == 0)
		return FkResultFinish(&res);
	FkReaderWhole(&rd, &x, &valid);
	fault = FkEwmMean(x, valid, (size_t) rd.view.len, alpha, adjust,
					  ignore_nulls, res.values, res.valid);
	if (fault != SIZE_MAX)
	{
		FkFaultSite site = {"ema", NULL, "first argument", fault};

		FkReportFault(FK_FAULT_OVERFLOW, &site);
	}
	return FkResultFinish(&res);
}

/*
 * ema(v, alpha | span | halflife, adjust, ignore_nulls) by name over
 * float8[] (FkEmaByCall)
 */
PG_FUNCTION_INFO_V1(ema_by_float8arr);
Datum
ema_by_float8arr(PG_FUNCTION_ARGS)
{
	return FkEmaByCall(fcinfo, false);
}

/*
 * ema(v, alpha | span | halflife, adjust, ignore_nulls) by name over nvec
 * (FkEmaByCall)
 */
PG_FUNCTION_INFO_V1(ema_by_nvec);
Datum
ema_by_nvec(PG_FUNCTION_ARGS)
{
	return FkEmaByCall(fcinfo, true);
}

PG_FUNCTION_INFO_V1(shift_float8arr);
PG_FUNCTION_INFO_V1(shift_nvec);

/* shift(v float8[], k integer) */
Datum
shift_float8arr(PG_FUNCTION_ARGS)
{
	return FkShiftCall(fcinfo, false);
}

/* shift(v nvec, k integer) */
Datum
shift_nvec(PG_FUNCTION_ARGS)
{
	return FkShiftCall(fcinfo, true);
}
