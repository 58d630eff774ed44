/*
 * series_rank.c
 *		Stable sort and ranks of the valid elements of a series
 *		(series_rank.h).
 */
#include <math.h>
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
 * The key of a value whose unsigned order is core's float8 order: -0 as 0,
 * every NaN above +Infinity, negatives' bits inverted
 */
static inline uint64_t
FkSortKey(double x)
{
	uint64_t	b;

	if (isnan(x))
		return UINT64_MAX;
	if (x == 0.0)
		x = 0.0;
	memcpy(&b, &x, sizeof(b));
	return (b >> 63) ? ~b : (b | (UINT64_C(1) << 63));
}

/*
 * Sort the m positions idx[] by vals[idx[]], ascending or descending in
 * core's float8 order, equal values in the order they come: a stable LSD
 * radix sort of the keys, a byte a pass (a pass whose byte all keys share
 * is skipped), through tmp (m positions) and keys (2 m keys)
 */
void
FkSortOrder(const double *vals, uint32_t *idx, uint32_t *tmp, uint64_t *keys,
			size_t m, bool descending)
{
	size_t		count[8][256];
	uint64_t   *ksrc = keys;
	uint64_t   *kdst = keys + m;
	uint32_t   *src = idx;
	uint32_t   *dst = tmp;

	if (m < 2)
		return;
	memset(count, 0, sizeof(count));
	for (size_t i = 0; i < m; i++)
	{
		uint64_t	k = FkSortKey(vals[idx[i]]);

		ksrc[i] = descending ? ~k : k;
		for (unsigned d = 0; d < 8; d++)
			count[d][(ksrc[i] >> (8 * d)) & 0xFF]++;
		FkCheckInterruptsAfter(i);
	}
	for (unsigned d = 0; d < 8; d++)
	{
		size_t		at = 0;

		if (count[d][(ksrc[0] >> (8 * d)) & 0xFF] == m)
			continue;
		for (unsigned b = 0; b < 256; b++)
		{
			size_t		c = count[d][b];

			count[d][b] = at;
			at += c;
		}
		for (size_t i = 0; i < m; i++)
		{
			size_t		to = count[d][(ksrc[i] >> (8 * d)) & 0xFF]++;

			kdst[to] = ksrc[i];
			dst[to] = src[i];
			FkCheckInterruptsAfter(i);
		}
		{
			uint64_t   *kt = ksrc;
			uint32_t   *t = src;

			ksrc = kdst;
			kdst = kt;
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
