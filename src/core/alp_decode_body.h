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
 * groups written with the instruction set's shifts and permutations,
 * alp_split_simd.h).
 *
 * The values are unpacked a group of 64 at a time by alp_unpack.c (one
 * function per width) into a buffer that the loops here turn into doubles
 * (frame of reference, running sums, or the dictionary's left part OR'ed
 * in), or with AVX-512 the decimal and delta schemes' whole groups into
 * the output itself, converted there after the block (FK_ALP_IN_PLACE);
 * the exceptions are patched afterwards by alp_decode.c.
 */
#include "alp_internal.h"

#if defined(__AVX2__) || defined(__AVX512F__)
#include <immintrin.h>
#endif

/*
 * Whether a copy unpacks the decimal and delta schemes' whole groups into
 * the block's output and converts them there after the last (AVX-512), or
 * converts each group from a buffer right after unpacking it (the others).
 * A vector load of values stored one at a time just before waits until the
 * stores are done, so the conversion right after each group's unpacking
 * stalls; converting in place after the block avoids that, and decoded
 * cents 1.08 times as fast with AVX-512 here, but the AVX2 copy 0.97 and
 * the baseline 0.83 times as fast (bench/alp_loops_bench.c;
 * bench/results/compressed-series.md).
 */
#if defined(__AVX512F__)
#define FK_ALP_IN_PLACE 1
#else
#define FK_ALP_IN_PLACE 0
#endif

/*
 * The first groups whole groups of out, unpacked in place: each word plus
 * add[i] (i its position in its group) as the bits of the conversion
 * constant plus an integer, to that integer times pf times ne
 */
static inline void
FkAlpConvertInPlace(double *out, int groups, const uint64_t *add,
					double pf, double ne)
{
	for (int g = 0; g < groups; g++)
	{
		double	   *o = out + g * FK_ALP_GROUP;

		for (int i = 0; i < FK_ALP_GROUP; i++)
		{
			uint64_t	b;

			memcpy(&b, o + i, sizeof(b));
			o[i] = (FkAlpDouble(b + add[i]) - FK_ALP_MAGIC) * pf * ne;
		}
	}
}

/*
 * Where group g, whose doubles go to o (out's slots, or tail for a short
 * last group), is unpacked: in place when the copy converts so and o is
 * out's, else buf.
 */
static inline uint64_t *
FkAlpGroupWords(double *o, const double *tail, uint64_t *buf)
{
	/* out's doubles as words: the build has -fno-strict-aliasing */
	return FK_ALP_IN_PLACE && o != tail ? (uint64_t *) o : buf;
}

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
		uint64_t	buf[FK_ALP_GROUP];
		double		tail[FK_ALP_GROUP];
		int			m = n - g * FK_ALP_GROUP;
		double	   *o = m >= FK_ALP_GROUP ? out + g * FK_ALP_GROUP : tail;
		uint64_t   *u = FkAlpGroupWords(o, tail, buf);

		unpack(packed + 8 * g * width, u);
		if (u != buf)
			continue;			/* converted after the block */
		for (int i = 0; i < FK_ALP_GROUP; i++)
			o[i] = (FkAlpDouble(magic + u[i]) - FK_ALP_MAGIC) * pf * ne;
		if (o == tail)
			memcpy(out + g * FK_ALP_GROUP, tail, sizeof(double) * m);
	}
	if (FK_ALP_IN_PLACE)
	{
		uint64_t	add[FK_ALP_GROUP];

		for (int i = 0; i < FK_ALP_GROUP; i++)
			add[i] = magic;
		FkAlpConvertInPlace(out, n / FK_ALP_GROUP, add, pf, ne);
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
		uint64_t	buf[FK_ALP_GROUP];
		double		tail[FK_ALP_GROUP];
		int			m = n - g * FK_ALP_GROUP;
		double	   *o = m >= FK_ALP_GROUP ? out + g * FK_ALP_GROUP : tail;
		uint64_t   *u = FkAlpGroupWords(o, tail, buf);
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
		if (u != buf)
			continue;			/* converted after the block */
		for (int i = 0; i < FK_ALP_GROUP; i++)
			o[i] = (FkAlpDouble(u[i] + ramp[i]) - FK_ALP_MAGIC) * pf * ne;
		if (o == tail)
			memcpy(out + g * FK_ALP_GROUP, tail, sizeof(double) * m);
	}
	if (FK_ALP_IN_PLACE)
		FkAlpConvertInPlace(out, n / FK_ALP_GROUP, ramp, pf, ne);
	return bad != 0;
}

