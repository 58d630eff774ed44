/*
 * series_rolling_weighted.c
 *		The weighted rolling mean (see series_rolling_weighted.h).
 */
#include "series_rolling_weighted.h"

#include "bitmap.h"
#include "float8_nan.h"
#include "interrupt.h"

/* See series_rolling_weighted.h */
void
FkRollWeightedMean(const double *x, const uint64_t *valid, size_t n,
				   const double *weights, size_t w, size_t min_count,
				   double *out, uint64_t *outvalid)
{
	size_t		work = 0;
	double		den_full = 0.0;

	/* the weights of a whole window, summed in the order a window sums */
	for (size_t j = 0; j < w; j++)
		den_full = den_full + weights[j];

	for (size_t i = 0; i < n; i++)
	{
		size_t		first = i + 1 >= w ? i + 1 - w : 0;
		double		num = 0.0;
		double		den = 0.0;
		size_t		cnt = 0;
		int			present = 0;

		if (valid == NULL && i + 1 >= w)
		{
			/* a whole window of present elements: no test, its weights' sum */
			const double *xs = x + first;

			for (size_t j = 0; j < w; j++)
				num = num + xs[j] * weights[j];
			den = den_full;
			cnt = w;
		}
		else if (valid == NULL || FkBitmapGet(valid, i))
		{
			for (size_t k = first; k <= i; k++)
			{
				double		wt = weights[w - 1 - (i - k)];

				if (valid != NULL && !FkBitmapGet(valid, k))
					continue;
				num = num + x[k] * wt;
				den = den + wt;
				cnt++;
			}
		}
		present = cnt > 0 && cnt >= min_count && den != 0.0;
		work += i + 1 - first;
		if (work >= FK_INTERRUPT_EVERY)
		{
			FkCheckInterrupts();
			work = 0;
		}
		out[i] = present ? FkCanonNan(num / den) : 0.0;
		if (present)
			FkBitmapSet(outvalid, i);
		else
			FkBitmapClear(outvalid, i);
	}
}
