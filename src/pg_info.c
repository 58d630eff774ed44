/*
 * pg_info.c
 *		fusekern_info(): what this backend runs with, as (name, value) rows:
 *		the instruction set fusekern.simd chose (and the copy of GELU the
 *		dispatcher runs for it), the CPU features probed, the SLEEF and
 *		OpenBLAS in use, and the executor's state.
 */
#include "postgres.h"

#include "fmgr.h"
#include "funcapi.h"
#include "utils/builtins.h"
#include "utils/guc.h"

#include "core/dense.h"
#include "kernels/pg_kernels.h"
#include "worker/worker.h"

/*
 * SLEEF's version as its header gives it: libsleef exports no version
 * call, and the soname (libsleef.so.3) pins the major version only.
 */
#include <sleef.h>

/*
 * OpenBLAS's own queries, weak: another BLAS may be linked instead, and
 * then they are NULL
 */
extern char *openblas_get_config(void) __attribute__((weak));
extern char *openblas_get_corename(void) __attribute__((weak));

PG_FUNCTION_INFO_V1(fusekern_info);

/* Append one (name, value) row */
static void
FkInfoRow(ReturnSetInfo *rsinfo, const char *name, const char *value)
{
	Datum		values[2];
	bool		nulls[2] = {false, value == NULL};

	values[0] = CStringGetTextDatum(name);
	values[1] = value ? CStringGetTextDatum(value) : (Datum) 0;
	tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
}

/* The CPU features the dispatcher probed, by the names of fusekern.simd */
static char *
FkInfoCpuFeatures(void)
{
	StringInfoData buf;

	initStringInfo(&buf);
	appendStringInfoString(&buf, "scalar");
	if (FkCpuHasFma())
		appendStringInfoString(&buf, " fma");
	if (FkIsaSupported(FK_ISA_AVX2))
		appendStringInfoString(&buf, " avx2");
	if (FkIsaSupported(FK_ISA_AVX512))
		appendStringInfoString(&buf, " avx512");
	return buf.data;
}

/* fusekern_info(): one row per fact, in a fixed order */
Datum
fusekern_info(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;

	InitMaterializedSRF(fcinfo, 0);
	FkInfoRow(rsinfo, "simd", GetConfigOption("fusekern.simd", false, false));
	FkInfoRow(rsinfo, "simd_path", FkIsaName(FkIsaInUse()));
	FkInfoRow(rsinfo, "gelu_path", FkIsaName(FkGeluIsa()));
	FkInfoRow(rsinfo, "cpu_features", FkInfoCpuFeatures());
	FkInfoRow(rsinfo, "cpu_cap", FkCpuCapName());
	FkInfoRow(rsinfo, "sleef_version",
			  psprintf("%d.%d.%d", SLEEF_VERSION_MAJOR, SLEEF_VERSION_MINOR,
					   SLEEF_VERSION_PATCHLEVEL));
	FkInfoRow(rsinfo, "openblas_config",
			  openblas_get_config ? openblas_get_config() : NULL);
	FkInfoRow(rsinfo, "openblas_core",
			  openblas_get_corename ? openblas_get_corename() : NULL);
	FkInfoRow(rsinfo, "executor", FkExecutorStateText());
	return (Datum) 0;
}
