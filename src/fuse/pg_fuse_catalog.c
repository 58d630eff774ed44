/*
 * pg_fuse_catalog.c
 *		Which functions are fusekern's elementwise operations and
 *		reductions, by OID.
 *
 * The members of the extension are read once per backend from pg_depend;
 * a C function is classified by its C symbol (prosrc), which the catalogue
 * of operations (core/ops_catalog.h) names, and checked against the shape
 * of that operation; a last argument of type text is the on_error of a
 * function's form.  Operators need no look of their own: their functions
 * are members too.  The planner then recognises a call by its function
 * OID alone.  Any change to
 * pg_proc (CREATE or DROP EXTENSION, ALTER EXTENSION ... SET SCHEMA)
 * invalidates the cache through a syscache callback.
 */
#include "postgres.h"

#include "access/genam.h"
#include "access/htup_details.h"
#include "access/table.h"
#include "catalog/dependency.h"
#include "catalog/indexing.h"
#include "catalog/pg_depend.h"
#include "catalog/pg_extension.h"
#include "catalog/pg_language.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_type.h"
#include "commands/extension.h"
#include "utils/fmgroids.h"
#include "utils/inval.h"
#include "utils/builtins.h"
#include "utils/memutils.h"
#include "utils/syscache.h"

#include "fuse/pg_fuse.h"

#define FK_MAX_FUNCS 256

typedef struct FkFuseCatalog
{
	bool		valid;
	int			nfuncs;
	FkFuncInfo	funcs[FK_MAX_FUNCS];	/* the operations */
	Oid			byop[FK_FOP_COUNT][FK_VT_COUNT][2];
	Oid			byred[FK_ROP_COUNT][FK_VT_COUNT];
	Oid			eval[FK_VT_COUNT];	/* fused_eval, fused_eval_nvec */
	Oid			reduce;			/* fused_reduce */
	Oid			emaby[FK_VT_COUNT]; /* ema by name (span, halflife) */
	Oid			vectype[FK_VT_COUNT];
	Oid			dense[FK_DFN_COUNT];	/* FkDenseFn, but FK_DFN_VADD */
	Oid			resample[2][2][FK_VT_COUNT];	/* [ohlc][vectors][vtype] */
	Oid			fusedresample[2][2][FK_VT_COUNT];
} FkFuseCatalog;

/*
 * The resamplings by C symbol, [ohlc][vectors][vtype], and their fused
 * forms (pg_fuse_resample.c; the rows forms take either vector type)
 */
static const char *const FkResampleSymbols[2][2][FK_VT_COUNT] = {
	{{"resample_float8arr", "resample_nvec"},
	{"resample_vectors_float8arr", "resample_vectors_nvec"}},
	{{"resample_ohlc_float8arr", "resample_ohlc_nvec"},
	{"resample_ohlc_vectors_float8arr", "resample_ohlc_vectors_nvec"}},
};
static const char *const FkFusedResampleSymbols[2][2][FK_VT_COUNT] = {
	{{"fused_resample", "fused_resample"},
	{"fused_resample_vectors", "fused_resample_vectors_nvec"}},
	{{"fused_resample_ohlc", "fused_resample_ohlc"},
	{"fused_resample_ohlc_vectors", "fused_resample_ohlc_vectors_nvec"}},
};

/* The dense functions by C symbol, with their number of arguments */
static const struct
{
	const char *symbol;
	int			nargs;
}			FkDenseSymbols[FK_DFN_COUNT] = {
	[FK_DFN_MATMUL] = {"matmul", 2},
	[FK_DFN_ADD_BIAS] = {"add_bias", 2},
	[FK_DFN_RELU] = {"relu", 1},
	[FK_DFN_GELU] = {"gelu", 1},
	[FK_DFN_LRR] = {"linear_residual_relu", 4},
	[FK_DFN_GELU_LINEAR] = {"gelu_linear", 3},
	[FK_DFN_LRR_SPELLED] = {"linear_residual_relu_spelled", 5},
	[FK_DFN_GELU_LINEAR_SPELLED] = {"gelu_linear_spelled", 4},
	[FK_DFN_LINEAR_RELU_SPELLED] = {"linear_relu_spelled", 4},
};

static FkFuseCatalog fk_catalog;

