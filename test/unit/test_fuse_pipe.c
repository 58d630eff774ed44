/*
 * test_fuse_pipe.c
 *		Unit tests of the pipelined pair of the fused evaluator: a lagged log
 *		(dlog, dlog_scale_add) and the running instruction over its result
 *		(cumsum, cumprod, cummax, cummin, ema), run by the kernel table's
 *		ln_lag_run over dense blocks, and of a lagged log run by it alone,
 *		against the same program with neither marked (each instruction on
 *		its own, as before the pair existed),
 *		on every kernel table this CPU runs: the same bits and validity, the
 *		same block stopped at, the same running state and fault, and the
 *		check callback shown the same blocks.  Lengths around the pipeline's
 *		steps and the blocks, lags 1, 5, 17, 1023 and past a block, inputs
 *		with NaN, infinities, zeros of both signs and subnormals, an input
 *		<= 0 in a later block, running values that overflow or underflow
 *		there, and NULLs: random ones, runs of 1 to 70 across the validity
 *		words' and the blocks' edges, with NaN, infinities, zeros and
 *		negative values under them (which must not stop the evaluation) or
 *		present in a later block (which must), and present NaN and
 *		Infinity with and without NULLs (running values that turn NaN by
 *		arithmetic inside a step, whose NaN must come out canonical).  With
 *		NULLs the lagged log alone runs through ln_lag_run, and so does the
 *		pair with cumsum or cumprod (the others are left to the one-by-one
 *		path).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/bitmap.h"
#include "../../src/core/fuse_program.h"
#include "../../src/core/kern_isa.h"
#include "kern_testutil.h"
#include "tap.h"

#define N 3000
#define NW (N / 64 + 1)

static double x[N];
static uint64_t xvalid[NW];

/* The kernel table under test, its ln_lag_run counted */
static FkKernelTable table;
static FkLnLagRunFn real_run;
static int	pair_calls;
static int	pair_done;
static int	alone_calls;

/* ln_lag_run of the table under test, counting the blocks it ran */
static int
CountingRun(FkLnLagRun *r)
{
	int			done = real_run(r);

	if (r->out == NULL)
		alone_calls++;
	pair_calls++;
	pair_done += done;
	return done;
}

/* What one evaluation gave */
typedef struct Outcome
{
	double		out[N];
	uint64_t	valid[NW];
	size_t		stop;			/* start of the block stopped at, or N */
	uint64_t	seen;			/* hash of what the check callback saw */
	FkRunningState st;
} Outcome;

/* FNV-1a of n bytes into h */
static uint64_t
Hash(uint64_t h, const void *p, size_t n)
{
	const unsigned char *c = p;

	for (size_t i = 0; i < n; i++)
		h = (h ^ c[i]) * UINT64_C(1099511628211);
	return h;
}

/*
 * The check callback: what the server's does for a lagged log (stop at a
 * present operand <= 0, as core's ln), and a hash of all it was shown
 */
static bool
PipeCheck(void *arg, const FkFuseCheck *ck)
{
	uint64_t   *h = arg;
	size_t		nw = FkBitmapWords(ck->n);

	*h = Hash(*h, &ck->ins->op, sizeof(ck->ins->op));
	*h = Hash(*h, &ck->start, sizeof(ck->start));
	*h = Hash(*h, &ck->n, sizeof(ck->n));
	*h = Hash(*h, ck->x, ck->n * sizeof(double));
	*h = Hash(*h, ck->out, ck->n * sizeof(double));
	if (ck->y)
		*h = Hash(*h, ck->y, ck->n * sizeof(double));
	if (ck->xvalid)
		*h = Hash(*h, ck->xvalid, nw * sizeof(uint64_t));
	if (ck->valid)
		*h = Hash(*h, ck->valid, nw * sizeof(uint64_t));
	else
		*h = Hash(*h, "dense", 5);
	if (!FkOpLnFirst(ck->ins->op))
		return false;
	for (size_t i = 0; i < ck->n; i++)
		if ((ck->xvalid == NULL || FkBitmapGet(ck->xvalid, i)) &&
			ck->x[i] <= 0)
			return true;
	return false;
}

/*
 * Evaluate root over x[0 .. n) block by block, with the pair marked or
 * not, into o; out_block: the output holds one block at a time (as a
 * reduction reads it)
 */
