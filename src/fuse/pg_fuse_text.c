/*
 * pg_fuse_text.c
 *		The text of a fused program: the expression a fused call computes,
 *		written so a person can read it in EXPLAIN and parsed back when the
 *		call runs (or when an enclosing call fuses it further).
 *
 * Grammar:
 *	  expr	  := name '(' expr { ',' expr } [ ',' mode ] ')'
 *												  ln(v1), scale_add(v1, 2, 0),
 *												  ln(v1, 'null'), vdiv(v1, v2, 'null')
 *			   | '(' '-' expr ')'				  unary minus
 *			   | '(' expr op expr ')'			  op is one of + - * /
 *			   | 'v' N							  argument N of the call (from 1,
 *												  after the program)
 *			   | number							  float8, shortest exact form:
 *												  1.5, -0, NaN, -Infinity
 *												  (any decimal within float8's
 *												  range; no hexadecimal)
 *	  mode	  := '\'null\'' | '\'error\''		  the call's on_error argument
 *			   | rname '(' expr [ ',' expr ] ')'  a reduction of one vector or
 *												  two used as a scalar:
 *												  (v1 - vmean(v1)),
 *												  where a number may stand; not
 *												  under another such one
 *			   | '(' s op s ')' | '(' '-' s ')' core's float8 arithmetic on
 *			   | sqrt '(' s ')' | abs '(' s ')' scalars s (numbers, scalar
 *												  arguments, such reductions),
 *												  holding such a reduction:
 *												  (v1 - (vmax(v1) * 2))
 *	  program := expr | rname '(' expr { ',' expr } ')'
 *												  a reduction of the
 *												  vectors: vmean(dlog(v1, 1))
 *
 * An operation whose on_error is 'null' is written as the SQL call with
 * that argument, + - * / under their function names (vadd, vsub, vmul, vdiv);
 * 'error' is the default and is not written, so programs without 'null'
 * read as the SQL expression they come from.
 */
#include "postgres.h"

#include <ctype.h>
#include <math.h>

#include "common/shortest_dec.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"

#include "core/fuse_program.h"
#include "fuse/pg_fuse.h"
#include "common/pg_on_error.h"

/* Is op written infix, (x op y) or (-x)? */
static bool
FkOpInfix(FkKernelOp op)
{
	return FkOps[op].infix != NULL;
}

/* Number of operations in the tree under node */
int
FkFuseCountOps(const FkFuseNode *node)
{
	int			count;

	if (!FkFuseNodeHasArgs(node))
		return 0;
	count = 1;
	for (int i = 0; i < node->nargs; i++)
		count += FkFuseCountOps(node->args[i]);
	return count;
}

static void FkFuseDeparseCall(StringInfo buf, const char *name,
							  const FkFuseNode *node);
static void FkFuseDeparseScalarOp(StringInfo buf, const FkFuseNode *node);

/* Append the text of node to buf */
static void
FkFuseDeparseNode(StringInfo buf, const FkFuseNode *node)
{
	char		num[DOUBLE_SHORTEST_DECIMAL_LEN];

	check_stack_depth();
	switch (node->kind)
	{
		case FK_NODE_INPUT:
			appendStringInfo(buf, "v%d", node->input + 1);
			return;
		case FK_NODE_SCALAR:
			double_to_shortest_decimal_buf(node->dval, num);
			appendStringInfoString(buf, num);
			return;
		case FK_NODE_LAG:
			appendStringInfo(buf, "%d", node->ival);
			return;
		case FK_NODE_OP:
			break;
		case FK_NODE_REDUCE:
			FkFuseDeparseCall(buf, FkReds[node->rop].name, node);
			return;
		case FK_NODE_SCALOP:
			FkFuseDeparseScalarOp(buf, node);
			return;
	}
	if (node->to_null)
	{
		appendStringInfo(buf, "%s(", FkOps[node->op].name);
		for (int i = 0; i < node->nargs; i++)
		{
			FkFuseDeparseNode(buf, node->args[i]);
			appendStringInfoString(buf, ", ");
		}
		appendStringInfoString(buf, "'null')");
	}
	else if (FkOpInfix(node->op) && node->nargs == 1)
	{
		appendStringInfo(buf, "(%s", FkOps[node->op].infix);
		FkFuseDeparseNode(buf, node->args[0]);
		appendStringInfoChar(buf, ')');
	}
	else if (FkOpInfix(node->op))
	{
		appendStringInfoChar(buf, '(');
		FkFuseDeparseNode(buf, node->args[0]);
		appendStringInfo(buf, " %s ", FkOps[node->op].infix);
		FkFuseDeparseNode(buf, node->args[1]);
		appendStringInfoChar(buf, ')');
	}
	else
		FkFuseDeparseCall(buf, FkOps[node->op].name, node);
}

