/*
 * pg_series_time.h
 *		The arguments of the series on a time axis (pg_series_time_*.c):
 *		the times as a checked timestamptz[], durations as microseconds,
 *		the values read whole.
 */
#ifndef FK_PG_SERIES_TIME_H
#define FK_PG_SERIES_TIME_H

#include "fmgr.h"

#include "vector/vecview.h"

/* The values of a series read whole: in place, or expanded once */
typedef struct FkTimeValues
{
	int32		len;
	const double *values;		/* an absent element's slot holds 0.0 */
	const uint64 *valid;		/* NULL: all present */
	bool		expanded;		/* the argument was an expanded array */
} FkTimeValues;

extern const int64 *FkTimeAxisArg(FunctionCallInfo fcinfo, int argno,
								  const char *fn, const char *argname,
								  bool ordered, int32 *len);
extern int64 FkTimeDurationArg(FunctionCallInfo fcinfo, int argno,
							   const char *fn, const char *argname,
							   bool allow_zero);
extern void FkTimeCheckLengths(int32 nts, int32 nv, const char *fn,
							   const char *ts_name, const char *v_name);
extern void FkTimeValuesArg(FunctionCallInfo fcinfo, int argno, bool is_nvec,
							FkTimeValues *tv);

#endif							/* FK_PG_SERIES_TIME_H */
