/*
 * alp_encode.c
 *		The encoder of alp.h.
 *
 * Choosing the exponents follows ALP's two levels of sampling: a sample of
 * the whole vector (up to 8 blocks, 32 values each) ranks every pair
 * (e, f), 0 <= f <= e <= 18, by the bits it would take, and keeps the best
 * few; each block then tries only those on 32 of its own values and encodes
 * with the best.  The split scheme's left width is chosen on the vector's
 * sample too, and each block builds its dictionary from 64 of its values.
 * Every choice depends on the values only, so the encoding is deterministic.
 */
#include <math.h>

#include "alp_internal.h"
#include "interrupt.h"

/* Pairs (e, f) kept by the vector's sample */
#define FK_ALP_CANDIDATES	5
/* Values sampled per block */
#define FK_ALP_SAMPLE		32
/* Blocks sampled per vector */
#define FK_ALP_SAMPLE_BLOCKS 8
/* Values of a block that pick its dictionary */
#define FK_ALP_DICT_SAMPLE	64
/* Bits an exception costs in the decimal scheme: position and raw value */
#define FK_ALP_EXC_BITS		(16 + 64)
/* ... and in the split scheme: position and left part */
#define FK_ALP_SPLIT_EXC_BITS 32

/* What the vector's sample chose */
typedef struct FkAlpPlan
{
	int			ncand;
	uint8_t		e[FK_ALP_CANDIDATES];
	uint8_t		f[FK_ALP_CANDIDATES];
	int			left;			/* left width of split blocks, 1 .. 16 */
} FkAlpPlan;

/* What a block's decimal encoding came to */
typedef struct FkAlpDecimalBlock
{
	int			e;
	int			f;
	int			width;
	int64_t		base;
	bool		delta;			/* stored as differences of neighbours */
	int64_t		dmin;			/* with delta: the least difference */
	int			nexc;
	int64_t		ints[FK_ALP_BLOCK];
	uint8_t		ok[FK_ALP_BLOCK];	/* 1: encoded, 0: exception, 2|3: absent */
	uint16_t	pos[FK_ALP_BLOCK];
} FkAlpDecimalBlock;

/* What a block's split encoding came to */
typedef struct FkAlpSplitBlock
{
	int			left;
	int			entries;
	uint16_t	dict[FK_ALP_DICT];
	int			nexc;
	uint64_t	rights[FK_ALP_BLOCK];
	uint64_t	indexes[FK_ALP_BLOCK];
	uint16_t	pos[FK_ALP_BLOCK];
	uint16_t	lefts[FK_ALP_BLOCK];
} FkAlpSplitBlock;

_Static_assert(sizeof(FkAlpDecimalBlock) + sizeof(FkAlpSplitBlock) <= FK_ALP_SCRATCH,
			   "FK_ALP_SCRATCH holds the block encoders' state");

/* Bits needed for a non-negative span */
static inline int
FkAlpWidth(uint64_t span)
{
	return span == 0 ? 0 : 64 - __builtin_clzll(span);
}

/*
 * Encode v with exponents e, f into *out; false when it does not decode to
 * its own bits (or its integer is beyond +-2^51).
 */
static inline bool
FkAlpEncodeOne(double v, int e, int f, int64_t *out)
{
	double		x = v * FkAlpPow10[e] * FkAlpNegPow10[f];
	double		r;

	if (!(fabs(x) < (double) FK_ALP_INT_LIMIT))
		return false;
	r = (x + FK_ALP_MAGIC) - FK_ALP_MAGIC;
	*out = (int64_t) r;
	return FkAlpBits(FkAlpDecimal(*out, e, f)) == FkAlpBits(v);
}

/* Estimated bits of m sampled values with exponents e, f */
static uint64_t
FkAlpSampleCost(const double *s, int m, int e, int f)
{
	int64_t		lo = INT64_MAX,
				hi = INT64_MIN;
	int			nexc = 0;

	for (int i = 0; i < m; i++)
	{
		int64_t		x;

		if (!FkAlpEncodeOne(s[i], e, f, &x))
		{
			nexc++;
			continue;
		}
		lo = x < lo ? x : lo;
		hi = x > hi ? x : hi;
	}
	return (uint64_t) m * (nexc == m ? 0 : FkAlpWidth((uint64_t) (hi - lo))) +
		(uint64_t) nexc * FK_ALP_EXC_BITS;
}

