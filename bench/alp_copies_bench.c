/*
 * alp_copies_bench.c
 *		The ALP decoder's copies side by side in one program: 10^7 values of
 *		one alp_bench data set decoded whole (into 80 MB, what FkAlpDecode
 *		does), block by block into one 1,024-value buffer, and the first 64
 *		blocks 150 times (in cache), by each copy in turn within every run,
 *		so that the shared machine's noise falls on all of them alike.
 *		Values per ns of the thread's CPU time, every run printed.
 *
 *   make bench/bin/alp_copies_bench && bench/bin/alp_copies_bench [runs [data set]]
 *
 * Data sets as alp_bench (0 cents, 1 FX, 2 full precision, the default).
 * Built by bench/alp_old_pair.sh with FK_ALP_OLD defined, it also runs a
 * copy compiled from another commit's decoder loops (FkAlpLoopsOld).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/core/alp.h"
#include "../src/core/alp_internal.h"
#include "alp_data.h"
#include "timing.h"

#define HOT_BLOCKS 64
#define HOT_REPS 150

#ifdef FK_ALP_OLD
extern const FkAlpDecodeLoops FkAlpLoopsOld;
#endif

/* Block b of body into out with the loops L; false on a bad block */
static bool
decode_block(const FkAlpDecodeLoops *L, const uint8_t *body, size_t b,
			 double *out)
{
	size_t		off = FkAlpBlockOffset(body, b);

	return FkAlpDecodeBlockWith(L, body + FkAlpDirectorySize(N) + off,
								FkAlpBlockOffset(body, b + 1) - off,
								FkAlpBlockLen(N, b), out) == FK_ALP_OK;
}

int
main(int argc, char **argv)
{
	const FkAlpDecodeLoops *copies[4];
	const char *names[4];
	int			ncopies = 0;
	int			runs = argc > 1 ? atoi(argv[1]) : 5;
	int			kind = argc > 2 ? atoi(argv[2]) : 2;
	double	   *v = malloc(sizeof(double) * N);
	double	   *out = malloc(sizeof(double) * N);
	uint8_t    *body = malloc(FkAlpBodyBound(N));
	void	   *scratch = malloc(FK_ALP_SCRATCH);
	double		block[FK_ALP_BLOCK];
	double		sink = 0;
	size_t		sz;

	if (FkIsaSupported(FK_ISA_AVX512))
	{
		copies[ncopies] = &FkAlpLoopsAvx512;
		names[ncopies++] = "avx512";
	}
#ifdef FK_ALP_OLD
	copies[ncopies] = &FkAlpLoopsOld;
	names[ncopies++] = "old";
#endif
	if (FkIsaSupported(FK_ISA_AVX2))
	{
		copies[ncopies] = &FkAlpLoopsAvx2;
		names[ncopies++] = "avx2";
	}
	copies[ncopies] = &FkAlpLoopsScalar;
	names[ncopies++] = "scalar";

	memset(out, 0xff, sizeof(double) * N);
	fill(v, kind);
	sz = FkAlpEncode(v, NULL, N, body, scratch);
	if (FkAlpCheckBody(body, sz, N) != FK_ALP_OK)
		return 1;
	printf("data set %d: %d values, %zu bytes compressed; values/ns: whole / by block / in cache\n",
		   kind, N, sz);
	for (int r = 0; r < runs; r++)
	{
		printf("  run %d:", r + 1);
		for (int c = 0; c < ncopies; c++)
		{
			int			k = (c + r) % ncopies;
			const FkAlpDecodeLoops *L = copies[k];
			double		t0,
						whole,
						blk,
						hot;

			t0 = fk_seconds(CLOCK_THREAD_CPUTIME_ID);
			for (size_t b = 0; b < FkAlpBlocks(N); b++)
				if (!decode_block(L, body, b, out + b * FK_ALP_BLOCK))
					return 1;
			whole = fk_seconds(CLOCK_THREAD_CPUTIME_ID) - t0;
			if (memcmp(out, v, sizeof(double) * N) != 0)
				return 2;

			t0 = fk_seconds(CLOCK_THREAD_CPUTIME_ID);
			for (size_t b = 0; b < FkAlpBlocks(N); b++)
			{
				if (!decode_block(L, body, b, block))
					return 1;
				sink += block[b % FK_ALP_BLOCK];
			}
			blk = fk_seconds(CLOCK_THREAD_CPUTIME_ID) - t0;

			t0 = fk_seconds(CLOCK_THREAD_CPUTIME_ID);
			for (int rep = 0; rep < HOT_REPS; rep++)
				for (size_t b = 0; b < HOT_BLOCKS; b++)
				{
					if (!decode_block(L, body, b, block))
						return 1;
					sink += block[(b + rep) % FK_ALP_BLOCK];
				}
			hot = fk_seconds(CLOCK_THREAD_CPUTIME_ID) - t0;
			printf("  %s %.2f / %.2f / %.2f", names[k], N / (whole * 1e9),
				   N / (blk * 1e9),
				   (double) HOT_REPS * HOT_BLOCKS * FK_ALP_BLOCK / (hot * 1e9));
			fflush(stdout);
		}
		printf("\n");
	}
	printf("%s\n", sink == 12345.678 ? " " : "");
	free(v);
	free(out);
	free(body);
	free(scratch);
	return 0;
}
