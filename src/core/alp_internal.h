/*
 * alp_internal.h
 *		What the encoder and the decoder of alp.h share: the block layouts,
 *		the powers of ten, the integer <-> double conversion and bit access.
 *
 * Block layouts (machine byte order, as the rest of nvec; every block a
 * multiple of 8 bytes; G the number of 64-value groups of the block,
 * ceil(n / 64)):
 *
 *	 plain		u8 scheme, 7 bytes zero; n float8
 *	 decimal	u8 scheme, u8 e, u8 f, u8 width, u16 exceptions, u16 zero,
 *				i64 base; G * width packed words; exception positions
 *				(u16 each, padded to 8 bytes); exception values (raw bits)
 *	 delta		as decimal, with i64 dmin after base: integer i is base +
 *				the sum over j <= i of (dmin + packed j)
 *	 split		u8 scheme, u8 right width, u8 dictionary entries, u8 index
 *				width, u16 exceptions, u16 zero; 8 u16 dictionary entries;
 *				G * right width packed words; G * index width packed words;
 *				exception positions then left parts (u16 each, padded to 8
 *				bytes together)
 *
 * Packed words hold each group of 64 values at width bits a value, least
 * significant bits first, a value straddling two words continuing in the
 * next one; a short last group is padded with zeros.
 */
#ifndef FK_ALP_INTERNAL_H
#define FK_ALP_INTERNAL_H

#include <string.h>

#include "alp.h"
#include "cdefs.h"
#include "kernels.h"

#define FK_ALP_GROUP		64
#define FK_ALP_HDR_PLAIN	8
#define FK_ALP_HDR_DECIMAL	16
#define FK_ALP_HDR_DELTA	24
#define FK_ALP_HDR_SPLIT	24
/* Largest exponent: 10^18 fits an int64 */
#define FK_ALP_MAX_EXP		18
/* Encoded integers stay within +-2^51, where the conversions are exact */
#define FK_ALP_INT_LIMIT	(INT64_C(1) << 51)
/* Left parts of split blocks: at most 16 bits, dictionary of 8 entries */
#define FK_ALP_MAX_LEFT		16
#define FK_ALP_DICT			8

/* 1.5 * 2^52: adding it rounds to an integer; its bits convert integers */
#define FK_ALP_MAGIC		6755399441055744.0
#define FK_ALP_MAGIC_BITS	UINT64_C(0x4338000000000000)

extern const double FkAlpPow10[FK_ALP_MAX_EXP + 1];
extern const double FkAlpNegPow10[FK_ALP_MAX_EXP + 1];

/* Number of 64-value groups of a block of n values */
static inline int
FkAlpGroups(int n)
{
	return (n + FK_ALP_GROUP - 1) / FK_ALP_GROUP;
}

/* Bytes of n exception entries of entry bytes each, padded to 8 */
static inline size_t
FkAlpPad8(size_t bytes)
{
	return (bytes + 7) & ~(size_t) 7;
}

