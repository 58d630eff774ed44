/*
 * test_alp_paths.c
 *		Unit tests of the ALP decoder's inner loops (alp_unpack.c,
 *		alp_decode_body.h) against a reference written here from the block
 *		layouts of alp_internal.h, one bit at a time: every instruction set
 *		this CPU runs (scalar, AVX2, AVX-512) decodes random blocks of every
 *		scheme and every bit width to the reference's bits, or rejects them
 *		with the reference's reason.  Lengths 1 .. 1,024 (short tails),
 *		exceptions at the first and last positions, NaN and -0 among them;
 *		split blocks at every length 1 .. 1,024 and every right width.
 */
#include <stdlib.h>
#include <string.h>

#include "../../src/core/alp_internal.h"
#include "kern_testutil.h"
#include "tap.h"

static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;

/* The tests' random stream (kern_testutil.h's xorshift64*) */
static uint64_t
rng(void)
{
	return rand64(&rng_state);
}

/* Block lengths: one value, short tails, whole groups, a full block */
static const int lengths[] = {1, 2, 63, 64, 65, 127, 500, 1000, 1023, 1024};
#define NLENGTHS ((int) (sizeof(lengths) / sizeof(lengths[0])))

/* Low width bits of x (width 0 .. 64) */
static uint64_t
low_bits(uint64_t x, int width)
{
	return width >= 64 ? x : x & ((UINT64_C(1) << width) - 1);
}

/* Bit b of a bit stream of 64-bit machine words, least significant first */
static int
get_bit(const uint8_t *words, size_t b)
{
	uint64_t	w;

	memcpy(&w, words + 8 * (b / 64), 8);
	return (int) ((w >> (b % 64)) & 1);
}

/* Set bit b of such a stream */
static void
set_bit(uint8_t *words, size_t b)
{
	uint64_t	w;

	memcpy(&w, words + 8 * (b / 64), 8);
	w |= UINT64_C(1) << (b % 64);
	memcpy(words + 8 * (b / 64), &w, 8);
}

/* Value i of a packed array of width bits a value, one bit at a time */
static uint64_t
ref_field(const uint8_t *words, int width, int i)
{
	uint64_t	v = 0;

	for (int k = 0; k < width; k++)
		v |= (uint64_t) get_bit(words, (size_t) i * width + k) << k;
	return v;
}

/* Pack count values (count a multiple of 64) at width bits into words */
static void
ref_pack(const uint64_t *vals, int count, int width, uint8_t *words)
{
	memset(words, 0, (size_t) count / 8 * width);
	for (int i = 0; i < count; i++)
		for (int k = 0; k < width; k++)
			if ((vals[i] >> k) & 1)
				set_bit(words, (size_t) i * width + k);
}

static void
put16(uint8_t *p, uint16_t v)
{
	memcpy(p, &v, 2);
}

static void
put64(uint8_t *p, uint64_t v)
{
	memcpy(p, &v, 8);
}

/* A raw value for an exception: NaN, -0, Infinity or random bits */
static uint64_t
odd_bits(void)
{
	static const uint64_t specials[] = {
		UINT64_C(0x7FF8000000000000), UINT64_C(0x8000000000000000),
		UINT64_C(0x7FF0000000000000), UINT64_C(0x7FF4000000000001),
	};
	uint64_t	r = rng();

	return r % 3 == 0 ? specials[r / 3 % 4] : rng();
}

/*
 * How many exceptions a block of n gets: none in a third of the blocks (the
 * packed values then end the block), else 2 .. 7 (n when n < 3)
 */
static int
exception_count(int n)
{
	if (rng() % 3 == 0)
		return 0;
	return n < 3 ? n : (int) (rng() % 6) + 2;
}

/* Exception positions: the first and the last, then random ones */
static void
exception_positions(int n, int nexc, uint16_t *pos)
{
	for (int j = 0; j < nexc; j++)
		pos[j] = (uint16_t) (j == 0 ? 0 : j == 1 ? (uint64_t) n - 1 : rng() % n);
}

