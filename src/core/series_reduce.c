/*
 * series_reduce.c
 *		The reductions of one series (series_reduce.h): variance by chunks,
 *		minimum and maximum in core's float8 order, product, count; sums come
 *		from series_sum.c.
 */
#include <math.h>
#include <string.h>

#include "bitmap.h"
#include "cdefs.h"
#include "float8_nan.h"
#include "float8_order.h"
#include "series_reduce.h"

/* Valid elements among the first n (valid == NULL: all) */
static uint64_t
FkCountValid(const uint64_t *valid, size_t n)
{
	return valid ? (uint64_t) FkBitmapCount(valid, n) : (uint64_t) n;
}

/* Sum of the eight lanes in a fixed tree */
static inline double
FkLanes8(const double *l)
{
	return ((l[0] + l[1]) + (l[2] + l[3])) + ((l[4] + l[5]) + (l[6] + l[7]));
}

/* ---------------------------------------------------------------- variance */

/* Start an empty variance */
void
FkVarInit(FkVar *v)
{
	v->n = 0.0;
	v->mean = 0.0;
	v->m2 = 0.0;
	v->moments = false;
	v->m3 = 0.0;
	v->m4 = 0.0;
	v->first = 0.0;
	v->varied = false;
	v->nonfinite = false;
	v->overflow = false;
	v->index = 0;
	v->fill = 0;
}

/* Does x[0..m) hold a NaN or an infinity? */
static bool
FkAnyNonFinite(const double *x, size_t m)
{
	for (size_t i = 0; i < m; i++)
		if (!isfinite(x[i]))
			return true;
	return false;
}

/*
 * The sums of the cubed and fourth-power deviations of a chunk's m values
 * from its mean: about mean0 in lanes (fixed tree), moved to the mean
 * mean0 + e (sd = m e, q the sum of squares about mean0); notes whether a
 * value differs from the series' first
 */
static void
FkVarChunkHigher(FkVar *v, const double *x, size_t m, double mean0,
				 double sd, double q, double *m3, double *m4)
{
	double		c[FK_SUM_LANES] = {0};
	double		f[FK_SUM_LANES] = {0};
	double		e = sd / (double) m;
	double		s3,
				s4;

	if (v->n == 0.0)
		v->first = x[0];
	for (size_t i = 0; i < m; i++)
	{
		double		dv = x[i] - mean0;
		double		d2 = dv * dv;

		c[i % FK_SUM_LANES] += d2 * dv;
		f[i % FK_SUM_LANES] += d2 * d2;
		v->varied |= x[i] != v->first;
	}
	s3 = FkLanes8(c);
	s4 = FkLanes8(f);
	*m3 = s3 - 3.0 * e * q + 2.0 * e * e * sd;
	*m4 = s4 - 4.0 * e * s3 + 6.0 * e * e * q - 3.0 * e * e * e * sd;
}

/*
 * Merge the sums of a part b (nb values, mean that of a + delta, m2b, m3b,
 * m4b) into the third and fourth sums *m3a, *m4a of a part a of na values
 * whose m2a is still its own (Pebay 2008); shared with skew and kurtosis
 * across rows (series_agg_moments.c)
 */
void
FkMomentsMerge(double na, double m2a, double *m3a, double *m4a, double nb,
			   double delta, double m2b, double m3b, double m4b)
{
	double		n = na + nb;
	double		d2 = delta * delta;

	*m4a += m4b + d2 * d2 * na * nb * (na * na - na * nb + nb * nb) / (n * n * n) +
		6.0 * d2 * (na * na * m2b + nb * nb * m2a) / (n * n) +
		4.0 * delta * (na * m3b - nb * *m3a) / n;
	*m3a += m3b + d2 * delta * na * nb * (na - nb) / (n * n) +
		3.0 * delta * (na * m2b - nb * m2a) / n;
}

/*
 * Merge a chunk's (nb, mean + delta, m2b, m3b, m4b) into the running third
 * and fourth sums, before m2 takes the chunk's
 */
static void
FkVarMergeHigher(FkVar *v, double nb, double delta, double m2b, double m3b,
				 double m4b)
{
	FkMomentsMerge(v->n, v->m2, &v->m3, &v->m4, nb, delta, m2b, m3b, m4b);
}

