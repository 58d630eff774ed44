/*
 * series_stats.c
 *		Statistics of one vector, or of two over the pairs both present
 *		(series_stats.h): the state behind vcov/vcov_pop/vcorr, and the
 *		selection behind vmedian/vquantile.
 *
 * Covariance and correlation accumulate pair by pair in index order exactly
 * as core's float8_regr_accum does (Youngs-Cramer), so a vector gives the
 * bits core's covar_samp, covar_pop and corr give over its unnest() in
 * order.  Quantiles select the ranks they need in place (quickselect with a
 * median-of-three pivot, expected O(n)) in float8 order, NaN above every
 * number, and interpolate as percentile_cont does.
 */
#include <math.h>

#include "core/bitmap.h"
#include "core/float8_nan.h"
#include "core/float8_order.h"
#include "core/interrupt.h"
#include "core/series_stats.h"

/* An empty covariance state */
void
FkCovInit(FkCov *c)
{
	c->n = c->sx = c->sxx = c->sy = c->syy = c->sxy = 0.0;
}

/* One pair into the state, as float8_regr_accum; false on overflow */
static inline bool
FkCovPair(FkCov *c, double x, double y)
{
	double		n0 = c->n;
	double		sx0 = c->sx;
	double		sy0 = c->sy;

	c->n += 1.0;
	c->sx += x;
	c->sy += y;
	if (n0 > 0.0)
	{
		double		tx = x * c->n - c->sx;
		double		ty = y * c->n - c->sy;
		double		scale = 1.0 / (c->n * n0);

		c->sxx += tx * tx * scale;
		c->syy += ty * ty * scale;
		c->sxy += tx * ty * scale;
		if (isinf(c->sx) || isinf(c->sxx) || isinf(c->sy) ||
			isinf(c->syy) || isinf(c->sxy))
		{
			/* finite inputs with an infinite result: core's overflow */
			if (((isinf(c->sx) || isinf(c->sxx)) && !isinf(sx0) && !isinf(x)) ||
				((isinf(c->sy) || isinf(c->syy)) && !isinf(sy0) && !isinf(y)) ||
				(isinf(c->sxy) && !isinf(sx0) && !isinf(x) &&
				 !isinf(sy0) && !isinf(y)))
				return false;
			if (isinf(c->sxx))
				c->sxx = FkNan();
			if (isinf(c->syy))
				c->syy = FkNan();
			if (isinf(c->sxy))
				c->sxy = FkNan();
		}
	}
	else
	{
		/* a first infinite or NaN input leaves no finite deviation */
		if (isnan(x) || isinf(x))
			c->sxx = c->sxy = FkNan();
		if (isnan(y) || isinf(y))
			c->syy = c->sxy = FkNan();
	}
	return true;
}

/*
 * The next n elements of x and y into the state, the pairs where both are
 * present in index order; false when a sum of finite values overflows
 */
bool
FkCovAdd(FkCov *c, const double *x, const uint64_t *xvalid,
		 const double *y, const uint64_t *yvalid, size_t n)
{
	/* a copy the compiler may keep in registers: x and y cannot alias it */
	FkCov		l = *c;
	bool		ok = true;

	for (size_t w = 0; ok && w < FkBitmapWords(n); w++)
	{
		size_t		off = w * FK_WORD_BITS;
		size_t		len = n - off < FK_WORD_BITS ? n - off : FK_WORD_BITS;
		uint64_t	word = FkWordMask(w, n);

		if (xvalid != NULL)
			word &= xvalid[w];
		if (yvalid != NULL)
			word &= yvalid[w];
		for (size_t i = 0; ok && i < len; i++)
			if ((word >> i) & 1)
				ok = FkCovPair(&l, x[off + i], y[off + i]);
	}
	*c = l;
	return ok;
}

/*
 * The covariance or correlation of the state, as covar_samp, covar_pop and
 * corr finish theirs; false: NULL (too few pairs; corr of a constant)
 */
