/*
 * series_rolling.c
 *		Rolling sum, mean, stddev, var, min, max, count, median and
 *		quantile (series_rolling.h).
 *
 * FkRollStep walks its block a validity word at a time: an all-present word
 * runs the element step with the validity a constant (no bit tests), an
 * all-NULL word only moves the window, a mixed word tests each bit.  The
 * element steps work on a local copy of the state, which the stores of
 * results cannot alias.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "bitmap.h"
#include "cdefs.h"
#include "float8_nan.h"
#include "float8_order.h"
#include "interrupt.h"
#include "series_roll_piece.h"
#include "series_rolling.h"
#include "series_rolling_short.h"

/* Round up to a multiple of 8 bytes */
#define FK_ROLL_ALIGN(x) (((x) + 7) & ~(size_t) 7)

/*
 * The slow part of FkRollSumAdd, p with x added: x is not finite (flagged,
 * kept out of the sum), or the piece is scaled, or hi + x overflowed from
 * finite values: the piece is then scaled by 2^-64 from here on (exact for
 * every value above 2^-958), and x added so.  By value, so that the
 * caller's state stays in registers.
 */
__attribute__((noinline)) FkRollPiece
FkRollSumAddSlow(FkRollPiece p, double x)
{
	double		t,
				z;

	p.cnt++;
	if (!isfinite(x))
	{
		p.cnt |= FkRollKind(x);
		return p;
	}
	if (!(p.cnt & FK_ROLL_SCALED))
	{
		p.hi *= FK_ROLL_DOWN;
		p.lo *= FK_ROLL_DOWN;
		p.cnt |= FK_ROLL_SCALED;
		p.scale = FK_ROLL_DOWN;
	}
	x *= FK_ROLL_DOWN;
	t = p.hi + x;
	z = t - p.hi;
	p.lo += (p.hi - (t - z)) + (x - z);
	p.hi = t;
	return p;
}

/*
 * The slow part of FkRollSum: a piece is scaled, or holds a NaN or an
 * infinity, or the two overflowed.  The finite values: both pieces scaled
 * by 2^-64, added, scaled back (*overflow set when that is beyond float8's
 * range, whatever else the window holds); then a NaN, or both infinities,
 * give NaN and one infinity gives itself, as core's sum over them.
 */
__attribute__((noinline)) double
FkRollSumSlow(double ah, double al, uint64_t acnt, double bh, double bl,
			  uint64_t bcnt, int *overflow)
{
	uint64_t	f = acnt | bcnt;
	double		r = FkRollAddPieces(ah, al, bh, bl);

	if ((f & FK_ROLL_SCALED) || !isfinite(r))
	{
		double		as = (acnt & FK_ROLL_SCALED) ? 1.0 : FK_ROLL_DOWN;
		double		bs = (bcnt & FK_ROLL_SCALED) ? 1.0 : FK_ROLL_DOWN;

		r = FkRollAddPieces(ah * as, al * as, bh * bs, bl * bs) * FK_ROLL_UP;
		if (!isfinite(r))
			*overflow = 1;
	}
	if (f & FK_ROLL_BAD)
	{
		if ((f & FK_ROLL_NAN) ||
			(f & (FK_ROLL_POSINF | FK_ROLL_NEGINF)) == (FK_ROLL_POSINF | FK_ROLL_NEGINF))
			return FkNan();
		return (f & FK_ROLL_POSINF) ? INFINITY : -INFINITY;
	}
	return r;
}

/* Set or clear bit k of bm */
FK_ROLL_INLINE void
FkRollPutBit(uint64_t *bm, size_t k, int v)
{
	uint64_t	bit = UINT64_C(1) << (k % FK_WORD_BITS);

	bm[k / FK_WORD_BITS] = (bm[k / FK_WORD_BITS] & ~bit) | ((uint64_t) v << (k % FK_WORD_BITS));
}

/*
 * The segment that starts at element base, from the history: its values
 * from slot 0 on, and their validity words (NULL: all present) from bit
 * *off on
 */
FK_ROLL_INLINE const double *
FkRollSegment(const FkRollState *s, size_t base, const uint64_t **valid,
			  size_t *off)
{
	if (s->ring)
	{
		*valid = s->ring_valid;
		*off = 0;
		return s->ring;
	}
	*valid = s->hist_valid;
	*off = base;
	return s->hist_x + base;
}

