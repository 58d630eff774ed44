/*
 * alp_split_simd.h
 *		The split (ALP-RD) scheme's group of 64 values decoded in vector
 *		registers: the right parts unpacked, the left parts looked up and
 *		OR'ed in, the values stored, with no buffer between the steps.
 *
 * Included by alp_decode_body.h in its AVX2 and AVX-512 copies (the scalar
 * copy unpacks with alp_unpack.c).  Right widths are 48 .. 63, so 8 right
 * parts take rw bytes (8 * rw bits) and every value's bits lie in 8 words
 * loaded from the byte where its run of 8 (AVX-512) or 4 (AVX2) starts:
 * lane j shifts its word k right by s and the next word left by 64 - s
 * (k, s from the lane's bit offset), then masks.  A shift by 64 gives 0 in
 * these instructions, and a lane whose value does not straddle two words
 * takes garbage from the next word only above bit rw, which the mask
 * clears.  The last run of a group is loaded from the group's end backwards
 * (its offsets moved to match), so no load passes the group's words.
 *
 * Every step is an integer operation on the same bits as the scalar copy:
 * the same value for every path.
 */
#ifndef FK_ALP_SPLIT_SIMD_H
#define FK_ALP_SPLIT_SIMD_H

/*
 * Bits t * bits .. of a group's packed index words w (bits 8 or 12 or 16
 * or 24, the index bits of one run), read from the words that hold them;
 * bits above are left as they come (the caller masks each lane)
 */
static inline uint64_t
FkAlpRunBits(const uint8_t *w, int bits, int t)
{
	int			b = t * bits;
	int			k = b >> 6;
	int			s = b & 63;
	uint64_t	v = FkAlpLoad64(w + 8 * k) >> s;

	if (s + bits > 64)
		v |= FkAlpLoad64(w + 8 * (k + 1)) << (64 - s);
	return v;
}

#endif							/* FK_ALP_SPLIT_SIMD_H */

#if defined(__AVX512F__)
/*
 * 64 bytes at p as two 32-byte loads: a 64-byte load from an unaligned
 * address always spans two cache lines, and streaming a stored vector ran
 * slower so (alp_bench: decode whole 1.3 against 1.6 values per ns, decode
 * by block 2.9 against 3.3, in cache 5.8 against 6.7)
 */
#define FK_ALP_LOAD2(p) \
	_mm512_inserti64x4(_mm512_castsi256_si512( \
		_mm256_loadu_si256((const __m256i *) (p))), \
		_mm256_loadu_si256((const __m256i *) ((p) + 32)), 1)

/*
 * Right parts of one run from the words loaded at its start w: lane j's
 * word p0 shifted right by sr, the next word p1 left by sl, masked
 */
#define FK_ALP_RIGHTS(w, p0, p1, sr, sl, mask) \
	_mm512_and_si512(_mm512_or_si512( \
		_mm512_srlv_epi64(_mm512_permutexvar_epi64((p0), (w)), (sr)), \
		_mm512_sllv_epi64(_mm512_permutexvar_epi64((p1), (w)), (sl))), (mask))
#else
#define FK_ALP_RIGHTS(w, p0, p1, sr, sl, mask) \
	_mm256_and_si256(_mm256_or_si256( \
		_mm256_srlv_epi64(_mm256_permutevar8x32_epi32((w), (p0)), (sr)), \
		_mm256_sllv_epi64(_mm256_permutevar8x32_epi32((w), (p1)), (sl))), (mask))
#endif

#if defined(__AVX512F__)

/*
 * One group of a split block, 8 values a run: rights r at width rw, index
 * words x at width iw (a constant where inlined), dict the shifted left
 * parts; 64 values into o.  Returns a mask, nonzero where an index is not
 * below entries.  What depends on rw alone the compiler hoists out of the
 * caller's loop over the groups.
 */
