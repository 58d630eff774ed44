/*
 * pg_series_reduce.c
 *		The reductions of one vector to a number over float8[] and nvec:
 *		vsum, vmean, vmin, vmax, vcount, vprod, vvar, vstddev, vvar_pop,
 *		vstddev_pop, and vdot of two vectors.
 *
 * The vector is read in place (a float8[] with NULLs is expanded a block at
 * a time into a fixed buffer) and fed to the reduction's fixed-size state
 * (core/series_reduce.h does the arithmetic) block by block, with
 * interrupts served between blocks; nothing else is allocated beyond the
 * detoasted argument (an expanded array with NULLs, a PL/pgSQL variable, is
 * still viewed whole by vecview.c).  A
 * reduction with too few valid elements is NULL; a sum of finite elements
 * that overflows raises core's error, as core's sum(float8) does.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "fmgr.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/float.h"

#include "core/series_reduce.h"
#include "pg_kernels.h"
#include "vecview.h"

/* Elements per block when a float8[] with NULLs is expanded block by block */
#define FK_READ_BLOCK	1024

/*
 * A vector argument read block by block.  An nvec, or a float8[] without
 * NULLs, is read in place (its view); a float8[] with NULLs stores only its
 * present elements, so each block is expanded into a fixed buffer here
 * (values and validity words) instead of the whole vector at once.
 */
typedef struct FkVecReader
{
	FkVecView	view;			/* the vector, read in place unless packed */
	bool		packed;			/* a float8[] with NULLs */
	const bits8 *nulls;			/* its NULL bitmap */
	const double *data;			/* its next present value */
	double		vals[FK_READ_BLOCK];
	uint64		words[FK_READ_BLOCK / FK_WORD_BITS];
} FkVecReader;

/* Open vector argument argno, an nvec or a float8[] */
static void
FkReaderOpen(FunctionCallInfo fcinfo, int argno, bool is_nvec,
			 FkVecReader *rd)
{
	Datum		d = PG_GETARG_DATUM(argno);
	ArrayType  *arr;

	rd->packed = false;
	if (is_nvec)
	{
		FkViewNVec(PG_GETARG_NVEC_P(argno), &rd->view);
		return;
	}
	if (VARATT_IS_EXTERNAL_EXPANDED(DatumGetPointer(d)))
	{
		FkViewArrayDatum(d, &rd->view);
		return;
	}
	arr = DatumGetArrayTypeP(d);
	if (ARR_NDIM(arr) == 1 && ARR_HASNULL(arr) && ARR_ELEMTYPE(arr) == FLOAT8OID)
	{
		rd->packed = true;
		rd->view.len = ARR_DIMS(arr)[0];
		rd->nulls = ARR_NULLBITMAP(arr);
		rd->data = (const double *) ARR_DATA_PTR(arr);
		return;
	}
	FkViewArray(arr, &rd->view);	/* in place, or core's error */
}

/*
 * Elements [start, start + n) of the vector, in order (start a multiple of
 * 64; n at most FK_READ_BLOCK when packed): values and validity words.
 */
static void
FkReaderBlock(FkVecReader *rd, int32 start, int32 n, const double **x,
			  const uint64 **valid)
{
	if (!rd->packed)
	{
		*x = rd->view.values + start;
		*valid = rd->view.valid ? rd->view.valid + start / FK_WORD_BITS : NULL;
		return;
	}
	FkBitmapFromBytes(rd->words, rd->nulls + start / 8, (size_t) n);
	FkExpandPacked(rd->vals, rd->data, rd->words, n);
	rd->data += FkBitmapCount(rd->words, (size_t) n);
	*x = rd->vals;
	*valid = rd->words;
}

/* The Datum of a finished reduction */
static Datum
FkReduceResult(FunctionCallInfo fcinfo, FkReduceStatus st, double result)
{
	switch (st)
	{
		case FK_REDUCE_VALUE:
			PG_RETURN_FLOAT8(result);
		case FK_REDUCE_NULL:
			PG_RETURN_NULL();
		case FK_REDUCE_OVERFLOW:
			float_overflow_error();
	}
	PG_RETURN_NULL();
}

