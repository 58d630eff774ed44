/*
 * gen_sql.c
 *		Writes the SQL of the catalogue's elementwise operations
 *		(core/ops_catalog.h) to standard output: for float8[] and for nvec,
 *		each operation's function, its operator, its on_error form when it
 *		can fault, its forms over one vector of each type when its shape
 *		has two vectors, and a COMMENT ON for each.  The Makefile builds it
 *		with the host's compiler and runs it to make a fragment of the
 *		install script (src/sql/10_kernels.sql in the build tree); and the
 *		SQL of the aggregates across rows from their rows (agg_catalog.h).
 *
 * Labels: every function is IMMUTABLE STRICT PARALLEL SAFE; those over one
 * vector type name the planner support function fusekern_support, the
 * mixed ones are not fused.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "core/ops.h"
#include "tools/agg_catalog.h"

/* The vector types of a form, by FkOpInfo.symbols index */
enum
{
	FORM_F8,					/* float8[] */
	FORM_NV,					/* nvec */
	FORM_F8NV,					/* (float8[], nvec) -> nvec */
	FORM_NVF8,					/* (nvec, float8[]) -> nvec */
	FORM_COUNT
};

#define F8		"float8[]"
#define NV		"@extschema@.nvec"
#define ON_ERROR_DOC_PLAIN \
	"; on_error 'error' raises core's error for an element core float8 " \
	"rejects, 'null' makes it NULL"

/* The SQL type of vector argument k (0 or 1) of a form */
static const char *
VectorType(int form, int k)
{
	if (form == FORM_F8)
		return F8;
	if (form == FORM_NV)
		return NV;
	return (form == FORM_F8NV) == (k == 0) ? F8 : NV;
}

/* The SQL type of argument i of a shape in form */
static const char *
ArgType(FkShape shape, int form, int i)
{
	const char *kinds = FkShapes[shape].kinds;
	int			k = 0;

	for (int j = 0; j < i; j++)
		k += kinds[j] == 'v';
	switch (kinds[i])
	{
		case 'v':
			return VectorType(form, k);
		case 'l':
			return "integer";
		default:
			return "float8";
	}
}

/* s with every single quote doubled, as an SQL literal holds it */
static void
PutQuoted(const char *s)
{
	for (; *s; s++)
	{
		if (*s == '\'')
			putchar('\'');
		putchar(*s);
	}
}

/* One SQL function of the catalogue, as CREATE FUNCTION and COMMENT ON */
typedef struct SqlFunc
{
	const char *name;
	FkShape		shape;
	const char *args;			/* names and defaults, NULL: the shape's */
	int			form;			/* FORM_* */
	const char *extra;			/* a last argument ("on_error text"), or
								 * NULL; defaults are then left out */
	const char *returns;
	const char *symbol;
	bool		support;		/* names fusekern_support */
	const char *doc;			/* the comment, then */
	const char *doc_more;		/* ... this after it, or NULL */
} SqlFunc;

/*
 * The argument list of f: names and types, the defaults of its args unless
 * an extra argument follows, and the extra argument
 */
static void
PutArgs(const SqlFunc *f)
{
	const char *args = f->args ? f->args : FkShapes[f->shape].argnames;

	for (int i = 0; i < FkShapes[f->shape].nargs; i++)
	{
		size_t		len = strcspn(args, ",");
		const char *dflt = strstr(args, " DEFAULT ");
		size_t		name_len = dflt && dflt < args + len ? (size_t) (dflt - args) : len;

		printf("%s%.*s %s", i > 0 ? ", " : "", (int) name_len, args,
			   ArgType(f->shape, f->form, i));
		if (!f->extra && name_len < len)
			printf("%.*s", (int) (len - name_len), args + name_len);
		args += len;
		args += strspn(args, ", ");
	}
	if (f->extra)
		printf(", %s", f->extra);
}

/* The types of extra arguments "name type, name type", without the names */
static void
PutExtraTypes(const char *extra)
{
	while (*extra)
	{
		const char *type = strchr(extra, ' ') + 1;
		size_t		len = strcspn(type, ",");

		printf(", %.*s", (int) len, type);
		extra = type + len;
		extra += strspn(extra, ", ");
	}
}

