/*
 * alp_decode_body.h
 *		The inner loops of the decoder of alp.h, compiled once per
 *		instruction set: unpacking the bit-packed groups and turning them into
 *		values, for a block whose header alp_decode.c has checked.
 *
 * Included by alp_decode.c (baseline) and alp_decode_avx2.c /
 * alp_decode_avx512.c (their -m flags) with FK_ISA defined to the name of the
 * copy (cdefs.h): FkAlpLoopsScalar, FkAlpLoopsAvx2, FkAlpLoopsAvx512.  Every
 * loop is integer arithmetic or one IEEE operation at a time (no contraction:
 * -ffp-contract=off), so every copy gives the same bits; only how many lanes
 * run at once differs (the compiler's vectorising, and the split scheme's
 * dictionary lookup written with the instruction set's permutations,
 * FkAlpLookup).
 *
 * The values are unpacked a group of 64 at a time by alp_unpack.c (one
 * function per width) into a buffer that the loops here turn into doubles:
 * frame of reference, running sums, or the dictionary's left part OR'ed
 * in; the exceptions are patched afterwards by alp_decode.c.
 */
#include "alp_internal.h"

#if defined(__AVX2__) || defined(__AVX512F__)
#include <immintrin.h>
#endif

/*
 * The decimal scheme, frame of reference: out[i] = (base + packed i) as a
 * double, times pf, times ne, for the n values of a block.
 */
static void
FK_ISA_FN(FkAlpDecimalRun) (const uint8_t *packed, int width, int n,
							int64_t base, double pf, double ne,
							double *out)
{
	const FkAlpUnpackFn unpack = FkAlpUnpackers[width];
	const uint64_t magic = FK_ALP_MAGIC_BITS + (uint64_t) base;

	for (int g = 0; g * FK_ALP_GROUP < n; g++)
	{
		uint64_t	u[FK_ALP_GROUP];
		double		tail[FK_ALP_GROUP];
		int			m = n - g * FK_ALP_GROUP;
		double	   *o = m >= FK_ALP_GROUP ? out + g * FK_ALP_GROUP : tail;

		unpack(packed + 8 * g * width, u);
		for (int i = 0; i < FK_ALP_GROUP; i++)
			o[i] = (FkAlpDouble(magic + u[i]) - FK_ALP_MAGIC) * pf * ne;
		if (o == tail)
			memcpy(out + g * FK_ALP_GROUP, tail, sizeof(double) * m);
	}
}

/*
 * The delta scheme: integer i is base + the sum over j <= i of (dmin +
 * packed j), as a double, times pf, times ne.  The sums run on the
 * integers' conversion bits (1.5 * 2^52 + x), so each value converts with
 * one subtraction.  With safe (the caller has shown that no sum can leave
 * +-2^51), the packed values are summed as they are unpacked and the
 * dmin's, (i + 1) * dmin at position i of a group, added with the
 * conversion; otherwise a sum leaving +-2^51 (FK_ALP_INT_LIMIT) among the n
 * values makes the result true.  All sums are modulo 2^64, so the order of
 * the additions does not change them.
 */
static bool
FK_ISA_FN(FkAlpDeltaRun) (const uint8_t *packed, int width, int n,
						  int64_t base, int64_t dmin, bool safe,
						  double pf, double ne, double *out)
{
	uint64_t	y = FK_ALP_MAGIC_BITS + (uint64_t) base;
	uint64_t	lo = FK_ALP_MAGIC_BITS - (uint64_t) FK_ALP_INT_LIMIT;
	uint64_t	ramp[FK_ALP_GROUP];
	uint64_t	bad = 0;

	for (int i = 0; i < FK_ALP_GROUP; i++)
		ramp[i] = safe ? (uint64_t) (i + 1) * (uint64_t) dmin : 0;
	for (int g = 0; g * FK_ALP_GROUP < n; g++)
	{
		uint64_t	u[FK_ALP_GROUP];
		double		tail[FK_ALP_GROUP];
		int			m = n - g * FK_ALP_GROUP;
		double	   *o = m >= FK_ALP_GROUP ? out + g * FK_ALP_GROUP : tail;
		const uint8_t *w = packed + 8 * g * width;

		if (safe)
			y = FkAlpUnpackSums[width] (w, y, u) +
				(uint64_t) FK_ALP_GROUP * (uint64_t) dmin;
		else
		{
			FkAlpUnpackers[width] (w, u);
			/* only the values of the block count: not the padded slots */
			for (int i = 0; i < FK_ALP_GROUP && i < m; i++)
			{
				y += (uint64_t) dmin + u[i];
				bad |= (y - lo) > 2 * (uint64_t) FK_ALP_INT_LIMIT;
				u[i] = y;
			}
		}
		for (int i = 0; i < FK_ALP_GROUP; i++)
			o[i] = (FkAlpDouble(u[i] + ramp[i]) - FK_ALP_MAGIC) * pf * ne;
		if (o == tail)
			memcpy(out + g * FK_ALP_GROUP, tail, sizeof(double) * m);
	}
	return bad != 0;
}

