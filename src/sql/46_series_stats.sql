-- Quantiles of one vector (src/series/pg_series_stats.c, docs/series.md
-- "Statistics of a vector"): vmedian, vquantile.  Not fused: a quantile
-- selects over all the values, which no fixed-size state streams.  vargmin,
-- vargmax, vcov, vcov_pop and vcorr are reductions of the catalogue
-- (40_series.sql, generated), and fuse.

CREATE FUNCTION @extschema@.vmedian(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vmedian_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vmedian(float8[]) IS 'median of the valid elements, interpolated as percentile_cont(0.5) (NaN above every number), NULL if none';

CREATE FUNCTION @extschema@.vmedian(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vmedian_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vmedian(@extschema@.nvec) IS 'median of the valid elements, interpolated as percentile_cont(0.5) (NaN above every number), NULL if none';

CREATE FUNCTION @extschema@.vquantile(v float8[], q float8) RETURNS float8
	AS 'MODULE_PATHNAME', 'vquantile_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vquantile(float8[], float8) IS 'quantile q (0 to 1) of the valid elements, interpolated as percentile_cont(q) (NaN above every number), NULL if none';

CREATE FUNCTION @extschema@.vquantile(v @extschema@.nvec, q float8) RETURNS float8
	AS 'MODULE_PATHNAME', 'vquantile_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vquantile(@extschema@.nvec, float8) IS 'quantile q (0 to 1) of the valid elements, interpolated as percentile_cont(q) (NaN above every number), NULL if none';

CREATE FUNCTION @extschema@.vquantile(v float8[], q float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vquantiles_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vquantile(float8[], float8[]) IS 'quantiles q (each 0 to 1; a NULL one gives NULL) of the valid elements, interpolated as percentile_cont(q), in the shape of q; NULL if none';

CREATE FUNCTION @extschema@.vquantile(v @extschema@.nvec, q float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vquantiles_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vquantile(@extschema@.nvec, float8[]) IS 'quantiles q (each 0 to 1; a NULL one gives NULL) of the valid elements, interpolated as percentile_cont(q), in the shape of q; NULL if none';

-- Histograms of one vector (src/series/pg_series_stats.c, docs/series.md):
-- vhistogram, counts per bucket of core's width_bucket, numbered from 0
CREATE FUNCTION @extschema@.vhistogram(v float8[], edges float8[]) RETURNS int8[]
	AS 'MODULE_PATHNAME', 'vhistogram_edges_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vhistogram(float8[], float8[]) IS 'counts of the valid elements per bucket of width_bucket(x, edges), in an int8[] numbered 0 (below the first edge) to the number of edges (at or above the last)';

CREATE FUNCTION @extschema@.vhistogram(v @extschema@.nvec, edges float8[]) RETURNS int8[]
	AS 'MODULE_PATHNAME', 'vhistogram_edges_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vhistogram(@extschema@.nvec, float8[]) IS 'counts of the valid elements per bucket of width_bucket(x, edges), in an int8[] numbered 0 (below the first edge) to the number of edges (at or above the last)';

CREATE FUNCTION @extschema@.vhistogram(v float8[], lo float8, hi float8, count integer) RETURNS int8[]
	AS 'MODULE_PATHNAME', 'vhistogram_width_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vhistogram(float8[], float8, float8, integer) IS 'counts of the valid elements per bucket of width_bucket(x, lo, hi, count), in an int8[] numbered 0 (below lo) to count + 1 (at or above hi)';

CREATE FUNCTION @extschema@.vhistogram(v @extschema@.nvec, lo float8, hi float8, count integer) RETURNS int8[]
	AS 'MODULE_PATHNAME', 'vhistogram_width_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vhistogram(@extschema@.nvec, float8, float8, integer) IS 'counts of the valid elements per bucket of width_bucket(x, lo, hi, count), in an int8[] numbered 0 (below lo) to count + 1 (at or above hi)';
