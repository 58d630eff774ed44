-- Series on a time axis (src/series/pg_series_time_*.c, docs/time.md):
-- rolling windows of a duration and as-of lookups over values beside a
-- timestamptz[] of non-decreasing times.  Not fused (yet): each is one
-- pass over its own arguments.

CREATE FUNCTION @extschema@.rolling_sum(v float8[], ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_sum_by_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_sum(float8[], timestamptz[], interval, integer) IS 'rolling sum of the present elements over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_sum(v @extschema@.nvec, ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_sum_by_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_sum(@extschema@.nvec, timestamptz[], interval, integer) IS 'rolling sum of the present elements over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_mean(v float8[], ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_mean_by_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_mean(float8[], timestamptz[], interval, integer) IS 'rolling mean of the present elements over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_mean(v @extschema@.nvec, ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_mean_by_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_mean(@extschema@.nvec, timestamptz[], interval, integer) IS 'rolling mean of the present elements over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_stddev(v float8[], ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_stddev_by_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_stddev(float8[], timestamptz[], interval, integer) IS 'rolling sample standard deviation of the present elements (at least two) over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_stddev(v @extschema@.nvec, ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_stddev_by_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_stddev(@extschema@.nvec, timestamptz[], interval, integer) IS 'rolling sample standard deviation of the present elements (at least two) over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_var(v float8[], ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_var_by_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_var(float8[], timestamptz[], interval, integer) IS 'rolling sample variance of the present elements (at least two) over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_var(v @extschema@.nvec, ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_var_by_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_var(@extschema@.nvec, timestamptz[], interval, integer) IS 'rolling sample variance of the present elements (at least two) over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_min(v float8[], ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_min_by_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_min(float8[], timestamptz[], interval, integer) IS 'rolling minimum of the present elements (NaN above every number) over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_min(v @extschema@.nvec, ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_min_by_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_min(@extschema@.nvec, timestamptz[], interval, integer) IS 'rolling minimum of the present elements (NaN above every number) over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_max(v float8[], ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_max_by_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_max(float8[], timestamptz[], interval, integer) IS 'rolling maximum of the present elements (NaN above every number) over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_max(v @extschema@.nvec, ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_max_by_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_max(@extschema@.nvec, timestamptz[], interval, integer) IS 'rolling maximum of the present elements (NaN above every number) over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_count(v float8[], ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_count_by_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_count(float8[], timestamptz[], interval, integer) IS 'rolling count of the present elements over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_count(v @extschema@.nvec, ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_count_by_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_count(@extschema@.nvec, timestamptz[], interval, integer) IS 'rolling count of the present elements over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_median(v float8[], ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_median_by_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_median(float8[], timestamptz[], interval, integer) IS 'rolling median of the present elements, as percentile_cont(0.5) over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_median(v @extschema@.nvec, ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_median_by_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_median(@extschema@.nvec, timestamptz[], interval, integer) IS 'rolling median of the present elements, as percentile_cont(0.5) over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_quantile(v float8[], ts timestamptz[], w interval, q float8, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_quantile_by_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_quantile(float8[], timestamptz[], interval, float8, integer) IS 'rolling quantile q (0 to 1) of the present elements, as percentile_cont(q), over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_quantile(v @extschema@.nvec, ts timestamptz[], w interval, q float8, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_quantile_by_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_quantile(@extschema@.nvec, timestamptz[], interval, float8, integer) IS 'rolling quantile q (0 to 1) of the present elements, as percentile_cont(q), over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

-- the same with closed, which ends of the window are closed, as pandas'
-- closed ('right', the forms above; 'left', 'both', 'neither'); their own
-- C symbols, as fusion keys on the symbols of the forms above
CREATE FUNCTION @extschema@.rolling_sum(v float8[], ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_sum_by_closed_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_sum(float8[], timestamptz[], interval, text, integer) IS 'rolling sum of the present elements over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_sum(v @extschema@.nvec, ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_sum_by_closed_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_sum(@extschema@.nvec, timestamptz[], interval, text, integer) IS 'rolling sum of the present elements over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_mean(v float8[], ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_mean_by_closed_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_mean(float8[], timestamptz[], interval, text, integer) IS 'rolling mean of the present elements over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_mean(v @extschema@.nvec, ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_mean_by_closed_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_mean(@extschema@.nvec, timestamptz[], interval, text, integer) IS 'rolling mean of the present elements over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_stddev(v float8[], ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_stddev_by_closed_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_stddev(float8[], timestamptz[], interval, text, integer) IS 'rolling sample standard deviation of the present elements (at least two) over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_stddev(v @extschema@.nvec, ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_stddev_by_closed_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_stddev(@extschema@.nvec, timestamptz[], interval, text, integer) IS 'rolling sample standard deviation of the present elements (at least two) over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_var(v float8[], ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_var_by_closed_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_var(float8[], timestamptz[], interval, text, integer) IS 'rolling sample variance of the present elements (at least two) over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_var(v @extschema@.nvec, ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_var_by_closed_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_var(@extschema@.nvec, timestamptz[], interval, text, integer) IS 'rolling sample variance of the present elements (at least two) over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_min(v float8[], ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_min_by_closed_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_min(float8[], timestamptz[], interval, text, integer) IS 'rolling minimum of the present elements (NaN above every number) over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_min(v @extschema@.nvec, ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_min_by_closed_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_min(@extschema@.nvec, timestamptz[], interval, text, integer) IS 'rolling minimum of the present elements (NaN above every number) over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_max(v float8[], ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_max_by_closed_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_max(float8[], timestamptz[], interval, text, integer) IS 'rolling maximum of the present elements (NaN above every number) over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_max(v @extschema@.nvec, ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_max_by_closed_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_max(@extschema@.nvec, timestamptz[], interval, text, integer) IS 'rolling maximum of the present elements (NaN above every number) over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_count(v float8[], ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_count_by_closed_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_count(float8[], timestamptz[], interval, text, integer) IS 'rolling count of the present elements over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements (with min_count 0, an empty window counts 0)';

CREATE FUNCTION @extschema@.rolling_count(v @extschema@.nvec, ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_count_by_closed_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_count(@extschema@.nvec, timestamptz[], interval, text, integer) IS 'rolling count of the present elements over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements (with min_count 0, an empty window counts 0)';

CREATE FUNCTION @extschema@.rolling_median(v float8[], ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_median_by_closed_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_median(float8[], timestamptz[], interval, text, integer) IS 'rolling median of the present elements, as percentile_cont(0.5), over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_median(v @extschema@.nvec, ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_median_by_closed_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_median(@extschema@.nvec, timestamptz[], interval, text, integer) IS 'rolling median of the present elements, as percentile_cont(0.5), over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_quantile(v float8[], ts timestamptz[], w interval, q float8, closed text, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_quantile_by_closed_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_quantile(float8[], timestamptz[], interval, float8, text, integer) IS 'rolling quantile q (0 to 1) of the present elements, as percentile_cont(q), over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_quantile(v @extschema@.nvec, ts timestamptz[], w interval, q float8, closed text, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_quantile_by_closed_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_quantile(@extschema@.nvec, timestamptz[], interval, float8, text, integer) IS 'rolling quantile q (0 to 1) of the present elements, as percentile_cont(q), over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.asof(ts timestamptz[], v float8[], at timestamptz[],
		tolerance interval DEFAULT NULL, direction text DEFAULT 'backward') RETURNS float8[]
	AS 'MODULE_PATHNAME', 'asof_float8arr' LANGUAGE C IMMUTABLE CALLED ON NULL INPUT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.asof(timestamptz[], float8[], timestamptz[], interval, text) IS 'as-of lookup: for each time of at, the value of the last element at or before it (the last of equal times; direction ''forward'': the first at or after it; ''nearest'': the closer, the earlier on a tie), NULL when none or when farther than tolerance (an interval without months; NULL: no limit)';

CREATE FUNCTION @extschema@.asof(ts timestamptz[], v @extschema@.nvec, at timestamptz[],
		tolerance interval DEFAULT NULL, direction text DEFAULT 'backward') RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'asof_nvec' LANGUAGE C IMMUTABLE CALLED ON NULL INPUT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.asof(timestamptz[], @extschema@.nvec, timestamptz[], interval, text) IS 'as-of lookup: for each time of at, the value of the last element at or before it (the last of equal times; direction ''forward'': the first at or after it; ''nearest'': the closer, the earlier on a tie), NULL when none or when farther than tolerance (an interval without months; NULL: no limit)';

CREATE FUNCTION @extschema@.resample(ts timestamptz[], v float8[], stride interval, how text,
		origin timestamptz DEFAULT '1970-01-01 00:00:00+00', fill text DEFAULT 'null')
	RETURNS TABLE (bucket timestamptz, value float8)
	AS 'MODULE_PATHNAME', 'resample_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.resample(timestamptz[], float8[], interval, text, timestamptz, text) IS 'one row per bucket of duration stride (where date_bin(stride, ts, origin) starts it) from the first time''s to the last''s: its start and the first, last, min, max, sum, mean or count (how) of its present values, or twa / twa_linear: time_weighted_avg (locf / linear) of its present values alone, over the span from its first to its last (none for fewer than two or a span of zero); buckets without a value NULL (count 0) or filled: fill ''null'', ''locf'', ''linear'' or ''none'' (left out)';

CREATE FUNCTION @extschema@.resample(ts timestamptz[], v @extschema@.nvec, stride interval, how text,
		origin timestamptz DEFAULT '1970-01-01 00:00:00+00', fill text DEFAULT 'null')
	RETURNS TABLE (bucket timestamptz, value float8)
	AS 'MODULE_PATHNAME', 'resample_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.resample(timestamptz[], @extschema@.nvec, interval, text, timestamptz, text) IS 'one row per bucket of duration stride (where date_bin(stride, ts, origin) starts it) from the first time''s to the last''s: its start and the first, last, min, max, sum, mean or count (how) of its present values, or twa / twa_linear: time_weighted_avg (locf / linear) of its present values alone, over the span from its first to its last (none for fewer than two or a span of zero); buckets without a value NULL (count 0) or filled: fill ''null'', ''locf'', ''linear'' or ''none'' (left out)';

CREATE FUNCTION @extschema@.resample_ohlc(ts timestamptz[], v float8[], stride interval,
		origin timestamptz DEFAULT '1970-01-01 00:00:00+00', fill text DEFAULT 'null')
	RETURNS TABLE (bucket timestamptz, open float8, high float8, low float8, close float8)
	AS 'MODULE_PATHNAME', 'resample_ohlc_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.resample_ohlc(timestamptz[], float8[], interval, timestamptz, text) IS 'one bar per bucket of duration stride (where date_bin(stride, ts, origin) starts it) from the first time''s to the last''s: first, max, min and last of its present values; empty bars NULL (fill ''null'') or flat at the close before (fill ''locf'')';

CREATE FUNCTION @extschema@.resample_ohlc(ts timestamptz[], v @extschema@.nvec, stride interval,
		origin timestamptz DEFAULT '1970-01-01 00:00:00+00', fill text DEFAULT 'null')
	RETURNS TABLE (bucket timestamptz, open float8, high float8, low float8, close float8)
	AS 'MODULE_PATHNAME', 'resample_ohlc_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.resample_ohlc(timestamptz[], @extschema@.nvec, interval, timestamptz, text) IS 'one bar per bucket of duration stride (where date_bin(stride, ts, origin) starts it) from the first time''s to the last''s: first, max, min and last of its present values; empty bars NULL (fill ''null'') or flat at the close before (fill ''locf'')';

CREATE FUNCTION @extschema@.resample_vectors(ts timestamptz[], v float8[], stride interval, how text,
		origin timestamptz DEFAULT '1970-01-01 00:00:00+00', fill text DEFAULT 'null',
		OUT bucket timestamptz[], OUT value float8[])
	AS 'MODULE_PATHNAME', 'resample_vectors_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.resample_vectors(timestamptz[], float8[], interval, text, timestamptz, text) IS 'resample as one row of vectors: bucket, the starts of the buckets resample returns as rows, and value, their values, in order (NULL elements where the rows have NULL)';

CREATE FUNCTION @extschema@.resample_vectors(ts timestamptz[], v @extschema@.nvec, stride interval, how text,
		origin timestamptz DEFAULT '1970-01-01 00:00:00+00', fill text DEFAULT 'null',
		OUT bucket timestamptz[], OUT value @extschema@.nvec)
	AS 'MODULE_PATHNAME', 'resample_vectors_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.resample_vectors(timestamptz[], @extschema@.nvec, interval, text, timestamptz, text) IS 'resample as one row of vectors: bucket, the starts of the buckets resample returns as rows, and value, their values, in order (NULL elements where the rows have NULL)';

CREATE FUNCTION @extschema@.resample_ohlc_vectors(ts timestamptz[], v float8[], stride interval,
		origin timestamptz DEFAULT '1970-01-01 00:00:00+00', fill text DEFAULT 'null',
		OUT bucket timestamptz[], OUT open float8[], OUT high float8[], OUT low float8[], OUT close float8[])
	AS 'MODULE_PATHNAME', 'resample_ohlc_vectors_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.resample_ohlc_vectors(timestamptz[], float8[], interval, timestamptz, text) IS 'resample_ohlc as one row of vectors: bucket, the starts of the bars resample_ohlc returns as rows, and open, high, low and close, their values, in order (NULL elements where the rows have NULL)';

CREATE FUNCTION @extschema@.resample_ohlc_vectors(ts timestamptz[], v @extschema@.nvec, stride interval,
		origin timestamptz DEFAULT '1970-01-01 00:00:00+00', fill text DEFAULT 'null',
		OUT bucket timestamptz[], OUT open @extschema@.nvec, OUT high @extschema@.nvec, OUT low @extschema@.nvec, OUT close @extschema@.nvec)
	AS 'MODULE_PATHNAME', 'resample_ohlc_vectors_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.resample_ohlc_vectors(timestamptz[], @extschema@.nvec, interval, timestamptz, text) IS 'resample_ohlc as one row of vectors: bucket, the starts of the bars resample_ohlc returns as rows, and open, high, low and close, their values, in order (NULL elements where the rows have NULL)';

-- A resampling of a fused program: resample(ts, <nested calls>, ...) and
-- the other resamplings, when their values are nested fusekern calls, are
-- rewritten by the planner into these: the program (v1, v2, ... its
-- inputs, which follow it) runs a block at a time straight into the
-- buckets, no vector of the values built; the resampling's own arguments
-- (ts, stride, [how,] origin, fill) come last.  Not STRICT: a NULL gives
-- what the unfused call gives.
CREATE FUNCTION @extschema@.fused_resample(program text, VARIADIC inputs "any")
	RETURNS TABLE (bucket timestamptz, value float8)
	AS 'MODULE_PATHNAME', 'fused_resample' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fused_resample(text, "any") IS 'resample over a fused program of float8[] or nvec inputs v1, v2, ..., followed by the arguments of resample but its values, in one pass (written by the planner for resample of nested calls)';

CREATE FUNCTION @extschema@.fused_resample_ohlc(program text, VARIADIC inputs "any")
	RETURNS TABLE (bucket timestamptz, open float8, high float8, low float8, close float8)
	AS 'MODULE_PATHNAME', 'fused_resample_ohlc' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fused_resample_ohlc(text, "any") IS 'resample_ohlc over a fused program of float8[] or nvec inputs v1, v2, ..., followed by the arguments of resample_ohlc but its values, in one pass (written by the planner for resample_ohlc of nested calls)';

CREATE FUNCTION @extschema@.fused_resample_vectors(program text, VARIADIC inputs "any",
		OUT bucket timestamptz[], OUT value float8[])
	AS 'MODULE_PATHNAME', 'fused_resample_vectors' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fused_resample_vectors(text, "any") IS 'resample_vectors over a fused program of float8[] inputs v1, v2, ..., followed by the arguments of resample_vectors but its values, in one pass (written by the planner for resample_vectors of nested calls)';

CREATE FUNCTION @extschema@.fused_resample_vectors_nvec(program text, VARIADIC inputs "any",
		OUT bucket timestamptz[], OUT value @extschema@.nvec)
	AS 'MODULE_PATHNAME', 'fused_resample_vectors_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fused_resample_vectors_nvec(text, "any") IS 'resample_vectors over a fused program of nvec inputs v1, v2, ..., followed by the arguments of resample_vectors but its values, in one pass (written by the planner for resample_vectors of nested calls)';

CREATE FUNCTION @extschema@.fused_resample_ohlc_vectors(program text, VARIADIC inputs "any",
		OUT bucket timestamptz[], OUT open float8[], OUT high float8[], OUT low float8[], OUT close float8[])
	AS 'MODULE_PATHNAME', 'fused_resample_ohlc_vectors' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fused_resample_ohlc_vectors(text, "any") IS 'resample_ohlc_vectors over a fused program of float8[] inputs v1, v2, ..., followed by the arguments of resample_ohlc_vectors but its values, in one pass (written by the planner for resample_ohlc_vectors of nested calls)';

CREATE FUNCTION @extschema@.fused_resample_ohlc_vectors_nvec(program text, VARIADIC inputs "any",
		OUT bucket timestamptz[], OUT open @extschema@.nvec, OUT high @extschema@.nvec, OUT low @extschema@.nvec, OUT close @extschema@.nvec)
	AS 'MODULE_PATHNAME', 'fused_resample_ohlc_vectors_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fused_resample_ohlc_vectors_nvec(text, "any") IS 'resample_ohlc_vectors over a fused program of nvec inputs v1, v2, ..., followed by the arguments of resample_ohlc_vectors but its values, in one pass (written by the planner for resample_ohlc_vectors of nested calls)';

CREATE FUNCTION @extschema@.time_weighted_avg(ts timestamptz[], v float8[], method text DEFAULT 'locf') RETURNS float8
	AS 'MODULE_PATHNAME', 'time_weighted_avg_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.time_weighted_avg(timestamptz[], float8[], text) IS 'average of the present values weighted by the time each holds until the next (method ''locf'') or by the trapezoidal rule between them (''linear''), over the span from the first to the last; NULL for fewer than two or a span of zero';

CREATE FUNCTION @extschema@.time_weighted_avg(ts timestamptz[], v @extschema@.nvec, method text DEFAULT 'locf') RETURNS float8
	AS 'MODULE_PATHNAME', 'time_weighted_avg_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.time_weighted_avg(timestamptz[], @extschema@.nvec, text) IS 'average of the present values weighted by the time each holds until the next (method ''locf'') or by the trapezoidal rule between them (''linear''), over the span from the first to the last; NULL for fewer than two or a span of zero';

CREATE FUNCTION @extschema@.ema(v float8[], ts timestamptz[], halflife interval) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'ema_by_time_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.ema(float8[], timestamptz[], interval) IS 'exponential moving average by elapsed time, as pandas'' ewm(times=ts, halflife=halflife): the present values up to each element weighted by 2^-(age / halflife), halflife an interval without months (NULL where v is NULL)';

CREATE FUNCTION @extschema@.ema(v @extschema@.nvec, ts timestamptz[], halflife interval) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'ema_by_time_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.ema(@extschema@.nvec, timestamptz[], interval) IS 'exponential moving average by elapsed time, as pandas'' ewm(times=ts, halflife=halflife): the present values up to each element weighted by 2^-(age / halflife), halflife an interval without months (NULL where v is NULL)';