/* f as CREATE FUNCTION, and its COMMENT */
static void
PutFunc(const SqlFunc *f)
{

	printf("CREATE FUNCTION @extschema@.%s(", f->name);
	PutArgs(f);
	printf(") RETURNS %s\n", f->returns);
	printf("\tAS 'MODULE_PATHNAME', '%s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE",
		   f->symbol);
	printf(f->support ? "\n\tSUPPORT @extschema@.fusekern_support;\n" : ";\n");
	printf("COMMENT ON FUNCTION @extschema@.%s(", f->name);
	for (int i = 0; i < FkShapes[f->shape].nargs; i++)
		printf("%s%s", i > 0 ? ", " : "", ArgType(f->shape, f->form, i));
	if (f->extra)
		PutExtraTypes(f->extra);
	printf(") IS '");
	PutQuoted(f->doc);
	if (f->doc_more)
		PutQuoted(f->doc_more);
	printf("';\n\n");
}


/* Does op's operator take one argument (prefix -)? */
static bool
IsPrefix(int op)
{
	return FkShapes[FkOps[op].shape].nargs == 1;
}

/* One SQL function of elementwise op in form, and its COMMENT */
static void
PutFunction(int op, int form, bool on_error)
{
	const FkOpInfo *info = &FkOps[op];
	bool		mixed = form >= FORM_F8NV;
	char		more[128] = "";
	SqlFunc		f = {
		.name = info->name,
		.shape = info->shape,
		.args = info->args,
		.form = form,
		.extra = on_error ? "on_error text" : NULL,
		.returns = form == FORM_F8 ? F8 : NV,
		.symbol = info->symbols[form],
		.support = !mixed,
		.doc = on_error ? info->doc_on_error : info->doc,
		.doc_more = more,
	};

	if (mixed)
		strcat(more, ", as nvec");
	if (on_error)
		strcat(more, ON_ERROR_DOC_PLAIN);
	else if (info->infix)
		snprintf(more + strlen(more), sizeof(more) - strlen(more),
				 " (the %s%s operator)", IsPrefix(op) ? "prefix " : "",
				 info->infix);
	PutFunc(&f);
}

/* The CREATE OPERATOR of op in form, and its COMMENT */
static void
PutOperator(int op, int form)
{
	const FkOpInfo *info = &FkOps[op];
	const char *left = IsPrefix(op) ? NULL : ArgType(FkOps[op].shape, form, 0);
	const char *right = ArgType(FkOps[op].shape, form, IsPrefix(op) ? 0 : 1);

	printf("CREATE OPERATOR @extschema@.%s (", info->infix);
	if (left)
		printf("LEFTARG = %s, ", left);
	printf("RIGHTARG = %s, FUNCTION = @extschema@.%s", right, info->name);
	if (info->flags & FK_OPF_COMMUTES)
		printf(", COMMUTATOR = OPERATOR(@extschema@.%s)", info->infix);
	printf(");\n");
	printf("COMMENT ON OPERATOR @extschema@.%s (%s, %s) IS '", info->infix,
		   left ? left : "NONE", right);
	PutQuoted(info->doc);
	printf("%s';\n\n", form >= FORM_F8NV ? ", as nvec" : "");
}

/* Does op have a form of this kind? */
static bool
HasForm(int op, int form, bool on_error)
{
	if (on_error && !FkKernelOpCanFault((FkKernelOp) op))
		return false;
	return strcmp(FkOps[op].symbols[form], "_") != 0;
}

/* Every function of one form (on_error or not), then its operators */
static void
PutForm(int form, bool on_error, const char *title)
{
	printf("-- %s\n\n", title);
	for (int op = 0; op < FK_KOP_COUNT; op++)
		if (HasForm(op, form, on_error))
			PutFunction(op, form, on_error);
	if (on_error)
		return;
	for (int op = 0; op < FK_KOP_COUNT; op++)
		if (HasForm(op, form, false) && FkOps[op].infix)
			PutOperator(op, form);
}

