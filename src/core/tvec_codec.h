/*
 * tvec_codec.h
 *		A lossless codec of int64 times (timestamptz microseconds) as
 *		delta-of-deltas, the body of the tvec type: nearly regular ticks
 *		take a few bits each (Gorilla, DuckDB and TimescaleDB do the same).
 *
 * Layout of an encoded vector of n times (every field native-endian, every
 * offset a multiple of 8 from the start of the body):
 *
 *	 offset 0	uint8 version (FK_TVEC_VERSION), uint8 flags (0), 2 zero bytes
 *	 offset 4	int32 n
 *	 offset 8	int64 t[0] (0 when n = 0)
 *	 offset 16	int64 t[1] - t[0] (0 when n < 2)
 *	 offset 24	uint64 check: the wrapping sum of FkTvecMix(t[i]) over every
 *				time, which the decoder computes again (so that an altered
 *				frame or packed word is caught, not only a bad header)
 *	 offset 32	the blocks
 *
 * The delta-of-deltas dd[k] = (t[k+2] - t[k+1]) - (t[k+1] - t[k]), for k
 * in 0 .. n - 3, all in wrapping uint64 arithmetic (so any int64 times,
 * -infinity and infinity included, come back exactly), are cut into blocks
 * of FK_TVEC_BLOCK.  A block is
 *
 *	 int64 frame	the smallest dd of the block, as a signed number
 *	 uint8 width	bits per value, 0 .. 64; 7 zero bytes
 *	 words			ceil(count * width / 64) uint64: dd - frame, width bits
 *					each, the first value in the lowest bits of the first
 *					word; the bits past the last value are zero
 *
 * Decoding is a bit unpack, the frame added, and two prefix sums.  The
 * decoder checks everything it reads (version, flags, padding, length,
 * widths, the exact size) and never reads outside the body it is given.
 *
 * This header does not include postgres.h.
 */
#ifndef FK_TVEC_CODEC_H
#define FK_TVEC_CODEC_H

#include <stddef.h>
#include <stdint.h>

#define FK_TVEC_VERSION		1
#define FK_TVEC_BLOCK		1024
#define FK_TVEC_HEADER		32
#define FK_TVEC_BLOCK_HEADER 16

/* Results of the decoder: 0 or the reason a body is rejected */
typedef enum FkTvecStatus
{
	FK_TVEC_OK = 0,
	FK_TVEC_BAD_HEADER,			/* too short, unknown version or flags */
	FK_TVEC_BAD_LENGTH,			/* negative count, or one the size cannot hold */
	FK_TVEC_BAD_BLOCK,			/* width over 64, padding not zero, truncated */
	FK_TVEC_BAD_SIZE,			/* bytes left over after the last block */
	FK_TVEC_BAD_CHECK,			/* the times decoded do not give the check */
} FkTvecStatus;

/* A bijection of a time into a well mixed word, summed into the check */
static inline uint64_t
FkTvecMix(uint64_t t)
{
	return (t ^ (t >> 32)) * UINT64_C(0x9E3779B97F4A7C15);
}

/* Bytes enough to encode any n times (every block at width 64) */
extern size_t FkTvecMaxSize(int32_t n);

/* Encode n times into out (FkTvecMaxSize(n) bytes); returns the bytes used */
extern size_t FkTvecEncode(const int64_t *t, int32_t n, unsigned char *out);

/* The count of a body, its header checked; FK_TVEC_OK or the fault */
extern FkTvecStatus FkTvecLength(const unsigned char *body, size_t size,
								 int32_t *n);

/*
 * Check a whole body (decoding it) and, when out is not NULL, keep the
 * times in out (room for its count of times, FkTvecLength); out holds
 * garbage when the status is not FK_TVEC_OK
 */
extern FkTvecStatus FkTvecDecode(const unsigned char *body, size_t size,
								 int64_t *out);

/* The message of a status */
extern const char *FkTvecStatusText(FkTvecStatus st);

#endif							/* FK_TVEC_CODEC_H */
