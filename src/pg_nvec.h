/*
 * pg_nvec.h
 *		fusekern's own functions on nvec values (the type itself, for any
 *		extension, is in nvec.h).
 */
#ifndef FK_PG_NVEC_H
#define FK_PG_NVEC_H

#include "nvec.h"
#include "pg_compat.h"

#include "core/bitmap.h"

extern NVec *FkNVecAllocRaw(int32 len, bool hasnulls);
extern NVec *FkNVecBuild(int32 len, const double *values,
						 const uint64 *valid);
extern void FkNVecFinish(NVec *v);
extern void FkCheckNVecLength(int64 len);
extern NVec *FkNVecSlice(NVec *v, int64 lo, int64 hi);

#endif							/* FK_PG_NVEC_H */
