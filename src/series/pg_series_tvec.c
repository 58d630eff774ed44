/*
 * pg_series_tvec.c
 *		The tvec type: a time axis (timestamptz values) stored as
 *		delta-of-deltas (the codec and its layout: core/tvec_codec.h), a
 *		varlena whose body is the codec's.  Text input and output are those
 *		of timestamptz[]; the binary form is the count and the times as
 *		int64 (what timestamptz_send sends); casts to and from timestamptz[].
 *
 * Every read of a stored value checks the whole body first: a truncated or
 * altered value raises XX001 "corrupted tvec", never reads past its end.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "fmgr.h"
#include "libpq/pqformat.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/fmgroids.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"

#include "core/tvec_codec.h"
#include "series/pg_series_time.h"

PG_FUNCTION_INFO_V1(tvec_in);
PG_FUNCTION_INFO_V1(tvec_out);
PG_FUNCTION_INFO_V1(tvec_recv);
PG_FUNCTION_INFO_V1(tvec_send);
PG_FUNCTION_INFO_V1(tvec_from_timestamptz_array);
PG_FUNCTION_INFO_V1(tvec_to_timestamptz_array);
PG_FUNCTION_INFO_V1(tvec_length);
PG_FUNCTION_INFO_V1(tvec_bits_per_time);

/* Report a tvec whose body does not hold together (SQLSTATE XX001) */
static pg_noreturn void
FkTvecCorrupted(FkTvecStatus st)
{
	ereport(ERROR,
			(errcode(ERRCODE_DATA_CORRUPTED),
			 errmsg("corrupted tvec"),
			 errdetail("%s", FkTvecStatusText(st))));
}

/* A tvec of the n times t, palloc'd in the current memory context */
static struct varlena *
FkTvecBuild(const int64 *t, int32 n)
{
	Size		max = FkTvecMaxSize(n);
	struct varlena *v;
	Size		size;

	if (!AllocSizeIsValid(VARHDRSZ + max))
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("tvec of %d times is too large", n)));
	v = palloc(VARHDRSZ + max);
	size = FkTvecEncode((const int64_t *) t, n, (unsigned char *) VARDATA(v));
	SET_VARSIZE(v, VARHDRSZ + size);
	return v;
}

/*
 * The times of a timestamptz[] (one-dimensional or empty, without NULLs)
 * as a tvec; fn names the caller in errors
 */
static struct varlena *
FkTvecFromArray(ArrayType *arr, const char *fn)
{
	int32		n;

	if (ARR_ELEMTYPE(arr) != TIMESTAMPTZOID)
		elog(ERROR, "%s(): not a timestamptz[]", fn);
	if (ARR_NDIM(arr) > 1)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("array must be one-dimensional"),
				 errdetail("A tvec is a vector: the array has %d dimensions.",
						   ARR_NDIM(arr))));
	n = ARR_NDIM(arr) == 0 ? 0 : ARR_DIMS(arr)[0];
	if (FkArrayFirstNull(arr, n) >= 0)
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("null value in a tvec"),
				 errdetail("Element %d of the timestamptz[] is NULL.",
						   FkArrayFirstNull(arr, n) + 1),
				 errhint("A time axis has a time for every element.")));
	return FkTvecBuild((const int64 *) ARR_DATA_PTR(arr), n);
}

/*
 * The times of a tvec datum, checked whole and decoded into a palloc'd
 * array (in the current memory context); *n their count
 */
int64 *
FkTvecDecodeDatum(Datum d, int32 *n)
{
	struct varlena *v = PG_DETOAST_DATUM(d);
	const unsigned char *body = (const unsigned char *) VARDATA(v);
	Size		size = VARSIZE(v) - VARHDRSZ;
	FkTvecStatus st = FkTvecLength(body, size, n);
	int64	   *t;

	if (st != FK_TVEC_OK)
		FkTvecCorrupted(st);
	t = palloc(Max(sizeof(int64), (Size) *n * sizeof(int64)));
	st = FkTvecDecode(body, size, (int64_t *) t);
	if (st != FK_TVEC_OK)
		FkTvecCorrupted(st);
	if ((Pointer) v != DatumGetPointer(d))
		pfree(v);
	return t;
}

