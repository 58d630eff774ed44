/*
 * series_time.c
 *		Rolling windows of a duration and as-of lookups over a time axis
 *		(series_time.h).
 *
 * FkTimeRoll walks the series a group of equal times at a time: the
 * elements w or more older than the group leave the window (w + 1 when it
 * is closed on the left), the group's elements enter it, and the one
 * window of the group gives the result of each of its present elements
 * (open on the right: the window before the group enters).  It is one
 * FkTimeRollStep over the whole series; the fused evaluator makes the same
 * steps a block at a time.
 */
#include <math.h>
#include <string.h>

#include "bitmap.h"
#include "cdefs.h"
#include "float8_order.h"
#include "interrupt.h"
#include "series_quantile.h"
#include "series_roll_piece.h"
#include "series_time.h"
#include "series_time_weight.h"

/* Round up to a multiple of 8 bytes */
#define FK_TIME_ALIGN(x) (((x) + 7) & ~(size_t) 7)

/* Is element j present? */
#define FK_TIME_PRESENT(valid, j) ((valid) == NULL || FkBitmapGet((valid), (j)))

/*
 * The most elements one window holds with the group it ends at.  Times do
 * not decrease, so a distance between them is exact as a uint64, even
 * from the earliest int64 to the latest
 */
size_t
FkTimeMaxWindow(const int64_t *ts, size_t n, int64_t w, FkTimeClosed closed)
{
	uint64_t	span = FkTimeSpan(w, closed);
	size_t		start = 0,
				best = 0,
				i = 0;

	while (i < n)
	{
		size_t		end = i + 1;

		while (end < n && ts[end] == ts[i])
			end++;
		while ((uint64_t) ts[i] - (uint64_t) ts[start] >= span)
			start++;
		if (end - start > best)
			best = end - start;
		i = end;
	}
	return best;
}

/* Bytes of working memory of op (FkTimeRollLayout counts them) */
static size_t FkTimeRollLayout(FkTimeRollState *win, FkRollOp op, size_t maxwin,
							   char *base);

size_t
FkTimeRollWorkSize(FkRollOp op, size_t maxwin)
{
	return FkTimeRollLayout(NULL, op, maxwin, NULL);
}

/* The next piece of size bytes at *off in base (NULL: only counting) */
static void *
FkTimeCarve(char *base, size_t *off, size_t size)
{
	void	   *p = base ? base + *off : NULL;

	*off += FK_TIME_ALIGN(size);
	return p;
}

/* Lay out the working memory of op in base (NULL: count); returns its bytes */
static size_t
FkTimeRollLayout(FkTimeRollState *win, FkRollOp op, size_t maxwin, char *base)
{
	size_t		off = 0;
	void	   *a = NULL,
			   *b = NULL,
			   *c = NULL;

	switch (op)
	{
		case FK_ROLL_SUM:
		case FK_ROLL_MEAN:
		case FK_ROLL_STDDEV:
		case FK_ROLL_VAR:
			a = FkTimeCarve(base, &off, maxwin * sizeof(double));
			b = FkTimeCarve(base, &off, maxwin * sizeof(double));
			c = FkTimeCarve(base, &off, maxwin * sizeof(uint64_t));
			if (win)
			{
				win->sa = a;
				win->sb = b;
				win->sc = c;
			}
			break;
		case FK_ROLL_MIN:
		case FK_ROLL_MAX:
			a = FkTimeCarve(base, &off, maxwin * sizeof(size_t));
			if (win)
			{
				win->didx = a;
				win->dcap = maxwin;
			}
			break;
		case FK_ROLL_MEDIAN:
		case FK_ROLL_QUANTILE:
			a = FkTimeCarve(base, &off, FkQuantWorkSize(maxwin, maxwin));
			if (win)
				FkQuantInit(&win->tree, maxwin, a);
			break;
		case FK_ROLL_COUNT:
			break;
	}
	return off;
}

/*
 * The window's start has passed b: one backward pass over [start, end)
 * keeps the piece of [j, end) of each j, and the prefix starts empty at end
 */
static void
FkTimeFlip(FkTimeRollState *win, const double *x, const uint64_t *valid,
		   int welford)
{
	FkRollPiece p = fk_roll_empty;

	for (size_t j = win->end; j-- > win->start;)
	{
		size_t		k = j - win->start;

		if (FK_TIME_PRESENT(valid, j))
			FkRollPieceAdd(&p, x[j], welford);
		win->sa[k] = welford ? p.mean : p.hi;
		win->sb[k] = welford ? p.m2 : p.lo;
		win->sc[k] = p.cnt;
		FkCheckInterruptsAfter(k);
	}
	win->fbase = win->start;
	win->b = win->end;
	win->prefix = fk_roll_empty;
}

