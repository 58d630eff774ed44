/*
 * lagged.c
 *		Log differences over a lag with one ln per element, for every
 *		instruction set: the blocking and the carry of logs are written once
 *		here, the vector loops come from each instruction-set file (a
 *		one-pass block for lags up to FK_LAG_BLOCK, the table's ln and
 *		sub or sub_mul_add beyond).
 *
 * dlog and dlog_scale_add need ln(x[i]) twice: as the current value of
 * element i and as the lagged value of element i + lag.  Both uses must see
 * the same bits, which the position independence of t->ln guarantees, so
 * each ln is computed once and kept until its second use.
 */
#include <string.h>

#include "kern_isa.h"

#define FK_ALIGNED __attribute__((aligned(64)))

/* dst = cur - prev, or ((cur - prev) * a) + b, over len elements */
static inline void
FkLagEpilogue(const FkKernelTable *t, double *dst, const double *cur,
			  const double *prev, size_t len, int scale, double a, double b)
{
	if (scale)
		t->sub_mul_add(dst, cur, prev, a, b, len);
	else
		t->sub(dst, cur, prev, len);
}

/*
 * lag <= FK_LAG_BLOCK: go up in blocks, carrying the last lag logs of each
 * block into the next in a stack buffer: the logs of the block start at
 * base (lag rounded up to whole vectors, so that every path stores its
 * vectors at the same alignment in every block), the carried ones just
 * below it.
 */
static void
FkLaggedLnNear(const FkKernelTable *t, FkLnLagBlockFn block, double *dst,
			   const double *x, size_t lag, size_t n, int scale, double a,
			   double b)
{
	double		buf[2 * FK_LAG_BLOCK + 2 * FK_MAX_W] FK_ALIGNED;
	size_t		base = (lag + FK_MAX_W - 1) / FK_MAX_W * FK_MAX_W;
	double	   *logs = buf + base;
	size_t		s,
				len;

	/* lanes below the carried logs are loaded but never used: define them */
	memset(buf, 0, base * sizeof(double));
	t->ln(logs - lag, x, lag);
	for (s = lag; s < n; s += len)
	{
		len = n - s < FK_LAG_BLOCK ? n - s : FK_LAG_BLOCK;
		block(dst + s, x + s, logs, lag, len, scale, a, b);
		memmove(logs - lag, logs + len - lag, lag * sizeof(double));
	}
}

/*
 * lag > FK_LAG_BLOCK: go down in segments of lag outputs.  Before a segment
 * is finished, the logs of its lagged inputs are parked in their own dst
 * slots (outputs not yet written, since they lie below); the next segment
 * down then finds its current logs there and overwrites them in place.
 * Inputs below lag are not outputs, and their logs are used only once.
 */
static void
FkLaggedLnFar(const FkKernelTable *t, double *dst, const double *x,
			  size_t lag, size_t n, int scale, double a, double b)
{
	double		cur_buf[FK_LAG_BLOCK] FK_ALIGNED;
	double		prev_buf[FK_LAG_BLOCK] FK_ALIGNED;
	int			parked = 0;
	size_t		hi = n;

	while (hi > lag)
	{
		size_t		lo = hi - lag > lag ? hi - lag : lag;
		size_t		park_lo = lo - lag > lag ? lo - lag : lag;
		size_t		s,
					len;

		/* Logs of this segment's lagged inputs that sit in output slots */
		if (hi - lag > park_lo)
			t->ln(dst + park_lo, x + park_lo, hi - lag - park_lo);

		for (s = lo; s < hi; s += len)
		{
			size_t		j = s - lag;
			const double *cur = dst + s;
			const double *prev = dst + j;

			len = hi - s < FK_LAG_BLOCK ? hi - s : FK_LAG_BLOCK;
			if (!parked)
			{
				t->ln(cur_buf, x + s, len);
				cur = cur_buf;
			}
			if (j < lag)
			{
				size_t		below = lag - j < len ? lag - j : len;

				t->ln(prev_buf, x + j, below);
				memcpy(prev_buf + below, dst + lag,
					   (len - below) * sizeof(double));
				prev = prev_buf;
			}
			FkLagEpilogue(t, dst + s, cur, prev, len, scale, a, b);
		}
		parked = 1;
		hi = lo;
	}
}

/* See kern_isa.h */
void
FkLaggedLn(const FkKernelTable *t, FkLnLagBlockFn block, double *dst,
		   const double *x, size_t lag, size_t n, int scale, double a,
		   double b)
{
	if (lag >= n)
		return;
	if (lag <= FK_LAG_BLOCK)
		FkLaggedLnNear(t, block, dst, x, lag, n, scale, a, b);
	else
		FkLaggedLnFar(t, dst, x, lag, n, scale, a, b);
}
