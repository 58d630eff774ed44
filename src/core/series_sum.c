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
#include "cdefs.h"
#include "float8_nan.h"
#include "series_sum.h"

/* The scale of a lane whose finite sum overflowed, and back */
#define FK_SUM_DOWN		0x1p-64
#define FK_SUM_UP		0x1p64

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
	acc->nonfinite = 0;
	acc->scaled = 0;
	acc->overflow = false;
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
 * Add valid element x (times y for a product) into lane j with care: a
 * value that is not finite is only noted, a product of finite factors that
 * overflows is an overflow (core's float8mul raises it), and a lane whose
 * sum of finite values overflows is scaled by 2^-64 from that element on.
 * Until then the lane's operations are FkSumRun's, so the same bits.
 */
static void
FkSumCareful(FkSum *acc, unsigned j, double x, const double *y)
{
	double		v = y ? x * *y : x;
	double		s,
				c;

	if (!isfinite(x) || (y && !isfinite(*y)))
	{
		FkSumNote(acc, v);
		return;
	}
	if (!isfinite(v))
	{
		acc->overflow = true;
		return;
	}
	if (acc->scaled & (1u << j))
		v *= FK_SUM_DOWN;
	s = acc->s[j];
	c = acc->c[j];
	FkTwoSumInto(&s, &c, v);
	if (!isfinite(s) || !isfinite(c))
	{
		/* only an unscaled lane can overflow: scale it, add again */
		acc->s[j] *= FK_SUM_DOWN;
		acc->c[j] *= FK_SUM_DOWN;
		acc->scaled |= 1u << j;
		s = acc->s[j];
		c = acc->c[j];
		FkTwoSumInto(&s, &c, v * FK_SUM_DOWN);
	}
	acc->s[j] = s;
	acc->c[j] = c;
}

/*
 * Add the n elements of a block from series index g element by element
 * with FkSumCareful (NULLs skipped: FkSumRun adds -0.0 for them, which
 * changes at most the sign of a zero compensation, which FkSumFinish
 * ignores)
 */
static __attribute__((noinline)) void
FkSumBlockCareful(FkSum *acc, const double *x, const uint64_t *vx,
				  const double *y, const uint64_t *vy, uint64_t g, size_t n)
{
	for (size_t i = 0; i < n; i++)
	{
		if ((vx && !FkBitmapGet(vx, i)) || (vy && !FkBitmapGet(vy, i)))
			continue;
		FkSumCareful(acc, (unsigned) ((g + i) % FK_SUM_LANES), x[i],
					 y ? &y[i] : NULL);
	}
}

/* Are all lanes' sums and compensations finite? */
static inline bool
FkSumLanesFinite(const FkSum *acc)
{
	double		chk = 0.0;

	for (unsigned j = 0; j < FK_SUM_LANES; j++)
		chk += (acc->s[j] - acc->s[j]) + (acc->c[j] - acc->c[j]);
	return chk == 0.0;
}

/* Valid elements (pairs) among the n of a block */
static inline uint64_t
FkSumCount(const uint64_t *vx, const uint64_t *vy, size_t n)
{
	uint64_t	count = 0;

	if (vx == NULL && vy == NULL)
		return n;
	for (size_t w = 0; w < FkBitmapWords(n); w++)
		count += (uint64_t) __builtin_popcountll((vx ? vx[w] : FK_ALL_VALID) &
												 (vy ? vy[w] : FK_ALL_VALID) &
												 FkWordMask(w, n));
	return count;
}

/* The lanes unchecked over a block from series index g, word by word of its validity */
static FK_ALWAYS_INLINE void
FkSumFast(FkSum *acc, const double *x, const uint64_t *vx, const double *y,
		  const uint64_t *vy, uint64_t g, size_t n)
{
	if (vx == NULL && vy == NULL)
	{
		FkSumRun(acc, x, y, g, n, false, 0);
		return;
	}
	for (size_t w = 0; w < FkBitmapWords(n); w++)
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
		if (word == full)
			FkSumRun(acc, x + off, y ? y + off : NULL, g + off, len, false, 0);
		else
			FkSumRun(acc, x + off, y ? y + off : NULL, g + off, len, true, word);
	}
}

/*
 * FkSumFast out of line, for a sum (of the elements valid in vx and vy,
 * either NULL: all) and for a dot product
 */
static __attribute__((noinline)) void
FkSumFastSum(FkSum *acc, const double *x, const uint64_t *vx,
			 const uint64_t *vy, uint64_t g, size_t n)
{
	FkSumFast(acc, x, vx, NULL, vy, g, n);
}