static void
Evaluate(const FkFuseExpr *root, bool pipe, size_t n, size_t lag,
		 const double *slots, bool nulls, bool out_block, Outcome *o)
{
	static double blockout[FK_FUSE_BLOCK];
	static uint64_t blockvalid[FK_FUSE_BLOCK_WORDS];
	FkFuseProgram prog;
	FkFuseRun	run;
	FkFuseInput input = {x, nulls ? xvalid : NULL};
	void	   *ws;

	if (!FkFuseCompile(root, &prog, 1, 3, 1))
		abort();
	if (!pipe)
		for (int i = 0; i < prog.ninstr; i++)
			prog.instr[i].pipe = prog.instr[i].lnlag = false;
	memset(o, 0, sizeof(*o));
	memset(&run, 0, sizeof(run));
	run.prog = &prog;
	run.kt = &table;
	run.ct = FkChecksFor(FkDetectIsa());
	run.n = n;
	run.inputs = &input;
	run.slots = slots;
	run.lags = &lag;
	run.out = out_block ? blockout : o->out;
	run.outvalid = out_block ? blockvalid : o->valid;
	run.out_block = out_block;
	run.check = PipeCheck;
	run.check_arg = &o->seen;
	ws = malloc(FkFuseWorkspaceSize(&prog, &lag, n));
	FkFuseBegin(&run, ws);
	o->stop = N;
	for (size_t start = 0; start < n; start += FK_FUSE_BLOCK)
	{
		size_t		len = n - start < FK_FUSE_BLOCK ? n - start : FK_FUSE_BLOCK;

		if (FkFuseRunBlock(&run, start))
		{
			o->stop = start;
			break;
		}
		if (out_block)
		{
			memcpy(o->out + start, blockout, len * sizeof(double));
			memcpy(o->valid + start / 64, blockvalid,
				   FkBitmapWords(len) * sizeof(uint64_t));
		}
	}
	o->st = run.states[0];
	free(ws);
}

/* Do two outcomes agree: values where present, validity, stop, states? */
static bool
SameOutcome(const Outcome *p, const Outcome *q, size_t n)
{
	size_t		upto = p->stop < n ? p->stop : n;

	if (p->stop != q->stop || p->seen != q->seen)
		return false;
	for (size_t i = 0; i < upto; i++)
	{
		bool		pv = FkBitmapGet(p->valid, i);

		if (pv != FkBitmapGet(q->valid, i) ||
			(pv && bits_of(p->out[i]) != bits_of(q->out[i])))
			return false;
	}
	/* past a stop the caller evaluates unfused: only the fault matters */
	if (p->st.fault != q->st.fault ||
		(p->st.fault != FK_FAULT_NONE &&
		 p->st.fault_index != q->st.fault_index))
		return false;
	return p->stop < n || (p->st.pos == q->st.pos &&
						   p->st.have == q->st.have &&
						   bits_of(p->st.s) == bits_of(q->st.s));
}

/* The inputs of the tests */
typedef enum Data
{
	D_PRICES,					/* a random walk around 100 */
	D_SPECIALS,					/* NaN, +Infinity, subnormals, huge */
	D_ZERO,						/* a 0 in a later block */
	D_MINUS_ZERO,				/* a -0 there */
	D_MINUS_INF,				/* a -Infinity there */
	D_NEGATIVE,					/* a negative value there */
	D_GROWTH,					/* exp(0.001 i): constant log returns */
	D_FLAT,						/* constant, then a random walk */
	D_INF,						/* an Infinity alone: a computed NaN */
	D_NULLS,					/* the walk with NULLs */
	D_NULL_RUNS,				/* NULL runs, bad values under them */
	D_NULL_STOP,				/* ... and a present bad value later */
	D_NULL_NAN,					/* NULLs, present NaN and Infinity */
	D_COUNT
} Data;

static const char *const data_names[D_COUNT] = {
	"prices", "NaN, Infinity, subnormals", "0 in a later block",
	"-0 in a later block", "-Infinity in a later block",
	"a negative value in a later block", "growth", "flat, then a walk",
	"an Infinity, no NaN input",
	"NULLs", "NULL runs over bad values", "NULL runs, then a bad value",
	"NULLs, present NaN and Infinity"
};

/* Is d one of the data sets with NULLs? */
static bool
HasNulls(Data d)
{
	return d >= D_NULLS;
}

