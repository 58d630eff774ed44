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
#include "fuse/pg_fuse.h"

/* Where a scalar slot or a lag slot gets its value */
typedef struct FkFuseSlotSource
{
	int			arg;			/* argument number (from 0, after the
								 * program), or -1 for a constant or a
								 * reduction */
	int			red;			/* the reduction of the first phase whose
								 * result it is (FkFuseExec.pre), or -1 */
	const FkFuseNode *sexpr;	/* or core's arithmetic over such results
								 * (FK_NODE_SCALOP), computed after the
								 * first phase; NULL */
	double		dval;
	int32		ival;
	char		kind;			/* a lag slot: 'l' an int4; 'd' a window of
								 * a duration, in microseconds, from an
								 * interval argument; 'w' the largest
								 * window of an instruction, computed */
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
	/*
	 * reductions used as scalars ((v1 - vmean(v1)) / vstddev(v1)): a first
	 * phase computes them in one pass, as a group computes its members,
	 * into their scalar slots; the program then runs over the same inputs
	 */
	int			npre;			/* 0: no first phase */
	const FkFuseNode *prenode[FK_FUSE_GROUP_MAX];	/* each reduction */
	int			prerop[FK_FUSE_GROUP_MAX];
	FkFuseRef	preroots[FK_FUSE_GROUP_MAX];	/* where its operand is */
	FkFuseRef	preroots2[FK_FUSE_GROUP_MAX];	/* its second (vcov ...), or
												 * FK_REF_NONE */
	FkFuseProgram *pre;			/* their operands, compiled together */
	/*
	 * subtrees of the program the first phase computes too (dlog(v1, 1) in
	 * (dlog(v1, 1) - vmean(dlog(v1, 1))) / vstddev(dlog(v1, 1))): kept from
	 * it in vectors of the whole length, which the program reads as inputs
	 * after those of the arguments
	 */
	int			nviews;			/* input vectors that are arguments */
	int			ntimes;			/* time axes (timestamptz[] arguments) */
	int			nkeep;
	FkFuseRef	keeproots[FK_FUSE_GROUP_MAX];	/* where each is in pre */
	int			nexprs;
	FkFuseFuncs funcs;			/* the functions it stands for */
	bool		direct;			/* the whole program is one named kernel */
	bool		chain_unfused;	/* a running chain: runs unfused, but for
								 * an nvec with NULLs or the pipelined pair
								 * (FkFuseChainUnfused) */
	FmgrInfo	directfn;		/* that kernel's SQL function */
	Datum		directmode;		/* its on_error 'null' argument, or 0 */
	/* a member of a group ("k of p1; p2; ..."), see pg_fuse_group.c */
	char	   *key;			/* the call's whole text: the cache key */
	size_t		keylen;
	char	   *grouptext;		/* "p1; p2; ...", or NULL: no group */
	size_t		grouplen;
	int			member;			/* this call's program: p(member + 1) */
	struct FkFuseGroup *group;	/* built at its first use, in a context
								 * under cxt */
	bool		groupfailed;	/* it could not be built: run alone */

	/*
	 * From here on, each array is written before it is read, up to its
	 * count (prog.ninputs, prog.nslots, prog.nlags, nexprs, nargs): left
	 * uncleared by FkFuseExecAlloc, they are most of the entry's bytes
	 */
	int			vecarg[FK_FUSE_MAX_SLOTS];	/* argument of each input vector */
	int			timearg[FK_FUSE_MAX_SLOTS]; /* ... of each time axis */
	bool		whole[FK_FUSE_MAX_SLOTS];	/* an input vector a window of a
											 * duration reads: held whole */
	FkFuseSlotSource slots[FK_FUSE_MAX_SLOTS];
	FkFuseSlotSource lags[FK_FUSE_MAX_SLOTS];
	FkFuseExpr	exprs[FK_FUSE_MAX_SLOTS];	/* operations and vector inputs */
	int16		argtyplen[FK_FUSE_MAX_SLOTS];	/* of each argument */
	bool		argbyval[FK_FUSE_MAX_SLOTS];
} FkFuseExec;

/*
 * Sibling reductions over the same arguments as one program: their
 * operands compiled together, a subtree they share computed once, each
 * operand left in a register for its reduction's accumulator
 */
typedef struct FkFuseGroup
{
	FkFuseExec	ex;				/* the shared inputs, slots, lags and
								 * functions; prog: the group program */
	int			nmembers;
	int			rop[FK_FUSE_GROUP_MAX];	/* each member's reduction */
	FkFuseRef	roots[FK_FUSE_GROUP_MAX];	/* where its operand is */
	FkFuseProgram *alone;		/* each operand compiled alone, nmembers
								 * of them: what its own call would hold
								 * (the budget) */
} FkFuseGroup;

/* What the group pass gave one member */
typedef enum FkFuseMemberStatus
{
	FK_MEMBER_SELF = 0,			/* no value: evaluate the call on its own */
	FK_MEMBER_VALUE,
	FK_MEMBER_NULL
} FkFuseMemberStatus;

typedef struct FkFuseMemberResult
{
	FkFuseMemberStatus status;
	double		value;
} FkFuseMemberResult;

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

/* The group of the member call of ex, built at its first use, or NULL */
extern FkFuseGroup *FkFuseGroupGet(FunctionCallInfo fcinfo, FkFuseExec *ex);

/* One pass of group g over the call's arguments (pg_fuse_exec.c) */
extern void FkFuseGroupPass(FunctionCallInfo fcinfo, FkFuseGroup *g,
							FkFuseMemberResult *results);

/*
 * The result of the member call of ex from its group's pass, run now or
 * by a sibling for the same arguments (pg_fuse_group.c); false: evaluate
 * the call on its own
 */
extern bool FkFuseGroupResult(FunctionCallInfo fcinfo, FkFuseExec *ex,
							  Datum *result, bool *isnull);

/* The program run as its one named kernel (pg_fuse_exec.c) */
extern Datum FkFuseDirect(FunctionCallInfo fcinfo, FkFuseExec *ex);

/*
 * What a fused pass feeds instead of building a vector (a resampling,
 * pg_fuse_resample.c): begin gets the length once the arguments are
 * viewed, block each block of the program's values in order, start a
 * multiple of FK_FUSE_BLOCK (valid NULL: all present); either returns
 * false to have the call evaluated unfused
 */
typedef struct FkFuseSink
{
	bool		(*begin) (void *arg, size_t n);
	bool		(*block) (void *arg, size_t start, size_t len,
						  const double *vals, const uint64 *valid);
	void	   *arg;
} FkFuseSink;

extern bool FkFuseRunSink(FunctionCallInfo fcinfo, FkFuseExec *ex,
						  const FkFuseSink *sink, Datum *slow,
						  bool *slownull);

/*
 * The compiled program of this call when only its first nargs arguments
 * after the program are the program's (the rest are its sink's)
 */
extern FkFuseExec *FkFuseExecGetN(FunctionCallInfo fcinfo, int vtype,
								  int nargs);

/* The bodies of fused_eval and fused_reduce (pg_fuse_exec.c) */
extern Datum FkFusedEval(FunctionCallInfo fcinfo, int vtype);
extern Datum FkFusedReduce(FunctionCallInfo fcinfo, FkFuseExec *ex);

#endif							/* PG_FUSE_EXEC_H */
