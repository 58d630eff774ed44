/*
 * pg_series_time_asof.c
 *		asof(ts, v, at [, tolerance] [, direction]): the value in force at
 *		each time of at, over float8[] and nvec (src/core/series_time.c,
 *		docs/time.md).
 *
 * For each at[k], the value of the last element i with ts[i] <= at[k]
 * (among elements of equal time, the last), NULL when there is none, when
 * that element is NULL, or when at[k] - ts[i] exceeds the tolerance: as
 * pandas' merge_asof backward and kdb+'s aj.  Direction 'forward' takes the
 * first element at or after at[k] instead, 'nearest' the closer of the two
 * (backward's on a tie), as merge_asof's directions do.  One merge of the
 * two time axes when at is sorted; a binary search where at steps back.
 *
 * Not STRICT, so that tolerance can default to NULL (none): NULL ts, v, at
 * or direction give NULL.
 */
#include "postgres.h"

#include "utils/builtins.h"

#include "core/bitmap.h"
#include "core/series_time.h"
#include "series/pg_series_time.h"

/* The direction argument of asof: backward, forward, nearest */
static FkAsofDirection
FkAsofDirectionArg(text *t)
{
	char	   *s = text_to_cstring(t);

	if (strcmp(s, "backward") == 0)
		return FK_ASOF_BACKWARD;
	if (strcmp(s, "forward") == 0)
		return FK_ASOF_FORWARD;
	if (strcmp(s, "nearest") == 0)
		return FK_ASOF_NEAREST;
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("invalid value for argument direction of asof(): \"%s\"", s),
			 errhint("direction is one of backward, forward, nearest.")));
	return FK_ASOF_BACKWARD;
}

/* asof over either type: the arguments of fcinfo (ts, v, at, tolerance, direction) */
static Datum
FkTimeAsofRun(FunctionCallInfo fcinfo, bool is_nvec)
{
	const char *fn = "asof";
	int64		tol;
	FkAsofDirection dir;
	const int64 *ts,
			   *at;
	int32		m;
	FkTimeValues tv;
	FkVecResult res;
	int64	   *idx;

	if (PG_ARGISNULL(0) || PG_ARGISNULL(1) || PG_ARGISNULL(2) || PG_ARGISNULL(4))
		PG_RETURN_NULL();
	tol = PG_ARGISNULL(3) ? -1 : FkTimeDurationArg(fcinfo, 3, fn, "tolerance", true);
	dir = FkAsofDirectionArg(PG_GETARG_TEXT_PP(4));
	ts = FkTimeSeriesArgs(fcinfo, 0, 1, is_nvec, fn, &tv);
	at = FkTimeAxisArg(fcinfo, 2, fn, "at", false, &m);
	FkResultInitFor(&res, is_nvec, m, true, false);
	if (m == 0)
		return FkResultFinish(&res);
	idx = palloc((Size) m * sizeof(int64));
	FkTimeAsof(ts, (size_t) tv.len, at, (size_t) m, tol, dir, idx);
	memset(res.valid, 0, (Size) FkBitmapWords((size_t) m) * sizeof(uint64));
	for (int32 k = 0; k < m; k++)
	{
		int64		i = idx[k];

		if (i >= 0 && (tv.valid == NULL || FkBitmapGet(tv.valid, (size_t) i)))
		{
			res.values[k] = tv.values[i];
			FkBitmapSet(res.valid, (size_t) k);
		}
		else
			res.values[k] = 0.0;
	}
	pfree(idx);
	return FkResultFinish(&res);
}

/* asof(ts, v float8[], at, tolerance, direction) */
PG_FUNCTION_INFO_V1(asof_float8arr);
Datum
asof_float8arr(PG_FUNCTION_ARGS)
{
	return FkTimeAsofRun(fcinfo, false);
}

/* asof(ts, v nvec, at, tolerance, direction) */
PG_FUNCTION_INFO_V1(asof_nvec);
Datum
asof_nvec(PG_FUNCTION_ARGS)
{
	return FkTimeAsofRun(fcinfo, true);
}