/* Fill x and xvalid with data set d */
static void
MakeData(Data d, uint64_t *rng)
{
	double		p = 100;

	memset(xvalid, 0, sizeof(xvalid));
	for (size_t i = 0; i < N; i++)
	{
		p *= exp(0.01 * (rand_unit(rng) - 0.5));
		x[i] = p;
		if (d == D_GROWTH)
			x[i] = 100 * exp(0.001 * (double) i);
		if (d == D_FLAT && i < 1500)
			x[i] = 100;
		if ((d != D_NULLS && d != D_NULL_NAN) || rand64(rng) % 5 != 0)
			FkBitmapSet(xvalid, i);
	}
	if (d == D_INF)
	{
		/*
		 * A log return of Infinity, then its opposite: ema's running value
		 * turns NaN by arithmetic (not the canonical NaN) inside a step
		 */
		x[1100] = INFINITY;
		x[2051] = INFINITY;
	}
	if (d == D_NULL_NAN)
	{
		/*
		 * Running values that turn NaN inside a step of the pipeline (an
		 * infinite log return, then its opposite), or from a NaN, in the
		 * middle of a word and just before a NULL
		 */
		static const size_t at[] = {5, 40, 63, 130, 1030, 2047, 2600};

		for (size_t k = 0; k < 7; k++)
		{
			FkBitmapSet(xvalid, at[k]);
			x[at[k]] = k % 2 ? NAN : INFINITY;
			FkBitmapClear(xvalid, at[k] + 2);
		}
	}
	if (d == D_SPECIALS)
	{
		static const double specials[] = {NAN, INFINITY, 0x1p-1074, 0x1p-1030,
		DBL_MAX, 1e-300};

		for (size_t k = 0; k < 6; k++)
		{
			x[1100 + 37 * k] = specials[k];
			x[2050 + 41 * k] = specials[k];
			x[10 + k] = specials[k];
		}
	}
	if (d == D_NULL_RUNS || d == D_NULL_STOP)
	{
		static const double bad[] = {NAN, INFINITY, -INFINITY, 0.0, -0.0,
		-3.5, 0x1p-1074};
		size_t		at = 0;

		/* runs of 1 to 70 NULLs, starting around word and block edges */
		for (size_t len = 1; at < N; len = len % 70 + 1)
		{
			size_t		from = at + (len * 7) % 64;

			if (len % 3 == 0)
				from = (from / 64 + 1) * 64 - len / 2;
			for (size_t i = from; i < from + len && i < N; i++)
			{
				FkBitmapClear(xvalid, i);
				x[i] = bad[i % 7];
			}
			at = from + len + 1 + (len * 13) % 90;
		}
		for (size_t i = 1020; i < 1030; i++)
		{
			FkBitmapClear(xvalid, i);
			x[i] = bad[i % 7];
		}
		if (d == D_NULL_STOP)
		{
			FkBitmapSet(xvalid, 2100);
			x[2100] = -1.0;
		}
	}
	if (d >= D_ZERO && d <= D_NEGATIVE)
	{
		double		bad = d == D_ZERO ? 0.0 : d == D_MINUS_ZERO ? -0.0 :
			d == D_MINUS_INF ? -INFINITY : -3.5;

		x[2500] = bad;
		x[1030] = bad;
		x[1024 + 15] = bad;
	}
}

