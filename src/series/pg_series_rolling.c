/*
 * pg_series_rolling.c
 *		rolling_sum, rolling_mean, rolling_stddev, rolling_var, rolling_min,
 *		rolling_max, rolling_count and rolling_median (v, w [, min_count]),
 *		and rolling_quantile (v, w, q [, min_count]), over float8[] and nvec
 *		(src/core/series_rolling.c, docs/series.md); each also centred
 *		(a last argument center); and the weighted rolling_mean(v, weights
 *		[, min_count]) (src/core/series_rolling_weighted.c).
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

#include "core/bitmap.h"
#include "core/series_rolling.h"
#include "core/series_rolling_weighted.h"
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

/*
 * The min_count argument, argument arg of nargs (those before center), w
 * when not given: 0 to w
 */
static int32
FkRollGetMinCount(FunctionCallInfo fcinfo, int32 w, int arg, int nargs)
{
	int32		min_count;

	if (nargs <= arg)
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
 * Raise the overflow of the window ending at (or centred at) element fault
 * (0-based)
 */
static void
FkRollReportFault(size_t fault, bool centred, const char *name)
{
	ereport(ERROR,
			(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
			 errmsg("value out of range: overflow"),
			 errdetail("The window %s at element %zu of %s() overflows.",
					   centred ? "centred" : "ending", fault + 1, name)));
}

/*
 * The centred windows of op (w, min_count, q as given) over rd into res:
 * element i covers [i - w / 2, i + (w - 1) / 2] clipped to the vector, as
 * pandas' and Polars' rolling(center=True): the trailing window ending at
 * e = i + (w - 1) / 2 of the vector followed by (w - 1) / 2 NULLs, computed
 * at a NULL end too (at_nulls), and NULL where element i is NULL.  A window
 * reaching past both ends (w > 2 len + 1) is cut to 2 len + 1, which covers
 * the same elements; a min_count above len then stays above every count.
 */
static void
FkRollCentred(FkVecReader *rd, FkVecResult *res, FkRollOp op, int32 w,
			  int32 min_count, double q, const char *name)
{
	static const double zeros[FK_READ_BLOCK];
	static const uint64 nulls[FK_READ_BLOCK / FK_WORD_BITS];
	size_t		len = (size_t) rd->view.len;
	size_t		wz = (size_t) w;
	size_t		mc = (size_t) min_count;
	size_t		off;
	size_t		total;
	FkRollState st;
	void	   *work;
	double	   *out = palloc(sizeof(double) * FK_READ_BLOCK);
	uint64	   *outvalid = palloc0(sizeof(uint64) * (FK_READ_BLOCK / FK_WORD_BITS));
	uint64	   *centre = NULL;

	if (wz > 2 * len + 1)
	{
		mc = Min(mc, len + 1);
		wz = 2 * len + 1;
	}
	off = (wz - 1) / 2;
	total = len + off;
	work = FkRollAllocWork(FkRollWorkSize(op, wz, total), w, name);
	FkRollInit(&st, op, wz, mc, total, work);
	st.q = q;
	st.at_nulls = true;
	if (rd->view.nnulls > 0)
		centre = palloc0(sizeof(uint64) * FkBitmapWords(len));

	for (size_t s = 0, n = 0; s < total; s += n)
	{
		const double *x = zeros;
		const uint64 *valid = nulls;

		/* blocks of the vector end at len, those of the NULLs after */
		n = Min(total - s, FK_READ_BLOCK);
		if (s < len)
		{
			n = Min(len - s, FK_READ_BLOCK);
			FkReaderBlock(rd, (int32) s, (int32) n, &x, &valid);
			if (centre != NULL)
				FkBitmapCopyBits(centre, s, valid, 0, n);
			if (rd->view.nnulls == 0)
				valid = NULL;
		}
		FkRollStep(&st, x, valid, out, outvalid, 0, n);
		if (st.fault != SIZE_MAX)
			FkRollReportFault(st.fault > off ? st.fault - off : 0, true, name);
		/* the output ending at e is element e - off's */
		if (s + n > off)
		{
			size_t		from = Max(s, off);

			memcpy(res->values + (from - off), out + (from - s),
				   sizeof(double) * (s + n - from));
			FkBitmapCopyBits(res->valid, from - off, outvalid, from - s,
							 s + n - from);
		}
		CHECK_FOR_INTERRUPTS();
	}
	if (centre != NULL)
		FkBitmapAnd(res->valid, res->valid, centre, len);
	pfree(work);
	pfree(out);
	pfree(outvalid);
	if (centre != NULL)
		pfree(centre);
}

/*
 * Run op on the arguments of fcinfo (v, w [, min_count]), or with q
 * (v, w, q [, min_count]) for a quantile (q_arg 2, else 0); with_center:
 * a last argument center follows (boolean), centred windows when true
 */
static Datum
FkRollRunOp(FunctionCallInfo fcinfo, FkRollOp op, const char *name,
			bool is_nvec, int q_arg, bool with_center)
{
	int			nargs = PG_NARGS() - (with_center ? 1 : 0);
	bool		center = with_center && PG_GETARG_BOOL(nargs);
	int32		w = FkRollGetWindow(fcinfo);
	int32		min_count = FkRollGetMinCount(fcinfo, w, q_arg ? 3 : 2, nargs);
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
	if (center)
	{
		FkRollCentred(&rd, &res, op, w, min_count, q, name);
		return FkResultFinish(&res);
	}

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
			FkRollReportFault(st.fault, false, name);
		CHECK_FOR_INTERRUPTS();
	}
	pfree(work);
	return FkResultFinish(&res);
}

