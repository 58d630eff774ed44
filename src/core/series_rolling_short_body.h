/*
 * series_rolling_short_body.h
 *		The group step of series_rolling_short.h, written once for any
 *		instruction set and compiled for AVX2 (series_rolling_short_avx2.c),
 *		FK_ISA naming the copy (cdefs.h).
 *
 * A vector of FK_ROLL_LANES doubles (the compiler's generic vectors) holds
 * one piece per segment.  The element steps this follows are FkRollSumAdd
 * and FkRollWelfordAdd (the piece updates), FkRollAddPieces and FkRollVar
 * (an output) in series_rolling.c: keep them in step.  Every operation is
 * one IEEE operation per lane, no contraction (-ffp-contract=off), so every
 * copy gives the bits of the element steps.  The segments' elements come in
 * and their outputs go out through 4 x 4 transposes (FkRollTranspose,
 * FkRollShortOut): the per-slot work is all on vectors.
 */
#include <math.h>
#include <string.h>

#include "bitmap.h"
#include "cdefs.h"
#include "series_rolling_short.h"

#if defined(__AVX__)
#include <immintrin.h>
#endif

typedef double FkRollV __attribute__((vector_size(FK_ROLL_LANES * sizeof(double))));
typedef int64_t FkRollM __attribute__((vector_size(FK_ROLL_LANES * sizeof(double))));

#define FK_ROLL_SHORT_INLINE static FK_ALWAYS_INLINE

/* Every lane v */
FK_ROLL_SHORT_INLINE FkRollV
FK_ISA_FN(FkRollSplat) (double v)
{
	return (FkRollV) {v, v, v, v};
}

/* Lanes of l where m is set, of r where it is not */
FK_ROLL_SHORT_INLINE FkRollV
FK_ISA_FN(FkRollSelect) (FkRollM m, FkRollV l, FkRollV r)
{
	return (FkRollV) (((FkRollM) l & m) | ((FkRollM) r & ~m));
}

/* Element i of each lane's segment (segment l at x + l w, g of them) */
FK_ROLL_SHORT_INLINE FkRollV
FK_ISA_FN(FkRollGather) (const double *x, size_t w, size_t i)
{
	return (FkRollV) {x[i], x[w + i], x[2 * w + i], x[3 * w + i]};
}

/*
 * Set bits from .. from + n of bm to bits 0 .. n of bits (NULL: set them
 * all), a word at a time; bits has a zero word past its n bits
 */
FK_ROLL_SHORT_INLINE void
FK_ISA_FN(FkRollShortBits) (uint64_t *bm, size_t from, size_t n,
							const uint64_t *bits)
{
	size_t		i = 0;

	while (i < n)
	{
		size_t		pos = from + i;
		size_t		b0 = pos % FK_WORD_BITS;
		size_t		m = FK_WORD_BITS - b0 < n - i ? FK_WORD_BITS - b0 : n - i;
		uint64_t	mask = m == FK_WORD_BITS ? FK_ALL_VALID : (UINT64_C(1) << m) - 1;
		uint64_t	src = mask;

		if (bits)
		{
			size_t		k = i % FK_WORD_BITS;

			src = bits[i / FK_WORD_BITS] >> k;
			if (k)
				src |= bits[i / FK_WORD_BITS + 1] << (FK_WORD_BITS - k);
		}
		bm[pos / FK_WORD_BITS] = (bm[pos / FK_WORD_BITS] & ~(mask << b0)) |
			((src & mask) << b0);
		i += m;
	}
}

/* The square root of each lane */
FK_ROLL_SHORT_INLINE FkRollV
FK_ISA_FN(FkRollSqrt) (FkRollV v)
{
#if defined(__AVX__)
	return (FkRollV) _mm256_sqrt_pd((__m256d) v);
#else
	for (size_t l = 0; l < FK_ROLL_LANES; l++)
		v[l] = sqrt(v[l]);
	return v;
#endif
}

/*
 * xt[i] = element i of each lane's segment, for i < w: 4 x 4 transposes
 * where AVX runs, the rest one element at a time
 */