/* The reference decoder's result: a reason, and the values when 0 */
typedef struct RefResult
{
	FkAlpStatus st;
	uint64_t	bits[FK_ALP_BLOCK];
} RefResult;

/*
 * A decimal or delta block of n values at width with random contents;
 * small keeps the packed values under 256 (sums that stay in range).
 * Writes the block at p, its reference result at ref; returns its size.
 */
static size_t
make_decimal(uint8_t *p, int n, int width, bool delta, bool small,
			 RefResult *ref)
{
	int			groups = FkAlpGroups(n);
	int			hdr = delta ? FK_ALP_HDR_DELTA : FK_ALP_HDR_DECIMAL;
	int			e = (int) (rng() % (FK_ALP_MAX_EXP + 1));
	int			f = (int) (rng() % (e + 1));
	int			nexc = exception_count(n);
	uint64_t	vals[FK_ALP_BLOCK];
	uint16_t	pos[8];
	int64_t		base,
				dmin = 0;
	int64_t		limit = FK_ALP_INT_LIMIT;
	int64_t		x;
	uint8_t    *q;

	for (int i = 0; i < groups * FK_ALP_GROUP; i++)
		vals[i] = low_bits(small ? rng() % 256 : rng(), width);
	if (delta)
	{
		dmin = small ? (int64_t) (rng() % 21) - 10 :
			(int64_t) (rng() % (4 * (uint64_t) limit)) - 2 * limit;
		base = (int64_t) (rng() % (2 * (uint64_t) limit)) - limit;
	}
	else
	{
		uint64_t	span = (uint64_t) (2 * limit) - low_bits(~UINT64_C(0), width);

		base = (int64_t) (rng() % (span + 1)) - limit;
	}
	memset(p, 0, (size_t) hdr);
	p[0] = delta ? FK_ALP_DELTA : FK_ALP_DECIMAL;
	p[1] = (uint8_t) e;
	p[2] = (uint8_t) f;
	p[3] = (uint8_t) width;
	put16(p + 4, (uint16_t) nexc);
	put64(p + 8, (uint64_t) base);
	if (delta)
		put64(p + 16, (uint64_t) dmin);
	ref_pack(vals, groups * FK_ALP_GROUP, width, p + hdr);
	q = p + hdr + 8 * (size_t) groups * width;
	exception_positions(n, nexc, pos);
	memset(q, 0, FkAlpPad8(2 * (size_t) nexc));
	for (int j = 0; j < nexc; j++)
		put16(q + 2 * j, pos[j]);
	q += FkAlpPad8(2 * (size_t) nexc);

	/* the reference: exact integers, then the two products in order */
	ref->st = FK_ALP_OK;
	x = base;
	for (int i = 0; i < n; i++)
	{
		uint64_t	v = ref_field(p + hdr, width, i);

		x = delta ? x + dmin + (int64_t) v : base + (int64_t) v;
		if (x < -limit || x > limit)
		{
			ref->st = FK_ALP_BAD_BASE;
			break;
		}
		ref->bits[i] = bits_of((double) x * FkAlpPow10[f] * FkAlpNegPow10[e]);
	}
	for (int j = 0; j < nexc; j++)
	{
		uint64_t	raw = odd_bits();

		put64(q + 8 * j, raw);
		ref->bits[pos[j]] = raw;
	}
	return (size_t) (q + 8 * nexc - p);
}

/*
 * A split block of n values at right width rw with entries dictionary
 * entries; valid keeps every index below entries.  As make_decimal.
 */
