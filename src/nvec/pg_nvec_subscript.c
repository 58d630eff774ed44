/*
 * pg_nvec_subscript.c
 *		Subscripting for nvec: v[i] reads element i (1-based; out of range or
 *		NULL subscript gives NULL, as for arrays), and UPDATE ... SET v[i] = x
 *		replaces an existing element.  v[a:b] is a slice with core's
 *		semantics for a one-dimensional array (a bound omitted is the end,
 *		bounds outside the vector are clipped, an empty nvec when nothing
 *		is left; pg_nvec_slice.c).  Several subscripts and assignment to a
 *		slice are not supported; an nvec never grows by assignment.  An
 *		assignment into an nvec(compressed) column, variable or field
 *		stores the compressed form, as every other write into one does.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "executor/execExpr.h"
#include "nodes/nodeFuncs.h"
#include "nodes/subscripting.h"
#include "parser/parse_coerce.h"
#include "parser/parse_expr.h"

#include "nvec/pg_nvec.h"

PG_FUNCTION_INFO_V1(nvec_subscript_handler);

/* One subscript expression coerced to int4, or NULL when omitted */
static Node *
FkNVecSubscriptExpr(ParseState *pstate, Node *expr)
{
	Node	   *subexpr;
	Node	   *coerced;

	if (expr == NULL)
		return NULL;
	subexpr = transformExpr(pstate, expr, pstate->p_expr_kind);
	coerced = coerce_to_target_type(pstate, subexpr, exprType(subexpr),
									INT4OID, -1, COERCION_ASSIGNMENT,
									COERCE_IMPLICIT_CAST, -1);
	if (coerced == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_DATATYPE_MISMATCH),
				 errmsg("nvec subscript must have type integer"),
				 parser_errposition(pstate, exprLocation(expr))));
	return coerced;
}

/*
 * Parse analysis of v[i] (one integer subscript, result float8) and of the
 * slice v[a:b] (result nvec)
 */
static void
FkNVecSubscriptTransform(SubscriptingRef *sbsref, List *indirection,
						 ParseState *pstate, bool isSlice, bool isAssignment)
{
	A_Indices  *ai;

	if (list_length(indirection) != 1)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("nvec takes exactly one subscript"),
				 errhint("To subscript a slice, put it in parentheses: (v[a:b])[i]."),
				 parser_errposition(pstate,
									exprLocation((Node *) lsecond(indirection)))));

	ai = linitial_node(A_Indices, indirection);
	if (isSlice && isAssignment)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("cannot assign to a slice of an nvec"),
				 errhint("Assign elements one at a time, v[i] = x, or build a new vector."),
				 parser_errposition(pstate,
									exprLocation((Node *) ai))));

	sbsref->refupperindexpr = list_make1(FkNVecSubscriptExpr(pstate, ai->uidx));
	if (isSlice)
	{
		sbsref->reflowerindexpr =
			list_make1(FkNVecSubscriptExpr(pstate, ai->lidx));
		sbsref->refrestype = sbsref->refcontainertype;
	}
	else
	{
		sbsref->reflowerindexpr = NIL;
		sbsref->refrestype = FLOAT8OID;
	}
	sbsref->reftypmod = -1;
}

/*
 * Before a fetch: a NULL subscript or slice bound makes the result NULL, as
 * for arrays.  Before an assignment it is an error.
 */
static bool
FkNVecSubscriptCheck(ExprState *state, ExprEvalStep *op,
					 ExprContext *econtext)
{
	SubscriptingRefState *sbsrefstate = op->d.sbsref_subscript.state;
	bool		isnull = (sbsrefstate->upperprovided[0] &&
						  sbsrefstate->upperindexnull[0]) ||
		(sbsrefstate->numlower > 0 && sbsrefstate->lowerprovided[0] &&
		 sbsrefstate->lowerindexnull[0]);

	if (!isnull)
		return true;
	if (sbsrefstate->isassignment)
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("nvec subscript in assignment must not be null")));
	*op->resnull = true;
	return false;
}

/*
 * Element i (1-based) of an nvec datum into *out; false when NULL or out of
 * range.  Only what the element needs is read (pg_nvec_part.c): of a
 * compressed value its block alone is decoded, and of a long vector stored
 * out of line uncompressed the header, one validity word and one value
 * (or, in the compressed form, the value's block) are fetched alone.
 */
static bool
FkNVecElement(Datum container, int32 i, double *out)
{
	FkNVecParts p;

	FkNVecPartsOpen(&p, container);
	if (i < 1 || i > p.hdr.len || !FkNVecPartsPresent(&p, i - 1))
		return false;
	FkNVecPartsValues(&p, i - 1, 1, out);
	return true;
}

/* Fetch element i of a non-NULL nvec; NULL when out of range */
static void
FkNVecSubscriptFetch(ExprState *state, ExprEvalStep *op,
					 ExprContext *econtext)
{
	SubscriptingRefState *sbsrefstate = op->d.sbsref.state;
	double		x;

	*op->resnull = !FkNVecElement(*op->resvalue,
								  DatumGetInt32(sbsrefstate->upperindex[0]),
								  &x);
	*op->resvalue = *op->resnull ? (Datum) 0 : Float8GetDatum(x);
}

/*
 * Fetch the slice v[a:b] of a non-NULL nvec, reading only that part; an
 * omitted bound is the end
 */
