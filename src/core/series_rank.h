/*
 * series_rank.h
 *		Sorting and ranking the valid elements of one series (vsort, vrank,
 *		vpercent_rank): a stable radix sort of their positions by value in
 *		core's float8 order (NaN above every number, -0 equal to 0), then
 *		ranks per group of equal values, as pandas' rank methods give them.
 *
 * No postgres.h: shared by the server glue and the unit tests.
 */
#ifndef FK_SERIES_RANK_H
#define FK_SERIES_RANK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* pandas' rank methods: how a group of equal values is ranked */
typedef enum FkRankMethod
{
	FK_RANK_AVERAGE,			/* the mean of the group's positions */
	FK_RANK_MIN,				/* its first position */
	FK_RANK_MAX,				/* its last */
	FK_RANK_DENSE,				/* the group's number */
	FK_RANK_FIRST,				/* each its own position, in index order */
	FK_RANK_PERCENT				/* core's percent_rank: (min - 1) / (m - 1) */
} FkRankMethod;

extern void FkSortOrder(const double *vals, uint32_t *idx, uint32_t *tmp,
						uint64_t *keys, size_t m, bool descending);
extern void FkRankFill(const double *vals, const uint32_t *idx, size_t m,
					   FkRankMethod method, double *out);

#endif							/* FK_SERIES_RANK_H */
