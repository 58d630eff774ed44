/*
 * series_rank.c
 *		Stable sort and ranks of the valid elements of a series
 *		(series_rank.h).
 */
#include <string.h>

#include "float8_order.h"
#include "interrupt.h"
#include "series_rank.h"

/* Are two values equal in core's float8 order (NaN equal to NaN)? */
static inline bool
FkFloat8Eq(double a, double b)
{
	return !FkFloat8Lt(a, b) && !FkFloat8Gt(a, b);
}

/*
 * Sort the m positions idx[] by vals[idx[]], ascending or descending in
 * core's float8 order, equal values in the order they come (a bottom-up
 * merge sort through tmp, of m slots, so O(m log m) in any case)
 */
void
FkSortOrder(const double *vals, uint32_t *idx, uint32_t *tmp, size_t m,
			bool descending)
{
	uint32_t   *src = idx;
	uint32_t   *dst = tmp;
	size_t		done = 0;

	for (size_t width = 1; width < m; width *= 2)
	{
		for (size_t lo = 0; lo < m; lo += 2 * width)
		{
			size_t		mid = lo + width < m ? lo + width : m;
			size_t		hi = lo + 2 * width < m ? lo + 2 * width : m;
			size_t		i = lo,
						j = mid,
						k = lo;

			while (i < mid && j < hi)
			{
				double		a = vals[src[i]];
				double		b = vals[src[j]];
				bool		right = descending ? FkFloat8Gt(b, a) : FkFloat8Lt(b, a);

				dst[k++] = right ? src[j++] : src[i++];
			}
			while (i < mid)
				dst[k++] = src[i++];
			while (j < hi)
				dst[k++] = src[j++];
			done += hi - lo;
			if (done >= FK_INTERRUPT_EVERY)
			{
				FkCheckInterrupts();
				done = 0;
			}
		}
		{
			uint32_t   *t = src;

			src = dst;
			dst = t;
		}
	}
	if (src != idx)
		memcpy(idx, src, m * sizeof(uint32_t));
}

/*
 * The rank of each of the m positions idx[] (sorted ascending by
 * FkSortOrder) into out[idx[]], 1-based, per method
 */
void
FkRankFill(const double *vals, const uint32_t *idx, size_t m,
		   FkRankMethod method, double *out)
{
	size_t		a = 0;
	double		group = 0.0;

	while (a < m)
	{
		size_t		b = a + 1;
		double		r;

		while (b < m && FkFloat8Eq(vals[idx[b]], vals[idx[a]]))
			b++;
		group += 1.0;
		switch (method)
		{
			case FK_RANK_AVERAGE:
				r = ((double) (a + 1) + (double) b) / 2.0;
				break;
			case FK_RANK_MIN:
				r = (double) (a + 1);
				break;
			case FK_RANK_MAX:
				r = (double) b;
				break;
			case FK_RANK_DENSE:
				r = group;
				break;
			case FK_RANK_PERCENT:
				r = m > 1 ? (double) a / (double) (m - 1) : 0.0;
				break;
			default:
				r = 0.0;
				break;
		}
		for (size_t j = a; j < b; j++)
		{
			out[idx[j]] = method == FK_RANK_FIRST ? (double) (j + 1) : r;
			FkCheckInterruptsAfter(j);
		}
		a = b;
	}
}
