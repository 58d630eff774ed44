/*
 * memcpy_floor.c
 *		The floor of the executor's request path: one memcpy of a layer's
 *		operand and result bytes into memory already faulted in, in ms
 *		(median of 9).  Used by bench_request_path.pl.
 *
 *   memcpy_floor BYTES
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Seconds on the monotonic clock */
static double
FkNow(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Ascending order of doubles, for qsort */
static int
FkCmp(const void *a, const void *b)
{
	double		x = *(const double *) a,
				y = *(const double *) b;

	return (x > y) - (x < y);
}

/* Entry point: print the median time of one copy of BYTES bytes */
int
main(int argc, char **argv)
{
	size_t		bytes = argc > 1 ? strtoull(argv[1], NULL, 10) : 0;
	char	   *src = malloc(bytes + 1);
	char	   *dst = malloc(bytes + 1);
	double		t[9];

	if (bytes == 0 || src == NULL || dst == NULL)
		return 1;
	memset(src, 1, bytes);
	memset(dst, 0, bytes);
	for (int i = 0; i < 9; i++)
	{
		double		t0 = FkNow();

		memcpy(dst, src, bytes);
		t[i] = FkNow() - t0;
		src[i % bytes] ^= dst[(i * 7919) % bytes];
	}
	qsort(t, 9, sizeof(double), FkCmp);
	printf("%.6f\n", t[4] * 1e3);
	return 0;
}