/*
 * The sum, mean, var or stddev of the window (count >= 1 present elements,
 * var and stddev two); *overflow set when its finite values overflow
 */
static FK_ALWAYS_INLINE double
FkTimeMoments(FkTimeRollState *win, FkRollOp op, const double *x,
			  const uint64_t *valid, int *overflow)
{
	int			welford = op == FK_ROLL_STDDEV || op == FK_ROLL_VAR;
	double		a = welford ? 0.0 : -0.0;
	double		b = 0.0;
	uint64_t	acnt = 0;
	double		r;

	if (win->start > win->b)
		FkTimeFlip(win, x, valid, welford);
	if (win->start < win->b)
	{
		size_t		k = win->start - win->fbase;

		a = win->sa[k];
		b = win->sb[k];
		acnt = win->sc[k];
	}
	if (op == FK_ROLL_STDDEV)
		return FkRollStddev(a, b, acnt, &win->prefix, overflow);
	if (op == FK_ROLL_VAR)
		return FkRollVar(a, b, acnt, &win->prefix, overflow);
	r = FkRollSum(a, b, acnt, &win->prefix, overflow);
	/* + 0.0: core's avg sums from +0, so a zero mean is +0 */
	if (op == FK_ROLL_MEAN)
		r = (r + 0.0) / (double) win->count;
	return r;
}

/* Does x take over from cur in op's order (a tie goes to x, the latest)? */
static inline bool
FkTimeTakes(FkRollOp op, double cur, double x)
{
	return op == FK_ROLL_MAX ? !FkFloat8Gt(cur, x) : !FkFloat8Lt(cur, x);
}

/* Element j (present) enters the deque of min or max */
static FK_ALWAYS_INLINE void
FkTimeDequePush(FkTimeRollState *win, FkRollOp op, const double *x, size_t j)
{
	size_t		back;

	while (win->dsize > 0)
	{
		back = (win->dhead + win->dsize - 1) % win->dcap;
		if (!FkTimeTakes(op, x[win->didx[back]], x[j]))
			break;
		win->dsize--;
	}
	win->didx[(win->dhead + win->dsize) % win->dcap] = j;
	win->dsize++;
}

/* Element j enters the window */
static FK_ALWAYS_INLINE void
FkTimeEnter(FkTimeRollState *win, FkRollOp op, const double *x,
			const uint64_t *valid, size_t j)
{
	if (!FK_TIME_PRESENT(valid, j))
		return;
	win->count++;
	switch (op)
	{
		case FK_ROLL_SUM:
		case FK_ROLL_MEAN:
			FkRollSumAdd(&win->prefix, x[j]);
			break;
		case FK_ROLL_STDDEV:
		case FK_ROLL_VAR:
			FkRollWelfordAdd(&win->prefix, x[j]);
			break;
		case FK_ROLL_MIN:
		case FK_ROLL_MAX:
			FkTimeDequePush(win, op, x, j);
			break;
		case FK_ROLL_MEDIAN:
		case FK_ROLL_QUANTILE:
			FkQuantInsert(&win->tree, x[j], j);
			break;
		case FK_ROLL_COUNT:
			break;
	}
}

/* Element j, the window's first, leaves it */
static FK_ALWAYS_INLINE void
FkTimeLeave(FkTimeRollState *win, FkRollOp op, const double *x,
			const uint64_t *valid, size_t j)
{
	win->start++;
	if (!FK_TIME_PRESENT(valid, j))
		return;
	win->count--;
	if ((op == FK_ROLL_MIN || op == FK_ROLL_MAX) &&
		win->dsize > 0 && win->didx[win->dhead] == j)
	{
		win->dhead = (win->dhead + 1) % win->dcap;
		win->dsize--;
	}
	else if (op == FK_ROLL_MEDIAN || op == FK_ROLL_QUANTILE)
		FkQuantDelete(&win->tree, x[j], j);
}

/*
 * The result of the window, which holds count >= 1 present elements (count:
 * >= 0)
 */
static FK_ALWAYS_INLINE double
FkTimeResult(FkTimeRollState *win, FkRollOp op, const double *x,
			 const uint64_t *valid, double q, int *overflow)
{
	switch (op)
	{
		case FK_ROLL_SUM:
		case FK_ROLL_MEAN:
		case FK_ROLL_STDDEV:
		case FK_ROLL_VAR:
			return FkTimeMoments(win, op, x, valid, overflow);
		case FK_ROLL_MIN:
		case FK_ROLL_MAX:
			return x[win->didx[win->dhead]];
		case FK_ROLL_MEDIAN:
		case FK_ROLL_QUANTILE:
			return FkQuantValue(&win->tree, q);
		case FK_ROLL_COUNT:
			break;
	}
	return (double) win->count;
}