static void
FkNVecSubscriptFetchSlice(ExprState *state, ExprEvalStep *op,
						  ExprContext *econtext)
{
	SubscriptingRefState *sbsrefstate = op->d.sbsref.state;
	FkNVecParts p;
	int64		lo;
	int64		hi;

	FkNVecPartsOpen(&p, *op->resvalue);
	lo = sbsrefstate->lowerprovided[0] ?
		DatumGetInt32(sbsrefstate->lowerindex[0]) : 1;
	hi = sbsrefstate->upperprovided[0] ?
		DatumGetInt32(sbsrefstate->upperindex[0]) : p.hdr.len;
	*op->resvalue = PointerGetDatum(FkNVecSlice(&p, lo, hi));
	*op->resnull = false;
}

/*
 * Fetch the element an assignment replaces, into prevvalue/prevnull, for
 * assignments nested inside the element; a NULL container gives NULL.
 */
static void
FkNVecSubscriptFetchOld(ExprState *state, ExprEvalStep *op,
						ExprContext *econtext)
{
	SubscriptingRefState *sbsrefstate = op->d.sbsref.state;
	double		x;

	sbsrefstate->prevnull = *op->resnull ||
		!FkNVecElement(*op->resvalue,
					   DatumGetInt32(sbsrefstate->upperindex[0]), &x);
	sbsrefstate->prevvalue = sbsrefstate->prevnull ? (Datum) 0 : Float8GetDatum(x);
}

/*
 * Assign element i (1-based) of a copy of the nvec: the value, or NULL.  An
 * nvec has a fixed length, so i must lie within it.
 */
static void
FkNVecSubscriptAssign(ExprState *state, ExprEvalStep *op,
					  ExprContext *econtext)
{
	SubscriptingRefState *sbsrefstate = op->d.sbsref.state;
	int32		i = DatumGetInt32(sbsrefstate->upperindex[0]);
	NVec	   *v;
	NVec	   *res;
	uint64	   *bm;

	if (*op->resnull)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("cannot assign to an element of a null nvec")));
	v = DatumGetNVecP(*op->resvalue);
	if (i < 1 || i > v->len)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("nvec subscript out of range"),
				 errdetail("Subscript %d is outside 1 .. %d; an nvec does not grow by assignment.",
						   i, v->len)));

	res = FkNVecAllocRaw(v->len, true);
	bm = NVEC_BITMAP_SLOT(res);
	memcpy(NVEC_VALUES(res), NVEC_VALUES(v), sizeof(double) * (Size) v->len);
	if (v->nnulls > 0)
		memcpy(bm, NVEC_BITMAP_SLOT(v), NVEC_NWORDS(v->len) * sizeof(uint64));
	else
		FkBitmapSetAll(bm, (size_t) v->len);

	if (sbsrefstate->replacenull)
		FkBitmapClear(bm, (size_t) (i - 1));
	else
	{
		res->values[i - 1] = DatumGetFloat8(sbsrefstate->replacevalue);
		FkBitmapSet(bm, (size_t) (i - 1));
	}
	FkNVecFinish(res);
	*op->resvalue = PointerGetDatum(res);
	*op->resnull = false;
}

/*
 * Assign an element of an nvec(compressed) container: the new value is
 * stored as the column's modifier wants it.  The parser gives the assignment
 * the container's type modifier and then applies no cast (the expression
 * already has the column's type and modifier), so the assignment itself
 * compresses, as nvec_coerce would.
 */
static void
FkNVecSubscriptAssignCompressed(ExprState *state, ExprEvalStep *op,
								ExprContext *econtext)
{
	NVec	   *plain;
	NVec	   *res;

	FkNVecSubscriptAssign(state, op, econtext);
	plain = (NVec *) DatumGetPointer(*op->resvalue);
	res = FkNVecApplyTypmod(plain, FK_NVEC_TYPMOD_COMPRESSED);
	if (res != plain)
		pfree(plain);
	*op->resvalue = PointerGetDatum(res);
}

/*
 * Executor set-up: no workspace needed; a slice has its own fetch, and an
 * assignment into an nvec(compressed) container (reftypmod is then the
 * container's modifier) compresses its result
 */
static void
FkNVecSubscriptExecSetup(const SubscriptingRef *sbsref,
						 SubscriptingRefState *sbsrefstate,
						 SubscriptExecSteps *methods)
{
	methods->sbs_check_subscripts = FkNVecSubscriptCheck;
	methods->sbs_fetch = sbsref->reflowerindexpr != NIL ?
		FkNVecSubscriptFetchSlice : FkNVecSubscriptFetch;
	methods->sbs_assign = sbsref->refassgnexpr != NULL &&
		sbsref->reftypmod == FK_NVEC_TYPMOD_COMPRESSED ?
		FkNVecSubscriptAssignCompressed : FkNVecSubscriptAssign;
	methods->sbs_fetch_old = FkNVecSubscriptFetchOld;
}

static const SubscriptRoutines FkNVecSubscriptRoutines = {
	.transform = FkNVecSubscriptTransform,
	.exec_setup = FkNVecSubscriptExecSetup,
	.fetch_strict = true,		/* NULL nvec or subscript gives NULL */
	.fetch_leakproof = true,	/* out of range gives NULL, never an error */
	.store_leakproof = false	/* out of range assignment is an error */
};

/* The subscript handler named in CREATE TYPE nvec (SUBSCRIPT = ...) */
Datum
nvec_subscript_handler(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(&FkNVecSubscriptRoutines);
}