/* Append name(arguments of node) to buf */
static void
FkFuseDeparseCall(StringInfo buf, const char *name, const FkFuseNode *node)
{
	appendStringInfo(buf, "%s(", name);
	for (int i = 0; i < node->nargs; i++)
	{
		if (i > 0)
			appendStringInfoString(buf, ", ");
		FkFuseDeparseNode(buf, node->args[i]);
	}
	appendStringInfoChar(buf, ')');
}

/* Append core's arithmetic on scalars at node to buf, as SQL writes it */
static void
FkFuseDeparseScalarOp(StringInfo buf, const FkFuseNode *node)
{
	const FkScalarOpInfo *info = &FkScalarOps[node->sop];

	if (!info->infix)
		FkFuseDeparseCall(buf, info->name, node);
	else if (node->nargs == 1)
	{
		appendStringInfo(buf, "(%s", info->name);
		FkFuseDeparseNode(buf, node->args[0]);
		appendStringInfoChar(buf, ')');
	}
	else
	{
		appendStringInfoChar(buf, '(');
		FkFuseDeparseNode(buf, node->args[0]);
		appendStringInfo(buf, " %s ", info->name);
		FkFuseDeparseNode(buf, node->args[1]);
		appendStringInfoChar(buf, ')');
	}
}

/* The program text of the tree under root (palloc'd) */
char *
FkFuseDeparse(const FkFuseNode *root)
{
	StringInfoData buf;

	initStringInfo(&buf);
	FkFuseDeparseNode(&buf, root);
	return buf.data;
}

/* State of one parse */
typedef struct FkFuseParser
{
	const char *text;
	const char *p;
	const char *inputkinds;		/* kind of each argument: 'v', 's', 'l',
								 * 't', 'd' */
	int			ninputs;
	int			nnodes;			/* nodes, leaves included */
	int			nops;			/* operations */
	bool		at_root;		/* the next expression is the root */
	int			in_reduce;		/* reductions used as scalars around the
								 * next expression */
	int			nscalar_reduce; /* reductions used as scalars */
	char	   *error;
} FkFuseParser;

/* Record the first error of a parse; always returns NULL */
static FkFuseNode *
FkFuseFail(FkFuseParser *ps, const char *what)
{
	if (ps->error == NULL)
		ps->error = psprintf("At offset %d: %s", (int) (ps->p - ps->text), what);
	return NULL;
}

/* Skip blanks */
static void
FkFuseSkip(FkFuseParser *ps)
{
	while (*ps->p == ' ')
		ps->p++;
}

/* Consume c (after blanks), or fail */
static bool
FkFuseExpect(FkFuseParser *ps, char c)
{
	FkFuseSkip(ps);
	if (*ps->p != c)
		return false;
	ps->p++;
	return true;
}

/*
 * A new node, counted against the limits: FK_FUSE_MAX_INSTR operations,
 * each with at most FK_FUSE_MAX_ARGS arguments
 */
static FkFuseNode *
FkFuseNewNode(FkFuseParser *ps, FkNodeKind kind)
{
	FkFuseNode *node;

	if ((kind == FK_NODE_OP || kind == FK_NODE_SCALOP) &&
		++ps->nops > FK_FUSE_MAX_INSTR)
		return NULL;
	if (++ps->nnodes > FK_FUSE_MAX_ARGS * FK_FUSE_MAX_INSTR + 1)
		return NULL;
	node = palloc0(sizeof(FkFuseNode));
	node->kind = kind;
	return node;
}

/* The kind a node stands for: 'v' for vectors, 's' or 'l' for numbers */
static char
FkFuseNodeKind(const FkFuseNode *node)
{
	switch (node->kind)
	{
		case FK_NODE_OP:
			return 'v';
		case FK_NODE_REDUCE:
		case FK_NODE_SCALOP:
			return 's';
		case FK_NODE_INPUT:
			return node->argkind;
		case FK_NODE_SCALAR:
			return 's';
		case FK_NODE_LAG:
			return 'l';
	}
	return '?';
}

/* Does the text at p start a number? */
static bool
FkFuseAtNumber(const char *p)
{
	if (*p == '-' || *p == '+')
		p++;
	return isdigit((unsigned char) *p) || *p == '.' || *p == 'N' || *p == 'I';
}

