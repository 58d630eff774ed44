/*
 * pg_fuse_exec.h
 *		What the lowering of a fused call (pg_fuse_lower.c) hands its
 *		runtime (pg_fuse_exec.c): a program parsed, lowered and compiled
 *		for one call site, cached in fn_extra.
 */
#ifndef PG_FUSE_EXEC_H
#define PG_FUSE_EXEC_H

#include "fmgr.h"

#include "core/fuse_program.h"
#include "pg_fuse.h"

/* Where a scalar slot or a lag slot gets its value */
typedef struct FkFuseSlotSource
{
	int			arg;			/* argument number (from 0, after the
								 * program), or -1 for a constant */
	double		dval;
	int32		ival;
} FkFuseSlotSource;

/* A program parsed and compiled for one call site */
typedef struct FkFuseExec
{
	MemoryContext cxt;			/* holds this entry and all it points to */
	char	   *text;			/* the program text it was built from */
	size_t		textlen;
	int			vtype;
	int			nargs;			/* arguments after the program */
	FkFuseNode *root;
	FkFuseProgram prog;
	/* a reduction: its operands, each a program or an input vector */
	int			ntrees;			/* 0: no reduction; 1, or 2 (vdot) */
	int			treeinput[2];	/* the operand's input vector, or -1 */
	FkFuseProgram prog2;		/* vdot's second operand */
	int			vecarg[FK_FUSE_MAX_SLOTS];	/* argument of each input vector */
	FkFuseSlotSource slots[FK_FUSE_MAX_SLOTS];
	FkFuseSlotSource lags[FK_FUSE_MAX_SLOTS];
	FkFuseExpr	exprs[FK_FUSE_MAX_SLOTS];	/* operations and vector inputs */
	int			nexprs;
	FkFuseFuncs funcs;			/* the functions it stands for */
	bool		direct;			/* the whole program is one named kernel */
	FmgrInfo	directfn;		/* that kernel's SQL function */
	Datum		directmode;		/* its on_error 'null' argument, or 0 */
} FkFuseExec;

/*
 * Programs kept per call site, most recently used first: a call site whose
 * program text changes from row to row builds at most this many at a time.
 */
#define FK_FUSE_CACHE_SIZE 4

typedef struct FkFuseCache
{
	int			nentries;
	FkFuseExec *entries[FK_FUSE_CACHE_SIZE];
} FkFuseCache;

/*
 * The compiled program of this call (vtype: FK_VT_*): from the call site's
 * cache, or built and cached (pg_fuse_lower.c)
 */
extern FkFuseExec *FkFuseExecGet(FunctionCallInfo fcinfo, int vtype);

/* The program run as its one named kernel (pg_fuse_exec.c) */
extern Datum FkFuseDirect(FunctionCallInfo fcinfo, FkFuseExec *ex);

#endif							/* PG_FUSE_EXEC_H */
