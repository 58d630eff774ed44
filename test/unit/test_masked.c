/*
 * test_masked.c
 *		Unit tests of the masked driver over every operation of the
 *		catalogue: present elements get the dense call's bits, words without a present element are left alone, and
 *		block-by-block ranges give what one call gives.
 */
#include <stdio.h>

#include "../../src/core/bitmap.h"
#include "../../src/core/masked.h"
#include "../../src/core/ops.h"
#include "kern_testutil.h"
#include "tap.h"

#define MAXN 1000
#define MAXW ((MAXN + 63) / 64)

#define A_ARG 0.5
#define B_ARG -3.0

/* Validity patterns at word granularity */
typedef enum Pattern
{
	P_NONE,						/* valid == NULL */
	P_ALL,						/* every bit set */
	P_NULL,						/* no bit set */
	P_RANDOM,					/* 90% present, mixed words */
	P_WORDS,					/* full, empty and mixed words in turn */
	P_SPARSE,					/* one present element in every third word */
	P_COUNT
} Pattern;

static const char *const pattern_names[P_COUNT] = {
	"no bitmap", "all valid", "all null", "random 90%", "full/empty/mixed words",
	"sparse"
};

static double in_x[MAXN];
static double in_y[MAXN];

/* Build pattern p over n bits into bm (tail bits zero); NULL for P_NONE */
static const uint64_t *
make_bitmap(uint64_t *bm, Pattern p, size_t n, uint64_t *st)
{
	memset(bm, 0, MAXW * sizeof(uint64_t));
	if (p == P_NONE)
		return NULL;
	for (size_t i = 0; i < n; i++)
	{
		size_t		w = i / 64;
		int			set = 0;

		switch (p)
		{
			case P_ALL: set = 1; break;
			case P_RANDOM: set = rand64(st) % 10 != 0; break;
			case P_WORDS: set = w % 3 == 0 || (w % 3 == 2 && rand64(st) % 2); break;
			case P_SPARSE: set = w % 3 == 1 && i % 64 == 17; break;
			default: break;
		}
		if (set)
			FkBitmapSet(bm, i);
	}
	return bm;
}

/* Masked call of operation op over [from, to) */
static void
run_masked(const FkKernelTable *t, FkKernelOp op, double *dst, size_t lag,
		   const uint64_t *valid, size_t from, size_t to)
{
	FkMaskedApply(t, op, dst, in_x, in_y, A_ARG, B_ARG, lag, valid, from, to);
}

/* Dense call of op's primitive over n elements */
static void
run_dense(const FkKernelTable *t, FkKernelOp op, double *dst, size_t lag,
		  size_t n)
{
	if (FkKernelOpLagged(op))
		FkKernelApplyLagged(t, op, dst, in_x, lag, A_ARG, B_ARG, n);
	else
		FkKernelApply(t, op, dst, in_x, in_y, A_ARG, B_ARG, n);
}

/*
 * Count the elements of dst that break the driver contract over [from, to):
 * present ones must equal the dense result, those in a word with no
 * present element must be 0.0, those outside the range must keep the
 * sentinel.
 */
static size_t
count_bad(const double *dst, const double *dense, const uint64_t *valid,
		  size_t lag, size_t n, size_t from, size_t to)
{
	size_t		bad = 0;

	for (size_t i = 0; i < n; i++)
	{
		int			in_range = i >= from && i < to && i >= lag;
		int			present = valid == NULL || FkBitmapGet(valid, i);
		int			word_empty = valid != NULL && valid[i / 64] == 0;

		if (in_range && present)
			bad += bits_of(dst[i]) != bits_of(dense[i]);
		else if (in_range && word_empty)
			bad += bits_of(dst[i]) != bits_of(0.0);
		else if (!in_range)
			bad += !is_sentinel(dst[i]);
	}
	return bad;
}

/* One table over every operation of the catalogue, length, pattern and lag */
static void
check_table(const FkKernelTable *t)
{
	static const size_t lengths[] = {0, 1, 63, 64, 65, 127, 128, 129, 1000};
	static const size_t lags[] = {0, 1, 63, 64, 65, 1000};
	static double dst[MAXN],
				dense[MAXN];
	uint64_t	bm[MAXW];
	uint64_t	st = 5;

	for (FkKernelOp d = 0; d < FK_KOP_COUNT; d++)
		for (Pattern p = P_NONE; p < P_COUNT; p++)
		{
			size_t		bad_whole = 0,
						bad_blocks = 0;
			int			lagged = FkKernelOpLagged(d);

			for (size_t li = 0; li < sizeof(lengths) / sizeof(lengths[0]); li++)
				for (size_t gi = 0; gi < (lagged ? 6 : 1); gi++)
				{
					size_t		n = lengths[li];
					size_t		lag = lagged ? lags[gi] : 0;
					const uint64_t *valid = make_bitmap(bm, p, n, &st);

					fill_sentinel(dense, MAXN);
					run_dense(t, d, dense, lag, n);

					/* the whole range in one call */
					fill_sentinel(dst, MAXN);
					run_masked(t, d, dst, lag, valid, 0, n);
					bad_whole += count_bad(dst, dense, valid, lag, n, 0, n);

					/* blocks of 100 (not word-aligned), then a middle range alone */
					fill_sentinel(dst, MAXN);
					for (size_t from = 0; from < n; from += 100)
						run_masked(t, d, dst, lag, valid, from,
								   from + 100 < n ? from + 100 : n);
					bad_blocks += count_bad(dst, dense, valid, lag, n, 0, n);
					fill_sentinel(dst, MAXN);
					run_masked(t, d, dst, lag, valid, n / 3, n - n / 4);
					bad_blocks += count_bad(dst, dense, valid, lag, n, n / 3, n - n / 4);
				}
			ok(bad_whole == 0 && bad_blocks == 0,
			   "%s: masked %s, %s: whole (%zu bad), in ranges (%zu bad)",
			   t->name, FkOps[d].kernel, pattern_names[p], bad_whole, bad_blocks);
		}
}

int
main(void)
{
	uint64_t	st = 31;

	for (size_t i = 0; i < MAXN; i++)
	{
		in_x[i] = rand_input(&st);
		in_y[i] = rand_input(&st);
	}
	FOR_EACH_ISA(isa, t)
		check_table(t);
	return done_testing();
}
