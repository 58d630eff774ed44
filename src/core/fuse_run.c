/*
 * fuse_run.c
 *		Running a fused program over one block (see fuse_program.h): one
 *		function per kind of instruction (elementwise, lagged, running,
 *		rolling, shift), the lagged instructions' rings, on_error 'null'
 *		and the check callback.
 */
#include "fuse_program.h"

#include <string.h>

#include "bitmap.h"
#include "cdefs.h"
#include "kern_isa.h"
#include "running_step.h"
#include "series_time.h"

/* Values of operand ref over the block at start */
static FK_ALWAYS_INLINE const double *
FkFuseValues(const FkFuseRun *run, FkFuseRef ref, size_t start)
{
	if (ref.kind == FK_REF_INPUT)
		return FkFuseInputValues(&run->inputs[ref.index], start);
	if (ref.kind == FK_REF_REG)
		return run->regs + (size_t) ref.index * run->blk;
	return NULL;
}

/* Validity words of operand ref over the block at start; NULL: all present */
static FK_ALWAYS_INLINE const uint64_t *
FkFuseValid(const FkFuseRun *run, FkFuseRef ref, size_t start)
{
	if (ref.kind == FK_REF_INPUT)
	{
		const uint64_t *v = run->inputs[ref.index].valid;

		return v ? v + start / 64 : NULL;
	}
	if (ref.kind == FK_REF_REG && !run->regdense[ref.index])
		return run->regvalid + (size_t) ref.index * (run->blk / 64);
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
 * The validity of a lagged instruction over one block, for lag <
 * FK_FUSE_BLOCK: element i is present when the operand is (xw; NULL: all
 * present) and so is the value lag back, from bits 0 .. lag of the ring's
 * validity rw for i < lag.  Writes it into dw, then keeps the validity of
 * the block's last lag elements in rw.  Returns true when every element of
 * the block is present.
 */
static bool
FkFuseLagNearValid(FkFuseRun *run, const FkFuseInstr *ins, size_t len,
				   const uint64_t *xw, uint64_t *dw)
{
	size_t		lag = run->lags[ins->lag];
	uint64_t   *rw = run->ringvalid[ins->ring];
	size_t		nw = FkBitmapWords(len);
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
	for (size_t w = 0; w < lw; w++)
		rw[w] = FkFuseBitsAt(all, len + 64 * w);
	return dense == FK_ALL_VALID;
}

/*
 * The lagged part of a lagged instruction over one block, for lag <
 * FK_FUSE_BLOCK: the ring holds the lag values before the block (cur of
 * the block before: the operand, or ln of it) in rv[0 .. lag) and their
 * validity in bits 0 .. lag of rw.  Element i of the block reads rv[i] for
 * i < lag and cur[i - lag] beyond, so only the first lag elements touch the
 * ring.  Writes dv (the row's body over cur and the value lag back:
 * FkKernelApply), the validity into dw (FkFuseLagNearValid), gathers the
 * lagged values into lagged when it is not NULL, then keeps the last lag
 * values of the block in the ring.  Returns true when every element of the
 * block is present.
 */
static bool
FkFuseLagNear(FkFuseRun *run, const FkFuseInstr *ins, size_t len,
			  const double *cur, const uint64_t *xw, double *dv,
			  uint64_t *dw, double *lagged, double a, double b)
{
	const FkKernelTable *kt = run->kt;
	size_t		lag = run->lags[ins->lag];
	double	   *rv = run->ringvals[ins->ring];
	size_t		head = lag < len ? lag : len;
	bool		dense = FkFuseLagNearValid(run, ins, len, xw, dw);

	/* the first lag elements from the ring, the others from the block */
	FkKernelApply(kt, (FkKernelOp) ins->op, dv, cur, rv, a, b, head);
	FkKernelApply(kt, (FkKernelOp) ins->op, dv + head, cur + head, cur, a, b,
				  len - head);
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
	return dense;
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
	ck.ct = run->ct;
	return run->check(run->check_arg, &ck);
}

/* Where instruction ins writes its values over the block at start */
static double *
FkFuseDst(const FkFuseRun *run, const FkFuseInstr *ins, size_t start)
{
	if (ins->dst == FK_FUSE_OUT)
		return run->out + (run->out_block ? 0 : start);
	return run->regs + (size_t) ins->dst * run->blk;
}

/* The register of ins's result in regdense (the output's is nregs + 2) */
static inline int
FkFuseDstReg(const FkFuseProgram *prog, const FkFuseInstr *ins)
{
	return ins->dst == FK_FUSE_OUT ? prog->nregs + 2 : ins->dst;
}

/* What FkFuseLnLag did */
typedef enum FkFusePipeResult
{
	FK_PIPE_NO,					/* nothing: run the two one by one */
	FK_PIPE_DONE,				/* both instructions ran over the block */
	FK_PIPE_STOP				/* the check callback stopped the evaluation */
} FkFusePipeResult;

/*
 * The lagged log ins (marked lnlag) over one block through the kernel
 * table's ln_lag_run, alone or, with next, pipelined with the running
 * instruction over its result (the pair marked pipe), NULLs or not (lag <
 * FK_FUSE_BLOCK): ln_lag_run runs over every value, NULL slots included as
 * the one-by-one path's ln does, and the validity is that of
 * FkFuseLagNear; the check callback sees the operand's validity, so that
 * faults count only where it is present.  The pair needs the running value
 * started, and a dense block (the operand has no NULL, the lag values
 * before the block are all present) unless the running operation is cumsum
 * or cumprod, which step over the NULLs as FkRunningStep's masked loop
 * does.  The results are written with the bits FkFuseLagNear and
 * FkRunningStep give them, the ring and the running state carried alike,
 * and the check callback sees the lagged log as it would have.  Nothing is
 * kept until the kernel has run the whole block: at a fault of the running
 * value (an overflow, or an underflow of cumprod) it returns FK_PIPE_NO
 * with the ring and the state untouched, and the block runs one
 * instruction at a time, which finds the fault where it does today (or a
 * failed check before it).
 */
static FkFusePipeResult
FkFuseLnLag(FkFuseRun *run, const FkFuseInstr *ins, const FkFuseInstr *next,
			size_t start, size_t len, const double *xv, const uint64_t *xw)
{
	FkRunningState *st = next ? &run->states[next->state] : NULL;
	size_t		lag = run->lags[ins->lag];
	size_t		base = (lag + FK_MAX_W - 1) / FK_MAX_W * FK_MAX_W;
	double		buf[2 * FK_FUSE_BLOCK + 2 * FK_MAX_W] __attribute__((aligned(64)));
	double	   *rv = run->ringvals[ins->ring];
	uint64_t   *rw = run->ringvalid[ins->ring];
	uint64_t	rwsaved[FK_FUSE_BLOCK_WORDS];
	size_t		lw = FkBitmapWords(lag);	/* ring words to restore */
	bool		scale = FkShapes[FkOps[ins->op].shape].nscalars == 2;
	int			d = FkFuseDstReg(run->prog, ins);
	uint64_t   *dw = run->regvalid + (size_t) d * (run->blk / 64);
	bool		dense;
	FkLnLagRun	r;

	/* (a test's kernel table may have no ln_lag_run) */
	if (lag >= FK_FUSE_BLOCK || run->ringcap[ins->ring] == 0 ||
		run->kt->ln_lag_run == NULL)
		return FK_PIPE_NO;
	if (st != NULL &&
		(!st->have || st->fault != FK_FAULT_NONE ||
		 (st->op != FK_RUN_EMA && !FkRunningClean(st->op, st->s))))
		return FK_PIPE_NO;

	/*
	 * Dense: no NULL and a full ring, which stays full.  Else the validity
	 * now (the pair steps over it), the ring's kept to restore at a fault.
	 */
	dense = xw == NULL;
	for (size_t w = 0; dense && w < lw; w++)
		dense = (rw[w] & FkWordMask(w, lag)) == FkWordMask(w, lag);
	if (dense)
		lw = 0;
	else
	{
		memcpy(rwsaved, rw, lw * sizeof(uint64_t));
		dense = FkFuseLagNearValid(run, ins, len, xw, dw);
		if (!dense && st != NULL &&
			st->op != FK_RUN_CUMSUM && st->op != FK_RUN_CUMPROD)
		{
			memcpy(rw, rwsaved, lw * sizeof(uint64_t));
			return FK_PIPE_NO;
		}
	}

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
	r.op = next ? FkOps[next->op].run : FK_RUN_CUMSUM;
	r.s = st ? st->s : 0.0;
	r.alpha = st ? st->alpha : 0.0;
	r.oma = st ? st->oma : 0.0;
	r.out = next ? FkFuseDst(run, next, start) : NULL;
	r.valid = dense ? NULL : dw;
	if (!run->kt->ln_lag_run(&r))
	{
		memcpy(rw, rwsaved, lw * sizeof(uint64_t));
		return FK_PIPE_NO;
	}

	/* keep what one by one keeps: the last lag logs, the state */
	memcpy(rv, r.logs + len - lag, lag * sizeof(double));
	run->regdense[d] = dense;
	if (next)
	{
		int			nd = FkFuseDstReg(run->prog, next);

		st->s = r.s;
		st->pos += len;
		/* the running output is present where its operand is */
		run->regdense[nd] = dense;
		if (!dense)
			memcpy(run->regvalid + (size_t) nd * (run->blk / 64), dw,
				   FkBitmapWords(len) * sizeof(uint64_t));
	}
	if (run->check &&
		FkFuseCallCheck(run, ins, start, len, xv, NULL, r.dst, xw,
						dense ? NULL : dw, r.a, r.b))
		return FK_PIPE_STOP;
	return FK_PIPE_DONE;
}

/* One instruction over one block: where it reads and writes */
typedef struct FkFuseStep
{
	FkFuseRun  *run;
	const FkFuseInstr *ins;
	size_t		start;			/* first element of the block */
	size_t		len;			/* elements in the block */
	size_t		nw;				/* their validity words */
	int			d;				/* register of the result (the output's
								 * is nregs + 2) */
	double	   *dv;				/* the result's values */
	uint64_t   *dw;				/* ... and validity words */
	const double *xv;			/* operands, and their validity words */
	const double *yv;			/* (NULL: all present) */
	const uint64_t *xw;
	const uint64_t *yw;
	double		a;				/* the scalars (0 when unused) */
	double		b;
	double	   *tcur;			/* two scratch registers: ln of the */
	double	   *tlag;			/* operand, the values lag back */
} FkFuseStep;

/*
 * The end of an elementwise or lagged instruction: on_error 'null' clears
 * the elements the unfused function makes NULL (yclear: the second operand
 * of its check), then the check callback sees it (ycheck: see FkFuseCheck).
 * Returns true when the callback stops the evaluation.
 */
static FK_ALWAYS_INLINE bool
FkFuseStepFinish(FkFuseStep *s, const double *yclear, const double *ycheck)
{
	FkFuseRun  *run = s->run;

	if (s->ins->to_null)
	{
		if (run->regdense[s->d])
		{
			for (size_t w = 0; w < s->nw; w++)
				s->dw[w] = FkWordMask(w, s->len);
			run->regdense[s->d] = false;
		}
		FkFuseClearFaults(run, s->ins, s->len, s->xv, yclear, s->dv, s->a,
						  s->b, s->tcur, s->tlag, s->dw);
	}
	return run->check &&
		FkFuseCallCheck(run, s->ins, s->start, s->len, s->xv, ycheck, s->dv,
						s->xw, run->regdense[s->d] ? NULL : s->dw, s->a,
						s->b);
}

/* An elementwise instruction: validity ANDed word-wise, then its kernel */
static bool
FkFuseStepElementwise(FkFuseStep *s)
{
	FkFuseRun  *run = s->run;

	if (s->xw == NULL && s->yw == NULL)
		run->regdense[s->d] = true;
	else
	{
		for (size_t w = 0; w < s->nw; w++)
			s->dw[w] = (s->xw ? s->xw[w] : FK_ALL_VALID) &
				(s->yw ? s->yw[w] : FK_ALL_VALID);
		run->regdense[s->d] = false;
	}
	FkKernelApply(run->kt, (FkKernelOp) s->ins->op, s->dv, s->xv, s->yv,
				  s->a, s->b, s->len);
	return FkFuseStepFinish(s, s->yv, s->yv);
}

/*
 * A lagged instruction: the operand, or ln of it, with its value lag back,
 * through the instruction's ring, combined by the row's body
 */
static bool
FkFuseStepLagged(FkFuseStep *s)
{
	FkFuseRun  *run = s->run;
	const FkFuseInstr *ins = s->ins;
	const FkKernelTable *kt = run->kt;
	bool		ln_first = FkOpLnFirst(ins->op);
	const double *cur = s->xv;
	const uint64_t *curw = s->xw;
	uint64_t	lnvalid[FK_FUSE_BLOCK_WORDS];
	bool		lagready = true;	/* tlag holds the lagged values */

	if (ins->lnlag)
	{
		FkFusePipeResult pr = FkFuseLnLag(run, ins, NULL, s->start, s->len,
										  s->xv, s->xw);

		if (pr != FK_PIPE_NO)
			return pr == FK_PIPE_STOP;
	}
	if (ln_first)
	{
		kt->ln(s->tcur, s->xv, s->len);
		cur = s->tcur;
		if (ins->to_null)
		{
			/* inputs ln rejects are absent, here and lag on */
			for (size_t w = 0; w < s->nw; w++)
				lnvalid[w] = s->xw ? s->xw[w] : FkWordMask(w, s->len);
			FkFuseClear(run, FK_CHECK_LN, s->xv, NULL, NULL, 0, 0, lnvalid,
						s->len);
			curw = lnvalid;
		}
	}
	if (run->ringcap[ins->ring] != 0 && run->lags[ins->lag] < FK_FUSE_BLOCK)
	{
		/* the lagged values are gathered only when read below */
		bool		gather = ins->to_null || (run->check && !ln_first);

		lagready = gather;
		run->regdense[s->d] = FkFuseLagNear(run, ins, s->len, cur, curw,
											s->dv, s->dw,
											gather ? s->tlag : NULL,
											s->a, s->b);
	}
	else
	{
		if (run->ringcap[ins->ring] == 0)
		{
			/* lag >= n: no element has a predecessor that far back */
			memset(s->tlag, 0, s->len * sizeof(double));
			memset(s->dw, 0, s->nw * sizeof(uint64_t));
			run->regdense[s->d] = false;
		}
		else
			run->regdense[s->d] = FkFuseLagFar(run, ins, s->start, s->len,
											   cur, curw, s->tlag, s->dw);
		FkKernelApply(kt, (FkKernelOp) ins->op, s->dv, cur, s->tlag, s->a,
					  s->b, s->len);
	}
	return FkFuseStepFinish(s, s->tlag, lagready ? s->tlag : NULL);
}

/* A running instruction: its state carries over the blocks */
static bool
FkFuseStepRunning(FkFuseStep *s)
{
	FkRunningState *st = &s->run->states[s->ins->state];

	/* over a block without NULLs every output is present */
	if (s->xw == NULL)
	{
		s->run->regdense[s->d] = true;
		return !FkRunningStep(st, s->xv, NULL, 0, s->len, s->dv, NULL);
	}
	memset(s->dw, 0, s->nw * sizeof(uint64_t));
	s->run->regdense[s->d] = false;
	return !FkRunningStep(st, s->xv, s->xw, 0, s->len, s->dv, s->dw);
}

/*
 * The states of a moments pair, first and later (fuse_program.h), the sum
 * or mean in *sum and the stddev or var in *dev; returns whether they may
 * step together (FkRollPairOk): the same window, and, at the later one,
 * whether they did (the first one alone would stand a block ahead)
 */
static bool
FkFuseMoments(FkFuseRun *run, const FkFuseInstr *first,
			  const FkFuseInstr *later, FkRollState **sum, FkRollState **dev)
{
	FkRollState *a = &run->rolls[first->state];
	FkRollState *b = &run->rolls[later->state];
	bool		sum_first = FkOps[first->op].run == FK_ROLL_SUM ||
		FkOps[first->op].run == FK_ROLL_MEAN;

	*sum = sum_first ? a : b;
	*dev = sum_first ? b : a;
	return run->n > 0 && FkRollPairOk(*sum, *dev);
}

/* A rolling instruction: its window carries over the blocks */
static bool
FkFuseStepRolling(FkFuseStep *s)
{
	FkFuseRun  *run = s->run;
	const FkFuseInstr *ins = s->ins;
	FkRollState *st = &run->rolls[ins->state];
	FkRollState *sum,
			   *dev;

	memset(s->dw, 0, s->nw * sizeof(uint64_t));
	run->regdense[s->d] = false;
	if (ins->mate >= 0 && ins->stash < 0 &&
		FkFuseMoments(run, &run->prog->instr[ins->mate], ins, &sum, &dev))
	{
		/* the later of a pair that ran: its result is in the stash */
		int			r = run->prog->instr[ins->mate].stash;

		memcpy(s->dv, run->regs + (size_t) r * run->blk,
			   s->len * sizeof(double));
		memcpy(s->dw, run->regvalid + (size_t) r * (run->blk / 64),
			   s->nw * sizeof(uint64_t));
		return st->fault != SIZE_MAX;
	}
	if (ins->stash >= 0 &&
		FkFuseMoments(run, ins, &run->prog->instr[ins->mate], &sum, &dev))
	{
		double	   *mv = run->regs + (size_t) ins->stash * run->blk;
		uint64_t   *mw = run->regvalid + (size_t) ins->stash * (run->blk / 64);

		memset(mw, 0, s->nw * sizeof(uint64_t));
		if (st == sum)
			FkRollStepPair(sum, dev, s->xv, s->xw, s->dv, s->dw, mv, mw, 0,
						   s->len);
		else
			FkRollStepPair(sum, dev, s->xv, s->xw, mv, mw, s->dv, s->dw, 0,
						   s->len);
		return st->fault != SIZE_MAX;
	}
	FkRollStep(st, s->xv, s->xw, s->dv, s->dw, 0, s->len);
	return st->fault != SIZE_MAX;
}

/* shift(x, k >= 0): x k elements back, from its ring */
static bool
FkFuseStepShift(FkFuseStep *s)
{
	size_t		k = s->run->lags[s->ins->lag];

	s->run->regdense[s->d] = false;
	if (k == 0)
	{
		memcpy(s->dv, s->xv, s->len * sizeof(double));
		for (size_t w = 0; w < s->nw; w++)
			s->dw[w] = s->xw ? s->xw[w] : FkWordMask(w, s->len);
	}
	else if (k >= s->run->n)
	{
		memset(s->dv, 0, s->len * sizeof(double));
		memset(s->dw, 0, s->nw * sizeof(uint64_t));
	}
	else
	{
		memset(s->dw, 0, s->nw * sizeof(uint64_t));
		FkShiftStep(&s->run->shifts[s->ins->state], s->xv, s->xw, 0, s->len,
					s->dv, s->dw);
	}
	return false;
}

/*
 * A rolling window of a duration: its state carries over the blocks, and
 * it reads its operand, an input held whole, at element indices
 */
static bool
FkFuseStepTime(FkFuseStep *s)
{
	FkFuseRun  *run = s->run;
	const FkFuseInput *in = &run->inputs[s->ins->x.index];
	FkTimeRollState *st = &run->trolls[s->ins->state];

	run->regdense[s->d] = false;
	FkTimeRollStep(st, run->times[s->ins->tin], in->values, in->valid, run->n,
				   s->start + s->len, s->dv, s->dw);
	return st->fault != SIZE_MAX;
}

/* Instruction ins over one block, by its kind; true when it stops the run */
static bool
FkFuseStepRun(FkFuseStep *s)
{
	switch (FkOps[s->ins->op].kind)
	{
		case FK_KIND_ELEMENTWISE:
			return FkFuseStepElementwise(s);
		case FK_KIND_LAGGED:
			return FkFuseStepLagged(s);
		case FK_KIND_RUNNING:
			return FkFuseStepRunning(s);
		case FK_KIND_ROLLING:
			return FkFuseStepRolling(s);
		case FK_KIND_SHIFT:
			return FkFuseStepShift(s);
		case FK_KIND_TIME:
			return FkFuseStepTime(s);
		case FK_KIND_REDUCE:
			break;
	}
	return false;
}

/*
 * The output's validity over the block just run into outvalid, and whether
 * the block is dense: no NULL in it (a lagged block past its first lag too)
 */
static void
FkFuseFinishBlock(FkFuseRun *run, size_t start, size_t len)
{
	int			outreg = run->prog->nregs + 2;
	size_t		outat = run->out_block ? 0 : start;
	const uint64_t *ow;

	if (run->outvalid == NULL)
	{
		run->out_dense = run->regdense[outreg];
		return;
	}
	run->out_dense = true;
	ow = run->regdense[outreg] ? NULL :
		run->regvalid + (size_t) outreg * (run->blk / 64);
	for (size_t w = 0; w < FkBitmapWords(len); w++)
	{
		uint64_t	mask = FkWordMask(w, len);
		uint64_t	bits = (ow ? ow[w] : FK_ALL_VALID) & mask;

		run->outvalid[outat / 64 + w] = bits;
		run->out_dense &= bits == mask;
	}
}

/*
 * Run every instruction of the program over the step of run->blk elements
 * (one block, or several: FkFuseStepLen) that starts at start, a multiple
 * of it, writing out and outvalid there.  Returns true when the check
 * callback stopped the evaluation.
 */
bool
FkFuseRunBlock(FkFuseRun *run, size_t start)
{
	const FkFuseProgram *prog = run->prog;
	FkFuseStep	s;

	s.run = run;
	s.start = start;
	s.len = run->n - start < run->blk ? run->n - start : run->blk;
	s.nw = FkBitmapWords(s.len);
	s.tcur = run->regs + (size_t) prog->nregs * run->blk;
	s.tlag = s.tcur + run->blk;
	for (int i = 0; i < prog->ninstr; i++)
	{
		const FkFuseInstr *ins = &prog->instr[i];

		s.ins = ins;
		s.d = FkFuseDstReg(prog, ins);
		s.dv = FkFuseDst(run, ins, start);
		s.dw = run->regvalid + (size_t) s.d * (run->blk / 64);
		s.xv = FkFuseValues(run, ins->x, start);
		s.yv = FkFuseValues(run, ins->y, start);
		s.xw = FkFuseValid(run, ins->x, start);
		s.yw = FkFuseValid(run, ins->y, start);
		s.a = ins->a >= 0 ? run->slots[ins->a] : 0.0;
		s.b = ins->b >= 0 ? run->slots[ins->b] : 0.0;
		if (ins->pipe)
		{
			FkFusePipeResult pr = FkFuseLnLag(run, ins, ins + 1, start, s.len,
											  s.xv, s.xw);

			if (pr == FK_PIPE_STOP)
				return true;
			if (pr == FK_PIPE_DONE)
			{
				i++;			/* the running instruction ran too */
				continue;
			}
		}
		if (FkFuseStepRun(&s))
			return true;
	}
	FkFuseFinishBlock(run, start, s.len);
	return false;
}
