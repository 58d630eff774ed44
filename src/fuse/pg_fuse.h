/*
 * pg_fuse.h
 *		Fusion of nested fusekern calls: the expression tree shared by the
 *		planner support function, the program text and the fused evaluation.
 *
 * A tree is made of the operations of the catalogue (core/ops_catalog.h:
 * ln, vadd of two vectors, vadd of a vector and a float8, scale_add, dlog,
 * the running and rolling operations of FK_STREAMS ...), each in its one
 * argument shape, possibly under one reduction at the root (FK_REDUCTIONS),
 * or else with reductions of one vector or two used as scalars, alone or
 * under core's float8 arithmetic (computed in a first phase of the fused
 * evaluation, docs/fusion.md), and of leaves:
 * constants (float8 scalars, int lags) and inputs, the arguments of the
 * fused call that are not fusekern operations (columns, parameters, any
 * other expression), each evaluated once by the executor.
 */
#ifndef FK_PG_FUSE_H
#define FK_PG_FUSE_H

#include "fmgr.h"
#include "nodes/primnodes.h"

#include "core/ops.h"

/* The two vector types */
#define FK_VT_ARRAY 0			/* float8[] */
#define FK_VT_NVEC	1			/* nvec */
#define FK_VT_COUNT 2

typedef enum FkNodeKind
{
	FK_NODE_OP,					/* an operation */
	FK_NODE_REDUCE,				/* a reduction: at the root, or a scalar
								 * (FkFuseScalarReduce) under no reduction */
	FK_NODE_SCALOP,				/* core's float8 arithmetic on scalars, over
								 * at least one reduction used as a scalar
								 * (FkFuseScalarOps) */
	FK_NODE_INPUT,				/* an argument of the fused call */
	FK_NODE_SCALAR,				/* a float8 constant */
	FK_NODE_LAG					/* an int4 constant */
} FkNodeKind;

#define FK_FUSE_MAX_ARGS 5

/* Most reductions of one group, and of the first phase of a program */
#define FK_FUSE_GROUP_MAX 16

typedef struct FkFuseNode
{
	FkNodeKind	kind;
	FkKernelOp	op;				/* OP */
	FkReduceOp	rop;			/* REDUCE */
	int			sop;			/* SCALOP: FkScalarOp */
	FkShape		shape;			/* OP: FkOps[op].shape; REDUCE: FkReds' */
	bool		to_null;		/* OP: on_error 'null' */
	int			nargs;			/* OP, REDUCE, SCALOP; on_error not
								 * counted */
	struct FkFuseNode *args[FK_FUSE_MAX_ARGS];	/* OP, REDUCE, SCALOP */
	char		argkind;		/* INPUT: 'v', 's', 'l', 't' (times) or 'd'
								 * (a duration) */
	int			input;			/* INPUT: argument number, from 0 */
	Node	   *expr;			/* in the planner, INPUT: the expression;
								 * OP: the call it was built from, which can
								 * stand for it as an input (NULL inside a
								 * program parsed back) */
	uint8		faults;			/* in the planner: FK_FAULT_* */
	double		dval;			/* SCALAR */
	int32		ival;			/* LAG */
	FmgrInfo   *finfo;			/* at run time, OP, REDUCE, SCALOP evaluated
								 * unfused: the function, looked up once */
} FkFuseNode;

/*
 * What may raise an error in a tree, for the planner (pg_fuse_order.c):
 * the operation itself, an operation under it, an input under it (an
 * argument expression of the fused call, evaluated before the call runs)
 */
#define FK_FAULT_SELF	0x01
#define FK_FAULT_OPS	0x02
#define FK_FAULT_INPUTS 0x04

/* pg_fuse_catalog.c: fusekern's functions, by OID, cached per backend */
typedef struct FkFuncInfo
{
	Oid			oid;
	FkKernelOp	op;
	FkShape		shape;			/* FkOps[op].shape */
	int			vtype;			/* FK_VT_* */
	bool		on_error;		/* takes a last argument on_error text */
	bool		reduce;			/* a reduction (rop), not an operation */
	FkReduceOp	rop;
} FkFuncInfo;

