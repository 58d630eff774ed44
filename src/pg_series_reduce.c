/*
 * pg_series_reduce.c
 *		The reductions of one vector to a number over float8[] and nvec:
 *		vsum, vmean, vmin, vmax, vcount, vprod, vvar, vstddev, vvar_pop,
 *		vstddev_pop, and vdot of two vectors.
 *
 * The vector is viewed once (core/series_reduce.h does the arithmetic) and
 * fed to the reduction's fixed-size state in blocks of FK_BLOCK elements,
 * with interrupts served between blocks; nothing else is allocated.  A
 * reduction with too few valid elements is NULL; a sum of finite elements
 * that overflows raises core's error, as core's sum(float8) does.
 */
#include "postgres.h"

#include "fmgr.h"
#include "miscadmin.h"
#include "utils/float.h"

#include "core/series_reduce.h"
#include "pg_kernels.h"
#include "vecview.h"

/* View vector argument argno, an nvec or a float8[] */
static void
FkReduceView(FunctionCallInfo fcinfo, int argno, bool is_nvec,
			 FkVecView *view)
{
	if (is_nvec)
		FkViewNVec(PG_GETARG_NVEC_P(argno), view);
	else
		FkViewArrayDatum(PG_GETARG_DATUM(argno), view);
}

/* Validity words of the block starting at element start (a multiple of 64) */
static inline const uint64 *
FkBlockValid(const FkVecView *v, int32 start)
{
	return v->valid ? v->valid + start / FK_WORD_BITS : NULL;
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
	FkVecView	v;
	FkReduce	r;
	FkReduceStatus st;
	double		result = 0.0;

	StaticAssertStmt(FK_BLOCK % FK_WORD_BITS == 0,
					 "blocks must start on a validity word");
	FkReduceView(fcinfo, 0, is_nvec, &v);
	if (kind == FK_RED_COUNT)
		PG_RETURN_INT64((int64) v.len - v.nnulls);
	FkReduceInit(&r, kind);
	for (int32 start = 0; start < v.len; start += FK_BLOCK)
	{
		int32		n = Min(FK_BLOCK, v.len - start);

		FkReduceStep(&r, v.values + start, FkBlockValid(&v, start), (size_t) n);
		CHECK_FOR_INTERRUPTS();
	}
	st = FkReduceFinish(&r, &result);
	return FkReduceResult(fcinfo, st, result);
}

/* vdot(x, y): the sum of x[i] * y[i] over the pairs where both are valid */
static Datum
FkDotRun(FunctionCallInfo fcinfo, int nvec_args)
{
	FkVecView	x;
	FkVecView	y;
	FkSum		acc;
	FkReduceStatus st;
	double		result = 0.0;

	FkReduceView(fcinfo, 0, (nvec_args & FK_NVEC_X) != 0, &x);
	FkReduceView(fcinfo, 1, (nvec_args & FK_NVEC_Y) != 0, &y);
	FkCheckLengths(x.len, y.len);
	FkSumInit(&acc);
	for (int32 start = 0; start < x.len; start += FK_BLOCK)
	{
		int32		n = Min(FK_BLOCK, x.len - start);

		FkDotAdd(&acc, x.values + start, FkBlockValid(&x, start),
				 y.values + start, FkBlockValid(&y, start), (size_t) n);
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

PG_FUNCTION_INFO_V1(vdot_float8arr);
PG_FUNCTION_INFO_V1(vdot_nvec);
PG_FUNCTION_INFO_V1(vdot_float8arr_nvec);
PG_FUNCTION_INFO_V1(vdot_nvec_float8arr);

/* vdot(float8[], float8[]) */
Datum
vdot_float8arr(PG_FUNCTION_ARGS)
{
	return FkDotRun(fcinfo, FK_NVEC_NONE);
}

/* vdot(nvec, nvec) */
Datum
vdot_nvec(PG_FUNCTION_ARGS)
{
	return FkDotRun(fcinfo, FK_NVEC_ALL);
}

/* vdot(float8[], nvec) */
Datum
vdot_float8arr_nvec(PG_FUNCTION_ARGS)
{
	return FkDotRun(fcinfo, FK_NVEC_Y);
}

/* vdot(nvec, float8[]) */
Datum
vdot_nvec_float8arr(PG_FUNCTION_ARGS)
{
	return FkDotRun(fcinfo, FK_NVEC_X);
}
