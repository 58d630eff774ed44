/*
 * pg_series_agg_moments.c
 *		skew and kurtosis of nvec and float8[] columns, position by position
 *		(core/series_agg_moments.h): at each position what vskew and
 *		vkurtosis give over the column.
 *
 * The state is an ordinary float8[] of 6n values (counts, shifts, means,
 * M2, M3, M4), so that PostgreSQL runs the aggregates in parallel without
 * serialization functions and Citus combines them, as variance's; its
 * transition and combine functions are those of every such state
 * (pg_series_agg_array.c).  The state is 48 bytes a position.
 */
#include "postgres.h"

#include "fmgr.h"
#include "utils/array.h"
#include "utils/float.h"

#include "core/series_agg_moments.h"
#include "kernels/pg_kernels.h"
#include "series/pg_series_agg.h"
#include "vector/vecview.h"

/* What messages call the aggregates of the shared combine function */
#define FK_XMOM_ALL "skew and kurtosis"

/* Check a state: an FkAggArrayOps check (the state has no rows slot) */
static const char *
FkXMomCheckState(const double *state, size_t n, double rows, size_t *empty)
{
	return FkXMomCheck(state, n, empty);
}

/* The state: counts, shifts, means less the shifts, M2, M3, M4 */
static const FkAggArrayOps fk_mom_ops = {
	.per = 6,
	.per_words = "six",
	.bad_len = "The state's length is not a multiple of 6.",
	.hint = "The state is a float8[] of the counts of valid elements at each position, then their first values, then their means less the first values, then the sums of the second, third and fourth powers of their deviations from the mean.",
	.init = FkXMomInit,
	.add = FkXMomAddPart,
	.add_stops = true,
	.combine = FkXMomCombine,
	.check = FkXMomCheckState,
};

/* The combine function of skew and kurtosis */
PG_FUNCTION_INFO_V1(vec_moments_combinefn);
Datum
vec_moments_combinefn(PG_FUNCTION_ARGS)
{
	return FkAggArrayCombine(fcinfo, &fk_mom_ops, FK_XMOM_ALL);
}

/*
 * The final function of skew or kurtosis (strict: no rows give NULL): a
 * vector of the input's type, NULL where a position has too few valid
 * elements; 22003 where finite values overflowed.  The state is checked
 * and only read.
 */
static Datum
FkXMomFinalDatum(FunctionCallInfo fcinfo, bool is_nvec, bool kurtosis)
{
	const char *name = kurtosis ? "kurtosis" : "skew";
	ArrayType  *st = PG_GETARG_ARRAYTYPE_P(0);
	int32		len = FkAggArrayStateLen(st, true, &fk_mom_ops, name, NULL);
	const double *state = (const double *) ARR_DATA_PTR(st);
	bool		nulls = FkXMomNulls(state, (size_t) len, kurtosis) > 0;
	FkVecResult res;

	FkResultInit(&res, is_nvec, len, nulls);
	if (FkXMomFinal(state, (size_t) len, kurtosis, res.values,
					nulls ? res.valid : NULL) != FK_XAVG_OK)
		float_overflow_error();
	PG_RETURN_DATUM(FkResultFinish(&res));
}

/* The entry points of skew and kurtosis (pg_series_agg.h) */
FK_AGG_ARRAY_ENTRIES(skew, &fk_mom_ops, "skew", FkXMomFinalDatum, false)
FK_AGG_ARRAY_ENTRIES(kurtosis, &fk_mom_ops, "kurtosis", FkXMomFinalDatum, true)