/*
 * Merge the m valid values x[0..m) of one chunk: corrected two-pass mean
 * and M2 of the chunk (lane sums by position, fixed tree), then Chan's
 * update of the running (n, mean, M2).
 */
static void
FkVarChunk(FkVar *v, const double *x, size_t m)
{
	double		s[FK_SUM_LANES] = {0};
	double		d[FK_SUM_LANES] = {0};
	double		q[FK_SUM_LANES] = {0};
	double		dm = (double) m;
	size_t		body = m - m % FK_SUM_LANES;
	double		mean0,
				sd,
				mean,
				m2,
				m3 = 0.0,
				m4 = 0.0,
				n;
	size_t		i;

	if (m == 0)
		return;
	if (v->nonfinite || v->overflow)
	{
		/* the result is decided, unless a non-finite value overrides it */
		v->nonfinite = v->nonfinite || FkAnyNonFinite(x, m);
		v->n += dm;
		return;
	}
	for (i = 0; i < body; i += FK_SUM_LANES)
		for (unsigned j = 0; j < FK_SUM_LANES; j++)
			s[j] += x[i + j];
	for (; i < m; i++)
		s[i % FK_SUM_LANES] += x[i];
	mean0 = FkLanes8(s) / dm;
	for (i = 0; i < body; i += FK_SUM_LANES)
		for (unsigned j = 0; j < FK_SUM_LANES; j++)
		{
			double		dv = x[i + j] - mean0;

			d[j] += dv;
			q[j] += dv * dv;
		}
	for (; i < m; i++)
	{
		double		dv = x[i] - mean0;

		d[i % FK_SUM_LANES] += dv;
		q[i % FK_SUM_LANES] += dv * dv;
	}
	sd = FkLanes8(d);
	mean = mean0 + sd / dm;
	m2 = FkLanes8(q) - sd * sd / dm;
	if (v->moments)
		FkVarChunkHigher(v, x, m, mean0, sd, FkLanes8(q), &m3, &m4);
	if (m2 < 0.0)
		m2 = 0.0;
	if (!isfinite(mean) || !isfinite(m2) || !isfinite(m3) || !isfinite(m4))
	{
		if (FkAnyNonFinite(x, m))
			v->nonfinite = true;
		else
			v->overflow = true;
		v->n += dm;
		return;
	}
	if (v->n == 0.0)
	{
		v->mean = mean;
		v->m2 = m2;
		v->m3 = m3;
		v->m4 = m4;
		v->n = dm;
		return;
	}
	n = v->n + dm;
	{
		double		delta = mean - v->mean;

		if (v->moments)
			FkVarMergeHigher(v, dm, delta, m2, m3, m4);

		v->mean += delta * (dm / n);
		v->m2 += m2 + delta * delta * (v->n * dm / n);
	}
	v->n = n;
	if (!isfinite(v->mean) || !isfinite(v->m2) || !isfinite(v->m3) ||
		!isfinite(v->m4))
		v->overflow = true;
}

/*
 * Copy the valid values among x[from..from+len) to dst, in order; returns
 * how many.  dst has room for len values (an absent one may be written
 * past the last valid one and is then overwritten or ignored).
 */
static size_t
FkCompact(double *dst, const double *x, const uint64_t *valid, size_t from,
		  size_t len)
{
	size_t		k = 0;
	size_t		i = from;
	size_t		end = from + len;

	if (valid == NULL)
	{
		memcpy(dst, x + from, len * sizeof(double));
		return len;
	}
	while (i < end)
	{
		if (i % FK_WORD_BITS == 0 && end - i >= FK_WORD_BITS)
		{
			uint64_t	w = valid[i / FK_WORD_BITS];

			if (w == FK_ALL_VALID)
			{
				memcpy(dst + k, x + i, FK_WORD_BITS * sizeof(double));
				k += FK_WORD_BITS;
			}
			else if (w != 0)
			{
				for (unsigned b = 0; b < FK_WORD_BITS; b++)
				{
					dst[k] = x[i + b];
					k += (w >> b) & 1;
				}
			}
			i += FK_WORD_BITS;
		}
		else
		{
			dst[k] = x[i];
			k += FkBitmapGet(valid, i);
			i++;
		}
	}
	return k;
}

