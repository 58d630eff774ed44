/*
 * alp_loops_bench.c
 *		The ALP decoder's inner loops alone (alp_decode_body.h, each copy
 *		this CPU runs): one decimal or delta block of 1,024 random packed
 *		values at one bit width, decoded over and over from cache, without
 *		the block's header checks or exceptions.  Values per ns of the
 *		thread's CPU time, each copy in turn within every run, every run
 *		printed.
 *
 *   make bench/bin/alp_loops_bench && bench/bin/alp_loops_bench [width [runs [mode [offset]]]]
 *
 * Width 1 .. 52 (default 5, what prices in cents take as differences);
 * mode 0 (the default) times the delta scheme, 1 the decimal scheme, 2 the
 * delta scheme's unpacking with its running sums alone (alp_unpack.c, one
 * copy for every instruction set, timed once a run), group after group
 * into the output.
 * The packed values and the output each start a page of their own, the
 * output offset bytes into it (default 0): where a store's address equals
 * an earlier load's in its low 12 bits, the CPU may hold the load back, so
 * the two buffers' distance can move the figures (one driver that put the
 * output right after the packed values timed the scalar copy 15 % slower
 * for one change, the same as before it with the buffers apart).
 */
#include <stdio.h>
#include <stdlib.h>

#include "../src/core/alp_internal.h"
#include "../test/unit/kern_testutil.h"
#include "timing.h"

#define REPS 200000

int
main(int argc, char **argv)
{
	static const char *names[FK_ISA_COUNT] = {"scalar", "avx2", "avx512"};
	int			width = argc > 1 ? atoi(argv[1]) : 5;
	int			runs = argc > 2 ? atoi(argv[2]) : 3;
	int			mode = argc > 3 ? atoi(argv[3]) : 0;
	int			offset = argc > 4 ? atoi(argv[4]) : 0;
	void	   *packed_page;
	void	   *out_page;
	uint8_t    *packed;
	double	   *out;
	uint64_t	seed = 0x9E3779B97F4A7C15ULL;

	if (width < 1 || width > 52 || mode < 0 || mode > 2 ||
		offset < 0 || offset > 4096 || offset % 8 != 0)
	{
		fprintf(stderr, "width must be 1 .. 52, mode 0 .. 2, offset a multiple of 8 from 0 to 4096\n");
		return 1;
	}
	if (posix_memalign(&packed_page, 4096, 8 * (size_t) width * FkAlpGroups(FK_ALP_BLOCK)) != 0 ||
		posix_memalign(&out_page, 4096, sizeof(double) * FK_ALP_BLOCK + 4096) != 0)
		return 1;
	packed = packed_page;
	out = (double *) ((char *) out_page + offset);
	for (size_t i = 0; i < 8 * (size_t) width * FkAlpGroups(FK_ALP_BLOCK); i++)
		packed[i] = (uint8_t) (rand64(&seed) >> 56);
	printf("%s, width %d: values per ns\n",
		   mode == 2 ? "delta unpacking and sums alone" :
		   mode == 1 ? "decimal scheme" : "delta scheme", width);
	for (int r = 0; r < runs; r++)
	{
		printf("  run %d:", r + 1);
		if (mode == 2)
		{
			double		t0 = fk_seconds(CLOCK_THREAD_CPUTIME_ID);
			uint64_t	y = 0;

			for (int k = 0; k < REPS; k++)
			{
				for (int g = 0; g < FkAlpGroups(FK_ALP_BLOCK); g++)
					y = FkAlpUnpackSums[width] (packed + 8 * (size_t) g * width, y,
												(uint64_t *) out + g * FK_ALP_GROUP);
				__asm__ volatile("" : : "r"(out) : "memory");
			}
			printf("  unpacking %.2f (%llu)\n",
				   (double) REPS * FK_ALP_BLOCK /
				   (fk_seconds(CLOCK_THREAD_CPUTIME_ID) - t0) * 1e-9,
				   (unsigned long long) (y & 1));
			continue;
		}
		for (int isa = 0; isa < FK_ISA_COUNT; isa++)
		{
			const FkAlpDecodeLoops *loops = FkAlpLoopsFor((FkIsa) isa);
			double		t0;

			if (loops == NULL)
				continue;
			t0 = fk_seconds(CLOCK_THREAD_CPUTIME_ID);
			for (int k = 0; k < REPS; k++)
			{
				if (mode == 1)
					loops->decimal(packed, width, FK_ALP_BLOCK, 1000, 1.0, 0.01, out);
				else
					loops->delta(packed, width, FK_ALP_BLOCK, 1000, -3, true, 1.0, 0.01, out);
				/* the output counts as read */
				__asm__ volatile("" : : "r"(out) : "memory");
			}
			printf("  %s %.2f", names[isa],
				   (double) REPS * FK_ALP_BLOCK /
				   (fk_seconds(CLOCK_THREAD_CPUTIME_ID) - t0) * 1e-9);
		}
		printf("\n");
	}
	free(packed_page);
	free(out_page);
	return 0;
}