static size_t
make_split(uint8_t *p, int n, int rw, int entries, bool valid,
		   RefResult *ref)
{
	int			groups = FkAlpGroups(n);
	int			iw = entries <= 1 ? 0 : entries <= 2 ? 1 : entries <= 4 ? 2 : 3;
	int			nexc = exception_count(n);
	uint64_t	rights[FK_ALP_BLOCK];
	uint64_t	idx[FK_ALP_BLOCK];
	uint16_t	dict[FK_ALP_DICT] = {0};
	uint16_t	pos[8];
	uint16_t	left[8];
	uint8_t    *r = p + FK_ALP_HDR_SPLIT;
	uint8_t    *x = r + 8 * (size_t) groups * rw;
	uint8_t    *q = x + 8 * (size_t) groups * iw;

	for (int k = 0; k < entries; k++)
		dict[k] = (uint16_t) low_bits(rng(), 64 - rw);
	for (int i = 0; i < groups * FK_ALP_GROUP; i++)
	{
		rights[i] = low_bits(rng(), rw);
		idx[i] = i >= n ? 0 : valid ? rng() % entries : low_bits(rng(), iw);
	}
	memset(p, 0, FK_ALP_HDR_SPLIT);
	p[0] = FK_ALP_SPLIT;
	p[1] = (uint8_t) rw;
	p[2] = (uint8_t) entries;
	p[3] = (uint8_t) iw;
	put16(p + 4, (uint16_t) nexc);
	for (int k = 0; k < FK_ALP_DICT; k++)
		put16(p + 8 + 2 * k, dict[k]);
	ref_pack(rights, groups * FK_ALP_GROUP, rw, r);
	ref_pack(idx, groups * FK_ALP_GROUP, iw, x);
	exception_positions(n, nexc, pos);
	memset(q, 0, FkAlpPad8(4 * (size_t) nexc));
	for (int j = 0; j < nexc; j++)
	{
		left[j] = (uint16_t) low_bits(rng(), 64 - rw);
		put16(q + 2 * j, pos[j]);
		put16(q + 2 * (size_t) nexc + 2 * j, left[j]);
	}

	ref->st = FK_ALP_OK;
	for (int i = 0; i < n; i++)
	{
		uint64_t	k = ref_field(x, iw, i);

		if (k >= (uint64_t) entries)
			ref->st = FK_ALP_BAD_DICTIONARY;
		else
			ref->bits[i] = ((uint64_t) dict[k] << rw) | ref_field(r, rw, i);
	}
	for (int j = 0; j < nexc; j++)
		ref->bits[pos[j]] = ((uint64_t) left[j] << rw) |
			low_bits(ref->bits[pos[j]], rw);
	return (size_t) (q + FkAlpPad8(4 * (size_t) nexc) - p);
}

/*
 * Decode the block of size bytes at p with loops and compare with ref: the
 * same reason, and when 0 the same bits.  The block is copied to a buffer
 * of its exact size (a read past it fails under ASan); the output is
 * poisoned first.
 */
static bool
agrees(const FkAlpDecodeLoops *loops, const uint8_t *p, size_t size, int n,
	   const RefResult *ref)
{
	double		out[FK_ALP_BLOCK];
	uint8_t    *exact = malloc(size);
	FkAlpStatus st;

	memcpy(exact, p, size);
	memset(out, 0xA5, sizeof(out));
	st = FkAlpDecodeBlockWith(loops, exact, size, n, out);
	free(exact);
	if (st != ref->st)
		return false;
	for (int i = 0; st == FK_ALP_OK && i < n; i++)
		if (bits_of(out[i]) != ref->bits[i])
			return false;
	return true;
}

/* Every width of the unpacking tables against the bit reader */
static void
test_unpackers(void)
{
	uint64_t	out[FK_ALP_GROUP];
	int			bad = 0,
				bad_sum = 0;

	for (int width = 0; width <= 64; width++)
	{
		for (int trial = 0; trial < 4; trial++)
		{
			/* exactly the group's words: a read past them fails under ASan */
			uint8_t    *words = malloc(width > 0 ? 8 * (size_t) width : 1);
			uint64_t	y0 = rng(),
						y = y0,
						last;

			for (int b = 0; b < 8 * width; b++)
				words[b] = (uint8_t) rng();
			FkAlpUnpackers[width] (words, out);
			for (int i = 0; i < FK_ALP_GROUP; i++)
				bad += out[i] != ref_field(words, width, i);
			last = FkAlpUnpackSums[width] (words, y0, out);
			for (int i = 0; i < FK_ALP_GROUP; i++)
			{
				y += ref_field(words, width, i);
				bad_sum += out[i] != y;
			}
			bad_sum += last != y;
			free(words);
		}
	}
	ok(bad == 0, "unpacking at every width 0 .. 64 matches the bit reader (%d differ)", bad);
	ok(bad_sum == 0, "unpacking with running sums at every width matches (%d differ)", bad_sum);
}