/* A one-dimensional timestamptz[] of the times of a tvec datum */
static ArrayType *
FkTvecToArray(Datum d)
{
	struct varlena *v = PG_DETOAST_DATUM(d);
	const unsigned char *body = (const unsigned char *) VARDATA(v);
	Size		size = VARSIZE(v) - VARHDRSZ;
	int32		n;
	FkTvecStatus st = FkTvecLength(body, size, &n);
	ArrayType  *arr;
	Size		nbytes;

	if (st != FK_TVEC_OK)
		FkTvecCorrupted(st);
	if (n == 0)
		return construct_empty_array(TIMESTAMPTZOID);
	/* the array built in place: the codec writes into its data area */
	nbytes = ARR_OVERHEAD_NONULLS(1) + (Size) n * sizeof(int64);
	if (!AllocSizeIsValid(nbytes))
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("array of %d times is too large", n)));
	arr = palloc(nbytes);
	SET_VARSIZE(arr, nbytes);
	arr->ndim = 1;
	arr->dataoffset = 0;
	arr->elemtype = TIMESTAMPTZOID;
	ARR_DIMS(arr)[0] = n;
	ARR_LBOUND(arr)[0] = 1;
	st = FkTvecDecode(body, size, (int64_t *) ARR_DATA_PTR(arr));
	if (st != FK_TVEC_OK)
		FkTvecCorrupted(st);
	if ((Pointer) v != DatumGetPointer(d))
		pfree(v);
	return arr;
}

/* Text input of tvec: a timestamptz[]'s text, '{2026-01-05 09:30:00+00, ...}' */
Datum
tvec_in(PG_FUNCTION_ARGS)
{
	char	   *str = PG_GETARG_CSTRING(0);
	Datum		arr = OidInputFunctionCall(F_ARRAY_IN, str, TIMESTAMPTZOID, -1);

	PG_RETURN_POINTER(FkTvecFromArray(DatumGetArrayTypeP(arr), "tvec_in"));
}

/* Text output of tvec: that of the timestamptz[] of its times */
Datum
tvec_out(PG_FUNCTION_ARGS)
{
	ArrayType  *arr = FkTvecToArray(PG_GETARG_DATUM(0));

	PG_RETURN_CSTRING(OidOutputFunctionCall(F_ARRAY_OUT, PointerGetDatum(arr)));
}

/*
 * Binary input of tvec: int32 count, then the times as int64 (network
 * order), checked against the message's length
 */
Datum
tvec_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	int32		n = pq_getmsgint(buf, 4);
	int64	   *t;

	if (n < 0 || (Size) n > (Size) (buf->len - buf->cursor) / sizeof(int64))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid tvec count %d", n),
				 errdetail("The message holds %d bytes of times.",
						   buf->len - buf->cursor)));
	t = palloc(Max(sizeof(int64), (Size) n * sizeof(int64)));
	for (int32 i = 0; i < n; i++)
	{
		t[i] = pq_getmsgint64(buf);
		if ((i & 0xFFFF) == 0xFFFF)
			CHECK_FOR_INTERRUPTS();
	}
	if (buf->cursor != buf->len)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid tvec"),
				 errdetail("%d bytes are left after %d times.",
						   buf->len - buf->cursor, n)));
	PG_RETURN_POINTER(FkTvecBuild(t, n));
}

/* Binary output of tvec: int32 count, then the times as int64 */
Datum
tvec_send(PG_FUNCTION_ARGS)
{
	int32		n;
	int64	   *t = FkTvecDecodeDatum(PG_GETARG_DATUM(0), &n);
	StringInfoData buf;

	pq_begintypsend(&buf);
	pq_sendint32(&buf, n);
	for (int32 i = 0; i < n; i++)
	{
		pq_sendint64(&buf, t[i]);
		if ((i & 0xFFFF) == 0xFFFF)
			CHECK_FOR_INTERRUPTS();
	}
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

/* Cast timestamptz[] to tvec */
Datum
tvec_from_timestamptz_array(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(FkTvecFromArray(PG_GETARG_ARRAYTYPE_P(0), "tvec"));
}

/* Cast tvec to timestamptz[] */
Datum
tvec_to_timestamptz_array(PG_FUNCTION_ARGS)
{
	PG_RETURN_ARRAYTYPE_P(FkTvecToArray(PG_GETARG_DATUM(0)));
}

/*
 * The count of times of a tvec datum, its header checked; *bytes its size
 * (varlena header included)
 */
static int32
FkTvecHeaderCount(Datum d, Size *bytes)
{
	struct varlena *v = PG_DETOAST_DATUM(d);
	int32		n;
	FkTvecStatus st = FkTvecLength((const unsigned char *) VARDATA(v),
								   VARSIZE(v) - VARHDRSZ, &n);

	if (st != FK_TVEC_OK)
		FkTvecCorrupted(st);
	*bytes = VARSIZE(v);
	return n;
}

/* length(tvec): the count of times, from the header */
Datum
tvec_length(PG_FUNCTION_ARGS)
{
	Size		bytes;

	PG_RETURN_INT32(FkTvecHeaderCount(PG_GETARG_DATUM(0), &bytes));
}

/* tvec_bits_per_time(tvec): stored bits per time, the header included */
Datum
tvec_bits_per_time(PG_FUNCTION_ARGS)
{
	Size		bytes;
	int32		n = FkTvecHeaderCount(PG_GETARG_DATUM(0), &bytes);

	if (n == 0)
		PG_RETURN_NULL();
	PG_RETURN_FLOAT8(8.0 * bytes / n);
}