/* Skip a run of decimal digits at p; returns its end */
static const char *
FkFuseSkipDigits(const char *p)
{
	while (isdigit((unsigned char) *p))
		p++;
	return p;
}

/*
 * The end of the number at p, written as the planner writes one (the
 * shortest exact decimal form: 1.5, -0, 1e-320, 1.7976931348623157e+308,
 * NaN, -Infinity) or as a decimal of any length, or NULL when it is none:
 * strtod's hexadecimal floats, its "inf" and "nan" spellings and NaN
 * payloads are no program text.
 */
static const char *
FkFuseScanNumber(const char *p)
{
	const char *digits;

	if (strncmp(p, "NaN", 3) == 0)
		return p + 3;
	if (*p == '-' || *p == '+')
		p++;
	if (strncmp(p, "Infinity", 8) == 0)
		return p + 8;
	digits = p;
	p = FkFuseSkipDigits(p);
	if (*p == '.')
		p = FkFuseSkipDigits(p + 1);
	if (p == digits || (p == digits + 1 && *digits == '.'))
		return NULL;
	if (*p == 'e' || *p == 'E')
	{
		const char *exp = p + 1;

		if (*exp == '-' || *exp == '+')
			exp++;
		if (!isdigit((unsigned char) *exp))
			return NULL;
		p = FkFuseSkipDigits(exp);
	}
	return p;
}

static FkFuseNode *FkFuseParseExpr(FkFuseParser *ps);

/*
 * A number: a float8 scalar (lags are made from it by the caller).  As
 * core's float8in, a decimal past float8's range, or one so small that it
 * rounds to zero, is refused: the planner never writes one, so it can only
 * be a program written by hand whose value is not what it says.
 */
static FkFuseNode *
FkFuseParseNumber(FkFuseParser *ps)
{
	const char *end = FkFuseScanNumber(ps->p);
	char	   *send;
	double		d;
	FkFuseNode *node;

	if (end == NULL || isalnum((unsigned char) *end) || *end == '_' ||
		*end == '.')
		return FkFuseFail(ps, "bad number");
	errno = 0;
	d = strtod(ps->p, &send);
	if (send != end)
		return FkFuseFail(ps, "bad number");
	if (errno == ERANGE && (d == 0.0 || isinf(d)))
		return FkFuseFail(ps, "number out of range for type double precision");
	ps->p = end;
	if ((node = FkFuseNewNode(ps, FK_NODE_SCALAR)) == NULL)
		return FkFuseFail(ps, "program too large");
	node->dval = d;
	return node;
}

/* Turn a parsed argument into the kind the shape wants there, or fail */
static bool
FkFuseCoerceArg(FkFuseParser *ps, FkFuseNode *arg, char want)
{
	char		have = FkFuseNodeKind(arg);

	if (want == 'l' && arg->kind == FK_NODE_SCALAR)
	{
		if (!(arg->dval >= PG_INT32_MIN && arg->dval <= PG_INT32_MAX) ||
			arg->dval != floor(arg->dval))
			return false;
		arg->kind = FK_NODE_LAG;
		arg->ival = (int32) arg->dval;
		return true;
	}
	return have == want;
}

/*
 * The reduction named by the namelen characters at start, with its vector
 * arguments, after the name: a program's root, or a reduction of one vector
 * or two returning float8 used as a scalar (root: which of the two), under
 * no other one
 */
