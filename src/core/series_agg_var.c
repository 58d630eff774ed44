/*
 * series_agg_var.c
 *		variance, var_pop, stddev and stddev_pop across rows: the state of
 *		3n values (series_agg_var.h), added to, combined and read as core's
 *		float8_accum, float8_combine and float8_var_samp ... do.
 */
#include <math.h>
#include <stdbool.h>

#include "bitmap.h"
#include "float8_nan.h"
#include "interrupt.h"
#include "series_agg_fold.h"
#include "series_agg_var.h"

/* See series_agg_var.h: counts and sums at 0, no valid element yet */
void
FkXVarInit(double *state, size_t n)
{
	for (size_t i = 0; i < 3 * n; i++)
	{
		state[i] = 0.0;
		FkCheckInterruptsAfter(i);
	}
}

/*
 * Add x to the (N, Sx, Sxx) of one position, as core's float8_accum: false
 * when finite values overflow
 */
static inline bool
FkXVarAccum(double *pn, double *psx, double *psxx, double x)
{
	double		n0 = *pn,
				sx0 = *psx,
				n = n0 + 1.0,
				sx = sx0 + x,
				sxx = *psxx;

	if (n0 > 0.0)
	{
		double		tmp = x * n - sx;

		sxx += tmp * tmp / (n * n0);
		if (isinf(sx) || isinf(sxx))
		{
			if (!isinf(sx0) && !isinf(x))
				return false;
			sxx = FkNan();
		}
	}
	else if (isnan(x) || isinf(x))
		sxx = FkNan();
	*pn = n;
	*psx = sx;
	*psxx = sxx;
	return true;
}

/*
 * One position's (N, Sx, Sxx) with x added, as core's float8_accum: false
 * when finite values overflow (the path of a position that needs core's
 * checks, callable alone)
 */
bool
FkXVarAccumOne(double *pn, double *psx, double *psxx, double x)
{
	return FkXVarAccum(pn, psx, psxx, x);
}

/*
 * Add a row of n values x, with validity words valid (NULL: all present),
 * to the state of 3n values.  A count already at 2^53 cannot count one
 * more; an overflow stops the row (the aggregate raises the error).
 */
FkXAvgStatus
FkXVarAdd(double *state, size_t n, const double *x, const uint64_t *valid)
{
	return FkXVarAddPart(state, n, 0, n, x, valid);
}

/*
 * Add positions [from, from + m) of a row to the state of 3n values: m
 * values x, with validity words valid (bit 0 is position from; NULL: all
 * present).  The part stops at its first fault, in index order, so parts
 * added in order, stopping at the first that faults, give the status of
 * the row added whole.  The instruction set's dense loop does the same
 * operations a vector at a time, over an all-present part, or a word of
 * positions at a time with the absent ones kept; core's checks run one
 * position at a time only from where it stops (a count at 2^53, a value
 * or sum not finite) for a word of positions, then the loop again.
 */
FkXAvgStatus
FkXVarAddPart(double *state, size_t n, size_t from, size_t m,
			  const double *x, const uint64_t *valid)
{
	const FkXAggFolds *f = FkXAggFoldsInUse();
	size_t		i = 0;

	while (i < m)
	{
		/* up to which position core's checks run one at a time */
		size_t		checked_to;

		if (valid == NULL)
		{
			/* all present: a vector at a time while nothing needs a check */
			size_t		len = m - i < FK_INTERRUPT_EVERY ? m - i : FK_INTERRUPT_EVERY;
			size_t		p = from + i;

			i += f->var(&state[p], &state[n + p], &state[2 * n + p], x + i, len);
			FkCheckInterrupts();
			checked_to = m - i < FK_WORD_BITS ? m : i + FK_WORD_BITS;
		}
		else
		{
			/* a word at a time (i is at its start): its present positions */
			size_t		len = m - i < FK_WORD_BITS ? m - i : FK_WORD_BITS;
			size_t		p = from + i;
			size_t		end = i + len;

			if (i % FK_INTERRUPT_EVERY == 0)
				FkCheckInterrupts();
			i += f->var_word(&state[p], &state[n + p], &state[2 * n + p], x + i,
							 len, valid[i / FK_WORD_BITS]);
			checked_to = end;
		}
		for (; i < checked_to; i++)
		{
			size_t		p = from + i;

			if (valid != NULL && !FkBitmapGet(valid, i))
				continue;
			if (state[p] >= FK_XAVG_MAXCOUNT)
				return FK_XAVG_COUNT_OVERFLOW;
			if (!FkXVarAccum(&state[p], &state[n + p], &state[2 * n + p], x[i]))
				return FK_XAVG_SUM_OVERFLOW;
		}
	}
	return FK_XAVG_OK;
}