/*
 * Add elements hi - 1 down to lo of a segment (values xs, validity vs from
 * bit off) to *p; with keep, keep the piece of elements j.. of each j in
 * the suffix arrays sa, sb, sc at j % FK_ROLL_CHUNK: hi and lo (sum, mean)
 * or mean and m2 (stddev), cnt.
 */
FK_ROLL_INLINE void
FkRollBackward(FkRollPiece *p, const double *xs, const uint64_t *vs,
			   size_t off, size_t lo, size_t hi, int welford, int keep,
			   double *sa, double *sb, uint64_t *sc)
{
	for (size_t j = hi; j-- > lo;)
	{
		if (vs == NULL || FkBitmapGet(vs, off + j))
			FkRollPieceAdd(p, xs[j], welford);
		if (keep)
		{
			size_t		k = j % FK_ROLL_CHUNK;

			sa[k] = welford ? p->mean : p->hi;
			sb[k] = welford ? p->m2 : p->lo;
			sc[k] = p->cnt;
		}
	}
}

/* FkRollBackward, one loop for a history with and one without NULLs */
FK_ROLL_INLINE void
FkRollBackwardAny(const FkRollState *s, FkRollPiece *p, const double *xs,
				  const uint64_t *vs, size_t off, size_t lo, size_t hi,
				  int welford, int keep)
{
	if (vs == NULL)
		FkRollBackward(p, xs, NULL, 0, lo, hi, welford, keep,
					   s->suf_a, s->suf_b, s->suf_cnt);
	else
		FkRollBackward(p, xs, vs, off, lo, hi, welford, keep,
					   s->suf_a, s->suf_b, s->suf_cnt);
}

/*
 * At the end of a segment of w values (elements base ..): one backward
 * pass over it, j = w-1 down to 1 (elements 0.. would be the whole segment,
 * never part of a window that also reaches into the next one), keeping the
 * piece of elements j.. at the top of each chunk (its checkpoint), and the
 * pieces of the first chunk.  Interrupts are served on the way: w may be
 * large.  s is the caller's state, whose memory and window do not change
 * while it runs (its running copy stays in registers); the chunk held is
 * then 0.
 */
FK_ROLL_INLINE void
FkRollSuffixes(const FkRollState *s, size_t base, int welford)
{
	const uint64_t *vs;
	size_t		off;
	const double *xs = FkRollSegment(s, base, &vs, &off);
	FkRollPiece p = fk_roll_empty;
	size_t		c = (s->w - 1) / FK_ROLL_CHUNK;
	size_t		top = s->w;

	for (;;)
	{
		s->cp[c] = p;
		if (c == 0)
		{
			FkRollBackwardAny(s, &p, xs, vs, off, 1, top, welford, 1);
			break;
		}
		FkRollBackwardAny(s, &p, xs, vs, off, c * FK_ROLL_CHUNK, top,
						  welford, 0);
		top = c * FK_ROLL_CHUNK;
		c--;
		if (c % (FK_INTERRUPT_EVERY / FK_ROLL_CHUNK) == 0)
			FkCheckInterrupts();
	}
}

/*
 * The pieces of elements j'.. of the previous segment (it starts at base)
 * for j' from the top of j's chunk down to j, again from the chunk's
 * checkpoint: the operations of FkRollSuffixes, so the same bits.  Only
 * elements at j and above are read: in a ring, those below are the current
 * segment's already.  s as for FkRollSuffixes; returns the chunk now held.
 */
FK_ROLL_INLINE size_t
FkRollChunk(const FkRollState *s, size_t base, size_t j, int welford)
{
	const uint64_t *vs;
	size_t		off;
	const double *xs = FkRollSegment(s, base, &vs, &off);
	size_t		c = j / FK_ROLL_CHUNK;
	size_t		top = (c + 1) * FK_ROLL_CHUNK < s->w ? (c + 1) * FK_ROLL_CHUNK : s->w;
	FkRollPiece p = s->cp[c];

	FkRollBackwardAny(s, &p, xs, vs, off, j, top, welford, 1);
	return c;
}

/* The passes out of line, one copy for sums and one for stddev */
static __attribute__((noinline)) void
FkRollSuffixesSum(const FkRollState *s, size_t base)
{
	FkRollSuffixes(s, base, 0);
}