/* Syscache callback: a function changed somewhere, read the catalog again */
static void
FkFuseCatalogInvalidate(Datum arg, int cacheid, uint32 hashvalue)
{
	fk_catalog.valid = false;
}

/* Register the invalidation callback (once, from _PG_init) */
void
FkFuseCatalogInit(void)
{
	CacheRegisterSyscacheCallback(PROCOID, FkFuseCatalogInvalidate, (Datum) 0);
}

/* The FK_VT_* of a vector type, or -1 */
static int
FkFuseVtypeOf(Oid typid)
{
	for (int vt = 0; vt < FK_VT_COUNT; vt++)
		if (OidIsValid(fk_catalog.vectype[vt]) && fk_catalog.vectype[vt] == typid)
			return vt;
	return -1;
}

/*
 * The kind letter of an argument type: 'v' (a vector of type *vtype; sets
 * *vtype when it is -1), 's' (float8), 'l' (integer), 't' (timestamptz[],
 * times), 'd' (interval, a duration), or '?'.  The catalog must be loaded.
 */
static char
FkFuseKindOf(Oid typid, int *vtype)
{
	int			vt = FkFuseVtypeOf(typid);

	if (vt >= 0)
	{
		if (*vtype >= 0 && *vtype != vt)
			return '?';
		*vtype = vt;
		return 'v';
	}
	if (typid == FLOAT8OID)
		return 's';
	if (typid == INT4OID)
		return 'l';
	if (typid == TIMESTAMPTZARRAYOID)
		return 't';
	if (typid == INTERVALOID)
		return 'd';
	return '?';
}

/*
 * Record funcid as op over vtype when its argument types are op's shape
 * over vtype (with a last on_error text when op can fault)
 */
static void
FkFuseAddFunc(Oid funcid, FkKernelOp op, int vtype, int nargs,
			  const Oid *argtypes, Oid rettype)
{
	char		kinds[FK_FUSE_MAX_ARGS + 1];
	int			argvtype = vtype;
	FkShape		shape = FkOps[op].shape;
	bool		on_error = false;

	/* the fused evaluator has one validity rule: every operand present */
	if (FkOps[op].flags & FK_OPF_EITHER)
		return;
	if (nargs >= 2 && argtypes[nargs - 1] == TEXTOID &&
		FkKernelOpCanFault(op))
	{
		on_error = true;
		nargs--;
	}
	if (nargs < 1 || nargs > FK_FUSE_MAX_ARGS ||
		fk_catalog.nfuncs >= FK_MAX_FUNCS)
		return;
	for (int i = 0; i < nargs; i++)
		kinds[i] = FkFuseKindOf(argtypes[i], &argvtype);
	kinds[nargs] = '\0';
	if (argvtype != vtype || FkFuseVtypeOf(rettype) != vtype ||
		strcmp(kinds, FkShapes[shape].kinds) != 0)
		return;
	for (int i = 0; i < fk_catalog.nfuncs; i++)
		if (fk_catalog.funcs[i].oid == funcid)
			return;
	fk_catalog.funcs[fk_catalog.nfuncs].oid = funcid;
	fk_catalog.funcs[fk_catalog.nfuncs].op = op;
	fk_catalog.funcs[fk_catalog.nfuncs].shape = shape;
	fk_catalog.funcs[fk_catalog.nfuncs].vtype = vtype;
	fk_catalog.funcs[fk_catalog.nfuncs].on_error = on_error;
	fk_catalog.nfuncs++;
	if (!OidIsValid(fk_catalog.byop[op][vtype][on_error]))
		fk_catalog.byop[op][vtype][on_error] = funcid;
}

/*
 * Record funcid as reduction rop over vtype when its arguments are vectors
 * of vtype in rop's shape and it returns float8 (a position: integer)
 */
static void
FkFuseAddRed(Oid funcid, FkReduceOp rop, int vtype, int nargs,
			 const Oid *argtypes, Oid rettype)
{
	const char *kinds = FkShapes[FkReds[rop].shape].kinds;
	int			argvtype = vtype;
	FkFuncInfo *f;

	if (nargs != (int) strlen(kinds) ||
		rettype != (FkReds[rop].position ? INT4OID : FLOAT8OID) ||
		fk_catalog.nfuncs >= FK_MAX_FUNCS)
		return;
	for (int i = 0; i < nargs; i++)
		if (FkFuseKindOf(argtypes[i], &argvtype) != kinds[i])
			return;
	if (argvtype != vtype)
		return;
	f = &fk_catalog.funcs[fk_catalog.nfuncs++];
	memset(f, 0, sizeof(*f));
	f->oid = funcid;
	f->reduce = true;
	f->rop = rop;
	f->shape = FkReds[rop].shape;
	f->vtype = vtype;
	if (!OidIsValid(fk_catalog.byred[rop][vtype]))
		fk_catalog.byred[rop][vtype] = funcid;
}

