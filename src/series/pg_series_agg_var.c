/*
 * pg_series_agg_var.c
 *		variance, var_pop, stddev and stddev_pop of nvec and float8[]
 *		columns, position by position (core/series_agg_var.h).
 *
 * The state is an ordinary float8[] of 3n values (counts, sums, sums of
 * squared deviations), so that PostgreSQL runs the aggregates in parallel
 * without serialization functions and Citus combines them, as avg's; its
 * transition and combine functions are those of every such state
 * (pg_series_agg_array.c).  Beyond the row, a row costs nothing; the
 * state is 24 bytes a position.
 */
#include "postgres.h"

#include "fmgr.h"
#include "catalog/pg_type.h"
#include "miscadmin.h"
#include "utils/array.h"

#include "core/series_agg_var.h"
#include "kernels/pg_kernels.h"
#include "series/pg_series_agg.h"
#include "vector/vecview.h"

/* The SQL names of the aggregates of each FkXVarKind, for messages */
static const char *const fk_xvar_names[] = {
	[FK_XVAR_SAMP] = "variance",
	[FK_XVAR_POP] = "var_pop",
	[FK_XVAR_STDDEV_SAMP] = "stddev",
	[FK_XVAR_STDDEV_POP] = "stddev_pop",
};

/* What messages call the aggregates of the shared combine function */
#define FK_XVAR_ALL "variance and stddev"

/* Check a state: an FkAggArrayOps check (no position is counted empty) */
static const char *
FkXVarCheckState(const double *state, size_t n, double rows, size_t *empty)
{
	if (empty != NULL)
		*empty = 0;
	return FkXVarCheck(state, n);
}

/* The state: counts, sums, sums of squared deviations */
static const FkAggArrayOps fk_var_ops = {
	.per = 3,
	.per_words = "three",
	.bad_len = "The state's length is not a multiple of 3.",
	.hint = "The state is a float8[] of the counts of valid elements at each position, then their sums, then their sums of squared deviations from the mean.",
	.init = FkXVarInit,
	.add = FkXVarAddPart,
	.add_stops = true,
	.combine = FkXVarCombine,
	.check = FkXVarCheckState,
};

/* The combine function of the four aggregates */
PG_FUNCTION_INFO_V1(vec_var_combinefn);
Datum
vec_var_combinefn(PG_FUNCTION_ARGS)
{
	return FkAggArrayCombine(fcinfo, &fk_var_ops, FK_XVAR_ALL);
}

/*
 * The final function of kind (strict: no rows give NULL): a vector of the
 * input's type, NULL where a position has too few valid elements.  The
 * state is checked and only read.
 */
static Datum
FkXVarFinalDatum(FunctionCallInfo fcinfo, bool is_nvec, FkXVarKind kind)
{
	ArrayType  *st = PG_GETARG_ARRAYTYPE_P(0);
	int32		len = FkAggArrayStateLen(st, true, &fk_var_ops, fk_xvar_names[kind], NULL);
	const double *state = (const double *) ARR_DATA_PTR(st);
	bool		nulls = FkXVarNulls(state, (size_t) len, kind) > 0;
	FkVecResult res;

	FkResultInit(&res, is_nvec, len, nulls);
	FkXVarFinal(state, (size_t) len, kind, res.values,
				nulls ? res.valid : NULL);
	PG_RETURN_DATUM(FkResultFinish(&res));
}

/* The entry points of the four aggregates (pg_series_agg.h) */
#define FK_XVAR_ENTRIES(name, kind) \
	FK_AGG_ARRAY_ENTRIES(name, &fk_var_ops, fk_xvar_names[kind], \
						 FkXVarFinalDatum, kind)

FK_XVAR_ENTRIES(variance, FK_XVAR_SAMP)
FK_XVAR_ENTRIES(var_pop, FK_XVAR_POP)
FK_XVAR_ENTRIES(stddev, FK_XVAR_STDDEV_SAMP)
FK_XVAR_ENTRIES(stddev_pop, FK_XVAR_STDDEV_POP)