static __attribute__((noinline)) void
FkSumFastDot(FkSum *acc, const double *x, const uint64_t *vx,
			 const double *y, const uint64_t *vy, uint64_t g, size_t n)
{
	FkSumFast(acc, x, vx, y, vy, g, n);
}

/*
 * The body of FkSumAdd and FkDotAdd: y == NULL for a plain sum.  The lanes
 * run unchecked; when one is no longer finite, the block runs again with
 * care from the lanes it started with.  Once a lane is scaled, every later
 * block runs with care.
 */
static FK_ALWAYS_INLINE void
FkSumBlock(FkSum *acc, const double *x, const uint64_t *vx, const double *y,
		   const uint64_t *vy, size_t n)
{
	uint64_t	g = acc->index;
	bool		careful = acc->scaled != 0;

	if (!careful)
	{
		double		s0[FK_SUM_LANES];
		double		c0[FK_SUM_LANES];

		memcpy(s0, acc->s, sizeof(s0));
		memcpy(c0, acc->c, sizeof(c0));
		if (y)
			FkSumFastDot(acc, x, vx, y, vy, g, n);
		else
			FkSumFastSum(acc, x, vx, vy, g, n);
		careful = !FkSumLanesFinite(acc);
		if (careful)
		{
			memcpy(acc->s, s0, sizeof(s0));
			memcpy(acc->c, c0, sizeof(c0));
		}
	}
	if (careful)
		FkSumBlockCareful(acc, x, vx, y, vy, g, n);
	acc->count += FkSumCount(vx, vy, n);
	acc->index = g + n;
}

/* Add the next n elements of the series */
void
FkSumAdd(FkSum *acc, const double *x, const uint64_t *valid, size_t n)
{
	FkSumBlock(acc, x, valid, NULL, NULL, n);
}

/* Add the first elements of the next n pairs */
void
FkSumAddPairs(FkSum *acc, const double *x, const uint64_t *vx,
			  const uint64_t *vy, size_t n)
{
	FkSumBlock(acc, x, vx, NULL, vy, n);
}

/* Add the products of the next n pairs */
void
FkDotAdd(FkSum *acc, const double *x, const uint64_t *vx, const double *y,
		 const uint64_t *vy, size_t n)
{
	FkSumBlock(acc, x, vx, y, vy, n);
}

/*
 * Combine lanes s, c (scaled or not alike) in lane order (TwoSum again,
 * errors with the lanes' compensations), then add the compensation once.
 * A zero compensation is not added, so that a sum of -0.0 alone stays -0.0
 * as in IEEE addition.
 */
static double
FkSumLanes(const double *s, const double *c)
{
	double		sigma = s[0];
	double		comp = c[0];

	for (unsigned j = 1; j < FK_SUM_LANES; j++)
	{
		double		e = 0.0;

		FkTwoSumInto(&sigma, &e, s[j]);
		comp += c[j];
		comp += e;
	}
	return comp == 0.0 ? sigma : sigma + comp;
}

/*
 * The sum: the lanes combined as they are, or, when one is scaled or that
 * overflows, all scaled and the result scaled back.  A sum of finite values
 * beyond float8's range is an overflow whatever else was met; then the
 * non-finite values decide, as IEEE addition of them does.
 */
FkReduceStatus
FkSumFinish(const FkSum *acc, double *result)
{
	double		r;
	unsigned	f = acc->nonfinite;

	if (acc->count == 0)
		return FK_REDUCE_NULL;
	if (acc->overflow)
		return FK_REDUCE_OVERFLOW;
	r = acc->scaled ? INFINITY : FkSumLanes(acc->s, acc->c);
	if (!isfinite(r))
	{
		double		s[FK_SUM_LANES];
		double		c[FK_SUM_LANES];

		for (unsigned j = 0; j < FK_SUM_LANES; j++)
		{
			double		k = (acc->scaled & (1u << j)) ? 1.0 : FK_SUM_DOWN;

			s[j] = acc->s[j] * k;
			c[j] = acc->c[j] * k;
		}
		r = FkSumLanes(s, c) * FK_SUM_UP;
		if (!isfinite(r))
			return FK_REDUCE_OVERFLOW;
	}
	if ((f & FK_SUM_NAN) || (f & (FK_SUM_POSINF | FK_SUM_NEGINF)) ==
		(FK_SUM_POSINF | FK_SUM_NEGINF))
		r = FkNan();
	else if (f & FK_SUM_POSINF)
		r = INFINITY;
	else if (f & FK_SUM_NEGINF)
		r = -INFINITY;
	*result = r;
	return FK_REDUCE_VALUE;
}