/*
 * Record funcid as a dense function when its C symbol is one and its
 * arguments are float8[] (a last text for a spelled form) returning float8[]
 */
static void
FkFuseAddDense(Oid funcid, const char *symbol, Form_pg_proc proc)
{
	for (int fn = 0; fn < FK_DFN_COUNT; fn++)
	{
		int			nargs = FkDenseSymbols[fn].nargs;
		bool		spelled = fn == FK_DFN_LRR_SPELLED ||
			fn == FK_DFN_GELU_LINEAR_SPELLED ||
			fn == FK_DFN_LINEAR_RELU_SPELLED;
		bool		ok;

		if (FkDenseSymbols[fn].symbol == NULL ||
			strcmp(symbol, FkDenseSymbols[fn].symbol) != 0 ||
			proc->pronargs != nargs || proc->prorettype != FLOAT8ARRAYOID)
			continue;
		ok = true;
		for (int i = 0; i < nargs; i++)
			if (proc->proargtypes.values[i] !=
				(spelled && i == nargs - 1 ? TEXTOID : FLOAT8ARRAYOID))
				ok = false;
		if (ok)
			fk_catalog.dense[fn] = funcid;
	}
}

/*
 * Record funcid as a resampling when its C symbol is one and its values
 * are of its vector type (ts, v, stride, [how,] origin, fill), or as a
 * fused one
 */
static void
FkFuseAddResample(Oid funcid, const char *symbol, Form_pg_proc proc)
{
	for (int ohlc = 0; ohlc < 2; ohlc++)
		for (int vec = 0; vec < 2; vec++)
			for (int vt = 0; vt < FK_VT_COUNT; vt++)
			{
				if (strcmp(symbol, FkFusedResampleSymbols[ohlc][vec][vt]) == 0 &&
					proc->provariadic == ANYOID)
					fk_catalog.fusedresample[ohlc][vec][vt] = funcid;
				if (strcmp(symbol, FkResampleSymbols[ohlc][vec][vt]) == 0 &&
					proc->pronargs == (ohlc ? 5 : 6) &&
					proc->proargtypes.values[0] == TIMESTAMPTZARRAYOID &&
					FkFuseVtypeOf(proc->proargtypes.values[1]) == vt)
					fk_catalog.resample[ohlc][vec][vt] = funcid;
			}
}

/* Classify a C function of the extension by its C symbol */
static void
FkFuseAddProc(Oid funcid)
{
	HeapTuple	tup = SearchSysCache1(PROCOID, ObjectIdGetDatum(funcid));
	Form_pg_proc proc;
	Datum		src;
	bool		isnull;
	char	   *symbol;

	if (!HeapTupleIsValid(tup))
		return;
	proc = (Form_pg_proc) GETSTRUCT(tup);
	src = SysCacheGetAttr(PROCOID, tup, Anum_pg_proc_prosrc, &isnull);
	if (proc->prolang != ClanguageId || isnull)
	{
		ReleaseSysCache(tup);
		return;
	}
	symbol = TextDatumGetCString(src);
	if (strcmp(symbol, "fused_eval") == 0 ||
		strcmp(symbol, "fused_eval_nvec") == 0)
	{
		int			vt = FkFuseVtypeOf(proc->prorettype);

		if (vt >= 0)
			fk_catalog.eval[vt] = funcid;
	}
	if (strcmp(symbol, "fused_reduce") == 0 && proc->prorettype == FLOAT8OID)
		fk_catalog.reduce = funcid;
	for (int vt = 0; vt < FK_VT_COUNT; vt++)
		if (strcmp(symbol, vt == FK_VT_ARRAY ? "ema_by_float8arr" :
				   "ema_by_nvec") == 0 && proc->pronargs == 6 &&
			FkFuseVtypeOf(proc->prorettype) == vt)
			fk_catalog.emaby[vt] = funcid;
	FkFuseAddDense(funcid, symbol, proc);
	FkFuseAddResample(funcid, symbol, proc);
	for (int rop = 0; rop < FK_ROP_COUNT; rop++)
		for (int vt = 0; vt < FK_VT_COUNT; vt++)
			if (strcmp(symbol, FkReds[rop].symbols[vt]) == 0)
				FkFuseAddRed(funcid, (FkReduceOp) rop, vt, proc->pronargs,
							 proc->proargtypes.values, proc->prorettype);
	for (int op = 0; op < FK_FOP_COUNT; op++)
		for (int vt = 0; vt < FK_VT_COUNT; vt++)
			if (strcmp(symbol, FkOps[op].symbols[vt]) == 0)
				FkFuseAddFunc(funcid, (FkKernelOp) op, vt, proc->pronargs,
							  proc->proargtypes.values, proc->prorettype);
	pfree(symbol);
	ReleaseSysCache(tup);
}