static FkFuseNode *
FkFuseParseReduce(FkFuseParser *ps, const char *start, int namelen,
				  bool root)
{
	FkFuseNode *node;
	int			rop;
	int			nargs = 0;
	const char *kinds;

	for (rop = 0; rop < FK_ROP_COUNT; rop++)
		if ((int) strlen(FkReds[rop].name) == namelen &&
			strncmp(FkReds[rop].name, start, namelen) == 0)
			break;
	if (rop == FK_ROP_COUNT)
		return FkFuseFail(ps, "unknown function");
	if (!root && ps->in_reduce > 0)
		return FkFuseFail(ps, "a reduction under a reduction used as a scalar");
	if (!root && !FkFuseScalarReduce((FkReduceOp) rop))
		return FkFuseFail(ps, "this reduction cannot stand as a scalar");
	if (!root && ++ps->nscalar_reduce > FK_FUSE_GROUP_MAX)
		return FkFuseFail(ps, "too many reductions used as scalars");
	kinds = FkShapes[FkReds[rop].shape].kinds;
	if (!FkFuseExpect(ps, '('))
		return FkFuseFail(ps, "\"(\" expected");
	if ((node = FkFuseNewNode(ps, FK_NODE_REDUCE)) == NULL)
		return FkFuseFail(ps, "program too large");
	node->rop = (FkReduceOp) rop;
	node->shape = FkReds[rop].shape;
	ps->in_reduce += root ? 0 : 1;
	do
	{
		if (nargs == (int) strlen(kinds))
			return FkFuseFail(ps, "wrong number of arguments");
		if ((node->args[nargs] = FkFuseParseExpr(ps)) == NULL)
			return NULL;
		if (FkFuseNodeKind(node->args[nargs]) != 'v')
			return FkFuseFail(ps, "argument of the wrong kind");
		nargs++;
	} while (FkFuseExpect(ps, ','));
	if (!FkFuseExpect(ps, ')'))
		return FkFuseFail(ps, "\")\" expected");
	if (nargs != (int) strlen(kinds))
		return FkFuseFail(ps, "wrong number of arguments");
	ps->in_reduce -= root ? 0 : 1;
	node->nargs = nargs;
	return node;
}

/*
 * Core's arithmetic sop on the nargs scalars args, or NULL with the error
 * set: it holds a reduction used as a scalar, as the planner writes it
 * (other arithmetic on scalars is an argument of the call)
 */
static FkFuseNode *
FkFuseScalarOpNode(FkFuseParser *ps, int sop, FkFuseNode **args, int nargs)
{
	FkFuseNode *node;

	for (int i = 0; i < nargs; i++)
		if (FkFuseNodeKind(args[i]) != 's')
			return FkFuseFail(ps, "argument of the wrong kind");
	if ((node = FkFuseNewNode(ps, FK_NODE_SCALOP)) == NULL)
		return FkFuseFail(ps, "program too large");
	node->sop = sop;
	node->nargs = nargs;
	for (int i = 0; i < nargs; i++)
		node->args[i] = args[i];
	if (!FkFuseHoldsReduce(node))
		return FkFuseFail(ps, "arithmetic on scalars without a reduction");
	return node;
}

/* The scalar operation written infix as c with nargs arguments, or -1 */
static int
FkFuseScalarOpInfix(char c, int nargs)
{
	for (int sop = 0; sop < FK_SCOP_COUNT; sop++)
		if (FkScalarOps[sop].infix && FkScalarOps[sop].name[0] == c &&
			FkScalarOps[sop].nargs == nargs)
			return sop;
	return -1;
}

/* The scalar function named by the namelen characters at start, or -1 */
static int
FkFuseScalarOpNamed(const char *start, int namelen)
{
	for (int sop = 0; sop < FK_SCOP_COUNT; sop++)
		if (!FkScalarOps[sop].infix &&
			(int) strlen(FkScalarOps[sop].name) == namelen &&
			strncmp(FkScalarOps[sop].name, start, namelen) == 0)
			return sop;
	return -1;
}

