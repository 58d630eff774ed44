/*
 * pg_kernels_guc.c
 *		The GUC of the vector kernels, the choice of kernel table, the
 *		on_error argument, and the errors core float8 raises for the faults
 *		the checks find.
 *
 * fusekern.simd picks the instruction set once per setting (the assign hook
 * stores the table), so a call only reads a pointer.  Forcing a set the CPU
 * lacks is refused by the check hook, at SET time.
 *
 * What a call does with a faulty element is its on_error argument, not a
 * setting: the functions are IMMUTABLE, so the same arguments must give the
 * same result in an index, a plan cache or another session.
 */
#include "postgres.h"

#include "utils/builtins.h"
#include "utils/guc.h"

#include "fusekern.h"
#include "pg_kernels.h"

/* fusekern.simd: auto, or an FkIsa */
#define FK_SIMD_AUTO	(-1)

static const struct config_enum_entry fk_simd_options[] = {
	{"auto", FK_SIMD_AUTO, false},
	{"avx512", FK_ISA_AVX512, false},
	{"avx2", FK_ISA_AVX2, false},
	{"scalar", FK_ISA_SCALAR, false},
	{NULL, 0, false}
};

static int	fk_simd = FK_SIMD_AUTO;

static const FkKernelTable *fk_kernels = NULL;
static const FkCheckTable *fk_checks = NULL;

/* Names of the instruction sets, for messages */
static const char *
FkIsaName(int isa)
{
	switch (isa)
	{
		case FK_ISA_AVX512:
			return "AVX-512";
		case FK_ISA_AVX2:
			return "AVX2";
		default:
			return "scalar";
	}
}

/* Refuse an instruction set this CPU does not support */
static bool
FkSimdCheck(int *newval, void **extra, GucSource source)
{
	if (*newval == FK_SIMD_AUTO || FkIsaSupported((FkIsa) *newval))
		return true;
	GUC_check_errcode(ERRCODE_FEATURE_NOT_SUPPORTED);
	GUC_check_errdetail("This CPU does not support %s.", FkIsaName(*newval));
	return false;
}

/* Store the kernel and check tables of the chosen instruction set */
static void
FkSimdAssign(int newval, void *extra)
{
	FkIsa		isa = (newval == FK_SIMD_AUTO) ? FkDetectIsa() : (FkIsa) newval;

	fk_kernels = FkKernelsFor(isa);
	fk_checks = FkChecksFor(isa);
}

/* The kernel table in use */
const FkKernelTable *
FkKernels(void)
{
	return fk_kernels;
}

/* The checks in use */
const FkCheckTable *
FkChecks(void)
{
	return fk_checks;
}

/* Define fusekern.simd */
void
FkKernelsInit(void)
{
	DefineCustomEnumVariable("fusekern.simd",
							 "Instruction set of the vector kernels.",
							 "auto picks the best one this CPU has; avx512, avx2 "
							 "and scalar force one (refused if the CPU lacks it).",
							 &fk_simd,
							 FK_SIMD_AUTO,
							 fk_simd_options,
							 PGC_USERSET,
							 0,
							 FkSimdCheck,
							 FkSimdAssign,
							 NULL);
}

/* The on_error argument argno of fcinfo: 'error' or 'null' */
FkOnError
FkGetOnError(FunctionCallInfo fcinfo, int argno)
{
	text	   *t = PG_GETARG_TEXT_PP(argno);
	const char *p = VARDATA_ANY(t);
	int			len = VARSIZE_ANY_EXHDR(t);

	if (len == 5 && memcmp(p, "error", 5) == 0)
		return FK_ON_ERROR_ERROR;
	if (len == 4 && memcmp(p, "null", 4) == 0)
		return FK_ON_ERROR_NULL;
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("invalid value for on_error: \"%s\"", text_to_cstring(t)),
			 errdetail("Allowed values are \"error\" and \"null\".")));
	return FK_ON_ERROR_ERROR;	/* keep the compiler quiet */
}

/*
 * Raise the error core float8 raises for fault f (same SQLSTATE and
 * message), naming the element (1-based) and the argument it comes from,
 * with a hint at the call that gives NULL instead (when the function has
 * an on_error argument: site->args is NULL for those without).
 */
void
FkReportFault(FkFault f, const FkFaultSite *site)
{
	int			code;
	const char *msg;

	switch (f)
	{
		case FK_FAULT_LOG_ZERO:
			code = ERRCODE_INVALID_ARGUMENT_FOR_LOG;
			msg = "cannot take logarithm of zero";
			break;
		case FK_FAULT_LOG_NEGATIVE:
			code = ERRCODE_INVALID_ARGUMENT_FOR_LOG;
			msg = "cannot take logarithm of a negative number";
			break;
		case FK_FAULT_SQRT_NEGATIVE:
			code = ERRCODE_INVALID_ARGUMENT_FOR_POWER_FUNCTION;
			msg = "cannot take square root of a negative number";
			break;
		case FK_FAULT_DIV_ZERO:
			code = ERRCODE_DIVISION_BY_ZERO;
			msg = "division by zero";
			break;
		case FK_FAULT_OVERFLOW:
			code = ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE;
			msg = "value out of range: overflow";
			break;
		case FK_FAULT_UNDERFLOW:
			code = ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE;
			msg = "value out of range: underflow";
			break;
		default:
			elog(ERROR, "unexpected fault %d", (int) f);
	}
	ereport(ERROR,
			(errcode(code),
			 errmsg_internal("%s", msg),
			 errdetail("The error comes from element %zu of the %s of %s().",
					   site->index + 1, site->which, site->func),
			 site->args ? errhint("Call %s(%s, 'null') to get NULL for such elements instead.",
								  site->func, site->args) : 0));
}