FK_ROLL_SHORT_INLINE void
FK_ISA_FN(FkRollTranspose) (FkRollV *xt, const double *x, size_t w)
{
	size_t		i = 0;

#if defined(__AVX__)
	for (; i + 4 <= w; i += 4)
	{
		__m256d		r0 = _mm256_loadu_pd(x + i);
		__m256d		r1 = _mm256_loadu_pd(x + w + i);
		__m256d		r2 = _mm256_loadu_pd(x + 2 * w + i);
		__m256d		r3 = _mm256_loadu_pd(x + 3 * w + i);
		__m256d		t0 = _mm256_unpacklo_pd(r0, r1);
		__m256d		t1 = _mm256_unpackhi_pd(r0, r1);
		__m256d		t2 = _mm256_unpacklo_pd(r2, r3);
		__m256d		t3 = _mm256_unpackhi_pd(r2, r3);

		xt[i] = (FkRollV) _mm256_permute2f128_pd(t0, t2, 0x20);
		xt[i + 1] = (FkRollV) _mm256_permute2f128_pd(t1, t3, 0x20);
		xt[i + 2] = (FkRollV) _mm256_permute2f128_pd(t0, t2, 0x31);
		xt[i + 3] = (FkRollV) _mm256_permute2f128_pd(t1, t3, 0x31);
	}
#endif
	for (; i < w; i++)
		xt[i] = FK_ISA_FN(FkRollGather) (x, w, i);
}