/* name '(' args ')'; a reduction at the root or as a scalar */
static FkFuseNode *
FkFuseParseCall(FkFuseParser *ps, bool root)
{
	const char *start = ps->p;
	int			namelen;
	FkFuseNode *node;
	FkFuseNode *args[FK_FUSE_MAX_ARGS];
	int			nargs = 0;
	int			op;
	int			sop;
	bool		to_null = false;
	bool		moded = false;
	bool		counted = false;

	while (islower((unsigned char) *ps->p) || isdigit((unsigned char) *ps->p) ||
		   *ps->p == '_')
		ps->p++;
	namelen = ps->p - start;
	for (op = 0; op < FK_FOP_COUNT; op++)
		if ((int) strlen(FkOps[op].name) == namelen &&
			strncmp(FkOps[op].name, start, namelen) == 0)
			break;
	if (op == FK_FOP_COUNT)
		return FkFuseParseReduce(ps, start, namelen, root);
	if (!FkFuseExpect(ps, '('))
		return FkFuseFail(ps, "\"(\" expected");
	do
	{
		FkFuseSkip(ps);
		if (*ps->p == '\'' && nargs > 0)
		{
			/* on_error, the last argument */
			const char *close = strchr(ps->p + 1, '\'');
			FkOnError	mode;

			if (close == NULL ||
				!FkOnErrorParse(ps->p + 1, close - ps->p - 1, &mode))
				return FkFuseFail(ps, "on_error must be 'error' or 'null'");
			if (!FkKernelOpCanFault((FkKernelOp) op))
				return FkFuseFail(ps, "this function takes no on_error");
			to_null = mode == FK_ON_ERROR_NULL;
			moded = true;
			ps->p = close + 1;
			break;
		}
		if (nargs == FK_FUSE_MAX_ARGS)
			return FkFuseFail(ps, "too many arguments");
		if ((args[nargs] = FkFuseParseExpr(ps)) == NULL)
			return NULL;
		nargs++;
	} while (FkFuseExpect(ps, ','));
	if (!FkFuseExpect(ps, ')'))
		return FkFuseFail(ps, "\")\" expected");

	/* sqrt and abs of a scalar: core's float8 functions */
	sop = FkFuseScalarOpNamed(start, namelen);
	if (sop >= 0 && nargs == 1 && FkFuseNodeKind(args[0]) == 's')
	{
		if (moded)
			return FkFuseFail(ps, "this function takes no on_error");
		return FkFuseScalarOpNode(ps, sop, args, 1);
	}

	if ((node = FkFuseNewNode(ps, FK_NODE_OP)) == NULL)
		return FkFuseFail(ps, "program too large");
	node->to_null = to_null;
	node->nargs = nargs;

	/*
	 * The operation is the one of this name with this many arguments, of
	 * these kinds (vadd, vsub, vmul and vdiv have three of two arguments)
	 */
	for (; op < FK_FOP_COUNT; op++)
	{
		const char *kinds = FkShapes[FkOps[op].shape].kinds;
		bool		fits = true;

		if ((int) strlen(FkOps[op].name) != namelen ||
			strncmp(FkOps[op].name, start, namelen) != 0 ||
			(int) strlen(kinds) != nargs)
			continue;
		counted = true;
		for (int i = 0; i < nargs; i++)
			fits &= FkFuseNodeKind(args[i]) == kinds[i] || kinds[i] == 'l';
		if (!fits)
			continue;
		/* the values of a window of a duration are read whole: an input */
		if (FkOpTime(op) && args[0]->kind != FK_NODE_INPUT)
			return FkFuseFail(ps, "argument of the wrong kind");
		node->op = (FkKernelOp) op;
		node->shape = FkOps[op].shape;
		for (int i = 0; i < nargs; i++)
		{
			if (!FkFuseCoerceArg(ps, args[i], kinds[i]))
				return FkFuseFail(ps, "argument of the wrong kind");
			node->args[i] = args[i];
		}
		return node;
	}
	return FkFuseFail(ps, counted ? "argument of the wrong kind" :
					  "wrong number of arguments");
}

/* The operation written infix as c with the given argument kinds, or -1 */
static int
FkFuseInfixOp(char c, const char *kinds)
{
	for (int op = 0; op < FK_KOP_COUNT; op++)
		if (FkOps[op].infix != NULL && FkOps[op].infix[0] == c &&
			strcmp(FkShapes[FkOps[op].shape].kinds, kinds) == 0)
			return op;
	return -1;
}

/* '(' '-' expr ')' or '(' expr op expr ')', after the '(' */
static FkFuseNode *
FkFuseParseParen(FkFuseParser *ps)
{
	FkFuseNode *node;
	FkFuseNode *x,
			   *y;
	char		kinds[3];
	char		c;
	int			op;

	FkFuseSkip(ps);
	if (*ps->p == '-' && !FkFuseAtNumber(ps->p))
	{
		op = FkFuseInfixOp('-', "v");
		ps->p++;
		if ((x = FkFuseParseExpr(ps)) == NULL)
			return NULL;
		if (!FkFuseExpect(ps, ')'))
			return FkFuseFail(ps, "\")\" expected");
		if (FkFuseNodeKind(x) == 's')
			return FkFuseScalarOpNode(ps, FK_SCOP_NEG, &x, 1);
		if (FkFuseNodeKind(x) != 'v')
			return FkFuseFail(ps, "argument of the wrong kind");
		if ((node = FkFuseNewNode(ps, FK_NODE_OP)) == NULL)
			return FkFuseFail(ps, "program too large");
		node->op = (FkKernelOp) op;
		node->shape = FkOps[op].shape;
		node->nargs = 1;
		node->args[0] = x;
		return node;
	}
	if ((x = FkFuseParseExpr(ps)) == NULL)
		return NULL;
	FkFuseSkip(ps);
	c = *ps->p;
	if (FkFuseInfixOp(c, "vv") < 0)
		return FkFuseFail(ps, "operator expected");
	ps->p++;
	if ((y = FkFuseParseExpr(ps)) == NULL)
		return NULL;
	if (!FkFuseExpect(ps, ')'))
		return FkFuseFail(ps, "\")\" expected");
	kinds[0] = FkFuseNodeKind(x);
	kinds[1] = FkFuseNodeKind(y);
	kinds[2] = '\0';
	if (strcmp(kinds, "ss") == 0)
	{
		FkFuseNode *args[2] = {x, y};

		return FkFuseScalarOpNode(ps, FkFuseScalarOpInfix(c, 2), args, 2);
	}
	if ((node = FkFuseNewNode(ps, FK_NODE_OP)) == NULL)
		return FkFuseFail(ps, "program too large");
	if ((op = FkFuseInfixOp(c, kinds)) < 0)
		return FkFuseFail(ps, "argument of the wrong kind");
	node->op = (FkKernelOp) op;
	node->shape = FkOps[op].shape;
	node->nargs = 2;
	node->args[0] = x;
	node->args[1] = y;
	return node;
}

