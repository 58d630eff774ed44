/*
 * series_agg_var.h
 *		The state of variance, var_pop, stddev and stddev_pop across rows,
 *		position by position: core's float8_accum state (N, Sx, Sxx) at each
 *		position, in an ordinary float8[] so that Citus combines it.
 *
 * The state of vectors of n positions is a float8[] of 3n values: the
 * counts of valid elements N[i] (whole numbers, at most 2^53), then the
 * sums Sx[i], then Sxx[i], the sums of squared deviations from the mean.
 * A row is added as core's float8_accum adds a value (the Youngs-Cramer
 * update: Sxx += (x N - Sx)^2 / (N (N - 1)), no sum of squares, so no
 * cancellation), and two states are combined as core's float8_combine
 * combines them (Chan's formula), so each position gives core's var_samp,
 * var_pop, stddev_samp and stddev_pop of its column, bit for bit, when the
 * rows come in the same order.  A NaN or an infinity makes Sxx NaN;
 * finite values whose Sx or Sxx overflow are an error (22003), as core's.
 *
 * This file does not include postgres.h: the state is unit-tested.
 */
#ifndef FK_SERIES_AGG_VAR_H
#define FK_SERIES_AGG_VAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "series_agg.h"

/* The result a final function reads from the state */
typedef enum FkXVarKind
{
	FK_XVAR_SAMP,				/* Sxx / (N - 1), NULL for N < 2 */
	FK_XVAR_POP,				/* Sxx / N, NULL for N = 0 */
	FK_XVAR_STDDEV_SAMP,		/* the square roots of those */
	FK_XVAR_STDDEV_POP
} FkXVarKind;

extern void FkXVarInit(double *state, size_t n);
extern bool FkXVarAccumOne(double *pn, double *psx, double *psxx, double x);
extern FkXAvgStatus FkXVarAdd(double *state, size_t n, const double *x,
							  const uint64_t *valid);
extern FkXAvgStatus FkXVarAddPart(double *state, size_t n, size_t from,
								  size_t m, const double *x,
								  const uint64_t *valid);
extern FkXAvgStatus FkXVarCombine(double *state, const double *other,
								  size_t n);
extern const char *FkXVarCheck(const double *state, size_t n);
extern size_t FkXVarNulls(const double *state, size_t n, FkXVarKind kind);
extern void FkXVarFinal(const double *state, size_t n, FkXVarKind kind,
						double *out, uint64_t *valid);

#endif							/* FK_SERIES_AGG_VAR_H */