/* One instruction set's loops on every scheme and width */
static void
test_path(const char *name, const FkAlpDecodeLoops *loops)
{
	static uint8_t block[FK_ALP_BLOCK_MAX + 4096];
	static RefResult ref;
	int			blocks[3] = {0},
				rejected[3] = {0},
				differ[3] = {0};

	rng_state = 0x9E3779B97F4A7C15ULL;
	for (int delta = 0; delta <= 1; delta++)
		for (int width = 0; width <= (delta ? 53 : 52); width++)
			for (int li = 0; li < NLENGTHS; li++)
				for (int small = 0; small <= delta; small++)
				{
					size_t		sz = make_decimal(block, lengths[li], width,
												  delta, small, &ref);

					blocks[delta]++;
					rejected[delta] += ref.st != FK_ALP_OK;
					differ[delta] += !agrees(loops, block, sz, lengths[li], &ref);
				}
	for (int rw = 64 - FK_ALP_MAX_LEFT; rw <= 63; rw++)
		for (int entries = 1; entries <= FK_ALP_DICT; entries++)
			for (int li = 0; li < NLENGTHS; li++)
				for (int valid = 0; valid <= 1; valid++)
				{
					size_t		sz = make_split(block, lengths[li], rw,
												entries, valid, &ref);

					blocks[2]++;
					rejected[2] += ref.st != FK_ALP_OK;
					differ[2] += !agrees(loops, block, sz, lengths[li], &ref);
				}
	ok(differ[0] == 0 && blocks[0] > 500,
	   "%s: decimal blocks, widths 0 .. 52: %d of %d differ from the reference",
	   name, differ[0], blocks[0]);
	ok(differ[1] == 0 && rejected[1] > 0 && rejected[1] < blocks[1],
	   "%s: delta blocks, widths 0 .. 53: %d of %d differ (%d rejected as out of range)",
	   name, differ[1], blocks[1], rejected[1]);
	ok(differ[2] == 0 && rejected[2] > 0 && rejected[2] < blocks[2],
	   "%s: split blocks, right widths 48 .. 63, 1 .. 8 entries: %d of %d differ (%d rejected for an index)",
	   name, differ[2], blocks[2], rejected[2]);
}

/* Pack count values (count a multiple of 64) at width bits, a word at a time */
static void
fast_pack(const uint64_t *vals, int count, int width, uint8_t *words)
{
	memset(words, 0, (size_t) count / 8 * width);
	for (int i = 0; i < count; i++)
	{
		size_t		b = (size_t) i * width;
		uint64_t	w;

		if (width == 0)
			continue;
		memcpy(&w, words + 8 * (b / 64), 8);
		w |= vals[i] << (b % 64);
		memcpy(words + 8 * (b / 64), &w, 8);
		if (b % 64 + width > 64)
		{
			memcpy(&w, words + 8 * (b / 64 + 1), 8);
			w |= vals[i] >> (64 - b % 64);
			memcpy(words + 8 * (b / 64 + 1), &w, 8);
		}
	}
}

/*
 * A split block of n values at right width rw, entries dictionary entries,
 * every index valid, no exceptions; the expected bits from the values
 * before packing (so not through any reader of packed bits).  Its size.
 */