/* Run reduction kind over the vector argument */
static Datum
FkReduceRun(FunctionCallInfo fcinfo, FkReduceKind kind, bool is_nvec)
{
	FkVecReader rd;
	FkReduce	r;
	FkReduceStatus st;
	double		result = 0.0;
	int32		step;

	StaticAssertStmt(FK_BLOCK % FK_READ_BLOCK == 0 &&
					 FK_READ_BLOCK % FK_WORD_BITS == 0,
					 "blocks must start on a validity word");
	FkReaderOpen(fcinfo, 0, is_nvec, &rd);
	step = rd.packed ? FK_READ_BLOCK : FK_BLOCK;
	FkReduceInit(&r, kind);
	for (int32 start = 0; start < rd.view.len; start += step)
	{
		int32		n = Min(step, rd.view.len - start);
		const double *x;
		const uint64 *valid;

		FkReaderBlock(&rd, start, n, &x, &valid);
		FkReduceStep(&r, x, valid, (size_t) n);
		CHECK_FOR_INTERRUPTS();
	}
	if (kind == FK_RED_COUNT)
		PG_RETURN_INT64((int64) r.count);
	st = FkReduceFinish(&r, &result);
	return FkReduceResult(fcinfo, st, result);
}

/* vdot(x, y): the sum of x[i] * y[i] over the pairs where both are valid */
static Datum
FkDotRun(FunctionCallInfo fcinfo, int nvec_args)
{
	FkVecReader x;
	FkVecReader y;
	FkSum		acc;
	FkReduceStatus st;
	double		result = 0.0;
	int32		step;

	FkReaderOpen(fcinfo, 0, (nvec_args & FK_NVEC_X) != 0, &x);
	FkReaderOpen(fcinfo, 1, (nvec_args & FK_NVEC_Y) != 0, &y);
	FkCheckLengthsOf(x.view.len, y.view.len, "vdot");
	step = x.packed || y.packed ? FK_READ_BLOCK : FK_BLOCK;
	FkSumInit(&acc);
	for (int32 start = 0; start < x.view.len; start += step)
	{
		int32		n = Min(step, x.view.len - start);
		const double *xv;
		const double *yv;
		const uint64 *xvalid;
		const uint64 *yvalid;

		FkReaderBlock(&x, start, n, &xv, &xvalid);
		FkReaderBlock(&y, start, n, &yv, &yvalid);
		FkDotAdd(&acc, xv, xvalid, yv, yvalid, (size_t) n);
		CHECK_FOR_INTERRUPTS();
	}
	st = FkSumFinish(&acc, &result);
	return FkReduceResult(fcinfo, st, result);
}

/* The float8[] and nvec entry points of reduction sqlname */
#define FK_REDUCE_ENTRY(sqlname, kind) \
	PG_FUNCTION_INFO_V1(sqlname##_float8arr); \
	PG_FUNCTION_INFO_V1(sqlname##_nvec); \
	Datum \
	sqlname##_float8arr(PG_FUNCTION_ARGS) \
	{ \
		return FkReduceRun(fcinfo, (kind), false); \
	} \
	Datum \
	sqlname##_nvec(PG_FUNCTION_ARGS) \
	{ \
		return FkReduceRun(fcinfo, (kind), true); \
	}

FK_REDUCE_ENTRY(vsum, FK_RED_SUM)
FK_REDUCE_ENTRY(vmean, FK_RED_MEAN)
FK_REDUCE_ENTRY(vmin, FK_RED_MIN)
FK_REDUCE_ENTRY(vmax, FK_RED_MAX)
FK_REDUCE_ENTRY(vcount, FK_RED_COUNT)
FK_REDUCE_ENTRY(vprod, FK_RED_PROD)
FK_REDUCE_ENTRY(vvar, FK_RED_VAR)
FK_REDUCE_ENTRY(vstddev, FK_RED_STDDEV)
FK_REDUCE_ENTRY(vvar_pop, FK_RED_VAR_POP)
FK_REDUCE_ENTRY(vstddev_pop, FK_RED_STDDEV_POP)

/* The entry point of vdot for one combination of argument types */
#define FK_DOT_ENTRY(suffix, nvec_args) \
	PG_FUNCTION_INFO_V1(vdot_##suffix); \
	Datum \
	vdot_##suffix(PG_FUNCTION_ARGS) \
	{ \
		return FkDotRun(fcinfo, (nvec_args)); \
	}

FK_DOT_ENTRY(float8arr, FK_NVEC_NONE)
FK_DOT_ENTRY(nvec, FK_NVEC_ALL)
FK_DOT_ENTRY(float8arr_nvec, FK_NVEC_Y)
FK_DOT_ENTRY(nvec_float8arr, FK_NVEC_X)
