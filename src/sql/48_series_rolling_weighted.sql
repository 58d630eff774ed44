-- The weighted rolling mean (src/series/pg_series_rolling.c,
-- src/core/series_rolling_weighted.c, docs/series.md): rolling_mean(v,
-- weights float8[] [, min_count]), the window of cardinality(weights)
-- elements ending at each element, its last weight on that element, the
-- sum of the present elements times their weights over the sum of those
-- weights (Polars' rolling_mean(weights=...), which divides by the sum of
-- the weights too).  Not fused.

CREATE FUNCTION @extschema@.rolling_mean(v float8[], weights float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_mean_weighted_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_mean(float8[], float8[]) IS 'weighted mean of the trailing window of cardinality(weights) elements ending at each element, weights[j] on its j-th element: sum(x * weight) / sum(weight) over the present elements; NULL at a NULL element, until the window holds as many present elements as weights, and where their weights sum to 0';

CREATE FUNCTION @extschema@.rolling_mean(v float8[], weights float8[], min_count integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_mean_weighted_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_mean(float8[], float8[], integer) IS 'weighted mean of the trailing window of cardinality(weights) elements ending at each element, weights[j] on its j-th element: sum(x * weight) / sum(weight) over the present elements; NULL at a NULL element, where the window holds fewer than min_count present elements, and where their weights sum to 0';

CREATE FUNCTION @extschema@.rolling_mean(v @extschema@.nvec, weights float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_mean_weighted_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_mean(@extschema@.nvec, float8[]) IS 'weighted mean of the trailing window of cardinality(weights) elements ending at each element, weights[j] on its j-th element: sum(x * weight) / sum(weight) over the present elements; NULL at a NULL element, until the window holds as many present elements as weights, and where their weights sum to 0';

CREATE FUNCTION @extschema@.rolling_mean(v @extschema@.nvec, weights float8[], min_count integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_mean_weighted_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_mean(@extschema@.nvec, float8[], integer) IS 'weighted mean of the trailing window of cardinality(weights) elements ending at each element, weights[j] on its j-th element: sum(x * weight) / sum(weight) over the present elements; NULL at a NULL element, where the window holds fewer than min_count present elements, and where their weights sum to 0';
