/*
 * fuse_compile.c
 *		Compiling a fused expression into the instructions of a program:
 *		registers, slots, and the pairs that may run pipelined (see
 *		fuse_program.h).
 */
#include "fuse_program.h"

#include <string.h>

/* Register allocation state of one compilation */
typedef struct FkFuseCompiler
{
	FkFuseProgram *prog;
	bool		busy[FK_FUSE_MAX_INSTR];
	int			ninputs;
	int			nslots;
	int			nlags;
	bool		failed;
} FkFuseCompiler;

/* The lowest free register, marked busy */
static int
FkFuseAllocReg(FkFuseCompiler *c)
{
	for (int r = 0; r < FK_FUSE_MAX_INSTR; r++)
	{
		if (!c->busy[r])
		{
			c->busy[r] = true;
			if (r + 1 > c->prog->nregs)
				c->prog->nregs = r + 1;
			return r;
		}
	}
	c->failed = true;
	return 0;
}

/* Give back the register an operand held, if any */
static void
FkFuseFreeRef(FkFuseCompiler *c, FkFuseRef ref)
{
	if (ref.kind == FK_REF_REG)
		c->busy[ref.index] = false;
}

/* Is slot a valid slot number of a space of n slots (or -1 when optional)? */
static bool
FkFuseSlotOk(int slot, int n, bool needed)
{
	if (slot < 0)
		return !needed;
	return slot < n;
}

/* Which operands and slots each op takes, from its shape */
static void
FkKernelOpShape(FkKernelOp op, bool *has_y, int *nscalars, bool *has_lag)
{
	const FkShapeInfo *sh = &FkShapes[FkOps[op].shape];

	*has_y = sh->nvectors == 2;
	*has_lag = sh->has_lag;
	*nscalars = sh->nscalars;
}

/* Emit the instructions of e (operands first); returns where its value is */
static FkFuseRef
FkFuseCompileNode(FkFuseCompiler *c, const FkFuseExpr *e, bool root,
				  int depth)
{
	FkFuseRef	ref = {FK_REF_NONE, 0};
	FkFuseRef	x,
				y = {FK_REF_NONE, 0};
	FkFuseInstr *ins;
	bool		has_y,
				has_lag;
	int			nscalars;

	if (c->failed || e == NULL || depth > FK_FUSE_MAX_INSTR)
	{
		c->failed = true;
		return ref;
	}
	if (e->op == FK_FEXPR_INPUT)
	{
		if (e->input < 0 || e->input >= c->ninputs)
			c->failed = true;
		ref.kind = FK_REF_INPUT;
		ref.index = e->input;
		return ref;
	}
	if (e->op < 0 || e->op >= FK_FOP_COUNT)
	{
		c->failed = true;
		return ref;
	}
	FkKernelOpShape((FkKernelOp) e->op, &has_y, &nscalars, &has_lag);
	if (!FkFuseSlotOk(e->a, c->nslots, nscalars >= 1) ||
		!FkFuseSlotOk(e->b, c->nslots, nscalars >= 2) ||
		!FkFuseSlotOk(e->lag, c->nlags, has_lag) ||
		(has_y && e->y == NULL))
	{
		c->failed = true;
		return ref;
	}

	x = FkFuseCompileNode(c, e->x, false, depth + 1);
	if (has_y)
		y = FkFuseCompileNode(c, e->y, false, depth + 1);
	if (c->failed || c->prog->ninstr >= FK_FUSE_MAX_INSTR)
	{
		c->failed = true;
		return ref;
	}

	/* the result never aliases an operand: checks see both */
	ins = &c->prog->instr[c->prog->ninstr++];
	memset(ins, 0, sizeof(*ins));
	ins->op = e->op;
	ins->x = x;
	ins->y = y;
	ins->a = nscalars >= 1 ? e->a : -1;
	ins->b = nscalars >= 2 ? e->b : -1;
	ins->lag = has_lag ? e->lag : -1;
	ins->ring = has_lag ? c->prog->nrings++ : -1;	/* lagged or rolling */
	ins->state = FkOpRunning(e->op) ? c->prog->nstates++ :
		FkOpRolling(e->op) ? c->prog->nrolls++ :
		FkOpShift(e->op) ? c->prog->nshifts++ :
		FkOpTime(e->op) ? c->prog->ntrolls++ : -1;
	if (FkOpTime(e->op))
	{
		/* its values are read whole: an input */
		if (x.kind != FK_REF_INPUT || e->tin < 0 ||
			!FkFuseSlotOk(e->dur, c->nlags, true) ||
			!FkFuseSlotOk(e->span, c->nlags, true))
			c->failed = true;
		ins->tin = e->tin;
		ins->dur = e->dur;
		ins->span = e->span;
	}
	ins->to_null = e->to_null && FkKernelOpCanFault((FkKernelOp) e->op);
	ins->mate = -1;
	ins->stash = -1;
	if (root)
		ins->dst = FK_FUSE_OUT;
	else
	{
		ins->dst = FkFuseAllocReg(c);
		ref.kind = FK_REF_REG;
		ref.index = ins->dst;
	}
	FkFuseFreeRef(c, x);
	FkFuseFreeRef(c, y);
	return ref;
}