/* Type of the extension called nvec, if typid is it */
static void
FkFuseAddType(Oid typid)
{
	HeapTuple	tup = SearchSysCache1(TYPEOID, ObjectIdGetDatum(typid));

	if (!HeapTupleIsValid(tup))
		return;
	if (strcmp(NameStr(((Form_pg_type) GETSTRUCT(tup))->typname), "nvec") == 0)
		fk_catalog.vectype[FK_VT_NVEC] = typid;
	ReleaseSysCache(tup);
}

/*
 * The members of the extension of the given class, from pg_depend
 * (DEPENDENCY_EXTENSION entries pointing at the extension).
 */
static List *
FkFuseMembers(Oid extoid, Oid classid)
{
	Relation	rel;
	SysScanDesc scan;
	ScanKeyData key[2];
	HeapTuple	tup;
	List	   *oids = NIL;

	rel = table_open(DependRelationId, AccessShareLock);
	ScanKeyInit(&key[0], Anum_pg_depend_refclassid, BTEqualStrategyNumber,
				F_OIDEQ, ObjectIdGetDatum(ExtensionRelationId));
	ScanKeyInit(&key[1], Anum_pg_depend_refobjid, BTEqualStrategyNumber,
				F_OIDEQ, ObjectIdGetDatum(extoid));
	scan = systable_beginscan(rel, DependReferenceIndexId, true, NULL, 2, key);
	while (HeapTupleIsValid(tup = systable_getnext(scan)))
	{
		Form_pg_depend dep = (Form_pg_depend) GETSTRUCT(tup);

		if (dep->deptype == DEPENDENCY_EXTENSION && dep->classid == classid)
			oids = lappend_oid(oids, dep->objid);
	}
	systable_endscan(scan);
	table_close(rel, AccessShareLock);
	return oids;
}

/* Read the extension's operations from the catalog, unless still valid */
static void
FkFuseCatalogLoad(void)
{
	Oid			extoid;
	List	   *members;
	ListCell   *lc;

	if (fk_catalog.valid)
		return;
	memset(&fk_catalog, 0, sizeof(fk_catalog));
	/* an invalidation arriving while we read clears this again */
	fk_catalog.valid = true;
	fk_catalog.vectype[FK_VT_ARRAY] = FLOAT8ARRAYOID;
	extoid = get_extension_oid("fusekern", true);
	if (OidIsValid(extoid))
	{
		members = FkFuseMembers(extoid, TypeRelationId);
		foreach(lc, members)
			FkFuseAddType(lfirst_oid(lc));
		members = FkFuseMembers(extoid, ProcedureRelationId);
		foreach(lc, members)
			FkFuseAddProc(lfirst_oid(lc));
	}
}

/* Is funcid one of the operations?  Fills info when it is */
bool
FkFuseLookupFunc(Oid funcid, FkFuncInfo *info)
{
	FkFuseCatalogLoad();
	for (int i = 0; i < fk_catalog.nfuncs; i++)
	{
		if (fk_catalog.funcs[i].oid == funcid)
		{
			*info = fk_catalog.funcs[i];
			return true;
		}
	}
	return false;
}

/* The function of op over vtype, with on_error or not, or InvalidOid */
Oid
FkFuseFuncOid(FkKernelOp op, int vtype, bool on_error)
{
	FkFuseCatalogLoad();
	return fk_catalog.byop[op][vtype][on_error];
}