static __attribute__((noinline)) void
FkRollSuffixesWelford(const FkRollState *s, size_t base)
{
	FkRollSuffixes(s, base, 1);
}

static __attribute__((noinline)) size_t
FkRollChunkSum(const FkRollState *s, size_t base, size_t j)
{
	return FkRollChunk(s, base, j, 0);
}

static __attribute__((noinline)) size_t
FkRollChunkWelford(const FkRollState *s, size_t base, size_t j)
{
	return FkRollChunk(s, base, j, 1);
}

/*
 * One element of sum, mean or stddev; returns whether *out is present.  s
 * is the running copy of the state, mem the caller's (for the passes that
 * read the history); ring: the state keeps the history (a constant).
 */
FK_ROLL_INLINE int
FkRollMomentsElem(FkRollState *s, const FkRollState *mem, FkRollOp op,
				  int ring, double x, int v, double *out)
{
	int			welford = op == FK_ROLL_STDDEV || op == FK_ROLL_VAR;
	int			present = 0;
	double		r = 0.0;

	if (ring)
	{
		s->ring[s->seg] = x;
		FkRollPutBit(s->ring_valid, s->seg, v);
	}
	if (v || s->at_nulls)
	{
		size_t		j = s->seg + 1;
		double		a = welford ? 0.0 : -0.0;
		double		b = 0.0;
		uint64_t	acnt = 0;
		size_t		n;
		int			overflow = 0;

		if (v)
			FkRollPieceAdd(&s->prefix, x, welford);
		/* the suffix: none in the first segment, nor for the last slot */
		if (s->pos >= s->w && j < s->w)
		{
			size_t		k = j % FK_ROLL_CHUNK;

			if (j / FK_ROLL_CHUNK != s->chunk)
				s->chunk = welford ?
					FkRollChunkWelford(mem, s->pos - s->seg - s->w, j) :
					FkRollChunkSum(mem, s->pos - s->seg - s->w, j);
			a = s->suf_a[k];
			b = s->suf_b[k];
			acnt = s->suf_cnt[k];
		}
		n = FK_ROLL_CNT(acnt) + FK_ROLL_CNT(s->prefix.cnt);
		if (n >= s->min_count && n >= 1 && (!welford || n >= 2))
		{
			present = 1;
			if (op == FK_ROLL_STDDEV)
				r = FkRollStddev(a, b, acnt, &s->prefix, &overflow);
			else if (op == FK_ROLL_VAR)
				r = FkRollVar(a, b, acnt, &s->prefix, &overflow);
			else
			{
				r = FkRollSum(a, b, acnt, &s->prefix, &overflow);
				/* + 0.0: core's avg sums from +0, so a zero mean is +0 */
				if (op == FK_ROLL_MEAN)
					r = (r + 0.0) / (double) n;
			}
			if (overflow && s->fault == SIZE_MAX)
				s->fault = s->pos;
		}
	}
	*out = r;
	if (++s->seg == s->w)
	{
		/* no suffix is read after the last element */
		if (s->pos + 1 < s->len)
		{
			if (welford)
				FkRollSuffixesWelford(mem, s->pos + 1 - s->w);
			else
				FkRollSuffixesSum(mem, s->pos + 1 - s->w);
			s->chunk = 0;
		}
		s->prefix = fk_roll_empty;
		s->seg = 0;
	}
	s->pos++;
	return present;
}

/*
 * Move the count of present elements in the window past one element (v):
 * the element leaving it, w back, comes from the history (ring as for
 * FkRollMomentsElem)
 */
FK_ROLL_INLINE void
FkRollCountStep(FkRollState *s, int ring, int v)
{
	if (s->pos >= s->w)
	{
		if (ring)
			s->count -= (size_t) FkBitmapGet(s->ring_valid, s->seg);
		else
			s->count -= s->hist_valid == NULL ||
				FkBitmapGet(s->hist_valid, s->pos - s->w);
	}
	if (ring)
		FkRollPutBit(s->ring_valid, s->seg, v);
	s->count += (size_t) v;
	if (++s->seg == s->w)
		s->seg = 0;
}

/* The value of deque slot k (ring as for FkRollMomentsElem) */
FK_ROLL_INLINE double
FkRollDequeValue(const FkRollState *s, int ring, size_t k)
{
	return ring ? s->dval[k] : s->hist_x[s->didx[k]];
}