/* Up to max present values of values[0 .. n), evenly spaced, into s */
static int
FkAlpSampleValues(const double *values, const uint64_t *valid, int n,
				  int max, double *s)
{
	int			step = n > max ? n / max : 1;
	int			m = 0;

	for (int i = 0; i < n && m < max; i += step)
		if (valid == NULL || ((valid[i / 64] >> (i % 64)) & 1))
			s[m++] = values[i];
	return m;
}

/* Sort m 16-bit keys in place (the samples are small) */
static void
FkAlpSort16(uint16_t *l, int m)
{
	for (int i = 1; i < m; i++)
		for (int j = i; j > 0 && l[j - 1] > l[j]; j--)
		{
			uint16_t	t = l[j];

			l[j] = l[j - 1];
			l[j - 1] = t;
		}
}

/*
 * The left width that makes the fewest bits of the split scheme on s: the
 * top 16 bits are sorted once, which sorts every shorter left part too.
 */
static int
FkAlpPlanLeft(const double *s, int m)
{
	uint16_t	top[FK_ALP_SAMPLE * FK_ALP_SAMPLE_BLOCKS];
	int			best = FK_ALP_MAX_LEFT;
	uint64_t	best_cost = UINT64_MAX;

	for (int i = 0; i < m; i++)
		top[i] = (uint16_t) (FkAlpBits(s[i]) >> (64 - FK_ALP_MAX_LEFT));
	FkAlpSort16(top, m);
	for (int lw = 1; lw <= FK_ALP_MAX_LEFT; lw++)
	{
		int			counts[FK_ALP_SAMPLE * FK_ALP_SAMPLE_BLOCKS];
		int			distinct = 0,
					covered = 0;
		int			shift = FK_ALP_MAX_LEFT - lw;
		uint64_t	cost;

		for (int i = 0; i < m; i++)
		{
			if (i == 0 || (top[i] >> shift) != (top[i - 1] >> shift))
				counts[distinct++] = 0;
			counts[distinct - 1]++;
		}
		/* the FK_ALP_DICT largest counts are covered by the dictionary */
		for (int k = 0; k < FK_ALP_DICT && k < distinct; k++)
		{
			int			most = k;

			for (int i = k + 1; i < distinct; i++)
				if (counts[i] > counts[most])
					most = i;
			covered += counts[most];
			counts[most] = counts[k];
		}
		cost = (uint64_t) m * (64 - lw + 3) +
			(uint64_t) (m - covered) * FK_ALP_SPLIT_EXC_BITS;
		if (cost < best_cost)
		{
			best_cost = cost;
			best = lw;
		}
	}
	return best;
}

/*
 * The smallest exponent e (with f = 0) at which v decodes to its own bits,
 * or -1 when none does
 */
static int
FkAlpLeastExponent(double v)
{
	int64_t		x;

	for (int e = 0; e <= FK_ALP_MAX_EXP; e++)
		if (FkAlpEncodeOne(v, e, 0, &x))
			return e;
	return -1;
}

/*
 * Sample the vector and choose the candidate exponents and the left width.
 * The pairs ranked are those whose scale e - f is some sampled value's
 * least exponent: the same integers, decoded through different roundings
 * of 10^f * 10^-e, one of which often turns every value back exactly.
 */
