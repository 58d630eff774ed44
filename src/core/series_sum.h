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
 * TwoSum would make NaN), and a lane whose finite sum overflows goes on
 * scaled by 2^-64 (exact for every value above 2^-958): when a lane stops
 * being finite at the end of a block, the block is added again from the
 * lanes it started with, element by element, noting the non-finite values
 * apart and scaling a lane at the element whose addition overflows it.
 * Every lane does the same operations in the same order up to that
 * element, so the bits never depend on where the blocks were cut.  The
 * lanes are combined unscaled, or all scaled when one is or their sum
 * overflows.  The result: "value out of range: overflow" (core's error)
 * when the finite elements (or a product of finite factors) sum beyond
 * float8's range, whatever else the series holds; else NaN for a NaN or
 * both infinities, an infinity for one, as core's sum(float8); else the
 * sum.
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
	unsigned	nonfinite;		/* FK_SUM_* flags of the values met, kept
								 * out of the lanes */
	unsigned	scaled;			/* bit j: lane j is scaled by 2^-64 */
	bool		overflow;		/* a product of finite factors overflowed */
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

/*
 * Add x[i] of the next n pairs, a pair valid when bit i is set in both vx
 * and vy (either NULL: all valid)
 */
extern void FkSumAddPairs(FkSum *acc, const double *x, const uint64_t *vx,
						  const uint64_t *vy, size_t n);

/* The sum (FK_REDUCE_NULL when no element was valid) */
extern FkReduceStatus FkSumFinish(const FkSum *acc, double *result);

#endif							/* FK_SERIES_SUM_H */
