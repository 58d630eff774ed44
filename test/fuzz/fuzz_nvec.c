/*
 * fuzz_nvec.c
 *		The nvec I/O functions called as fmgr would, and the invariants of
 *		what they return: the layout nvec.h describes, and round trips
 *		through text and binary that give the same vector back.
 */
#include "postgres.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "fmgr.h"
#include "lib/stringinfo.h"

#include "core/bitmap.h"
#include "fuzz_nvec.h"
#include "pg_shim.h"

extern Datum nvec_in(PG_FUNCTION_ARGS);
extern Datum nvec_out(PG_FUNCTION_ARGS);
extern Datum nvec_recv(PG_FUNCTION_ARGS);
extern Datum nvec_send(PG_FUNCTION_ARGS);

/* Report a broken invariant: abort, which libFuzzer records as a crash */
static void
FkFuzzFail(const char *what)
{
	fprintf(stderr, "invariant broken: %s\n", what);
	abort();
}

/* Call a one-argument I/O function with arg */
static Datum
FkFuzzCall1(PGFunction fn, Datum arg)
{
	LOCAL_FCINFO(fcinfo, 3);
	FmgrInfo	flinfo;
	Datum		result;

	memset(&flinfo, 0, sizeof(flinfo));
	flinfo.fn_addr = fn;
	flinfo.fn_nargs = 1;
	flinfo.fn_mcxt = CurrentMemoryContext;
	InitFunctionCallInfoData(*fcinfo, &flinfo, 1, InvalidOid, NULL, NULL);
	fcinfo->args[0].value = arg;
	fcinfo->args[0].isnull = false;
	result = FunctionCallInvoke(fcinfo);
	if (fcinfo->isnull)
		FkFuzzFail("an I/O function returned NULL");
	return result;
}

/* nvec_in(str) */
NVec *
FkFuzzIn(const char *str)
{
	return (NVec *) DatumGetPointer(FkFuzzCall1(nvec_in, CStringGetDatum(str)));
}

/* nvec_out(v) */
char *
FkFuzzOut(NVec *v)
{
	return DatumGetCString(FkFuzzCall1(nvec_out, PointerGetDatum(v)));
}

/* nvec_send(v) */
bytea *
FkFuzzSend(NVec *v)
{
	return (bytea *) DatumGetPointer(FkFuzzCall1(nvec_send, PointerGetDatum(v)));
}

/*
 * nvec_recv of len bytes: a message buffer of exactly that size plus the
 * terminating zero the server always adds
 */
NVec *
FkFuzzRecv(const char *data, int len)
{
	StringInfoData buf;

	buf.data = palloc(len + 1);
	memcpy(buf.data, data, len);
	buf.data[len] = '\0';
	buf.len = len;
	buf.maxlen = len + 1;
	buf.cursor = 0;
	return (NVec *) DatumGetPointer(FkFuzzCall1(nvec_recv, PointerGetDatum(&buf)));
}

/*
 * The layout nvec.h promises of any plain value: flags, length and null
 * count in range, the size they imply, the bitmap consistent with them
 */
void
FkFuzzCheckLayout(const NVec *v)
{
	const uint64 *bm;
	Size		present = 0;

	if (v->flags != 0)
		FkFuzzFail("flags not zero");
	if (v->len < 0 || v->len > NVEC_MAX_LEN || v->nnulls < 0 || v->nnulls > v->len)
		FkFuzzFail("length or null count out of range");
	if (VARSIZE(v) != NVEC_SIZE(v->len, v->nnulls > 0))
		FkFuzzFail("size does not match length and null count");
	bm = NVEC_BITMAP(v);
	if (bm == NULL)
		return;
	for (Size w = 0; w < NVEC_NWORDS(v->len); w++)
	{
		if (bm[w] & ~FkWordMask(w, (size_t) v->len))
			FkFuzzFail("bitmap bit set past the length");
		present += (Size) __builtin_popcountll(bm[w]);
	}
	if (present != (Size) (v->len - v->nnulls))
		FkFuzzFail("null count does not match the bitmap");
}

/*
 * The layout of a value fusekern made (an input function's, the decoder's):
 * that of any plain value, and +0.0 in a NULL element's slot
 */
void
FkFuzzCheckNVec(const NVec *v)
{
	const uint64 *bm = NVEC_BITMAP(v);

	FkFuzzCheckLayout(v);
	for (int32 i = 0; bm != NULL && i < v->len; i++)
	{
		uint64		bits;

		memcpy(&bits, &v->values[i], sizeof(bits));
		if (!FkBitmapGet(bm, (size_t) i) && bits != 0)
			FkFuzzFail("a NULL element's slot is not +0.0");
	}
}

/* Same elements; a NaN equals any NaN when nan_any (text loses payloads) */
static bool
FkFuzzSame(const NVec *a, const NVec *b, bool nan_any)
{
	if (VARSIZE(a) != VARSIZE(b) || a->len != b->len || a->nnulls != b->nnulls)
		return false;
	if (!nan_any)
		return memcmp(a, b, VARSIZE(a)) == 0;
	for (int32 i = 0; i < a->len; i++)
		if (!(isnan(a->values[i]) && isnan(b->values[i])) &&
			memcmp(&a->values[i], &b->values[i], sizeof(double)) != 0)
			return false;
	return a->nnulls == 0 ||
		memcmp(NVEC_BITMAP(a), NVEC_BITMAP(b),
			   NVEC_NWORDS(a->len) * sizeof(uint64)) == 0;
}

/* Text and binary round trips give v back, without any error */
void
FkFuzzRoundTrips(NVec *v)
{
	PG_TRY();
	{
		char	   *text = FkFuzzOut(v);
		NVec	   *fromtext = FkFuzzIn(text);
		bytea	   *wire = FkFuzzSend(v);
		NVec	   *fromwire = FkFuzzRecv(VARDATA(wire),
										  (int) VARSIZE(wire) - VARHDRSZ);

		FkFuzzCheckNVec(fromtext);
		FkFuzzCheckNVec(fromwire);
		if (!FkFuzzSame(v, fromtext, true))
			FkFuzzFail("nvec_in(nvec_out(v)) differs from v");
		if (!FkFuzzSame(v, fromwire, false))
			FkFuzzFail("nvec_recv(nvec_send(v)) differs from v");
	}
	PG_CATCH();
	{
		FkShimExpectError("round trip", NULL, 0);
	}
	PG_END_TRY();
}

/*
 * One input of a harness: decode gives a well-formed nvec that survives
 * the round trips, or raises an error whose SQLSTATE is one of codes.
 */
void
FkFuzzDecodeOne(const char *what, FkFuzzDecode decode, const int *codes,
				int ncodes, const uint8_t *data, size_t size)
{
	FkShimStackBase();
	PG_TRY();
	{
		NVec	   *v = decode(data, size);

		FkFuzzCheckNVec(v);
		FkFuzzRoundTrips(v);
	}
	PG_CATCH();
	{
		FkShimExpectError(what, codes, ncodes);
	}
	PG_END_TRY();
	FkShimReset();
}
