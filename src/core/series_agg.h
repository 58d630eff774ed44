/*
 * series_agg.h
 *		Aggregates across rows (sum, avg, min, max of vectors, and nvec_agg's
 *		partial states): accumulators and the serialized form of their states;
 *		avg's state, an array of sums and counts.
 *
 * A cross-row state holds, per position i, an accumulator acc[i] and the
 * number of rows whose element i was NULL (nulls[i]); rows counts the rows
 * added.  Position i has rows - nulls[i] valid elements, so a row without
 * NULLs adds to acc only.  acc starts at the identity of its operation:
 *
 *	 sum: -0.0	(-0.0 + x is x for every x, -0.0 included, so the first
 *				 element is taken as it is, as core's sum(float8) takes it)
 *	 min: NaN	(nothing is less than NaN: the first element replaces it)
 *	 max: -Inf	(nothing is greater than -Inf: the first element replaces it)
 *
 * min and max order NaN above every number and replace the state on ties,
 * as core's float8smaller and float8larger do, and keep the bits of the
 * element they pick; a sum's NaN is the canonical one (float8_nan.h).  Rows and states are added
 * in the order given: the sum is the naive one in input order, core's.
 *
 * Serialized state (native byte order: it only travels between the
 * processes of one parallel query):
 *
 *	 offset  size		 field
 *	 0		 1			 kind (FkXAggKind)
 *	 1		 1			 flags: FK_XAGG_HAS_EMPTY when validity words follow
 *	 2		 2			 zero
 *	 4		 4			 len
 *	 8		 8			 rows
 *	 16		 8 * len	 acc
 *	 ...	 8 * words	 only with FK_XAGG_HAS_EMPTY: bit i set when
 *						 position i has a valid element (nvec's layout)
 *
 * The NULL counts themselves do not travel: the final function only asks
 * whether a position has a valid element, and so does combining (a sum of
 * counts reaches the sum of rows only where each count reaches its rows).
 * So a state takes an nvec's room (values and one bit a position), which
 * fits in a bytea for every length an nvec can have; with 8-byte NULL
 * counts, a state of 67 million positions was already past 1 GB.
 *
 * This file does not include postgres.h: the parsers are unit-tested.
 */
#ifndef FK_SERIES_AGG_H
#define FK_SERIES_AGG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum FkXAggKind
{
	FK_XAGG_SUM = 1,			/* sum and avg */
	FK_XAGG_MIN = 2,
	FK_XAGG_MAX = 3
} FkXAggKind;

#define FK_XAGG_HAS_EMPTY	0x01
#define FK_XAGG_HDRSZ		16

/* A cross-row state; acc and nulls hold len elements, owned by the caller */
typedef struct FkXAgg
{
	FkXAggKind	kind;
	int32_t		len;
	int64_t		rows;			/* rows added (NULL rows are not) */
	bool		has_nulls;		/* some nulls[i] > 0 */
	double	   *acc;
	int64_t    *nulls;
} FkXAgg;

/* Header of a serialized state, as read by FkXAggParse */
typedef struct FkXAggHeader
{
	FkXAggKind	kind;
	bool		has_nulls;		/* FK_XAGG_HAS_EMPTY: validity words follow */
	int32_t		len;
	int64_t		rows;
} FkXAggHeader;

extern void FkXAggInit(FkXAgg *st);
extern bool FkXAggAdd(FkXAgg *st, const double *x, const uint64_t *valid);
extern void FkXAggNewRow(FkXAgg *st);
extern bool FkXAggAddPart(FkXAgg *st, size_t from, size_t n, const double *x,
						  const uint64_t *valid);
extern bool FkXAggCombine(FkXAgg *st, const FkXAgg *other);
extern size_t FkXAggSerialSize(const FkXAgg *st);
extern void FkXAggSerialize(const FkXAgg *st, uint8_t *out);
extern const char *FkXAggParse(const uint8_t *buf, size_t size,
							   int32_t maxlen, FkXAggHeader *hdr);
extern void FkXAggRead(FkXAgg *st, const uint8_t *buf);

/*
 * avg's state is no internal one but an ordinary float8[] of 2n values, so
 * that Citus combines it (it ships states as text): per position i, the sum
 * state[i] (from the identity -0.0, as sum's accumulator) and the count of
 * valid elements state[n + i], a whole number stored as a double (exact up
 * to 2^53).  The state an aggregate makes has one value more, state[2n]:
 * the rows without NULLs added since, counted at every position at once
 * (a position's count is state[n + i] + state[2n]), so that such a row adds
 * its values and one count; a count that would pass 2^53 so is refused when
 * the slot is folded in (FkXAvgFoldRows).  The caller checks the array's
 * shape, FkXAvgCheck its values.
 */
#define FK_XAVG_MAXCOUNT	9007199254740992.0

/* What adding to or combining avg's states gave */
typedef enum FkXAvgStatus
{
	FK_XAVG_OK,
	FK_XAVG_SUM_OVERFLOW,		/* a sum of finite values overflowed */
	FK_XAVG_COUNT_OVERFLOW		/* a count would pass FK_XAVG_MAXCOUNT */
} FkXAvgStatus;

extern size_t FkXCountBelow(const double *counts, size_t n, double need);
extern void FkXAvgInit(double *state, size_t n);
extern FkXAvgStatus FkXAvgAdd(double *state, size_t n, const double *x,
							  const uint64_t *valid);
extern FkXAvgStatus FkXAvgAddPart(double *state, size_t n, size_t from,
								  size_t m, const double *x,
								  const uint64_t *valid);
extern FkXAvgStatus FkXAvgAddWhole(double *state, size_t n, size_t from,
								   size_t m, const double *x);
extern FkXAvgStatus FkXAvgCountRow(double *rows);
extern FkXAvgStatus FkXAvgFoldRows(double *state, size_t n, double *rows);
extern FkXAvgStatus FkXAvgCombine(double *state, const double *other,
								  size_t n);
extern const char *FkXAvgCheck(const double *state, size_t n, double rows,
							   size_t *empty);
extern void FkXAvgFinal(const double *state, size_t n, double *out,
						uint64_t *valid);

/*
 * nvec_agg's partial state, serialized: len (4 bytes), nnulls (4), len
 * values, and when nnulls > 0 the validity words of nvec's layout.
 */
#define FK_LISTAGG_HDRSZ	8

extern const char *FkListAggParse(const uint8_t *buf, size_t size,
								  int32_t maxlen, int32_t *len,
								  int32_t *nnulls);

#endif							/* FK_SERIES_AGG_H */
