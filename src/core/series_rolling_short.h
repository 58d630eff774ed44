/*
 * series_rolling_short.h
 *		Short windows of the rolling sum, mean, stddev and var
 *		(series_rolling.h), several segments at once.
 *
 * For 2 <= w <= FK_ROLL_SHORT_MAX the work of FkRollStep on whole segments
 * of present elements is done for FK_ROLL_LANES segments side by side, one
 * in each lane of a vector: a backward pass computes the suffixes of every
 * segment, a forward pass its prefixes and each output from the prefix
 * and the previous segment's suffix.  Each lane does the operations the
 * element steps of series_rolling.c do, in their order (no fused
 * multiply-add, as everywhere in core), so the bits are the same; what
 * would take their slow paths (a value that is not finite, an overflow, a
 * flagged suffix) is found afterwards, and the caller then runs the element
 * steps over the same segments.  Only where AVX2 runs (series_rolling_short.c
 * says why).  A pair (FkRollShortPair) does a sum or mean and a stddev or
 * var of the same elements in one group, the TwoSum of each element once.
 * No postgres.h.
 */
#ifndef FK_SERIES_ROLLING_SHORT_H
#define FK_SERIES_ROLLING_SHORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cdefs.h"
#include "series_rolling.h"

/* Segments computed side by side */
#define FK_ROLL_LANES 4

/* The longest window taken this way (its suffixes live on the stack) */
#define FK_ROLL_SHORT_MAX 512

/*
 * Does st take short windows: sum, mean, stddev or var with
 * 2 <= w <= FK_ROLL_SHORT_MAX, w below len, and the AVX2 copy in use?
 */
extern bool FkRollShortOk(const FkRollState *st);

/*
 * The next g (1 to FK_ROLL_LANES) segments of st, all present, from
 * x[0 .. g w): st stands at the start of a segment that is not the first
 * (pos >= w, seg 0).  Writes out[0 .. g w) and bits off .. of out_valid and
 * moves st past them, as FkRollStep would, but for a ring: the caller
 * copies the last segment, x + (g - 1) w, into it (FkRollShortRing) before
 * anything reads it; returns false, with st unchanged (out and out_valid
 * written in part), when the element steps must do them.
 */
extern bool FkRollShortGroup(FkRollState *st, const double *x, double *out,
							 uint64_t *out_valid, size_t off, size_t g);

/*
 * Put the segment seg, the last a group did, in st's ring (if it has one):
 * what the element steps would have left there
 */
extern void FkRollShortRing(FkRollState *st, const double *seg);

/*
 * FkRollShortGroup for two states over the same elements, st a sum or mean
 * and st2 a stddev or var standing where st does, with the same window and
 * length: both or neither move (false: the element steps do both)
 */
extern bool FkRollShortPair(FkRollState *st, FkRollState *st2,
							const double *x, double *out, uint64_t *out_valid,
							double *out2, uint64_t *out_valid2, size_t off,
							size_t g);

/*
 * Their AVX2 copies (series_rolling_short_body.h), x readable for
 * FK_ROLL_LANES segments
 */
extern bool FkRollShortGroupAvx2(FkRollState *st, const double *x,
								 double *out, uint64_t *out_valid,
								 size_t off, size_t g) FK_HIDDEN;

extern bool FkRollShortPairAvx2(FkRollState *st, FkRollState *st2,
								const double *x, double *out,
								uint64_t *out_valid, double *out2,
								uint64_t *out_valid2, size_t off,
								size_t g) FK_HIDDEN;

#endif							/* FK_SERIES_ROLLING_SHORT_H */
