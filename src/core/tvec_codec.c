/*
 * tvec_codec.c
 *		Delta-of-delta coding of int64 times (tvec_codec.h has the layout).
 *
 * Every sum and difference is taken in uint64, where it wraps: the decoder
 * undoes exactly what the encoder did, whatever the times.  Memory is read
 * and written through memcpy, so a body need not be aligned.
 */
#include <string.h>

#include "interrupt.h"
#include "tvec_codec.h"

/* Blocks of a body of n times (one per FK_TVEC_BLOCK delta-of-deltas) */
static size_t
FkTvecBlocks(int32_t n)
{
	size_t		m = n > 2 ? (size_t) n - 2 : 0;

	return (m + FK_TVEC_BLOCK - 1) / FK_TVEC_BLOCK;
}

/* Words that hold count values of width bits */
static size_t
FkTvecWords(size_t count, int width)
{
	return (count * (size_t) width + 63) / 64;
}

/* Bytes enough to encode any n times (every block at width 64) */
size_t
FkTvecMaxSize(int32_t n)
{
	size_t		m = n > 2 ? (size_t) n - 2 : 0;

	return FK_TVEC_HEADER + FkTvecBlocks(n) * FK_TVEC_BLOCK_HEADER + m * 8;
}

/* Store a uint64 at p */
static inline void
FkPut64(unsigned char *p, uint64_t v)
{
	memcpy(p, &v, 8);
}

/* Load a uint64 from p */
static inline uint64_t
FkGet64(const unsigned char *p)
{
	uint64_t	v;

	memcpy(&v, p, 8);
	return v;
}

/* Bits needed for v (0 for 0) */
static inline int
FkBitWidth(uint64_t v)
{
	return v == 0 ? 0 : 64 - __builtin_clzll(v);
}

/* Encode n times into out (FkTvecMaxSize(n) bytes); returns the bytes used */
size_t
FkTvecEncode(const int64_t *t, int32_t n, unsigned char *out)
{
	uint64_t	dd[FK_TVEC_BLOCK];
	uint64_t	prev_d;
	size_t		m = n > 2 ? (size_t) n - 2 : 0;
	size_t		pos = FK_TVEC_HEADER;
	int32_t		n32 = n;
	uint64_t	check = 0;

	memset(out, 0, FK_TVEC_HEADER);
	out[0] = FK_TVEC_VERSION;
	memcpy(out + 4, &n32, 4);
	for (int32_t i = 0; i < n; i++)
		check += FkTvecMix((uint64_t) t[i]);
	FkPut64(out + 24, check);
	if (n > 0)
		FkPut64(out + 8, (uint64_t) t[0]);
	prev_d = n > 1 ? (uint64_t) t[1] - (uint64_t) t[0] : 0;
	FkPut64(out + 16, prev_d);
	for (size_t s = 0; s < m; s += FK_TVEC_BLOCK)
	{
		size_t		count = m - s < FK_TVEC_BLOCK ? m - s : FK_TVEC_BLOCK;
		int64_t		frame = INT64_MAX;
		uint64_t	span = 0;
		int			width;
		size_t		nwords;
		unsigned char *words;
		uint64_t	acc = 0;
		int			fill = 0;
		size_t		w = 0;

		for (size_t k = 0; k < count; k++)
		{
			size_t		i = s + k + 2;
			uint64_t	d = (uint64_t) t[i] - (uint64_t) t[i - 1];

			dd[k] = d - prev_d;
			prev_d = d;
			if ((int64_t) dd[k] < frame)
				frame = (int64_t) dd[k];
		}
		for (size_t k = 0; k < count; k++)
		{
			dd[k] -= (uint64_t) frame;
			span |= dd[k];
		}
		width = FkBitWidth(span);
		nwords = FkTvecWords(count, width);
		FkPut64(out + pos, (uint64_t) frame);
		memset(out + pos + 8, 0, 8);
		out[pos + 8] = (unsigned char) width;
		pos += FK_TVEC_BLOCK_HEADER;
		words = out + pos;
		if (width > 0)
		{
			for (size_t k = 0; k < count; k++)
			{
				acc |= dd[k] << fill;
				if (fill + width >= 64)
				{
					FkPut64(words + 8 * w++, acc);
					acc = fill == 0 ? 0 : dd[k] >> (64 - fill);
					fill = fill + width - 64;
				}
				else
					fill += width;
			}
			if (fill > 0)
				FkPut64(words + 8 * w++, acc);
		}
		pos += nwords * 8;
		if ((s / FK_TVEC_BLOCK) % 64 == 63)
			FkCheckInterrupts();
	}
	return pos;
}

/* The count of a body, its header checked; FK_TVEC_OK or the fault */
FkTvecStatus
FkTvecLength(const unsigned char *body, size_t size, int32_t *n)
{
	int32_t		len;

	if (size < FK_TVEC_HEADER || body[0] != FK_TVEC_VERSION ||
		body[1] != 0 || body[2] != 0 || body[3] != 0)
		return FK_TVEC_BAD_HEADER;
	memcpy(&len, body + 4, 4);
	/* at least a block header for every block, with no word at all */
	if (len < 0 ||
		(size - FK_TVEC_HEADER) / FK_TVEC_BLOCK_HEADER < FkTvecBlocks(len))
		return FK_TVEC_BAD_LENGTH;
	if ((len == 0 && FkGet64(body + 8) != 0) ||
		(len < 2 && FkGet64(body + 16) != 0))
		return FK_TVEC_BAD_HEADER;
	*n = len;
	return FK_TVEC_OK;
}

