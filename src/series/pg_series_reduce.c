/*
 * pg_series_reduce.c
 *		The reductions of one vector to a number over float8[] and nvec:
 *		vsum, vmean, vmin, vmax, vargmin, vargmax, vcount, vprod, vvar,
 *		vstddev, vvar_pop, vstddev_pop, vskew, vkurtosis ..., and of two
 *		vectors over the pairs
 *		where both are present: vdot, vcov, vcov_pop, vcorr, which also take
 *		one vector of each type.  The entry points are written from the
 *		rows of FK_REDUCTIONS (core/ops_catalog.h), vcount's aside (over an
 *		nvec it reads the header alone).
 *
 * The vector is read in place (a float8[] with NULLs is expanded a block at
 * a time into a fixed buffer, FkVecReader of vecview.h) and fed to the
 * reduction's fixed-size state
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
#include "kernels/pg_kernels.h"
#include "nvec/pg_nvec.h"
#include "vector/vecview.h"

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
	if (st == FK_REDUCE_VALUE &&
		(kind == FK_RED_ARGMIN || kind == FK_RED_ARGMAX ||
		 kind == FK_RED_ARGFIRST || kind == FK_RED_ARGLAST))
		PG_RETURN_INT32((int32) result);	/* a position, at most 2^31 - 1 */
	return FkReduceResult(fcinfo, st, result);
}

/*
 * Run reduction kind of two vectors (vdot, vcov, vcov_pop, vcorr, named fn)
 * over the pairs where both are present
 */
static Datum
FkPairRun(FunctionCallInfo fcinfo, FkReduceKind kind, int nvec_args,
		  const char *fn)
{
	FkVecReader x;
	FkVecReader y;
	FkReduce	r;
	FkReduceStatus st;
	double		result = 0.0;
	int32		step;

	FkReaderOpen(fcinfo, 0, (nvec_args & FK_NVEC_X) != 0, &x);
	FkReaderOpen(fcinfo, 1, (nvec_args & FK_NVEC_Y) != 0, &y);
	FkCheckLengthsOf(x.view.len, y.view.len, fn);
	step = x.packed || y.packed ? FK_READ_BLOCK : FK_BLOCK;
	FkReduceInit(&r, kind);
	for (int32 start = 0; start < x.view.len; start += step)
	{
		int32		n = Min(step, x.view.len - start);
		const double *xv;
		const double *yv;
		const uint64 *xvalid;
		const uint64 *yvalid;

		FkReaderBlock(&x, start, n, &xv, &xvalid);
		FkReaderBlock(&y, start, n, &yv, &yvalid);
		FkReduceStep2(&r, xv, xvalid, yv, yvalid, (size_t) n);
		CHECK_FOR_INTERRUPTS();
	}
	st = FkReduceFinish(&r, &result);
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

/* The entry point of a reduction of two vectors over one pair of types */
#define FK_PAIR_ENTRY(sqlname, suffix, kind, nvec_args) \
	PG_FUNCTION_INFO_V1(sqlname##_##suffix); \
	Datum \
	sqlname##_##suffix(PG_FUNCTION_ARGS) \
	{ \
		return FkPairRun(fcinfo, (kind), (nvec_args), #sqlname); \
	}

/*
 * The entry points of the reductions of two vectors, as their shape's
 * entries say (core/ops_catalog.h): over one vector type each, and for
 * TWO also over one vector of each type, in either order
 */
#define FK_PAIR_ENTRIES_ONE(sqlname, kind) \
	FK_PAIR_ENTRY(sqlname, float8arr, kind, FK_NVEC_NONE) \
	FK_PAIR_ENTRY(sqlname, nvec, kind, FK_NVEC_ALL)
#define FK_PAIR_ENTRIES_TWO(sqlname, kind) \
	FK_PAIR_ENTRIES_ONE(sqlname, kind) \
	FK_PAIR_ENTRY(sqlname, float8arr_nvec, kind, FK_NVEC_Y) \
	FK_PAIR_ENTRY(sqlname, nvec_float8arr, kind, FK_NVEC_X)
#define FK_PAIR_ENTRIES_BY(entries, sqlname, kind) \
	FK_PAIR_ENTRIES_##entries(sqlname, kind)
#define FK_PAIR_ENTRIES_OF(entries, sqlname, kind) \
	FK_PAIR_ENTRIES_BY(entries, sqlname, kind)

/* The entry points of one row of FK_REDUCTIONS, by its shape */
#define FK_RED_KIND(RED) ((FkReduceKind) FkReds[FK_ROP_##RED].acc)
#define FK_RED_ENTRIES_V(RED, sqlname) \
	FK_REDUCE_ENTRY(sqlname, FK_RED_KIND(RED))
#define FK_RED_ENTRIES_VV(RED, sqlname) \
	FK_PAIR_ENTRIES_OF(FK_SIG_VV(FK_SIG_ENTRIES), sqlname, FK_RED_KIND(RED))
#define FK_RED_ENTRIES_ROW(RED, sqlname, shape, ...) \
	FK_RED_ENTRIES_##shape(RED, sqlname)

FK_REDUCTIONS(FK_RED_ENTRIES_ROW)

/*
 * vcount, not a row of the catalogue: it returns bigint.  Over an nvec the
 * header says it (len - nnulls), read as null_count reads it: a value out
 * of line is fetched no further, a compressed one is not decoded.
 */
PG_FUNCTION_INFO_V1(vcount_float8arr);
PG_FUNCTION_INFO_V1(vcount_nvec);

/* The number of valid elements of a float8[] */
Datum
vcount_float8arr(PG_FUNCTION_ARGS)
{
	return FkReduceRun(fcinfo, FK_RED_COUNT, false);
}

/* The number of valid elements of an nvec, from its header */
Datum
vcount_nvec(PG_FUNCTION_ARGS)
{
	NVec		hdr;

	FkNVecReadHeader(PG_GETARG_DATUM(0), &hdr);
	PG_RETURN_INT64((int64) hdr.len - hdr.nnulls);
}
