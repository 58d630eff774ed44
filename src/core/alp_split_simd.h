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
 * One group of the split scheme, 8 values a run: rights at width rw from
 * words r (the group's rw words), index words x (iw words), dict the
 * shifted left parts; stores 64 doubles at o.  Returns a mask whose bits
 * are set where an index is not below entries.
 */
static inline uint64_t
FK_ISA_FN(FkAlpSplitGroup) (const uint8_t *r, int rw, const uint8_t *x,
							int iw, const uint64_t *dict, int entries,
							double *o)
{
	const __m512i lane = _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0);
	const __m512i off = _mm512_mullo_epi64(lane, _mm512_set1_epi64(rw));
	const __m512i offz = _mm512_add_epi64(off,
										  _mm512_set1_epi64(512 - 8 * rw));
	const __m512i mask = _mm512_set1_epi64((long long) FkAlpMask(rw));
	const __m512i s63 = _mm512_set1_epi64(63);
	const __m512i s64 = _mm512_set1_epi64(64);
	const __m512i one = _mm512_set1_epi64(1);
	const __m512i d = _mm512_loadu_si512((const void *) dict);
	const __m512i ishift = _mm512_mullo_epi64(lane, _mm512_set1_epi64(iw));
	const __m512i imask = _mm512_set1_epi64((1 << iw) - 1);
	const __m512i lim = _mm512_set1_epi64(entries);
	uint64_t	bits1 = iw == 1 ? FkAlpLoad64(x) : 0;
	uint64_t	bad = 0;

	for (int t = 0; t < FK_ALP_GROUP / 8; t++)
	{
		bool		last = t == FK_ALP_GROUP / 8 - 1;
		__m512i		w = _mm512_loadu_si512((const void *)
										   (r + (last ? 8 * rw - 64 : t * rw)));
		__m512i		o_bit = last ? offz : off;
		__m512i		k0 = _mm512_srli_epi64(o_bit, 6);
		__m512i		s = _mm512_and_si512(o_bit, s63);
		__m512i		v,
					left;

		v = _mm512_or_si512(
							_mm512_srlv_epi64(_mm512_permutexvar_epi64(k0, w), s),
							_mm512_sllv_epi64(_mm512_permutexvar_epi64(_mm512_add_epi64(k0, one), w),
											  _mm512_sub_epi64(s64, s)));
		v = _mm512_and_si512(v, mask);
		if (iw == 0)
			left = _mm512_set1_epi64((long long) dict[0]);
		else if (iw == 1)
			left = _mm512_mask_blend_epi64((__mmask8) (bits1 >> (8 * t)),
										   _mm512_set1_epi64((long long) dict[0]),
										   _mm512_set1_epi64((long long) dict[1]));
		else
		{
			__m512i		k = _mm512_set1_epi64((long long)
											  FkAlpRunBits(x, 8 * iw, t));

			k = _mm512_and_si512(_mm512_srlv_epi64(k, ishift), imask);
			bad |= (uint64_t) _mm512_cmpge_epu64_mask(k, lim) << (8 * t);
			left = _mm512_permutexvar_epi64(k, d);
		}
		_mm512_storeu_si512((void *) (o + 8 * t), _mm512_or_si512(v, left));
	}
	return bad;
}

#elif defined(__AVX2__)

/*
 * One group of the split scheme, 4 values a run (the 8 values of rw bytes
 * taken as two halves): as the AVX-512 copy, words moved into lanes by
 * 32-bit permutations, the dictionary's low and high halves two registers
 * of eight 32-bit entries, permuted and blended.
 */
static inline uint64_t
FK_ISA_FN(FkAlpSplitGroup) (const uint8_t *r, int rw, const uint8_t *x,
							int iw, const uint64_t *dict, int entries,
							double *o)
{
	const __m256i off = _mm256_set_epi64x(3 * rw, 2 * rw, rw, 0);
	/* bit offsets of the second half and of the group's last half */
	const __m256i offh = _mm256_add_epi64(off, _mm256_set1_epi64x(4 * (rw & 1)));
	const __m256i offz = _mm256_add_epi64(off,
										  _mm256_set1_epi64x(256 - 4 * rw));
	const __m256i mask = _mm256_set1_epi64x((long long) FkAlpMask(rw));
	const __m256i s63 = _mm256_set1_epi64x(63);
	const __m256i s64 = _mm256_set1_epi64x(64);
	/* a word index k as the 32-bit pair 2k, 2k + 1 of its lane */
	const __m256i pair = _mm256_set_epi32(1, 0, 1, 0, 1, 0, 1, 0);
	const __m256i ishift = _mm256_set_epi64x(3 * iw, 2 * iw, iw, 0);
	const __m256i imask = _mm256_set1_epi64x((1 << iw) - 1);
	const __m256i lim = _mm256_set1_epi64x(entries - 1);
	const __m256d v0 = _mm256_castsi256_pd(_mm256_set1_epi64x((long long) dict[0]));
	const __m256d v1 = _mm256_castsi256_pd(_mm256_set1_epi64x((long long) dict[1]));
	__m256i		cnt = _mm256_set_epi64x(60, 61, 62, 63);
	__m256i		bad = _mm256_setzero_si256();
	uint64_t	bits1 = iw == 1 ? FkAlpLoad64(x) : 0;
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

	for (int t = 0; t < FK_ALP_GROUP / 4; t++)
	{
		bool		last = t == FK_ALP_GROUP / 4 - 1;
		int			at = last ? 8 * rw - 32 : (t >> 1) * rw + (t & 1) * (rw >> 1);
		__m256i		w = _mm256_loadu_si256((const __m256i *) (r + at));
		__m256i		o_bit = last ? offz : (t & 1) ? offh : off;
		__m256i		k0 = _mm256_srli_epi64(o_bit, 6);
		__m256i		s = _mm256_and_si256(o_bit, s63);
		__m256i		kk = _mm256_or_si256(k0, _mm256_slli_epi64(k0, 32));
		/* 2k in both halves of a lane, + (0, 1): the word's two halves */
		__m256i		p0 = _mm256_add_epi32(_mm256_add_epi32(kk, kk), pair);
		__m256i		v,
					left;

		v = _mm256_or_si256(
							_mm256_srlv_epi64(_mm256_permutevar8x32_epi32(w, p0), s),
							_mm256_sllv_epi64(_mm256_permutevar8x32_epi32(w, _mm256_add_epi32(p0, _mm256_set1_epi32(2))),
											  _mm256_sub_epi64(s64, s)));
		v = _mm256_and_si256(v, mask);
		if (iw == 0)
			left = _mm256_castpd_si256(v0);
		else if (iw == 1)
		{
			__m256d		sign = _mm256_castsi256_pd(
												   _mm256_sllv_epi64(_mm256_set1_epi64x((long long) bits1), cnt));

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
