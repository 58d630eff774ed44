/*
 * series_fill.h
 *		The fills that look ahead: fill_backward (the next present element
 *		into each NULL) and fill_linear (linear interpolation across a run
 *		of NULLs), in place over values + validity words.
 *
 * Both need the present element after a run of NULLs before they can
 * write the run, so they are not streaming steps (series_running.h) and
 * never fused: the glue builds the result's values and validity words from
 * the input, and these fill them in place.  A NaN is a value, not a gap:
 * only NULLs are filled, as fill_forward does.
 *
 * fill_linear: a run of m NULLs at positions p + 1 .. p + m between the
 * present elements a = x[p] and b = x[p + m + 1] gets, at p + k,
 *
 *	 a + ((b - a) / (m + 1)) * k
 *
 * each operation rounded to float8 in that order, a NaN written as the
 * canonical one (float8_nan.h) (numpy's interp, which
 * pandas' interpolate(method='linear') calls, computes the same bits for
 * every result that is not NaN).  With edges, NULLs before the first
 * present element get that element and NULLs after the last get the last
 * (pandas' limit_direction='both'); without, they stay NULL (pandas'
 * limit_area='inside').
 *
 * This header does not include postgres.h.
 */
#ifndef FK_SERIES_FILL_H
#define FK_SERIES_FILL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Each NULL of x[0 .. n) (bit i of valid clear) gets the next present
 * element; trailing NULLs stay NULL.  Sets the bits it fills.
 */
extern void FkFillBackward(double *x, uint64_t *valid, size_t n);

/* Each interior run of NULLs of x[0 .. n) interpolated, as above */
extern void FkFillLinear(double *x, uint64_t *valid, size_t n, bool edges);

#endif							/* FK_SERIES_FILL_H */
