/*
 * pg_fuse_scalar.c
 *		Core's float8 arithmetic on the reductions a fused program uses as
 *		scalars: px - vmax(px) * 2, (px - vmean(px)) / (vstddev(px) * k).
 *
 * The product in px - vmax(px) * 2 is core's float8mul, no fusekern
 * operation; a program may still hold it (a FK_NODE_SCALOP over the
 * reduction), so that the reduction is computed in the first phase of the
 * fused call rather than by a call of its own before it.  Once the first
 * phase has given the reductions, the slot's value is computed here with
 * exactly core's semantics: the IEEE operation (this file is compiled
 * without contraction or fast math, as core is), then core's checks
 * (float8_pl, float8_mi, float8_mul, float8_div of utils/float.h, dsqrt),
 * run by the kernels' own check table over one element.  Where core would
 * raise an error, the value is not given, and the caller evaluates the
 * call unfused, which raises it in the unfused order.  Only the spellings
 * whose function the program can name are taken (the operators + - * /
 * and unary -, sqrt(float8), abs(float8)); the operators |/ and @, which
 * are other functions of the same code, stay outside the program, so the
 * privilege check of the call names what the user wrote.
 */
#include "postgres.h"

#include <math.h>

#include "miscadmin.h"
#include "utils/fmgroids.h"

#include "core/checks.h"
#include "fuse/pg_fuse.h"
#include "kernels/pg_kernels.h"

/* See pg_fuse.h */
const FkScalarOpInfo FkScalarOps[FK_SCOP_COUNT] = {
	[FK_SCOP_ADD] = {"+", true, 2, F_FLOAT8PL, FK_CHECK_ADD},
	[FK_SCOP_SUB] = {"-", true, 2, F_FLOAT8MI, FK_CHECK_ADD},
	[FK_SCOP_MUL] = {"*", true, 2, F_FLOAT8MUL, FK_CHECK_MUL},
	[FK_SCOP_DIV] = {"/", true, 2, F_FLOAT8DIV, FK_CHECK_DIV},
	[FK_SCOP_NEG] = {"-", true, 1, F_FLOAT8UM, FK_CHECK_NONE},
	[FK_SCOP_SQRT] = {"sqrt", false, 1, F_SQRT_FLOAT8, FK_CHECK_SQRT},
	[FK_SCOP_ABS] = {"abs", false, 1, F_ABS_FLOAT8, FK_CHECK_NONE},
};

/* The scalar operation whose core function is funcid, or -1 */
int
FkFuseScalarOpOf(Oid funcid)
{
	for (int sop = 0; sop < FK_SCOP_COUNT; sop++)
		if (FkScalarOps[sop].funcid == funcid)
			return sop;
	return -1;
}

/*
 * Compute sop over x (and y) as core's function does into *result; false
 * when core would raise an error instead (overflow, underflow, division by
 * zero, square root of a negative number)
 */
bool
FkFuseScalarOpApply(int sop, double x, double y, double *result)
{
	double		r;
	FkCheck		chk;
	FkFaultHit	hit;

	switch ((FkScalarOp) sop)
	{
		case FK_SCOP_ADD:
			r = x + y;
			break;
		case FK_SCOP_SUB:
			r = x - y;
			break;
		case FK_SCOP_MUL:
			r = x * y;
			break;
		case FK_SCOP_DIV:
			r = x / y;
			break;
		case FK_SCOP_NEG:
			r = -x;
			break;
		case FK_SCOP_SQRT:
			r = sqrt(x);
			break;
		case FK_SCOP_ABS:
			r = fabs(x);
			break;
		default:
			elog(ERROR, "fusekern: unknown scalar operation %d", sop);
			return false;
	}
	*result = r;
	if (FkScalarOps[sop].check == FK_CHECK_NONE)
		return true;
	chk.op = (FkCheckOp) FkScalarOps[sop].check;
	chk.x = &x;
	chk.y = &y;
	chk.r = result;
	chk.a = 0;
	chk.b = 0;
	return !FkChecks()->find(&chk, NULL, 0, 1, &hit);
}

/* Does the tree under node hold a reduction? */
bool
FkFuseHoldsReduce(const FkFuseNode *node)
{
	if (node->kind == FK_NODE_REDUCE)
		return true;
	for (int i = 0; FkFuseNodeHasArgs(node) && i < node->nargs; i++)
		if (FkFuseHoldsReduce(node->args[i]))
			return true;
	return false;
}

/*
 * The value of core's arithmetic at node (or of a leaf under it) over the
 * results of the first phase, vals[r] that of the reduction prenode[r],
 * and the call's arguments args; false where core would raise an error,
 * then the caller evaluates the call unfused, which raises it in its order
 */
bool
FkFuseScalarValue(const FkFuseNode *node, const FkFuseNode *const *prenode,
				  const double *vals, int npre, const Datum *args,
				  double *result)
{
	double		x[2] = {0, 0};

	switch (node->kind)
	{
		case FK_NODE_SCALAR:
			*result = node->dval;
			return true;
		case FK_NODE_INPUT:
			*result = DatumGetFloat8(args[node->input]);
			return true;
		case FK_NODE_REDUCE:
			for (int r = 0; r < npre; r++)
				if (prenode[r] == node)
				{
					*result = vals[r];
					return true;
				}
			elog(ERROR, "fusekern: a reduction used as a scalar without its first phase");
			return false;
		case FK_NODE_SCALOP:
			break;
		default:
			elog(ERROR, "fusekern: no scalar in arithmetic on scalars");
			return false;
	}
	check_stack_depth();
	for (int i = 0; i < node->nargs; i++)
		if (!FkFuseScalarValue(node->args[i], prenode, vals, npre, args, &x[i]))
			return false;
	return FkFuseScalarOpApply(node->sop, x[0], x[1], result);
}
