/*
 * pg_on_error.h
 *		The on_error argument of the vector functions, and its one parser:
 *		the SQL driver (pg_kernels_fault.c), the planner support function
 *		(a constant argument, pg_fuse.c) and the program text of a fused
 *		call (pg_fuse_text.c) all read it here.
 */
#ifndef PG_ON_ERROR_H
#define PG_ON_ERROR_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/*
 * What a call does with an element core float8 would reject: its optional
 * last argument on_error, 'error' (core's error, also when the argument is
 * not given) or 'null' (the element becomes NULL).
 */
typedef enum FkOnError
{
	FK_ON_ERROR_ERROR,			/* raise core's error */
	FK_ON_ERROR_NULL			/* such elements become NULL */
} FkOnError;

/* Do the len bytes at p spell word, in any letter case (ASCII)? */
static inline bool
FkOnErrorWordIs(const char *p, size_t len, const char *word)
{
	if (len != strlen(word))
		return false;
	for (size_t i = 0; i < len; i++)
	{
		char		c = p[i];

		if (c >= 'A' && c <= 'Z')
			c += 'a' - 'A';
		if (c != word[i])
			return false;
	}
	return true;
}

/*
 * The mode the len bytes at p name ("error" or "null", in any letter case,
 * as PostgreSQL reads the values of its enum settings); false: neither
 */
static inline bool
FkOnErrorParse(const char *p, size_t len, FkOnError *mode)
{
	if (FkOnErrorWordIs(p, len, "error"))
		*mode = FK_ON_ERROR_ERROR;
	else if (FkOnErrorWordIs(p, len, "null"))
		*mode = FK_ON_ERROR_NULL;
	else
		return false;
	return true;
}

#endif							/* PG_ON_ERROR_H */