int
main(void)
{
	static const size_t lengths[] = {1, 15, 16, 17, 1023, 1024, 1025, 1041,
	2048, 3000};
	static const size_t lags[] = {1, 5, 17, 1023, 1024, 1025};
	static const int running[] = {FK_SOP_CUMSUM, FK_SOP_CUMPROD,
	FK_SOP_CUMMAX, FK_SOP_CUMMIN, FK_SOP_EMA};
	const FkKernelTable *tables[FK_ISA_COUNT + 1];
	int			ntables = 0;
	uint64_t	rng = 20261123;
	static Outcome piped,
				plain;

	for (int isa = 0; isa < FK_ISA_COUNT; isa++)
		if (FkKernelsFor((FkIsa) isa))
			tables[ntables++] = FkKernelsFor((FkIsa) isa);
	tables[ntables++] = &FkKernelsScalarNoFma;

	for (int t = 0; t < ntables; t++)
	{
		for (int d = 0; d < D_COUNT; d++)
		{
			int			wrong = 0,
						runs = 0,
						stops = 0,
						faults = 0,
						checkstops = 0;

			table = *tables[t];
			real_run = table.ln_lag_run;
			table.ln_lag_run = CountingRun;
			pair_calls = pair_done = alone_calls = 0;
			MakeData((Data) d, &rng);
			for (int form = 0; form < 13; form++)
			{
				/*
				 * op(dlog(x)), op(dlog_scale_add(x)), cumsum(dlog(x)) - x;
				 * alone: dlog(x) - x, dlog_scale_add(x) - x
				 */
				FkFuseExpr	in = {FK_FEXPR_INPUT, 0, -1, -1, -1, false, NULL, NULL};
				FkFuseExpr	lg = {FK_KOP_DLOG, 0, -1, -1, 0, false, &in, NULL};
				FkFuseExpr	rn = {FK_SOP_CUMSUM, 0, -1, -1, -1, false, &lg, NULL};
				FkFuseExpr	sub = {FK_KOP_SUB, 0, -1, -1, -1, false, &rn, &in};
				FkFuseExpr	alone = {FK_KOP_SUB, 0, -1, -1, -1, false, &lg, &in};
				const FkFuseExpr *root = form == 10 ? &sub : form > 10 ? &alone : &rn;
				double		slots[3] = {1.0, 0.5, 0.3};

				if (form < 10)
					rn.op = running[form % 5];
				if ((form >= 5 && form < 10) || form == 12)
				{
					lg.op = FK_KOP_DLOG_SCALE_ADD;
					lg.a = 0;
					lg.b = 1;
					/* overflow a sum, underflow a product or ema's term */
					if (d == D_GROWTH)
						slots[0] = rn.op == FK_SOP_CUMSUM ? 1e308 :
							rn.op == FK_SOP_EMA ? 5e-321 : 1.0;
					if (d == D_FLAT && rn.op == FK_SOP_EMA)
						slots[0] = 1e-321;
				}
				if (rn.op == FK_SOP_EMA)
					rn.a = 2;
				for (size_t l = 0; l < sizeof(lags) / sizeof(lags[0]); l++)
					for (size_t k = 0; k < sizeof(lengths) / sizeof(lengths[0]); k++)
					{
						size_t		n = lengths[k];
						bool		out_block = (k + l) % 2 == 1;

						Evaluate(root, true, n, lags[l], slots,
								 HasNulls((Data) d), out_block, &piped);
						Evaluate(root, false, n, lags[l], slots,
								 HasNulls((Data) d), out_block, &plain);
						runs++;
						if (!SameOutcome(&piped, &plain, n))
						{
							wrong++;
							if (wrong <= 3)
								printf("# %s, %s: form %d lag %zu n %zu: "
									   "stop %zu / %zu fault %d / %d\n",
									   tables[t]->name, data_names[d], form,
									   lags[l], n, piped.stop, plain.stop,
									   (int) piped.st.fault,
									   (int) plain.st.fault);
						}
						stops += plain.stop < n;
						checkstops += plain.stop < n &&
							plain.st.fault == FK_FAULT_NONE;
						faults += plain.st.fault != FK_FAULT_NONE;
					}
			}
			ok(wrong == 0,
			   "%s, %s: the pair pipelined gives what one by one gives "
			   "(%d of %d evaluations differ; %d stopped, %d at a running "
			   "fault; %d of %d pipelined blocks kept)",
			   tables[t]->name, data_names[d], wrong, runs, stops, faults,
			   pair_done, pair_calls);
			if (HasNulls((Data) d))
			{
				ok(pair_calls > alone_calls && alone_calls > 0,
				   "%s, %s: blocks with NULLs are pipelined (%d), or run "
				   "alone (%d)", tables[t]->name, data_names[d],
				   pair_calls - alone_calls, alone_calls);
				if (d == D_NULL_STOP)
					ok(checkstops > 0, "%s, %s: the check stops where it did",
					   tables[t]->name, data_names[d]);
				else
					ok(checkstops == 0,
					   "%s, %s: bad values under NULLs stop nothing",
					   tables[t]->name, data_names[d]);
			}
			else if (d == D_PRICES || d == D_SPECIALS || d == D_INF)
				ok(pair_done > alone_calls && alone_calls > 0,
				   "%s, %s: dense blocks are pipelined, or run alone (%d)",
				   tables[t]->name, data_names[d], alone_calls);
			else if (d == D_GROWTH || d == D_FLAT)
				ok(faults > 0 && pair_done > 0 && pair_done < pair_calls,
				   "%s, %s: running faults in later blocks fall back",
				   tables[t]->name, data_names[d]);
			else
				ok(stops > 0 && pair_done > 0,
				   "%s, %s: the check stops where it did",
				   tables[t]->name, data_names[d]);
		}
	}
	return done_testing();
}