/* Are elements [from, from + len) all valid (checked by whole words)? */
static bool
FkRangeAllValid(const uint64_t *valid, size_t from, size_t len)
{
	if (valid == NULL)
		return true;
	if (from % FK_WORD_BITS != 0 || len % FK_WORD_BITS != 0)
		return false;
	for (size_t w = from / FK_WORD_BITS; w < (from + len) / FK_WORD_BITS; w++)
		if (valid[w] != FK_ALL_VALID)
			return false;
	return true;
}

/*
 * Add the next n elements: a whole valid chunk arriving in one piece is
 * merged in place, anything else goes through the chunk buffer.
 */
void
FkVarAdd(FkVar *v, const double *x, const uint64_t *valid, size_t n)
{
	size_t		i = 0;

	while (i < n)
	{
		size_t		pos = (size_t) (v->index % FK_VAR_CHUNK);
		size_t		take = FK_VAR_CHUNK - pos < n - i ? FK_VAR_CHUNK - pos : n - i;

		if (take == FK_VAR_CHUNK && FkRangeAllValid(valid, i, take))
			FkVarChunk(v, x + i, take);
		else
		{
			v->fill += FkCompact(v->buf + v->fill, x, valid, i, take);
			if (pos + take == FK_VAR_CHUNK)
			{
				FkVarChunk(v, v->buf, v->fill);
				v->fill = 0;
			}
		}
		v->index += take;
		i += take;
	}
}

/* Sample (n - 1) or population variance; merges the last, partial chunk */
FkReduceStatus
FkVarFinish(FkVar *v, bool sample, double *result)
{
	FkVarChunk(v, v->buf, v->fill);
	v->fill = 0;
	if (v->n < (sample ? 2.0 : 1.0))
		return FK_REDUCE_NULL;
	if (v->nonfinite)
		*result = FkNan();
	else if (v->overflow)
		return FK_REDUCE_OVERFLOW;
	else
		*result = v->m2 / (sample ? v->n - 1.0 : v->n);
	return FK_REDUCE_VALUE;
}

/*
 * pandas' bias-corrected skewness (n >= 3) or excess kurtosis (n >= 4) of
 * the valid values, in the order of operations of nanops.nanskew and
 * nankurt; 0 when they are all equal or their squared deviations sum to 0
 * (pandas: below 1e-14), NaN when one is not finite
 */
FkReduceStatus
FkMomentsFinish(FkVar *v, bool kurtosis, double *result)
{
	double		n;

	FkVarChunk(v, v->buf, v->fill);
	v->fill = 0;
	n = v->n;
	if (n < (kurtosis ? 4.0 : 3.0))
		return FK_REDUCE_NULL;
	if (v->nonfinite)
		*result = FkNan();
	else if (v->overflow)
		return FK_REDUCE_OVERFLOW;
	else if (!v->varied || v->m2 == 0.0)
		*result = 0.0;
	else
		*result = FkMomentsValue(n, v->m2, v->m3, v->m4, kurtosis);
	return FK_REDUCE_VALUE;
}

/*
 * pandas' skewness (n >= 3) or excess kurtosis (n >= 4) of n values whose
 * deviations from their mean have the sums m2 (> 0), m3 and m4, in the
 * order of operations of nanops.nanskew and nankurt
 */
double
FkMomentsValue(double n, double m2, double m3, double m4, bool kurtosis)
{
	if (kurtosis)
		return n * (n + 1.0) * (n - 1.0) * m4 /
			((n - 2.0) * (n - 3.0) * (m2 * m2)) -
			3.0 * ((n - 1.0) * (n - 1.0)) / ((n - 2.0) * (n - 3.0));
	return n * sqrt(n - 1.0) / (n - 2.0) * (m3 / pow(m2, 1.5));
}

/* ------------------------------------------------------- minimum, maximum */

