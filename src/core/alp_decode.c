/*
 * alp_decode.c
 *		The decoder of alp.h: checks a body's directory, then decodes one
 *		block at a time, checking every field before it reads what the
 *		field points to.
 */
#include "alp_internal.h"

/* The powers of ten of the decimal scheme and their (rounded) inverses */
const double FkAlpPow10[FK_ALP_MAX_EXP + 1] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
	1e13, 1e14, 1e15, 1e16, 1e17, 1e18
};
const double FkAlpNegPow10[FK_ALP_MAX_EXP + 1] = {
	1e0, 1e-1, 1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10,
	1e-11, 1e-12, 1e-13, 1e-14, 1e-15, 1e-16, 1e-17, 1e-18
};

#define FK_ISA Scalar
#include "alp_decode_body.h"

/*
 * The inner loops compiled for isa, as the dispatcher picks them
 * (kernels.h); NULL when this CPU cannot run them
 */
const FkAlpDecodeLoops *
FkAlpLoopsFor(FkIsa isa)
{
	switch (FkIsaCopy(FK_ISA_ALL, isa))
	{
#if defined(__x86_64__)
		case FK_ISA_AVX512:
			return &FkAlpLoopsAvx512;
		case FK_ISA_AVX2:
			return &FkAlpLoopsAvx2;
#endif
		case FK_ISA_SCALAR:
			return &FkAlpLoopsScalar;
		default:
			return NULL;
	}
}

/*
 * Check the directory of a body of size bytes holding n values (dir, its
 * first FkAlpDirectorySize(n) bytes, fetched alone or in place): offsets
 * increasing by multiples of 8 from 0 (each block at least a header), the
 * last one where the body ends, padding zero.  The blocks are checked as
 * they are decoded.
 */
FkAlpStatus
FkAlpCheckDirectory(const uint8_t *dir, size_t size, size_t n)
{
	size_t		nb = FkAlpBlocks(n);
	size_t		dirsize = FkAlpDirectorySize(n);
	size_t		prev = 0;

	if (size < dirsize || FkAlpBlockOffset(dir, 0) != 0)
		return FK_ALP_BAD_DIRECTORY;
	for (size_t b = 1; b <= nb; b++)
	{
		size_t		off = FkAlpBlockOffset(dir, b);

		if (off % 8 != 0 || off < prev + 8)
			return FK_ALP_BAD_DIRECTORY;
		prev = off;
	}
	for (size_t p = (nb + 1) * 4; p < dirsize; p++)
		if (dir[p] != 0)
			return FK_ALP_BAD_DIRECTORY;
	if (prev != size - dirsize)
		return FK_ALP_BAD_DIRECTORY;
	return FK_ALP_OK;
}

/* Check the directory of a whole body of size bytes holding n values */
FkAlpStatus
FkAlpCheckBody(const uint8_t *body, size_t size, size_t n)
{
	return FkAlpCheckDirectory(body, size, n);
}

/* The scheme of block b of a checked body of n values */
int
FkAlpBlockScheme(const uint8_t *body, size_t n, size_t b)
{
	return body[FkAlpDirectorySize(n) + FkAlpBlockOffset(body, b)];
}

/* A plain block: the values as they are */
static FkAlpStatus
FkAlpDecodePlain(const uint8_t *p, size_t size, int n, double *out)
{
	if (size != FK_ALP_HDR_PLAIN + 8 * (size_t) n)
		return FK_ALP_BAD_BLOCK_SIZE;
	for (int i = 1; i < FK_ALP_HDR_PLAIN; i++)
		if (p[i] != 0)
			return FK_ALP_BAD_SCHEME;
	memcpy(out, p + FK_ALP_HDR_PLAIN, sizeof(double) * (size_t) n);
	return FK_ALP_OK;
}

/* Patch the exceptions of a decimal block: positions, then raw values */
static FkAlpStatus
FkAlpPatchExceptions(const uint8_t *pos, int nexc, int n, double *out)
{
	const uint8_t *raw = pos + FkAlpPad8(2 * (size_t) nexc);

	for (int j = 0; j < nexc; j++)
	{
		int			at = FkAlpLoad16(pos + 2 * j);

		if (at >= n)
			return FK_ALP_BAD_EXCEPTIONS;
		out[at] = FkAlpDouble(FkAlpLoad64(raw + 8 * j));
	}
	return FK_ALP_OK;
}

/*
 * A decimal block: integers base + packed offsets (frame of reference), or
 * with delta, start + a running sum of dmin + packed offsets; times 10^f
 * and 10^-e, then the exceptions.  Every integer it can give lies within
 * +-2^51 (checked as the sums run).
 */
