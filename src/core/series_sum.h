/*
 * series_sum.h
 *		Deterministic compensated summation for the series reductions (vsum,
 *		vmean, vdot), fed block by block.
 *
 * The summation tree depends on element indices only: element g (its index
 * in the whole series, counted across blocks) goes to lane g % 8, each lane
 * adds its elements in index order with an exact TwoSum, keeping the
 * rounding errors in a compensation term, and the eight lanes are combined
 * in lane order, again with TwoSum, at the end.  So the bits do not depend
 * on how the input is cut into blocks, on its alignment, or on how the
 * compiler vectorises the lane loop (every operation is a plain IEEE one on
 * one lane, and the build forbids contraction into FMA).
 *
 * Error bound (u = 2^-53, S the exact sum, n the number of elements,
 * gamma(k) = k*u / (1 - k*u)):
 *		|vsum - S| <= u*|S| + (1 + u) * gamma(n + 8)^2 * sum |x|
 * that is, the exactly rounded sum within one rounding as long as n*u is
 * small (cancellation costs nothing until gamma^2 * sum |x| reaches u*|S|).
 *
 * Non-finite elements are kept out of the lanes' arithmetic (inf - inf in a
 * TwoSum would make NaN): when a lane stops being finite, the block is
 * scanned once to note which non-finite values it holds, and the result is
 * then what IEEE addition of those gives (NaN, or an infinity), as core's
 * sum(float8).  A sum of finite elements that overflows is reported as
 * such; core raises "value out of range: overflow" there.
 *
 * No postgres.h: shared by the server glue, the unit tests and the fused
 * evaluator.
 */
#ifndef FK_SERIES_SUM_H
#define FK_SERIES_SUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FK_SUM_LANES 8

/* Non-finite values met (bit flags of FkSum.nonfinite) */
#define FK_SUM_NAN		0x1
#define FK_SUM_POSINF	0x2
#define FK_SUM_NEGINF	0x4

/* A running compensated sum: a fixed-size accumulator */
typedef struct FkSum
{
	double		s[FK_SUM_LANES];	/* lane sums (start at -0.0) */
	double		c[FK_SUM_LANES];	/* lane compensations */
	uint64_t	index;			/* elements seen so far, NULLs included */
	uint64_t	count;			/* valid elements seen so far */
	bool		poisoned;		/* a lane is no longer finite: the result is
								 * decided by nonfinite, or is an overflow */
	unsigned	nonfinite;		/* FK_SUM_* flags of the values met */
} FkSum;

/* How a reduction ended */
typedef enum FkReduceStatus
{
	FK_REDUCE_VALUE,			/* *result holds the value */
	FK_REDUCE_NULL,				/* too few valid elements: SQL NULL */
	FK_REDUCE_OVERFLOW			/* finite inputs overflowed: core's error */
} FkReduceStatus;

extern void FkSumInit(FkSum *acc);

/*
 * Add the next n elements of the series: values x[0..n), element i valid
 * when bit i of valid is set (core/bitmap.h; valid == NULL: all valid).
 */
extern void FkSumAdd(FkSum *acc, const double *x, const uint64_t *valid,
					 size_t n);

/*
 * Add the products x[i] * y[i] of the next n pairs, a pair valid when bit i
 * is set in both vx and vy (either NULL: all valid).
 */
extern void FkDotAdd(FkSum *acc, const double *x, const uint64_t *vx,
					 const double *y, const uint64_t *vy, size_t n);

/* The sum (FK_REDUCE_NULL when no element was valid) */
extern FkReduceStatus FkSumFinish(const FkSum *acc, double *result);

#endif							/* FK_SERIES_SUM_H */
