/*
 * sleef_scalar.h
 *		SLEEF's deterministic one-lane functions (libsleef 3.5.1).
 *
 * finz_...purecfma: the deterministic functions built for FMA; they give
 * the same bits as the finz AVX2 and AVX-512 functions, and use FMA
 * instructions, so they are called only after FkCpuHasFma().  sleef.h
 * declares them only when the compiler itself targets FMA, hence the
 * declarations here for files built without it.
 * cinz_...purec: the deterministic functions built without FMA, for CPUs
 * that lack it (see docs/kernels.md for how their bits differ).
 *
 * This header does not include postgres.h.
 */
#ifndef FK_SLEEF_SCALAR_H
#define FK_SLEEF_SCALAR_H

#include "ops_catalog.h"

/* The functions of the catalogue (FK_SLEEF_FUNCTIONS) */
#define FK_SLEEF_DECLARE(Name, sleef) \
extern double Sleef_finz_##sleef##d1_u10purecfma(double); \
extern double Sleef_cinz_##sleef##d1_u10purec(double);
FK_SLEEF_FUNCTIONS(FK_SLEEF_DECLARE)
#undef FK_SLEEF_DECLARE

/* The functions of two arguments (FK_SLEEF_FUNCTIONS2) */
#define FK_SLEEF_DECLARE2(Name, sleef) \
extern double Sleef_finz_##sleef##d1_u10purecfma(double, double); \
extern double Sleef_cinz_##sleef##d1_u10purec(double, double);
FK_SLEEF_FUNCTIONS2(FK_SLEEF_DECLARE2)
#undef FK_SLEEF_DECLARE2

#endif							/* FK_SLEEF_SCALAR_H */