static size_t
make_split_fast(uint8_t *p, int n, int rw, int entries, uint64_t *bits)
{
	int			groups = FkAlpGroups(n);
	int			iw = entries <= 1 ? 0 : entries <= 2 ? 1 : entries <= 4 ? 2 : 3;
	uint64_t	rights[FK_ALP_BLOCK];
	uint64_t	idx[FK_ALP_BLOCK];
	uint16_t	dict[FK_ALP_DICT] = {0};
	uint8_t    *r = p + FK_ALP_HDR_SPLIT;
	uint8_t    *x = r + 8 * (size_t) groups * rw;

	for (int k = 0; k < entries; k++)
		dict[k] = (uint16_t) low_bits(rng(), 64 - rw);
	for (int i = 0; i < groups * FK_ALP_GROUP; i++)
	{
		/* all ones now and then: every bit of a straddling value counts */
		rights[i] = rng() % 7 == 0 ? low_bits(~UINT64_C(0), rw) : low_bits(rng(), rw);
		idx[i] = i >= n ? 0 : rng() % entries;
		if (i < n)
			bits[i] = ((uint64_t) dict[idx[i]] << rw) | rights[i];
	}
	memset(p, 0, FK_ALP_HDR_SPLIT);
	p[0] = FK_ALP_SPLIT;
	p[1] = (uint8_t) rw;
	p[2] = (uint8_t) entries;
	p[3] = (uint8_t) iw;
	for (int k = 0; k < FK_ALP_DICT; k++)
		put16(p + 8 + 2 * k, dict[k]);
	fast_pack(rights, groups * FK_ALP_GROUP, rw, r);
	fast_pack(idx, groups * FK_ALP_GROUP, iw, x);
	return (size_t) (x + 8 * (size_t) groups * iw - p);
}

/*
 * Every path on split blocks of every right width 48 .. 63 and every length
 * 1 .. 1,024 (the last group short in all but 16 lengths), the dictionary
 * size going round 1 .. 8: each decodes the values' bits exactly, from a
 * buffer of the block's exact size (a read past it fails under ASan and
 * valgrind)
 */
static void
test_split_lengths(void)
{
	static const char *names[FK_ISA_COUNT] = {"scalar", "avx2", "avx512"};
	static uint8_t block[FK_ALP_BLOCK_MAX + 4096];
	static uint64_t bits[FK_ALP_BLOCK];
	int			blocks = 0,
				differ[FK_ISA_COUNT] = {0};

	for (int rw = 64 - FK_ALP_MAX_LEFT; rw <= 63; rw++)
		for (int n = 1; n <= FK_ALP_BLOCK; n++)
		{
			int			entries = 1 + (n + rw) % FK_ALP_DICT;
			size_t		sz = make_split_fast(block, n, rw, entries, bits);
			uint8_t    *exact = malloc(sz);

			memcpy(exact, block, sz);
			blocks++;
			for (int isa = 0; isa < FK_ISA_COUNT; isa++)
			{
				const FkAlpDecodeLoops *loops = FkAlpLoopsFor((FkIsa) isa);
				double		out[FK_ALP_BLOCK + 1];
				bool		same;

				if (loops == NULL)
					continue;
				memset(out, 0xA5, sizeof(out));
				same = FkAlpDecodeBlockWith(loops, exact, sz, n, out) == FK_ALP_OK;
				for (int i = 0; same && i < n; i++)
					same = bits_of(out[i]) == bits[i];
				/* nothing written past the block's n values */
				same = same && bits_of(out[n]) == UINT64_C(0xA5A5A5A5A5A5A5A5);
				differ[isa] += !same;
			}
			free(exact);
		}
	for (int isa = 0; isa < FK_ISA_COUNT; isa++)
	{
		if (FkAlpLoopsFor((FkIsa) isa) == NULL)
		{
			ok(1, "# SKIP %s: not on this CPU", names[isa]);
			continue;
		}
		ok(differ[isa] == 0 && blocks == 16 * FK_ALP_BLOCK,
		   "%s: split blocks of every right width 48 .. 63 and length 1 .. 1024: %d of %d differ",
		   names[isa], differ[isa], blocks);
	}
}

int
main(void)
{
	static const char *names[FK_ISA_COUNT] = {"scalar", "avx2", "avx512"};
	int			paths = 0;

	test_unpackers();
	test_split_lengths();
	for (int isa = 0; isa < FK_ISA_COUNT; isa++)
	{
		const FkAlpDecodeLoops *loops = FkAlpLoopsFor((FkIsa) isa);

		if (loops == NULL)
		{
			ok(1, "# SKIP %s: not on this CPU", names[isa]);
			continue;
		}
		test_path(names[isa], loops);
		paths++;
	}
	ok(paths >= 1, "%d instruction sets compared", paths);
	return done_testing();
}