bool
FkCovFinish(const FkCov *c, FkCovKind kind, double *result)
{
	switch (kind)
	{
		case FK_COV_SAMP:
			if (c->n < 2.0)
				return false;
			*result = FkCanonNan(c->sxy / (c->n - 1.0));
			return true;
		case FK_COV_POP:
			if (c->n < 1.0)
				return false;
			*result = FkCanonNan(c->sxy / c->n);
			return true;
		case FK_COV_CORR:
			if (c->n < 1.0 || c->sxx == 0 || c->syy == 0)
				return false;
			*result = FkCanonNan(c->sxy / sqrt(c->sxx * c->syy));
			return true;

			/*
			 * The regression of x (core's Y, its first argument) on y (its X):
			 * core's Sxx is syy here, its Sx sy, its Sy sx, and its Syy sxx
			 * (float8_regr_slope, _intercept, _r2)
			 */
		case FK_COV_SLOPE:
			if (c->n < 1.0 || c->syy == 0)
				return false;
			*result = FkCanonNan(c->sxy / c->syy);
			return true;
		case FK_COV_INTERCEPT:
			if (c->n < 1.0 || c->syy == 0)
				return false;
			*result = FkCanonNan((c->sx - c->sy * c->sxy / c->syy) / c->n);
			return true;
		case FK_COV_R2:
			if (c->n < 1.0 || c->syy == 0)
				return false;
			*result = c->sxx == 0 ? 1.0 :
				FkCanonNan((c->sxy * c->sxy) / (c->syy * c->sxx));
			return true;
	}
	return false;
}

/* The present elements of x, in order, into dst; returns how many */
size_t
FkGatherValid(double *dst, const double *x, const uint64_t *valid, size_t n)
{
	size_t		m = 0;

	for (size_t i = 0; i < n; i++)
	{
		FkCheckInterruptsAfter(i);
		if (valid == NULL || FkBitmapGet(valid, i))
			dst[m++] = x[i];
	}
	return m;
}

/* Move the NaNs of v to its end; returns the number of other values */
size_t
FkSplitNans(double *v, size_t n)
{
	size_t		m = 0;

	for (size_t i = 0; i < n; i++)
	{
		FkCheckInterruptsAfter(i);
		if (!isnan(v[i]))
		{
			double		t = v[m];

			v[m++] = v[i];
			v[i] = t;
		}
	}
	return m;
}

/* Exchange v[i] and v[j] */
static inline void
FkSwap(double *v, size_t i, size_t j)
{
	double		t = v[i];

	v[i] = v[j];
	v[j] = t;
}

/*
 * Put the value of rank k of v[0 .. n) (no NaN) at v[k], the smaller ones
 * before it and the others after it (Hoare's quickselect, median-of-three
 * pivot)
 */
static void
FkSelect(double *v, size_t n, size_t k)
{
	size_t		lo = 0;
	size_t		hi = n - 1;
	size_t		steps = 0;

	while (lo < hi)
	{
		size_t		mid = lo + (hi - lo) / 2;
		double		pivot;
		size_t		i;
		size_t		j;

		if (v[mid] < v[lo])
			FkSwap(v, mid, lo);
		if (v[hi] < v[lo])
			FkSwap(v, hi, lo);
		if (v[hi] < v[mid])
			FkSwap(v, hi, mid);
		pivot = v[mid];
		i = lo;
		j = hi;
		while (i <= j)
		{
			FkCheckInterruptsAfter(steps++);
			while (v[i] < pivot)
				i++;
			while (pivot < v[j])
				j--;
			if (i <= j)
			{
				FkSwap(v, i, j);
				i++;
				if (j == 0)
					break;
				j--;
			}
		}
		/* now v[lo .. j] <= pivot <= v[i .. hi], and j < i */
		if (k <= j)
			hi = j;
		else if (k >= i)
			lo = i;
		else
			return;
	}
}

/* The value of rank k of v (nnum numbers first, then NaNs), as selected */
static double
FkRank(double *v, size_t nnum, size_t k)
{
	if (k >= nnum)
		return FkNan();
	FkSelect(v, nnum, k);
	return v[k];
}

/*
 * Quantile q (0 to 1) of the n values of v, of which the first nnum are
 * numbers and the rest NaN (FkSplitNans), by linear interpolation between
 * the values of ranks floor(q (n - 1)) and ceil(q (n - 1)) exactly as
 * percentile_cont: lo + (pos - floor(pos)) * (hi - lo).  v is reordered.
 */
double
FkQuantile(double *v, size_t n, size_t nnum, double q)
{
	double		pos = q * (double) (n - 1);
	double		first = floor(pos);
	double		second = ceil(pos);
	size_t		k = (size_t) first;
	double		lo = FkRank(v, nnum, k);
	double		hi;

	if (second == first)
		return FkCanonNan(lo);
	if (k + 1 >= nnum)
		hi = FkNan();
	else
	{
		/* the smallest value after rank k is the value of rank k + 1 */
		hi = v[k + 1];
		for (size_t i = k + 2; i < nnum; i++)
		{
			FkCheckInterruptsAfter(i);
			if (v[i] < hi)
				hi = v[i];
		}
	}
	return FkCanonNan(lo + ((pos - first) * (hi - lo)));
}
