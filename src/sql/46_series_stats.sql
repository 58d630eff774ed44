-- Statistics of one vector, or of two over the positions where both are
-- valid (src/pg_series_stats.c, docs/series.md "Statistics of a vector"):
-- vargmin, vargmax, vcov, vcov_pop, vcorr, vmedian, vquantile.  Not
-- fused: an integer result (vargmin, vargmax), a quantile's selection over
-- all the values, or a state of two vectors are not reductions of the
-- catalogue (40_series.sql, generated).

CREATE FUNCTION @extschema@.vargmin(v float8[]) RETURNS integer
	AS 'MODULE_PATHNAME', 'vargmin_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vargmin(float8[]) IS '1-based position of the first smallest valid element (NaN above every number: NaN only if all are NaN), NULL if none';

CREATE FUNCTION @extschema@.vargmin(v @extschema@.nvec) RETURNS integer
	AS 'MODULE_PATHNAME', 'vargmin_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vargmin(@extschema@.nvec) IS '1-based position of the first smallest valid element (NaN above every number: NaN only if all are NaN), NULL if none';

CREATE FUNCTION @extschema@.vargmax(v float8[]) RETURNS integer
	AS 'MODULE_PATHNAME', 'vargmax_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vargmax(float8[]) IS '1-based position of the first largest valid element (NaN above every number: the first NaN if any), NULL if none';

CREATE FUNCTION @extschema@.vargmax(v @extschema@.nvec) RETURNS integer
	AS 'MODULE_PATHNAME', 'vargmax_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vargmax(@extschema@.nvec) IS '1-based position of the first largest valid element (NaN above every number: the first NaN if any), NULL if none';

CREATE FUNCTION @extschema@.vcov(x float8[], y float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vcov_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vcov(float8[], float8[]) IS 'sample covariance of x and y over the positions where both are valid (as covar_samp), NULL for fewer than two';

CREATE FUNCTION @extschema@.vcov(x @extschema@.nvec, y @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vcov_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vcov(@extschema@.nvec, @extschema@.nvec) IS 'sample covariance of x and y over the positions where both are valid (as covar_samp), NULL for fewer than two';

CREATE FUNCTION @extschema@.vcov_pop(x float8[], y float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vcov_pop_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vcov_pop(float8[], float8[]) IS 'population covariance of x and y over the positions where both are valid (as covar_pop), NULL if none';

CREATE FUNCTION @extschema@.vcov_pop(x @extschema@.nvec, y @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vcov_pop_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vcov_pop(@extschema@.nvec, @extschema@.nvec) IS 'population covariance of x and y over the positions where both are valid (as covar_pop), NULL if none';

CREATE FUNCTION @extschema@.vcorr(x float8[], y float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vcorr_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vcorr(float8[], float8[]) IS 'correlation coefficient of x and y over the positions where both are valid (as corr), NULL if none or if either is constant';

CREATE FUNCTION @extschema@.vcorr(x @extschema@.nvec, y @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vcorr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vcorr(@extschema@.nvec, @extschema@.nvec) IS 'correlation coefficient of x and y over the positions where both are valid (as corr), NULL if none or if either is constant';

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
