/*
 * timing.h
 *		Clock and median helpers shared by the benchmarks and the GPU check.
 */
#ifndef FK_TIMING_H
#define FK_TIMING_H

#include <time.h>

/* Seconds on the given clock (CLOCK_MONOTONIC, CLOCK_THREAD_CPUTIME_ID) */
static inline double
fk_seconds(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Median of n doubles (sorts them in place) */
static inline double
fk_median(double *t, int n)
{
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && t[j - 1] > t[j]; j--)
		{
			double		s = t[j];

			t[j] = t[j - 1];
			t[j - 1] = s;
		}
	return t[n / 2];
}

#endif							/* FK_TIMING_H */