static void
FkAlpPlanVector(const double *values, const uint64_t *valid, size_t n,
				FkAlpPlan *plan)
{
	double		s[FK_ALP_SAMPLE * FK_ALP_SAMPLE_BLOCKS];
	uint64_t	cost[FK_ALP_CANDIDATES];
	bool		used[FK_ALP_MAX_EXP + 1] = {false};
	size_t		nb = FkAlpBlocks(n);
	size_t		bstep = nb > FK_ALP_SAMPLE_BLOCKS ? nb / FK_ALP_SAMPLE_BLOCKS : 1;
	int			m = 0;

	for (size_t b = 0; b < nb && m + FK_ALP_SAMPLE <= FK_ALP_SAMPLE * FK_ALP_SAMPLE_BLOCKS;
		 b += bstep)
		m += FkAlpSampleValues(values + b * FK_ALP_BLOCK,
							   valid ? valid + b * (FK_ALP_BLOCK / 64) : NULL,
							   FkAlpBlockLen(n, b), FK_ALP_SAMPLE, s + m);
	used[0] = true;
	for (int i = 0; i < m; i++)
	{
		int			e = FkAlpLeastExponent(s[i]);

		if (e >= 0)
			used[e] = true;
	}

	plan->ncand = 0;
	for (int e = FK_ALP_MAX_EXP; e >= 0; e--)
		for (int f = e; f >= 0; f--)
		{
			uint64_t	c;
			int			k = plan->ncand;

			if (!used[e - f])
				continue;
			c = FkAlpSampleCost(s, m, e, f);
			/* insert (e, f) in the ranking; ties keep the earlier pair */
			while (k > 0 && cost[k - 1] > c)
			{
				if (k < FK_ALP_CANDIDATES)
				{
					cost[k] = cost[k - 1];
					plan->e[k] = plan->e[k - 1];
					plan->f[k] = plan->f[k - 1];
				}
				k--;
			}
			if (k < FK_ALP_CANDIDATES)
			{
				cost[k] = c;
				plan->e[k] = (uint8_t) e;
				plan->f[k] = (uint8_t) f;
				if (plan->ncand < FK_ALP_CANDIDATES)
					plan->ncand++;
			}
		}
	plan->left = FkAlpPlanLeft(s, m);
}

/*
 * The decimal encoding of a block's n values (absent ones, per valid, take
 * the first encoded integer), with the candidate that costs least on the
 * block's sample.  Returns its size in bytes, or SIZE_MAX when most of the
 * sample would be exceptions.
 */
static size_t
FkAlpTryDecimal(const FkAlpPlan *plan, const double *v, const uint64_t *valid,
				int n, FkAlpDecimalBlock *d)
{
	double		s[FK_ALP_SAMPLE];
	int			m = FkAlpSampleValues(v, valid, n, FK_ALP_SAMPLE, s);
	uint64_t	best_cost = UINT64_MAX;
	int64_t		filler = 0,
				lo,
				hi,
				dlo,
				dhi;
	int			dwidth;
	bool		have_filler = false;
	int			e,
				f;

	d->e = plan->e[0];
	d->f = plan->f[0];
	for (int k = 0; k < plan->ncand; k++)
	{
		uint64_t	c = FkAlpSampleCost(s, m, plan->e[k], plan->f[k]);

		if (c < best_cost)
		{
			best_cost = c;
			d->e = plan->e[k];
			d->f = plan->f[k];
		}
	}
	e = d->e;
	f = d->f;
	if (m > 0 && best_cost >= (uint64_t) m * FK_ALP_EXC_BITS / 2)
		return SIZE_MAX;

	/* every value, without a branch */
	{
		const double pe = FkAlpPow10[e],
					nf = FkAlpNegPow10[f],
					pf = FkAlpPow10[f],
					ne = FkAlpNegPow10[e];

		for (int i = 0; i < n; i++)
		{
			double		x = v[i] * pe * nf;
			int64_t		r = (int64_t) (FkAlpBits(x + FK_ALP_MAGIC) - FK_ALP_MAGIC_BITS);
			double		back = FkAlpIntToDouble(r) * pf * ne;

			d->ints[i] = r;
			d->ok[i] = (FkAlpBits(back) == FkAlpBits(v[i])) &
				(fabs(x) < (double) FK_ALP_INT_LIMIT);
		}
	}
	if (valid != NULL)
		for (int i = 0; i < n; i++)
			d->ok[i] |= (uint8_t) (2 * !((valid[i / 64] >> (i % 64)) & 1));

	/* exceptions (present values that did not come back), and the filler */
	d->nexc = 0;
	for (int i = 0; i < n; i++)
	{
		if (d->ok[i] == 1)
		{
			if (!have_filler)
				filler = d->ints[i];
			have_filler = true;
		}
		else if (d->ok[i] == 0)
			d->pos[d->nexc++] = (uint16_t) i;
	}

	/*
	 * An exception or absent element takes the integer before it (the first
	 * encoded one at the start): no wider frame, a difference of 0
	 */
	lo = dlo = INT64_MAX;
	hi = dhi = INT64_MIN;
	for (int i = 0; i < n; i++)
	{
		int64_t		x = d->ok[i] == 1 ? d->ints[i] : filler;

		if (i > 0)
		{
			int64_t		dd = x - d->ints[i - 1];

			dlo = dd < dlo ? dd : dlo;
			dhi = dd > dhi ? dd : dhi;
		}
		d->ints[i] = x;
		filler = x;
		lo = x < lo ? x : lo;
		hi = x > hi ? x : hi;
	}
	d->base = lo;
	d->width = FkAlpWidth((uint64_t) (hi - lo));
	d->delta = false;
	dwidth = n > 1 ? FkAlpWidth((uint64_t) (dhi - dlo)) : 64;
	if (8 * (size_t) FkAlpGroups(n) * dwidth + 8 <
		8 * (size_t) FkAlpGroups(n) * d->width)
	{
		d->delta = true;
		d->dmin = dlo;
		d->base = d->ints[0] - dlo;
		d->width = dwidth;
	}
	return (d->delta ? FK_ALP_HDR_DELTA : FK_ALP_HDR_DECIMAL) +
		8 * (size_t) FkAlpGroups(n) * d->width +
		FkAlpPad8(2 * (size_t) d->nexc) + 8 * (size_t) d->nexc;
}

