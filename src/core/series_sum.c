/*
 * series_sum.c
 *		Compensated summation in eight lanes by element index (series_sum.h
 *		states the tree and the bound).
 *
 * A run of elements starting at series index g is added with the lane
 * arrays rotated by g % 8, so that the inner loop always adds element i of
 * the run into local lane i % 8: one loop for any alignment, which the
 * compiler may vectorise (each lane's operations stay in order).  A NULL
 * element inside a mixed validity word is added as -0.0, which leaves its
 * lane's sum as it was (-0.0 is the identity of IEEE addition) and its
 * compensation equal up to the sign of a zero, which FkSumFinish ignores:
 * so the masked path gives the bits of skipping the element.
 */
#include <math.h>
#include <string.h>

#include "bitmap.h"
#include "series_sum.h"

#define FK_ALWAYS_INLINE inline __attribute__((always_inline))

/* Add x to the lane (s, c): s + x = new s + error, exactly; error into c */
static FK_ALWAYS_INLINE void
FkTwoSumInto(double *s, double *c, double x)
{
	double		t = *s + x;
	double		z = t - *s;

	*c += (*s - (t - z)) + (x - z);
	*s = t;
}

/*
 * Add n elements (products x*y when y is given) starting at series index g;
 * with mask, element i counts only when bit i is set (n <= 64 then).
 */
static FK_ALWAYS_INLINE void
FkSumRun(FkSum *acc, const double *x, const double *y, uint64_t g, size_t n,
		 bool masked, uint64_t mask)
{
	double		s[FK_SUM_LANES];
	double		c[FK_SUM_LANES];
	unsigned	r = (unsigned) (g % FK_SUM_LANES);
	size_t		i;

	for (unsigned j = 0; j < FK_SUM_LANES; j++)
	{
		s[j] = acc->s[(r + j) % FK_SUM_LANES];
		c[j] = acc->c[(r + j) % FK_SUM_LANES];
	}
	for (i = 0; i + FK_SUM_LANES <= n; i += FK_SUM_LANES)
	{
		for (unsigned j = 0; j < FK_SUM_LANES; j++)
		{
			double		v = y ? x[i + j] * y[i + j] : x[i + j];

			if (masked)
				v = ((mask >> (i + j)) & 1) ? v : -0.0;
			FkTwoSumInto(&s[j], &c[j], v);
		}
	}
	for (; i < n; i++)
	{
		double		v = y ? x[i] * y[i] : x[i];

		if (masked)
			v = ((mask >> i) & 1) ? v : -0.0;
		FkTwoSumInto(&s[i % FK_SUM_LANES], &c[i % FK_SUM_LANES], v);
	}
	for (unsigned j = 0; j < FK_SUM_LANES; j++)
	{
		acc->s[(r + j) % FK_SUM_LANES] = s[j];
		acc->c[(r + j) % FK_SUM_LANES] = c[j];
	}
}

/* Start an empty sum */
void
FkSumInit(FkSum *acc)
{
	for (unsigned j = 0; j < FK_SUM_LANES; j++)
	{
		acc->s[j] = -0.0;
		acc->c[j] = -0.0;
	}
	acc->index = 0;
	acc->count = 0;
	acc->poisoned = false;
	acc->nonfinite = 0;
}

/* Note the kind of a value that is not finite */
static void
FkSumNote(FkSum *acc, double v)
{
	if (isnan(v))
		acc->nonfinite |= FK_SUM_NAN;
	else if (isinf(v))
		acc->nonfinite |= v > 0 ? FK_SUM_POSINF : FK_SUM_NEGINF;
}

/*
 * After a block: once a lane is no longer finite, note the non-finite
 * values of this block (every earlier block left the lanes finite, so held
 * none).  A product of finite factors that overflows is no such value: it
 * makes the sum an overflow unless a non-finite value decides.
 */
