/*
 * pg_shim.h
 *		What the fuzz harnesses need of the server, over malloc: memory
 *		contexts as one arena freed after every input, and ereport(ERROR)
 *		jumping back to the harness (PG_TRY) with the SQLSTATE kept.
 */
#ifndef FK_PG_SHIM_H
#define FK_PG_SHIM_H

#include "postgres.h"

#include "common/pg_compat.h"

/* Free everything palloc'd since the last reset */
extern void FkShimReset(void);

/* Mark the stack base that check_stack_depth measures from */
extern void FkShimStackBase(void);

/* SQLSTATE and message of the last ERROR */
extern int	fk_shim_sqlerrcode;
extern char fk_shim_message[];

/* Abort (a finding) unless the last ERROR's SQLSTATE is one of codes */
extern void FkShimExpectError(const char *what, const int *codes, int ncodes);

#endif							/* FK_PG_SHIM_H */
