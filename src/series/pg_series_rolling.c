/*
 * pg_series_rolling.c
 *		rolling_sum, rolling_mean, rolling_stddev, rolling_var, rolling_min,
 *		rolling_max, rolling_count and rolling_median (v, w [, min_count]),
 *		and rolling_quantile (v, w, q [, min_count]), over float8[] and nvec
 *		(src/core/series_rolling.c, docs/series.md).
 *
 * The vector is fed to the core's state in blocks written straight into
 * the result, with interrupts served between blocks (and inside the pass at
 * the end of each segment of a window).  A plain nvec or a float8[] without
 * NULLs is read in place, and the state reads the elements leaving a window
 * from the vector itself, so its own memory is small: the checkpoints of a
 * sum (48 bytes per 1,024 elements of the window), the deque of a minimum
 * or maximum (8 bytes per element of the window at most), nothing when w
 * reaches the length.  A compressed nvec or a float8[] with NULLs is read a
 * block at a time (FkReaderBlock), never expanded whole, and the state keeps
 * the last w elements in a ring of its own, as in the fused pass: O(w)
 * more, the same bits.
 */
#include "postgres.h"

#include "miscadmin.h"
#include "utils/float.h"

#include "core/series_rolling.h"
#include "kernels/pg_kernels.h"
#include "vector/vecview.h"

/* The window argument: at least 1 */
static int32
FkRollGetWindow(FunctionCallInfo fcinfo)
{
	int32		w = PG_GETARG_INT32(1);

	if (w < 1)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid window %d", w),
				 errdetail("The window w must be at least 1.")));
	return w;
}

/* The min_count argument, argument arg, w when not given: 0 to w */
static int32
FkRollGetMinCount(FunctionCallInfo fcinfo, int32 w, int arg)
{
	int32		min_count;

	if (PG_NARGS() <= arg)
		return w;
	min_count = PG_GETARG_INT32(arg);
	if (min_count < 0 || min_count > w)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid min_count %d", min_count),
				 errdetail("min_count must lie between 0 and the window (%d).", w)));
	return min_count;
}

/*
 * The working memory of op, need bytes, for name: at most 1 GB (a plain
 * input's is always less; a ring of a window over tens of millions of
 * elements may not be)
 */
static void *
FkRollAllocWork(size_t need, int32 w, const char *name)
{
	if (!AllocSizeIsValid(need))
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("window of %d elements too large for %s()", w, name),
				 errdetail("Its working memory would be %zu bytes; at most %zu can be allocated.",
						   need, (size_t) MaxAllocSize)));
	return palloc(Max(need, sizeof(double)));
}

/*
 * Open argument 0 of fcinfo for reading block by block: an nvec (is_nvec),
 * or a float8[] detoasted once for either kind of read
 */
static void
FkRollOpen(FunctionCallInfo fcinfo, bool is_nvec, FkVecReader *rd)
{
	if (!is_nvec &&
		!VARATT_IS_EXTERNAL_EXPANDED(DatumGetPointer(PG_GETARG_DATUM(0))))
		FkReaderOpenArray(fcinfo, 0, PG_GETARG_ARRAYTYPE_P(0), rd);
	else
		FkReaderOpen(fcinfo, 0, is_nvec, rd);
}

/*
 * Run op on the arguments of fcinfo (v, w [, min_count]), or with q
 * (v, w, q [, min_count]) for a quantile (q_arg 2, else 0)
 */