/*
 * Mark the lagged logs FkFuseLnLag may run (without on_error 'null', which
 * needs the validity of ln's faults), and among them the pairs: a lagged
 * log whose register the next instruction, a running one with a numeric
 * recurrence, steps over.  Other instructions may read the register too:
 * the pair writes it.
 */
static void
FkFuseMarkPipes(FkFuseProgram *prog)
{
	for (int i = 0; i < prog->ninstr; i++)
	{
		FkFuseInstr *p = &prog->instr[i];
		const FkFuseInstr *q = &prog->instr[i + 1];
		FkRunningOp rop;

		p->lnlag = FkKernelOpLagged((FkKernelOp) p->op) &&
			FkOpLnFirst(p->op) && !p->to_null;
		if (i + 1 == prog->ninstr)
			break;
		rop = (FkRunningOp) FkOps[q->op].run;
		p->pipe = p->lnlag && p->dst != FK_FUSE_OUT &&
			FkOpRunning(q->op) && !q->to_null &&
			rop != FK_RUN_FILL_FORWARD && rop != FK_RUN_FILL_NULL &&
			q->x.kind == FK_REF_REG && q->x.index == p->dst;
	}
}

/* Is op a rolling sum or mean (1), a rolling stddev or var (2), or else (0)? */
static int
FkFuseMomentsKind(int op)
{
	if (!FkOpRolling(op))
		return 0;
	switch ((FkRollOp) FkOps[op].run)
	{
		case FK_ROLL_SUM:
		case FK_ROLL_MEAN:
			return 1;
		case FK_ROLL_STDDEV:
		case FK_ROLL_VAR:
			return 2;
		default:
			return 0;
	}
}

/*
 * Mark the moments pairs (fuse_program.h): a rolling sum or mean and a
 * later rolling stddev or var, or the other way round, over the same
 * operand (an input, or a register no instruction between them writes)
 * with the same lag slot.  The first gets a register of its own for the
 * later one's result: the later one's register may still be read between
 * them.
 */
static void
FkFuseMarkMoments(FkFuseProgram *prog)
{
	for (int i = 0; i < prog->ninstr; i++)
	{
		FkFuseInstr *p = &prog->instr[i];
		int			kind = FkFuseMomentsKind(p->op);

		if (kind == 0 || p->mate >= 0)
			continue;
		for (int j = i + 1; j < prog->ninstr; j++)
		{
			FkFuseInstr *q = &prog->instr[j];

			/* a register operand written again: no later one reads p's x */
			if (p->x.kind == FK_REF_REG && q->dst == p->x.index)
				break;
			if (q->mate >= 0 || FkFuseMomentsKind(q->op) != 3 - kind ||
				q->x.kind != p->x.kind || q->x.index != p->x.index ||
				q->lag != p->lag || prog->nregs >= FK_FUSE_MAX_INSTR)
				continue;
			p->mate = (int16_t) j;
			q->mate = (int16_t) i;
			p->stash = (int16_t) prog->nregs++;
			break;
		}
	}
}

/* An empty program and a compiler writing into it */
static void
FkFuseCompilerInit(FkFuseCompiler *c, FkFuseProgram *prog, int ninputs,
				   int nslots, int nlags)
{
	memset(prog, 0, offsetof(FkFuseProgram, instr));
	memset(c, 0, sizeof(*c));
	c->prog = prog;
	c->ninputs = ninputs;
	c->nslots = nslots;
	c->nlags = nlags;
	prog->ninputs = ninputs;
	prog->nslots = nslots;
	prog->nlags = nlags;
}

/*
 * Compile the expression rooted at root (an operation, not a bare input)
 * into prog; false when it is malformed or too large.
 */
bool
FkFuseCompile(const FkFuseExpr *root, FkFuseProgram *prog, int ninputs,
			  int nslots, int nlags)
{
	FkFuseCompiler c;

	FkFuseCompilerInit(&c, prog, ninputs, nslots, nlags);
	if (root == NULL || root->op == FK_FEXPR_INPUT ||
		ninputs > FK_FUSE_MAX_SLOTS || nslots > FK_FUSE_MAX_SLOTS ||
		nlags > FK_FUSE_MAX_SLOTS)
		return false;
	FkFuseCompileNode(&c, root, true, 0);
	if (c.failed)
		return false;
	FkFuseMarkPipes(prog);
	FkFuseMarkMoments(prog);
	return true;
}

