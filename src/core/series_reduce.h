/*
 * series_reduce.h
 *		Reductions of one series to one number (vsum, vmean, vmin, vmax,
 *		vargmin, vargmax, vfirst, vlast, vargfirst, varglast, vcount, vprod, vvar, vstddev, vvar_pop,
 *		vstddev_pop, vskew, vkurtosis), or of two over the pairs where both are present (vdot,
 *		vcov, vcov_pop, vcorr, vslope, vintercept, vr2, vwmean), as a fixed-size state fed block by block:
 *		init, step over any number of blocks of any size, finish.  The result
 *		never depends on how the series is cut into blocks: every order of
 *		operations is a function of element indices.
 *
 * NULL elements (validity words of core/bitmap.h) are skipped; a reduction
 * with no valid element is NULL (vcount: 0; vvar, vstddev and vcov need
 * two).  Covariance and correlation take the pairs in index order, one by
 * one, as core's float8_regr_accum does (series_stats.h).
 *
 * Variance: the series is cut at fixed indices into chunks of
 * FK_VAR_CHUNK elements.  Inside a chunk the valid values (buffered in the
 * state when a chunk arrives in pieces) get the corrected two-pass
 * algorithm (mean, then the sum of squared deviations less the square of
 * their sum over n); chunks are merged into the running (n, mean, M2) in
 * index order with Chan's formula.  One pass over the input, never
 * sum(x^2) - sum(x)^2/n.  vskew and vkurtosis keep the sums of the third
 * and fourth powers of the deviations the same way: a chunk's about its
 * own mean, merged in index order with Pebay's formulas.
 *
 * No postgres.h: shared by the server glue, the unit tests and the fused
 * evaluator.
 */
#ifndef FK_SERIES_REDUCE_H
#define FK_SERIES_REDUCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "series_stats.h"
#include "series_sum.h"

/* Elements per variance chunk: part of the result's definition, keep it */
#define FK_VAR_CHUNK 1024

/* The reductions */
typedef enum FkReduceKind
{
	FK_RED_SUM,
	FK_RED_MEAN,
	FK_RED_MIN,
	FK_RED_MAX,
	FK_RED_COUNT,
	FK_RED_PROD,
	FK_RED_VAR,					/* sample variance (n - 1) */
	FK_RED_STDDEV,
	FK_RED_VAR_POP,				/* population variance (n) */
	FK_RED_STDDEV_POP,
	FK_RED_ARGMIN,				/* 1-based position of the first minimum */
	FK_RED_ARGMAX,
	FK_RED_FIRST,				/* the first valid element */
	FK_RED_LAST,				/* the last valid element */
	FK_RED_ARGFIRST,			/* 1-based position of the first valid one */
	FK_RED_ARGLAST,
	FK_RED_SKEW,				/* adjusted Fisher-Pearson skewness (pandas) */
	FK_RED_KURT,				/* excess kurtosis, bias-corrected (pandas) */
	/* of two vectors (FkReduceStep2) */
	FK_RED_DOT,
	FK_RED_COV_SAMP,
	FK_RED_COV_POP,
	FK_RED_CORR,
	FK_RED_SLOPE,				/* regression of the first on the second */
	FK_RED_INTERCEPT,
	FK_RED_R2,
	FK_RED_WMEAN				/* sum of x * w over sum of w */
} FkReduceKind;

/* Running variance: merged chunks, and the chunk being filled */
typedef struct FkVar
{
	double		n;				/* valid elements merged */
	double		mean;
	double		m2;				/* sum of squared deviations */
	bool		moments;		/* also m3 and m4 (vskew, vkurtosis) */
	double		m3;				/* sums of cubed and fourth-power deviations */
	double		m4;
	double		first;			/* the first valid value (moments) */
	bool		varied;			/* a valid value differs from it (moments) */
	bool		nonfinite;		/* a valid NaN or infinity was met */
	bool		overflow;		/* finite values overflowed */
	uint64_t	index;			/* elements seen, NULLs included */
	size_t		fill;			/* valid values in buf */
	double		buf[FK_VAR_CHUNK];	/* the current chunk's valid values */
} FkVar;

/*
 * Running minimum or maximum in core's float8 order (NaN above every
 * number): per lane (index % 8) the value and the index of the last
 * element holding it, so that equal values (-0.0 and +0.0, NaNs) resolve
 * to the last in index order, as core's min and max do; or, for vargmin
 * and vargmax (first), the index of the first.
 */
typedef struct FkExtreme
{
	bool		is_max;
	bool		first;			/* equal values resolve to the first */
	double		v[FK_SUM_LANES];
	int64_t		at[FK_SUM_LANES];	/* -1: the lane has no valid element */
	uint64_t	index;
} FkExtreme;

/* The first or last valid element met so far and its index */
typedef struct FkEdge
{
	bool		last;			/* keep the last, not the first */
	double		v;
	int64_t		at;				/* -1: none yet */
	uint64_t	index;			/* elements seen, NULLs included */
} FkEdge;

/* The state of one reduction */
typedef struct FkReduce
{
	FkReduceKind kind;
	uint64_t	count;			/* valid elements (vcount and vprod) */
	union
	{
		FkSum		sum;
		FkVar		var;
		FkExtreme	ext;
		FkEdge		edge;
		double		prod;
		FkCov		cov;
	}			u;
	bool		overflow;		/* the covariance's sums overflowed */
	FkSum		weights;		/* vwmean: the sum of the weights */
} FkReduce;

extern void FkReduceInit(FkReduce *r, FkReduceKind kind);
extern void FkReduceStep(FkReduce *r, const double *x, const uint64_t *valid,
						 size_t n);
extern void FkReduceStep2(FkReduce *r, const double *x, const uint64_t *xvalid,
						  const double *y, const uint64_t *yvalid, size_t n);
extern bool FkReduceOfTwo(FkReduceKind kind);
extern FkReduceStatus FkReduceFinish(FkReduce *r, double *result);

/* The parts, for callers that need only one */
extern void FkVarInit(FkVar *v);
extern void FkVarAdd(FkVar *v, const double *x, const uint64_t *valid,
					 size_t n);
extern FkReduceStatus FkVarFinish(FkVar *v, bool sample, double *result);
extern FkReduceStatus FkMomentsFinish(FkVar *v, bool kurtosis,
									  double *result);
extern void FkMomentsMerge(double na, double m2a, double *m3a, double *m4a,
						   double nb, double delta, double m2b, double m3b,
						   double m4b);
extern double FkMomentsValue(double n, double m2, double m3, double m4,
							 bool kurtosis);
extern void FkExtremeInit(FkExtreme *e, bool is_max, bool first);
extern void FkExtremeAdd(FkExtreme *e, const double *x, const uint64_t *valid,
						 size_t n);
extern int64_t FkExtremeFinish(const FkExtreme *e, double *result);

#endif							/* FK_SERIES_REDUCE_H */
