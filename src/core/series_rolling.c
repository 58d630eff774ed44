/*
 * series_rolling.c
 *		Rolling sum, mean, stddev, min, max and count (series_rolling.h).
 *
 * FkRollStep walks its block a validity word at a time: an all-present word
 * runs the element step with the validity a constant (no bit tests), an
 * all-NULL word only moves the window, a mixed word tests each bit.  The
 * element steps work on a local copy of the state, which the stores of
 * results cannot alias.
 */
#include <math.h>
#include <string.h>

#include "bitmap.h"
#include "float8_order.h"
#include "series_rolling.h"

#define FK_ROLL_INLINE static inline __attribute__((always_inline))

/* Round up to a multiple of 8 bytes */
#define FK_ROLL_ALIGN(x) (((x) + 7) & ~(size_t) 7)

/* A piece holding no element */
static const FkRollPiece fk_roll_empty = {-0.0, 0.0, 0.0, 0.0, 0};

/*
 * Add present element x to p: a TwoSum into hi with its error into lo; for
 * stddev (welford), the squared deviations updated as Welford does, with
 * the mean taken from the compensated sum, so that no division lies on the
 * chain from one element to the next.  No branch on x: a NaN or an
 * infinity is counted, and spoils only what its windows never read.
 */
FK_ROLL_INLINE void
FkRollPieceAdd(FkRollPiece *p, double x, int welford)
{
	double		t = p->hi + x;
	double		z = t - p->hi;

	p->lo += (p->hi - (t - z)) + (x - z);
	p->hi = t;
	p->cnt += 1 + ((uint64_t) !isfinite(x) << 32);
	if (welford)
	{
		double		mean = (p->hi + p->lo) / (double) (uint32_t) p->cnt;

		p->m2 += (x - p->mean) * (x - mean);
		p->mean = mean;
	}
}

/*
 * The sum of the present elements of a (hi ah, lo al) and b, as core's sum
 * over them: with a NaN or an infinity, the naive sum of the two his (NaN
 * with a NaN or both infinities, else the infinity).  *overflow is set when
 * finite values alone give a non-finite sum.
 */
FK_ROLL_INLINE double
FkRollSum(double ah, double al, const FkRollPiece *b, uint64_t cnt,
		  int *overflow)
{
	double		s,
				z,
				c,
				r;

	if (cnt >= FK_ROLL_BAD)
		return ah + b->hi;
	s = ah + b->hi;
	z = s - ah;
	c = ((ah - (s - z)) + (b->hi - z)) + (al + b->lo);
	/* an exact sum keeps s, and with it the sign of a zero */
	r = c == 0 ? s : s + c;
	if (!isfinite(r))
		*overflow = 1;
	return r;
}

/*
 * The sample standard deviation of the present elements of a (mean am,
 * squared deviations am2, acnt) and b, at least two: NaN when one is not
 * finite, as core's stddev_samp.  Chan's combination,
 * m2 = m2a + m2b + d^2 na nb / n, divided by n - 1 in one division.
 */
FK_ROLL_INLINE double
FkRollStddev(double am, double am2, uint64_t acnt, const FkRollPiece *b,
			 int *overflow)
{
	double		na = (double) (uint32_t) acnt,
				nb = (double) (uint32_t) b->cnt,
				n = na + nb,
				d = b->mean - am,
				r;

	if (acnt + b->cnt >= FK_ROLL_BAD)
		return NAN;
	if (acnt == 0)
		r = sqrt(b->m2 / (nb - 1));
	else
		r = sqrt(((am2 + b->m2) * n + d * d * (na * nb)) / (n * (n - 1)));
	if (!isfinite(r))
		*overflow = 1;
	return r;
}

/*
 * At the end of a segment of w values: the pieces of elements j..w-1, for
 * j = w-1 down to 1 (elements 0.. would be the whole segment, never part of
 * a window that also reaches into the next one).
 */
static void
FkRollSuffixes(const double *ring, const uint8_t *ring_valid, double *suf_a,
			   double *suf_b, uint64_t *suf_cnt, size_t w, int welford)
{
	FkRollPiece p = fk_roll_empty;
	size_t		j;

	for (j = w - 1; j >= 1; j--)
	{
		if (ring_valid[j])
			FkRollPieceAdd(&p, ring[j], welford);
		suf_a[j] = welford ? p.mean : p.hi;
		suf_b[j] = welford ? p.m2 : p.lo;
		suf_cnt[j] = p.cnt;
	}
}

