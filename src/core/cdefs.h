/*
 * cdefs.h
 *		The compiler idioms of the kernel core, in one place: token pasting
 *		through one level of expansion, forced inlining, branch hints.
 *
 * This header does not include postgres.h.
 */
#ifndef FK_CDEFS_H
#define FK_CDEFS_H

/* a##b after a and b are expanded (FK_CAT(Fk, FK_SUFFIX)) */
#define FK_CAT2(a, b)	a##b
#define FK_CAT(a, b)	FK_CAT2(a, b)

/* Inlined whatever the optimiser thinks: the callers specialise on constants */
#define FK_ALWAYS_INLINE inline __attribute__((always_inline))

/* A branch that is rarely taken (a fault, the end of a series) */
#define FK_UNLIKELY(x)	__builtin_expect(!!(x), 0)

#endif							/* FK_CDEFS_H */