/* Start a rolling op over duration windows: state and working memory */
void
FkTimeRollInit(FkTimeRollState *st, FkRollOp op, int64_t w,
			   FkTimeClosed closed, size_t min_count, double q, size_t maxwin,
			   void *work)
{
	memset(st, 0, sizeof(*st));
	st->prefix = fk_roll_empty;
	st->op = op;
	st->span = FkTimeSpan(w, closed);
	st->before = closed == FK_TIME_CLOSED_LEFT ||
		closed == FK_TIME_CLOSED_NEITHER;
	st->q = q;
	/* an empty window (open on the right) counts 0 under min_count 0 */
	st->need = (op == FK_ROLL_STDDEV || op == FK_ROLL_VAR) ? 2 :
		op == FK_ROLL_COUNT ? 0 : 1;
	if (min_count > st->need)
		st->need = min_count;
	st->fault = SIZE_MAX;
	FkTimeRollLayout(st, op, maxwin, work);
}

/*
 * The next group of equal times: what is a span or more older than it
 * leaves, then the group enters (the window never holds more than maxwin
 * elements: the tree's node of element j is j % maxwin), and its one
 * window gives the result of each of its present elements; open on the
 * right (before), the window gives it before the group enters.  Inlined
 * with before a constant, so each walk has only its own steps
 */
static FK_ALWAYS_INLINE void
FkTimeRollGroupAs(FkTimeRollState *st, const int64_t *ts, const double *x,
				  const uint64_t *valid, size_t n, bool before)
{
	size_t		g0 = st->end;
	size_t		g1 = g0;		/* before: the group's end */
	size_t		first = SIZE_MAX;	/* the group's first present element */

	/* times do not decrease: the distance is exact as a uint64 */
	while ((uint64_t) ts[g0] - (uint64_t) ts[st->start] >= st->span)
		FkTimeLeave(st, st->op, x, valid, st->start);
	if (before)
	{
		/* the group waits outside the window: only where it ends */
		do
		{
			if (first == SIZE_MAX && FK_TIME_PRESENT(valid, g1))
				first = g1;
			g1++;
		} while (g1 < n && ts[g1] == ts[g0]);
	}
	else
	{
		do
		{
			if (first == SIZE_MAX && FK_TIME_PRESENT(valid, st->end))
				first = st->end;
			FkTimeEnter(st, st->op, x, valid, st->end);
			st->end++;
		} while (st->end < n && ts[st->end] == ts[g0]);
	}

	/* a group of NULLs has no result to compute */
	st->present = false;
	st->r = 0.0;
	if (first != SIZE_MAX && st->count >= st->need)
	{
		int			overflow = 0;

		st->present = true;
		st->r = FkTimeResult(st, st->op, x, valid, st->q, &overflow);
		if (overflow && st->fault == SIZE_MAX)
			st->fault = first;
	}

	/* before: the group enters after its result */
	for (; before && st->end < g1; st->end++)
		FkTimeEnter(st, st->op, x, valid, st->end);
}

/* The next group of equal times, by the walk of the window's closed ends */
static void
FkTimeRollGroup(FkTimeRollState *st, const int64_t *ts, const double *x,
				const uint64_t *valid, size_t n)
{
	if (st->before)
		FkTimeRollGroupAs(st, ts, x, valid, n, true);
	else
		FkTimeRollGroupAs(st, ts, x, valid, n, false);
}

/* Results of the elements from st->next up to upto, from out[0] on */
void
FkTimeRollStep(FkTimeRollState *st, const int64_t *ts, const double *x,
			   const uint64_t *valid, size_t n, size_t upto, double *out,
			   uint64_t *out_valid)
{
	size_t		from = st->next;

	while (st->next < upto)
	{
		size_t		lim;

		/* a group may reach past upto: its result waits for the next step */
		if (st->next == st->end)
			FkTimeRollGroup(st, ts, x, valid, n);
		lim = st->end < upto ? st->end : upto;
		for (size_t i = st->next; i < lim; i++)
		{
			if (st->present && FK_TIME_PRESENT(valid, i))
			{
				out[i - from] = st->r;
				FkBitmapSet(out_valid, i - from);
			}
			else
			{
				out[i - from] = 0.0;
				FkBitmapClear(out_valid, i - from);
			}
			FkCheckInterruptsAfter(i);
		}
		st->next = lim;
	}
}

