/*
 * pg_fuse.h
 *		Fusion of nested fusekern calls: the expression tree shared by the
 *		planner support function, the program text and the fused evaluation.
 *
 * A tree is made of the SQL-level operations fusekern defines (ln, add,
 * scale_add, dlog, ...) in one of their argument shapes, and of leaves:
 * constants (float8 scalars, int lags) and inputs, the arguments of the
 * fused call that are not fusekern operations (columns, parameters, any
 * other expression), each evaluated once by the executor.
 */
#ifndef FK_PG_FUSE_H
#define FK_PG_FUSE_H

#include "postgres.h"

#include "fmgr.h"
#include "nodes/primnodes.h"

/* The SQL-level operations fusion knows */
typedef enum FkFn
{
	FK_FN_LN = 0,
	FK_FN_EXP,
	FK_FN_SQRT,
	FK_FN_ABS,
	FK_FN_NEG,
	FK_FN_ADD,
	FK_FN_SUB,
	FK_FN_MUL,
	FK_FN_DIV,
	FK_FN_SCALE_ADD,
	FK_FN_DLOG,
	FK_FN_DIFF,
	FK_FN_DLOG_SCALE_ADD,
	FK_FN_LN_SCALE_ADD,
	FK_FN_SUB_MUL_ADD,
	FK_FN_COUNT
} FkFn;

/* Argument shapes: v vector, s float8 scalar, l int4 lag */
typedef enum FkFuseShape
{
	FK_FSH_V = 0,
	FK_FSH_VV,
	FK_FSH_VS,
	FK_FSH_SV,
	FK_FSH_VSS,
	FK_FSH_VL,
	FK_FSH_VLSS,
	FK_FSH_VVSS,
	FK_FSH_COUNT
} FkFuseShape;

/* The two vector types */
#define FK_VT_ARRAY 0			/* float8[] */
#define FK_VT_NVEC	1			/* nvec */
#define FK_VT_COUNT 2

typedef enum FkNodeKind
{
	FK_NODE_OP,					/* an operation */
	FK_NODE_INPUT,				/* an argument of the fused call */
	FK_NODE_SCALAR,				/* a float8 constant */
	FK_NODE_LAG					/* an int4 constant */
} FkNodeKind;

#define FK_FUSE_MAX_ARGS 4

typedef struct FkFuseNode
{
	FkNodeKind	kind;
	FkFn		fn;				/* OP */
	FkFuseShape		shape;			/* OP */
	bool		to_null;		/* OP: on_error 'null' */
	int			nargs;			/* OP, on_error not counted */
	struct FkFuseNode *args[FK_FUSE_MAX_ARGS];	/* OP */
	char		argkind;		/* INPUT: 'v', 's' or 'l' */
	int			input;			/* INPUT: argument number, from 0 */
	Node	   *expr;			/* INPUT, in the planner: the expression */
	double		dval;			/* SCALAR */
	int32		ival;			/* LAG */
} FkFuseNode;

/* pg_fuse_catalog.c: fusekern's functions, by OID, cached per backend */
typedef struct FkFuncInfo
{
	Oid			oid;
	FkFn		fn;
	FkFuseShape		shape;
	int			vtype;			/* FK_VT_* */
	bool		on_error;		/* takes a last argument on_error text */
} FkFuncInfo;

extern void FkFuseCatalogInit(void);
extern bool FkFuseLookupFunc(Oid funcid, FkFuncInfo *info);
extern Oid	FkFuseFuncOid(FkFn fn, FkFuseShape shape, int vtype,
						  bool on_error);
extern int	FkFuseEvalVtype(Oid funcid);
extern Oid	FkFuseEvalOid(int vtype);
extern Oid	FkFuseVecTypeOid(int vtype);
extern char FkFuseArgKind(Oid typid, int vtype);

/* pg_fuse_text.c: shapes, names, and the program text */
extern const char *FkFuseShapeKinds(FkFuseShape shape);
extern const char *FkFnName(FkFn fn);
extern bool FkFnCanFault(FkFn fn);
extern bool FkFnHasFuseShape(FkFn fn, FkFuseShape shape);
extern FkFuseShape FkFuseShapeFromKinds(const char *kinds);
extern char *FkFuseDeparse(const FkFuseNode *root);
extern FkFuseNode *FkFuseParse(const char *text, const char *inputkinds,
							   int ninputs, char **error);
extern int	FkFuseCountOps(const FkFuseNode *node);

/* pg_fuse_acl.c: the functions a fused program stands for, and EXECUTE */
#define FK_FUSE_MAX_FUNCS 64		/* more than the (operation, shape) pairs */

typedef struct FkFuseFuncs
{
	int			n;
	Oid			oids[FK_FUSE_MAX_FUNCS];
	Oid			checked_user;	/* user who passed the check, or invalid */
} FkFuseFuncs;

extern void FkFuseCollectFuncs(const FkFuseNode *root, int vtype,
							   FkFuseFuncs *funcs);
extern void FkFuseCheckExecute(FkFuseFuncs *funcs);

/* pg_fuse.c */
extern bool fk_enable_fusion;
extern void FkFuseInitGucs(void);

#endif							/* FK_PG_FUSE_H */