/*
 * The forms of rolling window f (its min_count form) with a last argument
 * center: centred windows when true, as pandas' rolling(center=True); C
 * symbol rolling_<op>_c_<type>, not fused
 */
static void
PutCentred(const SqlFunc *mc, const FkOpInfo *info)
{
	static const char centred[] =
		"; with center true, the window of w elements centred on each "
		"element instead (w / 2 before it, (w - 1) / 2 after it, rounded "
		"down, clipped to the vector; NULL at a NULL element), as pandas' "
		"rolling(w, center=True)";
	SqlFunc		f = *mc;
	char		symbol[128];

	snprintf(symbol, sizeof(symbol), "%s_c_%s", info->name,
			 f.form == FORM_F8 ? "float8arr" : "nvec");
	f.symbol = symbol;
	f.doc_more = centred;
	f.extra = "center boolean";
	f.doc = info->doc;
	PutFunc(&f);
	f.extra = "min_count integer, center boolean";
	f.doc = info->doc_min_count;
	PutFunc(&f);
}

/* The running, rolling and shift functions of one vector type */
static void
PutStreams(int form)
{
	printf("-- %s: running, rolling, shift\n\n", form == FORM_F8 ? "float8[]" : "nvec");
	for (int op = FK_KOP_COUNT; op < FK_FOP_COUNT; op++)
	{
		const FkOpInfo *info = &FkOps[op];
		SqlFunc		f = {
			.name = info->name,
			.shape = info->shape,
			.args = info->args,
			.form = form,
			.returns = form == FORM_F8 ? F8 : NV,
			.symbol = info->symbols[form],
			.support = true,
			.doc = info->doc,
		};

		/* the windows of a duration: src/sql/47_series_time.sql */
		if (info->kind == FK_KIND_TIME)
			continue;
		PutFunc(&f);
		if (info->kind != FK_KIND_ROLLING)
			continue;
		f.extra = "min_count integer";
		f.support = false;
		f.doc = info->doc_min_count;
		PutFunc(&f);
		PutCentred(&f, info);
	}
}

/*
 * The reductions (float8 results, integer positions); those of two vectors
 * also over one vector of each type, after their nvec form
 */
static void
PutReductions(int form)
{
	printf("-- reductions over %s\n\n", form == FORM_F8 ? "float8[]" : "nvec");
	for (int r = 0; r < FK_ROP_COUNT; r++)
	{
		const FkRedInfo *info = &FkReds[r];
		SqlFunc		f = {
			.name = info->name,
			.shape = info->shape,
			.form = form,
			.returns = info->position ? "integer" : "float8",
			.symbol = info->symbols[form],
			.support = true,
			.args = info->args,
			.doc = info->doc,
		};

		PutFunc(&f);
		if (form != FORM_NV)
			continue;
		for (int m = FORM_F8NV; m <= FORM_NVF8; m++)
		{
			if (strcmp(info->symbols[m], "_") == 0)
				continue;
			f.form = m;
			f.symbol = info->symbols[m];
			f.support = false;
			PutFunc(&f);
		}
	}
}

/* The fragment of the elementwise operations */
static void
PutKernels(void)
{
	printf("-- Vector kernels over float8[] and nvec (src/pg_kernels*.c, docs/kernels.md),\n"
		   "-- written by src/tools/gen_sql.c from the catalogue of operations\n"
		   "-- (src/core/ops_catalog.h): do not edit.\n"
		   "--\n"
		   "-- Every function returns the type of its vector input, or nvec when it\n"
		   "-- takes one vector of each type.  A NULL element of an input makes the\n"
		   "-- elements of the output that depend on it NULL; a NULL argument makes\n"
		   "-- the result NULL (STRICT).  All are IMMUTABLE: an element core float8\n"
		   "-- would reject raises core's error, or becomes NULL when the call's\n"
		   "-- on_error argument is 'null', whatever the session.  Those over one\n"
		   "-- vector type name the planner support function fusekern_support\n"
		   "-- (05_fusion_support.sql), through which nested calls fuse; the mixed\n"
		   "-- forms run on their own.\n\n");
	PutForm(FORM_F8, false, "float8[]");
	PutForm(FORM_NV, false, "nvec");
	PutForm(FORM_F8, true, "float8[] with on_error");
	PutForm(FORM_NV, true, "nvec with on_error");
	PutForm(FORM_F8NV, false, "float8[] and nvec, as nvec");
	PutForm(FORM_NVF8, false, "nvec and float8[], as nvec");
	PutForm(FORM_F8NV, true, "float8[] and nvec with on_error");
	PutForm(FORM_NVF8, true, "nvec and float8[] with on_error");
}

