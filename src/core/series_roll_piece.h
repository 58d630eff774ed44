/*
 * series_roll_piece.h
 *		The arithmetic of a piece of a rolling sum, mean, variance or
 *		standard deviation (FkRollPiece, series_rolling.h): adding an
 *		element, and the sum or variance of two pieces.  Shared by the
 *		positional windows (series_rolling.c) and the duration windows
 *		(series_time.c), so that both give the same bits for the same
 *		elements in the same pieces.
 *
 * This header does not include postgres.h.
 */
#ifndef FK_SERIES_ROLL_PIECE_H
#define FK_SERIES_ROLL_PIECE_H

#include <math.h>

#include "cdefs.h"
#include "float8_nan.h"
#include "series_rolling.h"

#define FK_ROLL_INLINE static FK_ALWAYS_INLINE

/* The scale of a sum whose finite values overflowed, and back */
#define FK_ROLL_DOWN	0x1p-64
#define FK_ROLL_UP		0x1p64

/* Present elements counted in a piece's cnt */
#define FK_ROLL_CNT(c)	((size_t) (uint32_t) (c))

/* A piece holding no element */
static const FkRollPiece fk_roll_empty = {-0.0, 0.0, 0.0, 0.0, 1.0, 0};

/* The slow paths of FkRollSumAdd and FkRollSum (series_rolling.c) */
extern FkRollPiece FkRollSumAddSlow(FkRollPiece p, double x) FK_HIDDEN;
extern double FkRollSumSlow(double ah, double al, uint64_t acnt, double bh,
							double bl, uint64_t bcnt, int *overflow) FK_HIDDEN;

/* The flag of a value that is not finite */
static inline uint64_t
FkRollKind(double x)
{
	if (isnan(x))
		return FK_ROLL_NAN;
	return x > 0 ? FK_ROLL_POSINF : FK_ROLL_NEGINF;
}

/*
 * Add present element x to the sum p: a TwoSum into hi with its error
 * into lo (x scaled as the piece is).  A value that is not finite or an
 * overflow takes the slow path; the test costs one branch on the results.
 */
FK_ROLL_INLINE void
FkRollSumAdd(FkRollPiece *p, double x)
{
	double		xs = x * p->scale;
	double		t = p->hi + xs;
	double		z = t - p->hi;
	double		lo = p->lo + ((p->hi - (t - z)) + (xs - z));
	double		chk = t + lo;

	/* chk - chk is NaN when t or lo is not finite (or t + lo overflows) */
	if (FK_UNLIKELY(!(chk - chk == 0.0)))
	{
		*p = FkRollSumAddSlow(*p, x);
		return;
	}
	p->hi = t;
	p->lo = lo;
	p->cnt++;
}

/*
 * Add present element x to the stddev piece p: the TwoSum of the sum, and
 * the squared deviations updated as Welford does, with the mean taken from
 * the compensated sum, so that no division lies on the chain from one
 * element to the next.  A NaN or an infinity is flagged and spoils only
 * what its windows never read (they are NaN).
 */
FK_ROLL_INLINE void
FkRollWelfordAdd(FkRollPiece *p, double x)
{
	double		t = p->hi + x;
	double		z = t - p->hi;
	double		mean;

	p->lo += (p->hi - (t - z)) + (x - z);
	p->hi = t;
	p->cnt++;
	if (FK_UNLIKELY(!isfinite(x)))
		p->cnt |= FkRollKind(x);
	mean = (p->hi + p->lo) / (double) FK_ROLL_CNT(p->cnt);
	p->m2 += (x - p->mean) * (x - mean);
	p->mean = mean;
}

/* Add present element x to p, a piece of a sum or of a stddev (welford) */
FK_ROLL_INLINE void
FkRollPieceAdd(FkRollPiece *p, double x, int welford)
{
	if (welford)
		FkRollWelfordAdd(p, x);
	else
		FkRollSumAdd(p, x);
}

/* The compensated sum of (ah, al) and (bh, bl): an exact sum keeps its zero's sign */
FK_ROLL_INLINE double
FkRollAddPieces(double ah, double al, double bh, double bl)
{
	double		s = ah + bh;
	double		z = s - ah;
	double		c = ((ah - (s - z)) + (bh - z)) + (al + bl);

	return c == 0 ? s : s + c;
}

/*
 * The sum of the present elements of a (hi ah, lo al, acnt) and b: the
 * compensated sum of their finite values, unless FkRollSumSlow has to step
 * in.
 */
FK_ROLL_INLINE double
FkRollSum(double ah, double al, uint64_t acnt, const FkRollPiece *b,
		  int *overflow)
{
	double		r = FkRollAddPieces(ah, al, b->hi, b->lo);

	/* the flags are the bits above the count */
	if (FK_UNLIKELY(((acnt | b->cnt) >> 32) != 0 || !(r - r == 0.0)))
		return FkRollSumSlow(ah, al, acnt, b->hi, b->lo, b->cnt, overflow);
	return r;
}

/*
 * The sample variance of the present elements of a (mean am, squared
 * deviations am2, acnt) and b, at least two: NaN when one is not finite,
 * as core's var_samp.  Chan's combination, m2 = m2a + m2b + d^2 na nb / n,
 * divided by n - 1 in one division.  *overflow is set when it is not
 * finite; the standard deviation is its square root (FkRollStddev).
 */
FK_ROLL_INLINE double
FkRollVar(double am, double am2, uint64_t acnt, const FkRollPiece *b,
		  int *overflow)
{
	double		na = (double) FK_ROLL_CNT(acnt),
				nb = (double) FK_ROLL_CNT(b->cnt),
				n = na + nb,
				d = b->mean - am,
				r;

	if ((acnt | b->cnt) & FK_ROLL_BAD)
		return FkNan();
	if (FK_ROLL_CNT(acnt) == 0)
		r = b->m2 / (nb - 1);
	else
		r = ((am2 + b->m2) * n + d * d * (na * nb)) / (n * (n - 1));
	if (!isfinite(r))
		*overflow = 1;
	return r;
}

/* The sample standard deviation of a and b: the square root of FkRollVar */
FK_ROLL_INLINE double
FkRollStddev(double am, double am2, uint64_t acnt, const FkRollPiece *b,
			 int *overflow)
{
	return sqrt(FkRollVar(am, am2, acnt, b, overflow));
}

#endif							/* FK_SERIES_ROLL_PIECE_H */