/*
 * May reduction rop stand as a scalar inside a fused evaluation (of one
 * vector or two, returning float8: no position)?
 */
static inline bool
FkFuseScalarReduce(FkReduceOp rop)
{
	return !FkReds[rop].position;
}

/*
 * Does node have arguments (an operation, a reduction, or arithmetic on
 * scalars)?
 */
static inline bool
FkFuseNodeHasArgs(const FkFuseNode *node)
{
	return node->kind == FK_NODE_OP || node->kind == FK_NODE_REDUCE ||
		node->kind == FK_NODE_SCALOP;
}

/*
 * Core's float8 arithmetic a fused program computes on the reductions it
 * uses as scalars (px - vmax(px) * 2): each one the function of core's
 * operator or of sqrt(float8), abs(float8), with its checks
 * (pg_fuse_scalar.c)
 */
typedef enum FkScalarOp
{
	FK_SCOP_ADD,				/* float8pl, + */
	FK_SCOP_SUB,				/* float8mi, - */
	FK_SCOP_MUL,				/* float8mul, * */
	FK_SCOP_DIV,				/* float8div, / */
	FK_SCOP_NEG,				/* float8um, unary - */
	FK_SCOP_SQRT,				/* sqrt(float8) */
	FK_SCOP_ABS,				/* abs(float8) */
	FK_SCOP_COUNT
} FkScalarOp;

typedef struct FkScalarOpInfo
{
	const char *name;			/* in a program: the infix operator, or the
								 * function's name */
	bool		infix;			/* written (x op y), or (-x) */
	int			nargs;
	Oid			funcid;			/* core's function */
	int			check;			/* its faults: an FkCheckOp (core/checks.h),
								 * FK_CHECK_NONE for none */
} FkScalarOpInfo;

extern const FkScalarOpInfo FkScalarOps[FK_SCOP_COUNT];

/*
 * The functions of the dense chains the planner fuses (src/dense/fuse.c):
 * the pieces of a nested spelling, the layer functions, and the forms that
 * stand for a spelling (their last argument names it)
 */
typedef enum FkDenseFn
{
	FK_DFN_MATMUL,
	FK_DFN_ADD_BIAS,
	FK_DFN_RELU,
	FK_DFN_GELU,
	FK_DFN_VADD,				/* vadd(float8[], float8[]), the + operator */
	FK_DFN_LRR,					/* linear_residual_relu(x, w, bias, residual) */
	FK_DFN_GELU_LINEAR,			/* gelu_linear(x, w, bias) */
	FK_DFN_LRR_SPELLED,			/* linear_residual_relu(..., spelling) */
	FK_DFN_GELU_LINEAR_SPELLED, /* gelu_linear(..., spelling) */
	FK_DFN_LINEAR_RELU_SPELLED, /* linear_relu(x, w, bias, spelling) */
	FK_DFN_COUNT
} FkDenseFn;

extern void FkFuseCatalogInit(void);
extern Oid	FkFuseDenseOid(FkDenseFn fn);
extern bool FkFuseLookupFunc(Oid funcid, FkFuncInfo *info);
extern Oid	FkFuseFuncOid(FkKernelOp op, int vtype, bool on_error);
extern Oid	FkFuseRedFuncOid(FkReduceOp rop, int vtype);
extern Oid	FkFuseReduceOid(void);
extern int	FkFuseEvalVtype(Oid funcid);
extern Oid	FkFuseEvalOid(int vtype);
extern Oid	FkFuseVecTypeOid(int vtype);
extern int	FkFuseEmaByVtype(Oid funcid);
extern char FkFuseArgKind(Oid typid, int vtype);
extern int	FkFuseCallVtype(FunctionCallInfo fcinfo, int nargs);
extern bool FkFuseResampleForm(Oid funcid, bool *ohlc, bool *vectors,
							   int *vtype);
extern Oid	FkFuseResampleOid(bool ohlc, bool vectors, int vtype);
extern Oid	FkFuseFusedResampleOid(bool ohlc, bool vectors, int vtype);

