/*
 * masked.c
 *		Masked drivers over validity words; see masked.h.
 */
#include "bitmap.h"
#include "masked.h"

/*
 * Find the next run [*start, *end) within [*pos, to) that begins and ends
 * with a present element and holds no word without one; advance *pos past
 * it.  Returns false when [*pos, to) holds no present element.
 */
static inline bool
FkNextRun(const uint64_t *valid, size_t *pos, size_t to,
		  size_t *start, size_t *end)
{
	size_t		i = *pos;
	size_t		w;
	size_t		last;

	if (i >= to)
		return false;
	if (valid == NULL)
	{
		*start = i;
		*end = *pos = to;
		return true;
	}

	/* First present element at or after i */
	for (;;)
	{
		uint64_t	bits;

		w = i / FK_WORD_BITS;
		bits = valid[w] & (FK_ALL_VALID << (i % FK_WORD_BITS));
		if (bits != 0)
		{
			i = w * FK_WORD_BITS + (size_t) __builtin_ctzll(bits);
			break;
		}
		i = (w + 1) * FK_WORD_BITS;
		if (i >= to)
		{
			*pos = to;
			return false;
		}
	}
	if (i >= to)
	{
		*pos = to;
		return false;
	}

	/* Extend over the following words that hold a present element */
	while ((w + 1) * FK_WORD_BITS < to && valid[w + 1] != 0)
		w++;
	last = w * FK_WORD_BITS + 63 - (size_t) __builtin_clzll(valid[w]);

	*start = i;
	*end = *pos = last + 1 < to ? last + 1 : to;
	return true;
}

/* See masked.h */
void
FkMaskedUnary(FkUnaryFn fn, double *dst, const double *x,
			  const uint64_t *valid, size_t from, size_t to)
{
	size_t		s,
				e;

	while (FkNextRun(valid, &from, to, &s, &e))
		fn(dst + s, x + s, e - s);
}

/* See masked.h */
void
FkMaskedBinary(FkBinaryFn fn, double *dst, const double *x, const double *y,
			   const uint64_t *valid, size_t from, size_t to)
{
	size_t		s,
				e;

	while (FkNextRun(valid, &from, to, &s, &e))
		fn(dst + s, x + s, y + s, e - s);
}

/* See masked.h */
void
FkMaskedScalar(FkScalarFn fn, double *dst, const double *x, double sc,
			   const uint64_t *valid, size_t from, size_t to)
{
	size_t		s,
				e;

	while (FkNextRun(valid, &from, to, &s, &e))
		fn(dst + s, x + s, sc, e - s);
}

/* See masked.h */
void
FkMaskedScaleAdd(FkScaleAddFn fn, double *dst, const double *x, double a,
				 double b, const uint64_t *valid, size_t from, size_t to)
{
	size_t		s,
				e;

	while (FkNextRun(valid, &from, to, &s, &e))
		fn(dst + s, x + s, a, b, e - s);
}

/* See masked.h */
void
FkMaskedSubMulAdd(FkSubMulAddFn fn, double *dst, const double *x,
				  const double *y, double a, double b,
				  const uint64_t *valid, size_t from, size_t to)
{
	size_t		s,
				e;

	while (FkNextRun(valid, &from, to, &s, &e))
		fn(dst + s, x + s, y + s, a, b, e - s);
}

/*
 * The lagged drivers hand the primitive the run shifted down by lag, so
 * that its "lag <= i" outputs are exactly the run.
 */

/* See masked.h */
void
FkMaskedLag(FkLagFn fn, double *dst, const double *x, size_t lag,
			const uint64_t *valid, size_t from, size_t to)
{
	size_t		s,
				e;

	if (from < lag)
		from = lag;
	while (FkNextRun(valid, &from, to, &s, &e))
		fn(dst + s - lag, x + s - lag, lag, e - s + lag);
}

/* See masked.h */
void
FkMaskedLagScaleAdd(FkLagScaleAddFn fn, double *dst, const double *x,
					size_t lag, double a, double b, const uint64_t *valid,
					size_t from, size_t to)
{
	size_t		s,
				e;

	if (from < lag)
		from = lag;
	while (FkNextRun(valid, &from, to, &s, &e))
		fn(dst + s - lag, x + s - lag, lag, a, b, e - s + lag);
}

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
		/* the run shifted down by lag, as FkMaskedLag does */
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