static FkAlpStatus
FkAlpDecodeDecimal(const FkAlpDecodeLoops *loops, const uint8_t *p,
				   size_t size, int n, bool delta, double *out)
{
	int			e = p[1];
	int			f = p[2];
	int			width = p[3];
	int			nexc = FkAlpLoad16(p + 4);
	int			hdr = delta ? FK_ALP_HDR_DELTA : FK_ALP_HDR_DECIMAL;
	int64_t		base;
	int64_t		dmin = 0;
	bool		bad = false;
	bool		safe = false;
	int			groups = FkAlpGroups(n);
	const uint8_t *packed = p + hdr;
	double		pf,
				ne;

	if (e > FK_ALP_MAX_EXP || f > e || FkAlpLoad16(p + 6) != 0)
		return FK_ALP_BAD_EXPONENT;
	/* offsets span < 2^52, differences of neighbours < 2^53 */
	if (width > (delta ? 53 : 52))
		return FK_ALP_BAD_WIDTH;
	if (nexc > n)
		return FK_ALP_BAD_EXCEPTIONS;
	if (size != hdr + 8 * (size_t) groups * (size_t) width +
		FkAlpPad8(2 * (size_t) nexc) + 8 * (size_t) nexc)
		return FK_ALP_BAD_BLOCK_SIZE;
	base = (int64_t) FkAlpLoad64(p + 8);
	if (delta)
	{
		dmin = (int64_t) FkAlpLoad64(p + 16);
		if (dmin < -2 * FK_ALP_INT_LIMIT || dmin > 2 * FK_ALP_INT_LIMIT ||
			base < -4 * FK_ALP_INT_LIMIT || base > 4 * FK_ALP_INT_LIMIT)
			return FK_ALP_BAD_BASE;
	}
	else if (base < -FK_ALP_INT_LIMIT ||
			 base > FK_ALP_INT_LIMIT - (int64_t) FkAlpMask(width))
		return FK_ALP_BAD_BASE;

	pf = FkAlpPow10[f];
	ne = FkAlpNegPow10[e];
	if (delta)
	{
		/*
		 * The sums cannot leave +-2^51 when the largest step times the
		 * padded length, from base, stays inside: then no check per value
		 */
		int64_t		top = dmin + (int64_t) FkAlpMask(width);
		int64_t		step = dmin < 0 ? -dmin : dmin;
		int64_t		reach;

		step = top > step ? top : -top > step ? -top : step;
		reach = step * (int64_t) (groups * FK_ALP_GROUP);
		safe = step <= (INT64_C(1) << 40) &&
			(base < 0 ? -base : base) <= FK_ALP_INT_LIMIT - reach;
	}
	if (delta)
		bad = loops->delta(packed, width, n, base, dmin, safe, pf, ne, out);
	else
		loops->decimal(packed, width, n, base, pf, ne, out);
	if (bad)
		return FK_ALP_BAD_BASE;
	return FkAlpPatchExceptions(packed + 8 * (size_t) groups * width, nexc,
								n, out);
}

/* Index width of a dictionary of entries entries (1 .. 8) */
static inline int
FkAlpIndexWidth(int entries)
{
	return entries <= 1 ? 0 : entries <= 2 ? 1 : entries <= 4 ? 2 : 3;
}

/*
 * A split block: each value's bits are dictionary[index] << right width |
 * right part, then the exceptions' left parts replace the dictionary's.
 */
static FkAlpStatus
FkAlpDecodeSplit(const FkAlpDecodeLoops *loops, const uint8_t *p,
				 size_t size, int n, double *out)
{
	int			rw = p[1];
	int			entries = p[2];
	int			iw = p[3];
	int			nexc = FkAlpLoad16(p + 4);
	int			groups = FkAlpGroups(n);
	uint64_t	dict[FK_ALP_DICT];
	bool		bad;
	const uint8_t *rights = p + FK_ALP_HDR_SPLIT;
	const uint8_t *indexes = rights + 8 * (size_t) groups * rw;
	const uint8_t *pos;
	const uint8_t *left;
	uint64_t	rmask;

	if (rw < 64 - FK_ALP_MAX_LEFT || rw > 63 || FkAlpLoad16(p + 6) != 0)
		return FK_ALP_BAD_WIDTH;
	if (entries < 1 || entries > FK_ALP_DICT || iw != FkAlpIndexWidth(entries))
		return FK_ALP_BAD_DICTIONARY;
	if (nexc > n)
		return FK_ALP_BAD_EXCEPTIONS;
	if (size != FK_ALP_HDR_SPLIT + 8 * (size_t) groups * (size_t) (rw + iw) +
		FkAlpPad8(4 * (size_t) nexc))
		return FK_ALP_BAD_BLOCK_SIZE;
	for (int k = 0; k < FK_ALP_DICT; k++)
	{
		dict[k] = FkAlpLoad16(p + 8 + 2 * k);
		if ((k >= entries && dict[k] != 0) || (dict[k] >> (64 - rw)) != 0)
			return FK_ALP_BAD_DICTIONARY;
		dict[k] <<= rw;
	}

	bad = loops->split(rights, rw, indexes, iw, dict, entries, n, out);
	/* an index past the dictionary (in a padded slot too) is corrupt */
	if (bad)
		return FK_ALP_BAD_DICTIONARY;

	rmask = FkAlpMask(rw);
	pos = indexes + 8 * (size_t) groups * iw;
	left = pos + 2 * (size_t) nexc;
	for (int j = 0; j < nexc; j++)
	{
		int			at = FkAlpLoad16(pos + 2 * j);
		uint64_t	l = FkAlpLoad16(left + 2 * j);

		if (at >= n || (l >> (64 - rw)) != 0)
			return FK_ALP_BAD_EXCEPTIONS;
		out[at] = FkAlpDouble((l << rw) | (FkAlpBits(out[at]) & rmask));
	}
	return FK_ALP_OK;
}

