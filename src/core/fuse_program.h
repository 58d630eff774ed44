/*
 * fuse_program.h
 *		A compiled fused expression and its blocked evaluator.
 *
 * A program is a list of instructions in evaluation order.  Each one reads
 * vector operands (an input vector or a scratch register) and scalar slots,
 * and writes a scratch register, or the output for the last instruction.
 * The evaluator runs the whole list over one block of FK_FUSE_BLOCK
 * elements at a time, so every intermediate lives in a cache-resident
 * register of one block and no full-length intermediate is ever built.
 * Validity is carried per register as 64-bit words (core/bitmap.h), ANDed
 * word-wise once per instruction and block.
 *
 * Lagged instructions (dlog, diff, dlog_scale_add) keep the last lag values
 * of their operand (ln of it for dlog) in a ring, so the operand may be any
 * sub-expression: blocks go in increasing order and element i - lag has
 * always been computed before element i.  ln is computed once per element.
 * For a lag shorter than a block, element i >= lag of a block reads element
 * i - lag of the same block's operand and only the first lag elements read
 * the ring, which then keeps the block's last lag values; a block whose
 * elements are all present is dense.  Longer lags keep a ring of the lag
 * before a block plus the block.
 *
 * Running instructions (cumsum, cummax, ema, fill_forward ...) keep the
 * state of core/series_running.h from one block to the next: it gives the
 * same bits for any cut of the series into blocks.  Rolling instructions
 * (rolling_mean(x, w) ...) keep the state of core/series_rolling.h, whose
 * window memory (O(min(w, n))) is one of the program's rings, allocated
 * once per call.  A caller budgets a run before it allocates anything:
 * FkFuseWorkspaceSize against FkFuseUnfusedPeak, what the unfused
 * evaluation holds at least.  An overflow there stops the evaluation, as a failed
 * check does.  The lag of a rolling instruction is its window.  shift(x, k)
 * with k >= 0 keeps the last k values of its operand in a ring of its own
 * (none when k is 0 or past the end).
 *
 * Rolling windows of a duration (rolling_mean(x, ts, w, min_count) ...)
 * keep the state of core/series_time.h (FkTimeRollStep) from one block to
 * the next, its working memory one of the rings: tin names the time axis
 * (FkFuseRun.times), the lag slot min_count, the lag slots dur the window
 * in microseconds and span the most elements one window holds
 * (FkTimeMaxWindow, which the caller puts there before it sizes the run).
 * Their operand x is an input held whole: a window reads back to its
 * start, and ahead to the end of the group of equal times its block ends
 * in.  An overflow stops the evaluation.
 *
 * A rolling sum or mean and a rolling stddev or var of the same operand
 * with the same window are a moments pair the compiler marks: the first of
 * the two steps both states over the block (FkRollStepPair, one sum of
 * each element for both in a group of short windows) and leaves the later
 * one's result in a register of its own, which the later one then takes.
 * Each state is the one it would be alone, so the bits are too.
 *
 * A lagged log (dlog, dlog_scale_add) followed by a running instruction
 * over its result (cumsum, cumprod, cummax, cummin, ema) is a pair the
 * compiler marks: over a dense block, the kernel table's ln_lag_run steps
 * the running value over a few differences while the ln of the next few is
 * in flight, instead of one after the other; any other block, or a fault
 * of the running value, runs both instructions one by one as before.  A
 * lagged log without such a pair runs through ln_lag_run alone over a
 * dense block: the logs and differences a few elements at a time, in
 * cache, where one by one it takes ln of the block, then the differences.
 *
 * Every value is computed by the primitives of kernels.h, one primitive per
 * SQL operation, in the order the unfused functions apply them, so a
 * present element gets the bits the unfused chain gives it on the same
 * kernel table.  An instruction whose SQL call has on_error 'null' clears
 * the validity of the elements the unfused function would make NULL (with
 * the checks of checks.h, as that function does); the others are not
 * decided here: after each instruction and block a check callback sees the
 * operands, the result and its validity, and may stop the evaluation (the
 * caller then evaluates the expression unfused, which raises exactly the
 * unfused error).
 *
 * This header does not include postgres.h.
 */
#ifndef FK_FUSE_PROGRAM_H
#define FK_FUSE_PROGRAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "checks.h"
#include "kernels.h"
#include "ops.h"
#include "series_rolling.h"
#include "series_running.h"

struct FkTimeRollState;			/* series_time.h */

/* Elements per block: 8 KB per register, a multiple of 64 */
#define FK_FUSE_BLOCK 1024
#define FK_FUSE_BLOCK_WORDS (FK_FUSE_BLOCK / 64)

/*
 * A program of elementwise instructions only, over inputs held whole, runs
 * over wider steps of up to FK_FUSE_WIDE_MAX blocks (FkFuseStepLen): its
 * registers hold at most FK_FUSE_WIDE_BYTES together, so they stay in cache
 */
#define FK_FUSE_WIDE_MAX 8
#define FK_FUSE_WIDE_BYTES ((size_t) 128 * 1024)

