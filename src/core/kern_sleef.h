/*
 * kern_sleef.h
 *		The SLEEF functions of the catalogue (FK_SLEEF_FUNCTIONS
 *		and FK_SLEEF_FUNCTIONS2 in ops_catalog.h) as primitives of kern_body.h:
 *		FkV<Name>Raw(x) and FkV<Name>Raw(x, y).
 *
 * The including file defines FkVec and FK_SLEEF_CALL(sleef), the SLEEF
 * function of its instruction set for the SLEEF name sleef (log, exp ...):
 * the deterministic u10 one, so every path gives the same bits.
 *
 * This header does not include postgres.h.
 */
#ifndef FK_SLEEF_CALL
#error "kern_sleef.h is included by an instruction-set file that defines FK_SLEEF_CALL"
#endif

#include "ops_catalog.h"

#define FK_SLEEF_RAW(Name, sleef) \
static inline FkVec \
FkV##Name##Raw(FkVec x) \
{ \
	return FK_SLEEF_CALL(sleef) (x); \
}
FK_SLEEF_FUNCTIONS(FK_SLEEF_RAW)
#undef FK_SLEEF_RAW

#define FK_SLEEF_RAW2(Name, sleef) \
static inline FkVec \
FkV##Name##Raw(FkVec x, FkVec y) \
{ \
	return FK_SLEEF_CALL(sleef) (x, y); \
}
FK_SLEEF_FUNCTIONS2(FK_SLEEF_RAW2)
#undef FK_SLEEF_RAW2
