/*
 * alp.h
 *		A lossless codec of float8 vectors in blocks of 1,024 values, after
 *		ALP (Afroozeh, Kuffó, Boncz, "ALP: Adaptive Lossless floating-Point
 *		Compression", SIGMOD 2024).
 *
 * Each block is stored in one of four schemes, whichever is smallest:
 *
 *	 decimal (ALP)	a value v becomes the integer round(v * 10^e * 10^-f),
 *					e and f chosen per block; decoding multiplies back by
 *					10^f and 10^-e.  The integers are stored as offsets from
 *					the block's minimum (frame of reference), bit-packed.
 *					A value that does not decode to its own bits (-0, NaN,
 *					±Infinity, most subnormals, digits beyond e) is an
 *					exception: its position and raw bits are kept apart.
 *	 delta			the decimal scheme's integers stored as differences of
 *					neighbours (frame of reference and bit-packing of the
 *					differences), for series that move by small steps: what
 *					FastLanes's delta coding does, here after ALP's step.
 *	 split (ALP-RD)	the bit pattern is cut into a left part of at most 16
 *					bits, coded by a dictionary of at most 8 entries (parts
 *					not in it are exceptions), and a right part, bit-packed.
 *	 plain			the values as they are.
 *
 * Every block decodes to exactly the bits it was given.  Absent (NULL)
 * elements are encoded as a neighbouring integer of their block, to keep
 * the frame of reference narrow; the decoder zeroes their slots.
 *
 * The body of an encoded vector of n values (what follows the nvec header
 * and bitmap, docs/nvec.md) is a directory of nblocks + 1 uint32 offsets
 * (padded to 8 bytes), relative to the first block, the last one the size
 * of all blocks, then the blocks; every block's size is a multiple of 8.
 * The decoder checks everything it reads and never reads outside the body
 * it is given.
 *
 * This header does not include postgres.h.
 */
#ifndef FK_ALP_H
#define FK_ALP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define FK_ALP_BLOCK		1024
/* Bytes of the largest block: a plain one */
#define FK_ALP_BLOCK_MAX	(8 + 8 * FK_ALP_BLOCK)

/* Block schemes (first byte of a block) */
#define FK_ALP_PLAIN		0
#define FK_ALP_DECIMAL		1
#define FK_ALP_SPLIT		2
#define FK_ALP_DELTA		3

/* Results of the decoder: 0 or one of the reasons a body is rejected */
typedef enum FkAlpStatus
{
	FK_ALP_OK = 0,
	FK_ALP_BAD_DIRECTORY,
	FK_ALP_BAD_BLOCK_SIZE,
	FK_ALP_BAD_SCHEME,
	FK_ALP_BAD_EXPONENT,
	FK_ALP_BAD_WIDTH,
	FK_ALP_BAD_BASE,
	FK_ALP_BAD_EXCEPTIONS,
	FK_ALP_BAD_DICTIONARY,
} FkAlpStatus;

/* Number of blocks of a vector of n values */
static inline size_t
FkAlpBlocks(size_t n)
{
	return (n + FK_ALP_BLOCK - 1) / FK_ALP_BLOCK;
}

/* Number of values in block b of a vector of n values */
static inline int
FkAlpBlockLen(size_t n, size_t b)
{
	size_t		rest = n - b * FK_ALP_BLOCK;

	return rest < FK_ALP_BLOCK ? (int) rest : FK_ALP_BLOCK;
}

/* Bytes of the directory of a vector of n values */
static inline size_t
FkAlpDirectorySize(size_t n)
{
	return ((FkAlpBlocks(n) + 1) * 4 + 7) & ~(size_t) 7;
}

/* Most bytes the body of n values can take (every block plain) */
static inline size_t
FkAlpBodyBound(size_t n)
{
	return FkAlpDirectorySize(n) + FkAlpBlocks(n) * 8 + n * 8;
}

/* Offset of block b in a block directory dir (checked), from the blocks' start */
static inline size_t
FkAlpBlockOffset(const uint8_t *dir, size_t b)
{
	uint32_t	off;

	memcpy(&off, dir + 4 * b, sizeof(off));
	return off;
}

/* Bytes of scratch memory the encoder needs */
#define FK_ALP_SCRATCH		(48 * FK_ALP_BLOCK)

extern size_t FkAlpEncode(const double *values, const uint64_t *valid,
						  size_t n, uint8_t *dst, void *scratch);
extern FkAlpStatus FkAlpCheckDirectory(const uint8_t *dir, size_t size,
									   size_t n);
extern FkAlpStatus FkAlpCheckBody(const uint8_t *body, size_t size, size_t n);
extern FkAlpStatus FkAlpDecodeBlockData(const uint8_t *p, size_t size, int n,
										double *out);
extern FkAlpStatus FkAlpDecodeBlock(const uint8_t *body, size_t n, size_t b,
									const uint64_t *valid, double *out);
extern FkAlpStatus FkAlpDecode(const uint8_t *body, size_t size, size_t n,
							   const uint64_t *valid, double *out);
extern int	FkAlpBlockScheme(const uint8_t *body, size_t n, size_t b);
extern const char *FkAlpStatusText(FkAlpStatus st);

#endif							/* FK_ALP_H */