/* Limits of one program: operations, and slots (at most two per operation) */
#define FK_FUSE_MAX_INSTR 256
#define FK_FUSE_MAX_SLOTS (2 * FK_FUSE_MAX_INSTR + 2)

/*
 * The memory a fused pass may take whatever its unfused evaluation needs:
 * the registers of any program (at most some 2.2 MB) and the rings of short
 * lags fit in it.  Past it, a pass runs only when it needs no more than
 * FkFuseUnfusedPeak says the unfused evaluation does (docs/fusion.md).
 */
#define FK_FUSE_STATE_FLOOR ((size_t) 4 * 1024 * 1024)

/* Where a vector operand comes from */
typedef enum FkFuseRefKind
{
	FK_REF_NONE = 0,
	FK_REF_INPUT,				/* an input vector, whole length */
	FK_REF_REG					/* a scratch register of one block */
} FkFuseRefKind;

typedef struct FkFuseRef
{
	int16_t		kind;			/* FkFuseRefKind */
	int16_t		index;			/* input number or register */
} FkFuseRef;

/* Register number of the output */
#define FK_FUSE_OUT (-1)

typedef struct FkFuseInstr
{
	int16_t		op;				/* FkKernelOp */
	int16_t		dst;			/* register, or FK_FUSE_OUT */
	FkFuseRef	x;
	FkFuseRef	y;				/* second vector operand, or FK_REF_NONE */
	int16_t		a;				/* scalar slot of a (or of the scalar), -1 */
	int16_t		b;				/* scalar slot of b, -1 */
	int16_t		lag;			/* lag slot, -1 */
	int16_t		ring;			/* ring of a lagged instruction, or the
								 * window memory of a rolling one, -1 */
	int16_t		state;			/* state of a running, rolling or shift
								 * instruction (states, rolls, shifts), -1 */
	bool		to_null;		/* on_error 'null': faults become NULL */
	bool		pipe;			/* a lagged log whose result the next
								 * instruction, a running one, steps over:
								 * the two may run pipelined */
	bool		lnlag;			/* a lagged log (without on_error 'null'):
								 * ln_lag_run may run it alone */
	int16_t		mate;			/* the other rolling instruction of a
								 * moments pair, or -1 */
	int16_t		stash;			/* the first of a pair: the register it
								 * leaves the later one's result in, -1 */
	int16_t		tin;			/* a window of a duration (only): its time
								 * axis, FkFuseRun.times */
	int16_t		dur;			/* ... the lag slot of its window (us) */
	int16_t		span;			/* ... that of its largest window */
} FkFuseInstr;

typedef struct FkFuseProgram
{
	int			ninstr;
	int			nregs;			/* scratch registers */
	int			nrings;			/* lagged instructions */
	int			nstates;		/* running instructions */
	int			nrolls;			/* rolling instructions */
	int			nshifts;		/* shift instructions */
	int			ntrolls;		/* windows of a duration */
	int			ninputs;		/* vector inputs */
	int			nslots;			/* scalar slots (a, b, scalars) */
	int			nlags;			/* lag slots */
	FkFuseInstr instr[FK_FUSE_MAX_INSTR];
} FkFuseProgram;

/* An input vector as the evaluator reads it */
typedef struct FkFuseInput
{
	const double *values;		/* n values, or NULL: read by fetch */
	const uint64_t *valid;		/* validity words, NULL when all present */

	/*
	 * A block source, when values is NULL (a compressed nvec): fetch(src, b,
	 * buf) writes the FK_FUSE_BLOCK values of block b (fewer in the last)
	 * into buf; *fetched is the block buf holds, SIZE_MAX for none
	 */
	void		(*fetch) (const void *src, size_t block, double *buf);
	const void *src;
	double	   *buf;
	size_t	   *fetched;
} FkFuseInput;

/* Values of input in over the block at start (a multiple of FK_FUSE_BLOCK) */
static inline const double *
FkFuseInputValues(const FkFuseInput *in, size_t start)
{
	if (in->values != NULL)
		return in->values + start;
	if (*in->fetched != start / FK_FUSE_BLOCK)
	{
		in->fetch(in->src, start / FK_FUSE_BLOCK, in->buf);
		*in->fetched = start / FK_FUSE_BLOCK;
	}
	return in->buf;
}

/* What a check callback sees of one instruction over one block */
typedef struct FkFuseCheck
{
	const FkFuseInstr *ins;
	size_t		start;			/* first element of the block */
	size_t		n;				/* elements in the block */
	const double *x;			/* operand x over the block */
	const double *y;			/* operand y (lagged ops: the operand lag
								 * elements back; NULL for dlog and
								 * dlog_scale_add, whose checks read x), or
								 * NULL */
	const double *out;			/* the result over the block */
	const uint64_t *xvalid;		/* validity of x, NULL: all present */
	const uint64_t *valid;		/* validity of out, NULL: all present */
	double		a;
	double		b;
	size_t		lag;
	const FkCheckTable *ct;		/* the run's checks */
} FkFuseCheck;