/* Does x take over from cur in op's order (a tie goes to x, the latest)? */
FK_ROLL_INLINE bool
FkRollTakes(FkRollOp op, double cur, double x)
{
	return op == FK_ROLL_MAX ? !FkFloat8Gt(cur, x) : !FkFloat8Lt(cur, x);
}

/* Drop from the deque's head the elements that left the window */
FK_ROLL_INLINE void
FkRollDequeDrop(FkRollState *s)
{
	while (s->dsize > 0 && s->didx[s->dhead] + s->w <= s->pos)
	{
		if (++s->dhead == s->dcap)
			s->dhead = 0;
		s->dsize--;
	}
}

/* One element of min or max; returns whether *out is present */
FK_ROLL_INLINE int
FkRollExtremeElem(FkRollState *s, FkRollOp op, int ring, double x, int v,
				  double *out)
{
	int			present = 0;
	double		r = 0.0;

	FkRollCountStep(s, ring, v);
	if (v && s->dcap == 0)
	{
		/* w >= len: nothing leaves the window, the extreme so far */
		if (!s->have_ext || FkRollTakes(op, s->ext, x))
			s->ext = x;
		s->have_ext = true;
		if (s->count >= s->min_count)
		{
			present = 1;
			r = s->ext;
		}
	}
	else if (!v && s->at_nulls)
	{
		/* at a NULL: what is left of the window, if anything */
		if (s->dcap == 0)
			present = s->have_ext && s->count >= s->min_count;
		else
		{
			FkRollDequeDrop(s);
			present = s->dsize > 0 && s->count >= s->min_count;
		}
		if (present)
			r = s->dcap == 0 ? s->ext : FkRollDequeValue(s, ring, s->dhead);
	}
	else if (v)
	{
		size_t		back;

		/* drop what left the window, then what x outranks or equals */
		FkRollDequeDrop(s);
		while (s->dsize > 0)
		{
			back = s->dhead + s->dsize - 1;
			if (back >= s->dcap)
				back -= s->dcap;
			if (!FkRollTakes(op, FkRollDequeValue(s, ring, back), x))
				break;
			s->dsize--;
		}
		back = s->dhead + s->dsize;
		if (back >= s->dcap)
			back -= s->dcap;
		s->didx[back] = s->pos;
		if (ring)
			s->dval[back] = x;
		s->dsize++;
		if (s->count >= s->min_count)
		{
			present = 1;
			r = FkRollDequeValue(s, ring, s->dhead);
		}
	}
	*out = r;
	s->pos++;
	return present;
}

/*
 * One element of median or quantile; returns whether *out is present.  The
 * element leaving the window, w back, comes from the history (ring as for
 * FkRollMomentsElem) and leaves the tree before x enters it (in x's node).
 */
FK_ROLL_INLINE int
FkRollQuantileElem(FkRollState *s, int ring, double x, int v, double *out)
{
	int			present = 0;
	double		r = 0.0;

	if (s->pos >= s->w)
	{
		size_t		g = s->pos - s->w;

		if (ring ? FkBitmapGet(s->ring_valid, s->seg) :
			(s->hist_valid == NULL || FkBitmapGet(s->hist_valid, g)))
			FkQuantDelete(&s->tree, ring ? s->ring[s->seg] : s->hist_x[g], g);
	}
	if (ring)
	{
		s->ring[s->seg] = x;
		FkRollPutBit(s->ring_valid, s->seg, v);
	}
	if (++s->seg == s->w)
		s->seg = 0;
	if (v)
		FkQuantInsert(&s->tree, x, s->pos);
	if ((v || s->at_nulls) && FkQuantCount(&s->tree) >= s->min_count &&
		FkQuantCount(&s->tree) > 0)
	{
		present = 1;
		r = FkQuantValue(&s->tree, s->q);
	}
	*out = r;
	s->pos++;
	return present;
}

/* One element of count; returns whether *out is present */
FK_ROLL_INLINE int
FkRollCountElem(FkRollState *s, int ring, int v, double *out)
{
	int			present;

	FkRollCountStep(s, ring, v);
	present = (v || s->at_nulls) && s->count >= s->min_count;
	*out = present ? (double) s->count : 0.0;
	s->pos++;
	return present;
}

