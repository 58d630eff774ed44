/*
 * agg_catalog.h
 *		The catalogue of fusekern's aggregates across rows: one row per
 *		state (how partial results are kept, combined and passed between
 *		parallel workers) and one per aggregate (sum, avg, min, max,
 *		variance, var_pop, stddev, stddev_pop, skew, kurtosis).
 *		src/tools/gen_sql.c writes from them the CREATE FUNCTION, CREATE
 *		AGGREGATE and COMMENT ON statements of src/sql/43_series_agg.sql in
 *		the build tree; the C functions they name are in src/series/pg_series_agg*.c.
 *
 * The functions of a state are named after its .prefix:
 *	<prefix>_finalfn_nvec, <prefix>_finalfn_float8arr	final functions, one
 *				per type an aggregate of the state returns
 *	<prefix>_combinefn	its combine function (state, state)
 *	<prefix>_serialfn, <prefix>_deserialfn	for an internal state only:
 *				the state as a bytea between parallel workers, and back
 * those of an aggregate after its .name:
 *	vec_<name>_transfn(stype, type), C symbol vec_<name>_transfn_nvec or
 *				vec_<name>_transfn_float8arr: adds a row to the state
 *	vec_<name>_finalfn_nvec, vec_<name>_finalfn_float8arr	only for an
 *				aggregate with .own_final: its own final functions (the
 *				aggregates of one state read it differently), in place of
 *				the state's
 *
 * Every function is IMMUTABLE PARALLEL SAFE.  Transition functions are not
 * STRICT (they make the state at the first non-NULL row); serialization
 * functions are; final and combine functions are STRICT where the state
 * row says .strict (a state of an ordinary type: no state, no rows, gives
 * NULL).  Every aggregate has FINALFUNC_MODIFY = READ_ONLY (window
 * aggregation calls the final function again on the same state) and
 * PARALLEL = SAFE.
 *
 * The COMMENTs name the aggregates of a state, from these rows: "combine
 * function of sum, min and max over vectors: " then .combine_doc; "final
 * function of sum(nvec), min(nvec) and max(nvec): " then .final_doc and
 * " an nvec" (or " a float8[]"); "state transition function of sum(nvec): "
 * then the aggregate's .trans_doc.  Adding an aggregate: its row here, its
 * C functions, an upgrade script's statements (the COMMENTs of the state's
 * shared functions change with it), tests and docs/series.md.
 */
#ifndef FK_AGG_CATALOG_H
#define FK_AGG_CATALOG_H

#include <stdbool.h>

/* The states of the aggregates, FkAggStates[] */
typedef enum FkAggStateId
{
	FK_AGGSTATE_INTERNAL,		/* FkXAgg (core/series_agg.h) */
	FK_AGGSTATE_AVG,			/* float8[]: sums, then counts */
	FK_AGGSTATE_VAR,			/* float8[]: counts, sums, squared deviations
								 * (core/series_agg_var.h) */
	FK_AGGSTATE_MOMENTS,		/* float8[]: counts, shifts, means, M2, M3, M4
								 * (core/series_agg_moments.h) */
	FK_AGGSTATE_COUNT
} FkAggStateId;

/* The input types an aggregate has forms over, OR-ed in FkAggInfo.types */
#define FK_AGG_NVEC		0x1
#define FK_AGG_FLOAT8ARR 0x2

/* What the catalogue says of an aggregate state */
typedef struct FkAggStateInfo
{
	const char *prefix;			/* of its support functions' names */
	const char *stype;			/* "internal", or an SQL type */
	bool		strict;			/* final and combine functions STRICT */
	const char *note;			/* SQL comment lines before its functions
								 * (no final newline), or NULL */
	const char *final_doc;		/* what a final function returns */
	const char *combine_doc;	/* what its combine function does */
} FkAggStateInfo;

/* What the catalogue says of an aggregate across rows */
typedef struct FkAggInfo
{
	const char *name;			/* SQL aggregate name */
	FkAggStateId state;
	int			types;			/* FK_AGG_* */
	const char *trans_doc;		/* what its transition function does */
	const char *doc;			/* COMMENT of the aggregate */
	bool		own_final;		/* final functions of its own */
	const char *final_doc;		/* with own_final: what they return */
} FkAggInfo;

static const FkAggStateInfo FkAggStates[FK_AGGSTATE_COUNT] = {
	[FK_AGGSTATE_INTERNAL] = {
		.prefix = "vec_agg",
		.stype = "internal",
		.final_doc = "the state as",
		.combine_doc = "folds the second state into the first",
	},
	[FK_AGGSTATE_AVG] = {
		.prefix = "vec_avg",
		.stype = "float8[]",
		.strict = true,
		.note = "-- avg's state: a float8[] of 2n values, the sums at the n positions (from\n"
		"-- -0, the identity of the sum) then the counts of valid elements; the one\n"
		"-- an aggregate makes ends in a count of rows without NULLs, added to each",
		.final_doc = "sums divided by counts, as",
		.combine_doc = "adds the second state (sums, then counts of valid elements) to the first",
	},
	[FK_AGGSTATE_VAR] = {
		.prefix = "vec_var",
		.stype = "float8[]",
		.strict = true,
		.note = "-- the state of variance, var_pop, stddev and stddev_pop: a float8[] of 3n\n"
		"-- values, the counts of valid elements at the n positions, then their sums,\n"
		"-- then their sums of squared deviations from the mean (core's float8_accum)",
		.combine_doc = "combines the second state (counts, sums, sums of squared deviations) with the first, as core's float8_combine",
	},
	[FK_AGGSTATE_MOMENTS] = {
		.prefix = "vec_moments",
		.stype = "float8[]",
		.strict = true,
		.note = "-- the state of skew and kurtosis: a float8[] of 6n values, the counts of\n"
		"-- valid elements at the n positions, then their first values (shifts), then\n"
		"-- their means less the shifts, then the sums of the second, third and fourth\n"
		"-- powers of their deviations from the mean",
		.combine_doc = "combines the second state (counts, shifts, means, sums of powers of deviations) with the first, with Pebay's formulas",
	},
};

