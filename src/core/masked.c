/*
 * masked.c
 *		The masked driver over validity words; see masked.h.
 */
#include "bitmap.h"
#include "masked.h"

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
		/*
		 * the primitive gets the run shifted down by lag, so that its "lag
		 * <= i" outputs are exactly the run
		 */
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
