/*
 * pg_series_time.h
 *		The arguments of the series on a time axis (pg_series_time_*.c):
 *		the times as a checked timestamptz[], durations as microseconds,
 *		the values read whole.
 */
#ifndef FK_PG_SERIES_TIME_H
#define FK_PG_SERIES_TIME_H

#include "fmgr.h"
#include "access/tupdesc.h"

#include "core/series_time.h"

#include "vector/vecview.h"

/* The values of a series read whole: in place, or expanded once */
typedef struct FkTimeValues
{
	int32		len;
	const double *values;		/* an absent element's slot holds 0.0 */
	const uint64 *valid;		/* NULL: all present */
	bool		expanded;		/* the argument was an expanded array */
} FkTimeValues;

/* The 0-based index of the first NULL of a one-dimensional array, or -1 */
extern int32 FkArrayFirstNull(ArrayType *arr, int32 n);

/* The times of a tvec datum, checked and decoded (pg_series_tvec.c) */
extern int64 *FkTvecDecodeDatum(Datum d, int32 *n);

extern const int64 *FkTimeAxisArg(FunctionCallInfo fcinfo, int argno,
								  const char *fn, const char *argname,
								  bool ordered, int32 *len);
extern const int64 *FkTimeAxisView(Datum d, int32 len);
extern int64 FkTimeDurationOf(Datum d);
extern int64 FkTimeDurationArg(FunctionCallInfo fcinfo, int argno,
							   const char *fn, const char *argname,
							   bool allow_zero);
extern const int64 *FkTimeSeriesArgs(FunctionCallInfo fcinfo, int ts_arg,
									 int v_arg, bool is_nvec, const char *fn,
									 FkTimeValues *tv);


/* One resampling: its arguments, the values and the buckets they span */
typedef struct FkResample
{
	const char *fn;
	bool		ohlc;
	FkTimeHow	how;
	FkTimeFill	fill;
	int64		origin;
	int64		stride;
	const int64 *ts;
	FkTimeValues tv;			/* the values (a fused call: their length) */
	int64		b0;				/* the first bucket */
	size_t		nb;				/* the buckets from first to last, 0 when no
								 * elements */
} FkResample;

/* pg_series_time_resample.c: what a fused resampling shares */
extern bool FkResampleProbe(FunctionCallInfo fcinfo, int first, bool ohlc,
							int32 len, FkResample *rs);
extern void FkResampleAlloc(const FkResample *rs, double *out[4],
							uint64 *ok[4]);
extern void FkResampleBegin(const FkResample *rs, FkTimeResampleState *st,
							double *const out[4], uint64 *const ok[4]);
extern void FkResampleFill(const FkResample *rs, double *const out[4],
						   uint64 *const ok[4]);
extern void FkResampleRows(FunctionCallInfo fcinfo, const FkResample *rs,
						   double *const out[4], uint64 *const ok[4]);
extern Datum FkResampleVectors(FunctionCallInfo fcinfo, const FkResample *rs,
							   TupleDesc tupdesc, bool is_nvec,
							   double *const out[4], uint64 *const ok[4]);
extern TupleDesc FkResampleRowType(FunctionCallInfo fcinfo);

#endif							/* FK_PG_SERIES_TIME_H */