/* Four doubles from p, unaligned */
FK_ROLL_SHORT_INLINE FkRollV
FK_ISA_FN(FkRollLoad) (const double *p)
{
	FkRollV		v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/*
 * Add present element x, the cnt-th, to each lane's piece: the TwoSum of
 * hi and lo, and with welford the mean and m2 of FkRollWelfordAdd.  *bad
 * is set in a lane where FkRollSumAdd would take its slow path (sum), or x
 * is not finite (welford); both for a pair, whose hi and lo are then those
 * of FkRollSumAdd as well as of FkRollWelfordAdd (with x finite and no
 * overflow the two do the same operations).  Whether x is finite is
 * tested with xchk only (the prefixes add the elements the suffixes did).
 */
FK_ROLL_SHORT_INLINE void
FK_ISA_FN(FkRollLaneAdd) (FkRollV *hi, FkRollV *lo, FkRollV *mean,
						  FkRollV *m2, FkRollV x, double cnt, int welford,
						  int sum, int xchk, FkRollM *bad)
{
	FkRollV		t = *hi + x;
	FkRollV		z = t - *hi;
	FkRollV		l = *lo + ((*hi - (t - z)) + (x - z));

	if (welford)
	{
		FkRollV		m = (t + l) / FK_ISA_FN(FkRollSplat) (cnt);

		*m2 = *m2 + (x - *mean) * (x - m);
		*mean = m;
		if (xchk)
			*bad |= (x - x) != 0.0;
	}
	if (sum)
	{
		FkRollV		chk = t + l;

		*bad |= (chk - chk) != 0.0;
	}
	*hi = t;
	*lo = l;
}

/*
 * rt[s .. s + 4) transposed: row l is slots s .. s + 3 of lane l (AVX),
 * as FkRollTranspose does for the input
 */
FK_ROLL_SHORT_INLINE void
FK_ISA_FN(FkRollTransposeBack) (FkRollV *row, const FkRollV *rt)
{
#if defined(__AVX__)
	__m256d		t0 = _mm256_unpacklo_pd((__m256d) rt[0], (__m256d) rt[1]);
	__m256d		t1 = _mm256_unpackhi_pd((__m256d) rt[0], (__m256d) rt[1]);
	__m256d		t2 = _mm256_unpacklo_pd((__m256d) rt[2], (__m256d) rt[3]);
	__m256d		t3 = _mm256_unpackhi_pd((__m256d) rt[2], (__m256d) rt[3]);

	row[0] = (FkRollV) _mm256_permute2f128_pd(t0, t2, 0x20);
	row[1] = (FkRollV) _mm256_permute2f128_pd(t1, t3, 0x20);
	row[2] = (FkRollV) _mm256_permute2f128_pd(t0, t2, 0x31);
	row[3] = (FkRollV) _mm256_permute2f128_pd(t1, t3, 0x31);
#else
	for (size_t l = 0; l < FK_ROLL_LANES; l++)
		row[l] = (FkRollV) {rt[0][l], rt[1][l], rt[2][l], rt[3][l]};
#endif
}

/* The bits of the lanes of m that are set (bit l: lane l) */
FK_ROLL_SHORT_INLINE uint64_t
FK_ISA_FN(FkRollMoveMask) (FkRollM m)
{
#if defined(__AVX__)
	return (uint64_t) _mm256_movemask_pd((__m256d) m);
#else
	return (m[0] & 1) | (m[1] & 2) | (m[2] & 4) | (m[3] & 8);
#endif
}

/*
 * The outputs of op from rt[s] (the sum, or the variance, of each lane's
 * window ending at slot s, for s < w) into out at slot s of each of g
 * lanes: lanes 1 to 3 hold w present elements, lane 0 c0[s], present when
 * at least thr (its bits set in lane0, a cleared array; an absent output
 * is +0).  Four slots at a time, the lanes are transposed back to segments
 * and the finiteness of the present outputs summed up per lane; the last
 * w % 4 slots one at a time.  False where a present output is not finite
 * (it would have set the state's fault).
 */
FK_ROLL_SHORT_INLINE bool
FK_ISA_FN(FkRollShortOut) (FkRollOp op, const FkRollV *rt, const double *c0,
						   double thr, double *restrict out,
						   uint64_t *restrict lane0, size_t w, size_t g)
{
	FkRollV		chk[FK_ROLL_LANES] = {{0}};
	FkRollV		nw = FK_ISA_FN(FkRollSplat) ((double) w);
	FkRollV		vthr = FK_ISA_FN(FkRollSplat) (thr);
	FkRollV		all,
				tail = FK_ISA_FN(FkRollSplat) (0.0);
	size_t		s = 0;

	for (; s + FK_ROLL_LANES <= w; s += FK_ROLL_LANES)
	{
		FkRollV		row[FK_ROLL_LANES];
		FkRollV		n0 = FK_ISA_FN(FkRollLoad) (c0 + s);
		FkRollM		p0 = n0 >= vthr;

		FK_ISA_FN(FkRollTransposeBack) (row, rt + s);
		lane0[s / FK_WORD_BITS] |= FK_ISA_FN(FkRollMoveMask) (p0) << (s % FK_WORD_BITS);
		row[0] = (FkRollV) ((FkRollM) row[0] & p0);
		for (size_t l = 0; l < FK_ROLL_LANES; l++)
		{
			chk[l] += row[l] - row[l];
			if (op == FK_ROLL_MEAN)
				row[l] = (row[l] + 0.0) / (l == 0 ? n0 : nw);
			if (op == FK_ROLL_STDDEV)
				row[l] = FK_ISA_FN(FkRollSqrt) (row[l]);
		}
		if (g == FK_ROLL_LANES)
		{
			memcpy(out + s, &row[0], sizeof(row[0]));
			memcpy(out + w + s, &row[1], sizeof(row[1]));
			memcpy(out + 2 * w + s, &row[2], sizeof(row[2]));
			memcpy(out + 3 * w + s, &row[3], sizeof(row[3]));
		}
		else
			for (size_t l = 0; l < g; l++)
				memcpy(out + l * w + s, &row[l], sizeof(row[l]));
	}
	for (; s < w; s++)
	{
		int			present0 = c0[s] >= thr;
		FkRollM		keep = {present0 ? -1 : 0, -1, -1, -1};
		FkRollV		r = (FkRollV) ((FkRollM) rt[s] & keep);

		lane0[s / FK_WORD_BITS] |= (uint64_t) present0 << (s % FK_WORD_BITS);
		tail += r - r;
		if (op == FK_ROLL_MEAN)
			r = (r + 0.0) / (FkRollV) {c0[s], (double) w, (double) w, (double) w};
		if (op == FK_ROLL_STDDEV)
			r = FK_ISA_FN(FkRollSqrt) (r);
		for (size_t l = 0; l < g; l++)
			out[l * w + s] = r[l];
	}
	all = chk[0];
	if (g > 1)
		all += chk[1];
	if (g > 2)
		all += chk[2];
	if (g > 3)
		all += chk[3];
	return FK_ISA_FN(FkRollMoveMask) (all != all) == 0 &&
		(FK_ISA_FN(FkRollMoveMask) (tail != tail) & ((UINT64_C(1) << g) - 1)) == 0;
}

/*
 * Column 0 of rows 1 .. w-1 of sa and sb: st's suffix pieces a and b, what
 * lane 0's prefixes meet; st's flags over those rows
 */
FK_ROLL_SHORT_INLINE uint64_t
FK_ISA_FN(FkRollShortCol0) (double (*sa)[FK_ROLL_LANES + 1],
							double (*sb)[FK_ROLL_LANES + 1],
							const FkRollState *st)
{
	uint64_t	flags = 0;

	for (size_t j = 1; j < st->w; j++)
	{
		sa[j][0] = st->suf_a[j];
		sb[j][0] = st->suf_b[j];
		flags |= st->suf_cnt[j] >> 32;
	}
	return flags;
}

/*
 * Set st's suffixes to those of the last of g lanes (rows of sa, sb), and
 * those of st2 (NULL: none; a pair's mate, at st's position with st's
 * length) to those of sc, sd, in one pass over the rows
 */
FK_ROLL_SHORT_INLINE void
FK_ISA_FN(FkRollShortKeep) (FkRollState *st,
							double (*sa)[FK_ROLL_LANES + 1],
							double (*sb)[FK_ROLL_LANES + 1],
							FkRollState *st2,
							double (*sc)[FK_ROLL_LANES + 1],
							double (*sd)[FK_ROLL_LANES + 1], size_t g)
{
	size_t		w = st->w;

	st->pos += g * w;
	if (st2)
		st2->pos += g * w;
	if (st->pos < st->len)
	{
		/* in locals: the stores could alias the states (no strict aliasing) */
		double	   *a = st->suf_a,
				   *b = st->suf_b,
				   *c = st2 ? st2->suf_a : NULL,
				   *d = st2 ? st2->suf_b : NULL;
		uint64_t   *n = st->suf_cnt,
				   *n2 = st2 ? st2->suf_cnt : NULL;

		for (size_t j = 1; j < w; j++)
		{
			a[j] = sa[j][g];
			b[j] = sb[j][g];
			n[j] = w - j;
			if (st2)
			{
				c[j] = sc[j][g];
				d[j] = sd[j][g];
				n2[j] = w - j;
			}
		}
		st->chunk = 0;
		if (st2)
			st2->chunk = 0;
	}
}

/*
 * FkRollShortGroup for one op (a constant once inlined): g segments of x,
 * of which FK_ROLL_LANES can be read (the caller pads a shorter group).
 * With st2 (then op is sum or mean, op2 stddev or var, both constants) the
 * pair of FkRollShortPair: each lane's sum and deviations computed once,
 * both outputs from them, as the two groups alone would give.
 */
FK_ROLL_SHORT_INLINE bool
FK_ISA_FN(FkRollShortRun) (FkRollState *st, FkRollOp op, FkRollState *st2,
						   FkRollOp op2, const double *x, double *out,
						   uint64_t *out_valid, double *out2,
						   uint64_t *out_valid2, size_t off, size_t g)
{
	int			pair = st2 != NULL;
	int			welford = pair || op == FK_ROLL_STDDEV || op == FK_ROLL_VAR;
	int			sum = pair || op == FK_ROLL_SUM || op == FK_ROLL_MEAN;
	FkRollOp	wop = pair ? op2 : op;
	FkRollState *wst = pair ? st2 : st;
	size_t		w = st->w;

	/*
	 * Row j: the pieces of elements j.. of the segment before each lane's,
	 * the state's for lane 0 (slot 0), then of lanes 0 to 3 (slots 1-4):
	 * hi and lo in sa and sb (sum), mean and m2 in sc and sd (welford)
	 */
	double		sa[FK_ROLL_SHORT_MAX][FK_ROLL_LANES + 1];
	double		sb[FK_ROLL_SHORT_MAX][FK_ROLL_LANES + 1];
	double		sc[FK_ROLL_SHORT_MAX][FK_ROLL_LANES + 1];
	double		sd[FK_ROLL_SHORT_MAX][FK_ROLL_LANES + 1];
	double		sn[FK_ROLL_SHORT_MAX][FK_ROLL_LANES + 1];
	/* element i of each lane; the pair's variances; lane 0's counts */
	FkRollV		xt[FK_ROLL_SHORT_MAX];
	FkRollV		rt2[FK_ROLL_SHORT_MAX];
	double		c0[FK_ROLL_SHORT_MAX];
	FkRollV		hi = FK_ISA_FN(FkRollSplat) (-0.0),
				lo = FK_ISA_FN(FkRollSplat) (0.0),
				mean = FK_ISA_FN(FkRollSplat) (0.0),
				m2 = FK_ISA_FN(FkRollSplat) (0.0);
	FkRollM		bad = {0, 0, 0, 0};
	uint64_t	flags = 0;
	uint64_t	lane0[FK_ROLL_SHORT_MAX / FK_WORD_BITS + 2];
	uint64_t	lane0w[FK_ROLL_SHORT_MAX / FK_WORD_BITS + 2];
	double		thr = (double) st->min_count;
	double		thrw = (double) (wst->min_count > 2 ? wst->min_count : 2);

	memset(lane0, 0, sizeof(lane0));
	if (pair)
		memset(lane0w, 0, sizeof(lane0w));
	FK_ISA_FN(FkRollTranspose) (xt, x, w);
	/* element 0, which the suffixes do not add */
	if (welford)
	{
		FkRollV		x0 = FK_ISA_FN(FkRollGather) (x, w, 0);

		bad |= (x0 - x0) != 0.0;
	}

	/*
	 * lane 0's column first, in loops of their own: the suffix loop below
	 * then holds only vectors (fewer registers, no reloads)
	 */
	for (size_t j = 1; j < w; j++)
	{
		uint32_t	cnt = (uint32_t) (sum ? st : wst)->suf_cnt[j];

		c0[j - 1] = (double) (int64_t) (cnt + j);
		if (welford)
			sn[j][0] = (double) cnt;
	}
	if (sum)
		flags |= FK_ISA_FN(FkRollShortCol0) (sa, sb, st);
	if (welford)
		flags |= FK_ISA_FN(FkRollShortCol0) (sc, sd, wst);

	/* the suffixes of each segment, as FkRollSuffixes: j = w-1 down to 1 */
	for (size_t j = w - 1; j >= 1; j--)
	{
		FkRollV		v;

		FK_ISA_FN(FkRollLaneAdd) (&hi, &lo, &mean, &m2,
								  xt[j],
								  (double) (w - j), welford, sum, 1, &bad);
		if (welford)
		{
			v = FK_ISA_FN(FkRollSplat) ((double) (w - j));
			memcpy(&sn[j][1], &v, sizeof(v));
			memcpy(&sc[j][1], &mean, sizeof(mean));
			memcpy(&sd[j][1], &m2, sizeof(m2));
		}
		if (sum)
		{
			memcpy(&sa[j][1], &hi, sizeof(hi));
			memcpy(&sb[j][1], &lo, sizeof(lo));
		}
	}

	/*
	 * the prefixes, and each slot's result from a prefix and the suffix
	 * before: the sum in xt (its element is read first), the variance in
	 * rt2 for a pair, xt alone
	 */
	c0[w - 1] = (double) w;
	hi = FK_ISA_FN(FkRollSplat) (-0.0);
	lo = FK_ISA_FN(FkRollSplat) (0.0);
	mean = FK_ISA_FN(FkRollSplat) (0.0);
	m2 = FK_ISA_FN(FkRollSplat) (0.0);
	for (size_t s = 0; s < w; s++)
	{
		size_t		j = s + 1;
		FkRollV		a = FK_ISA_FN(FkRollSplat) (-0.0),
					ab = FK_ISA_FN(FkRollSplat) (0.0),
					ac = FK_ISA_FN(FkRollSplat) (0.0),
					ad = FK_ISA_FN(FkRollSplat) (0.0),
					na = FK_ISA_FN(FkRollSplat) (0.0),
					nb = FK_ISA_FN(FkRollSplat) ((double) j);

		FK_ISA_FN(FkRollLaneAdd) (&hi, &lo, &mean, &m2,
								  xt[s],
								  (double) j, welford, sum, 0, &bad);
		/* the last slot (j == w): the prefix alone, as set above */
		if (j < w)
		{
			if (sum)
			{
				a = FK_ISA_FN(FkRollLoad) (sa[j]);
				ab = FK_ISA_FN(FkRollLoad) (sb[j]);
			}
			if (welford)
			{
				na = FK_ISA_FN(FkRollLoad) (sn[j]);
				ac = FK_ISA_FN(FkRollLoad) (sc[j]);
				ad = FK_ISA_FN(FkRollLoad) (sd[j]);
			}
		}
		if (sum)
		{
			/* FkRollAddPieces */
			FkRollV		r = a + hi;
			FkRollV		z = r - a;
			FkRollV		c = ((a - (r - z)) + (hi - z)) + (ab + lo);

			xt[s] = FK_ISA_FN(FkRollSelect) (c == 0.0, r, r + c);
		}
		if (welford)
		{
			/* FkRollVar */
			FkRollV		n = na + nb;
			FkRollV		d = mean - ac;
			FkRollV		r1 = m2 / (nb - 1.0);
			FkRollV		r2 = ((ad + m2) * n + d * d * (na * nb)) / (n * (n - 1.0));

			(pair ? rt2 : xt)[s] = FK_ISA_FN(FkRollSelect) (na == 0.0, r1, r2);
		}
	}
	if (sum && !FK_ISA_FN(FkRollShortOut) (op, xt, c0, thr, out, lane0, w, g))
		return false;
	if (welford &&
		!FK_ISA_FN(FkRollShortOut) (wop, pair ? rt2 : xt, c0, thrw,
									pair ? out2 : out, pair ? lane0w : lane0,
									w, g))
		return false;
	if (flags != 0 ||
		(FK_ISA_FN(FkRollMoveMask) (bad) & ((UINT64_C(1) << g) - 1)) != 0)
		return false;
	FK_ISA_FN(FkRollShortBits) (out_valid, off, w, lane0);
	FK_ISA_FN(FkRollShortBits) (out_valid, off + w, (g - 1) * w, NULL);
	if (pair)
	{
		FK_ISA_FN(FkRollShortBits) (out_valid2, off, w, lane0w);
		FK_ISA_FN(FkRollShortBits) (out_valid2, off + w, (g - 1) * w, NULL);
	}

	/* the states as the element steps leave them after the last segment */
	if (pair)
		FK_ISA_FN(FkRollShortKeep) (st, sa, sb, wst, sc, sd, g);
	else if (sum)
		FK_ISA_FN(FkRollShortKeep) (st, sa, sb, NULL, NULL, NULL, g);
	else
		FK_ISA_FN(FkRollShortKeep) (wst, sc, sd, NULL, NULL, NULL, g);
	return true;
}

/* FkRollShortGroup's copy for this instruction set (x padded) */
bool
FK_ISA_FN(FkRollShortGroup) (FkRollState *st, const double *x, double *out,
							 uint64_t *out_valid, size_t off, size_t g)
{
#define FK_ROLL_SHORT_ONE(o) \
	case o: \
		return FK_ISA_FN(FkRollShortRun) (st, o, NULL, o, x, out, out_valid, \
										  NULL, NULL, off, g)

	switch (st->op)
	{
		FK_ROLL_SHORT_ONE(FK_ROLL_SUM);
		FK_ROLL_SHORT_ONE(FK_ROLL_MEAN);
		FK_ROLL_SHORT_ONE(FK_ROLL_STDDEV);
		FK_ROLL_SHORT_ONE(FK_ROLL_VAR);
		default:
			return false;
	}
#undef FK_ROLL_SHORT_ONE
}

/* FkRollShortPair's copy for this instruction set (x padded) */
bool
FK_ISA_FN(FkRollShortPair) (FkRollState *st, FkRollState *st2,
							const double *x, double *out,
							uint64_t *out_valid, double *out2,
							uint64_t *out_valid2, size_t off, size_t g)
{
#define FK_ROLL_SHORT_TWO(o, o2) \
	if (st->op == o && st2->op == o2) \
		return FK_ISA_FN(FkRollShortRun) (st, o, st2, o2, x, out, out_valid, \
										  out2, out_valid2, off, g)

	FK_ROLL_SHORT_TWO(FK_ROLL_SUM, FK_ROLL_STDDEV);
	FK_ROLL_SHORT_TWO(FK_ROLL_SUM, FK_ROLL_VAR);
	FK_ROLL_SHORT_TWO(FK_ROLL_MEAN, FK_ROLL_STDDEV);
	FK_ROLL_SHORT_TWO(FK_ROLL_MEAN, FK_ROLL_VAR);
	return false;
#undef FK_ROLL_SHORT_TWO
}
