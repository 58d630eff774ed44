/*
 * series_stats.h
 *		Statistics of one vector, or of two over the pairs both present:
 *		covariance and correlation accumulated as core's corr and covar_*
 *		accumulate (the state of the reductions vcov, vcov_pop and vcorr,
 *		series_reduce.h), and quantiles interpolated as core's
 *		percentile_cont.
 *
 * This header does not include postgres.h.
 */
#ifndef FK_SERIES_STATS_H
#define FK_SERIES_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * The state of covariance and correlation: core's float8_regr_accum state
 * (Youngs-Cramer), n pairs, the sums of x and y, and the sums of squared
 * and crossed deviations from the running means.
 */
typedef struct FkCov
{
	double		n;
	double		sx;
	double		sxx;
	double		sy;
	double		syy;
	double		sxy;
} FkCov;

/* What a covariance or correlation is of the state */
typedef enum FkCovKind
{
	FK_COV_SAMP,
	FK_COV_POP,
	FK_COV_CORR,
	FK_COV_SLOPE,				/* the regression of x on y: regr_slope(x, y) */
	FK_COV_INTERCEPT,			/* regr_intercept(x, y) */
	FK_COV_R2					/* regr_r2(x, y) */
} FkCovKind;

extern void FkCovInit(FkCov *c);
extern bool FkCovAdd(FkCov *c, const double *x, const uint64_t *xvalid,
					 const double *y, const uint64_t *yvalid, size_t n);
extern bool FkCovFinish(const FkCov *c, FkCovKind kind, double *result);
extern size_t FkGatherValid(double *dst, const double *x,
							const uint64_t *valid, size_t n);
extern size_t FkSplitNans(double *v, size_t n);
extern double FkQuantile(double *v, size_t n, size_t nnum, double q);

#endif							/* FK_SERIES_STATS_H */