/*
 * Fold the state other into state (both of 3n values, checked), position
 * by position as core's float8_combine: Chan's formula over the means.
 */
FkXAvgStatus
FkXVarCombine(double *state, const double *other, size_t n)
{
	/* both at most 2^53, whole: the difference is exact, the sum may not be */
	for (size_t i = 0; i < n; i++)
		if (state[i] > FK_XAVG_MAXCOUNT - other[i])
			return FK_XAVG_COUNT_OVERFLOW;
	for (size_t i = 0; i < n; i++)
	{
		double		n1 = state[i],
					n2 = other[i],
					sx1 = state[n + i],
					sx2 = other[n + i],
					sxx1 = state[2 * n + i],
					sxx2 = other[2 * n + i],
					tmp;

		FkCheckInterruptsAfter(i);
		if (n2 == 0.0)
			continue;
		if (n1 == 0.0)
		{
			state[i] = n2;
			state[n + i] = sx2;
			state[2 * n + i] = sxx2;
			continue;
		}
		state[i] = n1 + n2;
		state[n + i] = sx1 + sx2;
		if (isinf(state[n + i]) && !isinf(sx1) && !isinf(sx2))
			return FK_XAVG_SUM_OVERFLOW;
		tmp = sx1 / n1 - sx2 / n2;
		state[2 * n + i] = sxx1 + sxx2 + n1 * n2 * tmp * tmp / state[i];
		if (isinf(state[2 * n + i]) && !isinf(sxx1) && !isinf(sxx2))
			return FK_XAVG_SUM_OVERFLOW;
	}
	return FK_XAVG_OK;
}

/*
 * Check the state of 3n values (made by hand, or received as text): each
 * count a whole number from 0 to 2^53, a position without valid elements
 * at 0, 0, and no Sxx below 0.  NULL when it is sound, else what is wrong
 * (a sentence).
 */
const char *
FkXVarCheck(const double *state, size_t n)
{
	for (size_t i = 0; i < n; i++)
	{
		double		c = state[i];

		FkCheckInterruptsAfter(i);
		if (!(c >= 0.0 && c <= FK_XAVG_MAXCOUNT && c == floor(c)))
			return "A count is not a whole number from 0 to 2^53.";
		if (c == 0.0 && !(state[n + i] == 0.0 && state[2 * n + i] == 0.0))
			return "A position without valid elements has a sum other than 0.";
		if (state[2 * n + i] < 0.0)
			return "A sum of squared deviations is negative.";
	}
	return NULL;
}

/* The fewest valid elements a position needs for a result of kind */
static inline double
FkXVarMinCount(FkXVarKind kind)
{
	return kind == FK_XVAR_SAMP || kind == FK_XVAR_STDDEV_SAMP ? 2.0 : 1.0;
}

/* The number of positions of the checked state whose result is NULL */
size_t
FkXVarNulls(const double *state, size_t n, FkXVarKind kind)
{
	return FkXCountBelow(state, n, FkXVarMinCount(kind));
}

/*
 * The result of kind from the checked state of 3n values: out[i] (0 where
 * NULL) and, where valid is given, bit i set where position i has enough
 * valid elements (valid's words cleared by the caller).  Core's final
 * functions: Sxx over N - 1 or N, and its square root.
 */
void
FkXVarFinal(const double *state, size_t n, FkXVarKind kind, double *out,
			uint64_t *valid)
{
	double		need = FkXVarMinCount(kind);
	bool		samp = need == 2.0;
	bool		root = kind == FK_XVAR_STDDEV_SAMP || kind == FK_XVAR_STDDEV_POP;

	for (size_t i = 0; i < n; i++)
	{
		double		c = state[i],
					r;

		FkCheckInterruptsAfter(i);
		if (c < need)
		{
			out[i] = 0.0;
			continue;
		}
		r = state[2 * n + i] / (samp ? c - 1.0 : c);
		out[i] = FkCanonNan(root ? sqrt(r) : r);
		if (valid != NULL)
			FkBitmapSet(valid, i);
	}
}
