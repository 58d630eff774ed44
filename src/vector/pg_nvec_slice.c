/*
 * pg_nvec_slice.c
 *		Parts of a vector: head and tail of float8[] and nvec, and
 *		length(float8[]).  (The slice v[a:b] of an nvec is FkNVecSlice, in
 *		nvec/pg_nvec_part.c.)
 *
 * Positions are those of core's slices of a one-dimensional array: 1-based,
 * bounds outside the vector clipped to it, an empty vector when nothing is
 * left.  head(v, n) and tail(v, n) take n elements from the start or the
 * end; a negative n takes all but |n| elements from the other end, as
 * pandas' head(-n) and tail(-n) do.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "utils/array.h"
#include "utils/arrayaccess.h"

#include "nvec/pg_nvec.h"
#include "vector/vecview.h"

PG_FUNCTION_INFO_V1(head_nvec);
PG_FUNCTION_INFO_V1(tail_nvec);
PG_FUNCTION_INFO_V1(head_float8arr);
PG_FUNCTION_INFO_V1(tail_float8arr);
PG_FUNCTION_INFO_V1(length_float8arr);

/*
 * The 1-based bounds that head (from_end false) or tail (true) take of a
 * vector of len elements, n of them, or all but -n when n is negative.
 */
static void
FkHeadTailBounds(int32 len, int32 n, bool from_end, int64 *lo, int64 *hi)
{
	int64		keep;

	keep = n >= 0 ? Min((int64) n, (int64) len) : Max((int64) len + n, 0);
	if (from_end)
	{
		*lo = (int64) len - keep + 1;
		*hi = len;
	}
	else
	{
		*lo = 1;
		*hi = keep;
	}
}

/* head or tail of an nvec argument, reading only the part taken */
static Datum
FkNVecHeadTail(FunctionCallInfo fcinfo, bool from_end)
{
	FkNVecParts p;
	int64		lo,
				hi;

	FkNVecPartsOpen(&p, PG_GETARG_DATUM(0));
	FkHeadTailBounds(p.hdr.len, PG_GETARG_INT32(1), from_end, &lo, &hi);
	PG_RETURN_NVEC_P(FkNVecSlice(&p, lo, hi));
}

/*
 * head or tail of a float8[] argument: core's slice of the positions, so a
 * NULL element stays NULL and the result's lower bound is 1.
 */
static Datum
FkArrayHeadTail(FunctionCallInfo fcinfo, bool from_end, const char *fn)
{
	ArrayType  *arr = PG_GETARG_ARRAYTYPE_P(0);
	int32		len;
	int64		lo,
				hi;
	int			lower[1];
	int			upper[1];
	bool		provided[1] = {true};
	ArrayType  *res;

	FkCheckVectorArray(arr, fn, "first argument");
	len = ARR_NDIM(arr) == 0 ? 0 : ARR_DIMS(arr)[0];
	FkHeadTailBounds(len, PG_GETARG_INT32(1), from_end, &lo, &hi);
	if (lo > hi)
		PG_RETURN_ARRAYTYPE_P(construct_empty_array(FLOAT8OID));

	lower[0] = ARR_LBOUND(arr)[0] + (int) (lo - 1);
	upper[0] = ARR_LBOUND(arr)[0] + (int) (hi - 1);
	res = DatumGetArrayTypeP(array_get_slice(PointerGetDatum(arr), 1,
											 upper, lower, provided, provided,
											 -1, sizeof(float8),
											 FLOAT8PASSBYVAL, TYPALIGN_DOUBLE));
	ARR_LBOUND(res)[0] = 1;
	PG_RETURN_ARRAYTYPE_P(res);
}

/* head(v nvec, n int): the first n elements, or all but the last -n */
Datum
head_nvec(PG_FUNCTION_ARGS)
{
	return FkNVecHeadTail(fcinfo, false);
}

/* tail(v nvec, n int): the last n elements, or all but the first -n */
Datum
tail_nvec(PG_FUNCTION_ARGS)
{
	return FkNVecHeadTail(fcinfo, true);
}

/* head(v float8[], n int) */
Datum
head_float8arr(PG_FUNCTION_ARGS)
{
	return FkArrayHeadTail(fcinfo, false, "head");
}

/* tail(v float8[], n int) */
Datum
tail_float8arr(PG_FUNCTION_ARGS)
{
	return FkArrayHeadTail(fcinfo, true, "tail");
}

/* length(v float8[]): number of elements, NULLs included, as length(nvec) */
Datum
length_float8arr(PG_FUNCTION_ARGS)
{
	ArrayType  *arr = PG_GETARG_ARRAYTYPE_P(0);

	FkCheckVectorArray(arr, "length", "first argument");
	PG_RETURN_INT32(ARR_NDIM(arr) == 0 ? 0 : ARR_DIMS(arr)[0]);
}