/* One element of sum, mean or stddev; returns whether *out is present */
FK_ROLL_INLINE int
FkRollMomentsElem(FkRollState *s, FkRollOp op, double x, int v, double *out)
{
	int			welford = op == FK_ROLL_STDDEV;
	int			present = 0;
	double		r = 0.0;

	s->ring[s->seg] = x;
	s->ring_valid[s->seg] = (uint8_t) v;
	if (v)
	{
		size_t		j = s->seg + 1;
		uint64_t	acnt = s->suf_cnt[j];
		size_t		n;
		int			overflow = 0;

		FkRollPieceAdd(&s->prefix, x, welford);
		n = (size_t) (uint32_t) (acnt + s->prefix.cnt);
		if (n >= s->min_count && (op != FK_ROLL_STDDEV || n >= 2))
		{
			present = 1;
			if (op == FK_ROLL_STDDEV)
				r = FkRollStddev(s->suf_a[j], s->suf_b[j], acnt, &s->prefix,
								 &overflow);
			else
			{
				r = FkRollSum(s->suf_a[j], s->suf_b[j], &s->prefix,
							  acnt + s->prefix.cnt, &overflow);
				if (op == FK_ROLL_MEAN)
					r /= (double) n;
			}
			if (overflow && s->fault == SIZE_MAX)
				s->fault = s->pos;
		}
	}
	*out = r;
	if (++s->seg == s->w)
	{
		FkRollSuffixes(s->ring, s->ring_valid, s->suf_a, s->suf_b, s->suf_cnt,
					   s->w, welford);
		s->prefix = fk_roll_empty;
		s->seg = 0;
	}
	s->pos++;
	return present;
}

/* Move the count of present elements in the window past one element */
FK_ROLL_INLINE void
FkRollCountStep(FkRollState *s, int v)
{
	if (s->pos >= s->w)
		s->count -= s->cring[s->cpos];
	s->cring[s->cpos] = (uint8_t) v;
	s->count += (size_t) v;
	if (++s->cpos == s->cap)
		s->cpos = 0;
}

/* One element of min or max; returns whether *out is present */
FK_ROLL_INLINE int
FkRollExtremeElem(FkRollState *s, FkRollOp op, double x, int v, double *out)
{
	int			present = 0;
	double		r = 0.0;

	FkRollCountStep(s, v);
	if (v)
	{
		size_t		back;

		/* drop what left the window, then what x outranks or equals */
		while (s->dsize > 0 && s->didx[s->dhead] + s->w <= s->pos)
		{
			if (++s->dhead == s->cap)
				s->dhead = 0;
			s->dsize--;
		}
		while (s->dsize > 0)
		{
			back = s->dhead + s->dsize - 1;
			if (back >= s->cap)
				back -= s->cap;
			if (op == FK_ROLL_MAX ? FkFloat8Gt(s->dval[back], x) :
				FkFloat8Lt(s->dval[back], x))
				break;
			s->dsize--;
		}
		back = s->dhead + s->dsize;
		if (back >= s->cap)
			back -= s->cap;
		s->didx[back] = s->pos;
		s->dval[back] = x;
		s->dsize++;
		if (s->count >= s->min_count)
		{
			present = 1;
			r = s->dval[s->dhead];
		}
	}
	*out = r;
	s->pos++;
	return present;
}

/* One element of count; returns whether *out is present */
FK_ROLL_INLINE int
FkRollCountElem(FkRollState *s, int v, double *out)
{
	int			present;

	FkRollCountStep(s, v);
	present = v && s->count >= s->min_count;
	*out = present ? (double) s->count : 0.0;
	s->pos++;
	return present;
}

/* One element of op */
FK_ROLL_INLINE int
FkRollElem(FkRollState *s, FkRollOp op, double x, int v, double *out)
{
	switch (op)
	{
		case FK_ROLL_SUM:
		case FK_ROLL_MEAN:
		case FK_ROLL_STDDEV:
			return FkRollMomentsElem(s, op, x, v, out);
		case FK_ROLL_MIN:
		case FK_ROLL_MAX:
			return FkRollExtremeElem(s, op, x, v, out);
		case FK_ROLL_COUNT:
			break;
	}
	return FkRollCountElem(s, v, out);
}