/* pg_fuse_resample.c: a resampling of a fused program, at plan time */
struct PlannerInfo;
extern Expr *FkFuseResampleCall(FuncExpr *fcall, bool ohlc, bool vectors,
								int vtype, struct PlannerInfo *planner);

/* pg_fuse_order.c: errors of a fused call in the unfused order */
extern bool FkFuseKeepErrorOrder(FkFuseNode *root, int vtype);

/* pg_fuse_text.c: the program text */
extern char *FkFuseDeparse(const FkFuseNode *root);
extern FkFuseNode *FkFuseParse(const char *text, const char *inputkinds,
							   int ninputs, char **error);
extern int	FkFuseCountOps(const FkFuseNode *node);
extern int	FkFuseUnusedInput(const FkFuseNode *root, int ninputs);

/* pg_fuse_acl.c: the functions a fused program stands for, and EXECUTE */
struct PlannerInfo;
/*
 * Functions a program may stand for: per operation, with on_error and
 * without; the reductions; core's arithmetic on them
 */
#define FK_FUSE_MAX_FUNCS (2 * FK_FOP_COUNT + FK_ROP_COUNT + FK_SCOP_COUNT)

typedef struct FkFuseFuncs
{
	int			n;
	Oid			oids[FK_FUSE_MAX_FUNCS];
	Oid			checked_user;	/* user who passed the check, or invalid */
} FkFuseFuncs;

extern void FkFuseCollectFuncs(const FkFuseNode *root, int vtype,
							   FkFuseFuncs *funcs);
extern void FkFuseCheckExecute(FkFuseFuncs *funcs);
extern void FkFuseCheckFunction(Oid funcid, Oid userid);
extern bool FkFuseHelperAllowed(Oid funcid, struct PlannerInfo *planner);

/* pg_fuse_scalar.c: arithmetic on reductions used as scalars */
extern int	FkFuseScalarOpOf(Oid funcid);
extern bool FkFuseScalarOpApply(int sop, double x, double y, double *result);
extern bool FkFuseHoldsReduce(const FkFuseNode *node);
extern bool FkFuseScalarValue(const FkFuseNode *node,
							  const FkFuseNode *const *prenode,
							  const double *vals, int npre, const Datum *args,
							  double *result);

/* pg_fuse_ema.c: ema by span or half-life as ema(v, alpha) */
extern FuncExpr *FkFuseEmaByAlpha(FuncExpr *fcall, int vtype,
								  struct PlannerInfo *root);

/* pg_fuse.c */
extern bool fk_enable_fusion;
extern void FkFuseInitGucs(void);

/* pg_fuse_tree.c: the state of building the tree under one call */
typedef struct FkFuseBuild
{
	int			vtype;
	int			nops;			/* operations so far */
	int			in_reduce;		/* reductions used as scalars around the
								 * node being built */
	bool		failed;			/* no fusion: stop building */
	MemoryContext resultcxt;	/* where calls written for the plan go */
	struct PlannerInfo *planner;	/* the planner, or NULL */
} FkFuseBuild;

extern FkFuseNode *FkFuseBuildOp(FkFuseBuild *b, const FkFuncInfo *info,
								 List *args);
extern bool FkFuseCallFusable(const FkFuncInfo *info, List *args);
extern Expr *FkFuseEvalCall(FkFuseNode *root, int vtype,
							MemoryContext resultcxt,
							struct PlannerInfo *planner);
extern Expr *FkFuseSinkCall(FkFuseNode *root, Oid funcid, Oid rettype,
							bool retset, List *tail, MemoryContext resultcxt,
							struct PlannerInfo *planner);
extern bool FkFuseCallParts(Node *expr, Oid *funcid, List **args);
extern FkFuseNode *FkFuseTreeOf(Node *expr, int *vtype);
extern bool FkFuseSameInput(Node *a, Node *b);

/* pg_fuse_group.c */
extern void FkFuseInitGroups(void);

#endif							/* FK_PG_FUSE_H */
