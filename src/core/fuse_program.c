/*
 * fuse_program.c
 *		The memory of a fused program's run (registers, rings, states) and
 *		what a run may take before it starts (see fuse_program.h);
 *		compiling is in fuse_compile.c, running in fuse_run.c.
 */
#include "fuse_program.h"

#include <string.h>

#include "bitmap.h"
#include "kern_isa.h"
#include "running_step.h"
#include "series_time.h"

#define FK_ALIGN64(x) (((x) + 63) & ~(size_t) 63)


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
	if (FkOpTime(ins->op))
		return n == 0 ? 0 : 64 + FK_ALIGN64(FkTimeRollWorkSize(
															   (FkRollOp) FkOps[ins->op].run, lags[ins->span]));
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

/*
 * Bytes of the registers (of blk elements each: FkFuseRun.blk) and ring
 * table of prog (the rings apart)
 */
size_t
FkFuseRegsSize(const FkFuseProgram *prog, size_t blk)
{
	size_t		nr = (size_t) prog->nregs + 3;
	size_t		size = 64;		/* room to align the start */

	size += FK_ALIGN64(nr * blk * sizeof(double));
	size += FK_ALIGN64(nr * (blk / 64) * sizeof(uint64_t));
	size += FK_ALIGN64(nr * sizeof(bool));
	size += FK_ALIGN64(prog->nrings * (2 * sizeof(void *) + sizeof(size_t)));
	size += FK_ALIGN64(prog->nstates * sizeof(FkRunningState));
	size += FK_ALIGN64(prog->nrolls * sizeof(FkRollState));
	size += FK_ALIGN64(prog->nshifts * sizeof(FkShiftState));
	size += FK_ALIGN64(prog->ntrolls * sizeof(FkTimeRollState));
	return size;
}

