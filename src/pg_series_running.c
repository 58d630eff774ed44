/*
 * pg_series_running.c
 *		cumsum, cumprod, cummax, cummin, ema, fill_forward, fill_null and
 *		shift over float8[] and nvec (the core: core/series_running.c).
 *
 * Each call views its vector, allocates its result once and runs the core
 * step over blocks of FK_BLOCK elements straight into the result's data
 * area, serving interrupts between blocks; the state carries from block to
 * block as it would from one fused block to the next.  The result has the
 * input's type; its NULLs are the input's (fill_forward: but those after
 * the first present element; fill_null: none; shift: those shifted in).
 */
#include "postgres.h"

#include "miscadmin.h"
#include "utils/float.h"

#include "core/series_running.h"
#include "pg_kernels.h"
#include "vecview.h"

/* View the vector argument 0 of fcinfo, float8[] or nvec */
static void
FkSeriesView(FunctionCallInfo fcinfo, bool is_nvec, FkVecView *view)
{
	if (is_nvec)
		FkViewNVec(PG_GETARG_NVEC_P(0), view);
	else
		FkViewArrayDatum(PG_GETARG_DATUM(0), view);
}

/* ema's alpha, argument 1: in (0, 1], else an error naming it */
static double
FkGetAlpha(FunctionCallInfo fcinfo)
{
	double		alpha = PG_GETARG_FLOAT8(1);

	if (!(alpha > 0.0 && alpha <= 1.0))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid value for parameter \"alpha\": %s",
						float8out_internal(alpha)),
				 errdetail("alpha must be greater than 0 and at most 1.")));
	return alpha;
}

/*
 * Run op, SQL function name, on the vector argument of fcinfo; its scalar
 * argument (ema's alpha, fill_null's value) is argument 1.
 */
static Datum
FkRunningCall(FunctionCallInfo fcinfo, FkRunningOp op, const char *name,
			  bool is_nvec)
{
	FkVecView	view;
	FkVecResult res;
	FkRunningState st;
	double		param = 0.0;
	size_t		n;

	if (op == FK_RUN_EMA)
		param = FkGetAlpha(fcinfo);
	else if (op == FK_RUN_FILL_NULL)
		param = PG_GETARG_FLOAT8(1);
	FkSeriesView(fcinfo, is_nvec, &view);
	n = (size_t) view.len;
	FkResultInitFor(&res, is_nvec, view.len,
					view.valid != NULL && op != FK_RUN_FILL_NULL, view.expanded);

	FkRunningInit(&st, op, param);
	for (size_t s = 0; s < n; s += FK_BLOCK)
	{
		size_t		e = Min(s + FK_BLOCK, n);

		CHECK_FOR_INTERRUPTS();
		if (!FkRunningStep(&st, view.values + s, view.valid, s, e - s,
						   res.values + s, res.valid))
		{
			FkFaultSite site = {name, NULL, "first argument", st.fault_index};

			FkReportFault(st.fault, &site);
		}
	}
	return FkResultFinish(&res);
}

/*
 * shift(v, k): the whole-vector form, in blocks of outputs.  A lead (k < 0)
 * reads ahead of the output, which a stream cannot: a streaming evaluator
 * would hold its output back by -k elements (series_running.h).
 */
static Datum
FkShiftCall(FunctionCallInfo fcinfo, bool is_nvec)
{
	int64		k = PG_GETARG_INT32(1);
	FkVecView	view;
	FkVecResult res;
	size_t		n;

	FkSeriesView(fcinfo, is_nvec, &view);
	n = (size_t) view.len;
	FkResultInitFor(&res, is_nvec, view.len,
					view.valid != NULL || k != 0, view.expanded);
	for (size_t s = 0; s < n; s += FK_BLOCK)
	{
		size_t		e = Min(s + FK_BLOCK, n);

		CHECK_FOR_INTERRUPTS();
		if (res.valid != NULL)
			FkShiftVector(view.values, view.valid, n, k, s, e, res.values,
						  res.valid);
		else
			memcpy(res.values + s, view.values + s, (e - s) * sizeof(double));
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
