/*
 * masked.h
 *		The masked driver: runs the dense primitive of any operation of the
 *		catalogue over the present elements of a range, walking a validity
 *		bitmap a word at a time (FkNextRun, bitmap.h).
 *
 * valid is the validity of the OUTPUT over the whole vector, from element 0
 * (core/bitmap.h layout; the caller ANDs the inputs' bitmaps, shifted for
 * lags); NULL means every element is present.  It writes dst[i] for the
 * present i in [from, to) (lagged ones: also i >= lag), so callers can go
 * block by block and check for interrupts between blocks.
 *
 * Words with no present element are skipped, and every dst slot in the
 * range that no run covers is set to 0.0 (a check that scans a chunk of
 * outputs whole, NULLs included, then reads defined values).  Runs of
 * words holding a present element go to the dense primitive in one call,
 * absent slots included: those hold 0.0 in the inputs, and what is written
 * in their dst slots is garbage for the caller to ignore.  Since primitives give the same bits at any position, every
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

/* Any operation by code (lag used by the lagged ones only) */
extern void FkMaskedApply(const FkKernelTable *kt, FkKernelOp op, double *dst,
						  const double *x, const double *y, double a,
						  double b, size_t lag, const uint64_t *valid,
						  size_t from, size_t to);

#endif							/* FK_MASKED_H */
