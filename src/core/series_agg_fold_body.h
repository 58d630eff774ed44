/*
 * series_agg_fold_body.h
 *		The dense loops of series_agg_fold.h, compiled once per instruction
 *		set.
 *
 * Included by series_agg_fold.c (baseline) and series_agg_fold_avx2.c /
 * series_agg_fold_avx512.c (their -m flags) with FK_ISA defined to the name
 * of the copy (cdefs.h): FkXAggFoldsScalar, FkXAggFoldsAvx2,
 * FkXAggFoldsAvx512.  Each loop is one IEEE operation or comparison per
 * element, position by position (no contraction: -ffp-contract=off), so
 * every copy gives the same bits; only the lanes that run at once differ.
 */
#include <math.h>
#include <string.h>

#include "float8_nan.h"
#include "series_agg.h"
#include "series_agg_fold.h"

/* The exponent field of a double, and one unit of it */
#define FK_EXP_BITS		UINT64_C(0x7FF0000000000000)
#define FK_EXP_ONE		UINT64_C(0x0010000000000000)

/*
 * The lanes of u (the bits of doubles) with the sign bit set where the
 * double is not finite: adding one to an exponent field of all ones
 * carries into the sign bit
 */
#define FK_NONFINITE(u) (((u) & FK_EXP_BITS) + FK_EXP_ONE)

/* The lanes of a where mask m is all ones, those of b elsewhere */
#define FK_BLEND(m, a, b) (((a) & (m)) | ((b) & ~(m)))

/*
 * The lanes of one vector register of the copy (AVX-512 8, AVX2 4, else 2),
 * and vectors of that many doubles and 64-bit lanes in GCC's vector
 * extension (a cast between the two keeps the bits; a scalar operand stands
 * for a vector of it), with four- and two-lane ones for the halvings of
 * FkAnySign
 */
#if defined(__AVX512F__)
#define FK_FOLD_LANES 8
#elif defined(__AVX2__)
#define FK_FOLD_LANES 4
#else
#define FK_FOLD_LANES 2
#endif
typedef double FkFoldVd __attribute__((vector_size(FK_FOLD_LANES * 8)));
typedef uint64_t FkFoldVu __attribute__((vector_size(FK_FOLD_LANES * 8)));
typedef uint64_t FkFoldV4u __attribute__((vector_size(32)));
typedef uint64_t FkFoldV2u __attribute__((vector_size(16)));

/* Elements of one step of the one-pass sums: four vectors */
#define FK_FOLD_STEP (4 * FK_FOLD_LANES)

/*
 * Is the sign bit of any lane of the vector at m set?  (Halved down to two
 * lanes, the halves ORed; the vectors pass through memory, not as
 * arguments: the copies differ in how they pass them.)
 */
static FK_ALWAYS_INLINE bool
FK_ISA_FN(FkAnySign) (const void *m)
{
	FkFoldVu	v;
	FkFoldV2u	v2;

	memcpy(&v, m, sizeof(v));
#if FK_FOLD_LANES == 8
	{
		FkFoldV4u	v4 = __builtin_shufflevector(v, v, 0, 1, 2, 3) |
			__builtin_shufflevector(v, v, 4, 5, 6, 7);

		v2 = __builtin_shufflevector(v4, v4, 0, 1) |
			__builtin_shufflevector(v4, v4, 2, 3);
	}
#elif FK_FOLD_LANES == 4
	v2 = __builtin_shufflevector(v, v, 0, 1) |
		__builtin_shufflevector(v, v, 2, 3);
#else
	v2 = v;
#endif
	return ((v2[0] | v2[1]) >> 63) != 0;
}

/*
 * acc[i] += x[i] with core's check, element by element, every NaN the
 * canonical one; true when a sum of finite operands overflowed
 */
static bool
FK_ISA_FN(FkFoldSumChecked) (double *acc, const double *x, size_t n)
{
	int			bad = 0;

	for (size_t i = 0; i < n; i++)
	{
		double		a = acc[i];
		double		s = a + x[i];

		bad |= (fabs(s) == INFINITY) & (fabs(a) != INFINITY) &
			(fabs(x[i]) != INFINITY);
		acc[i] = FkCanonNan(s);
	}
	return bad != 0;
}

/*
 * acc[i] += x[i] for one step of FK_FOLD_STEP elements, in one pass: the
 * sums are held in registers and stored when all are finite, else the step
 * is added again with the checks (the same sums, NaN made canonical); true
 * when a sum of finite operands overflowed
 */