/* Bytes of workspace FkFuseBegin lays out for prog over n elements */
size_t
FkFuseWorkspaceSize(const FkFuseProgram *prog, const size_t *lags, size_t n)
{
	size_t		size = FkFuseRegsSize(prog, FK_FUSE_BLOCK);

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
 * pg_series_rolling.c allocates over a plain input, FkRollWorkSizeInPlace
 * (it reads the leaving elements again from its input), the least of its
 * two: over an input read a block at a time it keeps a ring besides
 * (FkRollWorkSize).  The one place that says so: where that function
 * allocates otherwise, this follows.
 */
static size_t
FkFuseUnfusedRollWork(const FkFuseInstr *ins, const size_t *lags, size_t n)
{
	if (n == 0)
		return 0;
	/* pg_series_time_roll.c: the working memory of its largest window */
	if (FkOpTime(ins->op))
		return FkTimeRollWorkSize((FkRollOp) FkOps[ins->op].run,
								  lags[ins->span]);
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
		size_t		work = FkOpRolling(ins->op) || FkOpTime(ins->op) ?
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
 * Elements per step of a run of prog over inputs: FK_FUSE_BLOCK, or for a
 * program of elementwise instructions only over inputs held whole (none
 * read a block at a time), as many blocks as keep its registers within
 * FK_FUSE_WIDE_BYTES (at most FK_FUSE_WIDE_MAX).  Such an instruction
 * computes each element on its own, so the step changes no bit; it only
 * takes the evaluator's bookkeeping once per step instead of per block.
 */
size_t
FkFuseStepLen(const FkFuseProgram *prog, const FkFuseInput *inputs)
{
	/* its scratch registers and the output's validity: the two lag
	 * registers are not read, the output's values are the result's */
	size_t		reg = ((size_t) prog->nregs + 1) * FK_FUSE_BLOCK * sizeof(double);
	size_t		m = FK_FUSE_WIDE_BYTES / reg;

	for (int i = 0; i < prog->ninstr; i++)
		if (FkOps[prog->instr[i].op].kind != FK_KIND_ELEMENTWISE)
			return FK_FUSE_BLOCK;
	for (int k = 0; k < prog->ninputs; k++)
		if (inputs[k].values == NULL)
			return FK_FUSE_BLOCK;
	if (m < 1)
		m = 1;
	if (m > FK_FUSE_WIDE_MAX)
		m = FK_FUSE_WIDE_MAX;
	return m * FK_FUSE_BLOCK;
}

/*
 * Lay out run's registers in regs (FkFuseRegsSize bytes for run->blk, any
 * alignment)
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

	run->regs = FkFuseCarve(&p, nr * run->blk * sizeof(double));
	run->regvalid = FkFuseCarve(&p, nr * (run->blk / 64) * sizeof(uint64_t));
	run->regdense = FkFuseCarve(&p, nr * sizeof(bool));
	run->ringvals = FkFuseCarve(&p, prog->nrings * (2 * sizeof(void *) + sizeof(size_t)));
	run->ringvalid = (uint64_t **) (run->ringvals + prog->nrings);
	run->ringcap = (size_t *) (run->ringvalid + prog->nrings);
	run->states = FkFuseCarve(&p, prog->nstates * sizeof(FkRunningState));
	run->rolls = FkFuseCarve(&p, prog->nrolls * sizeof(FkRollState));
	run->shifts = FkFuseCarve(&p, prog->nshifts * sizeof(FkShiftState));
	run->trolls = FkFuseCarve(&p, prog->ntrolls * sizeof(FkTimeRollState));
	for (int i = 0; i < prog->ninstr; i++)
	{
		const FkFuseInstr *ins = &prog->instr[i];
		size_t		cap;

		if (FkOpTime(ins->op))
		{
			/* its lag is min_count; a quantile's q, checked, its a */
			if (run->n > 0)
				FkTimeRollInit(&run->trolls[ins->state],
							   (FkRollOp) FkOps[ins->op].run,
							   (int64_t) run->lags[ins->dur],
							   FK_TIME_CLOSED_RIGHT, run->lags[ins->lag],
							   ins->a >= 0 ? run->slots[ins->a] : 0.5,
							   run->lags[ins->span],
							   (void *) FK_ALIGN64((uintptr_t) rings[ins->ring]));
			continue;
		}

		if (FkOpRunning(ins->op))
			FkRunningInit(&run->states[ins->state],
						  (FkRunningOp) FkOps[ins->op].run,
						  ins->a >= 0 ? run->slots[ins->a] : 0.0);
		if (FkOpRolling(ins->op))
		{
			/* the form of two arguments: min_count is the window */
			size_t		w = run->lags[ins->lag];
			void	   *work = (void *) FK_ALIGN64((uintptr_t) rings[ins->ring]);
			const FkFuseInput *in = ins->x.kind == FK_REF_INPUT ?
				&run->inputs[ins->x.index] : NULL;

			/*
			 * Over an input held whole, the window reads its leaving
			 * elements back from it, as the unfused function does; else
			 * they wait in a ring
			 */
			if (run->n > 0 && in != NULL && in->values != NULL)
				FkRollInitInPlace(&run->rolls[ins->state],
								  (FkRollOp) FkOps[ins->op].run, w, w, run->n,
								  work, in->values, in->valid);
			else if (run->n > 0)
				FkRollInit(&run->rolls[ins->state],
						   (FkRollOp) FkOps[ins->op].run, w, w, run->n, work);
			/* rolling_quantile: its q, checked by FkFuseScalarsOk */
			if (run->n > 0 && ins->a >= 0)
				run->rolls[ins->state].q = run->slots[ins->a];
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
 * bytes, any alignment): FkFuseBeginRings with every piece carved from it,
 * for steps of one block, which is what that size counts.
 */
void
FkFuseBegin(FkFuseRun *run, void *workspace)
{
	const FkFuseProgram *prog = run->prog;
	void	   *rings[FK_FUSE_MAX_INSTR];
	size_t		sizes[FK_FUSE_MAX_INSTR];
	char	   *p;

	run->blk = FK_FUSE_BLOCK;
	p = (char *) workspace + FkFuseRegsSize(prog, run->blk);

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
	{
		const FkFuseInstr *ins = &prog->instr[i];

		if (FkOpRolling(ins->op) && lags[ins->lag] < 1)
			return false;
		/* a duration of 1 us at least, and one no time difference passes */
		if (FkOpTime(ins->op) &&
			(lags[ins->dur] < 1 || lags[ins->dur] > (size_t) INT64_MAX))
			return false;
	}
	return true;
}

/* Can the result of prog on these inputs have NULL elements? */
bool
FkFuseMayHaveNulls(const FkFuseProgram *prog, const FkFuseInput *inputs)
{
	for (int k = 0; k < prog->ninputs; k++)
		if (inputs[k].valid != NULL)
			return true;
	/* a running operation gives NULL only where its input is NULL */
	for (int i = 0; i < prog->ninstr; i++)
		if (prog->instr[i].ring >= 0 || prog->instr[i].to_null ||
			(prog->instr[i].state >= 0 && !FkOpRunning(prog->instr[i].op)))
			return true;
	return false;
}

/* Does instruction ins read only ref from vectors (scalars aside)? */
static bool
FkFuseReadsOnly(const FkFuseInstr *ins, int kind, int index)
{
	return ins->x.kind == kind && ins->x.index == index &&
		ins->y.kind == FK_REF_NONE;
}

/*
 * Is prog a chain of one running operation that skips NULLs (cumsum,
 * cumprod, cummax, cummin, ema) and one other operation, each reading only
 * the one before it: cumsum(ln(x)), cumsum(dlog(x, 1)), cumsum(x) * 2?  The
 * two unfused calls do the same work as the fused pass, without its
 * bookkeeping; over a float8[] with NULLs the running call even steps over
 * the packed present values only, where the pass steps every element.  So
 * such a program mostly runs unfused (FkFuseChainUnfused in pg_fuse_exec.c;
 * bench/results/fused-vs-unfused.md).
 */
bool
FkFuseRunningChain(const FkFuseProgram *prog)
{
	const FkFuseInstr *first = &prog->instr[0];
	const FkFuseInstr *second = &prog->instr[1];
	const FkFuseInstr *running;

	if (prog->ninstr != 2 || prog->ninputs != 1 ||
		first->dst == FK_FUSE_OUT ||
		!FkFuseReadsOnly(first, FK_REF_INPUT, 0) ||
		!FkFuseReadsOnly(second, FK_REF_REG, first->dst))
		return false;
	running = FkOpRunning(first->op) ? first : second;
	return FkOpRunning(running->op) &&
		FkOps[running->op].run != FK_RUN_FILL_FORWARD &&
		FkOps[running->op].run != FK_RUN_FILL_NULL;
}

/* See fuse_program.h */
void
FkFuseRunPlain(FkFuseRun *run, const FkFuseProgram *prog, size_t n,
			  const FkFuseInput *inputs, const double *slots,
			  const size_t *lags, double *out, uint64_t *outvalid)
{
	memset(run, 0, sizeof(*run));
	run->prog = prog;
	run->kt = FkKernelsFor(FkDetectIsa());
	run->ct = FkChecksFor(FkDetectIsa());
	run->n = n;
	run->inputs = inputs;
	run->slots = slots;
	run->lags = lags;
	run->out = out;
	run->outvalid = outvalid;
}