/* Start an empty minimum or maximum (first: of vargmin, vargmax) */
void
FkExtremeInit(FkExtreme *e, bool is_max, bool first)
{
	e->is_max = is_max;
	e->first = first;
	for (unsigned j = 0; j < FK_SUM_LANES; j++)
	{
		/* -inf is below every value, NaN gives way to any value */
		e->v[j] = is_max ? -INFINITY : NAN;
		e->at[j] = -1;
	}
	e->index = 0;
}

/*
 * Does x replace cur, as core's float8larger(cur, x) / float8smaller(cur,
 * x) would?  Yes unless cur is strictly beyond x in float8 order: so the
 * later of equal values wins.  For the first of equal values (first), only
 * when x is strictly beyond cur, or the lane is empty (at < 0).
 */
static FK_ALWAYS_INLINE bool
FkTakes(bool is_max, bool first, double cur, int64_t at, double x)
{
	if (first)
		return (at < 0) |
			(is_max ? ((x != x) & (cur == cur)) | (x > cur) :
			 ((x == x) & (cur != cur)) | (x < cur));
	return is_max ? (x >= cur) | (x != x) : (x <= cur) | (cur != cur);
}

/* Lanes rotated by g % 8, as FkSumRun does; mask as there */
static FK_ALWAYS_INLINE void
FkExtremeRun(FkExtreme *e, bool is_max, bool first, const double *x,
			 uint64_t g, size_t n, bool masked, uint64_t mask)
{
	double		v[FK_SUM_LANES];
	int64_t		at[FK_SUM_LANES];
	unsigned	r = (unsigned) (g % FK_SUM_LANES);
	size_t		i = 0;

	for (unsigned j = 0; j < FK_SUM_LANES; j++)
	{
		v[j] = e->v[(r + j) % FK_SUM_LANES];
		at[j] = e->at[(r + j) % FK_SUM_LANES];
	}
	/* Whole rounds of the eight lanes, so that each lane stays a register */
	for (i = 0; i + FK_SUM_LANES <= n; i += FK_SUM_LANES)
	{
		for (unsigned j = 0; j < FK_SUM_LANES; j++)
		{
			bool		t = FkTakes(is_max, first, v[j], at[j], x[i + j]);

			if (masked)
				t = t & (bool) ((mask >> (i + j)) & 1);
			v[j] = t ? x[i + j] : v[j];
			at[j] = t ? (int64_t) (g + i + j) : at[j];
		}
	}
	for (; i < n; i++)
	{
		unsigned	j = (unsigned) (i % FK_SUM_LANES);
		bool		t = FkTakes(is_max, first, v[j], at[j], x[i]);

		if (masked)
			t = t && ((mask >> i) & 1);
		v[j] = t ? x[i] : v[j];
		at[j] = t ? (int64_t) (g + i) : at[j];
	}
	for (unsigned j = 0; j < FK_SUM_LANES; j++)
	{
		e->v[(r + j) % FK_SUM_LANES] = v[j];
		e->at[(r + j) % FK_SUM_LANES] = at[j];
	}
}

/* FkExtremeAdd for one direction and one rule for equal values */
static FK_ALWAYS_INLINE void
FkExtremeBlock(FkExtreme *e, bool is_max, bool first, const double *x,
			   const uint64_t *valid, size_t n)
{
	uint64_t	g = e->index;

	if (valid == NULL)
		FkExtremeRun(e, is_max, first, x, g, n, false, 0);
	else
	{
		for (size_t w = 0; w < FkBitmapWords(n); w++)
		{
			size_t		off = w * FK_WORD_BITS;
			size_t		len = n - off < FK_WORD_BITS ? n - off : FK_WORD_BITS;
			uint64_t	full = FkWordMask(w, n);
			uint64_t	word = valid[w] & full;

			if (word == full)
				FkExtremeRun(e, is_max, first, x + off, g + off, len, false, 0);
			else if (word != 0)
				FkExtremeRun(e, is_max, first, x + off, g + off, len, true,
							 word);
		}
	}
	e->index = g + n;
}

