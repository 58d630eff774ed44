/*
 * fuzz_fuse.c
 *		libFuzzer harness of fused programs: the program text parser, the
 *		lowering to the evaluator's expression, the compiler, and the
 *		blocked evaluator with the fault checks, run on small vectors.
 *
 * An input is a header and a program text:
 *	 byte 0			 number of arguments after the program, 1 + b % 12
 *	 one byte each	 their kinds: 'v', 's' or 'l' (b % 3), '?' for 255
 *	 2 bytes		 vector length, 0 .. 2199 (crosses block boundaries)
 *	 1 byte			 seed of the values, their NULLs, scalars and lags
 *	 the rest		 the program text, cut at its first zero byte
 *
 * A text the parser accepts must deparse to a text it accepts again with
 * the same deparsed form, and compile (with the first phase of the
 * reductions it uses as scalars); its program runs on every kernel table
 * this CPU has, with any value as such a reduction's result, and every
 * table gives the same bits when none stopped.
 * pg_fuse_lower.c and pg_fuse_exec.c are compiled in to reach their
 * (static) lowering and fault check; its SQL entry points are not called (fuse_stubs.c).
 */
#include "../../src/fuse/pg_fuse_lower.c"
#include "../../src/fuse/pg_fuse_exec.c"

#include <stdio.h>
#include <stdlib.h>

#include "core/kernels.h"
#include "pg_shim.h"

#define FK_FUZZ_MAXARGS 12
#define FK_FUZZ_MAXN 2200

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Values that reach the edges of the kernels and their checks */
static const double fk_fuzz_values[] = {
	0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 3.0, -2.5, 1e-310, -4.9e-324,
	2.2250738585072014e-308, 1.7976931348623157e308, -1e308, 709.78, 710.0,
	-745.2, 1e-5, 3.141592653589793, 1e300, 1e-300, INFINITY, -INFINITY, NAN,
	-NAN, 100.0, 1e15
};

static const int32 fk_fuzz_lags[] = {
	0, 1, 2, 3, 63, 64, 65, 1023, 1024, 1025, 2047, PG_INT32_MAX
};

/* A xorshift step: the harness's only source of variety besides the input */
static uint32
FkFuzzNext(uint32 *state)
{
	uint32		x = *state;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*state = x;
	return x;
}

/* A value: one of the edges, or a random double of moderate range */
static double
FkFuzzValue(uint32 *state)
{
	uint32		r = FkFuzzNext(state);

	if (r % 4 != 0)
		return fk_fuzz_values[(r >> 8) % lengthof(fk_fuzz_values)];
	return ((double) (int32) FkFuzzNext(state)) / (double) ((r >> 8) % 1000 + 1);
}

/* Abort on a broken promise: libFuzzer records it as a crash */
static void
FkFuzzFail(const char *what, const char *text)
{
	fprintf(stderr, "%s: \"%s\"\n", what, text);
	abort();
}

/* Run the program on the kernels of isa; true when the checks stopped it */
static bool
FkFuzzRunIsa(FkFuseExec *ex, FkIsa isa, const FkFuseInput *inputs,
			 const double *slots, const size_t *lags, size_t n,
			 double *out, uint64 *outvalid)
{
	FkFuseRun	run;
	void	   *workspace;
	bool		stopped = false;

	memset(&run, 0, sizeof(run));
	run.prog = &ex->prog;
	run.kt = FkKernelsFor(isa);
	run.n = n;
	run.inputs = inputs;
	run.slots = slots;
	run.lags = lags;
	run.out = out;
	run.outvalid = outvalid;
	run.ct = FkChecksFor(isa);
	run.check = FkFuseCheckBlock;
	workspace = palloc(FkFuseWorkspaceSize(&ex->prog, lags, n));
	FkFuseBegin(&run, workspace);
	for (size_t start = 0; start < n && !stopped; start += FK_FUSE_BLOCK)
		stopped = FkFuseRunBlock(&run, start);
	pfree(workspace);
	return stopped;
}

/*
 * Inputs, slots and lags of ex from the seed; false when the server would
 * evaluate the call unfused (a negative lag, a window below 1, scalars the
 * operation refuses)
 */
static bool
FkFuzzArguments(FkFuseExec *ex, const char *kinds, uint32 seed, size_t n,
				FkFuseInput *inputs, double *slots, size_t *lags)
{
	double		argval[FK_FUZZ_MAXARGS];
	int32		arglag[FK_FUZZ_MAXARGS];
	uint32		state = seed * 2654435761u + 1;

	for (int i = 0; i < ex->nargs; i++)
	{
		argval[i] = FkFuzzValue(&state);
		arglag[i] = fk_fuzz_lags[FkFuzzNext(&state) % lengthof(fk_fuzz_lags)];
	}
	for (int k = 0; k < ex->prog.ninputs; k++)
	{
		double	   *values = palloc(sizeof(double) * Max(n, 1));
		uint64	   *valid = NULL;

		/* the first phase's values kept for the program: any */
		if (k < FkFuseViews(ex) && kinds[ex->vecarg[k]] != 'v')
			FkFuzzFail("an input vector from an argument that is no vector", "");
		if (FkFuzzNext(&state) % 2)
		{
			valid = palloc0(sizeof(uint64) * Max(FkBitmapWords(n), 1));
			for (size_t i = 0; i < n; i++)
				if (FkFuzzNext(&state) % 8 != 0)
					FkBitmapSet(valid, i);
		}
		for (size_t i = 0; i < n; i++)
			values[i] = (valid && !FkBitmapGet(valid, i)) ? 0.0 : FkFuzzValue(&state);
		inputs[k].values = values;
		inputs[k].valid = valid;
	}
	/*
	 * a reduction's slot, or arithmetic on reductions: any value its first
	 * phase could give
	 */
	for (int s = 0; s < ex->prog.nslots; s++)
		slots[s] = ex->slots[s].red >= 0 || ex->slots[s].sexpr != NULL ?
			FkFuzzValue(&state) :
			ex->slots[s].arg < 0 ? ex->slots[s].dval : argval[ex->slots[s].arg];
	for (int l = 0; l < ex->prog.nlags; l++)
	{
		int32		lag = ex->lags[l].arg < 0 ? ex->lags[l].ival : arglag[ex->lags[l].arg];

		if (lag < 0)
			return false;		/* the server evaluates such calls unfused */
		lags[l] = (size_t) lag;
	}
	/* as pg_fuse_exec.c: scalars or windows the call refuses run unfused */
	return FkFuseScalarsOk(&ex->prog, slots) && FkFuseWindowsOk(&ex->prog, lags);
}

