/*
 * series_agg_fold.h
 *		The dense loops of the aggregates across rows (series_agg.c),
 *		and of variance's state (series_agg_var.c), compiled once per
 *		instruction set (series_agg_fold_body.h): a row's all-valid stretch
 *		folded into the accumulators.
 */
#ifndef FK_SERIES_AGG_FOLD_H
#define FK_SERIES_AGG_FOLD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernels.h"

/* One instruction set's dense loops */
typedef struct FkXAggFolds
{
	/* acc[i] += x[i]; true when a sum overflowed (core's float8pl) */
	bool		(*sum) (double *acc, const double *x, size_t n);
	/* the same, and counts[i] += 1; *full set when a count was at its limit */
	bool		(*sum_count) (double *acc, double *counts, const double *x,
							  size_t n, bool *full);
	/* acc[i] = core's float8_smaller / float8_larger of acc[i] and x[i] */
	void		(*min) (double *acc, const double *x, size_t n);
	void		(*max) (double *acc, const double *x, size_t n);

	/*
	 * The m (at most 64) slots of a word with NULLs made foldable by the
	 * loops above: xs[j] = x[j] where bit j of word is set, else id (the
	 * operation's identity); nulls[j] += 1 where it is clear, counts[j] += 1
	 * where it is set (each when not NULL; *full set when such a count was
	 * at its limit)
	 */
	void		(*mixed) (uint64_t word, const double *x, double id, size_t m,
						  double *xs, int64_t *nulls, double *counts,
						  bool *full);

	/*
	 * variance's (N, Sx, Sxx) at n positions with n present values x added
	 * as core's float8_accum adds them, a vector at a time while every count
	 * is below 2^53 and every value and sum stays finite; returns how many
	 * positions were added, from the first (the next needs core's checks)
	 */
	size_t		(*var) (double *cnt, double *sx, double *sxx, const double *x,
						size_t n);
	/* the same at the n (at most 64) positions of a word whose bit is set */
	size_t		(*var_word) (double *cnt, double *sx, double *sxx,
							 const double *x, size_t n, uint64_t word);
} FkXAggFolds;

extern const FkXAggFolds FkXAggFoldsScalar FK_HIDDEN;
#if defined(__x86_64__)
extern const FkXAggFolds FkXAggFoldsAvx2 FK_HIDDEN;
extern const FkXAggFolds FkXAggFoldsAvx512 FK_HIDDEN;
#endif

/* The loops of the instruction set in use (kernels.h's dispatcher) */
extern const FkXAggFolds *FkXAggFoldsInUse(void) FK_HIDDEN;

#endif							/* FK_SERIES_AGG_FOLD_H */
