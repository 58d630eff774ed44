/*
 * float8_order.h
 *		Core's float8 order on two doubles (float8_gt, float8_lt): NaN is
 *		above every number and equal to itself.  Shared by the running,
 *		rolling and reducing operations, which pick maxima and minima as
 *		core's aggregates and comparisons do.
 *
 * This header does not include postgres.h.
 */
#ifndef FK_FLOAT8_ORDER_H
#define FK_FLOAT8_ORDER_H

#include <math.h>
#include <stdbool.h>

/* Core's float8_gt: a above b */
static inline bool
FkFloat8Gt(double a, double b)
{
	return isnan(a) ? !isnan(b) : (!isnan(b) && a > b);
}

/* Core's float8_lt: a below b */
static inline bool
FkFloat8Lt(double a, double b)
{
	return !isnan(a) && (isnan(b) || a < b);
}

#endif							/* FK_FLOAT8_ORDER_H */