/* The fragment of the running, rolling and reducing operations */
static void
PutSeries(void)
{
	printf("-- Running operations, rolling windows, shift and reductions over\n"
		   "-- float8[] and nvec (src/pg_series_*.c, src/core/series_*.c,\n"
		   "-- docs/series.md), written by src/tools/gen_sql.c from the catalogue\n"
		   "-- (FK_STREAMS and FK_REDUCTIONS of src/core/ops_catalog.h): do not edit.\n"
		   "--\n"
		   "-- Running and rolling functions return the type of their vector input,\n"
		   "-- of the same length; reductions a float8 (vargmin and vargmax an\n"
		   "-- integer position), NULL elements skipped.  They\n"
		   "-- name fusekern_support: nested in or around other fusekern calls they\n"
		   "-- fuse as stateful instructions or as the sink of a fused_reduce call\n"
		   "-- (docs/fusion.md); the min_count forms of the rolling windows and the\n"
		   "-- mixed forms of the reductions of two vectors do not.\n\n");
	PutStreams(FORM_F8);
	PutStreams(FORM_NV);
	PutReductions(FORM_F8);
	PutReductions(FORM_NV);
}

/* The SQL type, C symbol suffix and COMMENT noun of each FK_AGG_* type */
static const struct
{
	int			flag;
	const char *type;
	const char *label;			/* as a COMMENT names the type */
	const char *suffix;
	const char *noun;
}			AggTypes[] = {
	{FK_AGG_NVEC, NV, "nvec", "nvec", "an nvec"},
	{FK_AGG_FLOAT8ARR, F8, "float8[]", "float8arr", "a float8[]"},
};

#define AGG_TYPE_COUNT ((int) (sizeof(AggTypes) / sizeof(AggTypes[0])))

/*
 * Append to buf the aggregates of state (with a form over type t, written
 * "sum(nvec)", when t >= 0) as a list: "sum, min and max"
 */
static void
AggList(char *buf, size_t size, FkAggStateId state, int t)
{
	int			n = 0,
				total = 0;

	for (int a = 0; a < FK_AGG_COUNT; a++)
		total += FkAggs[a].state == state &&
			(t < 0 || (FkAggs[a].types & AggTypes[t].flag));
	for (int a = 0; a < FK_AGG_COUNT; a++)
	{
		size_t		len = strlen(buf);

		if (FkAggs[a].state != state ||
			(t >= 0 && !(FkAggs[a].types & AggTypes[t].flag)))
			continue;
		n++;
		snprintf(buf + len, size - len, "%s%s%s%s%s",
				 n == 1 ? "" : n == total ? " and " : ", ", FkAggs[a].name,
				 t >= 0 ? "(" : "", t >= 0 ? AggTypes[t].label : "",
				 t >= 0 ? ")" : "");
	}
}

/*
 * A support function of an aggregate, as CREATE FUNCTION and COMMENT ON,
 * after a blank line: args are its argument types, symbol its C symbol
 * when not its name
 */
static void
PutAggFunc(const char *name, const char *args, const char *returns,
		   const char *symbol, bool strict, const char *doc)
{
	printf("\nCREATE FUNCTION @extschema@.%s(%s) RETURNS %s\n", name, args, returns);
	printf("\tAS 'MODULE_PATHNAME'");
	if (symbol)
		printf(", '%s'", symbol);
	printf(" LANGUAGE C IMMUTABLE %sPARALLEL SAFE;\n", strict ? "STRICT " : "");
	printf("COMMENT ON FUNCTION @extschema@.%s(%s) IS\n'", name, args);
	PutQuoted(doc);
	printf("';\n");
}