static FK_ALWAYS_INLINE bool
FK_ISA_FN(FkFoldSumStep) (double *acc, const double *x)
{
	const size_t w = FK_FOLD_LANES;
	FkFoldVd	s0,
				s1,
				s2,
				s3,
				b0,
				b1,
				b2,
				b3;
	FkFoldVu	nonfinite;

	memcpy(&s0, acc, sizeof(s0));
	memcpy(&s1, acc + w, sizeof(s1));
	memcpy(&s2, acc + 2 * w, sizeof(s2));
	memcpy(&s3, acc + 3 * w, sizeof(s3));
	memcpy(&b0, x, sizeof(b0));
	memcpy(&b1, x + w, sizeof(b1));
	memcpy(&b2, x + 2 * w, sizeof(b2));
	memcpy(&b3, x + 3 * w, sizeof(b3));
	s0 += b0;
	s1 += b1;
	s2 += b2;
	s3 += b3;
	nonfinite = FK_NONFINITE((FkFoldVu) s0) | FK_NONFINITE((FkFoldVu) s1) |
		FK_NONFINITE((FkFoldVu) s2) | FK_NONFINITE((FkFoldVu) s3);
	if (FK_ISA_FN(FkAnySign) (&nonfinite))
		return FK_ISA_FN(FkFoldSumChecked) (acc, x, FK_FOLD_STEP);
	memcpy(acc, &s0, sizeof(s0));
	memcpy(acc + w, &s1, sizeof(s1));
	memcpy(acc + 2 * w, &s2, sizeof(s2));
	memcpy(acc + 3 * w, &s3, sizeof(s3));
	return false;
}

/*
 * acc[i] += x[i] in one pass, a step at a time (plain vector adds unless a
 * step has a sum that is not finite); the last n % FK_FOLD_STEP elements
 * with the checks
 */
static bool
FK_ISA_FN(FkFoldSum) (double *acc, const double *x, size_t n)
{
	bool		bad = false;
	size_t		i = 0;

	for (; i + FK_FOLD_STEP <= n; i += FK_FOLD_STEP)
		bad |= FK_ISA_FN(FkFoldSumStep) (acc + i, x + i);
	if (i < n)
		bad |= FK_ISA_FN(FkFoldSumChecked) (acc + i, x + i, n - i);
	return bad;
}

/*
 * The same and counts[i] += 1 (avg's state), in one pass: each step's
 * counts are checked (one at FK_XAVG_MAXCOUNT sets *full) and counted
 * beside its sums
 */
static bool
FK_ISA_FN(FkFoldSumCount) (double *acc, double *counts, const double *x,
						   size_t n, bool *full)
{
	FkFoldVu	atmax = {0};
	uint64_t	tail = 0;
	bool		bad = false;
	size_t		i = 0;

	for (; i + FK_FOLD_STEP <= n; i += FK_FOLD_STEP)
	{
		/* the counts of the step: checked, then one more */
		for (int k = 0; k < FK_FOLD_STEP; k += FK_FOLD_LANES)
		{
			FkFoldVd	c;

			memcpy(&c, counts + i + k, sizeof(c));
			atmax |= (FkFoldVu) (c >= FK_XAVG_MAXCOUNT);
			c += 1.0;
			memcpy(counts + i + k, &c, sizeof(c));
		}
		bad |= FK_ISA_FN(FkFoldSumStep) (acc + i, x + i);
	}
	for (size_t k = i; k < n; k++)
	{
		tail |= counts[k] >= FK_XAVG_MAXCOUNT;
		counts[k] += 1.0;
	}
	if (i < n)
		bad |= FK_ISA_FN(FkFoldSumChecked) (acc + i, x + i, n - i);
	*full |= tail != 0 || FK_ISA_FN(FkAnySign) (&atmax);
	return bad;
}

/* acc[i] = core's float8_smaller(acc[i], x[i]): NaN above every number */
static void
FK_ISA_FN(FkFoldMin) (double *acc, const double *x, size_t n)
{
	for (size_t i = 0; i < n; i++)
	{
		double		a = acc[i];
		double		b = x[i];

		acc[i] = (!isnan(a) && (isnan(b) || a < b)) ? a : b;
	}
}

/* acc[i] = core's float8_larger(acc[i], x[i]): NaN above every number */
static void
FK_ISA_FN(FkFoldMax) (double *acc, const double *x, size_t n)
{
	for (size_t i = 0; i < n; i++)
	{
		double		a = acc[i];
		double		b = x[i];

		acc[i] = (!isnan(b) && (isnan(a) || a > b)) ? a : b;
	}
}

/*
 * The slots of a word with NULLs, made foldable (FkXAggFolds.mixed): a
 * select, an add of the NULL counts and of the counts a vector at a time
 */
