-- rolling_quantile (src/pg_series_rolling.c, docs/series.md): the q-quantile
-- of a rolling window, as percentile_cont(q) over it.  Written here, not in
-- the catalogue: its quantile q, a float8 beside the window, is no shape of
-- FK_SHAPES, so it is not fused (rolling_median, q = 0.5, is a row and
-- fuses).

CREATE FUNCTION @extschema@.rolling_quantile(v float8[], w integer, q float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_quantile_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_quantile(float8[], integer, float8) IS 'q-quantile (0 <= q <= 1) of the present elements of the trailing window of w elements ending at each element, as percentile_cont(q) (linear interpolation, NaN above every number); NULL at a NULL element and until the window holds w present elements';

CREATE FUNCTION @extschema@.rolling_quantile(v float8[], w integer, q float8, min_count integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_quantile_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_quantile(float8[], integer, float8, integer) IS 'q-quantile (0 <= q <= 1) of the present elements of the trailing window of w elements ending at each element, as percentile_cont(q) (linear interpolation, NaN above every number); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_quantile(v @extschema@.nvec, w integer, q float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_quantile_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_quantile(@extschema@.nvec, integer, float8) IS 'q-quantile (0 <= q <= 1) of the present elements of the trailing window of w elements ending at each element, as percentile_cont(q) (linear interpolation, NaN above every number); NULL at a NULL element and until the window holds w present elements';

CREATE FUNCTION @extschema@.rolling_quantile(v @extschema@.nvec, w integer, q float8, min_count integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_quantile_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_quantile(@extschema@.nvec, integer, float8, integer) IS 'q-quantile (0 <= q <= 1) of the present elements of the trailing window of w elements ending at each element, as percentile_cont(q) (linear interpolation, NaN above every number); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';