/* FkRollStep for one op (a constant once inlined) */
FK_ROLL_INLINE void
FkRollRun(FkRollState *st, FkRollOp op, const double *x,
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
				ob |= (uint64_t) FkRollElem(&s, op, x[k + j], 1, &out[k + j]) << j;
		}
		else if (in == 0)
		{
			for (j = 0; j < m; j++)
				(void) FkRollElem(&s, op, 0.0, 0, &out[k + j]);
		}
		else
		{
			for (j = 0; j < m; j++)
				ob |= (uint64_t) FkRollElem(&s, op, x[k + j], (int) ((in >> j) & 1),
											&out[k + j]) << j;
		}
		out_valid[word] = (out_valid[word] & ~(mask << b0)) | (ob << b0);
		k += m;
	}
	*st = s;
}

/* See series_rolling.h */
size_t
FkRollWorkSize(FkRollOp op, size_t w, size_t len)
{
	size_t		cap = w < len ? w : len;

	switch (op)
	{
		case FK_ROLL_SUM:
		case FK_ROLL_MEAN:
		case FK_ROLL_STDDEV:
			return cap * sizeof(double) + FK_ROLL_ALIGN(cap) +
				(cap + 1) * (2 * sizeof(double) + sizeof(uint64_t));
		case FK_ROLL_MIN:
		case FK_ROLL_MAX:
			return FK_ROLL_ALIGN(cap) + cap * (sizeof(size_t) + sizeof(double));
		case FK_ROLL_COUNT:
			break;
	}
	return FK_ROLL_ALIGN(cap);
}

/* See series_rolling.h */
void
FkRollInit(FkRollState *st, FkRollOp op, size_t w, size_t min_count,
		   size_t len, void *work)
{
	char	   *p = (char *) work;
	size_t		j;

	memset(st, 0, sizeof(*st));
	st->op = op;
	st->w = w;
	st->min_count = min_count;
	st->cap = w < len ? w : len;
	st->fault = SIZE_MAX;
	st->prefix = fk_roll_empty;
	switch (op)
	{
		case FK_ROLL_SUM:
		case FK_ROLL_MEAN:
		case FK_ROLL_STDDEV:
			st->ring = (double *) p;
			p += st->cap * sizeof(double);
			st->suf_a = (double *) p;
			p += (st->cap + 1) * sizeof(double);
			st->suf_b = (double *) p;
			p += (st->cap + 1) * sizeof(double);
			st->suf_cnt = (uint64_t *) p;
			p += (st->cap + 1) * sizeof(uint64_t);
			st->ring_valid = (uint8_t *) p;
			/* no previous segment yet: every piece empty */
			for (j = 0; j <= st->cap; j++)
			{
				st->suf_a[j] = op == FK_ROLL_STDDEV ? 0.0 : -0.0;
				st->suf_b[j] = 0.0;
				st->suf_cnt[j] = 0;
			}
			break;
		case FK_ROLL_MIN:
		case FK_ROLL_MAX:
			st->didx = (size_t *) p;
			p += st->cap * sizeof(size_t);
			st->dval = (double *) p;
			p += st->cap * sizeof(double);
			st->cring = (uint8_t *) p;
			break;
		case FK_ROLL_COUNT:
			st->cring = (uint8_t *) p;
			break;
	}
}

/* See series_rolling.h */
void
FkRollStep(FkRollState *st, const double *x, const uint64_t *valid,
		   double *out, uint64_t *out_valid, size_t off, size_t n)
{
	/* one copy of the loop per op, each with its op a constant */
#define FK_ROLL_CASE(op) \
	case op: \
		FkRollRun(st, op, x, valid, out, out_valid, off, n); \
		break

	switch (st->op)
	{
		FK_ROLL_CASE(FK_ROLL_SUM);
		FK_ROLL_CASE(FK_ROLL_MEAN);
		FK_ROLL_CASE(FK_ROLL_STDDEV);
		FK_ROLL_CASE(FK_ROLL_MIN);
		FK_ROLL_CASE(FK_ROLL_MAX);
		FK_ROLL_CASE(FK_ROLL_COUNT);
	}
#undef FK_ROLL_CASE
}