/* Run on every kernel table; the same bits wherever none stopped */
static void
FkFuzzRun(FkFuseExec *ex, const char *kinds, uint32 seed, size_t n)
{
	FkFuseInput inputs[FK_FUSE_MAX_SLOTS];
	double		slots[FK_FUSE_MAX_SLOTS];
	size_t		lags[FK_FUSE_MAX_SLOTS];
	double	   *ref = NULL;
	uint64	   *refvalid = NULL;
	size_t		nwords = FkBitmapWords(n);

	if (!FkFuzzArguments(ex, kinds, seed, n, inputs, slots, lags))
		return;
	for (int isa = 0; isa < FK_ISA_COUNT; isa++)
	{
		bool		nulls = FkFuseMayHaveNulls(&ex->prog, inputs);
		double	   *out = palloc(sizeof(double) * Max(n, 1));
		uint64	   *outvalid = nulls ? palloc(sizeof(uint64) * Max(nwords, 1)) : NULL;

		if (!FkIsaSupported((FkIsa) isa))
			continue;
		if (FkFuzzRunIsa(ex, (FkIsa) isa, inputs, slots, lags, n, out, outvalid))
			continue;
		if (ref == NULL)
		{
			ref = out;
			refvalid = outvalid;
			continue;
		}
		if (nulls && memcmp(refvalid, outvalid, nwords * sizeof(uint64)) != 0)
			FkFuzzFail("kernel tables give different NULLs", ex->text);
		for (size_t i = 0; i < n; i++)
			if ((!nulls || FkBitmapGet(outvalid, i)) &&
				memcmp(&ref[i], &out[i], sizeof(double)) != 0 &&
				!(isnan(ref[i]) && isnan(out[i])))
				FkFuzzFail("kernel tables give different bits", ex->text);
	}
}

/* One input */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int			nargs;
	size_t		pos;
	char		kinds[FK_FUZZ_MAXARGS + 1];
	size_t		n;
	uint32		seed;

	if (size < 1)
		return 0;
	nargs = 1 + data[0] % FK_FUZZ_MAXARGS;
	if (size < (size_t) nargs + 4)
		return 0;
	for (int i = 0; i < nargs; i++)
		kinds[i] = data[1 + i] == 255 ? '?' : "vsl"[data[1 + i] % 3];
	kinds[nargs] = '\0';
	pos = 1 + nargs;
	n = (data[pos] | (data[pos + 1] << 8)) % FK_FUZZ_MAXN;
	seed = data[pos + 2];
	pos += 3;

	FkShimStackBase();
	PG_TRY();
	{
		char	   *text = palloc(size - pos + 1);
		char	   *error = NULL;
		char	   *again;
		char	   *error2 = NULL;
		FkFuseExec *ex = palloc0(sizeof(FkFuseExec));
		FkFuseNode *root2;
		FkFuseExpr *top;

		memcpy(text, data + pos, size - pos);
		text[size - pos] = '\0';
		ex->text = text;
		ex->nargs = nargs;
		ex->vtype = FK_VT_NVEC;
		ex->root = FkFuseParse(text, kinds, nargs, &error);
		if (ex->root == NULL)
		{
			if (error == NULL)
				FkFuzzFail("parse failed without an error", text);
		}
		else
		{
			if (FkFuseCountOps(ex->root) > FK_FUSE_MAX_INSTR)
				FkFuzzFail("more operations than a program may have", text);
			again = FkFuseDeparse(ex->root);
			root2 = FkFuseParse(again, kinds, nargs, &error2);
			if (root2 == NULL)
				FkFuzzFail("the deparsed text does not parse", again);
			if (strcmp(FkFuseDeparse(root2), again) != 0)
				FkFuzzFail("deparsing is not stable", again);

			top = FkFuseLower(ex, ex->root);
			/* reductions used as scalars: their first phase compiles */
			if (ex->npre > 0)
				FkFuseBuildPre(ex, text, &top, 1);
			if (FkFuseCompile(top, &ex->prog, ex->prog.ninputs,
							  ex->prog.nslots, ex->prog.nlags))
				FkFuzzRun(ex, kinds, seed, n);
		}
	}
	PG_CATCH();
	{
		static const int codes[] = {ERRCODE_STATEMENT_TOO_COMPLEX};

		FkShimExpectError("fused program", codes, lengthof(codes));
	}
	PG_END_TRY();
	FkShimReset();
	return 0;
}