/*
 * The functions of one aggregate state: the transition functions of its
 * aggregates (and the final functions of those with their own), its final
 * functions, its combine function and, for an internal state, its
 * serialization functions
 */
static void
PutAggState(FkAggStateId s)
{
	const FkAggStateInfo *st = &FkAggStates[s];
	bool		internal = strcmp(st->stype, "internal") == 0;
	bool		shared_final = false;
	int			types = 0;
	char		name[64],
				args[128],
				symbol[128],
				list[256] = "",
				doc[512];

	if (st->note)
		printf("\n%s", st->note);
	for (int a = 0; a < FK_AGG_COUNT; a++)
	{
		if (FkAggs[a].state != s)
			continue;
		types |= FkAggs[a].types;
		for (int t = 0; t < AGG_TYPE_COUNT; t++)
		{
			if (!(FkAggs[a].types & AggTypes[t].flag))
				continue;
			snprintf(name, sizeof(name), "vec_%s_transfn", FkAggs[a].name);
			snprintf(args, sizeof(args), "%s, %s", st->stype, AggTypes[t].type);
			snprintf(symbol, sizeof(symbol), "%s_%s", name, AggTypes[t].suffix);
			snprintf(doc, sizeof(doc), "state transition function of %s(%s): %s",
					 FkAggs[a].name, AggTypes[t].label, FkAggs[a].trans_doc);
			PutAggFunc(name, args, st->stype, symbol, false, doc);
			if (!FkAggs[a].own_final)
				continue;
			snprintf(name, sizeof(name), "vec_%s_finalfn_%s", FkAggs[a].name,
					 AggTypes[t].suffix);
			snprintf(doc, sizeof(doc), "final function of %s(%s): %s %s",
					 FkAggs[a].name, AggTypes[t].label, FkAggs[a].final_doc,
					 AggTypes[t].noun);
			PutAggFunc(name, st->stype, AggTypes[t].type, NULL, st->strict, doc);
		}
		if (!FkAggs[a].own_final)
			shared_final = true;
	}
	for (int t = 0; t < AGG_TYPE_COUNT; t++)
	{
		char		types_list[256] = "";

		if (!(types & AggTypes[t].flag) || !shared_final)
			continue;
		AggList(types_list, sizeof(types_list), s, t);
		snprintf(name, sizeof(name), "%s_finalfn_%s", st->prefix, AggTypes[t].suffix);
		snprintf(doc, sizeof(doc), "final function of %s: %s %s",
				 types_list, st->final_doc, AggTypes[t].noun);
		PutAggFunc(name, st->stype, AggTypes[t].type, NULL, st->strict, doc);
	}
	AggList(list, sizeof(list), s, -1);
	snprintf(name, sizeof(name), "%s_combinefn", st->prefix);
	snprintf(args, sizeof(args), "%s, %s", st->stype, st->stype);
	snprintf(doc, sizeof(doc), "combine function of %s over vectors: %s",
			 list, st->combine_doc);
	PutAggFunc(name, args, st->stype, NULL, st->strict, doc);
	if (!internal)
		return;
	snprintf(name, sizeof(name), "%s_serialfn", st->prefix);
	snprintf(doc, sizeof(doc),
			 "serialization function of %s over vectors: the state as a bytea", list);
	PutAggFunc(name, "internal", "bytea", NULL, true, doc);
	snprintf(name, sizeof(name), "%s_deserialfn", st->prefix);
	snprintf(doc, sizeof(doc),
			 "deserialization function of %s over vectors: a checked bytea back to a state",
			 list);
	PutAggFunc(name, "bytea, internal", "internal", NULL, true, doc);
}

