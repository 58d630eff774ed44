/*
 * series_fill.c
 *		fill_backward and fill_linear over values + validity words (see
 *		series_fill.h).
 */
#include "series_fill.h"

#include "bitmap.h"
#include "float8_nan.h"
#include "interrupt.h"

/*
 * The next run of NULLs at or after *pos in [0, n): [*start, *end), *end
 * being the present element after it, or n; advance *pos to *end.  False
 * when no NULL is left.
 */
static bool
FkNextGap(const uint64_t *valid, size_t n, size_t *pos, size_t *start,
		  size_t *end)
{
	*start = FkBitmapFind(valid, *pos, n, true);
	if (*start >= n)
		return false;
	*end = *pos = FkBitmapFind(valid, *start, n, false);
	return true;
}

/* Mark [start, end) present, a word at a time */
static void
FkSetRange(uint64_t *valid, size_t start, size_t end)
{
	while (start < end)
	{
		size_t		w = start / FK_WORD_BITS;
		size_t		lo = start % FK_WORD_BITS;
		size_t		hi = end - w * FK_WORD_BITS;
		uint64_t	mask = FK_ALL_VALID << lo;

		if (hi < FK_WORD_BITS)
			mask &= (UINT64_C(1) << hi) - 1;
		valid[w] |= mask;
		start = (w + 1) * FK_WORD_BITS;
	}
}

/* x[start .. end) = c, marked present */
static void
FkFillConst(double *x, uint64_t *valid, size_t start, size_t end, double c)
{
	for (size_t i = start; i < end; i++)
	{
		x[i] = c;
		FkCheckInterruptsAfter(i);
	}
	FkSetRange(valid, start, end);
}

/* Each NULL gets the next present element */
void
FkFillBackward(double *x, uint64_t *valid, size_t n)
{
	size_t		pos = 0;
	size_t		s,
				e;

	while (FkNextGap(valid, n, &pos, &s, &e))
		if (e < n)
			FkFillConst(x, valid, s, e, x[e]);
}

/* Each interior run of NULLs interpolated; the edges too when asked */
void
FkFillLinear(double *x, uint64_t *valid, size_t n, bool edges)
{
	size_t		pos = 0;
	size_t		s,
				e;

	while (FkNextGap(valid, n, &pos, &s, &e))
	{
		if (s > 0 && e < n)
		{
			double		a = x[s - 1];
			double		slope = (x[e] - a) / (double) (e - s + 1);

			for (size_t i = s; i < e; i++)
			{
				x[i] = FkCanonNan(a + slope * (double) (i - s + 1));
				FkCheckInterruptsAfter(i);
			}
			FkSetRange(valid, s, e);
		}
		else if (edges && s == 0 && e < n)
			FkFillConst(x, valid, s, e, x[e]);
		else if (edges && s > 0 && e == n)
			FkFillConst(x, valid, s, e, x[s - 1]);
	}
}