static void
FkSumScan(FkSum *acc, const double *x, const uint64_t *vx, const double *y,
		  const uint64_t *vy, size_t n)
{
	if (!acc->poisoned)
	{
		for (unsigned j = 0; j < FK_SUM_LANES; j++)
			if (!isfinite(acc->s[j]))
				acc->poisoned = true;
		if (!acc->poisoned)
			return;
	}
	for (size_t i = 0; i < n; i++)
	{
		if ((vx && !FkBitmapGet(vx, i)) || (vy && !FkBitmapGet(vy, i)))
			continue;
		if (!isfinite(x[i]))
			FkSumNote(acc, y ? x[i] * y[i] : x[i]);
		else if (y && !isfinite(y[i]))
			FkSumNote(acc, x[i] * y[i]);
	}
}

/* The body of FkSumAdd and FkDotAdd: y == NULL for a plain sum */
static FK_ALWAYS_INLINE void
FkSumBlock(FkSum *acc, const double *x, const uint64_t *vx, const double *y,
		   const uint64_t *vy, size_t n)
{
	uint64_t	g = acc->index;

	if (vx == NULL && vy == NULL)
	{
		FkSumRun(acc, x, y, g, n, false, 0);
		acc->count += n;
	}
	else
	{
		size_t		nwords = FkBitmapWords(n);

		for (size_t w = 0; w < nwords; w++)
		{
			size_t		off = w * FK_WORD_BITS;
			size_t		len = n - off < FK_WORD_BITS ? n - off : FK_WORD_BITS;
			uint64_t	full = FkWordMask(w, n);
			uint64_t	word = full;

			if (vx)
				word &= vx[w];
			if (vy)
				word &= vy[w];
			if (word == 0)
				continue;
			acc->count += (uint64_t) __builtin_popcountll(word);
			if (word == full)
				FkSumRun(acc, x + off, y ? y + off : NULL, g + off, len,
						 false, 0);
			else
				FkSumRun(acc, x + off, y ? y + off : NULL, g + off, len,
						 true, word);
		}
	}
	acc->index = g + n;
	FkSumScan(acc, x, vx, y, vy, n);
}

/* Add the next n elements of the series */
void
FkSumAdd(FkSum *acc, const double *x, const uint64_t *valid, size_t n)
{
	FkSumBlock(acc, x, valid, NULL, NULL, n);
}

/* Add the products of the next n pairs */
void
FkDotAdd(FkSum *acc, const double *x, const uint64_t *vx, const double *y,
		 const uint64_t *vy, size_t n)
{
	FkSumBlock(acc, x, vx, y, vy, n);
}

/*
 * Combine the lanes in lane order (TwoSum again, errors with the lanes'
 * compensations), then add the compensation once.  A zero compensation is
 * not added, so that a sum of -0.0 alone stays -0.0 as in IEEE addition.
 */
FkReduceStatus
FkSumFinish(const FkSum *acc, double *result)
{
	double		sigma = acc->s[0];
	double		comp = acc->c[0];
	double		r;

	if (acc->count == 0)
		return FK_REDUCE_NULL;
	if (acc->poisoned)
	{
		unsigned	f = acc->nonfinite;

		if ((f & FK_SUM_NAN) || (f & (FK_SUM_POSINF | FK_SUM_NEGINF)) ==
			(FK_SUM_POSINF | FK_SUM_NEGINF))
			*result = NAN;
		else if (f & FK_SUM_POSINF)
			*result = INFINITY;
		else if (f & FK_SUM_NEGINF)
			*result = -INFINITY;
		else
			return FK_REDUCE_OVERFLOW;
		return FK_REDUCE_VALUE;
	}
	for (unsigned j = 1; j < FK_SUM_LANES; j++)
	{
		double		e = 0.0;

		FkTwoSumInto(&sigma, &e, acc->s[j]);
		comp += acc->c[j];
		comp += e;
	}
	r = comp == 0.0 ? sigma : sigma + comp;
	if (!isfinite(r))
		return FK_REDUCE_OVERFLOW;
	*result = r;
	return FK_REDUCE_VALUE;
}