/* Returns true to stop the evaluation (the caller falls back) */
typedef bool (*FkFuseCheckFn) (void *arg, const FkFuseCheck *check);

/* One evaluation of a program over vectors of length n */
typedef struct FkFuseRun
{
	const FkFuseProgram *prog;
	const FkKernelTable *kt;
	const FkCheckTable *ct;		/* checks: of instructions with to_null,
								 * and for the check callback */
	size_t		n;
	const FkFuseInput *inputs;	/* prog->ninputs vectors of length n */
	const double *slots;		/* prog->nslots scalars */
	const size_t *lags;			/* prog->nlags lags */
	const int64_t *const *times;	/* time axes of n times each, checked
									 * (non-decreasing) */
	double	   *out;			/* n values */
	uint64_t   *outvalid;		/* validity words to fill, or NULL when
								 * FkFuseMayHaveNulls() said no */
	bool		out_block;		/* out and outvalid hold one block, the one
								 * just run (a reduction reads it), not n */
	bool		out_dense;		/* set by FkFuseRunBlock: no element of the
								 * block just run is NULL */
	size_t		blk;			/* elements per step and register: a
								 * multiple of FK_FUSE_BLOCK (FkFuseStepLen);
								 * FkFuseBegin sets FK_FUSE_BLOCK */
	FkFuseCheckFn check;
	void	   *check_arg;

	/* laid out in the workspace by FkFuseBegin */
	double	   *regs;			/* nregs + 3 registers of one step */
	uint64_t   *regvalid;		/* their validity words */
	bool	   *regdense;		/* register's block all present */
	double	  **ringvals;		/* per ring: ringcap values (none when 0) */
	uint64_t  **ringvalid;		/* per ring: ringcap / 64 words */
	size_t	   *ringcap;
	FkRunningState *states;		/* per running instruction */
	FkRollState *rolls;			/* per rolling instruction */
	FkShiftState *shifts;		/* per shift instruction */
	struct FkTimeRollState *trolls; /* per window of a duration */
} FkFuseRun;

/* A node of the expression a program is compiled from */
typedef struct FkFuseExpr
{
	int16_t		op;				/* FkKernelOp, or FK_FEXPR_INPUT */
	int16_t		input;			/* FK_FEXPR_INPUT: the input vector */
	int16_t		a;				/* scalar slots and lag slot, as in */
	int16_t		b;				/* FkFuseInstr, -1 when unused */
	int16_t		lag;
	bool		to_null;		/* as in FkFuseInstr */
	const struct FkFuseExpr *x;
	const struct FkFuseExpr *y;
	int16_t		tin;			/* as in FkFuseInstr, read for the windows */
	int16_t		dur;			/* of a duration only */
	int16_t		span;
} FkFuseExpr;

#define FK_FEXPR_INPUT (-1)

extern bool FkFuseCompile(const FkFuseExpr *root, FkFuseProgram *prog,
						  int ninputs, int nslots, int nlags);
extern bool FkFuseExprSame(const FkFuseExpr *p, const FkFuseExpr *q);
extern bool FkFuseCompileGroup(const FkFuseExpr *const *tops, int ntops,
							   FkFuseProgram *prog, int ninputs, int nslots,
							   int nlags, FkFuseRef *roots);
extern size_t FkFuseWorkspaceSize(const FkFuseProgram *prog,
								  const size_t *lags, size_t n);
extern size_t FkFuseRegsSize(const FkFuseProgram *prog, size_t blk);
extern size_t FkFuseStepLen(const FkFuseProgram *prog,
							 const FkFuseInput *inputs);
extern size_t FkFuseRingSizes(const FkFuseProgram *prog, const size_t *lags,
							  size_t n, size_t *sizes);
extern size_t FkFuseUnfusedPeak(const FkFuseProgram *prog, const size_t *lags,
								size_t n, bool last_out, size_t *live);

/*
 * A run of prog over n elements with the tables of this CPU (FkDetectIsa),
 * no check callback, every other field zero: what the unit tests and
 * benchmarks that hold their vectors whole start from
 */
extern void FkFuseRunPlain(FkFuseRun *run, const FkFuseProgram *prog,
						  size_t n, const FkFuseInput *inputs,
						  const double *slots, const size_t *lags,
						  double *out, uint64_t *outvalid);
extern void FkFuseBegin(FkFuseRun *run, void *workspace);
extern void FkFuseBeginRings(FkFuseRun *run, void *regs, void *const *rings);
extern bool FkFuseRunBlock(FkFuseRun *run, size_t start);
extern bool FkFuseScalarsOk(const FkFuseProgram *prog, const double *slots);
extern bool FkFuseWindowsOk(const FkFuseProgram *prog, const size_t *lags);
extern bool FkFuseRunningChain(const FkFuseProgram *prog);
extern bool FkFuseMayHaveNulls(const FkFuseProgram *prog,
							   const FkFuseInput *inputs);

#endif							/* FK_FUSE_PROGRAM_H */
