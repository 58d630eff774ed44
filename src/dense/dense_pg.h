/*
 * dense_pg.h
 *		Server-side declarations of the dense layers: float8[] matrix views,
 *		results built in place, and the CPU executor (the executor worker's
 *		are in worker/worker.h).
 */
#ifndef FK_DENSE_PG_H
#define FK_DENSE_PG_H

#include "core/dense.h"
#include "fmgr.h"
#include "utils/array.h"

/*
 * A float8[] seen as a row-major matrix, read in place: a 1-D array of n
 * elements is one row (1 x n), a 2-D array is rows x cols.
 */
typedef struct FkMatrix
{
	int			ndim;			/* 1 or 2, as the array was given */
	int			rows;
	int			cols;
	const double *data;
} FkMatrix;

/* array.c */
extern const double *FkArrayValues(ArrayType *a);
extern ArrayType *FkGetArrayArgCached(FunctionCallInfo fcinfo, int argno);
extern ArrayType *FkGetArrayArgCachedIn(FunctionCallInfo fcinfo, int argno,
										void **slot);
extern void FkMatrixFromArray(ArrayType *a, const char *fn,
							  const char *argname, FkMatrix *m);
extern bool FkMatrixTryArray(ArrayType *a, FkMatrix *m);
extern ArrayType *FkMatrixResult(int ndim, int rows, int cols, double **data);
extern ArrayType *FkArrayResultLike(ArrayType *a, double **data);
extern int	FkArrayNoNullsCount(ArrayType *a, const char *what,
								const char *fn, const char *argname);

/* layers.c */
extern ArrayType *FkDenseLayerResult(FkDenseOp op, const FkMatrix *x,
									 const FkMatrix *w, const double *bias,
									 const double *residual, double **out);
extern bool FkDenseRunCpu(const FkDenseLayer *layer,
						  bool (*progress) (void *arg, size_t rows_done),
						  void *arg);

#endif							/* FK_DENSE_PG_H */