static FK_ALWAYS_INLINE uint64_t
FK_ISA_FN(FkAlpSplitGroup) (const uint8_t *r, int rw, const uint8_t *x,
							const int iw, const uint64_t *dict, int entries,
							double *o)
{
	const __m512i lane = _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0);
	const __m512i off = _mm512_mullo_epi64(lane, _mm512_set1_epi64(rw));
	/* the last run is loaded from the group's end: its offsets moved */
	const __m512i offz = _mm512_add_epi64(off,
										  _mm512_set1_epi64(512 - 8 * rw));
	const __m512i s63 = _mm512_set1_epi64(63);
	const __m512i s64 = _mm512_set1_epi64(64);
	const __m512i one = _mm512_set1_epi64(1);
	const __m512i p0 = _mm512_srli_epi64(off, 6);
	const __m512i p1 = _mm512_add_epi64(p0, one);
	const __m512i sr = _mm512_and_si512(off, s63);
	const __m512i sl = _mm512_sub_epi64(s64, sr);
	const __m512i p0z = _mm512_srli_epi64(offz, 6);
	const __m512i p1z = _mm512_add_epi64(p0z, one);
	const __m512i srz = _mm512_and_si512(offz, s63);
	const __m512i slz = _mm512_sub_epi64(s64, srz);
	const __m512i mask = _mm512_set1_epi64((long long) FkAlpMask(rw));
	const __m512i d = _mm512_loadu_si512((const void *) dict);
	const __m512i d0 = _mm512_set1_epi64((long long) dict[0]);
	const __m512i d1 = _mm512_set1_epi64((long long) dict[1]);
	const __m512i ishift = _mm512_mullo_epi64(lane, _mm512_set1_epi64(iw));
	const __m512i imask = _mm512_set1_epi64((1 << iw) - 1);
	const __m512i lim = _mm512_set1_epi64(entries);
	uint64_t	bad = 0;
	uint64_t	bits1 = iw == 1 ? FkAlpLoad64(x) : 0;

#pragma GCC unroll 8
	for (int t = 0; t < FK_ALP_GROUP / 8; t++)
	{
		__m512i		v,
					left;

		if (t < FK_ALP_GROUP / 8 - 1)
			v = FK_ALP_RIGHTS(FK_ALP_LOAD2(r + t * rw),
							  p0, p1, sr, sl, mask);
		else
			v = FK_ALP_RIGHTS(FK_ALP_LOAD2(r + 8 * rw - 64),
							  p0z, p1z, srz, slz, mask);
		if (iw == 0)
			left = d0;
		else if (iw == 1)
			left = _mm512_mask_blend_epi64((__mmask8) (bits1 >> (8 * t)),
										   d0, d1);
		else
		{
			__m512i		k = _mm512_set1_epi64((long long)
											  FkAlpRunBits(x, 8 * iw, t));

			k = _mm512_and_si512(_mm512_srlv_epi64(k, ishift), imask);
			bad |= _mm512_cmpge_epu64_mask(k, lim);
			left = _mm512_permutexvar_epi64(k, d);
		}
		_mm512_storeu_si512((void *) (o + 8 * t), _mm512_or_si512(v, left));
	}
	return bad;
}

#elif defined(__AVX2__)

/*
 * One group of a split block, 4 values a run (the 8 values of rw bytes
 * taken as two halves): as the AVX-512 copy, words moved into lanes by
 * 32-bit permutations (word k as the pair 2k, 2k + 1), the dictionary's
 * low and high halves two registers of eight 32-bit entries, permuted and
 * blended.
 */