/* Read a u16 / u32 / u64 at p, wherever it is aligned */
static inline uint16_t
FkAlpLoad16(const uint8_t *p)
{
	uint16_t	v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static inline uint32_t
FkAlpLoad32(const uint8_t *p)
{
	uint32_t	v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static inline uint64_t
FkAlpLoad64(const uint8_t *p)
{
	uint64_t	v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/* The bits of a double and back */
static inline uint64_t
FkAlpBits(double d)
{
	uint64_t	u;

	memcpy(&u, &d, sizeof(u));
	return u;
}

static inline double
FkAlpDouble(uint64_t u)
{
	double		d;

	memcpy(&d, &u, sizeof(d));
	return d;
}

/* An integer within +-2^51 as a double, exactly (no int64 conversion) */
static inline double
FkAlpIntToDouble(int64_t x)
{
	return FkAlpDouble(FK_ALP_MAGIC_BITS + (uint64_t) x) - FK_ALP_MAGIC;
}

/* The decimal scheme's decoding of one integer with exponents e, f */
static inline double
FkAlpDecimal(int64_t x, int e, int f)
{
	return FkAlpIntToDouble(x) * FkAlpPow10[f] * FkAlpNegPow10[e];
}

/* case 1: .. case 64: of a switch on a width, each calling F(width) */
#define FK_ALP_CASE(F, x)	case x: F(x); break;
#define FK_ALP_CASES8(F, x) \
	FK_ALP_CASE(F, x) FK_ALP_CASE(F, x + 1) FK_ALP_CASE(F, x + 2) \
	FK_ALP_CASE(F, x + 3) FK_ALP_CASE(F, x + 4) FK_ALP_CASE(F, x + 5) \
	FK_ALP_CASE(F, x + 6) FK_ALP_CASE(F, x + 7)
#define FK_ALP_WIDTH_CASES(F) \
	FK_ALP_CASES8(F, 1) FK_ALP_CASES8(F, 9) FK_ALP_CASES8(F, 17) \
	FK_ALP_CASES8(F, 25) FK_ALP_CASES8(F, 33) FK_ALP_CASES8(F, 41) \
	FK_ALP_CASES8(F, 49) FK_ALP_CASES8(F, 57)

/* F(1) F(2) .. F(64), each width a literal (for names) */
#define FK_ALP_WIDTH_LIST(F) \
	F(1) F(2) F(3) F(4) F(5) F(6) F(7) F(8) \
	F(9) F(10) F(11) F(12) F(13) F(14) F(15) F(16) \
	F(17) F(18) F(19) F(20) F(21) F(22) F(23) F(24) \
	F(25) F(26) F(27) F(28) F(29) F(30) F(31) F(32) \
	F(33) F(34) F(35) F(36) F(37) F(38) F(39) F(40) \
	F(41) F(42) F(43) F(44) F(45) F(46) F(47) F(48) \
	F(49) F(50) F(51) F(52) F(53) F(54) F(55) F(56) \
	F(57) F(58) F(59) F(60) F(61) F(62) F(63) F(64)

/* Mask of the low width bits */
static inline uint64_t
FkAlpMask(int width)
{
	return width >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << width) - 1;
}

/* Unpacks one group of 64 values of one width from its words */
typedef void (*FkAlpUnpackFn) (const uint8_t *w, uint64_t *out);
/* The same, each value replaced by y + the sum of the values up to it */
typedef uint64_t (*FkAlpUnpackSumFn) (const uint8_t *w, uint64_t y,
									  uint64_t *out);

/* By width, 0 .. 64 (alp_unpack.c) */
extern const FkAlpUnpackFn FkAlpUnpackers[65];
extern const FkAlpUnpackSumFn FkAlpUnpackSums[65];

/*
 * The inner loops of the decoder for one instruction set
 * (alp_decode_body.h), run on a block whose header has been checked: every
 * copy gives the same bits.
 */
typedef struct FkAlpDecodeLoops
{
	void		(*decimal) (const uint8_t *packed, int width, int n,
							int64_t base, double pf, double ne, double *out);
	bool		(*delta) (const uint8_t *packed, int width, int n,
						  int64_t base, int64_t dmin, bool safe, double pf,
						  double ne, double *out);
	bool		(*split) (const uint8_t *rights, int rw,
						  const uint8_t *indexes, int iw,
						  const uint64_t *dict, int entries, int n,
						  double *out);
} FkAlpDecodeLoops;

extern const FkAlpDecodeLoops FkAlpLoopsScalar;
#if defined(__x86_64__)
extern const FkAlpDecodeLoops FkAlpLoopsAvx2;
extern const FkAlpDecodeLoops FkAlpLoopsAvx512;
#endif

extern const FkAlpDecodeLoops *FkAlpLoopsFor(FkIsa isa);
extern FkAlpStatus FkAlpDecodeBlockWith(const FkAlpDecodeLoops *loops,
										const uint8_t *p, size_t size, int n,
										double *out);

#endif							/* FK_ALP_INTERNAL_H */
