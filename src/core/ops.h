/*
 * ops.h
 *		The elementwise operations of the kernel core, by code, and what
 *		the catalogue (ops_catalog.h) says of each: shared by the SQL
 *		functions (through the masked drivers), the fused evaluator and the
 *		fusion catalogue.
 *
 * This header does not include postgres.h.
 */
#ifndef FK_OPS_H
#define FK_OPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "checks.h"
#include "kernels.h"
#include "ops_catalog.h"

/* The argument shapes (FK_SHAPES) */
typedef enum FkShape
{
#define FK_SHAPE_ENUM(SHAPE, ...) FK_SHAPE_##SHAPE,
	FK_SHAPES(FK_SHAPE_ENUM)
#undef FK_SHAPE_ENUM
	FK_SHAPE_COUNT
} FkShape;

/* The operations (FK_OPERATIONS) */
typedef enum FkKernelOp
{
#define FK_KOP_ENUM(OP, ...) FK_KOP_##OP,
	FK_OPERATIONS(FK_KOP_ENUM)
#undef FK_KOP_ENUM
	FK_KOP_COUNT
} FkKernelOp;

/*
 * The running operations (FK_STREAMS): codes after the kernel operations,
 * up to FK_FOP_COUNT; FkOps[] has their rows, the kernel tables do not
 */
typedef enum FkStreamOp
{
	FK_SOP_BEFORE_FIRST = FK_KOP_COUNT - 1,
#define FK_SOP_ENUM(OP, ...) FK_SOP_##OP,
	FK_STREAMS(FK_SOP_ENUM)
	FK_TIME_STREAMS(FK_SOP_ENUM)
#undef FK_SOP_ENUM
	FK_FOP_COUNT
} FkStreamOp;

/* Streaming kinds */
typedef enum FkOpKind
{
	FK_KIND_ELEMENTWISE,
	FK_KIND_LAGGED,
	FK_KIND_RUNNING,			/* a state carried over blocks (FK_STREAMS) */
	FK_KIND_ROLLING,			/* a window's state carried over blocks */
	FK_KIND_SHIFT,				/* shift(x, k >= 0): a ring of k values */
	FK_KIND_TIME,				/* a window of a duration over a time axis
								 * (FK_TIME_STREAMS) */
	FK_KIND_REDUCE				/* a sink ending a program (FK_REDUCTIONS) */
} FkOpKind;

/* The reductions (FK_REDUCTIONS) */
typedef enum FkReduceOp
{
#define FK_ROP_ENUM(RED, ...) FK_ROP_##RED,
	FK_REDUCTIONS(FK_ROP_ENUM)
#undef FK_ROP_ENUM
	FK_ROP_COUNT
} FkReduceOp;

/* What an operation asks of its scalars a and b */
typedef enum FkScalars
{
	FK_SCALARS_ANY,
	FK_SCALARS_ORDERED,			/* a <= b, neither NaN */
	FK_SCALARS_ALPHA,			/* 0 < a <= 1 */
	FK_SCALARS_QUANTILE			/* 0 <= a <= 1 */
} FkScalars;