#if defined(__AVX2__) || defined(__AVX512F__)
#include "alp_split_simd.h"

/*
 * The groups of a split block at index width iw (a constant where
 * inlined): the 64 values of each straight into out, a short last group
 * through a buffer.  No software prefetch: the hardware's keeps up, and
 * prefetching the rights of the group two on made the AVX-512 copy about
 * 1.15 times slower decoding whole, by block and in cache
 * (bench/alp_old_pair.sh; bench/results/compressed-series.md).  Nonzero
 * when an index is not below entries.
 */
static FK_ALWAYS_INLINE uint64_t
FK_ISA_FN(FkAlpSplitGroups) (const uint8_t *rights, int rw,
							 const uint8_t *indexes, const int iw,
							 const uint64_t *dict, int entries, int n,
							 double *out)
{
	uint64_t	bad = 0;

	for (int g = 0; g * FK_ALP_GROUP < n; g++)
	{
		double		tail[FK_ALP_GROUP];
		int			m = n - g * FK_ALP_GROUP;
		double	   *o = m >= FK_ALP_GROUP ? out + g * FK_ALP_GROUP : tail;
		const uint8_t *r = rights + 8 * g * rw;

		bad |= FK_ISA_FN(FkAlpSplitGroup) (r, rw, indexes + 8 * g * iw, iw,
										   dict, entries, o);
		if (o == tail)
			memcpy(out + g * FK_ALP_GROUP, tail, sizeof(double) * m);
	}
	return bad;
}

/*
 * The split scheme: value i's bits are dict[index i] | right part i (dict
 * holds the left parts already shifted), rights at width rw, indexes at
 * width iw (0 .. 3), a group at a time (in vector registers with AVX2 and
 * AVX-512, alp_split_simd.h).  True when an index is not below entries (in
 * a padded slot too).
 */
static bool
FK_ISA_FN(FkAlpSplitRun) (const uint8_t *rights, int rw,
						  const uint8_t *indexes, int iw,
						  const uint64_t *dict, int entries, int n,
						  double *out)
{
	/* each index width a copy of its own (the width a constant there) */
	switch (iw)
	{
		case 0:
			return FK_ISA_FN(FkAlpSplitGroups) (rights, rw, indexes, 0, dict,
												entries, n, out) != 0;
		case 1:
			return FK_ISA_FN(FkAlpSplitGroups) (rights, rw, indexes, 1, dict,
												entries, n, out) != 0;
		case 2:
			return FK_ISA_FN(FkAlpSplitGroups) (rights, rw, indexes, 2, dict,
												entries, n, out) != 0;
		default:
			return FK_ISA_FN(FkAlpSplitGroups) (rights, rw, indexes, 3, dict,
												entries, n, out) != 0;
	}
}
#else

/*
 * o[i] = the bits dict[x[i]] | r[i] for a group (every x[i] < 8), by a
 * table lookup.
 */
static inline void
FK_ISA_FN(FkAlpLookup) (const uint64_t *dict, const uint64_t *x,
						const uint64_t *r, double *o)
{
	for (int i = 0; i < FK_ALP_GROUP; i++)
		o[i] = FkAlpDouble(dict[x[i]] | r[i]);
}

/*
 * o[i] = the bits d0, or d1 where bit i of the 64 one-bit indexes is set,
 * | r[i] for a group: the indexes unpacked, then a select by mask.
 */
static inline void
FK_ISA_FN(FkAlpSelect) (uint64_t d0, uint64_t d1, uint64_t bits,
						const uint64_t *r, double *o)
{
	/* the indexes unpacked first (constant shifts): the select vectorises */
	uint64_t	flip = d0 ^ d1;
	uint64_t	x[FK_ALP_GROUP];

	FkAlpUnpackers[1] ((const uint8_t *) &bits, x);
	for (int i = 0; i < FK_ALP_GROUP; i++)
		o[i] = FkAlpDouble((d0 ^ (flip & (0 - x[i]))) | r[i]);
}

/*
 * The split scheme without vector registers: value i's bits are dict[index
 * i] | right part i (dict holds the left parts already shifted), rights at
 * width rw, indexes at width iw (0 .. 3), each unpacked a group at a time by
 * alp_unpack.c.  True when an index is not below entries (in a padded slot
 * too).
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
#endif

/* This instruction set's loops, for alp_decode.c */
const FkAlpDecodeLoops FK_ISA_FN(FkAlpLoops) = {
	FK_ISA_FN(FkAlpDecimalRun),
	FK_ISA_FN(FkAlpDeltaRun),
	FK_ISA_FN(FkAlpSplitRun),
};