/*
 * o[i] = the bits dict[x[i]] | r[i] for a group (every x[i] < 8): with
 * AVX-512 the eight entries are one register and each 8 values one
 * permutation; with AVX2 the entries' low and high halves are two registers
 * of eight 32-bit entries, permuted and blended; elsewhere a table lookup.
 */
static inline void
FK_ISA_FN(FkAlpLookup) (const uint64_t *dict, const uint64_t *x,
						const uint64_t *r, double *o)
{
#if defined(__AVX512F__)
	const __m512i d = _mm512_loadu_si512((const void *) dict);

	for (int i = 0; i < FK_ALP_GROUP; i += 8)
	{
		__m512i		k = _mm512_loadu_si512((const void *) (x + i));
		__m512i		v = _mm512_permutexvar_epi64(k, d);

		v = _mm512_or_si512(v, _mm512_loadu_si512((const void *) (r + i)));
		_mm512_storeu_si512((void *) (o + i), v);
	}
#elif defined(__AVX2__)
	uint32_t	lo[FK_ALP_DICT],
				hi[FK_ALP_DICT];
	__m256i		dlo,
				dhi;

	for (int k = 0; k < FK_ALP_DICT; k++)
	{
		lo[k] = (uint32_t) dict[k];
		hi[k] = (uint32_t) (dict[k] >> 32);
	}
	dlo = _mm256_loadu_si256((const __m256i *) lo);
	dhi = _mm256_loadu_si256((const __m256i *) hi);
	for (int i = 0; i < FK_ALP_GROUP; i += 4)
	{
		__m256i		k = _mm256_loadu_si256((const __m256i *) (x + i));
		__m256i		v;

		/* each 64-bit lane's index in both of its 32-bit halves */
		k = _mm256_or_si256(k, _mm256_slli_epi64(k, 32));
		v = _mm256_blend_epi32(_mm256_permutevar8x32_epi32(dlo, k),
							   _mm256_permutevar8x32_epi32(dhi, k), 0xAA);
		v = _mm256_or_si256(v, _mm256_loadu_si256((const __m256i *) (r + i)));
		_mm256_storeu_si256((__m256i *) (o + i), v);
	}
#else
	for (int i = 0; i < FK_ALP_GROUP; i++)
		o[i] = FkAlpDouble(dict[x[i]] | r[i]);
#endif
}

/*
 * o[i] = the bits d0, or d1 where bit i of the 64 one-bit indexes is set,
 * | r[i] for a group: the indexes are read as the one word that holds them
 * (bit i is value i of width 1, as alp_unpack.c reads it) instead of
 * unpacked.  With AVX-512 each 8 bits are the mask of one blend; with AVX2
 * bit i + lane is shifted into each lane's sign bit, which selects the
 * blend; elsewhere unpacked, then a select by mask.
 */
