/* fusekern 0.3 -> 0.4: ALTER EXTENSION fusekern UPDATE TO '0.4' */
\echo Use "ALTER EXTENSION fusekern UPDATE TO '0.4'" to load this file. \quit

-- Each change of the SQL surface since 0.3 is a block below, in the order
-- the changes were made; a fresh install of 0.4 (src/sql/) and every earlier
-- release updated by the scripts must leave the same catalog
-- (test/t/upgrade.pl).

-- Dense chains fused by the planner (docs/dense.md, src/dense/fuse.c): the
-- support function of relu and add_bias, and the layer calls it writes.
CREATE FUNCTION @extschema@.fusekern_dense_support(internal)
RETURNS internal
AS 'MODULE_PATHNAME', 'fusekern_dense_support'
LANGUAGE C STRICT;
COMMENT ON FUNCTION @extschema@.fusekern_dense_support(internal) IS
'planner support function of relu and add_bias: rewrites nested dense calls into one layer call';

ALTER FUNCTION @extschema@.add_bias(float8[], float8[])
	SUPPORT @extschema@.fusekern_dense_support;
ALTER FUNCTION @extschema@.relu(float8[])
	SUPPORT @extschema@.fusekern_dense_support;

-- The layer calls the planner writes for a nested spelling: the last
-- argument names the spelling, whose results, NULLs and errors the call
-- gives (one row for the residual spellings, which add with vadd).  Not
-- STRICT: with a NULL argument the spelling's calls before it still run.
CREATE FUNCTION @extschema@.linear_residual_relu(x float8[], w float8[],
	bias float8[], residual float8[], spelling text)
RETURNS float8[]
AS 'MODULE_PATHNAME', 'linear_residual_relu_spelled'
LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.linear_residual_relu(float8[], float8[], float8[], float8[], text) IS
'residual block standing for the nested calls named by spelling (written by the planner)';

CREATE FUNCTION @extschema@.gelu_linear(x float8[], w float8[], bias float8[],
	spelling text)
RETURNS float8[]
AS 'MODULE_PATHNAME', 'gelu_linear_spelled'
LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.gelu_linear(float8[], float8[], float8[], text) IS
'feed-forward layer standing for the nested calls named by spelling (written by the planner)';

-- fusekern_executor_stats: the device process (its pid and restarts) and
-- the staging area (its size and the bytes in use) as four more columns.
-- A function's OUT columns cannot change in place: the view and the
-- function are made again.
DROP VIEW @extschema@.fusekern_executor_stats;
DROP FUNCTION @extschema@.fusekern_executor_stats();
CREATE FUNCTION @extschema@.fusekern_executor_stats(OUT requests bigint, OUT offloaded bigint,
	OUT fallbacks bigint, OUT errors bigint, OUT cancelled bigint,
	OUT busy bigint, OUT no_shmem bigint, OUT queued_flops float8,
	OUT executor text, OUT worker_pid integer, OUT device_pid integer,
	OUT restarts bigint, OUT staging_bytes bigint, OUT staging_in_use bigint)
RETURNS record
AS 'MODULE_PATHNAME', 'fusekern_executor_stats'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fusekern_executor_stats() IS
'counters of the executor worker since the server started';

CREATE VIEW @extschema@.fusekern_executor_stats AS
	SELECT * FROM @extschema@.fusekern_executor_stats();
COMMENT ON VIEW @extschema@.fusekern_executor_stats IS
'dense layers offered to the executor: offloaded, answered by the CPU path (fallbacks, of which busy: too much work queued or no room in the staging area now, no_shmem: larger than the staging area or no mapping of it), device errors, cancelled waits, work queued now, the worker and its device process, device process restarts, the staging area and the bytes of it in use';

-- relu(add_bias(matmul(x, w), b)), x one row or a matrix, fused by the
-- planner too (docs/dense.md): the layer call it writes for that spelling.
CREATE FUNCTION @extschema@.linear_relu(x float8[], w float8[], bias float8[],
	spelling text)
RETURNS float8[]
AS 'MODULE_PATHNAME', 'linear_relu_spelled'
LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.linear_relu(float8[], float8[], float8[], text) IS
'layer relu(x w + bias) standing for the nested calls named by spelling (written by the planner)';

-- cbrt(v) over float8[] and nvec
CREATE FUNCTION @extschema@.cbrt(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'cbrt_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.cbrt(float8[]) IS 'cube root of each element';
CREATE FUNCTION @extschema@.cbrt(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'cbrt_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.cbrt(@extschema@.nvec) IS 'cube root of each element';

-- Statistics of a vector: vargmin, vargmax, vcov, vcov_pop, vcorr,
-- vmedian, vquantile over float8[] and nvec
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

-- pct_change(v, lag DEFAULT 1): (v[i] / v[i - lag]) - 1, a lagged row of
-- the catalogue (fused, with its on_error form), over float8[] and nvec
CREATE FUNCTION @extschema@.pct_change(v float8[], lag integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'pct_change_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.pct_change(float8[], integer) IS 'percentage change v[i] / v[i - lag] - 1; the first lag elements are NULL';

CREATE FUNCTION @extschema@.pct_change(v @extschema@.nvec, lag integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'pct_change_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.pct_change(@extschema@.nvec, integer) IS 'percentage change v[i] / v[i - lag] - 1; the first lag elements are NULL';

CREATE FUNCTION @extschema@.pct_change(v float8[], lag integer, on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'pct_change_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.pct_change(float8[], integer, text) IS '(v[i] / v[i - lag]) - 1, NULL for i <= lag; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.pct_change(v @extschema@.nvec, lag integer, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'pct_change_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.pct_change(@extschema@.nvec, integer, text) IS '(v[i] / v[i - lag]) - 1, NULL for i <= lag; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
