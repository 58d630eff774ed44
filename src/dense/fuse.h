/*
 * fuse.h
 *		Dense chains fused at plan time: the nested SQL spellings the planner
 *		rewrites into one layer call, shared by the support function
 *		(fuse.c) and the calls that stand for a spelling (fuse_exec.c).
 *
 * A spelling is a short program of calls over the operands x, w, bias and
 * residual, in the order the unfused expression makes them.  Its text is
 * the last argument of the fused call, so EXPLAIN VERBOSE shows what the
 * call stands for, and the call can evaluate the spelling call by call
 * where its results or errors would differ from the fused layer's.
 */
#ifndef FK_DENSE_FUSE_H
#define FK_DENSE_FUSE_H

#include "fuse/pg_fuse.h"

/* Operands of a step: the fused call's arguments, or an earlier step */
#define FK_DOP_X		0
#define FK_DOP_W		1
#define FK_DOP_BIAS		2
#define FK_DOP_RESIDUAL 3
#define FK_DOP_NONE		-1
#define FK_DOP_STEP(i)	(10 + (i))	/* the result of step i */

#define FK_DENSE_MAX_STEPS 4

/* One call of a spelling: fn over operands a and b (b NONE for one) */
typedef struct FkDenseStep
{
	FkDenseFn	fn;
	int			a;
	int			b;
} FkDenseStep;

/* A nested spelling and the layer call that replaces it */
typedef struct FkDenseSpelling
{
	const char *text;			/* the spelling, as the fused call names it */
	FkDenseFn	target;			/* FK_DFN_LRR_SPELLED, ..._GELU_LINEAR_SPELLED
								 * or ..._LINEAR_RELU_SPELLED */
	bool		bias_first;		/* residual spellings: bias added first */
	int			nsteps;
	FkDenseStep steps[FK_DENSE_MAX_STEPS];	/* the last one is the result */
} FkDenseSpelling;

#define FK_DENSE_NSPELLINGS 6

extern const FkDenseSpelling FkDenseSpellings[FK_DENSE_NSPELLINGS];

#endif							/* FK_DENSE_FUSE_H */
