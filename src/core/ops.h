/*
 * ops.h
 *		The elementwise operations of the kernel core, by code: one list
 *		shared by the SQL functions (through the masked drivers) and the fused
 *		evaluator, mapped to the kernel table in one place (ops.c).
 *
 * This header does not include postgres.h.
 */
#ifndef FK_OPS_H
#define FK_OPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernels.h"

typedef enum FkKernelOp
{
	/* dst = f(x) */
	FK_KOP_LN = 0,
	FK_KOP_EXP,
	FK_KOP_SQRT,
	FK_KOP_ABS,
	FK_KOP_NEG,
	/* dst = x op y */
	FK_KOP_ADD,
	FK_KOP_SUB,
	FK_KOP_MUL,
	FK_KOP_DIV,
	/* dst = x op scalar a (rsub, rdiv: a op x) */
	FK_KOP_ADD_S,
	FK_KOP_SUB_S,
	FK_KOP_RSUB_S,
	FK_KOP_MUL_S,
	FK_KOP_DIV_S,
	FK_KOP_RDIV_S,
	/* dst = (x * a) + b */
	FK_KOP_SCALE_ADD,
	/* dst = (ln(x) * a) + b */
	FK_KOP_LN_SCALE_ADD,
	/* dst = ((x - y) * a) + b */
	FK_KOP_SUB_MUL_ADD,
	/* lagged: dst[i] = g(x[i]) - g(x[i - lag]), NULL for i < lag */
	FK_KOP_DLOG,				/* g = ln */
	FK_KOP_DIFF,				/* g = identity */
	FK_KOP_DLOG_SCALE_ADD,		/* ((ln x[i] - ln x[i - lag]) * a) + b */
	FK_KOP_COUNT
} FkKernelOp;

/* Is op one of the lagged instructions? */
static inline bool
FkKernelOpLagged(FkKernelOp op)
{
	return op == FK_KOP_DLOG || op == FK_KOP_DIFF ||
		op == FK_KOP_DLOG_SCALE_ADD;
}

extern void FkKernelApply(const FkKernelTable *kt, FkKernelOp op, double *dst,
						  const double *x, const double *y, double a,
						  double b, size_t n);

#endif							/* FK_OPS_H */
