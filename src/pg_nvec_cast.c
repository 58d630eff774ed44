/*
 * pg_nvec_cast.c
 *		Casts between nvec and arrays: float8[] both ways, real[], integer[],
 *		bigint[] and numeric[] into nvec.  NULL elements stay NULL.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/arrayaccess.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"

#include "vecview.h"

PG_FUNCTION_INFO_V1(float8arr_to_nvec);
PG_FUNCTION_INFO_V1(nvec_to_float8arr);
PG_FUNCTION_INFO_V1(float4arr_to_nvec);
PG_FUNCTION_INFO_V1(int4arr_to_nvec);
PG_FUNCTION_INFO_V1(int8arr_to_nvec);
PG_FUNCTION_INFO_V1(numericarr_to_nvec);

/* Elements converted between interrupt checks */
#define FK_CAST_BLOCK	65536

/* Copy a view into a new result of the given type */
static Datum
FkViewToResult(const FkVecView *view, bool is_nvec)
{
	FkVecResult res;

	FkResultInit(&res, is_nvec, view->len, view->nnulls > 0);
	memcpy(res.values, view->values, sizeof(double) * (Size) view->len);
	if (res.valid != NULL)
		memcpy(res.valid, view->valid,
			   NVEC_NWORDS(view->len) * sizeof(uint64));
	return FkResultFinish(&res);
}

/* float8[] -> nvec */
Datum
float8arr_to_nvec(PG_FUNCTION_ARGS)
{
	FkVecView	view;

	FkViewArrayDatum(PG_GETARG_DATUM(0), &view);
	PG_RETURN_DATUM(FkViewToResult(&view, true));
}

/* nvec -> float8[] */
Datum
nvec_to_float8arr(PG_FUNCTION_ARGS)
{
	NVec	   *v = PG_GETARG_NVEC_P(0);
	FkVecView	view;

	FkViewNVec(v, &view);
	PG_RETURN_DATUM(FkViewToResult(&view, false));
}

/* One element of an array of type elemtype as a float8, as core casts it */
static inline double
FkElemToDouble(Datum d, Oid elemtype)
{
	switch (elemtype)
	{
		case FLOAT4OID:
			return (double) DatumGetFloat4(d);
		case INT4OID:
			return (double) DatumGetInt32(d);
		case INT8OID:
			return (double) DatumGetInt64(d);
		case NUMERICOID:
			return DatumGetFloat8(DirectFunctionCall1(numeric_float8, d));
	}
	elog(ERROR, "unexpected array element type %u", elemtype);
	return 0.0;					/* keep compiler quiet */
}

/* Convert a one-dimensional array of elemtype into an nvec */
static NVec *
FkArrayToNVec(ArrayType *arr, Oid elemtype)
{
	int32		len;
	bool		hasnulls = ARR_HASNULL(arr);
	int16		typlen;
	bool		typbyval;
	char		typalign;
	array_iter	iter;
	FkVecResult res;

	if (ARR_ELEMTYPE(arr) != elemtype)
		elog(ERROR, "unexpected array element type %u", ARR_ELEMTYPE(arr));
	FkCheckOneDim(arr);
	len = ARR_NDIM(arr) == 0 ? 0 : ARR_DIMS(arr)[0];
	get_typlenbyvalalign(elemtype, &typlen, &typbyval, &typalign);

	FkResultInit(&res, true, len, hasnulls);
	array_iter_setup(&iter, (AnyArrayType *) arr);
	for (int32 i = 0; i < len; i++)
	{
		bool		isnull;
		Datum		d;

		if ((i % FK_CAST_BLOCK) == 0)
			CHECK_FOR_INTERRUPTS();
		d = array_iter_next(&iter, &isnull, i, typlen, typbyval, typalign);
		if (isnull)
		{
			res.values[i] = 0.0;
			continue;
		}
		res.values[i] = FkElemToDouble(d, elemtype);
		if (hasnulls)
			FkBitmapSet(res.valid, (size_t) i);
	}
	return (NVec *) DatumGetPointer(FkResultFinish(&res));
}

/* real[] -> nvec */
Datum
float4arr_to_nvec(PG_FUNCTION_ARGS)
{
	PG_RETURN_NVEC_P(FkArrayToNVec(PG_GETARG_ARRAYTYPE_P(0), FLOAT4OID));
}

/* integer[] -> nvec */
Datum
int4arr_to_nvec(PG_FUNCTION_ARGS)
{
	PG_RETURN_NVEC_P(FkArrayToNVec(PG_GETARG_ARRAYTYPE_P(0), INT4OID));
}

/* bigint[] -> nvec */
Datum
int8arr_to_nvec(PG_FUNCTION_ARGS)
{
	PG_RETURN_NVEC_P(FkArrayToNVec(PG_GETARG_ARRAYTYPE_P(0), INT8OID));
}

/* numeric[] -> nvec, each element as numeric::float8 converts it */
Datum
numericarr_to_nvec(PG_FUNCTION_ARGS)
{
	PG_RETURN_NVEC_P(FkArrayToNVec(PG_GETARG_ARRAYTYPE_P(0), NUMERICOID));
}