/*
 * Unpack count values of width bits (1 .. 64) from words, each plus frame,
 * into dd
 */
static void
FkTvecUnpack(const unsigned char *words, size_t count, int width,
			 uint64_t frame, uint64_t *dd)
{
	uint64_t	mask = width == 64 ? ~(uint64_t) 0 : ((uint64_t) 1 << width) - 1;
	size_t		nbytes = FkTvecWords(count, width) * 8;
	size_t		k = 0;

	/*
	 * Up to 56 bits, a value lies within the 8 bytes from its first byte:
	 * one unaligned load and a shift, no branch, while those 8 bytes are
	 * inside the block's words
	 */
	if (width <= 56 && nbytes >= 8)
	{
		/* the values k with k * width / 8 + 8 <= nbytes */
		size_t		fast = ((nbytes - 7) * 8 - 1) / (size_t) width + 1;

		for (; k < count && k < fast; k++)
		{
			size_t		bit = k * (size_t) width;

			dd[k] = ((FkGet64(words + (bit >> 3)) >> (bit & 7)) & mask) + frame;
		}
	}
	for (; k < count; k++)
	{
		size_t		bit = k * (size_t) width;
		size_t		w = bit >> 6;
		int			off = (int) (bit & 63);
		uint64_t	v = FkGet64(words + 8 * w) >> off;

		if (off + width > 64)
			v |= FkGet64(words + 8 * (w + 1)) << (64 - off);
		dd[k] = (v & mask) + frame;
	}
}

/*
 * Check a whole body and, when out is not NULL, decode it into out (room
 * for its count of times, FkTvecLength)
 */
FkTvecStatus
FkTvecDecode(const unsigned char *body, size_t size, int64_t *out)
{
	int32_t		n;
	FkTvecStatus st = FkTvecLength(body, size, &n);
	uint64_t	dd[FK_TVEC_BLOCK];
	int64_t		local[FK_TVEC_BLOCK];
	uint64_t	t,
				d,
				check = 0;
	size_t		m,
				pos = FK_TVEC_HEADER;

	if (st != FK_TVEC_OK)
		return st;
	m = n > 2 ? (size_t) n - 2 : 0;
	t = FkGet64(body + 8);
	d = FkGet64(body + 16);
	if (n > 0)
		check += FkTvecMix(t);
	if (n > 1)
		check += FkTvecMix(t + d);
	if (out && n > 0)
		out[0] = (int64_t) t;
	if (out && n > 1)
		out[1] = (int64_t) (t + d);
	t += d;
	for (size_t s = 0; s < m; s += FK_TVEC_BLOCK)
	{
		size_t		count = m - s < FK_TVEC_BLOCK ? m - s : FK_TVEC_BLOCK;
		uint64_t	frame;
		int			width;
		size_t		nwords;

		if (size - pos < FK_TVEC_BLOCK_HEADER)
			return FK_TVEC_BAD_BLOCK;
		frame = FkGet64(body + pos);
		width = body[pos + 8];
		for (int j = 9; j < 16; j++)
			if (body[pos + j] != 0)
				return FK_TVEC_BAD_BLOCK;
		if (width > 64)
			return FK_TVEC_BAD_BLOCK;
		pos += FK_TVEC_BLOCK_HEADER;
		nwords = FkTvecWords(count, width);
		if ((size - pos) / 8 < nwords)
			return FK_TVEC_BAD_BLOCK;
		/* the bits past the last value are zero: one encoding per value */
		if ((count * (size_t) width) % 64 != 0 &&
			FkGet64(body + pos + 8 * (nwords - 1)) >> ((count * (size_t) width) % 64) != 0)
			return FK_TVEC_BAD_BLOCK;
		{
			int64_t    *o = out ? out + s + 2 : local;

			if (width == 0)
				for (size_t k = 0; k < count; k++)
					dd[k] = frame;
			else
				FkTvecUnpack(body + pos, count, width, frame, dd);
			for (size_t k = 0; k < count; k++)
			{
				d += dd[k];
				t += d;
				o[k] = (int64_t) t;
			}
			for (size_t k = 0; k < count; k++)
				check += FkTvecMix((uint64_t) o[k]);
		}
		pos += nwords * 8;
		if ((s / FK_TVEC_BLOCK) % 64 == 63)
			FkCheckInterrupts();
	}
	if (pos != size)
		return FK_TVEC_BAD_SIZE;
	if (check != FkGet64(body + 24))
		return FK_TVEC_BAD_CHECK;
	return FK_TVEC_OK;
}

/* The message of a status */
const char *
FkTvecStatusText(FkTvecStatus st)
{
	switch (st)
	{
		case FK_TVEC_OK:
			return "no fault";
		case FK_TVEC_BAD_HEADER:
			return "The header is too short or holds an unknown version, flags or padding.";
		case FK_TVEC_BAD_LENGTH:
			return "The count of times is negative or more than the value can hold.";
		case FK_TVEC_BAD_BLOCK:
			return "A block is truncated, wider than 64 bits or has padding that is not zero.";
		case FK_TVEC_BAD_SIZE:
			return "Bytes are left over after the last block.";
		case FK_TVEC_BAD_CHECK:
			return "The times decoded do not give the stored check.";
	}
	return "unknown fault";
}
