/*
 * pg_series_fill.c
 *		fill_backward(v) and fill_linear(v [, edges]) over float8[] and nvec
 *		(the core: core/series_fill.c).
 *
 * Both look ahead of the element they fill, so they are not streaming
 * steps and are never fused.  The input is read a block at a time (in
 * place, or decoded or expanded into the reader's buffer) into the
 * result's values and validity words, which the core then fills in place:
 * the input is never expanded whole besides the result itself.
 */
#include "postgres.h"

#include "miscadmin.h"
#include "utils/array.h"

#include "core/series_fill.h"
#include "vector/vecview.h"

/* The fills of this file */
typedef enum FkFillKind
{
	FK_FILL_BACKWARD,
	FK_FILL_LINEAR,
	FK_FILL_LINEAR_EDGES
} FkFillKind;

/* Fill argument 0 of fcinfo, of either type, by kind */
static Datum
FkFillCall(FunctionCallInfo fcinfo, FkFillKind kind, bool is_nvec)
{
	FkVecReader rd;
	FkVecResult res;

	FkReaderOpen(fcinfo, 0, is_nvec, &rd);
	FkResultInitFor(&res, is_nvec, rd.view.len, rd.view.nnulls > 0,
					rd.view.expanded);
	if (rd.view.nnulls == 0)
	{
		/* nothing to fill: the values as they are */
		FkReaderCopy(&rd, 0, rd.view.len, res.values);
		return FkResultFinish(&res);
	}
	FkReaderCopyAll(&rd, res.values, res.valid);
	if (kind == FK_FILL_BACKWARD)
		FkFillBackward(res.values, res.valid, (size_t) rd.view.len);
	else
		FkFillLinear(res.values, res.valid, (size_t) rd.view.len,
					 kind == FK_FILL_LINEAR_EDGES);
	return FkResultFinish(&res);
}

PG_FUNCTION_INFO_V1(fill_backward_float8arr);
PG_FUNCTION_INFO_V1(fill_backward_nvec);
PG_FUNCTION_INFO_V1(fill_linear_float8arr);
PG_FUNCTION_INFO_V1(fill_linear_nvec);

/* fill_backward(v float8[]) */
Datum
fill_backward_float8arr(PG_FUNCTION_ARGS)
{
	return FkFillCall(fcinfo, FK_FILL_BACKWARD, false);
}

/* fill_backward(v nvec) */
Datum
fill_backward_nvec(PG_FUNCTION_ARGS)
{
	return FkFillCall(fcinfo, FK_FILL_BACKWARD, true);
}

/* fill_linear(v float8[], edges boolean) */
Datum
fill_linear_float8arr(PG_FUNCTION_ARGS)
{
	return FkFillCall(fcinfo, PG_GETARG_BOOL(1) ? FK_FILL_LINEAR_EDGES :
					  FK_FILL_LINEAR, false);
}

/* fill_linear(v nvec, edges boolean) */
Datum
fill_linear_nvec(PG_FUNCTION_ARGS)
{
	return FkFillCall(fcinfo, PG_GETARG_BOOL(1) ? FK_FILL_LINEAR_EDGES :
					  FK_FILL_LINEAR, true);
}
