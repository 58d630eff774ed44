/*
 * pg_nvec_cast.c
 *		Casts between nvec and arrays: float8[] both ways, real[], integer[],
 *		bigint[] and numeric[] into nvec, nvec out to real[], numeric[], json
 *		and jsonb.  NULL elements stay NULL (null in json and jsonb).
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/arrayaccess.h"
#include "utils/builtins.h"
#include "utils/float.h"
#include "utils/jsonb.h"
#include "utils/jsonfuncs.h"
#include "utils/lsyscache.h"

#include "common/fusekern.h"
#include "vector/vecview.h"

PG_FUNCTION_INFO_V1(float8arr_to_nvec);
PG_FUNCTION_INFO_V1(nvec_to_float8arr);
PG_FUNCTION_INFO_V1(float4arr_to_nvec);
PG_FUNCTION_INFO_V1(int4arr_to_nvec);
PG_FUNCTION_INFO_V1(int8arr_to_nvec);
PG_FUNCTION_INFO_V1(numericarr_to_nvec);
PG_FUNCTION_INFO_V1(nvec_to_float4arr);
PG_FUNCTION_INFO_V1(nvec_to_numericarr);
PG_FUNCTION_INFO_V1(nvec_to_jsonb);
PG_FUNCTION_INFO_V1(nvec_to_json);

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

/*
 * nvec -> float8[]: a compressed value decoded a block at a time straight
 * into the result's data area, its validity words copied as they are
 */
