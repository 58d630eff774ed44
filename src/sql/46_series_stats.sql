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