/* Rolling op over duration windows: one step over the whole series */
size_t
FkTimeRoll(FkRollOp op, const int64_t *ts, const double *x,
		   const uint64_t *valid, size_t n, int64_t w, FkTimeClosed closed,
		   size_t min_count, double q, size_t maxwin, double *out,
		   uint64_t *out_valid, void *work)
{
	FkTimeRollState st;

	FkTimeRollInit(&st, op, w, closed, min_count, q, maxwin, work);
	memset(out_valid, 0, FkBitmapWords(n) * sizeof(uint64_t));
	FkTimeRollStep(&st, ts, x, valid, n, n, out, out_valid);
	return st.fault;
}

/* The last element of ts[0 .. n) at or before t, from lo on; -1 when none */
static int64_t
FkTimeLastAtOrBefore(const int64_t *ts, size_t n, int64_t t)
{
	size_t		lo = 0,
				hi = n;

	/* the first element after t */
	while (lo < hi)
	{
		size_t		mid = lo + (hi - lo) / 2;

		if (ts[mid] <= t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (int64_t) lo - 1;
}

/* As-of lookup in direction dir, with a tolerance when tol >= 0 */
void
FkTimeAsof(const int64_t *ts, size_t n, const int64_t *at, size_t m,
		   int64_t tol, FkAsofDirection dir, int64_t *idx)
{
	size_t		le = 0,			/* elements at or before at[k - 1] */
				lt = 0;			/* elements before at[k - 1] */

	for (size_t k = 0; k < m; k++)
	{
		int64_t		t = at[k],
					b,
					f,
					r;

		if (k > 0 && t < at[k - 1])
		{
			/* a step back: times are finite, so t - 1 does not wrap */
			le = (size_t) (FkTimeLastAtOrBefore(ts, n, t) + 1);
			lt = (size_t) (FkTimeLastAtOrBefore(ts, n, t - 1) + 1);
		}
		while (le < n && ts[le] <= t)
			le++;
		while (lt < n && ts[lt] < t)
			lt++;
		b = (int64_t) le - 1;
		f = lt < n ? (int64_t) lt : -1;
		if (dir == FK_ASOF_BACKWARD)
			r = b;
		else if (dir == FK_ASOF_FORWARD || b < 0)
			r = f;
		else if (f < 0 || t - ts[b] <= ts[f] - t)
			r = b;
		else
			r = f;
		if (r >= 0 && tol >= 0 && (ts[r] <= t ? t - ts[r] : ts[r] - t) > tol)
			r = -1;
		idx[k] = r;
		FkCheckInterruptsAfter(k);
	}
}

/* The time-weighted average (locf, or linear) */
bool
FkTimeWeightedAvg(const int64_t *ts, const double *x, const uint64_t *valid,
				  size_t n, bool linear, double *avg, int *overflow)
{
	FkTimeWeight w;

	FkTimeWeightInit(&w);
	for (size_t i = 0; i < n; i++)
	{
		if (FK_TIME_PRESENT(valid, i))
			FkTimeWeightAdd(&w, ts[i], x[i], linear);
		FkCheckInterruptsAfter(i);
	}
	return FkTimeWeightResult(&w, avg, overflow);
}

/* Exponential moving average by elapsed time */
size_t
FkTimeEma(const int64_t *ts, const double *x, const uint64_t *valid,
		  size_t n, int64_t halflife, double *out, uint64_t *out_valid)
{
	double		num = 0.0,
				den = 0.0,
				h = (double) halflife;
	size_t		prev = SIZE_MAX,
				fault = SIZE_MAX;
	bool		finite = true;	/* every value so far is finite */

	memset(out_valid, 0, FkBitmapWords(n) * sizeof(uint64_t));
	for (size_t i = 0; i < n; i++)
	{
		out[i] = 0.0;
		if (!FK_TIME_PRESENT(valid, i))
			continue;
		if (prev != SIZE_MAX)
		{
			double		d = exp2(-(double) (ts[i] - ts[prev]) / h);

			num *= d;
			den *= d;
		}
		num += x[i];
		den += 1.0;
		finite = finite && isfinite(x[i]);
		out[i] = num / den;
		if (finite && !isfinite(out[i]) && fault == SIZE_MAX)
			fault = i;
		FkBitmapSet(out_valid, i);
		prev = i;
		FkCheckInterruptsAfter(i);
	}
	return fault;
}
