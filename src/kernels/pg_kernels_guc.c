/*
 * pg_kernels_guc.c
 *		The GUC of the vector kernels and the choice of kernel table.
 *
 * fusekern.simd picks the instruction set once per setting (the assign hook
 * makes it the kernel core's instruction set in use, FkIsaUse, and stores
 * the tables), so a call only reads a pointer.  Forcing a set the CPU
 * lacks is refused by the check hook, at SET time.  What a call does with a
 * faulty element is its on_error argument, not a setting
 * (pg_kernels_fault.c).
 */
#include "postgres.h"

#include "utils/builtins.h"
#include "utils/guc.h"

#include "common/fusekern.h"
#include "kernels/pg_kernels.h"

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

/* Names of the instruction sets, for messages and fusekern_info() */
const char *
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

/*
 * Make the chosen instruction set the one in use, for every table of the
 * kernel core (GELU and the ALP decoder ask the core for it), and store
 * its kernel and check tables
 */
static void
FkSimdAssign(int newval, void *extra)
{
	FkIsaUse(newval);
	fk_kernels = FkKernelsFor(FkIsaInUse());
	fk_checks = FkChecksFor(FkIsaInUse());
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
