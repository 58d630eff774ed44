/*
 * cdefs.h
 *		The compiler idioms of the kernel core, in one place: token pasting
 *		through one level of expansion and the names of per-instruction-set
 *		copies, forced inlining, branch hints.
 *
 * This header does not include postgres.h.
 */
#ifndef FK_CDEFS_H
#define FK_CDEFS_H

/* a##b after a and b are expanded (FK_CAT(name, FK_ISA)) */
#define FK_CAT2(a, b)	a##b
#define FK_CAT(a, b)	FK_CAT2(a, b)

/*
 * The one naming rule of the code compiled once per instruction set: a body
 * names what it defines FK_ISA_FN(FkKernels), FkKernelsAvx2 in the copy
 * whose file defines FK_ISA as Avx2 (Scalar, Avx2, Avx512; the kernels of a
 * CPU without FMA: ScalarNoFma), itself or through the header of its
 * instruction set (kern_scalar.h, kern_avx2.h, kern_avx512.h: the vector
 * primitives FkV* of kern_body.h).  kernels.h's dispatcher picks the copy.
 */
#define FK_ISA_FN(name)	FK_CAT(name, FK_ISA)

/* Inlined whatever the optimiser thinks: the callers specialise on constants */
#define FK_ALWAYS_INLINE inline __attribute__((always_inline))

/*
 * A function of the kernel core that only fusekern's own objects call: kept
 * out of the symbols the library exports (nm -D), as the server glue's
 * entry points are what other modules may bind to
 */
#define FK_HIDDEN __attribute__((visibility("hidden")))

/* A branch that is rarely taken (a fault, the end of a series) */
#define FK_UNLIKELY(x)	__builtin_expect(!!(x), 0)

#endif							/* FK_CDEFS_H */