static FK_ALWAYS_INLINE uint64_t
FK_ISA_FN(FkAlpSplitGroup) (const uint8_t *r, int rw, const uint8_t *x,
							const int iw, const uint64_t *dict, int entries,
							double *o)
{
	const __m256i s63 = _mm256_set1_epi64x(63);
	const __m256i s64 = _mm256_set1_epi64x(64);
	const __m256i pair = _mm256_set_epi32(1, 0, 1, 0, 1, 0, 1, 0);
	const __m256i two = _mm256_set1_epi32(2);
	const __m256i mask = _mm256_set1_epi64x((long long) FkAlpMask(rw));
	const __m256i ishift = _mm256_set_epi64x(3 * iw, 2 * iw, iw, 0);
	const __m256i imask = _mm256_set1_epi64x((1 << iw) - 1);
	const __m256i lim = _mm256_set1_epi64x(entries - 1);
	const __m256d v0 = _mm256_castsi256_pd(_mm256_set1_epi64x((long long) dict[0]));
	const __m256d v1 = _mm256_castsi256_pd(_mm256_set1_epi64x((long long) dict[1]));
	const __m256i b1 = _mm256_set1_epi64x(iw == 1 ? (long long) FkAlpLoad64(x) : 0);
	__m256i		cnt = _mm256_set_epi64x(60, 61, 62, 63);
	__m256i		p0[3],
				p1[3],
				sr[3],
				sl[3];
	__m256i		bad = _mm256_setzero_si256();
	uint32_t	lo[FK_ALP_DICT],
				hi[FK_ALP_DICT];
	__m256i		dlo,
				dhi;

	/*
	 * Bit offsets of a run's lanes from its load: the first half of 8
	 * values, the second (moved by the half byte of an odd width), the
	 * group's last (loaded from the group's end)
	 */
	for (int h = 0; h < 3; h++)
	{
		int64_t		at = h == 0 ? 0 : h == 1 ? 4 * (rw & 1) : 256 - 4 * rw;
		__m256i		ob = _mm256_set_epi64x(at + 3 * rw, at + 2 * rw, at + rw, at);
		__m256i		k0 = _mm256_srli_epi64(ob, 6);
		__m256i		kk = _mm256_or_si256(k0, _mm256_slli_epi64(k0, 32));

		p0[h] = _mm256_add_epi32(_mm256_add_epi32(kk, kk), pair);
		p1[h] = _mm256_add_epi32(p0[h], two);
		sr[h] = _mm256_and_si256(ob, s63);
		sl[h] = _mm256_sub_epi64(s64, sr[h]);
	}
	for (int k = 0; k < FK_ALP_DICT; k++)
	{
		lo[k] = (uint32_t) dict[k];
		hi[k] = (uint32_t) (dict[k] >> 32);
	}
	dlo = _mm256_loadu_si256((const __m256i *) lo);
	dhi = _mm256_loadu_si256((const __m256i *) hi);

#pragma GCC unroll 16
	for (int t = 0; t < FK_ALP_GROUP / 4; t++)
	{
		int			h = t == FK_ALP_GROUP / 4 - 1 ? 2 : t & 1;
		int			at = h == 2 ? 8 * rw - 32 : (t >> 1) * rw + h * (rw >> 1);
		__m256i		v,
					left;

		v = FK_ALP_RIGHTS(_mm256_loadu_si256((const __m256i *) (r + at)),
						  p0[h], p1[h], sr[h], sl[h], mask);
		if (iw == 0)
			left = _mm256_castpd_si256(v0);
		else if (iw == 1)
		{
			/* bit t * 4 + lane into each lane's sign bit */
			__m256d		sign = _mm256_castsi256_pd(_mm256_sllv_epi64(b1, cnt));

			left = _mm256_castpd_si256(_mm256_blendv_pd(v0, v1, sign));
			cnt = _mm256_sub_epi64(cnt, _mm256_set1_epi64x(4));
		}
		else
		{
			__m256i		k = _mm256_set1_epi64x((long long)
											   FkAlpRunBits(x, 4 * iw, t));

			k = _mm256_and_si256(_mm256_srlv_epi64(k, ishift), imask);
			bad = _mm256_or_si256(bad, _mm256_cmpgt_epi64(k, lim));
			/* each 64-bit lane's index in both of its 32-bit halves */
			k = _mm256_or_si256(k, _mm256_slli_epi64(k, 32));
			left = _mm256_blend_epi32(_mm256_permutevar8x32_epi32(dlo, k),
									  _mm256_permutevar8x32_epi32(dhi, k), 0xAA);
		}
		_mm256_storeu_si256((__m256i *) (o + 4 * t), _mm256_or_si256(v, left));
	}
	return (uint64_t) _mm256_movemask_pd(_mm256_castsi256_pd(bad));
}

#endif
