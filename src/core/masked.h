/*
 * masked.h
 *		Masked drivers: run a dense primitive of kernels.h over the present
 *		elements of a range, walking a validity bitmap a word at a time.
 *
 * valid is the validity of the OUTPUT over the whole vector, from element 0
 * (core/bitmap.h layout; the caller ANDs the inputs' bitmaps, shifted for
 * lags); NULL means every element is present.  A driver writes dst[i] for
 * the present i in [from, to) (lagged ones: also i >= lag), so callers can go
 * block by block and check for interrupts between blocks.
 *
 * Words with no present element are skipped and their dst slots left as
 * they are.  Runs of words holding a present element go to the dense
 * primitive in one call, absent slots included: those hold 0.0 in the
 * inputs, and what is written in their dst slots is garbage for the caller
 * to ignore.  Since primitives give the same bits at any position, every
 * present element gets exactly what the dense call over the whole vector
 * gives it.
 *
 * This header does not include postgres.h.
 */
#ifndef FK_MASKED_H
#define FK_MASKED_H

#include <stddef.h>
#include <stdint.h>

#include "kernels.h"
#include "ops.h"

/* Shapes of the table's entries beyond those kernels.h names */
typedef void (*FkScaleAddFn) (double *dst, const double *x, double a,
							  double b, size_t n);
typedef void (*FkSubMulAddFn) (double *dst, const double *x, const double *y,
							   double a, double b, size_t n);
typedef void (*FkLagFn) (double *dst, const double *x, size_t lag, size_t n);
typedef void (*FkLagScaleAddFn) (double *dst, const double *x, size_t lag,
								 double a, double b, size_t n);

/* ln, exp, sqrt, abs, neg */
extern void FkMaskedUnary(FkUnaryFn fn, double *dst, const double *x,
						  const uint64_t *valid, size_t from, size_t to);

/* add, sub, mul, div */
extern void FkMaskedBinary(FkBinaryFn fn, double *dst, const double *x,
						   const double *y, const uint64_t *valid,
						   size_t from, size_t to);

/* add_s, sub_s, rsub_s, mul_s, div_s, rdiv_s */
extern void FkMaskedScalar(FkScalarFn fn, double *dst, const double *x,
						   double s, const uint64_t *valid,
						   size_t from, size_t to);

/* scale_add, ln_scale_add */
extern void FkMaskedScaleAdd(FkScaleAddFn fn, double *dst, const double *x,
							 double a, double b, const uint64_t *valid,
							 size_t from, size_t to);

/* sub_mul_add */
extern void FkMaskedSubMulAdd(FkSubMulAddFn fn, double *dst, const double *x,
							  const double *y, double a, double b,
							  const uint64_t *valid, size_t from, size_t to);

/* dlog, diff: writes present i in [max(from, lag), to) */
extern void FkMaskedLag(FkLagFn fn, double *dst, const double *x, size_t lag,
						const uint64_t *valid, size_t from, size_t to);

/* dlog_scale_add: writes present i in [max(from, lag), to) */
extern void FkMaskedLagScaleAdd(FkLagScaleAddFn fn, double *dst,
								const double *x, size_t lag, double a,
								double b, const uint64_t *valid,
								size_t from, size_t to);

/* Any operation by code (lag used by the lagged ones only) */
extern void FkMaskedApply(const FkKernelTable *kt, FkKernelOp op, double *dst,
						  const double *x, const double *y, double a,
						  double b, size_t lag, const uint64_t *valid,
						  size_t from, size_t to);

#endif							/* FK_MASKED_H */
