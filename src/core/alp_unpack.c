/*
 * alp_unpack.c
 *		Unpacking the bit-packed groups of alp.h: one function per width,
 *		with every shift a constant, chosen once per block through a table.
 *
 * On a little-endian machine a value is read as the 8 bytes from its first
 * byte, shifted and masked (one load), wherever those bytes lie inside its
 * group; the others (every value on a big-endian machine) are read from
 * the one or two words that hold them.  The code is scalar: one copy
 * serves every instruction set (alp_decode_body.h runs the loops after).
 */
#include "alp_internal.h"

/*
 * Value i of a group of 64 values of width bits (1 .. 64) in words w;
 * inlined with constant width and i, every test and shift is a constant.
 */
static FK_ALWAYS_INLINE uint64_t
FkAlpField(const uint8_t *w, const int width, const int i)
{
	const int	bit = i * width;
	const int	k = bit >> 6;
	const int	s = bit & 63;
	uint64_t	v;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if ((bit & 7) + width <= 64 && (bit >> 3) + 8 <= 8 * width)
		return (FkAlpLoad64(w + (bit >> 3)) >> (bit & 7)) & FkAlpMask(width);
#endif
	v = FkAlpLoad64(w + 8 * k) >> s;
	if (s != 0 && s + width > 64)
		v |= FkAlpLoad64(w + 8 * (k + 1)) << (64 - s);
	return v & FkAlpMask(width);
}

/* out[i] = value i of a group of constant width (1 .. 64) in words w */
static FK_ALWAYS_INLINE void
FkAlpUnpackW(const uint8_t *w, const int width, uint64_t *out)
{
#pragma GCC unroll 64
	for (int i = 0; i < FK_ALP_GROUP; i++)
		out[i] = FkAlpField(w, width, i);
}

/*
 * out[i] = y + the sum of values 0 .. i of a group of constant width (1 ..
 * 64) in words w, modulo 2^64; returns out[63]
 */
static FK_ALWAYS_INLINE uint64_t
FkAlpUnpackSumW(const uint8_t *w, const int width, uint64_t y,
				uint64_t *out)
{
#pragma GCC unroll 64
	for (int i = 0; i < FK_ALP_GROUP; i++)
	{
		y += FkAlpField(w, width, i);
		out[i] = y;
	}
	return y;
}

/* Width 0: every value 0 */
static void
FkAlpUnpack0(const uint8_t *w, uint64_t *out)
{
	memset(out, 0, sizeof(uint64_t) * FK_ALP_GROUP);
}

/* Width 0: every running sum y */
static uint64_t
FkAlpUnpackSum0(const uint8_t *w, uint64_t y, uint64_t *out)
{
	for (int i = 0; i < FK_ALP_GROUP; i++)
		out[i] = y;
	return y;
}

/* FkAlpUnpack1 .. FkAlpUnpack64, FkAlpUnpackSum1 .. FkAlpUnpackSum64 */
#define FK_ALP_UNPACK_FNS(x) \
static void \
FkAlpUnpack##x(const uint8_t *w, uint64_t *out) \
{ \
	FkAlpUnpackW(w, x, out); \
} \
static uint64_t \
FkAlpUnpackSum##x(const uint8_t *w, uint64_t y, uint64_t *out) \
{ \
	return FkAlpUnpackSumW(w, x, y, out); \
}
FK_ALP_WIDTH_LIST(FK_ALP_UNPACK_FNS)

/* The unpacking function of each width, 0 .. 64 */
#define FK_ALP_UNPACK_ENTRY(x) FkAlpUnpack##x,
const FkAlpUnpackFn FkAlpUnpackers[65] = {
	FkAlpUnpack0,
	FK_ALP_WIDTH_LIST(FK_ALP_UNPACK_ENTRY)
};

/* The unpacking and summing function of each width, 0 .. 64 */
#define FK_ALP_UNPACK_SUM_ENTRY(x) FkAlpUnpackSum##x,
const FkAlpUnpackSumFn FkAlpUnpackSums[65] = {
	FkAlpUnpackSum0,
	FK_ALP_WIDTH_LIST(FK_ALP_UNPACK_SUM_ENTRY)
};