/* The yes/no properties of an operation, OR-ed in FkOpInfo.flags */
#define FK_OPF_LN_FIRST	0x1		/* input checked as ln(v) first */
#define FK_OPF_CHAIN	0x2		/* a fused kernel of a chain */
#define FK_OPF_COMMUTES	0x4		/* its operator is its own commutator */
#define FK_OPF_FAULTS	0x8		/* a stream whose state can overflow */
#define FK_OPF_COSTLY	0x10	/* a body costly enough to compute once */
#define FK_OPF_EITHER	0x20	/* present where either operand is, the
								 * other standing for an absent one (as
								 * core's greatest and least); not fused */

/* What the catalogue says of an argument shape */
typedef struct FkShapeInfo
{
	const char *kinds;			/* e.g. "vss" */
	const char *argnames;		/* e.g. "v, a, b" */
	int			nargs;			/* on_error not counted */
	int			nvectors;
	int			nscalars;
	bool		has_lag;
	bool		mixed;			/* TWO: also one vector of each type */
} FkShapeInfo;

/* What the catalogue says of an operation */
typedef struct FkOpInfo
{
	const char *name;			/* SQL function name */
	const char *kernel;			/* its FkKernelTable member ("add_s"), or
								 * NULL (FK_STREAMS) */
	const char *infix;			/* operator in program text, or NULL */
	FkShape		shape;
	FkOpKind	kind;
	FkCheckOp	check;			/* FK_CHECK_NONE: no check of the rest */
	FkScalars	scalars;
	int			flags;			/* FK_OPF_* */
	const char *symbols[4];		/* f8, nv, f8nv, nvf8 ("_": none) */
	int			run;			/* its FkRunningOp, FkRollOp */
	const char *args;			/* SQL argument names and defaults, or NULL:
								 * the shape's argnames */
	const char *doc;			/* COMMENT of its operator (and function) */
	const char *doc_on_error;	/* ... of its on_error form */
	const char *doc_min_count;	/* ... of a rolling one's min_count form */
} FkOpInfo;

/* What the catalogue says of a reduction */
typedef struct FkRedInfo
{
	const char *name;			/* SQL function name */
	FkShape		shape;			/* V or VV */
	int			acc;			/* its FkReduceKind (core/series_reduce.h) */
	bool		faults;			/* a sum can overflow (core's error) */
	bool		position;		/* returns integer, a 1-based position */
	const char *args;			/* SQL argument names; NULL: the shape's */
	const char *symbols[4];		/* f8, nv, f8nv, nvf8 ("_": none) */
	const char *doc;			/* COMMENT of its function */
} FkRedInfo;

extern const FkShapeInfo FkShapes[FK_SHAPE_COUNT];
extern const FkRedInfo FkReds[FK_ROP_COUNT];
extern const FkOpInfo FkOps[FK_FOP_COUNT];

/* Is op one of the lagged instructions? */
static inline bool
FkKernelOpLagged(FkKernelOp op)
{
	return FkOps[op].kind == FK_KIND_LAGGED;
}

/* Is op a running operation (a stateful instruction, no kernel)? */
static inline bool
FkOpRunning(int op)
{
	return op >= FK_KOP_COUNT && op < FK_FOP_COUNT &&
		FkOps[op].kind == FK_KIND_RUNNING;
}

/* Is op shift (a ring of the operand, no kernel)? */
static inline bool
FkOpShift(int op)
{
	return op >= FK_KOP_COUNT && op < FK_FOP_COUNT &&
		FkOps[op].kind == FK_KIND_SHIFT;
}

/* Is op a rolling operation (a window's state, no kernel)? */
static inline bool
FkOpRolling(int op)
{
	return op >= FK_KOP_COUNT && op < FK_FOP_COUNT &&
		FkOps[op].kind == FK_KIND_ROLLING;
}

/* Is op a rolling window of a duration (FK_TIME_STREAMS)? */
static inline bool
FkOpTime(int op)
{
	return op >= FK_KOP_COUNT && op < FK_FOP_COUNT &&
		FkOps[op].kind == FK_KIND_TIME;
}

/* Is op's input checked as ln(v) checks it, before anything else? */
static inline bool
FkOpLnFirst(int op)
{
	return (FkOps[op].flags & FK_OPF_LN_FIRST) != 0;
}

/* Is op a fused kernel standing for a chain of other operations? */
static inline bool
FkOpChain(int op)
{
	return (FkOps[op].flags & FK_OPF_CHAIN) != 0;
}

/*
 * Is op costly enough that a fused program computes it once, where a first
 * phase and a second would both need it (a transcendental body)?
 */
static inline bool
FkOpCostly(int op)
{
	return (FkOps[op].flags & FK_OPF_COSTLY) != 0;
}

/* Can op fault on an element (and so take an on_error argument)? */
static inline bool
FkKernelOpCanFault(FkKernelOp op)
{
	return FkOpLnFirst(op) || FkOps[op].check != FK_CHECK_NONE;
}

/*
 * Can op's values make it raise an error: a fault of an element (on_error
 * 'error'), or an overflow of its state (FK_STREAMS)?
 */
static inline bool
FkOpFaults(int op)
{
	return (FkOps[op].flags & (FK_OPF_LN_FIRST | FK_OPF_FAULTS)) != 0 ||
		FkOps[op].check != FK_CHECK_NONE;
}

/* Do the scalars a, b satisfy what op asks of them? */
extern bool FkOpScalarsOk(FkKernelOp op, double a, double b);

/* The shape whose kinds are kinds, or FK_SHAPE_COUNT */
extern FkShape FkShapeFromKinds(const char *kinds);

extern void FkKernelApply(const FkKernelTable *kt, FkKernelOp op, double *dst,
						  const double *x, const double *y, double a,
						  double b, size_t n);
extern void FkKernelApplyLagged(const FkKernelTable *kt, FkKernelOp op,
								double *dst, const double *x, size_t lag,
								double a, double b, size_t n);

#endif							/* FK_OPS_H */