static Datum
FkRollRunOp(FunctionCallInfo fcinfo, FkRollOp op, const char *name,
			bool is_nvec, int q_arg)
{
	int32		w = FkRollGetWindow(fcinfo);
	int32		min_count = FkRollGetMinCount(fcinfo, w, q_arg ? 3 : 2);
	double		q = q_arg ? PG_GETARG_FLOAT8(q_arg) : 0.5;
	FkVecReader rd;
	FkVecResult res;
	FkRollState st;
	void	   *work;
	size_t		len,
				step,
				s;

	FkRollOpen(fcinfo, is_nvec, &rd);
	len = (size_t) rd.view.len;
	FkResultInitFor(&res, is_nvec, rd.view.len, true, rd.view.expanded);
	if (len == 0)
		return FkResultFinish(&res);

	if (rd.packed)
	{
		/* a block at a time: the state keeps the window's elements */
		work = FkRollAllocWork(FkRollWorkSize(op, (size_t) w, len), w, name);
		FkRollInit(&st, op, (size_t) w, (size_t) min_count, len, work);
		step = FK_READ_BLOCK;
	}
	else
	{
		work = FkRollAllocWork(FkRollWorkSizeInPlace(op, (size_t) w, len),
							   w, name);
		FkRollInitInPlace(&st, op, (size_t) w, (size_t) min_count, len, work,
						  rd.view.values, rd.view.valid);
		step = FK_BLOCK;
	}
	st.q = q;
	for (s = 0; s < len; s += step)
	{
		size_t		n = Min(len - s, step);
		const double *x;
		const uint64 *valid;

		FkReaderBlock(&rd, (int32) s, (int32) n, &x, &valid);
		FkRollStep(&st, x, valid, res.values + s,
				   res.valid + s / FK_WORD_BITS, 0, n);
		if (st.fault != SIZE_MAX)
			ereport(ERROR,
					(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
					 errmsg("value out of range: overflow"),
					 errdetail("The window ending at element %zu of %s() overflows.",
							   st.fault + 1, name)));
		CHECK_FOR_INTERRUPTS();
	}
	pfree(work);
	return FkResultFinish(&res);
}

/* The float8[] and nvec entry points of rolling_<name> */
#define FK_ROLL_ENTRY(name, op) \
	PG_FUNCTION_INFO_V1(rolling_##name##_float8arr); \
	PG_FUNCTION_INFO_V1(rolling_##name##_nvec); \
	Datum \
	rolling_##name##_float8arr(PG_FUNCTION_ARGS) \
	{ \
		return FkRollRunOp(fcinfo, op, "rolling_" #name, false, 0); \
	} \
	Datum \
	rolling_##name##_nvec(PG_FUNCTION_ARGS) \
	{ \
		return FkRollRunOp(fcinfo, op, "rolling_" #name, true, 0); \
	}

FK_ROLL_ENTRY(sum, FK_ROLL_SUM)
FK_ROLL_ENTRY(mean, FK_ROLL_MEAN)
FK_ROLL_ENTRY(stddev, FK_ROLL_STDDEV)
FK_ROLL_ENTRY(var, FK_ROLL_VAR)
FK_ROLL_ENTRY(median, FK_ROLL_MEDIAN)
FK_ROLL_ENTRY(min, FK_ROLL_MIN)
FK_ROLL_ENTRY(max, FK_ROLL_MAX)
FK_ROLL_ENTRY(count, FK_ROLL_COUNT)

/* rolling_quantile(v, w, q [, min_count]) over float8[] */
PG_FUNCTION_INFO_V1(rolling_quantile_float8arr);
Datum
rolling_quantile_float8arr(PG_FUNCTION_ARGS)
{
	FkCheckQuantile(PG_GETARG_FLOAT8(2), "rolling_quantile");
	return FkRollRunOp(fcinfo, FK_ROLL_QUANTILE, "rolling_quantile", false, 2);
}

/* rolling_quantile(v, w, q [, min_count]) over nvec */
PG_FUNCTION_INFO_V1(rolling_quantile_nvec);
Datum
rolling_quantile_nvec(PG_FUNCTION_ARGS)
{
	FkCheckQuantile(PG_GETARG_FLOAT8(2), "rolling_quantile");
	return FkRollRunOp(fcinfo, FK_ROLL_QUANTILE, "rolling_quantile", true, 2);
}