/* Do expressions p and q compute the same values (same operations, slots)? */
bool
FkFuseExprSame(const FkFuseExpr *p, const FkFuseExpr *q)
{
	if (p == q)
		return true;
	if (p == NULL || q == NULL || p->op != q->op)
		return false;
	if (p->op == FK_FEXPR_INPUT)
		return p->input == q->input;
	if (FkOpTime(p->op) &&
		(p->tin != q->tin || p->dur != q->dur || p->span != q->span))
		return false;
	return p->a == q->a && p->b == q->b && p->lag == q->lag &&
		p->to_null == q->to_null && FkFuseExprSame(p->x, q->x) &&
		FkFuseExprSame(p->y, q->y);
}

/* What one compilation of a group has emitted: expressions and their refs */
typedef struct FkFuseGroupSeen
{
	int			n;
	const FkFuseExpr *expr[FK_FUSE_MAX_INSTR];
	FkFuseRef	ref[FK_FUSE_MAX_INSTR];
} FkFuseGroupSeen;

/*
 * Emit e for a group (operands first), once per distinct subtree: a
 * subtree the same as one emitted before reads that one's register.  No
 * register is given back, so every value stays in its register until the
 * block ends.
 */
static FkFuseRef
FkFuseCompileShared(FkFuseCompiler *c, FkFuseGroupSeen *seen,
					const FkFuseExpr *e, int depth)
{
	FkFuseRef	ref = {FK_REF_NONE, 0};
	FkFuseExpr	in = {FK_FEXPR_INPUT, 0, -1, -1, -1, false, NULL, NULL};
	FkFuseExpr	node;
	FkFuseRef	x,
				y = {FK_REF_NONE, 0};
	FkFuseInstr *ins;

	if (c->failed || e == NULL || depth > FK_FUSE_MAX_INSTR)
	{
		c->failed = true;
		return ref;
	}
	if (e->op == FK_FEXPR_INPUT)
		return FkFuseCompileNode(c, e, false, depth);
	for (int i = 0; i < seen->n; i++)
		if (FkFuseExprSame(seen->expr[i], e))
			return seen->ref[i];

	/* the operands shared first, then the operation over their refs */
	x = FkFuseCompileShared(c, seen, e->x, depth + 1);
	if (e->y != NULL)
		y = FkFuseCompileShared(c, seen, e->y, depth + 1);
	if (c->failed)
		return ref;
	/* the operation compiled over stand-in inputs, then given its operands */
	node = *e;
	node.x = &in;
	node.y = e->y != NULL ? &in : NULL;
	ref = FkFuseCompileNode(c, &node, false, depth);
	if (c->failed)
		return ref;
	ins = &c->prog->instr[c->prog->ninstr - 1];
	ins->x = x;
	ins->y = y;
	if (FkOpTime(ins->op) && x.kind != FK_REF_INPUT)
		c->failed = true;
	if (seen->n < FK_FUSE_MAX_INSTR)
	{
		seen->expr[seen->n] = e;
		seen->ref[seen->n++] = ref;
	}
	return ref;
}

/*
 * Compile the operands tops[0 .. ntops) of the reductions of a group into
 * one program: a subtree two of them share (dlog(v1, 1) in vmean(dlog(v1,
 * 1)) and vstddev(dlog(v1, 1))) is computed once, and the value of each top
 * is left for the block in roots[k] (a register, or an input read as it
 * is).  Each instruction is the one FkFuseCompile emits for its operation,
 * so every value has the bits it has in the program of its own top.  False
 * when malformed or too large.
 */
bool
FkFuseCompileGroup(const FkFuseExpr *const *tops, int ntops,
				   FkFuseProgram *prog, int ninputs, int nslots, int nlags,
				   FkFuseRef *roots)
{
	FkFuseCompiler c;
	FkFuseGroupSeen seen;

	FkFuseCompilerInit(&c, prog, ninputs, nslots, nlags);
	if (ntops < 1 || ninputs > FK_FUSE_MAX_SLOTS ||
		nslots > FK_FUSE_MAX_SLOTS || nlags > FK_FUSE_MAX_SLOTS)
		return false;
	seen.n = 0;
	for (int k = 0; k < ntops && !c.failed; k++)
		roots[k] = FkFuseCompileShared(&c, &seen, tops[k], 0);
	if (c.failed)
		return false;
	FkFuseMarkPipes(prog);
	FkFuseMarkMoments(prog);
	return true;
}