/*
 * The split encoding of a block's n values with the plan's left width and
 * a dictionary of the most frequent left parts of 64 of its values.
 * Returns its size in bytes.
 */
static size_t
FkAlpTrySplit(const FkAlpPlan *plan, const double *v, const uint64_t *valid,
			  int n, FkAlpSplitBlock *sp)
{
	double		s[FK_ALP_DICT_SAMPLE];
	uint16_t	l[FK_ALP_DICT_SAMPLE];
	int			counts[FK_ALP_DICT_SAMPLE];
	uint16_t	vals[FK_ALP_DICT_SAMPLE];
	int			m = FkAlpSampleValues(v, valid, n, FK_ALP_DICT_SAMPLE, s);
	int			lw = plan->left;
	int			rw = 64 - lw;
	int			distinct = 0;
	uint64_t	rmask = FkAlpMask(rw);

	for (int i = 0; i < m; i++)
		l[i] = (uint16_t) (FkAlpBits(s[i]) >> rw);
	FkAlpSort16(l, m);
	for (int i = 0; i < m; i++)
	{
		if (i == 0 || l[i] != l[i - 1])
		{
			vals[distinct] = l[i];
			counts[distinct++] = 0;
		}
		counts[distinct - 1]++;
	}
	/* the most frequent first; equal counts, the smaller part first */
	sp->entries = 0;
	for (int k = 0; k < FK_ALP_DICT && k < distinct; k++)
	{
		int			top = k;

		for (int i = k + 1; i < distinct; i++)
			if (counts[i] > counts[top])
				top = i;
		sp->dict[sp->entries++] = vals[top];
		counts[top] = counts[k];
		vals[top] = vals[k];
		counts[k] = 0;
		vals[k] = sp->dict[k];
	}
	if (sp->entries == 0)
		sp->dict[sp->entries++] = 0;
	for (int k = sp->entries; k < FK_ALP_DICT; k++)
		sp->dict[k] = 0;

	sp->left = lw;
	sp->nexc = 0;
	for (int i = 0; i < n; i++)
	{
		uint64_t	u = FkAlpBits(v[i]);
		uint16_t	left = (uint16_t) (u >> rw);
		int			idx = -1;

		if (valid != NULL && !((valid[i / 64] >> (i % 64)) & 1))
		{
			sp->rights[i] = 0;
			sp->indexes[i] = 0;
			continue;
		}
		for (int k = 0; k < sp->entries; k++)
			if (sp->dict[k] == left)
			{
				idx = k;
				break;
			}
		sp->rights[i] = u & rmask;
		if (idx < 0)
		{
			sp->pos[sp->nexc] = (uint16_t) i;
			sp->lefts[sp->nexc++] = left;
			idx = 0;
		}
		sp->indexes[i] = (uint64_t) idx;
	}
	return FK_ALP_HDR_SPLIT + 8 * (size_t) FkAlpGroups(n) *
		(size_t) (rw + (sp->entries <= 1 ? 0 : sp->entries <= 2 ? 1 :
						sp->entries <= 4 ? 2 : 3)) +
		FkAlpPad8(4 * (size_t) sp->nexc);
}

