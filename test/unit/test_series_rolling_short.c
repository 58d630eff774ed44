/*
 * test_series_rolling_short.c
 *		Unit tests of the short rolling windows taken several segments at
 *		once (src/core/series_rolling_short.c): sum, mean, stddev and var
 *		give the bits of the element steps (the definition: the series fed
 *		one element at a time, which never makes a whole segment) over edge
 *		data (NaN, infinities, -0, values whose sums overflow, runs of NULLs
 *		across 64-bit word edges), for windows 1, 2, 5, 20, 250, 512 and
 *		513, min_count 1 and w, the history read in place (a plain SQL
 *		call) or kept in a ring fed blocks of 1,024 or 1,000 (the fused
 *		evaluator, a compressed input decoded block by block), the output
 *		validity and the fault index alike.  Where the CPU has no AVX2 the
 *		element steps run both sides.
 */
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/bitmap.h"
#include "../../src/core/series_rolling.h"
#include "roll_testutil.h"
#include "tap.h"

/*
 * Run op over in_x[0..n) (valid: in_valid, or all present) fed blocks of
 * blk, the history in place or in a ring; returns the fault index
 */
static size_t
run(FkRollOp op, size_t w, size_t minc, size_t n, int nulls, size_t blk,
	int in_place, double *out, uint64_t *out_valid)
{
	FkRollState st;
	const uint64_t *valid = nulls ? in_valid : NULL;
	size_t		size = in_place ? FkRollWorkSizeInPlace(op, w, n) :
		FkRollWorkSize(op, w, n);
	void	   *work = malloc(size + 8);

	memset(work, 0x5A, size + 8);
	memset(out_valid, 0xA5, NW * sizeof(uint64_t));
	memset(out, 0x5A, n * sizeof(double));
	if (in_place)
		FkRollInitInPlace(&st, op, w, minc, n, work, in_x, valid);
	else
		FkRollInit(&st, op, w, minc, n, work);
	for (size_t s = 0; s < n; s += blk)
		FkRollStep(&st, in_x + s, valid, out + s, out_valid, s,
				   n - s < blk ? n - s : blk);
	free(work);
	return st.fault;
}

int
main(void)
{
	static const FkRollOp ops[] = {FK_ROLL_SUM, FK_ROLL_MEAN, FK_ROLL_STDDEV, FK_ROLL_VAR};
	static const char *const names[] = {"sum", "mean", "stddev", "var"};
	static const size_t windows[] = {1, 2, 5, 20, 250, 512, 513};
	static const size_t lengths[] = {N, 5 * 20 + 3, 2 * 250};
	static const char *const kinds[] = {"cents", "NaN and infinities", "overflowing sums"};
	static double want[N],
				got[N];
	static uint64_t want_v[NW],
				got_v[NW];

	for (size_t li = 0; li < sizeof(lengths) / sizeof(lengths[0]); li++)
		for (int kind = 0; kind < 3; kind++)
			for (int nulls = 0; nulls < 2; nulls++)
				for (size_t k = 0; k < sizeof(ops) / sizeof(ops[0]); k++)
					for (size_t wi = 0; wi < sizeof(windows) / sizeof(windows[0]); wi++)
					{
						size_t		n = lengths[li],
									w = windows[wi];
						int			good = 1;
						char		what[160] = "";

						make_input(n, kind, 0x9E3779B97F4A7C15ULL + 7 * li + kind);
						for (int minc = 0; minc < 2; minc++)
						{
							size_t		mc = minc ? w : 1;
							size_t		f0 = run(ops[k], w, mc, n, nulls, 1, 1, want, want_v);

							/* in place whole, a ring by 1,024 and by 1,000 */
							for (int mode = 0; mode < 3 && good; mode++)
							{
								size_t		blk = mode == 0 ? n : mode == 1 ? 1024 : 1000;
								size_t		f1 = run(ops[k], w, mc, n, nulls, blk, mode == 0, got, got_v);
								size_t		at = 0;

								if (!same(got, got_v, want, want_v, n, &at) || f0 != f1)
								{
									good = 0;
									snprintf(what, sizeof(what), " (min_count %zu, %s: element %zu, fault %zu against %zu)",
											 mc, mode == 0 ? "in place" : "ring", at, f1, f0);
								}
							}
						}
						ok(good, "rolling_%s w=%zu over %zu %s%s: the element steps' bits%s",
						   names[k], w, n, kinds[kind], nulls ? " with NULLs" : "", what);
					}
	return done_testing();
}