/* Add the next n elements */
void
FkExtremeAdd(FkExtreme *e, const double *x, const uint64_t *valid, size_t n)
{
	if (e->first)
	{
		if (e->is_max)
			FkExtremeBlock(e, true, true, x, valid, n);
		else
			FkExtremeBlock(e, false, true, x, valid, n);
	}
	else if (e->is_max)
		FkExtremeBlock(e, true, false, x, valid, n);
	else
		FkExtremeBlock(e, false, false, x, valid, n);
}

/* a strictly beyond b in float8 order (NaN above every number) */
static bool
FkBeyond(bool is_max, double a, double b)
{
	return is_max ? FkFloat8Gt(a, b) : FkFloat8Lt(a, b);
}

/*
 * The extreme over all lanes into *result, the last in index order among
 * equals (first: the first); returns its 0-based index, -1 when there is
 * no valid element
 */
int64_t
FkExtremeFinish(const FkExtreme *e, double *result)
{
	int			best = -1;

	for (int j = 0; j < FK_SUM_LANES; j++)
	{
		if (e->at[j] < 0)
			continue;
		if (best < 0 || FkBeyond(e->is_max, e->v[j], e->v[best]) ||
			(!FkBeyond(e->is_max, e->v[best], e->v[j]) &&
			 (e->first ? e->at[j] < e->at[best] : e->at[j] > e->at[best])))
			best = j;
	}
	if (best < 0)
		return -1;
	*result = e->v[best];
	return e->at[best];
}

/* ---------------------------------------------------------------- product */

/* Multiply the valid elements in, in index order (NULLs as 1.0) */
static void
FkProdAdd(double *p, const double *x, const uint64_t *valid, size_t n)
{
	double		acc = *p;

	if (valid == NULL)
	{
		for (size_t i = 0; i < n; i++)
			acc *= x[i];
	}
	else
	{
		for (size_t w = 0; w < FkBitmapWords(n); w++)
		{
			size_t		off = w * FK_WORD_BITS;
			size_t		len = n - off < FK_WORD_BITS ? n - off : FK_WORD_BITS;
			uint64_t	word = valid[w] & FkWordMask(w, n);

			if (word == 0)
				continue;
			for (size_t i = 0; i < len; i++)
				acc *= ((word >> i) & 1) ? x[off + i] : 1.0;
		}
	}
	*p = acc;
}

/* ------------------------------------------------- first and last valid */

/* Add the next n elements to a first or last valid element */
static void
FkEdgeAdd(FkEdge *e, const double *x, const uint64_t *valid, size_t n)
{
	if (!e->last && e->at >= 0)
	{
		e->index += n;
		return;
	}
	for (size_t w = 0; w < FkBitmapWords(n); w++)
	{
		size_t		off = w * FK_WORD_BITS;
		uint64_t	word = valid == NULL ? FkWordMask(w, n) : valid[w] & FkWordMask(w, n);
		size_t		k;

		if (word == 0)
			continue;
		k = e->last ? (size_t) (63 - __builtin_clzll(word)) :
			(size_t) __builtin_ctzll(word);
		e->v = x[off + k];
		e->at = (int64_t) (e->index + off + k);
		if (!e->last)
			break;
	}
	e->index += n;
}

/* ------------------------------------------------------------ dispatching */

/* Is kind a reduction of two vectors (fed by FkReduceStep2)? */
bool
FkReduceOfTwo(FkReduceKind kind)
{
	return kind == FK_RED_DOT || kind == FK_RED_COV_SAMP ||
		kind == FK_RED_COV_POP || kind == FK_RED_CORR ||
		kind == FK_RED_SLOPE || kind == FK_RED_INTERCEPT || kind == FK_RED_R2 ||
		kind == FK_RED_WMEAN;
}