/*
 * Pack one group of 64 values at width bits (1 .. 64) into words w (zeroed
 * here): inlined with a constant width, every shift is a constant.
 */
static FK_ALWAYS_INLINE void
FkAlpPackGroupW(const uint64_t *vals, const int width, uint64_t *w)
{
	memset(w, 0, sizeof(uint64_t) * width);
#pragma GCC unroll 64
	for (int i = 0; i < FK_ALP_GROUP; i++)
	{
		const int	bit = i * width;
		const int	k = bit >> 6;
		const int	sh = bit & 63;

		w[k] |= vals[i] << sh;
		if (sh != 0 && sh + width > 64)
			w[k + 1] |= vals[i] >> (64 - sh);
	}
}

#define FK_ALP_PACK(x)	FkAlpPackGroupW(vals, x, w)

/* Pack one group of 64 values at width bits (1 .. 64) into words w */
static void
FkAlpPackGroup(const uint64_t *vals, int width, uint64_t *w)
{
	switch (width)
	{
			FK_ALP_WIDTH_CASES(FK_ALP_PACK)
	}
}

/*
 * Pack n values (each below 2^width; zero-padded to whole groups) at width
 * bits into dst; returns the end of what was written
 */
static uint8_t *
FkAlpPack(const uint64_t *vals, int n, int width, uint8_t *dst)
{
	int			groups = FkAlpGroups(n);

	for (int g = 0; g < groups && width > 0; g++)
	{
		uint64_t	w[64];
		uint64_t	tail[FK_ALP_GROUP];
		const uint64_t *in = vals + g * FK_ALP_GROUP;

		if (n - g * FK_ALP_GROUP < FK_ALP_GROUP)
		{
			memset(tail, 0, sizeof(tail));
			memcpy(tail, in, sizeof(uint64_t) * (n - g * FK_ALP_GROUP));
			in = tail;
		}
		FkAlpPackGroup(in, width, w);
		memcpy(dst, w, 8 * (size_t) width);
		dst += 8 * (size_t) width;
	}
	return dst;
}

/* Write a block's decimal (or delta) encoding at dst */
static void
FkAlpWriteDecimal(FkAlpDecimalBlock *d, const double *v, int n, uint8_t *dst)
{
	uint8_t    *p = dst;
	uint64_t	u[FK_ALP_BLOCK];
	uint16_t	nexc = (uint16_t) d->nexc;
	int			hdr = d->delta ? FK_ALP_HDR_DELTA : FK_ALP_HDR_DECIMAL;

	memset(p, 0, hdr);
	p[0] = d->delta ? FK_ALP_DELTA : FK_ALP_DECIMAL;
	p[1] = (uint8_t) d->e;
	p[2] = (uint8_t) d->f;
	p[3] = (uint8_t) d->width;
	memcpy(p + 4, &nexc, 2);
	memcpy(p + 8, &d->base, 8);
	if (d->delta)
	{
		memcpy(p + 16, &d->dmin, 8);
		u[0] = 0;
		for (int i = 1; i < n; i++)
			u[i] = (uint64_t) (d->ints[i] - d->ints[i - 1] - d->dmin);
	}
	else
		for (int i = 0; i < n; i++)
			u[i] = (uint64_t) (d->ints[i] - d->base);
	p = FkAlpPack(u, n, d->width, p + hdr);
	memset(p, 0, FkAlpPad8(2 * (size_t) d->nexc));
	memcpy(p, d->pos, 2 * (size_t) d->nexc);
	p += FkAlpPad8(2 * (size_t) d->nexc);
	for (int j = 0; j < d->nexc; j++)
		memcpy(p + 8 * j, &v[d->pos[j]], 8);
}

