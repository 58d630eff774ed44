/*
 * pg_kernels_guc.c
 *		GUCs of the vector kernels, the choice of kernel table, and the
 *		errors core float8 raises for the faults the checks find.
 *
 * fusekern.simd picks the instruction set once per setting (the assign hook
 * stores the table), so a call only reads a pointer.  Forcing a set the CPU
 * lacks is refused by the check hook, at SET time.
 */
#include "postgres.h"

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

static const struct config_enum_entry fk_domain_error_options[] = {
	{"error", FK_DOMAIN_ERROR_ERROR, false},
	{"null", FK_DOMAIN_ERROR_NULL, false},
	{NULL, 0, false}
};

int			fk_domain_error = FK_DOMAIN_ERROR_ERROR;
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

/* Define fusekern.simd and fusekern.domain_error */
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
	DefineCustomEnumVariable("fusekern.domain_error",
							 "What vector functions do with an element core float8 would reject.",
							 "error raises core's error (logarithm of zero, division "
							 "by zero, overflow, ...); null makes such elements NULL.",
							 &fk_domain_error,
							 FK_DOMAIN_ERROR_ERROR,
							 fk_domain_error_options,
							 PGC_USERSET,
							 0,
							 NULL,
							 NULL,
							 NULL);
}

/*
 * Raise the error core float8 raises for fault f (same SQLSTATE and
 * message), naming the element (1-based) it comes from.
 */
void
FkReportFault(FkFault f, size_t index)
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
			 errdetail("The error comes from element %zu of the vector.",
					   index + 1),
			 errhint("Set fusekern.domain_error to 'null' to get NULL for such elements instead.")));
}
