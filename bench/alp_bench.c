/*
 * alp_bench.c
 *		Micro-benchmark of the ALP codec (src/core/alp.h) on 10^7 values:
 *		encoding, decoding whole, decoding block by block into one
 *		1,024-value buffer (what a fused pass does), the same on the first
 *		64 blocks over and over (in cache: the decoder's own speed, not the
 *		memory's), beside memcpy of the plain values.  Every run is printed,
 *		with the thread's CPU time.
 *
 *   make bench/bin/alp_bench && bench/bin/alp_bench [runs [data set]]
 *
 * A data set (0 cents, 1 FX, 2 full precision) runs that one alone, for
 * instruction counts: valgrind --tool=callgrind
 * --toggle-collect=FkAlpDecodeBlock bench/bin/alp_bench 1 2 counts the
 * decoding of 29,830,400 values (decode whole and block by block, 10^7
 * each, then 64 x 150 blocks of 1,024 in cache).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/core/alp.h"
#include "alp_data.h"
#include "timing.h"

#define HOT_BLOCKS 64
#define HOT_REPS 150

int
main(int argc, char **argv)
{
	static const char *names[] = {"cents", "fx 5 decimals", "full precision"};
	int			runs = argc > 1 ? atoi(argv[1]) : 5;
	int			only = argc > 2 ? atoi(argv[2]) : -1;
	double	   *v = malloc(sizeof(double) * N);
	double	   *out = malloc(sizeof(double) * N);
	uint8_t    *body = malloc(FkAlpBodyBound(N));
	void	   *scratch = malloc(FK_ALP_SCRATCH);
	double		block[FK_ALP_BLOCK];

	/* touch the output's pages: the first decode times decoding, not faults */
	memset(out, 0xff, sizeof(double) * N);

	for (int kind = 0; kind < 3; kind++)
	{
		size_t		sz = 0;

		if (only >= 0 && kind != only)
			continue;
		fill(v, kind);
		printf("%s: %d values\n", names[kind], N);
		for (int r = 0; r < runs; r++)
		{
			double		t0,
						enc,
						dec,
						blk,
						hot,
						cpy;
			double		sink = 0;

			t0 = fk_seconds(CLOCK_THREAD_CPUTIME_ID);
			sz = FkAlpEncode(v, NULL, N, body, scratch);
			enc = fk_seconds(CLOCK_THREAD_CPUTIME_ID) - t0;

			t0 = fk_seconds(CLOCK_THREAD_CPUTIME_ID);
			if (FkAlpDecode(body, sz, N, NULL, out) != FK_ALP_OK)
				return 1;
			dec = fk_seconds(CLOCK_THREAD_CPUTIME_ID) - t0;
			if (memcmp(out, v, sizeof(double) * N) != 0)
				return 2;

			t0 = fk_seconds(CLOCK_THREAD_CPUTIME_ID);
			if (FkAlpCheckBody(body, sz, N) != FK_ALP_OK)
				return 1;
			for (size_t b = 0; b < FkAlpBlocks(N); b++)
			{
				FkAlpDecodeBlock(body, N, b, NULL, block);
				sink += block[b % FK_ALP_BLOCK];
			}
			blk = fk_seconds(CLOCK_THREAD_CPUTIME_ID) - t0;

			/* 64 blocks (about 0.5 MB compressed) 150 times: 9.8 10^6 values */
			t0 = fk_seconds(CLOCK_THREAD_CPUTIME_ID);
			for (int rep = 0; rep < HOT_REPS; rep++)
				for (size_t b = 0; b < HOT_BLOCKS; b++)
				{
					FkAlpDecodeBlock(body, N, b, NULL, block);
					sink += block[(b + rep) % FK_ALP_BLOCK];
				}
			hot = fk_seconds(CLOCK_THREAD_CPUTIME_ID) - t0;

			t0 = fk_seconds(CLOCK_THREAD_CPUTIME_ID);
			memcpy(out, v, sizeof(double) * N);
			cpy = fk_seconds(CLOCK_THREAD_CPUTIME_ID) - t0;
			sink += out[N / 2];

			printf("  run %d: encode %.1f ms (%.2f ns/value), decode %.1f ms (%.2f values/ns), "
				   "decode by block %.1f ms (%.2f values/ns), in cache %.2f values/ns, "
				   "memcpy %.1f ms (%.2f values/ns)%s\n",
				   r + 1, enc * 1e3, enc * 1e9 / N, dec * 1e3, N / (dec * 1e9),
				   blk * 1e3, N / (blk * 1e9),
				   (double) HOT_REPS * HOT_BLOCKS * FK_ALP_BLOCK / (hot * 1e9),
				   cpy * 1e3, N / (cpy * 1e9),
				   sink == 12345.678 ? " " : "");
		}
		printf("  size %zu bytes of %zu plain: %.2fx smaller\n", sz,
			   (size_t) N * 8, (double) N * 8 / sz);
	}
	free(v);
	free(out);
	free(body);
	free(scratch);
	return 0;
}