static inline void
FK_ISA_FN(FkAlpSelect) (uint64_t d0, uint64_t d1, uint64_t bits,
						const uint64_t *r, double *o)
{
#if defined(__AVX512F__)
	const __m512i v0 = _mm512_set1_epi64((long long) d0);
	const __m512i v1 = _mm512_set1_epi64((long long) d1);

	for (int i = 0; i < FK_ALP_GROUP; i += 8)
	{
		__m512i		v = _mm512_mask_blend_epi64((__mmask8) (bits >> i), v0, v1);

		v = _mm512_or_si512(v, _mm512_loadu_si512((const void *) (r + i)));
		_mm512_storeu_si512((void *) (o + i), v);
	}
#elif defined(__AVX2__)
	const __m256d v0 = _mm256_castsi256_pd(_mm256_set1_epi64x((long long) d0));
	const __m256d v1 = _mm256_castsi256_pd(_mm256_set1_epi64x((long long) d1));
	const __m256i b = _mm256_set1_epi64x((long long) bits);
	__m256i		cnt = _mm256_set_epi64x(60, 61, 62, 63);

	for (int i = 0; i < FK_ALP_GROUP; i += 4)
	{
		__m256d		sign = _mm256_castsi256_pd(_mm256_sllv_epi64(b, cnt));
		__m256i		v = _mm256_castpd_si256(_mm256_blendv_pd(v0, v1, sign));

		v = _mm256_or_si256(v, _mm256_loadu_si256((const __m256i *) (r + i)));
		_mm256_storeu_si256((__m256i *) (o + i), v);
		cnt = _mm256_sub_epi64(cnt, _mm256_set1_epi64x(4));
	}
#else
	/* the indexes unpacked first (constant shifts): the select vectorises */
	uint64_t	flip = d0 ^ d1;
	uint64_t	x[FK_ALP_GROUP];

	FkAlpUnpackers[1] ((const uint8_t *) &bits, x);
	for (int i = 0; i < FK_ALP_GROUP; i++)
		o[i] = FkAlpDouble((d0 ^ (flip & (0 - x[i]))) | r[i]);
#endif
}

/*
 * The split scheme: value i's bits are dict[index i] | right part i (dict
 * holds the left parts already shifted), rights at width rw, indexes at
 * width iw (0 .. 3).  True when an index is not below entries (in a padded
 * slot too).
 */
static bool
FK_ISA_FN(FkAlpSplitRun) (const uint8_t *rights, int rw,
						  const uint8_t *indexes, int iw,
						  const uint64_t *dict, int entries, int n,
						  double *out)
{
	const FkAlpUnpackFn unpack = FkAlpUnpackers[rw];
	uint64_t	bad = 0;

	for (int g = 0; g * FK_ALP_GROUP < n; g++)
	{
		uint64_t	r[FK_ALP_GROUP];
		uint64_t	x[FK_ALP_GROUP];
		double		tail[FK_ALP_GROUP];
		int			m = n - g * FK_ALP_GROUP;
		double	   *o = m >= FK_ALP_GROUP ? out + g * FK_ALP_GROUP : tail;

		unpack(rights + 8 * g * rw, r);
		switch (iw)
		{
			case 0:
				for (int i = 0; i < FK_ALP_GROUP; i++)
					o[i] = FkAlpDouble(dict[0] | r[i]);
				break;
			case 1:
				/* two entries: a select by each one-bit index */
				FK_ISA_FN(FkAlpSelect) (dict[0], dict[1],
										FkAlpLoad64(indexes + 8 * g), r, o);
				break;
			case 2:
				FkAlpUnpackers[2] (indexes + 16 * g, x);
				goto lookup;
			default:
				FkAlpUnpackers[3] (indexes + 24 * g, x);
		lookup:
				/* 4 or 8 entries: every index names one */
				if (entries != 1 << iw)
					for (int i = 0; i < FK_ALP_GROUP; i++)
						bad |= x[i] >= (uint64_t) entries;
				FK_ISA_FN(FkAlpLookup) (dict, x, r, o);
				break;
		}
		if (o == tail)
			memcpy(out + g * FK_ALP_GROUP, tail, sizeof(double) * m);
	}
	return bad != 0;
}

/* This instruction set's loops, for alp_decode.c */
const FkAlpDecodeLoops FK_ISA_FN(FkAlpLoops) = {
	FK_ISA_FN(FkAlpDecimalRun),
	FK_ISA_FN(FkAlpDeltaRun),
	FK_ISA_FN(FkAlpSplitRun),
};