/* Start reduction kind */
void
FkReduceInit(FkReduce *r, FkReduceKind kind)
{
	r->kind = kind;
	r->count = 0;
	r->overflow = false;
	switch (kind)
	{
		case FK_RED_SUM:
		case FK_RED_MEAN:
		case FK_RED_DOT:
			FkSumInit(&r->u.sum);
			break;
		case FK_RED_WMEAN:
			FkSumInit(&r->u.sum);
			FkSumInit(&r->weights);
			break;
		case FK_RED_MIN:
		case FK_RED_MAX:
			FkExtremeInit(&r->u.ext, kind == FK_RED_MAX, false);
			break;
		case FK_RED_ARGMIN:
		case FK_RED_ARGMAX:
			FkExtremeInit(&r->u.ext, kind == FK_RED_ARGMAX, true);
			break;
		case FK_RED_COUNT:
			break;
		case FK_RED_FIRST:
		case FK_RED_LAST:
		case FK_RED_ARGFIRST:
		case FK_RED_ARGLAST:
			r->u.edge.last = kind == FK_RED_LAST || kind == FK_RED_ARGLAST;
			r->u.edge.v = 0.0;
			r->u.edge.at = -1;
			r->u.edge.index = 0;
			break;
		case FK_RED_PROD:
			r->u.prod = 1.0;
			break;
		case FK_RED_VAR:
		case FK_RED_STDDEV:
		case FK_RED_VAR_POP:
		case FK_RED_STDDEV_POP:
			FkVarInit(&r->u.var);
			break;
		case FK_RED_SKEW:
		case FK_RED_KURT:
			FkVarInit(&r->u.var);
			r->u.var.moments = true;
			break;
		case FK_RED_COV_SAMP:
		case FK_RED_COV_POP:
		case FK_RED_CORR:
		case FK_RED_SLOPE:
		case FK_RED_INTERCEPT:
		case FK_RED_R2:
			FkCovInit(&r->u.cov);
			break;
	}
}

/*
 * Feed the next n elements (validity words as in core/bitmap.h) to a
 * reduction of one vector
 */
void
FkReduceStep(FkReduce *r, const double *x, const uint64_t *valid, size_t n)
{
	switch (r->kind)
	{
		case FK_RED_SUM:
		case FK_RED_MEAN:
			FkSumAdd(&r->u.sum, x, valid, n);
			break;
		case FK_RED_MIN:
		case FK_RED_MAX:
		case FK_RED_ARGMIN:
		case FK_RED_ARGMAX:
			FkExtremeAdd(&r->u.ext, x, valid, n);
			break;
		case FK_RED_COUNT:
			r->count += FkCountValid(valid, n);
			break;
		case FK_RED_FIRST:
		case FK_RED_LAST:
		case FK_RED_ARGFIRST:
		case FK_RED_ARGLAST:
			FkEdgeAdd(&r->u.edge, x, valid, n);
			break;
		case FK_RED_PROD:
			r->count += FkCountValid(valid, n);
			FkProdAdd(&r->u.prod, x, valid, n);
			break;
		case FK_RED_VAR:
		case FK_RED_STDDEV:
		case FK_RED_VAR_POP:
		case FK_RED_STDDEV_POP:
		case FK_RED_SKEW:
		case FK_RED_KURT:
			FkVarAdd(&r->u.var, x, valid, n);
			break;
		case FK_RED_DOT:
		case FK_RED_COV_SAMP:
		case FK_RED_COV_POP:
		case FK_RED_CORR:
		case FK_RED_SLOPE:
		case FK_RED_INTERCEPT:
		case FK_RED_R2:
		case FK_RED_WMEAN:
			/* of two vectors: FkReduceStep2 */
			break;
	}
}

/*
 * Feed the next n pairs to a reduction of two vectors (FkReduceOfTwo), a
 * pair present when both of its elements are
 */
void
FkReduceStep2(FkReduce *r, const double *x, const uint64_t *xvalid,
			  const double *y, const uint64_t *yvalid, size_t n)
{
	if (r->kind == FK_RED_DOT)
		FkDotAdd(&r->u.sum, x, xvalid, y, yvalid, n);
	else if (r->kind == FK_RED_WMEAN)
	{
		FkDotAdd(&r->u.sum, x, xvalid, y, yvalid, n);
		FkSumAddPairs(&r->weights, y, yvalid, xvalid, n);
	}
	else if (!r->overflow)
		r->overflow = !FkCovAdd(&r->u.cov, x, xvalid, y, yvalid, n);
}