static const FkAggInfo FkAggs[] = {
	{
		.name = "sum",
		.state = FK_AGGSTATE_INTERNAL,
		.types = FK_AGG_NVEC | FK_AGG_FLOAT8ARR,
		.trans_doc = "adds a row position by position",
		.doc = "elementwise sum across rows, NULL elements skipped; NULL where a position has no valid element",
	},
	{
		.name = "avg",
		.state = FK_AGGSTATE_AVG,
		.types = FK_AGG_NVEC | FK_AGG_FLOAT8ARR,
		.trans_doc = "adds a row to the sums and counts of valid elements, position by position",
		.doc = "elementwise mean across rows, NULL elements skipped; NULL where a position has no valid element",
	},
	{
		.name = "min",
		.state = FK_AGGSTATE_INTERNAL,
		.types = FK_AGG_NVEC,
		.trans_doc = "the least element so far at each position",
		.doc = "elementwise minimum across rows (NaN above every number, as float8), NULL elements skipped",
	},
	{
		.name = "max",
		.state = FK_AGGSTATE_INTERNAL,
		.types = FK_AGG_NVEC,
		.trans_doc = "the greatest element so far at each position",
		.doc = "elementwise maximum across rows (NaN above every number, as float8), NULL elements skipped",
	},
	{
		.name = "variance",
		.state = FK_AGGSTATE_VAR,
		.types = FK_AGG_NVEC | FK_AGG_FLOAT8ARR,
		.trans_doc = "adds a row to the counts, sums and squared deviations, position by position, as core's float8_accum",
		.doc = "elementwise sample variance across rows (as core's var_samp), NULL elements skipped; NULL where a position has fewer than two valid elements",
		.own_final = true,
		.final_doc = "the sample variance at each position, as",
	},
	{
		.name = "var_pop",
		.state = FK_AGGSTATE_VAR,
		.types = FK_AGG_NVEC | FK_AGG_FLOAT8ARR,
		.trans_doc = "adds a row to the counts, sums and squared deviations, position by position, as core's float8_accum",
		.doc = "elementwise population variance across rows (as core's var_pop), NULL elements skipped; NULL where a position has no valid element",
		.own_final = true,
		.final_doc = "the population variance at each position, as",
	},
	{
		.name = "stddev",
		.state = FK_AGGSTATE_VAR,
		.types = FK_AGG_NVEC | FK_AGG_FLOAT8ARR,
		.trans_doc = "adds a row to the counts, sums and squared deviations, position by position, as core's float8_accum",
		.doc = "elementwise sample standard deviation across rows (as core's stddev_samp), NULL elements skipped; NULL where a position has fewer than two valid elements",
		.own_final = true,
		.final_doc = "the sample standard deviation at each position, as",
	},
	{
		.name = "stddev_pop",
		.state = FK_AGGSTATE_VAR,
		.types = FK_AGG_NVEC | FK_AGG_FLOAT8ARR,
		.trans_doc = "adds a row to the counts, sums and squared deviations, position by position, as core's float8_accum",
		.doc = "elementwise population standard deviation across rows (as core's stddev_pop), NULL elements skipped; NULL where a position has no valid element",
		.own_final = true,
		.final_doc = "the population standard deviation at each position, as",
	},
	{
		.name = "skew",
		.state = FK_AGGSTATE_MOMENTS,
		.types = FK_AGG_NVEC | FK_AGG_FLOAT8ARR,
		.trans_doc = "adds a row to the counts, means and sums of powers of deviations, position by position, with Pebay's formulas",
		.doc = "elementwise skewness across rows with pandas' bias correction (vskew of each position's values), NULL elements skipped; NULL where a position has fewer than three valid elements",
		.own_final = true,
		.final_doc = "the skewness at each position, as",
	},
	{
		.name = "kurtosis",
		.state = FK_AGGSTATE_MOMENTS,
		.types = FK_AGG_NVEC | FK_AGG_FLOAT8ARR,
		.trans_doc = "adds a row to the counts, means and sums of powers of deviations, position by position, with Pebay's formulas",
		.doc = "elementwise excess kurtosis across rows with pandas' bias correction (vkurtosis of each position's values), NULL elements skipped; NULL where a position has fewer than four valid elements",
		.own_final = true,
		.final_doc = "the excess kurtosis at each position, as",
	},
};

#define FK_AGG_COUNT ((int) (sizeof(FkAggs) / sizeof(FkAggs[0])))

#endif							/* FK_AGG_CATALOG_H */