/* One expression */
static FkFuseNode *
FkFuseParseExpr(FkFuseParser *ps)
{
	FkFuseNode *node;
	bool		root = ps->at_root;

	check_stack_depth();
	ps->at_root = false;
	FkFuseSkip(ps);
	if (*ps->p == '(')
	{
		ps->p++;
		return FkFuseParseParen(ps);
	}
	if (*ps->p == 'v' && isdigit((unsigned char) ps->p[1]))
	{
		long		n;
		char	   *end;

		n = strtol(ps->p + 1, &end, 10);
		if (n < 1 || n > ps->ninputs)
			return FkFuseFail(ps, "no such argument");
		ps->p = end;
		if ((node = FkFuseNewNode(ps, FK_NODE_INPUT)) == NULL)
			return FkFuseFail(ps, "program too large");
		node->input = (int) n - 1;
		node->argkind = ps->inputkinds[n - 1];
		return node;
	}
	if (FkFuseAtNumber(ps->p))
		return FkFuseParseNumber(ps);
	if (islower((unsigned char) *ps->p))
		return FkFuseParseCall(ps, root);
	return FkFuseFail(ps, "expression expected");
}

/* Mark in used the arguments the tree under node reads */
static void
FkFuseMarkInputs(const FkFuseNode *node, bool *used)
{
	check_stack_depth();
	if (node->kind == FK_NODE_INPUT)
		used[node->input] = true;
	for (int i = 0; FkFuseNodeHasArgs(node) && i < node->nargs; i++)
		FkFuseMarkInputs(node->args[i], used);
}

/*
 * The first of the ninputs arguments of a call that the program rooted at
 * root does not read (from 0), or -1 when it reads them all.  The planner
 * writes no such call: an argument there would be evaluated for nothing.
 */
int
FkFuseUnusedInput(const FkFuseNode *root, int ninputs)
{
	bool	   *used = palloc0(sizeof(bool) * Max(ninputs, 1));
	int			unused = -1;

	FkFuseMarkInputs(root, used);
	for (int i = 0; i < ninputs && unused < 0; i++)
		if (!used[i])
			unused = i;
	pfree(used);
	return unused;
}

/*
 * Parse a program whose arguments have the kinds inputkinds[0 .. ninputs-1]
 * ('v', 's', 'l'; '?' for a type fusion cannot use).  Returns the tree, or
 * NULL with *error set.  The root must be an operation.
 */
FkFuseNode *
FkFuseParse(const char *text, const char *inputkinds, int ninputs,
			char **error)
{
	FkFuseParser ps;
	FkFuseNode *root;

	ps.text = text;
	ps.p = text;
	ps.inputkinds = inputkinds;
	ps.ninputs = ninputs;
	ps.nnodes = 0;
	ps.nops = 0;
	ps.at_root = true;
	ps.in_reduce = 0;
	ps.nscalar_reduce = 0;
	ps.error = NULL;
	root = FkFuseParseExpr(&ps);
	if (root != NULL)
	{
		FkFuseSkip(&ps);
		if (*ps.p != '\0')
			root = FkFuseFail(&ps, "end of program expected");
		else if (!FkFuseNodeHasArgs(root) || root->kind == FK_NODE_SCALOP)
			root = FkFuseFail(&ps, "the program is no operation");
	}
	*error = ps.error;
	return root;
}
