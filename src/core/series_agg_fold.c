/*
 * series_agg_fold.c
 *		The dense loops of the aggregates across rows for the baseline
 *		instruction set, and the choice of copy (series_agg_fold_body.h).
 */
#define FK_ISA Scalar
#include "series_agg_fold_body.h"

/* The loops compiled for the instruction set in use (kernels.h) */
const FkXAggFolds *
FkXAggFoldsInUse(void)
{
	switch (FkIsaCopy(FK_ISA_ALL, FkIsaInUse()))
	{
#if defined(__x86_64__)
		case FK_ISA_AVX512:
			return &FkXAggFoldsAvx512;
		case FK_ISA_AVX2:
			return &FkXAggFoldsAvx2;
#endif
		default:
			return &FkXAggFoldsScalar;
	}
}
