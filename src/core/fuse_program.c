/*
 * fuse_program.c
 *		Compiling a fused expression into instructions and running them
 *		block by block (see fuse_program.h).
 */
#include "fuse_program.h"

#include <string.h>

#include "bitmap.h"
#include "kern_isa.h"
#include "running_step.h"

#define FK_ALIGN64(x) (((x) + 63) & ~(size_t) 63)

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
		FkOpShift(e->op) ? c->prog->nshifts++ : -1;
	ins->to_null = e->to_null && FkKernelOpCanFault((FkKernelOp) e->op);
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
 * Mark the pairs FkFusePipePair may run: a lagged log (without on_error
 * 'null', which needs the validity of ln's faults) whose register the next
 * instruction, a running one with a numeric recurrence, steps over.  Other
 * instructions may read the register too: the pair writes it.
 */
static void
FkFuseMarkPipes(FkFuseProgram *prog)
{
	for (int i = 0; i + 1 < prog->ninstr; i++)
	{
		FkFuseInstr *p = &prog->instr[i];
		const FkFuseInstr *q = &prog->instr[i + 1];
		FkRunningOp rop = (FkRunningOp) FkOps[q->op].run;

		p->pipe = FkKernelOpLagged((FkKernelOp) p->op) &&
			FkOpLnFirst(p->op) && !p->to_null && p->dst != FK_FUSE_OUT &&
			FkOpRunning(q->op) && !q->to_null &&
			rop != FK_RUN_FILL_FORWARD && rop != FK_RUN_FILL_NULL &&
			q->x.kind == FK_REF_REG && q->x.index == p->dst;
	}
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

	memset(prog, 0, offsetof(FkFuseProgram, instr));
	memset(&c, 0, sizeof(c));
	c.prog = prog;
	c.ninputs = ninputs;
	c.nslots = nslots;
	c.nlags = nlags;
	prog->ninputs = ninputs;
	prog->nslots = nslots;
	prog->nlags = nlags;
	if (root == NULL || root->op == FK_FEXPR_INPUT ||
		ninputs > FK_FUSE_MAX_SLOTS || nslots > FK_FUSE_MAX_SLOTS ||
		nlags > FK_FUSE_MAX_SLOTS)
		return false;
	FkFuseCompileNode(&c, root, true, 0);
	if (c.failed)
		return false;
	FkFuseMarkPipes(prog);
	return true;
}

/*
 * Values a ring keeps for lag over n elements: for lag < FK_FUSE_BLOCK the
 * last lag values before the block (the block reads the rest from its own
 * operand); else the lag before a block plus the block, or the whole vector
 * when that is less; none when lag >= n (no
 * element has a predecessor lag elements back, so nothing is kept).  So a
 * ring never holds more than the operand's own n values, and the fused pass
 * needs no more memory than the unfused chain, which builds every operand.
 */
static size_t
FkFuseRingCap(size_t lag, size_t n)
{
	if (lag >= n)
		return 0;
	if (lag < FK_FUSE_BLOCK)
		return FK_ALIGN64(lag + 1);	/* the last lag values, from 0 */
	if (lag + FK_FUSE_BLOCK < n)
		return FK_ALIGN64(lag + FK_FUSE_BLOCK);
	return FK_ALIGN64(n);
}

/* Bytes of one ring of cap values: values, then validity words */
static size_t
FkFuseRingBytesOf(size_t cap)
{
	if (cap == 0)
		return 0;
	return 64 + FK_ALIGN64(cap * sizeof(double)) +
		FK_ALIGN64(cap / 64 * sizeof(uint64_t));
}

/*
 * Bytes of the ring of instruction ins over n elements: a lag ring, or a
 * rolling window's memory (O(min(w, n)), core/series_rolling.h)
 */
static size_t
FkFuseRingBytes(const FkFuseInstr *ins, const size_t *lags, size_t n)
{
	size_t		lag = lags[ins->lag];

	if (FkOpRolling(ins->op))
		return n == 0 ? 0 : 64 + FK_ALIGN64(FkRollWorkSize(
														   (FkRollOp) FkOps[ins->op].run, lag, n));
	if (FkOpShift(ins->op))
		return (lag == 0 || lag >= n) ? 0 : 64 + FK_ALIGN64(lag * sizeof(double)) +
			FK_ALIGN64(FkBitmapWords(lag) * sizeof(uint64_t));
	return FkFuseRingBytesOf(FkFuseRingCap(lag, n));
}

/*
 * Bytes of each ring of prog over n elements into sizes[0 .. nrings - 1]
 * (0: the ring is not needed); returns their sum.
 */
size_t
FkFuseRingSizes(const FkFuseProgram *prog, const size_t *lags, size_t n,
				size_t *sizes)
{
	size_t		total = 0;

	for (int i = 0; i < prog->ninstr; i++)
	{
		const FkFuseInstr *ins = &prog->instr[i];

		if (ins->ring < 0)
			continue;
		sizes[ins->ring] = FkFuseRingBytes(ins, lags, n);
		total += sizes[ins->ring];
	}
	return total;
}

/* Bytes of the registers and ring table of prog (the rings apart) */
size_t
FkFuseRegsSize(const FkFuseProgram *prog)
{
	size_t		nr = (size_t) prog->nregs + 3;
	size_t		size = 64;		/* room to align the start */

	size += FK_ALIGN64(nr * FK_FUSE_BLOCK * sizeof(double));
	size += FK_ALIGN64(nr * FK_FUSE_BLOCK_WORDS * sizeof(uint64_t));
	size += FK_ALIGN64(nr * sizeof(bool));
	size += FK_ALIGN64(prog->nrings * (2 * sizeof(void *) + sizeof(size_t)));
	size += FK_ALIGN64(prog->nstates * sizeof(FkRunningState));
	size += FK_ALIGN64(prog->nrolls * sizeof(FkRollState));
	size += FK_ALIGN64(prog->nshifts * sizeof(FkShiftState));
	return size;
}

/* Bytes of workspace FkFuseBegin lays out for prog over n elements */
size_t
FkFuseWorkspaceSize(const FkFuseProgram *prog, const size_t *lags, size_t n)
{
	size_t		size = FkFuseRegsSize(prog);

	for (int i = 0; i < prog->ninstr; i++)
	{
		const FkFuseInstr *ins = &prog->instr[i];

		if (ins->ring >= 0)
			size += FkFuseRingBytes(ins, lags, n);
	}
	return size;
}

/*
 * Bytes of working memory the unfused function of rolling instruction ins
 * holds while it runs over n elements, on top of its result: what
 * pg_series_rolling.c allocates, FkRollWorkSizeInPlace (it reads the
 * leaving elements again from its input).  The one place that says so:
 * where that function allocates otherwise, this follows.
 */
static size_t
FkFuseUnfusedRollWork(const FkFuseInstr *ins, const size_t *lags, size_t n)
{
	if (n == 0)
		return 0;
	return FkRollWorkSizeInPlace((FkRollOp) FkOps[ins->op].run, lags[ins->lag], n);
}

/*
 * A lower bound of the memory the unfused evaluation of prog holds at its
 * peak over n elements, after what holds *live bytes already (the results
 * of the calls evaluated before, which the executor keeps until the end of
 * the expression).  Each instruction is a call that builds its result, n
 * values (its header, NULL bitmap and the views of its inputs are not
 * counted), but the last one when last_out (the output, which a fused pass
 * builds too); a rolling call holds its working memory while it runs.  The
 * results are added to *live.  Named kernels count as one call, the least
 * of the chains they stand for.
 */
size_t
FkFuseUnfusedPeak(const FkFuseProgram *prog, const size_t *lags, size_t n,
				  bool last_out, size_t *live)
{
	size_t		peak = *live;

	for (int i = 0; i < prog->ninstr; i++)
	{
		const FkFuseInstr *ins = &prog->instr[i];
		size_t		result = (last_out && i == prog->ninstr - 1) ? 0 :
			n * sizeof(double);
		size_t		work = FkOpRolling(ins->op) ?
			FkFuseUnfusedRollWork(ins, lags, n) : 0;

		if (*live + work + result > peak)
			peak = *live + work + result;
		*live += result;
	}
	return peak;
}

/* Carve the next aligned piece of size bytes out of *p */
static void *
FkFuseCarve(char **p, size_t size)
{
	void	   *piece = *p;

	*p += FK_ALIGN64(size);
	return piece;
}

/*
 * Lay out run's registers in regs (FkFuseRegsSize bytes, any alignment)
 * and its rings in rings[r] (the sizes FkFuseRingSizes gave, any alignment;
 * NULL where that is 0), and clear the rings: before the first block no
 * element is present in them.
 */
void
FkFuseBeginRings(FkFuseRun *run, void *regs, void *const *rings)
{
	const FkFuseProgram *prog = run->prog;
	size_t		nr = (size_t) prog->nregs + 3;
	char	   *p = (char *) FK_ALIGN64((uintptr_t) regs);

	run->regs = FkFuseCarve(&p, nr * FK_FUSE_BLOCK * sizeof(double));
	run->regvalid = FkFuseCarve(&p, nr * FK_FUSE_BLOCK_WORDS * sizeof(uint64_t));
	run->regdense = FkFuseCarve(&p, nr * sizeof(bool));
	run->ringvals = FkFuseCarve(&p, prog->nrings * (2 * sizeof(void *) + sizeof(size_t)));
	run->ringvalid = (uint64_t **) (run->ringvals + prog->nrings);
	run->ringcap = (size_t *) (run->ringvalid + prog->nrings);
	run->states = FkFuseCarve(&p, prog->nstates * sizeof(FkRunningState));
	run->rolls = FkFuseCarve(&p, prog->nrolls * sizeof(FkRollState));
	run->shifts = FkFuseCarve(&p, prog->nshifts * sizeof(FkShiftState));
	for (int i = 0; i < prog->ninstr; i++)
	{
		const FkFuseInstr *ins = &prog->instr[i];
		size_t		cap;

		if (FkOpRunning(ins->op))
			FkRunningInit(&run->states[ins->state],
						  (FkRunningOp) FkOps[ins->op].run,
						  ins->a >= 0 ? run->slots[ins->a] : 0.0);
		if (FkOpRolling(ins->op))
		{
			/* the form of two arguments: min_count is the window */
			size_t		w = run->lags[ins->lag];

			if (run->n > 0)
				FkRollInit(&run->rolls[ins->state],
						   (FkRollOp) FkOps[ins->op].run, w, w, run->n,
						   (void *) FK_ALIGN64((uintptr_t) rings[ins->ring]));
			continue;
		}
		if (FkOpShift(ins->op))
		{
			size_t		k = run->lags[ins->lag];
			char	   *q;
			double	   *vals;

			if (k == 0 || k >= run->n)
				continue;
			q = (char *) FK_ALIGN64((uintptr_t) rings[ins->ring]);
			vals = FkFuseCarve(&q, k * sizeof(double));
			FkShiftInit(&run->shifts[ins->state], k, vals, (uint64_t *) q);
			continue;
		}

		if (ins->ring < 0)
			continue;
		cap = FkFuseRingCap(run->lags[ins->lag], run->n);
		run->ringcap[ins->ring] = cap;
		run->ringvals[ins->ring] = NULL;
		run->ringvalid[ins->ring] = NULL;
		if (cap == 0)
			continue;
		p = (char *) FK_ALIGN64((uintptr_t) rings[ins->ring]);
		run->ringvals[ins->ring] = FkFuseCarve(&p, cap * sizeof(double));
		run->ringvalid[ins->ring] = FkFuseCarve(&p, cap / 64 * sizeof(uint64_t));
		memset(run->ringvals[ins->ring], 0, cap * sizeof(double));
		memset(run->ringvalid[ins->ring], 0, cap / 64 * sizeof(uint64_t));
	}
}

/*
 * Lay out run's registers and rings in workspace (FkFuseWorkspaceSize
 * bytes, any alignment): FkFuseBeginRings with every piece carved from it.
 */
void
FkFuseBegin(FkFuseRun *run, void *workspace)
{
	const FkFuseProgram *prog = run->prog;
	void	   *rings[FK_FUSE_MAX_INSTR];
	size_t		sizes[FK_FUSE_MAX_INSTR];
	char	   *p = (char *) workspace + FkFuseRegsSize(prog);

	FkFuseRingSizes(prog, run->lags, run->n, sizes);
	for (int r = 0; r < prog->nrings; r++)
	{
		rings[r] = sizes[r] ? p : NULL;
		p += sizes[r];
	}
	FkFuseBeginRings(run, workspace, rings);
}

/*
 * Do the scalars of every instruction satisfy what its operation asks of
 * them (FkOpScalarsOk)?  When not, the unfused call raises its error.
 */
bool
FkFuseScalarsOk(const FkFuseProgram *prog, const double *slots)
{
	for (int i = 0; i < prog->ninstr; i++)
	{
		const FkFuseInstr *ins = &prog->instr[i];

		if (!FkOpScalarsOk((FkKernelOp) ins->op,
						   ins->a >= 0 ? slots[ins->a] : 0.0,
						   ins->b >= 0 ? slots[ins->b] : 0.0))
			return false;
	}
	return true;
}

/*
 * Are the windows of the rolling instructions at least 1?  When not, the
 * unfused call raises its error.
 */
bool
FkFuseWindowsOk(const FkFuseProgram *prog, const size_t *lags)
{
	for (int i = 0; i < prog->ninstr; i++)
		if (FkOpRolling(prog->instr[i].op) && lags[prog->instr[i].lag] < 1)
			return false;
	return true;
}

/* Can the result of prog on these inputs have NULL elements? */
bool
FkFuseMayHaveNulls(const FkFuseProgram *prog, const FkFuseInput *inputs)
{
	for (int k = 0; k < prog->ninputs; k++)
		if (inputs[k].valid != NULL)
			return true;
	for (int i = 0; i < prog->ninstr; i++)
		if (prog->instr[i].ring >= 0 || prog->instr[i].state >= 0 ||
			prog->instr[i].to_null)
			return true;
	return false;
}

/* Values of operand ref over the block at start */
static const double *
FkFuseValues(const FkFuseRun *run, FkFuseRef ref, size_t start)
{
	if (ref.kind == FK_REF_INPUT)
		return run->inputs[ref.index].values + start;
	if (ref.kind == FK_REF_REG)
		return run->regs + (size_t) ref.index * FK_FUSE_BLOCK;
	return NULL;
}

/* Validity words of operand ref over the block at start; NULL: all present */
static const uint64_t *
FkFuseValid(const FkFuseRun *run, FkFuseRef ref, size_t start)
{
	if (ref.kind == FK_REF_INPUT)
	{
		const uint64_t *v = run->inputs[ref.index].valid;

		return v ? v + start / 64 : NULL;
	}
	if (ref.kind == FK_REF_REG && !run->regdense[ref.index])
		return run->regvalid + (size_t) ref.index * FK_FUSE_BLOCK_WORDS;
	return NULL;
}

/*
 * 64 validity bits of a ring, for elements p .. p + 63 (p may be negative:
 * elements before the first are absent).
 */
static uint64_t
FkFuseRingBits(const uint64_t *ring, size_t nwords, int64_t p)
{
	int64_t		q = (p >= 0) ? p / 64 : -((-p + 63) / 64);
	unsigned	o = (unsigned) (p - q * 64);
	uint64_t	lo = (q >= 0) ? ring[(size_t) q % nwords] : 0;
	uint64_t	hi;

	if (o == 0)
		return lo;
	hi = (q + 1 >= 0) ? ring[(size_t) (q + 1) % nwords] : 0;
	return (lo >> o) | (hi << (64 - o));
}

/*
 * 64 bits of bm (a bitmap with a zero word past the bits read) from bit p
 */
static inline uint64_t
FkFuseBitsAt(const uint64_t *bm, size_t p)
{
	unsigned	o = (unsigned) (p % 64);

	if (o == 0)
		return bm[p / 64];
	return (bm[p / 64] >> o) | (bm[p / 64 + 1] << (64 - o));
}

/*
 * The lagged part of a lagged instruction over one block, for lag <
 * FK_FUSE_BLOCK: the ring holds the lag values before the block (cur of
 * the block before: the operand, or ln of it) in rv[0 .. lag) and their
 * validity in bits 0 .. lag of rw.  Element i of the block reads rv[i] for
 * i < lag and cur[i - lag] beyond, so only the first lag elements touch the
 * ring.  Writes dv (cur less the value lag back, scaled when scale), ANDs
 * the validity into dw (xw: the operand's, NULL when all present), gathers
 * the lagged values into lagged when it is not NULL, then keeps the last
 * lag values of the block in the ring.  Returns true when every element of
 * the block is present.
 */
static bool
FkFuseLagNear(FkFuseRun *run, const FkFuseInstr *ins, size_t len,
			  const double *cur, const uint64_t *xw, double *dv,
			  uint64_t *dw, double *lagged, bool scale, double a, double b)
{
	const FkKernelTable *kt = run->kt;
	size_t		lag = run->lags[ins->lag];
	double	   *rv = run->ringvals[ins->ring];
	uint64_t   *rw = run->ringvalid[ins->ring];
	size_t		nw = FkBitmapWords(len);
	size_t		head = lag < len ? lag : len;
	size_t		lw = FkBitmapWords(lag);
	uint64_t	all[2 * FK_FUSE_BLOCK_WORDS + 2];
	uint64_t	dense = FK_ALL_VALID;

	/* validity of the lag values before the block, then of the block */
	memcpy(all, rw, lw * sizeof(uint64_t));
	memset(all + lw, 0, (nw + 2) * sizeof(uint64_t));
	if (lag % 64)
		all[lw - 1] &= FkWordMask(lw - 1, lag);
	for (size_t w = 0; w < nw; w++)
	{
		uint64_t	c = (xw ? xw[w] : FK_ALL_VALID) & FkWordMask(w, len);
		size_t		p = lag + 64 * w;

		all[p / 64] |= c << (p % 64);
		if (p % 64)
			all[p / 64 + 1] |= c >> (64 - p % 64);
		dw[w] = c & FkFuseBitsAt(all, 64 * w);
		dense &= dw[w] | ~FkWordMask(w, len);
	}

	/* the first lag elements from the ring, the others from the block */
	if (scale)
	{
		kt->sub_mul_add(dv, cur, rv, a, b, head);
		kt->sub_mul_add(dv + head, cur + head, cur, a, b, len - head);
	}
	else
	{
		kt->sub(dv, cur, rv, head);
		kt->sub(dv + head, cur + head, cur, len - head);
	}
	if (lagged)
	{
		memcpy(lagged, rv, head * sizeof(double));
		memcpy(lagged + head, cur, (len - head) * sizeof(double));
	}

	/* the ring keeps the last lag values */
	if (len >= lag)
		memcpy(rv, cur + len - lag, lag * sizeof(double));
	else
	{
		memmove(rv, rv + len, (lag - len) * sizeof(double));
		memcpy(rv + lag - len, cur, len * sizeof(double));
	}
	for (size_t w = 0; w < lw; w++)
		rw[w] = FkFuseBitsAt(all, len + 64 * w);
	return dense == FK_ALL_VALID;
}

/*
 * The lagged part of a lagged instruction over one block, for lag >=
 * FK_FUSE_BLOCK: store cur (the operand, or ln of it) with the operand's
 * validity xw into the ring, then gather the values lag elements back into
 * lagged and AND the matching validity into dw.  Returns true when every
 * element of the block is present.
 */
static bool
FkFuseLagFar(FkFuseRun *run, const FkFuseInstr *ins, size_t start,
			 size_t len, const double *cur, const uint64_t *xw,
			 double *lagged, uint64_t *dw)
{
	size_t		lag = run->lags[ins->lag];
	size_t		cap = run->ringcap[ins->ring];
	size_t		cwords = cap / 64;
	double	   *rv = run->ringvals[ins->ring];
	uint64_t   *rw = run->ringvalid[ins->ring];
	size_t		nw = FkBitmapWords(len);
	size_t		pos;
	size_t		first;
	size_t		before;
	uint64_t	dense = FK_ALL_VALID;

	pos = start % cap;
	first = (len < cap - pos) ? len : cap - pos;
	memcpy(rv + pos, cur, first * sizeof(double));
	memcpy(rv, cur + first, (len - first) * sizeof(double));
	for (size_t w = 0; w < nw; w++)
		rw[(start / 64 + w) % cwords] = xw ? xw[w] : FkWordMask(w, len);

	/* elements before the first are absent; their values are never used */
	before = (lag > start) ? lag - start : 0;
	if (before > len)
		before = len;
	memset(lagged, 0, before * sizeof(double));
	if (before < len)
	{
		size_t		from = start + before - lag;
		size_t		cnt = len - before;

		pos = from % cap;
		first = (cnt < cap - pos) ? cnt : cap - pos;
		memcpy(lagged + before, rv + pos, first * sizeof(double));
		memcpy(lagged + before + first, rv, (cnt - first) * sizeof(double));
	}
	for (size_t w = 0; w < nw; w++)
	{
		uint64_t	bits = FkFuseRingBits(rw, cwords,
										  (int64_t) (start + 64 * w) - (int64_t) lag);

		dw[w] = (xw ? xw[w] : FK_ALL_VALID) & bits & FkWordMask(w, len);
		dense &= dw[w] | ~FkWordMask(w, len);
	}
	return dense == FK_ALL_VALID;
}

/* Clear in valid the bits of the elements check op finds at fault */
static void
FkFuseClear(const FkFuseRun *run, FkCheckOp op, const double *x,
			const double *y, const double *r, double a, double b,
			uint64_t *valid, size_t len)
{
	FkCheck		chk = {op, x, y, r, a, b};

	run->ct->clear(&chk, valid, 0, len);
}

/*
 * on_error 'null' of an instruction over one block: clear the validity dw
 * of the elements the unfused function makes NULL, after the kernel ran
 * (dv).  The inputs ln rejects in a lagged instruction were cleared before
 * they went into its ring (FkFuseRunBlock).  A chain after ln is checked on
 * ln of its operand (in tcur; a lagged one on the difference of the logs),
 * unless its scalars are safe, as the unfused function does.
 */
static void
FkFuseClearFaults(const FkFuseRun *run, const FkFuseInstr *ins, size_t len,
				  const double *xv, const double *yv, const double *dv,
				  double a, double b, double *tcur, const double *tlag,
				  uint64_t *dw)
{
	const FkOpInfo *info = &FkOps[ins->op];
	bool		lagged = info->kind == FK_KIND_LAGGED;

	if ((info->flags & FK_OPF_LN_FIRST) && !lagged)
		FkFuseClear(run, FK_CHECK_LN, xv, NULL, NULL, 0, 0, dw, len);
	if (info->check == FK_CHECK_NONE)
		return;
	if ((info->flags & FK_OPF_LN_FIRST))
	{
		if (FkScaleAddSafeAfterLn(a, b))
			return;
		if (lagged)
			run->kt->sub(tcur, tcur, tlag, len);
		else
			run->kt->ln(tcur, xv, len);
		FkFuseClear(run, info->check, tcur, NULL, dv, a, b, dw, len);
		return;
	}
	FkFuseClear(run, info->check, xv, yv, dv, a, b, dw, len);
}

/*
 * Show the check callback instruction ins over one block (y: see
 * FkFuseCheck; valid NULL: all present); true when it stops the evaluation
 */
static bool
FkFuseCallCheck(const FkFuseRun *run, const FkFuseInstr *ins, size_t start,
				size_t len, const double *xv, const double *yv,
				const double *dv, const uint64_t *xw, const uint64_t *valid,
				double a, double b)
{
	FkFuseCheck ck;

	ck.ins = ins;
	ck.start = start;
	ck.n = len;
	ck.x = xv;
	ck.y = yv;
	ck.out = dv;
	ck.xvalid = xw;
	ck.valid = valid;
	ck.a = a;
	ck.b = b;
	ck.lag = ins->lag >= 0 ? run->lags[ins->lag] : 0;
	return run->check(run->check_arg, &ck);
}

/* Where instruction ins writes its values over the block at start */
static double *
FkFuseDst(const FkFuseRun *run, const FkFuseInstr *ins, size_t start)
{
	if (ins->dst == FK_FUSE_OUT)
		return run->out + (run->out_block ? 0 : start);
	return run->regs + (size_t) ins->dst * FK_FUSE_BLOCK;
}

/* What FkFusePipePair did */
typedef enum FkFusePipeResult
{
	FK_PIPE_NO,					/* nothing: run the two one by one */
	FK_PIPE_DONE,				/* both instructions ran over the block */
	FK_PIPE_STOP				/* the check callback stopped the evaluation */
} FkFusePipeResult;

/*
 * The pair ins (a lagged log marked pipe) and ins + 1 (the running
 * instruction over its result) over one block, pipelined by the kernel
 * table's ln_lag_run, when the block is dense: the operand has no NULL,
 * the lag (< FK_FUSE_BLOCK) values before the block are all present, and
 * the running value has started.  Both results are written with the bits
 * FkFuseLagNear and FkRunningStep give them, the ring and the running
 * state carried alike, and the check callback sees the lagged log as it
 * would have.  Nothing is kept until the kernel has run the whole block:
 * at a fault of the running value (an overflow, or an underflow of
 * cumprod) it returns FK_PIPE_NO with the ring and the state untouched, and
 * the block runs one instruction at a time, which finds the fault where
 * it does today (or a failed check before it).
 */
static FkFusePipeResult
FkFusePipePair(FkFuseRun *run, const FkFuseInstr *ins, size_t start,
			   size_t len, const double *xv, const uint64_t *xw)
{
	const FkFuseInstr *next = ins + 1;
	FkRunningState *st = &run->states[next->state];
	size_t		lag = run->lags[ins->lag];
	size_t		base = (lag + FK_MAX_W - 1) / FK_MAX_W * FK_MAX_W;
	double		buf[2 * FK_FUSE_BLOCK + 2 * FK_MAX_W] __attribute__((aligned(64)));
	double	   *rv = run->ringvals[ins->ring];
	uint64_t   *rw = run->ringvalid[ins->ring];
	bool		scale = FkShapes[FkOps[ins->op].shape].nscalars == 2;
	int			nd;
	FkLnLagRun	r;

	if (xw != NULL || lag >= FK_FUSE_BLOCK || run->ringcap[ins->ring] == 0 ||
		!st->have || st->fault != FK_FAULT_NONE ||
		(st->op != FK_RUN_EMA && !FkRunningClean(st->op, st->s)))
		return FK_PIPE_NO;
	for (size_t w = 0; w < FkBitmapWords(lag); w++)
		if ((rw[w] & FkWordMask(w, lag)) != FkWordMask(w, lag))
			return FK_PIPE_NO;

	/* the ring's logs just below the block's, lanes under them defined */
	memset(buf, 0, (base - lag) * sizeof(double));
	memcpy(buf + base - lag, rv, lag * sizeof(double));
	r.dst = FkFuseDst(run, ins, start);
	r.x = xv;
	r.logs = buf + base;
	r.lag = lag;
	r.len = len;
	r.scale = scale;
	r.a = ins->a >= 0 ? run->slots[ins->a] : 0.0;
	r.b = ins->b >= 0 ? run->slots[ins->b] : 0.0;
	r.op = FkOps[next->op].run;
	r.s = st->s;
	r.alpha = st->alpha;
	r.oma = st->oma;
	r.out = FkFuseDst(run, next, start);
	if (!run->kt->ln_lag_run(&r))
		return FK_PIPE_NO;

	/* keep what the two one by one keep: the last lag logs, the state */
	memcpy(rv, r.logs + len - lag, lag * sizeof(double));
	st->s = r.s;
	st->pos += len;
	run->regdense[ins->dst] = true;
	nd = next->dst == FK_FUSE_OUT ? run->prog->nregs + 2 : next->dst;
	run->regdense[nd] = false;	/* validity words, as FkRunningStep's */
	for (size_t w = 0; w < FkBitmapWords(len); w++)
		run->regvalid[(size_t) nd * FK_FUSE_BLOCK_WORDS + w] = FkWordMask(w, len);
	if (run->check &&
		FkFuseCallCheck(run, ins, start, len, xv, NULL, r.dst, NULL, NULL,
						r.a, r.b))
		return FK_PIPE_STOP;
	return FK_PIPE_DONE;
}

/*
 * Run every instruction of the program over the block that starts at start
 * (a multiple of FK_FUSE_BLOCK), writing out and outvalid there.  Returns
 * true when the check callback stopped the evaluation.
 */
bool
FkFuseRunBlock(FkFuseRun *run, size_t start)
{
	const FkFuseProgram *prog = run->prog;
	const FkKernelTable *kt = run->kt;
	size_t		len = run->n - start < FK_FUSE_BLOCK ? run->n - start : FK_FUSE_BLOCK;
	size_t		nw = FkBitmapWords(len);
	int			outreg = prog->nregs + 2;
	size_t		outat = run->out_block ? 0 : start;
	double	   *tcur = run->regs + (size_t) prog->nregs * FK_FUSE_BLOCK;
	double	   *tlag = tcur + FK_FUSE_BLOCK;

	for (int i = 0; i < prog->ninstr; i++)
	{
		const FkFuseInstr *ins = &prog->instr[i];
		int			d = (ins->dst == FK_FUSE_OUT) ? outreg : ins->dst;
		double	   *dv = FkFuseDst(run, ins, start);
		uint64_t   *dw = run->regvalid + (size_t) d * FK_FUSE_BLOCK_WORDS;
		const double *xv = FkFuseValues(run, ins->x, start);
		const double *yv = FkFuseValues(run, ins->y, start);
		const uint64_t *xw = FkFuseValid(run, ins->x, start);
		const uint64_t *yw = FkFuseValid(run, ins->y, start);
		double		a = ins->a >= 0 ? run->slots[ins->a] : 0.0;
		double		b = ins->b >= 0 ? run->slots[ins->b] : 0.0;
		const double *cur;
		uint64_t	lnvalid[FK_FUSE_BLOCK_WORDS];
		bool		done = false;	/* dv written already */
		bool		lagready = true;	/* tlag holds the lagged values */

		if (ins->pipe)
		{
			FkFusePipeResult pr = FkFusePipePair(run, ins, start, len, xv, xw);

			if (pr == FK_PIPE_STOP)
				return true;
			if (pr == FK_PIPE_DONE)
			{
				i++;			/* the running instruction ran too */
				continue;
			}
		}
		if (FkOpShift(ins->op))
		{
			/* shift(x, k >= 0): x k elements back, from its ring */
			size_t		k = run->lags[ins->lag];

			run->regdense[d] = false;
			if (k == 0)
			{
				memcpy(dv, xv, len * sizeof(double));
				for (size_t w = 0; w < nw; w++)
					dw[w] = xw ? xw[w] : FkWordMask(w, len);
			}
			else if (k >= run->n)
			{
				memset(dv, 0, len * sizeof(double));
				memset(dw, 0, nw * sizeof(uint64_t));
			}
			else
			{
				memset(dw, 0, nw * sizeof(uint64_t));
				FkShiftStep(&run->shifts[ins->state], xv, xw, 0, len, dv, dw);
			}
			continue;
		}
		if (FkOpRolling(ins->op))
		{
			/* a rolling instruction: its window carries over the blocks */
			FkRollState *st = &run->rolls[ins->state];

			memset(dw, 0, nw * sizeof(uint64_t));
			run->regdense[d] = false;
			FkRollStep(st, xv, xw, dv, dw, 0, len);
			if (st->fault != SIZE_MAX)
				return true;
			continue;
		}
		if (ins->state >= 0)
		{
			/* a running instruction: its state carries over the blocks */
			memset(dw, 0, nw * sizeof(uint64_t));
			run->regdense[d] = false;
			if (!FkRunningStep(&run->states[ins->state], xv, xw, 0, len, dv,
							   dw))
				return true;
			continue;
		}

		/* validity first, word-wise */
		if (FkKernelOpLagged((FkKernelOp) ins->op))
		{
			const uint64_t *curw = xw;

			cur = xv;
			if (FkOpLnFirst(ins->op))
			{
				kt->ln(tcur, xv, len);
				cur = tcur;
				if (ins->to_null)
				{
					/* inputs ln rejects are absent, here and lag on */
					for (size_t w = 0; w < nw; w++)
						lnvalid[w] = xw ? xw[w] : FkWordMask(w, len);
					FkFuseClear(run, FK_CHECK_LN, xv, NULL, NULL, 0, 0,
								lnvalid, len);
					curw = lnvalid;
				}
			}
			if (run->ringcap[ins->ring] == 0)
			{
				/* lag >= n: no element has a predecessor that far back */
				memset(tlag, 0, len * sizeof(double));
				memset(dw, 0, nw * sizeof(uint64_t));
				run->regdense[d] = false;
			}
			else if (run->lags[ins->lag] < FK_FUSE_BLOCK)
			{
				/* the lagged values are gathered only when read below */
				bool		gather = ins->to_null ||
					(run->check && !FkOpLnFirst(ins->op));

				lagready = gather;
				run->regdense[d] = FkFuseLagNear(run, ins, len, cur, curw, dv,
												 dw, gather ? tlag : NULL,
												 FkShapes[FkOps[ins->op].shape].nscalars == 2,
												 a, b);
				done = true;
			}
			else
			{
				run->regdense[d] = FkFuseLagFar(run, ins, start, len, cur,
												curw, tlag, dw);
			}
		}
		else if (xw == NULL && yw == NULL)
			run->regdense[d] = true;
		else
		{
			for (size_t w = 0; w < nw; w++)
				dw[w] = (xw ? xw[w] : FK_ALL_VALID) & (yw ? yw[w] : FK_ALL_VALID);
			run->regdense[d] = false;
		}

		/* lagged: the operand (or ln of it) less its value lag back */
		if (done)
			;
		else if (FkKernelOpLagged((FkKernelOp) ins->op) &&
			FkShapes[FkOps[ins->op].shape].nscalars == 2)
			kt->sub_mul_add(dv, FkOpLnFirst(ins->op) ? tcur : xv, tlag,
							a, b, len);
		else if (FkKernelOpLagged((FkKernelOp) ins->op))
			kt->sub(dv, FkOpLnFirst(ins->op) ? tcur : xv, tlag, len);
		else
			FkKernelApply(kt, (FkKernelOp) ins->op, dv, xv, yv, a, b, len);

		if (ins->to_null)
		{
			if (run->regdense[d])
			{
				for (size_t w = 0; w < nw; w++)
					dw[w] = FkWordMask(w, len);
				run->regdense[d] = false;
			}
			FkFuseClearFaults(run, ins, len, xv,
							  FkKernelOpLagged((FkKernelOp) ins->op) ? tlag : yv,
							  dv, a, b, tcur, tlag, dw);
		}

		if (run->check &&
			FkFuseCallCheck(run, ins, start, len, xv,
							!FkKernelOpLagged((FkKernelOp) ins->op) ? yv :
							lagready ? tlag : NULL,
							dv, xw, run->regdense[d] ? NULL : dw, a, b))
			return true;
	}

	/* dense: no NULL in the block (a lagged block past its first lag too) */
	run->out_dense = true;
	if (run->outvalid)
	{
		const uint64_t *ow = run->regdense[outreg] ? NULL :
			run->regvalid + (size_t) outreg * FK_FUSE_BLOCK_WORDS;

		for (size_t w = 0; w < nw; w++)
		{
			uint64_t	mask = FkWordMask(w, len);
			uint64_t	bits = (ow ? ow[w] : FK_ALL_VALID) & mask;

			run->outvalid[outat / 64 + w] = bits;
			run->out_dense &= bits == mask;
		}
	}
	else
		run->out_dense = run->regdense[outreg];
	return false;
}
