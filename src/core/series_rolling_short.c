/*
 * series_rolling_short.c
 *		Short windows of the rolling sum, mean, stddev and var, several
 *		segments at once (series_rolling_short.h): whether a state takes
 *		them, and the copy of the group step that runs.
 *
 * Only an AVX2 copy exists: built for SSE2 alone (two lanes a vector) the
 * group step ran the stddev slower than the element steps (14 against 9 ms
 * over 10^6 elements, w = 20), so a CPU without AVX2 keeps those.
 */
#include <string.h>

#include "bitmap.h"
#include "kernels.h"
#include "series_rolling_short.h"

/* Does this process run the AVX2 copy (fusekern.simd, the CPU's cap)? */
static bool
FkRollShortIsa(void)
{
#if defined(__x86_64__)
	return FkIsaCopy(FK_ISA_BIT(FK_ISA_SCALAR) | FK_ISA_BIT(FK_ISA_AVX2),
					 FkIsaInUse()) == FK_ISA_AVX2;
#else
	return false;
#endif
}

/* See series_rolling_short.h */
bool
FkRollShortOk(const FkRollState *st)
{
	return (st->op == FK_ROLL_SUM || st->op == FK_ROLL_MEAN ||
			st->op == FK_ROLL_STDDEV || st->op == FK_ROLL_VAR) &&
		st->w >= 2 && st->w <= FK_ROLL_SHORT_MAX && st->w < st->len &&
		FkRollShortIsa();
}

/* See series_rolling_short.h */
void
FkRollShortRing(FkRollState *st, const double *seg)
{
	if (st->ring == NULL)
		return;
	memcpy(st->ring, seg, st->w * sizeof(double));
	for (size_t i = 0; i < st->w; i++)
		FkBitmapSet(st->ring_valid, i);
}

/*
 * x, or its first g segments of w padded with zeros to FK_ROLL_LANES in
 * pad: the lanes past g read zeros, and their results are never kept
 */
static const double *
FkRollShortPad(const double *x, size_t w, size_t g, double *pad)
{
	if (g == FK_ROLL_LANES)
		return x;
	memcpy(pad, x, g * w * sizeof(double));
	memset(pad + g * w, 0, (FK_ROLL_LANES - g) * w * sizeof(double));
	return pad;
}

/* See series_rolling_short.h */
bool
FkRollShortGroup(FkRollState *st, const double *x, double *out,
				 uint64_t *out_valid, size_t off, size_t g)
{
#if defined(__x86_64__)
	double		pad[FK_ROLL_LANES * FK_ROLL_SHORT_MAX];

	return FkRollShortGroupAvx2(st, FkRollShortPad(x, st->w, g, pad), out,
								out_valid, off, g);
#else
	return false;
#endif
}

/* See series_rolling_short.h */
bool
FkRollShortPair(FkRollState *st, FkRollState *st2, const double *x,
				double *out, uint64_t *out_valid, double *out2,
				uint64_t *out_valid2, size_t off, size_t g)
{
#if defined(__x86_64__)
	double		pad[FK_ROLL_LANES * FK_ROLL_SHORT_MAX];

	return FkRollShortPairAvx2(st, st2, FkRollShortPad(x, st->w, g, pad),
							   out, out_valid, out2, out_valid2, off, g);
#else
	return false;
#endif
}
