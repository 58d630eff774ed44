/*
 * masked.c
 *		The masked driver over validity words; see masked.h.
 */
#include "bitmap.h"
#include "masked.h"

/* Set dst's slots [*done, start), which no run writes, to 0.0; *done = end */
static inline void
FkZeroGap(double *dst, size_t *done, size_t start, size_t end)
{
	for (size_t i = *done; i < start; i++)
		dst[i] = 0.0;
	*done = end;
}

/* See masked.h */
void
FkMaskedApply(const FkKernelTable *kt, FkKernelOp op, double *dst,
			  const double *x, const double *y, double a, double b,
			  size_t lag, const uint64_t *valid, size_t from, size_t to)
{
	bool		lagged = FkKernelOpLagged(op);
	size_t		s,
				e,
				done;			/* dst is written or zeroed below it */

	if (lagged && from < lag)
		from = lag;
	done = from;
	/* by runs of present outputs */
	while (FkNextRun(valid, &from, to, &s, &e))
	{
		FkZeroGap(dst, &done, s, e);

		/*
		 * a lagged primitive gets the run shifted down by lag, so that its
		 * "lag <= i" outputs are exactly the run
		 */
		if (lagged)
			FkKernelApplyLagged(kt, op, dst + s - lag, x + s - lag, lag, a, b,
								e - s + lag);
		else
			FkKernelApply(kt, op, dst + s, x + s, y ? y + s : NULL, a, b,
						  e - s);
	}
	FkZeroGap(dst, &done, to, to);
}