Datum
nvec_to_float8arr(PG_FUNCTION_ARGS)
{
	FkVecReader rd;
	FkVecResult res;

	FkReaderOpen(fcinfo, 0, true, &rd);
	FkResultInit(&res, false, rd.view.len, rd.view.nnulls > 0);
	FkReaderCopy(&rd, 0, rd.view.len, res.values);
	if (res.valid != NULL)
		memcpy(res.valid, rd.view.valid,
			   NVEC_NWORDS(rd.view.len) * sizeof(uint64));
	PG_RETURN_DATUM(FkResultFinish(&res));
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

		if ((i % FK_BLOCK) == 0)
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

/* float8 -> real as core's dtof: overflow and underflow are errors */
static Datum
FkDoubleToFloat4(double d)
{
	float4		f = (float4) d;

	if (unlikely(isinf(f)) && !isinf(d))
		float_overflow_error();
	if (unlikely(f == 0.0f) && d != 0.0)
		float_underflow_error();
	return Float4GetDatum(f);
}

/* What visits each element of a vector: element i, NULL or x */
typedef void (*FkElementVisit) (void *arg, int32 i, bool isnull, double x);

/*
 * Visit every element of an opened vector in order, read a block at a time
 * (a compressed nvec decoded block by block)
 */
static void
FkReaderEach(FkVecReader *rd, FkElementVisit visit, void *arg)
{
	for (int32 s = 0; s < rd->view.len; s += FK_READ_BLOCK)
	{
		int32		n = Min(FK_READ_BLOCK, rd->view.len - s);
		const double *x;
		const uint64 *valid;

		CHECK_FOR_INTERRUPTS();
		FkReaderBlock(rd, s, n, &x, &valid);
		for (int32 i = 0; i < n; i++)
			visit(arg, s + i,
				  valid != NULL && !FkBitmapGet(valid, (size_t) i), x[i]);
	}
}

/* An array's elements being converted, one by one, by conv */
typedef struct FkArrayElements
{
	Datum	   *elems;
	bool	   *nulls;
	Datum		(*conv) (double);
} FkArrayElements;

/* FkElementVisit: element i converted into an array's Datums */
static void
FkArrayElement(void *arg, int32 i, bool isnull, double x)
{
	FkArrayElements *a = (FkArrayElements *) arg;

	a->nulls[i] = isnull;
	a->elems[i] = isnull ? (Datum) 0 : a->conv(x);
}

/*
 * The nvec argument 0 of fcinfo as a one-dimensional array of elemtype,
 * each element by conv, read a block at a time
 */
static ArrayType *
FkNVecToArray(FunctionCallInfo fcinfo, Oid elemtype, Datum (*conv) (double))
{
	FkVecReader rd;
	FkArrayElements a;
	int			dims[1];
	int			lbs[1] = {1};
	int16		typlen;
	bool		typbyval;
	char		typalign;

	FkReaderOpen(fcinfo, 0, true, &rd);
	if (rd.view.len == 0)
		return construct_empty_array(elemtype);
	a.elems = (Datum *) palloc(sizeof(Datum) * (Size) rd.view.len);
	a.nulls = (bool *) palloc(sizeof(bool) * (Size) rd.view.len);
	a.conv = conv;
	FkReaderEach(&rd, FkArrayElement, &a);
	dims[0] = rd.view.len;
	get_typlenbyvalalign(elemtype, &typlen, &typbyval, &typalign);
	return construct_md_array(a.elems, a.nulls, 1, dims, lbs, elemtype,
							  typlen, typbyval, typalign);
}

/* float8 -> numeric as core's float8_numeric (NaN and +-Infinity kept) */
static Datum
FkDoubleToNumeric(double d)
{
	return DirectFunctionCall1(float8_numeric, Float8GetDatum(d));
}

/* nvec -> real[], each element as float8::real */
Datum
nvec_to_float4arr(PG_FUNCTION_ARGS)
{
	PG_RETURN_ARRAYTYPE_P(FkNVecToArray(fcinfo, FLOAT4OID, FkDoubleToFloat4));
}

/* nvec -> numeric[], each element as float8::numeric */
Datum
nvec_to_numericarr(PG_FUNCTION_ARGS)
{
	PG_RETURN_ARRAYTYPE_P(FkNVecToArray(fcinfo, NUMERICOID, FkDoubleToNumeric));
}

/*
 * FkElementVisit: push element i of a jsonb array (arg: the parse state)
 * as to_jsonb(float8) writes it: a number from float8out's text, or that
 * text as a string where it is no JSON number (NaN, Infinity, -Infinity);
 * null for a NULL element
 */
static void
FkJsonbElement(void *arg, int32 i, bool isnull, double x)
{
	JsonbValue	jv;

	if (isnull)
		jv.type = jbvNull;
	else
	{
		char	   *s = float8out_internal(x);

		if (IsValidJsonNumber(s, strlen(s)))
		{
			jv.type = jbvNumeric;
			jv.val.numeric = DatumGetNumeric(DirectFunctionCall3(numeric_in,
																 CStringGetDatum(s),
																 ObjectIdGetDatum(InvalidOid),
																 Int32GetDatum(-1)));
		}
		else
		{
			jv.type = jbvString;
			jv.val.string.val = s;
			jv.val.string.len = strlen(s);
		}
	}
	pushJsonbValue((JsonbParseState **) arg, WJB_ELEM, &jv);
}

/*
 * nvec -> jsonb array, each element as to_jsonb(float8) writes it (NULL:
 * null), read a block at a time
 */
Datum
nvec_to_jsonb(PG_FUNCTION_ARGS)
{
	FkVecReader rd;
	JsonbParseState *state = NULL;
	JsonbValue *result;

	FkReaderOpen(fcinfo, 0, true, &rd);
	pushJsonbValue(&state, WJB_BEGIN_ARRAY, NULL);
	FkReaderEach(&rd, FkJsonbElement, &state);
	result = pushJsonbValue(&state, WJB_END_ARRAY, NULL);
	PG_RETURN_POINTER(JsonbValueToJsonb(result));
}

/*
 * FkJsonElement: append element i to the text of a json array (arg: its
 * StringInfo) as to_json(float8) writes it: float8out's text where that is
 * a JSON number, else that text as a JSON string (NaN, Infinity,
 * -Infinity); null for a NULL element
 */
static void
FkJsonElement(void *arg, int32 i, bool isnull, double x)
{
	StringInfo	buf = (StringInfo) arg;
	char	   *s;
	int			len;

	if (i > 0)
		appendStringInfoChar(buf, ',');
	if (isnull)
	{
		appendBinaryStringInfo(buf, "null", 4);
		return;
	}
	s = float8out_internal(x);
	len = (int) strlen(s);
	if (IsValidJsonNumber(s, len))
		appendBinaryStringInfo(buf, s, len);
	else
	{
		appendStringInfoChar(buf, '"');
		appendBinaryStringInfo(buf, s, len);
		appendStringInfoChar(buf, '"');
	}
	pfree(s);
}

/*
 * nvec -> json array, as to_json(float8[]) writes the same values: numbers
 * as float8out writes them, NaN and +-Infinity as strings, null for a NULL
 * element, no blanks; read a block at a time.  Being a cast to json with a
 * function, it is also what to_json, to_jsonb, json_agg, jsonb_agg,
 * row_to_json, json_build_array and their kin write for an nvec.
 */
Datum
nvec_to_json(PG_FUNCTION_ARGS)
{
	FkVecReader rd;
	StringInfoData buf;

	FkReaderOpen(fcinfo, 0, true, &rd);
	initStringInfo(&buf);
	appendStringInfoChar(&buf, '[');
	FkReaderEach(&rd, FkJsonElement, &buf);
	appendStringInfoChar(&buf, ']');
	PG_RETURN_TEXT_P(cstring_to_text_with_len(buf.data, buf.len));
}