/* One element of op (s, mem, ring as for FkRollMomentsElem) */
FK_ROLL_INLINE int
FkRollElem(FkRollState *s, const FkRollState *mem, FkRollOp op, int ring,
		   double x, int v, double *out)
{
	switch (op)
	{
		case FK_ROLL_SUM:
		case FK_ROLL_MEAN:
		case FK_ROLL_STDDEV:
		case FK_ROLL_VAR:
			return FkRollMomentsElem(s, mem, op, ring, x, v, out);
		case FK_ROLL_MIN:
		case FK_ROLL_MAX:
			return FkRollExtremeElem(s, op, ring, x, v, out);
		case FK_ROLL_MEDIAN:
		case FK_ROLL_QUANTILE:
			return FkRollQuantileElem(s, ring, x, v, out);
		case FK_ROLL_COUNT:
			break;
	}
	return FkRollCountElem(s, ring, v, out);
}

/* FkRollStep for one op and one kind of history (constants once inlined) */
FK_ROLL_INLINE void
FkRollRun(FkRollState *st, FkRollOp op, int ring, const double *x,
		  const uint64_t *valid, double *out, uint64_t *out_valid,
		  size_t off, size_t n)
{
	FkRollState s = *st;
	size_t		k = 0;

	while (k < n)
	{
		size_t		bit = off + k;
		size_t		word = bit / FK_WORD_BITS;
		size_t		b0 = bit % FK_WORD_BITS;
		size_t		m = FK_WORD_BITS - b0 < n - k ? FK_WORD_BITS - b0 : n - k;
		uint64_t	mask = m == FK_WORD_BITS ? FK_ALL_VALID : (UINT64_C(1) << m) - 1;
		uint64_t	in = valid ? (valid[word] >> b0) & mask : mask;
		uint64_t	ob = 0;
		size_t		j;

		if (in == mask)
		{
			for (j = 0; j < m; j++)
				ob |= (uint64_t) FkRollElem(&s, st, op, ring, x[k + j], 1, &out[k + j]) << j;
		}
		else if (in == 0 && !s.at_nulls)
		{
			for (j = 0; j < m; j++)
				(void) FkRollElem(&s, st, op, ring, 0.0, 0, &out[k + j]);
		}
		else
		{
			for (j = 0; j < m; j++)
				ob |= (uint64_t) FkRollElem(&s, st, op, ring, x[k + j], (int) ((in >> j) & 1),
											&out[k + j]) << j;
		}
		out_valid[word] = (out_valid[word] & ~(mask << b0)) | (ob << b0);
		k += m;
	}
	*st = s;
}

/*
 * The next piece of size bytes (8-byte aligned) at *off in base, and *off
 * moved past it; NULL when only counting (base NULL)
 */
static void *
FkRollCarve(char *base, size_t *off, size_t size)
{
	void	   *piece = base ? base + *off : NULL;

	*off += FK_ROLL_ALIGN(size);
	return piece;
}

/*
 * Lay out the working memory of op with window w over len elements, the
 * history in a ring unless in_place, from work (NULL: only count); the
 * pointers go into st when it is given.  Returns the bytes used.
 */