/* Write a block's split encoding at dst */
static void
FkAlpWriteSplit(FkAlpSplitBlock *sp, int n, uint8_t *dst)
{
	uint8_t    *p = dst;
	int			rw = 64 - sp->left;
	int			iw = sp->entries <= 1 ? 0 : sp->entries <= 2 ? 1 :
		sp->entries <= 4 ? 2 : 3;
	uint16_t	nexc = (uint16_t) sp->nexc;

	memset(p, 0, FK_ALP_HDR_SPLIT);
	p[0] = FK_ALP_SPLIT;
	p[1] = (uint8_t) rw;
	p[2] = (uint8_t) sp->entries;
	p[3] = (uint8_t) iw;
	memcpy(p + 4, &nexc, 2);
	memcpy(p + 8, sp->dict, 2 * FK_ALP_DICT);
	p = FkAlpPack(sp->rights, n, rw, p + FK_ALP_HDR_SPLIT);
	p = FkAlpPack(sp->indexes, n, iw, p);
	memset(p, 0, FkAlpPad8(4 * (size_t) sp->nexc));
	memcpy(p, sp->pos, 2 * (size_t) sp->nexc);
	memcpy(p + 2 * (size_t) sp->nexc, sp->lefts, 2 * (size_t) sp->nexc);
}

/*
 * Encode one block of n values (valid: its validity words, or NULL) at dst
 * in the smallest of the three schemes; returns its size in bytes.  The
 * split scheme is tried only when the decimal one does not halve the block.
 */
static size_t
FkAlpEncodeBlock(const FkAlpPlan *plan, const double *v, const uint64_t *valid,
				 int n, uint8_t *dst, FkAlpDecimalBlock *d, FkAlpSplitBlock *sp)
{
	size_t		plain = FK_ALP_HDR_PLAIN + 8 * (size_t) n;
	size_t		dsize = FkAlpTryDecimal(plan, v, valid, n, d);
	size_t		ssize = SIZE_MAX;

	if (dsize > plain / 2)
		ssize = FkAlpTrySplit(plan, v, valid, n, sp);
	if (dsize <= ssize && dsize < plain)
	{
		FkAlpWriteDecimal(d, v, n, dst);
		return dsize;
	}
	if (ssize < plain)
	{
		FkAlpWriteSplit(sp, n, dst);
		return ssize;
	}
	memset(dst, 0, FK_ALP_HDR_PLAIN);
	dst[0] = FK_ALP_PLAIN;
	memcpy(dst + FK_ALP_HDR_PLAIN, v, 8 * (size_t) n);
	return plain;
}

/*
 * Encode n values (valid: their validity words, or NULL when all are
 * present) as a body at dst, which has room for FkAlpBodyBound(n) bytes;
 * returns the body's size.  Absent elements' values are not kept.
 * scratch: FK_ALP_SCRATCH bytes, 8-byte aligned, for the block encoders.
 */
size_t
FkAlpEncode(const double *values, const uint64_t *valid, size_t n,
			uint8_t *dst, void *scratch)
{
	FkAlpPlan	plan;
	size_t		nb = FkAlpBlocks(n);
	size_t		dir = FkAlpDirectorySize(n);
	uint32_t	off = 0;
	FkAlpDecimalBlock *d = (FkAlpDecimalBlock *) scratch;
	FkAlpSplitBlock *sp = (FkAlpSplitBlock *) ((char *) scratch +
											   sizeof(FkAlpDecimalBlock));

	FkAlpPlanVector(values, valid, n, &plan);
	memset(dst, 0, dir);
	for (size_t b = 0; b < nb; b++)
	{
		if (b % (FK_INTERRUPT_EVERY / FK_ALP_BLOCK) == FK_INTERRUPT_EVERY / FK_ALP_BLOCK - 1)
			FkCheckInterrupts();
		memcpy(dst + 4 * b, &off, 4);
		off += (uint32_t) FkAlpEncodeBlock(&plan, values + b * FK_ALP_BLOCK,
										   valid ? valid + b * (FK_ALP_BLOCK / 64) : NULL,
										   FkAlpBlockLen(n, b), dst + dir + off, d, sp);
	}
	memcpy(dst + 4 * nb, &off, 4);
	return dir + off;
}
