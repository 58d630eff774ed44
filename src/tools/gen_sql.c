/*
 * gen_sql.c
 *		Writes the SQL of the catalogue's elementwise operations
 *		(core/ops_catalog.h) to standard output: for float8[] and for nvec,
 *		each operation's function, its operator, its on_error form when it
 *		can fault, its forms over one vector of each type when its shape
 *		has two vectors, and a COMMENT ON for each.  The Makefile builds it
 *		with the host's compiler and runs it to make a fragment of the
 *		install script (src/sql/10_kernels.sql in the build tree).
 *
 * Labels: every function is IMMUTABLE STRICT PARALLEL SAFE; those over one
 * vector type name the planner support function fusekern_support, the
 * mixed ones are not fused.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "core/ops.h"

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

/* f as CREATE FUNCTION, and its COMMENT */
static void
PutFunc(const SqlFunc *f)
{
	const char *extra_type = f->extra ? strchr(f->extra, ' ') + 1 : NULL;

	printf("CREATE FUNCTION @extschema@.%s(", f->name);
	PutArgs(f);
	printf(") RETURNS %s\n", f->returns);
	printf("\tAS 'MODULE_PATHNAME', '%s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE",
		   f->symbol);
	printf(f->support ? "\n\tSUPPORT @extschema@.fusekern_support;\n" : ";\n");
	printf("COMMENT ON FUNCTION @extschema@.%s(", f->name);
	for (int i = 0; i < FkShapes[f->shape].nargs; i++)
		printf("%s%s", i > 0 ? ", " : "", ArgType(f->shape, f->form, i));
	if (extra_type)
		printf(", %s", extra_type);
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

		PutFunc(&f);
		if (info->kind != FK_KIND_ROLLING)
			continue;
		f.extra = "min_count integer";
		f.support = false;
		f.doc = info->doc_min_count;
		PutFunc(&f);
	}
}

/* The reductions (float8 results); vdot also over one vector of each type */
static void
PutReductions(int form)
{
	static const char *const mixed[] = {"_float8arr_nvec", "_nvec_float8arr"};

	printf("-- reductions over %s\n\n", form == FORM_F8 ? "float8[]" : "nvec");
	for (int r = 0; r < FK_ROP_COUNT; r++)
	{
		const FkRedInfo *info = &FkReds[r];
		SqlFunc		f = {
			.name = info->name,
			.shape = info->shape,
			.form = form,
			.returns = "float8",
			.symbol = info->symbols[form],
			.support = true,
			.doc = info->doc,
		};
		char		symbol[64];

		PutFunc(&f);
		if (!FkShapes[info->shape].mixed || form != FORM_NV)
			continue;
		for (int m = 0; m < 2; m++)
		{
			snprintf(symbol, sizeof(symbol), "%s%s", info->name, mixed[m]);
			f.form = FORM_F8NV + m;
			f.symbol = symbol;
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
		   "-- of the same length; reductions a float8, NULL elements skipped.  They\n"
		   "-- name fusekern_support: nested in or around other fusekern calls they\n"
		   "-- fuse as stateful instructions or as the sink of a fused_reduce call\n"
		   "-- (docs/fusion.md); the min_count forms of the rolling windows and the\n"
		   "-- mixed forms of vdot do not.\n\n");
	PutStreams(FORM_F8);
	PutStreams(FORM_NV);
	PutReductions(FORM_F8);
	PutReductions(FORM_NV);
}

/* Write the fragment argv[1] names: kernels or series */
int
main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "kernels") == 0)
		PutKernels();
	else if (argc == 2 && strcmp(argv[1], "series") == 0)
		PutSeries();
	else
	{
		fprintf(stderr, "usage: gen_sql kernels|series\n");
		return 2;
	}
	return ferror(stdout) ? 1 : 0;
}