/* The function of reduction rop over vtype, or InvalidOid */
Oid
FkFuseRedFuncOid(FkReduceOp rop, int vtype)
{
	FkFuseCatalogLoad();
	return fk_catalog.byred[rop][vtype];
}

/* The fused reduction function, fused_reduce, or InvalidOid */
Oid
FkFuseReduceOid(void)
{
	FkFuseCatalogLoad();
	return fk_catalog.reduce;
}

/* The FK_VT_* whose function of byvt[] is funcid, or -1 */
static int
FkFuseVtypeAmong(const Oid *byvt, Oid funcid)
{
	FkFuseCatalogLoad();
	for (int vt = 0; vt < FK_VT_COUNT; vt++)
		if (OidIsValid(byvt[vt]) && byvt[vt] == funcid)
			return vt;
	return -1;
}

/* FK_VT_* of ema by name (span, halflife) if funcid is it, or -1 */
int
FkFuseEmaByVtype(Oid funcid)
{
	return FkFuseVtypeAmong(fk_catalog.emaby, funcid);
}

/* FK_VT_* of the fused evaluation function funcid, or -1 if it is none */
int
FkFuseEvalVtype(Oid funcid)
{
	return FkFuseVtypeAmong(fk_catalog.eval, funcid);
}

/* The fused evaluation function returning vtype */
Oid
FkFuseEvalOid(int vtype)
{
	FkFuseCatalogLoad();
	return fk_catalog.eval[vtype];
}

/* The kind letter of an argument of type typid to a call on vtype vectors */
char
FkFuseArgKind(Oid typid, int vtype)
{
	FkFuseCatalogLoad();
	return FkFuseKindOf(typid, &vtype);
}

/* The type OID of vtype (InvalidOid while the extension is not there) */
Oid
FkFuseVecTypeOid(int vtype)
{
	FkFuseCatalogLoad();
	return fk_catalog.vectype[vtype];
}

/*
 * The dense function fn (FK_DFN_VADD: the + of two float8[]), or
 * InvalidOid while the extension or the function is not there
 */
Oid
FkFuseDenseOid(FkDenseFn fn)
{
	FkFuseCatalogLoad();
	if (fn == FK_DFN_VADD)
		return fk_catalog.byop[FK_KOP_ADD][FK_VT_ARRAY][0];
	return fk_catalog.dense[fn];
}

/*
 * Is funcid a resampling (resample, resample_ohlc, and their vector
 * forms)?  Its form and vector type when it is
 */
bool
FkFuseResampleForm(Oid funcid, bool *ohlc, bool *vectors, int *vtype)
{
	FkFuseCatalogLoad();
	for (int o = 0; o < 2; o++)
		for (int v = 0; v < 2; v++)
			for (int vt = 0; vt < FK_VT_COUNT; vt++)
				if (OidIsValid(fk_catalog.resample[o][v][vt]) &&
					fk_catalog.resample[o][v][vt] == funcid)
				{
					*ohlc = o;
					*vectors = v;
					*vtype = vt;
					return true;
				}
	return false;
}

/* The resampling of that form over vtype, or InvalidOid */
Oid
FkFuseResampleOid(bool ohlc, bool vectors, int vtype)
{
	FkFuseCatalogLoad();
	return fk_catalog.resample[ohlc][vectors][vtype];
}

/* The fused resampling of that form over vtype, or InvalidOid */
Oid
FkFuseFusedResampleOid(bool ohlc, bool vectors, int vtype)
{
	FkFuseCatalogLoad();
	return fk_catalog.fusedresample[ohlc][vectors][vtype];
}

/*
 * The vector type of a fused call: that of its vector arguments among the
 * first nargs after the program
 */
int
FkFuseCallVtype(FunctionCallInfo fcinfo, int nargs)
{
	for (int i = 1; i <= nargs; i++)
	{
		Oid			typid = get_fn_expr_argtype(fcinfo->flinfo, i);

		for (int vt = 0; vt < FK_VT_COUNT; vt++)
			if (OidIsValid(typid) && typid == FkFuseVecTypeOid(vt))
				return vt;
	}
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("a fused reduction or resampling needs a float8[] or nvec argument")));
	return -1;					/* keep the compiler quiet */
}
