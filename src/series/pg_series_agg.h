/*
 * pg_series_agg.h
 *		Aggregates across rows whose state is an ordinary float8[] of a few
 *		values per position (avg's; variance's and stddev's), so that Citus
 *		combines them: the transition, combine and state checks they share
 *		(src/series/pg_series_agg_array.c), each aggregate's core given by an
 *		FkAggArrayOps.
 */
#ifndef FK_PG_SERIES_AGG_H
#define FK_PG_SERIES_AGG_H

#include "fmgr.h"
#include "utils/array.h"

#include "core/series_agg.h"

/* The core of an aggregate across rows with a float8[] state */
typedef struct FkAggArrayOps
{
	int			per;			/* values per position */
	const char *per_words;		/* the same in words: "two" */
	const char *bad_len;		/* DETAIL: the length is not a multiple of
								 * per */
	const char *hint;			/* HINT of an invalid state: its layout */
	/* the state of n positions, with nothing added */
	void		(*init) (double *state, size_t n);
	/*
	 * add positions [from, from + m) of a row (x and valid hold the part,
	 * bit 0 of valid is position from), fold a state in: an FkXAvgStatus
	 */
	FkXAvgStatus (*add) (double *state, size_t n, size_t from, size_t m,
						 const double *x, const uint64_t *valid);
	FkXAvgStatus (*combine) (double *state, const double *other, size_t n);
	/*
	 * add stops at the first fault of its part, in index order (else it
	 * adds the whole part, and a count overflow outranks a sum overflow)
	 */
	bool		add_stops;
	/*
	 * what is wrong with a state made by hand, or NULL, rows the value of
	 * its rows slot (0 without one); *empty: positions without valid
	 * elements
	 */
	const char *(*check) (const double *state, size_t n, double rows,
						  size_t *empty);

	/*
	 * avg's alone (NULL for the others): the state an aggregate makes ends
	 * in a rows slot, the rows without NULLs counted at every position at
	 * once; such a row's part is added by add_whole, and fold_rows folds the
	 * slot into the counts (for a combine, and in a copy for the final
	 * function)
	 */
	FkXAvgStatus (*add_whole) (double *state, size_t n, size_t from,
							   size_t m, const double *x);
	FkXAvgStatus (*fold_rows) (double *state, size_t n, double *rows);
} FkAggArrayOps;

extern int32 FkAggArrayStateLen(ArrayType *arr, bool values,
								const FkAggArrayOps *ops, const char *name,
								size_t *empty);
extern const double *FkAggArrayFolded(ArrayType *arr, int32 len,
									  const FkAggArrayOps *ops,
									  const char *name);
extern Datum FkAggArrayTrans(FunctionCallInfo fcinfo, bool is_nvec,
							 const FkAggArrayOps *ops, const char *name);
extern Datum FkAggArrayCombine(FunctionCallInfo fcinfo,
							   const FkAggArrayOps *ops, const char *name);

/*
 * The entry points of an aggregate name with a float8[] state of ops:
 * vec_<name>_transfn_nvec and _float8arr (FkAggArrayTrans, messages
 * naming msgname), vec_<name>_finalfn_nvec and _float8arr
 * (final(fcinfo, is_nvec, kind))
 */
#define FK_AGG_ARRAY_ENTRIES(name, ops, msgname, final, kind) \
	PG_FUNCTION_INFO_V1(vec_##name##_transfn_nvec); \
	PG_FUNCTION_INFO_V1(vec_##name##_transfn_float8arr); \
	PG_FUNCTION_INFO_V1(vec_##name##_finalfn_nvec); \
	PG_FUNCTION_INFO_V1(vec_##name##_finalfn_float8arr); \
	Datum \
	vec_##name##_transfn_nvec(PG_FUNCTION_ARGS) \
	{ \
		return FkAggArrayTrans(fcinfo, true, ops, msgname); \
	} \
	Datum \
	vec_##name##_transfn_float8arr(PG_FUNCTION_ARGS) \
	{ \
		return FkAggArrayTrans(fcinfo, false, ops, msgname); \
	} \
	Datum \
	vec_##name##_finalfn_nvec(PG_FUNCTION_ARGS) \
	{ \
		return final(fcinfo, true, kind); \
	} \
	Datum \
	vec_##name##_finalfn_float8arr(PG_FUNCTION_ARGS) \
	{ \
		return final(fcinfo, false, kind); \
	}

#endif							/* FK_PG_SERIES_AGG_H */