static size_t
FkRollLayout(FkRollState *st, FkRollOp op, size_t w, size_t len,
			 bool in_place, void *work)
{
	char	   *base = (char *) work;
	size_t		off = 0;
	size_t		nchunks,
				nsuf;
	FkRollState dummy;

	if (st == NULL)
		st = &dummy;
	/* median, quantile: the tree's nodes, whatever w */
	if (op == FK_ROLL_MEDIAN || op == FK_ROLL_QUANTILE)
		FkQuantInit(&st->tree, w < len ? w : len,
					FkRollCarve(base, &off, FkQuantWorkSize(w, len)));
	/* w >= len: no element ever leaves a window */
	if (w >= len)
		return off;
	if (!in_place)
	{
		if (op == FK_ROLL_SUM || op == FK_ROLL_MEAN || op == FK_ROLL_STDDEV ||
			op == FK_ROLL_VAR || op == FK_ROLL_MEDIAN || op == FK_ROLL_QUANTILE)
			st->ring = FkRollCarve(base, &off, w * sizeof(double));
		st->ring_valid = FkRollCarve(base, &off,
									 FkBitmapWords(w) * sizeof(uint64_t));
	}
	switch (op)
	{
		case FK_ROLL_SUM:
		case FK_ROLL_MEAN:
		case FK_ROLL_STDDEV:
		case FK_ROLL_VAR:
			nchunks = (w + FK_ROLL_CHUNK - 1) / FK_ROLL_CHUNK;
			nsuf = w < FK_ROLL_CHUNK ? w : FK_ROLL_CHUNK;
			st->cp = FkRollCarve(base, &off, nchunks * sizeof(FkRollPiece));
			st->suf_a = FkRollCarve(base, &off, nsuf * sizeof(double));
			st->suf_b = FkRollCarve(base, &off, nsuf * sizeof(double));
			st->suf_cnt = FkRollCarve(base, &off, nsuf * sizeof(uint64_t));
			break;
		case FK_ROLL_MIN:
		case FK_ROLL_MAX:
			st->dcap = w;
			st->didx = FkRollCarve(base, &off, w * sizeof(size_t));
			if (!in_place)
				st->dval = FkRollCarve(base, &off, w * sizeof(double));
			break;
		case FK_ROLL_COUNT:
		case FK_ROLL_MEDIAN:
		case FK_ROLL_QUANTILE:
			break;
	}
	return off;
}

/* See series_rolling.h */
size_t
FkRollWorkSize(FkRollOp op, size_t w, size_t len)
{
	return FkRollLayout(NULL, op, w, len, false, NULL);
}

/* See series_rolling.h */
size_t
FkRollWorkSizeInPlace(FkRollOp op, size_t w, size_t len)
{
	return FkRollLayout(NULL, op, w, len, true, NULL);
}

/* Start st: nothing fed yet, no memory laid out */
static void
FkRollStart(FkRollState *st, FkRollOp op, size_t w, size_t min_count,
			size_t len)
{
	memset(st, 0, sizeof(*st));
	st->op = op;
	st->w = w;
	st->min_count = min_count;
	st->len = len;
	st->fault = SIZE_MAX;
	st->prefix = fk_roll_empty;
	st->chunk = SIZE_MAX;
	st->q = 0.5;
}

/* See series_rolling.h */
void
FkRollInit(FkRollState *st, FkRollOp op, size_t w, size_t min_count,
		   size_t len, void *work)
{
	FkRollStart(st, op, w, min_count, len);
	(void) FkRollLayout(st, op, w, len, false, work);
}

/* See series_rolling.h */
void
FkRollInitInPlace(FkRollState *st, FkRollOp op, size_t w, size_t min_count,
				  size_t len, void *work, const double *x,
				  const uint64_t *valid)
{
	FkRollStart(st, op, w, min_count, len);
	st->hist_x = x;
	st->hist_valid = valid;
	(void) FkRollLayout(st, op, w, len, true, work);
}

/* FkRollStep by the element steps alone */
static void
FkRollStepElems(FkRollState *st, const double *x, const uint64_t *valid,
				double *out, uint64_t *out_valid, size_t off, size_t n)
{
	/*
	 * One copy of the loop per op and kind of history, each with both
	 * constants.  Without a ring the history is the caller's vector, or
	 * not needed at all (w >= len: nothing leaves a window).
	 */
#define FK_ROLL_CASE(op) \
	case op: \
		if (st->ring_valid) \
			FkRollRun(st, op, 1, x, valid, out, out_valid, off, n); \
		else \
			FkRollRun(st, op, 0, x, valid, out, out_valid, off, n); \
		break

	switch (st->op)
	{
		FK_ROLL_CASE(FK_ROLL_SUM);
		FK_ROLL_CASE(FK_ROLL_MEAN);
		FK_ROLL_CASE(FK_ROLL_STDDEV);
		FK_ROLL_CASE(FK_ROLL_VAR);
		FK_ROLL_CASE(FK_ROLL_MEDIAN);
		FK_ROLL_CASE(FK_ROLL_QUANTILE);
		FK_ROLL_CASE(FK_ROLL_MIN);
		FK_ROLL_CASE(FK_ROLL_MAX);
		FK_ROLL_CASE(FK_ROLL_COUNT);
	}
#undef FK_ROLL_CASE
}

