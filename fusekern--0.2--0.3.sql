/* fusekern 0.2 -> 0.3: ALTER EXTENSION fusekern UPDATE TO '0.3' */
\echo Use "ALTER EXTENSION fusekern UPDATE TO '0.3'" to load this file. \quit

-- Each change of the SQL surface since 0.2 is a block below, in the order
-- the changes were made; a fresh install of 0.3 (src/sql/) and 0.2 (or 0.1)
-- updated by the scripts must leave the same catalog (test/t/upgrade.pl).

-- Series analytics: reductions (issue 12)
CREATE FUNCTION @extschema@.vsum(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vsum_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vsum(float8[]) IS 'sum of the valid elements (compensated, deterministic), NULL if none';

CREATE FUNCTION @extschema@.vmean(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vmean_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vmean(float8[]) IS 'mean of the valid elements, NULL if none';

CREATE FUNCTION @extschema@.vmin(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vmin_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vmin(float8[]) IS 'smallest valid element (NaN only if all are NaN), NULL if none';

CREATE FUNCTION @extschema@.vmax(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vmax_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vmax(float8[]) IS 'largest valid element (NaN above every number), NULL if none';

CREATE FUNCTION @extschema@.vcount(v float8[]) RETURNS bigint
	AS 'MODULE_PATHNAME', 'vcount_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vcount(float8[]) IS 'number of valid (non-NULL) elements';

CREATE FUNCTION @extschema@.vprod(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vprod_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vprod(float8[]) IS 'product of the valid elements in index order, NULL if none';

CREATE FUNCTION @extschema@.vvar(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vvar_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vvar(float8[]) IS 'sample variance of the valid elements, NULL for fewer than two';

CREATE FUNCTION @extschema@.vstddev(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vstddev_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vstddev(float8[]) IS 'sample standard deviation of the valid elements, NULL for fewer than two';

CREATE FUNCTION @extschema@.vvar_pop(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vvar_pop_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vvar_pop(float8[]) IS 'population variance of the valid elements, NULL if none';

CREATE FUNCTION @extschema@.vstddev_pop(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vstddev_pop_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vstddev_pop(float8[]) IS 'population standard deviation of the valid elements, NULL if none';

CREATE FUNCTION @extschema@.vsum(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vsum_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vsum(@extschema@.nvec) IS 'sum of the valid elements (compensated, deterministic), NULL if none';

CREATE FUNCTION @extschema@.vmean(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vmean_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vmean(@extschema@.nvec) IS 'mean of the valid elements, NULL if none';

CREATE FUNCTION @extschema@.vmin(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vmin_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vmin(@extschema@.nvec) IS 'smallest valid element (NaN only if all are NaN), NULL if none';

CREATE FUNCTION @extschema@.vmax(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vmax_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vmax(@extschema@.nvec) IS 'largest valid element (NaN above every number), NULL if none';

CREATE FUNCTION @extschema@.vcount(v @extschema@.nvec) RETURNS bigint
	AS 'MODULE_PATHNAME', 'vcount_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vcount(@extschema@.nvec) IS 'number of valid (non-NULL) elements';

CREATE FUNCTION @extschema@.vprod(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vprod_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vprod(@extschema@.nvec) IS 'product of the valid elements in index order, NULL if none';

CREATE FUNCTION @extschema@.vvar(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vvar_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vvar(@extschema@.nvec) IS 'sample variance of the valid elements, NULL for fewer than two';

CREATE FUNCTION @extschema@.vstddev(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vstddev_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vstddev(@extschema@.nvec) IS 'sample standard deviation of the valid elements, NULL for fewer than two';

CREATE FUNCTION @extschema@.vvar_pop(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vvar_pop_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vvar_pop(@extschema@.nvec) IS 'population variance of the valid elements, NULL if none';

CREATE FUNCTION @extschema@.vstddev_pop(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vstddev_pop_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vstddev_pop(@extschema@.nvec) IS 'population standard deviation of the valid elements, NULL if none';

CREATE FUNCTION @extschema@.vdot(x float8[], y float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vdot_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vdot(float8[], float8[]) IS
'sum of x[i] * y[i] over the positions where both are valid, NULL if none';

CREATE FUNCTION @extschema@.vdot(x @extschema@.nvec, y @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vdot_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vdot(@extschema@.nvec, @extschema@.nvec) IS
'sum of x[i] * y[i] over the positions where both are valid, NULL if none';

CREATE FUNCTION @extschema@.vdot(x float8[], y @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vdot_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vdot(float8[], @extschema@.nvec) IS
'sum of x[i] * y[i] over the positions where both are valid, NULL if none';

CREATE FUNCTION @extschema@.vdot(x @extschema@.nvec, y float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vdot_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vdot(@extschema@.nvec, float8[]) IS
'sum of x[i] * y[i] over the positions where both are valid, NULL if none';

-- Series analytics: running operations, smoothing and shifting (issue 12)
-- float8[]
CREATE FUNCTION @extschema@.cumsum(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'cumsum_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cumsum(float8[]) IS 'running sum in index order: element i is the sum of the present elements up to i (NULL where v is NULL)';

CREATE FUNCTION @extschema@.cumprod(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'cumprod_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cumprod(float8[]) IS 'running product in index order: element i is the product of the present elements up to i (NULL where v is NULL)';

CREATE FUNCTION @extschema@.cummax(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'cummax_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cummax(float8[]) IS 'running maximum: element i is the largest present element up to i, NaN above every number (NULL where v is NULL)';

CREATE FUNCTION @extschema@.cummin(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'cummin_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cummin(float8[]) IS 'running minimum: element i is the smallest present element up to i, NaN above every number (NULL where v is NULL)';

CREATE FUNCTION @extschema@.ema(v float8[], alpha float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'ema_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.ema(float8[], float8) IS 'exponential moving average: s = first present element, then s = alpha * x + (1 - alpha) * s at each present x; alpha in (0, 1] (NULL where v is NULL)';

CREATE FUNCTION @extschema@.shift(v float8[], k integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'shift_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.shift(float8[], integer) IS 'v shifted by k places: element i is v[i - k] (k > 0 lags, k < 0 leads), NULL where i - k is outside v';

CREATE FUNCTION @extschema@.fill_forward(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'fill_forward_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fill_forward(float8[]) IS 'each NULL element replaced by the last present element before it; leading NULLs stay NULL';

CREATE FUNCTION @extschema@.fill_null(v float8[], x float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'fill_null_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fill_null(float8[], float8) IS 'each NULL element replaced by x';

-- nvec
CREATE FUNCTION @extschema@.cumsum(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'cumsum_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cumsum(@extschema@.nvec) IS 'running sum in index order: element i is the sum of the present elements up to i (NULL where v is NULL)';

CREATE FUNCTION @extschema@.cumprod(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'cumprod_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cumprod(@extschema@.nvec) IS 'running product in index order: element i is the product of the present elements up to i (NULL where v is NULL)';

CREATE FUNCTION @extschema@.cummax(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'cummax_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cummax(@extschema@.nvec) IS 'running maximum: element i is the largest present element up to i, NaN above every number (NULL where v is NULL)';

CREATE FUNCTION @extschema@.cummin(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'cummin_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.cummin(@extschema@.nvec) IS 'running minimum: element i is the smallest present element up to i, NaN above every number (NULL where v is NULL)';

CREATE FUNCTION @extschema@.ema(v @extschema@.nvec, alpha float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'ema_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.ema(@extschema@.nvec, float8) IS 'exponential moving average: s = first present element, then s = alpha * x + (1 - alpha) * s at each present x; alpha in (0, 1] (NULL where v is NULL)';

CREATE FUNCTION @extschema@.shift(v @extschema@.nvec, k integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'shift_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.shift(@extschema@.nvec, integer) IS 'v shifted by k places: element i is v[i - k] (k > 0 lags, k < 0 leads), NULL where i - k is outside v';

CREATE FUNCTION @extschema@.fill_forward(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'fill_forward_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fill_forward(@extschema@.nvec) IS 'each NULL element replaced by the last present element before it; leading NULLs stay NULL';

CREATE FUNCTION @extschema@.fill_null(v @extschema@.nvec, x float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'fill_null_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fill_null(@extschema@.nvec, float8) IS 'each NULL element replaced by x';

-- Series analytics: rolling windows (issue 12)
CREATE FUNCTION @extschema@.rolling_sum(v float8[], w integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_sum_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_sum(float8[], integer) IS 'sum of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements';
CREATE FUNCTION @extschema@.rolling_sum(v float8[], w integer, min_count integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_sum_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_sum(float8[], integer, integer) IS 'sum of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_mean(v float8[], w integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_mean_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_mean(float8[], integer) IS 'mean of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements';
CREATE FUNCTION @extschema@.rolling_mean(v float8[], w integer, min_count integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_mean_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_mean(float8[], integer, integer) IS 'mean of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_stddev(v float8[], w integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_stddev_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_stddev(float8[], integer) IS 'sample standard deviation of the present elements of the trailing window of w elements ending at each element (NULL for fewer than two); NULL at a NULL element and until the window holds w present elements';
CREATE FUNCTION @extschema@.rolling_stddev(v float8[], w integer, min_count integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_stddev_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_stddev(float8[], integer, integer) IS 'sample standard deviation of the present elements of the trailing window of w elements ending at each element (NULL for fewer than two); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_min(v float8[], w integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_min_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_min(float8[], integer) IS 'minimum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and until the window holds w present elements';
CREATE FUNCTION @extschema@.rolling_min(v float8[], w integer, min_count integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_min_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_min(float8[], integer, integer) IS 'minimum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_max(v float8[], w integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_max_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_max(float8[], integer) IS 'maximum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and until the window holds w present elements';
CREATE FUNCTION @extschema@.rolling_max(v float8[], w integer, min_count integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_max_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_max(float8[], integer, integer) IS 'maximum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_count(v float8[], w integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_count_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_count(float8[], integer) IS 'number of present elements in the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements';
CREATE FUNCTION @extschema@.rolling_count(v float8[], w integer, min_count integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_count_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_count(float8[], integer, integer) IS 'number of present elements in the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';


CREATE FUNCTION @extschema@.rolling_sum(v @extschema@.nvec, w integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_sum_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_sum(@extschema@.nvec, integer) IS 'sum of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements';
CREATE FUNCTION @extschema@.rolling_sum(v @extschema@.nvec, w integer, min_count integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_sum_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_sum(@extschema@.nvec, integer, integer) IS 'sum of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_mean(v @extschema@.nvec, w integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_mean_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_mean(@extschema@.nvec, integer) IS 'mean of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements';
CREATE FUNCTION @extschema@.rolling_mean(v @extschema@.nvec, w integer, min_count integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_mean_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_mean(@extschema@.nvec, integer, integer) IS 'mean of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_stddev(v @extschema@.nvec, w integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_stddev_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_stddev(@extschema@.nvec, integer) IS 'sample standard deviation of the present elements of the trailing window of w elements ending at each element (NULL for fewer than two); NULL at a NULL element and until the window holds w present elements';
CREATE FUNCTION @extschema@.rolling_stddev(v @extschema@.nvec, w integer, min_count integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_stddev_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_stddev(@extschema@.nvec, integer, integer) IS 'sample standard deviation of the present elements of the trailing window of w elements ending at each element (NULL for fewer than two); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_min(v @extschema@.nvec, w integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_min_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_min(@extschema@.nvec, integer) IS 'minimum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and until the window holds w present elements';
CREATE FUNCTION @extschema@.rolling_min(v @extschema@.nvec, w integer, min_count integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_min_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_min(@extschema@.nvec, integer, integer) IS 'minimum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_max(v @extschema@.nvec, w integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_max_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_max(@extschema@.nvec, integer) IS 'maximum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and until the window holds w present elements';
CREATE FUNCTION @extschema@.rolling_max(v @extschema@.nvec, w integer, min_count integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_max_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_max(@extschema@.nvec, integer, integer) IS 'maximum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_count(v @extschema@.nvec, w integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_count_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_count(@extschema@.nvec, integer) IS 'number of present elements in the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements';
CREATE FUNCTION @extschema@.rolling_count(v @extschema@.nvec, w integer, min_count integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_count_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_count(@extschema@.nvec, integer, integer) IS 'number of present elements in the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

-- Series analytics: aggregates across rows (issue 12)
-- nvec_agg gets combine, serialize and deserialize functions (CREATE OR
-- REPLACE AGGREGATE is the only way to give an existing aggregate them; it
-- replaces only the extension's own nvec_agg), then sum, avg, min and max.
-- in parallel: each worker's rows collected apart, then appended one state
-- after another (the order across workers is unspecified without ORDER BY)
CREATE FUNCTION @extschema@.nvec_agg_combinefn(internal, internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_agg_combinefn(internal, internal) IS
'combine function of nvec_agg: appends the second state to the first';

CREATE FUNCTION @extschema@.nvec_agg_serialfn(internal) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_agg_serialfn(internal) IS
'serialization function of nvec_agg: the state as a bytea';

CREATE FUNCTION @extschema@.nvec_agg_deserialfn(bytea, internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_agg_deserialfn(bytea, internal) IS
'deserialization function of nvec_agg: a checked bytea back to a state';

CREATE OR REPLACE AGGREGATE @extschema@.nvec_agg(float8) (
	SFUNC = @extschema@.nvec_agg_transfn,
	STYPE = internal,
	FINALFUNC = @extschema@.nvec_agg_finalfn,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.nvec_agg_combinefn,
	SERIALFUNC = @extschema@.nvec_agg_serialfn,
	DESERIALFUNC = @extschema@.nvec_agg_deserialfn,
	PARALLEL = SAFE
);

-- Aggregates across rows (src/pg_series_agg.c, docs/series.md): sum and avg
-- over a column of nvec or float8[], min and max over a column of nvec,
-- position by position.  Position i of the result aggregates position i of
-- every row: NULL elements are skipped, a position without any valid
-- element is NULL, a NULL row is skipped, no rows give NULL; rows of
-- different lengths are an error.  min and max are not defined over
-- float8[]: core's min(anyarray) and max(anyarray) order arrays as wholes.
-- Each has a combine function: PostgreSQL may run it in parallel.  sum,
-- min and max keep an internal state, serialized as a bytea between
-- parallel workers; avg keeps an ordinary float8[] (sums, then counts of
-- valid elements), so that Citus combines avg's partial states through
-- vec_avg_combinefn: Citus uses an aggregate's combine function only when
-- its state is not internal, and otherwise rewrites avg(x) as
-- sum(x) / count(x), a count of rows (docs/scale-out.md).

CREATE FUNCTION @extschema@.vec_sum_transfn(internal, @extschema@.nvec) RETURNS internal
	AS 'MODULE_PATHNAME', 'vec_sum_transfn_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_sum_transfn(internal, @extschema@.nvec) IS
'state transition function of sum(nvec): adds a row position by position';

CREATE FUNCTION @extschema@.vec_sum_transfn(internal, float8[]) RETURNS internal
	AS 'MODULE_PATHNAME', 'vec_sum_transfn_float8arr' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_sum_transfn(internal, float8[]) IS
'state transition function of sum(float8[]): adds a row position by position';

CREATE FUNCTION @extschema@.vec_min_transfn(internal, @extschema@.nvec) RETURNS internal
	AS 'MODULE_PATHNAME', 'vec_min_transfn_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_min_transfn(internal, @extschema@.nvec) IS
'state transition function of min(nvec): the least element so far at each position';

CREATE FUNCTION @extschema@.vec_max_transfn(internal, @extschema@.nvec) RETURNS internal
	AS 'MODULE_PATHNAME', 'vec_max_transfn_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_max_transfn(internal, @extschema@.nvec) IS
'state transition function of max(nvec): the greatest element so far at each position';

CREATE FUNCTION @extschema@.vec_agg_finalfn_nvec(internal) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_agg_finalfn_nvec(internal) IS
'final function of sum(nvec), min(nvec) and max(nvec): the state as an nvec';

CREATE FUNCTION @extschema@.vec_agg_finalfn_float8arr(internal) RETURNS float8[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_agg_finalfn_float8arr(internal) IS
'final function of sum(float8[]): the state as a float8[]';

CREATE FUNCTION @extschema@.vec_agg_combinefn(internal, internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_agg_combinefn(internal, internal) IS
'combine function of sum, min and max over vectors: folds the second state into the first';

CREATE FUNCTION @extschema@.vec_agg_serialfn(internal) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_agg_serialfn(internal) IS
'serialization function of sum, min and max over vectors: the state as a bytea';

CREATE FUNCTION @extschema@.vec_agg_deserialfn(bytea, internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_agg_deserialfn(bytea, internal) IS
'deserialization function of sum, min and max over vectors: a checked bytea back to a state';

-- avg's state: a float8[] of 2n values, the sums at the n positions (from
-- -0, the identity of the sum) then the counts of valid elements
CREATE FUNCTION @extschema@.vec_avg_transfn(float8[], @extschema@.nvec) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vec_avg_transfn_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_avg_transfn(float8[], @extschema@.nvec) IS
'state transition function of avg(nvec): adds a row to the sums and counts of valid elements, position by position';

CREATE FUNCTION @extschema@.vec_avg_transfn(float8[], float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vec_avg_transfn_float8arr' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_avg_transfn(float8[], float8[]) IS
'state transition function of avg(float8[]): adds a row to the sums and counts of valid elements, position by position';

CREATE FUNCTION @extschema@.vec_avg_combinefn(float8[], float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_avg_combinefn(float8[], float8[]) IS
'combine function of avg over vectors: adds the second state (sums, then counts of valid elements) to the first';

CREATE FUNCTION @extschema@.vec_avg_finalfn_nvec(float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_avg_finalfn_nvec(float8[]) IS
'final function of avg(nvec): sums divided by counts, as an nvec';

CREATE FUNCTION @extschema@.vec_avg_finalfn_float8arr(float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_avg_finalfn_float8arr(float8[]) IS
'final function of avg(float8[]): sums divided by counts, as a float8[]';

CREATE AGGREGATE @extschema@.sum(@extschema@.nvec) (
	SFUNC = @extschema@.vec_sum_transfn,
	STYPE = internal,
	FINALFUNC = @extschema@.vec_agg_finalfn_nvec,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_agg_combinefn,
	SERIALFUNC = @extschema@.vec_agg_serialfn,
	DESERIALFUNC = @extschema@.vec_agg_deserialfn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.sum(@extschema@.nvec) IS
'elementwise sum across rows, NULL elements skipped; NULL where a position has no valid element';

CREATE AGGREGATE @extschema@.sum(float8[]) (
	SFUNC = @extschema@.vec_sum_transfn,
	STYPE = internal,
	FINALFUNC = @extschema@.vec_agg_finalfn_float8arr,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_agg_combinefn,
	SERIALFUNC = @extschema@.vec_agg_serialfn,
	DESERIALFUNC = @extschema@.vec_agg_deserialfn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.sum(float8[]) IS
'elementwise sum across rows, NULL elements skipped; NULL where a position has no valid element';

CREATE AGGREGATE @extschema@.avg(@extschema@.nvec) (
	SFUNC = @extschema@.vec_avg_transfn,
	STYPE = float8[],
	FINALFUNC = @extschema@.vec_avg_finalfn_nvec,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_avg_combinefn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.avg(@extschema@.nvec) IS
'elementwise mean across rows, NULL elements skipped; NULL where a position has no valid element';

CREATE AGGREGATE @extschema@.avg(float8[]) (
	SFUNC = @extschema@.vec_avg_transfn,
	STYPE = float8[],
	FINALFUNC = @extschema@.vec_avg_finalfn_float8arr,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_avg_combinefn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.avg(float8[]) IS
'elementwise mean across rows, NULL elements skipped; NULL where a position has no valid element';

CREATE AGGREGATE @extschema@.min(@extschema@.nvec) (
	SFUNC = @extschema@.vec_min_transfn,
	STYPE = internal,
	FINALFUNC = @extschema@.vec_agg_finalfn_nvec,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_agg_combinefn,
	SERIALFUNC = @extschema@.vec_agg_serialfn,
	DESERIALFUNC = @extschema@.vec_agg_deserialfn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.min(@extschema@.nvec) IS
'elementwise minimum across rows (NaN above every number, as float8), NULL elements skipped';

CREATE AGGREGATE @extschema@.max(@extschema@.nvec) (
	SFUNC = @extschema@.vec_max_transfn,
	STYPE = internal,
	FINALFUNC = @extschema@.vec_agg_finalfn_nvec,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_agg_combinefn,
	SERIALFUNC = @extschema@.vec_agg_serialfn,
	DESERIALFUNC = @extschema@.vec_agg_deserialfn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.max(@extschema@.nvec) IS
'elementwise maximum across rows (NaN above every number, as float8), NULL elements skipped';

-- The executor worker's counters named for what it is, an executor that may
-- use CUDA: fusekern_cuda_stats (function and view) is fusekern_executor_stats
DROP VIEW @extschema@.fusekern_cuda_stats;
DROP FUNCTION @extschema@.fusekern_cuda_stats();
CREATE FUNCTION @extschema@.fusekern_executor_stats(OUT requests bigint, OUT offloaded bigint,
	OUT fallbacks bigint, OUT errors bigint, OUT cancelled bigint,
	OUT busy bigint, OUT no_shmem bigint, OUT queued_flops float8,
	OUT executor text, OUT worker_pid integer)
RETURNS record
AS 'MODULE_PATHNAME', 'fusekern_executor_stats'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fusekern_executor_stats() IS
'counters of the executor worker since the server started';
CREATE VIEW @extschema@.fusekern_executor_stats AS
	SELECT * FROM @extschema@.fusekern_executor_stats();
COMMENT ON VIEW @extschema@.fusekern_executor_stats IS
'dense layers offered to the executor worker: offloaded, answered by the CPU path (fallbacks, of which busy: too much work queued, no_shmem: no shared memory), worker errors, cancelled waits, work queued now';

-- log10(v), log10(v, on_error) over float8[] and nvec
CREATE FUNCTION @extschema@.log10(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'log10_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.log10(float8[]) IS 'base-10 logarithm of each element';
CREATE FUNCTION @extschema@.log10(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'log10_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.log10(@extschema@.nvec) IS 'base-10 logarithm of each element';
CREATE FUNCTION @extschema@.log10(v float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'log10_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.log10(float8[], text) IS 'base-10 logarithm of each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
CREATE FUNCTION @extschema@.log10(v @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'log10_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.log10(@extschema@.nvec, text) IS 'base-10 logarithm of each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

-- clip(v, lo, hi) over float8[] and nvec
CREATE FUNCTION @extschema@.clip(v float8[], lo float8, hi float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'clip_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.clip(float8[], float8, float8) IS 'each element limited to [lo, hi]: lo below lo, hi above hi, NaN stays NaN; lo > hi or a NaN bound is an error';
CREATE FUNCTION @extschema@.clip(v @extschema@.nvec, lo float8, hi float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'clip_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.clip(@extschema@.nvec, float8, float8) IS 'each element limited to [lo, hi]: lo below lo, hi above hi, NaN stays NaN; lo > hi or a NaN bound is an error';

-- Fusion through reductions: fused_reduce, and the reductions name fusekern_support
-- A reduction (vsum, vmean, vstddev, vdot ...) over a fused program: the
-- program's root is the reduction, its operands are evaluated a block at a
-- time into the reduction's accumulator, no vector is built.  Over float8[]
-- or nvec inputs (the program's vector arguments are all of one type).
CREATE FUNCTION @extschema@.fused_reduce(program text, VARIADIC inputs "any")
RETURNS float8
AS 'MODULE_PATHNAME', 'fused_reduce'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fused_reduce(text, "any") IS
'one pass of a reduction over a fused program of float8[] or nvec inputs v1, v2, ... (written by the planner for a reduction of nested calls)';
ALTER FUNCTION @extschema@.vsum(float8[]) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.vmean(float8[]) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.vmin(float8[]) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.vmax(float8[]) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.vprod(float8[]) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.vvar(float8[]) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.vstddev(float8[]) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.vvar_pop(float8[]) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.vstddev_pop(float8[]) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.vsum(@extschema@.nvec) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.vmean(@extschema@.nvec) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.vmin(@extschema@.nvec) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.vmax(@extschema@.nvec) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.vprod(@extschema@.nvec) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.vvar(@extschema@.nvec) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.vstddev(@extschema@.nvec) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.vvar_pop(@extschema@.nvec) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.vstddev_pop(@extschema@.nvec) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.vdot(float8[], float8[]) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.vdot(@extschema@.nvec, @extschema@.nvec) SUPPORT @extschema@.fusekern_support;

-- Fusion through running operations: cumsum, cumprod, cummax, cummin, ema,
-- fill_forward and fill_null name fusekern_support
ALTER FUNCTION @extschema@.cumsum(float8[]) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.cumprod(float8[]) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.cummax(float8[]) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.cummin(float8[]) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.ema(float8[], float8) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.fill_forward(float8[]) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.fill_null(float8[], float8) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.cumsum(@extschema@.nvec) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.cumprod(@extschema@.nvec) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.cummax(@extschema@.nvec) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.cummin(@extschema@.nvec) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.ema(@extschema@.nvec, float8) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.fill_forward(@extschema@.nvec) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.fill_null(@extschema@.nvec, float8) SUPPORT @extschema@.fusekern_support;

-- Fusion through rolling operations: rolling_sum, rolling_mean,
-- rolling_stddev, rolling_min, rolling_max and rolling_count of (v, w) name
-- fusekern_support
ALTER FUNCTION @extschema@.rolling_sum(float8[], integer) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.rolling_mean(float8[], integer) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.rolling_stddev(float8[], integer) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.rolling_min(float8[], integer) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.rolling_max(float8[], integer) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.rolling_count(float8[], integer) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.rolling_sum(@extschema@.nvec, integer) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.rolling_mean(@extschema@.nvec, integer) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.rolling_stddev(@extschema@.nvec, integer) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.rolling_min(@extschema@.nvec, integer) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.rolling_max(@extschema@.nvec, integer) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.rolling_count(@extschema@.nvec, integer) SUPPORT @extschema@.fusekern_support;

-- Fusion through shift(v, k) with k >= 0 (a lead stays a call)
ALTER FUNCTION @extschema@.shift(float8[], integer) SUPPORT @extschema@.fusekern_support;
ALTER FUNCTION @extschema@.shift(@extschema@.nvec, integer) SUPPORT @extschema@.fusekern_support;