/*
 * The float8[] and nvec entry points of rolling_<name>, and of its forms
 * with a last argument center (rolling_<name>_c_*)
 */
#define FK_ROLL_ENTRY(name, op) \
	PG_FUNCTION_INFO_V1(rolling_##name##_float8arr); \
	PG_FUNCTION_INFO_V1(rolling_##name##_nvec); \
	PG_FUNCTION_INFO_V1(rolling_##name##_c_float8arr); \
	PG_FUNCTION_INFO_V1(rolling_##name##_c_nvec); \
	Datum \
	rolling_##name##_float8arr(PG_FUNCTION_ARGS) \
	{ \
		return FkRollRunOp(fcinfo, op, "rolling_" #name, false, 0, false); \
	} \
	Datum \
	rolling_##name##_nvec(PG_FUNCTION_ARGS) \
	{ \
		return FkRollRunOp(fcinfo, op, "rolling_" #name, true, 0, false); \
	} \
	Datum \
	rolling_##name##_c_float8arr(PG_FUNCTION_ARGS) \
	{ \
		return FkRollRunOp(fcinfo, op, "rolling_" #name, false, 0, true); \
	} \
	Datum \
	rolling_##name##_c_nvec(PG_FUNCTION_ARGS) \
	{ \
		return FkRollRunOp(fcinfo, op, "rolling_" #name, true, 0, true); \
	}

FK_ROLL_ENTRY(sum, FK_ROLL_SUM)
FK_ROLL_ENTRY(mean, FK_ROLL_MEAN)
FK_ROLL_ENTRY(stddev, FK_ROLL_STDDEV)
FK_ROLL_ENTRY(var, FK_ROLL_VAR)
FK_ROLL_ENTRY(median, FK_ROLL_MEDIAN)
FK_ROLL_ENTRY(min, FK_ROLL_MIN)
FK_ROLL_ENTRY(max, FK_ROLL_MAX)
FK_ROLL_ENTRY(count, FK_ROLL_COUNT)

/* rolling_quantile(v, w, q [, min_count] [, center]) of either type */
static Datum
FkRollQuantileCall(FunctionCallInfo fcinfo, bool is_nvec, bool with_center)
{
	FkCheckQuantile(PG_GETARG_FLOAT8(2), "rolling_quantile");
	return FkRollRunOp(fcinfo, FK_ROLL_QUANTILE, "rolling_quantile", is_nvec,
					   2, with_center);
}

PG_FUNCTION_INFO_V1(rolling_quantile_float8arr);
PG_FUNCTION_INFO_V1(rolling_quantile_nvec);
PG_FUNCTION_INFO_V1(rolling_quantile_c_float8arr);
PG_FUNCTION_INFO_V1(rolling_quantile_c_nvec);

/* rolling_quantile(v, w, q [, min_count]) over float8[] */
Datum
rolling_quantile_float8arr(PG_FUNCTION_ARGS)
{
	return FkRollQuantileCall(fcinfo, false, false);
}

/* rolling_quantile(v, w, q [, min_count]) over nvec */
Datum
rolling_quantile_nvec(PG_FUNCTION_ARGS)
{
	return FkRollQuantileCall(fcinfo, true, false);
}

/* rolling_quantile(v, w, q [, min_count], center) over float8[] */
Datum
rolling_quantile_c_float8arr(PG_FUNCTION_ARGS)
{
	return FkRollQuantileCall(fcinfo, false, true);
}

/* rolling_quantile(v, w, q [, min_count], center) over nvec */
Datum
rolling_quantile_c_nvec(PG_FUNCTION_ARGS)
{
	return FkRollQuantileCall(fcinfo, true, true);
}

/*
 * rolling_mean(v, weights float8[] [, min_count]) of either type: the
 * weighted mean of the trailing window of cardinality(weights) elements
 * (core/series_rolling_weighted.h); min_count defaults to the window
 */
static Datum
FkRollWeightedCall(FunctionCallInfo fcinfo, bool is_nvec)
{
	FkVecView	wv;
	FkVecReader rd;
	FkVecResult res;
	int32		min_count;
	const double *x;
	const uint64 *valid;

	FkViewArrayArg(fcinfo, 1, &wv);
	if (wv.len < 1)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid weights for rolling_mean()"),
				 errdetail("The weights must hold at least one element.")));
	if (wv.nnulls > 0)
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("invalid weights for rolling_mean()"),
				 errdetail("The weights must not hold a NULL.")));
	min_count = FkRollGetMinCount(fcinfo, wv.len, 2, PG_NARGS());

	FkRollOpen(fcinfo, is_nvec, &rd);
	FkResultInitFor(&res, is_nvec, rd.view.len, true, rd.view.expanded);
	if (rd.view.len == 0)
		return FkResultFinish(&res);
	/* the windows read back: the whole vector, once */
	FkReaderWhole(&rd, &x, &valid);
	FkRollWeightedMean(x, valid, (size_t) rd.view.len, wv.values,
					   (size_t) wv.len, (size_t) min_count, res.values,
					   res.valid);
	return FkResultFinish(&res);
}

PG_FUNCTION_INFO_V1(rolling_mean_weighted_float8arr);
PG_FUNCTION_INFO_V1(rolling_mean_weighted_nvec);

/* rolling_mean(v float8[], weights float8[] [, min_count]) */
Datum
rolling_mean_weighted_float8arr(PG_FUNCTION_ARGS)
{
	return FkRollWeightedCall(fcinfo, false);
}

/* rolling_mean(v nvec, weights float8[] [, min_count]) */
Datum
rolling_mean_weighted_nvec(PG_FUNCTION_ARGS)
{
	return FkRollWeightedCall(fcinfo, true);
}
