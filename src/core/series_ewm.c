/*
 * series_ewm.c
 *		pandas' exponentially weighted mean (see series_ewm.h).
 */
#include "series_ewm.h"

#include <math.h>

#include "bitmap.h"
#include "float8_nan.h"
#include "interrupt.h"

/* See series_ewm.h */
size_t
FkEwmMean(const double *x, const uint64_t *valid, size_t n, double alpha,
		  bool adjust, bool ignore_nulls, double *out, uint64_t *outvalid)
{
	double		oma = 1.0 - alpha;
	double		neww = adjust ? 1.0 : alpha;
	double		old = 1.0;
	double		m = 0.0;
	bool		have = false;

	for (size_t i = 0; i < n; i++)
	{
		bool		present = valid == NULL || FkBitmapGet(valid, i);

		if (have && (present || !ignore_nulls))
			old = old * oma;
		if (present && !have)
		{
			m = x[i];
			have = true;
		}
		else if (present)
		{
			if (m != x[i])
			{
				double		prev = m;

				m = FkCanonNan((old * m + neww * x[i]) / (old + neww));
				if (isinf(m) && isfinite(prev) && isfinite(x[i]))
					return i;
			}
			old = adjust ? old + neww : 1.0;
		}
		out[i] = present ? m : 0.0;
		if (present)
			FkBitmapSet(outvalid, i);
		else
			FkBitmapClear(outvalid, i);
		FkCheckInterruptsAfter(i);
	}
	return SIZE_MAX;
}
