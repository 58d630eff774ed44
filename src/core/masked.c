/*
 * masked.c
 *		Masked drivers over validity words; see masked.h.
 */
#include "bitmap.h"
#include "masked.h"

/* See masked.h */
void
FkMaskedUnary(FkUnaryFn fn, double *dst, const double *x,
			  const uint64_t *valid, size_t from, size_t to)
{
	size_t		s,
				e;

	while (FkNextRun(valid, &from, to, &s, &e))
		fn(dst + s, x + s, e - s);
}

/* See masked.h */
void
FkMaskedBinary(FkBinaryFn fn, double *dst, const double *x, const double *y,
			   const uint64_t *valid, size_t from, size_t to)
{
	size_t		s,
				e;

	while (FkNextRun(valid, &from, to, &s, &e))
		fn(dst + s, x + s, y + s, e - s);
}

/* See masked.h */
void
FkMaskedScalar(FkScalarFn fn, double *dst, const double *x, double sc,
			   const uint64_t *valid, size_t from, size_t to)
{
	size_t		s,
				e;

	while (FkNextRun(valid, &from, to, &s, &e))
		fn(dst + s, x + s, sc, e - s);
}

/* See masked.h */
void
FkMaskedScaleAdd(FkScaleAddFn fn, double *dst, const double *x, double a,
				 double b, const uint64_t *valid, size_t from, size_t to)
{
	size_t		s,
				e;

	while (FkNextRun(valid, &from, to, &s, &e))
		fn(dst + s, x + s, a, b, e - s);
}

/* See masked.h */
void
FkMaskedSubMulAdd(FkSubMulAddFn fn, double *dst, const double *x,
				  const double *y, double a, double b,
				  const uint64_t *valid, size_t from, size_t to)
{
	size_t		s,
				e;

	while (FkNextRun(valid, &from, to, &s, &e))
		fn(dst + s, x + s, y + s, a, b, e - s);
}

/*
 * The lagged drivers hand the primitive the run shifted down by lag, so
 * that its "lag <= i" outputs are exactly the run.
 */

/* See masked.h */
void
FkMaskedLag(FkLagFn fn, double *dst, const double *x, size_t lag,
			const uint64_t *valid, size_t from, size_t to)
{
	size_t		s,
				e;

	if (from < lag)
		from = lag;
	while (FkNextRun(valid, &from, to, &s, &e))
		fn(dst + s - lag, x + s - lag, lag, e - s + lag);
}

/* See masked.h */
void
FkMaskedLagScaleAdd(FkLagScaleAddFn fn, double *dst, const double *x,
					size_t lag, double a, double b, const uint64_t *valid,
					size_t from, size_t to)
{
	size_t		s,
				e;

	if (from < lag)
		from = lag;
	while (FkNextRun(valid, &from, to, &s, &e))
		fn(dst + s - lag, x + s - lag, lag, a, b, e - s + lag);
}

/* See masked.h */
void
FkMaskedApply(const FkKernelTable *kt, FkKernelOp op, double *dst,
			  const double *x, const double *y, double a, double b,
			  size_t lag, const uint64_t *valid, size_t from, size_t to)
{
	size_t		s,
				e;

	if (FkKernelOpLagged(op))
	{
		/* the run shifted down by lag, as FkMaskedLag does */
		if (from < lag)
			from = lag;
		while (FkNextRun(valid, &from, to, &s, &e))
			FkKernelApplyLagged(kt, op, dst + s - lag, x + s - lag, lag, a, b,
								e - s + lag);
		return;
	}
	/* the elementwise shapes, by runs of present outputs */
	while (FkNextRun(valid, &from, to, &s, &e))
		FkKernelApply(kt, op, dst + s, x + s, y ? y + s : NULL, a, b, e - s);
}
