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
#define ON_ERROR_DOC \
	"; on_error ''error'' raises core''s error for an element core float8 " \
	"rejects, ''null'' makes it NULL"

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

/* The SQL type of argument i of op's shape in form */
static const char *
ArgType(int op, int form, int i)
{
	const char *kinds = FkShapes[FkOps[op].shape].kinds;
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

/*
 * The argument list of op's function in form: names and types, the
 * defaults of .args unless on_error follows, and on_error text
 */
static void
PutArgs(int op, int form, bool on_error)
{
	const char *args = FkOps[op].args ? FkOps[op].args :
		FkShapes[FkOps[op].shape].argnames;
	int			nargs = FkShapes[FkOps[op].shape].nargs;

	for (int i = 0; i < nargs; i++)
	{
		size_t		len = strcspn(args, ",");
		const char *dflt = strstr(args, " DEFAULT ");
		size_t		name_len = dflt && dflt < args + len ? (size_t) (dflt - args) : len;

		printf("%s%.*s %s", i > 0 ? ", " : "", (int) name_len, args,
			   ArgType(op, form, i));
		if (!on_error && name_len < len)
			printf("%.*s", (int) (len - name_len), args + name_len);
		args += len;
		args += strspn(args, ", ");
	}
	if (on_error)
		printf(", on_error text");
}

/* The argument types alone, as COMMENT ON FUNCTION names the function */
static void
PutTypes(int op, int form, bool on_error)
{
	for (int i = 0; i < FkShapes[FkOps[op].shape].nargs; i++)
		printf("%s%s", i > 0 ? ", " : "", ArgType(op, form, i));
	if (on_error)
		printf(", text");
}

/* Does op's operator take one argument (prefix -)? */
static bool
IsPrefix(int op)
{
	return FkShapes[FkOps[op].shape].nargs == 1;
}

/* One CREATE FUNCTION of op in form, and its COMMENT */
static void
PutFunction(int op, int form, bool on_error)
{
	const FkOpInfo *info = &FkOps[op];
	bool		mixed = form >= FORM_F8NV;

	printf("CREATE FUNCTION @extschema@.%s(", info->name);
	PutArgs(op, form, on_error);
	printf(") RETURNS %s\n", form == FORM_F8 ? F8 : NV);
	printf("\tAS 'MODULE_PATHNAME', '%s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE",
		   info->symbols[form]);
	printf(mixed ? ";\n" : "\n\tSUPPORT @extschema@.fusekern_support;\n");
	printf("COMMENT ON FUNCTION @extschema@.%s(", info->name);
	PutTypes(op, form, on_error);
	printf(") IS '");
	PutQuoted(on_error ? info->doc_on_error : info->doc);
	if (mixed)
		printf(", as nvec");
	if (on_error)
		printf(ON_ERROR_DOC);
	else if (info->infix)
		printf(" (the %s%s operator)", IsPrefix(op) ? "prefix " : "",
			   info->infix);
	printf("';\n\n");
}

/* The CREATE OPERATOR of op in form, and its COMMENT */
static void
PutOperator(int op, int form)
{
	const FkOpInfo *info = &FkOps[op];
	const char *left = IsPrefix(op) ? NULL : ArgType(op, form, 0);
	const char *right = ArgType(op, form, IsPrefix(op) ? 0 : 1);

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

/* Write the fragment */
int
main(void)
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
	return ferror(stdout) ? 1 : 0;
}