static void
FK_ISA_FN(FkFoldMixed) (uint64_t word, const double *x, double id, size_t m,
						double *xs, int64_t *nulls, double *counts, bool *full)
{
	for (size_t j = 0; j < m; j++)
		xs[j] = ((word >> j) & 1) != 0 ? x[j] : id;
	if (nulls != NULL)
		for (size_t j = 0; j < m; j++)
			nulls[j] += (int64_t) (((word >> j) & 1) ^ 1);
	if (counts != NULL)
	{
		const FkFoldVd one = (FkFoldVd) {0} + 1.0;
		FkFoldVu	lane;
		FkFoldVu	atmax = {0};
		bool		tail = false;
		size_t		j = 0;

		for (int k = 0; k < FK_FOLD_LANES; k++)
			lane[k] = (uint64_t) k;
		/* a vector at a time: 1 added where the bit is set, +0 elsewhere */
		for (; j + FK_FOLD_LANES <= m; j += FK_FOLD_LANES)
		{
			FkFoldVd	c;
			FkFoldVu	adds = -((word >> (lane + j)) & 1);

			memcpy(&c, counts + j, sizeof(c));
			atmax |= adds & (FkFoldVu) (c >= FK_XAVG_MAXCOUNT);
			c += (FkFoldVd) ((FkFoldVu) one & adds);
			memcpy(counts + j, &c, sizeof(c));
		}
		for (; j < m; j++)
		{
			bool		bit = ((word >> j) & 1) != 0;

			tail |= bit && counts[j] >= FK_XAVG_MAXCOUNT;
			counts[j] += bit ? 1.0 : 0.0;
		}
		*full |= tail || FK_ISA_FN(FkAnySign) (&atmax);
	}
}

/*
 * variance's state at n positions with the values x added, as core's
 * float8_accum: N += 1, Sx += x and, where N was above 0, Sxx += (x N -
 * Sx)^2 / (N (N - 1)), the same operations in the same order per lane;
 * with masked, only where bit i of word is set (n at most 64), the other
 * positions kept.  A vector is stored only when, at its positions that add,
 * every count was below 2^53 and x, Sx and Sxx are finite; the first one
 * that is not ends the run (its positions need core's checks,
 * series_agg_var.c).  Returns the positions done.
 */
static FK_ALWAYS_INLINE size_t
FK_ISA_FN(FkFoldVarRun) (double *cnt, double *sx, double *sxx,
						 const double *x, size_t n, uint64_t word,
						 bool masked)
{
	FkFoldVu	lane;
	size_t		i = 0;

	for (int k = 0; k < FK_FOLD_LANES; k++)
		lane[k] = (uint64_t) k;
	for (; i + FK_FOLD_LANES <= n; i += FK_FOLD_LANES)
	{
		FkFoldVd	n0,
					s0,
					q0,
					v,
					nn,
					s,
					tmp;
		FkFoldVu	un,
					us,
					uq,
					bad;

		memcpy(&n0, cnt + i, sizeof(n0));
		memcpy(&s0, sx + i, sizeof(s0));
		memcpy(&q0, sxx + i, sizeof(q0));
		memcpy(&v, x + i, sizeof(v));
		nn = n0 + 1.0;
		s = s0 + v;
		tmp = v * nn - s;
		/* Sxx changes only where N was above 0 */
		uq = FK_BLEND((FkFoldVu) (n0 > 0.0),
					  (FkFoldVu) (q0 + tmp * tmp / (nn * n0)), (FkFoldVu) q0);
		un = (FkFoldVu) nn;
		us = (FkFoldVu) s;
		bad = (FkFoldVu) (n0 >= FK_XAVG_MAXCOUNT) |
			FK_NONFINITE((FkFoldVu) v) | FK_NONFINITE(us) | FK_NONFINITE(uq);
		if (masked)
		{
			/* all ones at the positions whose bit is set */
			FkFoldVu	adds = -((word >> (lane + i)) & 1);

			bad &= adds;
			un = FK_BLEND(adds, un, (FkFoldVu) n0);
			us = FK_BLEND(adds, us, (FkFoldVu) s0);
			uq = FK_BLEND(adds, uq, (FkFoldVu) q0);
		}
		if (FK_ISA_FN(FkAnySign) (&bad))
			break;
		memcpy(cnt + i, &un, sizeof(un));
		memcpy(sx + i, &us, sizeof(us));
		memcpy(sxx + i, &uq, sizeof(uq));
	}
	return i;
}

/* FkFoldVarRun at n positions that all add (FkXAggFolds.var) */
static size_t
FK_ISA_FN(FkFoldVar) (double *cnt, double *sx, double *sxx, const double *x,
					  size_t n)
{
	return FK_ISA_FN(FkFoldVarRun) (cnt, sx, sxx, x, n, 0, false);
}

/* FkFoldVarRun at the n (at most 64) positions of word (FkXAggFolds.var_word) */
static size_t
FK_ISA_FN(FkFoldVarWord) (double *cnt, double *sx, double *sxx,
						  const double *x, size_t n, uint64_t word)
{
	return FK_ISA_FN(FkFoldVarRun) (cnt, sx, sxx, x, n, word, true);
}

/* This instruction set's loops, for series_agg.c */
const FkXAggFolds FK_ISA_FN(FkXAggFolds) = {
	FK_ISA_FN(FkFoldSum),
	FK_ISA_FN(FkFoldSumCount),
	FK_ISA_FN(FkFoldMin),
	FK_ISA_FN(FkFoldMax),
	FK_ISA_FN(FkFoldMixed),
	FK_ISA_FN(FkFoldVar),
	FK_ISA_FN(FkFoldVarWord),
};
