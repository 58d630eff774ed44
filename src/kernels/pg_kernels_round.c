/*
 * pg_kernels_round.c
 *		round(v, digits): each element rounded to a number of decimal digits
 *		exactly as core's round(x::numeric, digits)::float8 rounds it.
 *
 * The rule is core's own expression, element by element: the double cast
 * to numeric (float8_numeric: its 15 significant digits, DBL_DIG), rounded
 * half away from zero at digits (numeric_round; negative digits round to
 * the left of the point), and read back as a double (numeric_float8).  So
 * round(2.675, 2) is 2.68, as a user who typed 2.675 expects, NaN and
 * +-Infinity stay, -0 becomes 0, and a result past the double range raises
 * core's error.  The three calls of core are the computation itself, so
 * the bits are core's on every element and every path; no SIMD kernel
 * stands in for them.
 */
#include "postgres.h"

#include "fmgr.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/memutils.h"

#include "core/bitmap.h"
#include "kernels/pg_kernels.h"
#include "vector/vecview.h"

/* Elements between interrupt checks and resets of the scratch context */
#define FK_ROUND_BLOCK	1024

/* round(x::numeric, digits)::float8 of one double, as core computes it */
static double
FkRoundDigitsOne(double x, int32 digits)
{
	Datum		n = DirectFunctionCall1(float8_numeric, Float8GetDatum(x));

	n = DirectFunctionCall2(numeric_round, n, Int32GetDatum(digits));
	return DatumGetFloat8(DirectFunctionCall1(numeric_float8, n));
}

/* round(v, digits) over a float8[] (is_nvec false) or an nvec */
static Datum
FkRoundDigits(FunctionCallInfo fcinfo, bool is_nvec)
{
	int32		digits = PG_GETARG_INT32(1);
	FkVecView	x;
	FkVecResult res;
	MemoryContext scratch;
	MemoryContext old;

	if (is_nvec)
		FkViewNVec(PG_GETARG_NVEC_P(0), &x);
	else
		FkViewArrayDatumOf(PG_GETARG_DATUM(0), &x, "round", "first argument");
	FkResultInitFor(&res, is_nvec, x.len, x.valid != NULL, x.expanded);
	if (res.valid != NULL)
		memcpy(res.valid, x.valid, NVEC_NWORDS(x.len) * sizeof(uint64));

	/* the numerics of each element live until the end of their block */
	scratch = AllocSetContextCreate(CurrentMemoryContext, "fusekern round",
									ALLOCSET_SMALL_SIZES);
	for (int32 s = 0; s < x.len; s += FK_ROUND_BLOCK)
	{
		int32		e = Min(s + FK_ROUND_BLOCK, x.len);

		CHECK_FOR_INTERRUPTS();
		old = MemoryContextSwitchTo(scratch);
		for (int32 i = s; i < e; i++)
			res.values[i] = (x.valid == NULL || FkBitmapGet(x.valid, i)) ?
				FkRoundDigitsOne(x.values[i], digits) : 0.0;
		MemoryContextSwitchTo(old);
		MemoryContextReset(scratch);
	}
	MemoryContextDelete(scratch);
	return FkResultFinish(&res);
}

PG_FUNCTION_INFO_V1(round_digits_float8arr);
/* round(float8[], integer) */
Datum
round_digits_float8arr(PG_FUNCTION_ARGS)
{
	return FkRoundDigits(fcinfo, false);
}

PG_FUNCTION_INFO_V1(round_digits_nvec);
/* round(nvec, integer) */
Datum
round_digits_nvec(PG_FUNCTION_ARGS)
{
	return FkRoundDigits(fcinfo, true);
}