/* Are bits from .. from + n of valid all set (valid NULL: all present)? */
static bool
FkRollAllValid(const uint64_t *valid, size_t from, size_t n)
{
	size_t		i = from;

	if (valid == NULL)
		return true;
	while (i < from + n)
	{
		size_t		b0 = i % FK_WORD_BITS;
		size_t		m = FK_WORD_BITS - b0 < from + n - i ? FK_WORD_BITS - b0 : from + n - i;
		uint64_t	mask = m == FK_WORD_BITS ? FK_ALL_VALID : (UINT64_C(1) << m) - 1;

		if (((valid[i / FK_WORD_BITS] >> b0) & mask) != mask)
			return false;
		i += m;
	}
	return true;
}

/*
 * FkRollStep, and with st2 FkRollStepPair (st2 and its outputs NULL when
 * alone).  Short windows of sum, mean, stddev and var take whole segments
 * of present elements FK_ROLL_LANES at a time (series_rolling_short.h), a
 * pair both states in one group; the element steps the rest, one state
 * after the other: the first segment, the elements up to a segment's
 * start, those with a NULL, and a group that would take a slow path.
 */
FK_ROLL_INLINE void
FkRollStepAny(FkRollState *st, FkRollState *st2, const double *x,
			  const uint64_t *valid, double *out, uint64_t *out_valid,
			  double *out2, uint64_t *out_valid2, size_t off, size_t n)
{
	size_t		k = 0;
	size_t		w = st->w;
	const double *ring_seg = NULL;	/* the last segment a group did */

	/* out over x: a group's element steps would read what it wrote */
	if (!FkRollShortOk(st) || (out < x + n && x < out + n) ||
		(st2 && (!FkRollShortOk(st2) || (out2 < x + n && x < out2 + n))))
	{
		FkRollStepElems(st, x, valid, out, out_valid, off, n);
		if (st2)
			FkRollStepElems(st2, x, valid, out2, out_valid2, off, n);
		return;
	}
	while (k < n)
	{
		size_t		m = n - k;
		size_t		g = m / w < FK_ROLL_LANES ? m / w : FK_ROLL_LANES;

		if (st->seg != 0 || st->pos < w)
			m = w - st->seg < m ? w - st->seg : m;
		else if (g == 0)
			;
		else if (FkRollAllValid(valid, off + k, g * w) &&
				 (st2 ? FkRollShortPair(st, st2, x + k, out + k, out_valid,
										out2 + k, out_valid2, off + k, g) :
				  FkRollShortGroup(st, x + k, out + k, out_valid, off + k, g)))
		{
			ring_seg = x + k + (g - 1) * w;
			k += g * w;
			continue;
		}
		else
			m = g * w;
		/* the ring as the element steps would have left it, once */
		if (ring_seg)
		{
			FkRollShortRing(st, ring_seg);
			if (st2)
				FkRollShortRing(st2, ring_seg);
		}
		ring_seg = NULL;
		FkRollStepElems(st, x + k, valid, out + k, out_valid, off + k, m);
		if (st2)
			FkRollStepElems(st2, x + k, valid, out2 + k, out_valid2, off + k, m);
		k += m;
	}
	if (ring_seg)
	{
		FkRollShortRing(st, ring_seg);
		if (st2)
			FkRollShortRing(st2, ring_seg);
	}
}

/* See series_rolling.h */
void
FkRollStep(FkRollState *st, const double *x, const uint64_t *valid,
		   double *out, uint64_t *out_valid, size_t off, size_t n)
{
	FkRollStepAny(st, NULL, x, valid, out, out_valid, NULL, NULL, off, n);
}

/* See series_rolling.h */
bool
FkRollPairOk(const FkRollState *st, const FkRollState *st2)
{
	return (st->op == FK_ROLL_SUM || st->op == FK_ROLL_MEAN) &&
		(st2->op == FK_ROLL_STDDEV || st2->op == FK_ROLL_VAR) &&
		st->w == st2->w && st->min_count == st2->min_count &&
		st->len == st2->len && st->pos == st2->pos &&
		(st->ring == NULL) == (st2->ring == NULL);
}

/* See series_rolling.h */
void
FkRollStepPair(FkRollState *st, FkRollState *st2, const double *x,
			   const uint64_t *valid, double *out, uint64_t *out_valid,
			   double *out2, uint64_t *out_valid2, size_t off, size_t n)
{
	FkRollStepAny(st, st2, x, valid, out, out_valid, out2, out_valid2, off, n);
}