/* The CREATE AGGREGATE of aggregate a over type t, and its COMMENT */
static void
PutAggregate(int a, int t)
{
	const FkAggInfo *agg = &FkAggs[a];
	const FkAggStateInfo *st = &FkAggStates[agg->state];

	printf("\nCREATE AGGREGATE @extschema@.%s(%s) (\n", agg->name, AggTypes[t].type);
	printf("\tSFUNC = @extschema@.vec_%s_transfn,\n", agg->name);
	printf("\tSTYPE = %s,\n", st->stype);
	if (agg->own_final)
		printf("\tFINALFUNC = @extschema@.vec_%s_finalfn_%s,\n", agg->name,
			   AggTypes[t].suffix);
	else
		printf("\tFINALFUNC = @extschema@.%s_finalfn_%s,\n", st->prefix,
			   AggTypes[t].suffix);
	printf("\tFINALFUNC_MODIFY = READ_ONLY,\n");
	printf("\tCOMBINEFUNC = @extschema@.%s_combinefn,\n", st->prefix);
	if (strcmp(st->stype, "internal") == 0)
	{
		printf("\tSERIALFUNC = @extschema@.%s_serialfn,\n", st->prefix);
		printf("\tDESERIALFUNC = @extschema@.%s_deserialfn,\n", st->prefix);
	}
	printf("\tPARALLEL = SAFE\n);\n");
	printf("COMMENT ON AGGREGATE @extschema@.%s(%s) IS\n'", agg->name, AggTypes[t].type);
	PutQuoted(agg->doc);
	printf("';\n");
}

/* The fragment of the aggregates across rows: functions, then aggregates */
static void
PutAggregates(void)
{
	printf("-- Aggregates across rows (src/series/pg_series_agg.c, docs/series.md), written\n"
		   "-- by src/tools/gen_sql.c from the rows of src/tools/agg_catalog.h: do\n"
		   "-- not edit.\n"
		   "--\n"
		   "-- sum and avg over a column of nvec or float8[], min and max over a\n"
		   "-- column of nvec, position by position.  Position i of the result\n"
		   "-- aggregates position i of every row: NULL elements are skipped, a\n"
		   "-- position without any valid element is NULL, a NULL row is skipped, no\n"
		   "-- rows give NULL; rows of different lengths are an error.  min and max\n"
		   "-- are not defined over float8[]: core's min(anyarray) and max(anyarray)\n"
		   "-- order arrays as wholes.  Each has a combine function: PostgreSQL may\n"
		   "-- run it in parallel.  sum, min and max keep an internal state,\n"
		   "-- serialized as a bytea between parallel workers; avg keeps an ordinary\n"
		   "-- float8[] (sums, then counts of valid elements), so that Citus combines\n"
		   "-- avg's partial states through vec_avg_combinefn: Citus uses an\n"
		   "-- aggregate's combine function only when its state is not internal, and\n"
		   "-- otherwise rewrites avg(x) as sum(x) / count(x), a count of rows\n"
		   "-- (docs/scale-out.md).  variance, var_pop, stddev and stddev_pop keep\n"
		   "-- one float8[] state (counts, sums, squared deviations: core's\n"
		   "-- float8_accum at each position) for the same reason, each with its own\n"
		   "-- final functions.  skew and kurtosis keep one float8[] state (counts,\n"
		   "-- means, sums of the second, third and fourth powers of deviations,\n"
		   "-- combined with Pebay's formulas), each with its own final functions.\n");
	for (int s = 0; s < FK_AGGSTATE_COUNT; s++)
		PutAggState((FkAggStateId) s);
	for (int a = 0; a < FK_AGG_COUNT; a++)
		for (int t = 0; t < AGG_TYPE_COUNT; t++)
			if (FkAggs[a].types & AggTypes[t].flag)
				PutAggregate(a, t);
}

/* Write the fragment argv[1] names: kernels, series or aggregates */
int
main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "kernels") == 0)
		PutKernels();
	else if (argc == 2 && strcmp(argv[1], "series") == 0)
		PutSeries();
	else if (argc == 2 && strcmp(argv[1], "aggregates") == 0)
		PutAggregates();
	else
	{
		fprintf(stderr, "usage: gen_sql kernels|series|aggregates\n");
		return 2;
	}
	return ferror(stdout) ? 1 : 0;
}
