/*
 * tap.h
 *		A minimal TAP producer for the C unit tests of the kernel core.
 */
#ifndef FK_TAP_H
#define FK_TAP_H

#include <stdarg.h>
#include <stdio.h>

static int	tap_count = 0;
static int	tap_failed = 0;

static inline int ok(int cond, const char *fmt,...) __attribute__((format(printf, 2, 3)));

/* Report one assertion; returns its truth so callers can add diagnostics */
static inline int
ok(int cond, const char *fmt,...)
{
	va_list		ap;

	tap_count++;
	if (!cond)
		tap_failed++;
	printf("%sok %d - ", cond ? "" : "not ", tap_count);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	return cond;
}

/* Print the plan and return the exit status */
static inline int
done_testing(void)
{
	printf("1..%d\n", tap_count);
	return tap_failed ? 1 : 0;
}

#endif							/* FK_TAP_H */