/* Zero the slots of the absent elements of block b (valid: the vector's) */
static void
FkAlpZeroAbsent(const uint64_t *valid, size_t b, int n, double *out)
{
	const uint64_t *words = valid + b * (FK_ALP_BLOCK / 64);

	for (int w = 0; w * 64 < n; w++)
	{
		uint64_t	missing = ~words[w];

		if (n - w * 64 < 64)
			missing &= (UINT64_C(1) << (n - w * 64)) - 1;
		while (missing)
		{
			out[w * 64 + __builtin_ctzll(missing)] = 0.0;
			missing &= missing - 1;
		}
	}
}

/*
 * Decode one block of n values (1 .. FK_ALP_BLOCK) from its size bytes at p
 * into out with the inner loops of loops, checking every field; absent
 * elements are not zeroed.
 */
FkAlpStatus
FkAlpDecodeBlockWith(const FkAlpDecodeLoops *loops, const uint8_t *p,
					 size_t size, int n, double *out)
{
	if (n < 1 || n > FK_ALP_BLOCK || size < FK_ALP_HDR_PLAIN)
		return FK_ALP_BAD_BLOCK_SIZE;
	switch (p[0])
	{
		case FK_ALP_PLAIN:
			return FkAlpDecodePlain(p, size, n, out);
		case FK_ALP_DECIMAL:
			return size < FK_ALP_HDR_DECIMAL ? FK_ALP_BAD_BLOCK_SIZE :
				FkAlpDecodeDecimal(loops, p, size, n, false, out);
		case FK_ALP_DELTA:
			return size < FK_ALP_HDR_DELTA ? FK_ALP_BAD_BLOCK_SIZE :
				FkAlpDecodeDecimal(loops, p, size, n, true, out);
		case FK_ALP_SPLIT:
			return size < FK_ALP_HDR_SPLIT ? FK_ALP_BAD_BLOCK_SIZE :
				FkAlpDecodeSplit(loops, p, size, n, out);
	}
	return FK_ALP_BAD_SCHEME;
}

/* The same with the inner loops of the instruction set in use */
FkAlpStatus
FkAlpDecodeBlockData(const uint8_t *p, size_t size, int n, double *out)
{
	return FkAlpDecodeBlockWith(FkAlpLoopsFor(FkIsaInUse()), p, size, n, out);
}

/*
 * Decode block b of a checked body of n values into out (room for the
 * block's values), zeroing absent slots when valid (the vector's validity
 * words) is given.
 */
FkAlpStatus
FkAlpDecodeBlock(const uint8_t *body, size_t n, size_t b,
				 const uint64_t *valid, double *out)
{
	size_t		off = FkAlpBlockOffset(body, b);
	int			len = FkAlpBlockLen(n, b);
	FkAlpStatus st;

	st = FkAlpDecodeBlockData(body + FkAlpDirectorySize(n) + off,
							  FkAlpBlockOffset(body, b + 1) - off, len, out);
	if (st == FK_ALP_OK && valid != NULL)
		FkAlpZeroAbsent(valid, b, len, out);
	return st;
}

/* Check and decode a whole body of n values into out (n values) */
FkAlpStatus
FkAlpDecode(const uint8_t *body, size_t size, size_t n,
			const uint64_t *valid, double *out)
{
	FkAlpStatus st = FkAlpCheckBody(body, size, n);

	for (size_t b = 0; st == FK_ALP_OK && b < FkAlpBlocks(n); b++)
		st = FkAlpDecodeBlock(body, n, b, valid, out + b * FK_ALP_BLOCK);
	return st;
}

/* What went wrong, in words */
const char *
FkAlpStatusText(FkAlpStatus st)
{
	switch (st)
	{
		case FK_ALP_OK:
			return "no error";
		case FK_ALP_BAD_DIRECTORY:
			return "block directory does not match the value's size";
		case FK_ALP_BAD_BLOCK_SIZE:
			return "block size does not match its header";
		case FK_ALP_BAD_SCHEME:
			return "unknown block scheme";
		case FK_ALP_BAD_EXPONENT:
			return "decimal exponent out of range";
		case FK_ALP_BAD_WIDTH:
			return "bit width out of range";
		case FK_ALP_BAD_BASE:
			return "frame of reference out of range";
		case FK_ALP_BAD_EXCEPTIONS:
			return "exception out of range";
		case FK_ALP_BAD_DICTIONARY:
			return "dictionary out of range";
	}
	return "unknown error";
}