/* The covariance or correlation a kind of reduction is of its state */
static FkCovKind
FkCovKindOf(FkReduceKind kind)
{
	switch (kind)
	{
		case FK_RED_COV_SAMP:
			return FK_COV_SAMP;
		case FK_RED_COV_POP:
			return FK_COV_POP;
		case FK_RED_SLOPE:
			return FK_COV_SLOPE;
		case FK_RED_INTERCEPT:
			return FK_COV_INTERCEPT;
		case FK_RED_R2:
			return FK_COV_R2;
		default:
			return FK_COV_CORR;
	}
}

/*
 * The result into *result; FK_REDUCE_NULL when too few elements were
 * valid (vcount: never, its result is r->count; vargmin and vargmax: the
 * 1-based position)
 */
FkReduceStatus
FkReduceFinish(FkReduce *r, double *result)
{
	FkReduceStatus st;
	bool		sample = r->kind == FK_RED_VAR || r->kind == FK_RED_STDDEV;
	int64_t		at;

	switch (r->kind)
	{
		case FK_RED_SUM:
		case FK_RED_DOT:
			return FkSumFinish(&r->u.sum, result);
		case FK_RED_WMEAN:
			{
				double		w;

				st = FkSumFinish(&r->u.sum, result);
				if (st != FK_REDUCE_VALUE)
					return st;
				st = FkSumFinish(&r->weights, &w);
				if (st != FK_REDUCE_VALUE)
					return st;
				/* weights summing to zero weigh nothing: no mean */
				if (w == 0.0)
					return FK_REDUCE_NULL;
				*result = FkCanonNan(*result / w);
				return FK_REDUCE_VALUE;
			}
		case FK_RED_MEAN:
			st = FkSumFinish(&r->u.sum, result);
			/* + 0.0: core's avg sums from +0, so a zero mean is never -0 */
			if (st == FK_REDUCE_VALUE)
				*result = (*result + 0.0) / (double) r->u.sum.count;
			return st;
		case FK_RED_MIN:
		case FK_RED_MAX:
			return FkExtremeFinish(&r->u.ext, result) >= 0 ? FK_REDUCE_VALUE :
				FK_REDUCE_NULL;
		case FK_RED_ARGMIN:
		case FK_RED_ARGMAX:
			{
				double		v;

				at = FkExtremeFinish(&r->u.ext, &v);
				if (at < 0)
					return FK_REDUCE_NULL;
				*result = (double) (at + 1);
				return FK_REDUCE_VALUE;
			}
		case FK_RED_COUNT:
			*result = (double) r->count;
			return FK_REDUCE_VALUE;
		case FK_RED_FIRST:
		case FK_RED_LAST:
			if (r->u.edge.at < 0)
				return FK_REDUCE_NULL;
			*result = FkCanonNan(r->u.edge.v);
			return FK_REDUCE_VALUE;
		case FK_RED_ARGFIRST:
		case FK_RED_ARGLAST:
			if (r->u.edge.at < 0)
				return FK_REDUCE_NULL;
			*result = (double) (r->u.edge.at + 1);
			return FK_REDUCE_VALUE;
		case FK_RED_PROD:
			if (r->count == 0)
				return FK_REDUCE_NULL;
			*result = FkCanonNan(r->u.prod);
			return FK_REDUCE_VALUE;
		case FK_RED_VAR:
		case FK_RED_STDDEV:
		case FK_RED_VAR_POP:
		case FK_RED_STDDEV_POP:
			st = FkVarFinish(&r->u.var, sample, result);
			if (st == FK_REDUCE_VALUE &&
				(r->kind == FK_RED_STDDEV || r->kind == FK_RED_STDDEV_POP))
				*result = sqrt(*result);
			return st;
		case FK_RED_SKEW:
		case FK_RED_KURT:
			return FkMomentsFinish(&r->u.var, r->kind == FK_RED_KURT, result);
		case FK_RED_COV_SAMP:
		case FK_RED_COV_POP:
		case FK_RED_CORR:
		case FK_RED_SLOPE:
		case FK_RED_INTERCEPT:
		case FK_RED_R2:
			if (r->overflow)
				return FK_REDUCE_OVERFLOW;
			return FkCovFinish(&r->u.cov, FkCovKindOf(r->kind), result) ?
				FK_REDUCE_VALUE : FK_REDUCE_NULL;
	}
	return FK_REDUCE_NULL;
}
