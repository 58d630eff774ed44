/*
 * pg_kernels_entry.c
 *		The SQL entry points of the vector operations, one per C symbol the
 *		catalogue names (core/ops_catalog.h): f8 over float8[], nv over
 *		nvec, and for two vectors f8nv (float8[], nvec) and nvf8 (nvec,
 *		float8[]), both returning nvec.  Each hands fcinfo to the one driver
 *		(pg_kernels_run.c) with its operation; the SQL signatures with and
 *		without a trailing on_error share the entry point.
 *
 * What each operation computes and checks is said in the catalogue and in
 * docs/kernels.md: ln, log10 and sqrt check their input (2201E, 2201F, as
 * dlog1/dlog10/dsqrt), exp its result (22003, as dexp), + - * / and the
 * chains follow float8_pl/mi/mul/div step by step; abs and vneg cannot
 * fail.
 */
#include "postgres.h"

#include "kernels/pg_kernels.h"

/* One entry point: symbol runs operation OP with vector types nvec_args */
#define FK_ENTRY(symbol, OP, nvec_args) \
	PG_FUNCTION_INFO_V1(symbol); \
	Datum \
	symbol(PG_FUNCTION_ARGS) \
	{ \
		return FkRunOp(fcinfo, FK_KOP_##OP, nvec_args); \
	}

/* The entry points of an operation over one vector type each */
#define FK_ENTRIES_ONE(OP, sym, sfx) \
	FK_ENTRY(sym##_float8arr##sfx, OP, FK_NVEC_NONE) \
	FK_ENTRY(sym##_nvec##sfx, OP, FK_NVEC_ALL)

/* ... and of one of two vectors, also over one vector of each type */
#define FK_ENTRIES_TWO(OP, sym, sfx) \
	FK_ENTRIES_ONE(OP, sym, sfx) \
	FK_ENTRY(sym##_float8arr_nvec, OP, FK_NVEC_Y) \
	FK_ENTRY(sym##_nvec_float8arr, OP, FK_NVEC_X)

#define FK_ENTRIES_BY(entries, OP, sym, sfx) FK_ENTRIES_##entries(OP, sym, sfx)
#define FK_ENTRIES_OF(entries, OP, sym, sfx) FK_ENTRIES_BY(entries, OP, sym, sfx)
#define FK_ENTRIES_ROW(OP, field, kern, shape, kind, body, sym, sfx, ...) \
	FK_ENTRIES_OF(FK_SIG_##shape(FK_SIG_ENTRIES), OP, sym, sfx)

FK_OPERATIONS(FK_ENTRIES_ROW)
