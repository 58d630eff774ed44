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

-- Rolling windows, EMA and dispersion across rows (issue 22, part "roll")

-- rolling_var(v, w [, min_count]) over float8[] and nvec
CREATE FUNCTION @extschema@.rolling_var(v float8[], w integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_var_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_var(float8[], integer) IS 'sample variance of the present elements of the trailing window of w elements ending at each element (NULL for fewer than two); NULL at a NULL element and until the window holds w present elements';

CREATE FUNCTION @extschema@.rolling_var(v float8[], w integer, min_count integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_var_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_var(float8[], integer, integer) IS 'sample variance of the present elements of the trailing window of w elements ending at each element (NULL for fewer than two); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';
CREATE FUNCTION @extschema@.rolling_var(v @extschema@.nvec, w integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_var_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_var(@extschema@.nvec, integer) IS 'sample variance of the present elements of the trailing window of w elements ending at each element (NULL for fewer than two); NULL at a NULL element and until the window holds w present elements';

CREATE FUNCTION @extschema@.rolling_var(v @extschema@.nvec, w integer, min_count integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_var_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_var(@extschema@.nvec, integer, integer) IS 'sample variance of the present elements of the trailing window of w elements ending at each element (NULL for fewer than two); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

-- variance, var_pop, stddev and stddev_pop across rows over nvec and float8[]
-- the state of variance, var_pop, stddev and stddev_pop: a float8[] of 3n
-- values, the counts of valid elements at the n positions, then their sums,
-- then their sums of squared deviations from the mean (core's float8_accum)
CREATE FUNCTION @extschema@.vec_variance_transfn(float8[], @extschema@.nvec) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vec_variance_transfn_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_variance_transfn(float8[], @extschema@.nvec) IS
'state transition function of variance(nvec): adds a row to the counts, sums and squared deviations, position by position, as core''s float8_accum';

CREATE FUNCTION @extschema@.vec_variance_finalfn_nvec(float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_variance_finalfn_nvec(float8[]) IS
'final function of variance(nvec): the sample variance at each position, as an nvec';

CREATE FUNCTION @extschema@.vec_variance_transfn(float8[], float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vec_variance_transfn_float8arr' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_variance_transfn(float8[], float8[]) IS
'state transition function of variance(float8[]): adds a row to the counts, sums and squared deviations, position by position, as core''s float8_accum';

CREATE FUNCTION @extschema@.vec_variance_finalfn_float8arr(float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_variance_finalfn_float8arr(float8[]) IS
'final function of variance(float8[]): the sample variance at each position, as a float8[]';

CREATE FUNCTION @extschema@.vec_var_pop_transfn(float8[], @extschema@.nvec) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vec_var_pop_transfn_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_var_pop_transfn(float8[], @extschema@.nvec) IS
'state transition function of var_pop(nvec): adds a row to the counts, sums and squared deviations, position by position, as core''s float8_accum';

CREATE FUNCTION @extschema@.vec_var_pop_finalfn_nvec(float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_var_pop_finalfn_nvec(float8[]) IS
'final function of var_pop(nvec): the population variance at each position, as an nvec';

CREATE FUNCTION @extschema@.vec_var_pop_transfn(float8[], float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vec_var_pop_transfn_float8arr' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_var_pop_transfn(float8[], float8[]) IS
'state transition function of var_pop(float8[]): adds a row to the counts, sums and squared deviations, position by position, as core''s float8_accum';

CREATE FUNCTION @extschema@.vec_var_pop_finalfn_float8arr(float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_var_pop_finalfn_float8arr(float8[]) IS
'final function of var_pop(float8[]): the population variance at each position, as a float8[]';

CREATE FUNCTION @extschema@.vec_stddev_transfn(float8[], @extschema@.nvec) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vec_stddev_transfn_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_stddev_transfn(float8[], @extschema@.nvec) IS
'state transition function of stddev(nvec): adds a row to the counts, sums and squared deviations, position by position, as core''s float8_accum';

CREATE FUNCTION @extschema@.vec_stddev_finalfn_nvec(float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_stddev_finalfn_nvec(float8[]) IS
'final function of stddev(nvec): the sample standard deviation at each position, as an nvec';

CREATE FUNCTION @extschema@.vec_stddev_transfn(float8[], float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vec_stddev_transfn_float8arr' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_stddev_transfn(float8[], float8[]) IS
'state transition function of stddev(float8[]): adds a row to the counts, sums and squared deviations, position by position, as core''s float8_accum';

CREATE FUNCTION @extschema@.vec_stddev_finalfn_float8arr(float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_stddev_finalfn_float8arr(float8[]) IS
'final function of stddev(float8[]): the sample standard deviation at each position, as a float8[]';

CREATE FUNCTION @extschema@.vec_stddev_pop_transfn(float8[], @extschema@.nvec) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vec_stddev_pop_transfn_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_stddev_pop_transfn(float8[], @extschema@.nvec) IS
'state transition function of stddev_pop(nvec): adds a row to the counts, sums and squared deviations, position by position, as core''s float8_accum';

CREATE FUNCTION @extschema@.vec_stddev_pop_finalfn_nvec(float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_stddev_pop_finalfn_nvec(float8[]) IS
'final function of stddev_pop(nvec): the population standard deviation at each position, as an nvec';

CREATE FUNCTION @extschema@.vec_stddev_pop_transfn(float8[], float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vec_stddev_pop_transfn_float8arr' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_stddev_pop_transfn(float8[], float8[]) IS
'state transition function of stddev_pop(float8[]): adds a row to the counts, sums and squared deviations, position by position, as core''s float8_accum';

CREATE FUNCTION @extschema@.vec_stddev_pop_finalfn_float8arr(float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_stddev_pop_finalfn_float8arr(float8[]) IS
'final function of stddev_pop(float8[]): the population standard deviation at each position, as a float8[]';

CREATE FUNCTION @extschema@.vec_var_combinefn(float8[], float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_var_combinefn(float8[], float8[]) IS
'combine function of variance, var_pop, stddev and stddev_pop over vectors: combines the second state (counts, sums, sums of squared deviations) with the first, as core''s float8_combine';

CREATE AGGREGATE @extschema@.variance(@extschema@.nvec) (
	SFUNC = @extschema@.vec_variance_transfn,
	STYPE = float8[],
	FINALFUNC = @extschema@.vec_variance_finalfn_nvec,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_var_combinefn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.variance(@extschema@.nvec) IS
'elementwise sample variance across rows (as core''s var_samp), NULL elements skipped; NULL where a position has fewer than two valid elements';

CREATE AGGREGATE @extschema@.variance(float8[]) (
	SFUNC = @extschema@.vec_variance_transfn,
	STYPE = float8[],
	FINALFUNC = @extschema@.vec_variance_finalfn_float8arr,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_var_combinefn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.variance(float8[]) IS
'elementwise sample variance across rows (as core''s var_samp), NULL elements skipped; NULL where a position has fewer than two valid elements';

CREATE AGGREGATE @extschema@.var_pop(@extschema@.nvec) (
	SFUNC = @extschema@.vec_var_pop_transfn,
	STYPE = float8[],
	FINALFUNC = @extschema@.vec_var_pop_finalfn_nvec,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_var_combinefn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.var_pop(@extschema@.nvec) IS
'elementwise population variance across rows (as core''s var_pop), NULL elements skipped; NULL where a position has no valid element';

CREATE AGGREGATE @extschema@.var_pop(float8[]) (
	SFUNC = @extschema@.vec_var_pop_transfn,
	STYPE = float8[],
	FINALFUNC = @extschema@.vec_var_pop_finalfn_float8arr,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_var_combinefn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.var_pop(float8[]) IS
'elementwise population variance across rows (as core''s var_pop), NULL elements skipped; NULL where a position has no valid element';

CREATE AGGREGATE @extschema@.stddev(@extschema@.nvec) (
	SFUNC = @extschema@.vec_stddev_transfn,
	STYPE = float8[],
	FINALFUNC = @extschema@.vec_stddev_finalfn_nvec,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_var_combinefn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.stddev(@extschema@.nvec) IS
'elementwise sample standard deviation across rows (as core''s stddev_samp), NULL elements skipped; NULL where a position has fewer than two valid elements';

CREATE AGGREGATE @extschema@.stddev(float8[]) (
	SFUNC = @extschema@.vec_stddev_transfn,
	STYPE = float8[],
	FINALFUNC = @extschema@.vec_stddev_finalfn_float8arr,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_var_combinefn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.stddev(float8[]) IS
'elementwise sample standard deviation across rows (as core''s stddev_samp), NULL elements skipped; NULL where a position has fewer than two valid elements';

CREATE AGGREGATE @extschema@.stddev_pop(@extschema@.nvec) (
	SFUNC = @extschema@.vec_stddev_pop_transfn,
	STYPE = float8[],
	FINALFUNC = @extschema@.vec_stddev_pop_finalfn_nvec,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_var_combinefn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.stddev_pop(@extschema@.nvec) IS
'elementwise population standard deviation across rows (as core''s stddev_pop), NULL elements skipped; NULL where a position has no valid element';

CREATE AGGREGATE @extschema@.stddev_pop(float8[]) (
	SFUNC = @extschema@.vec_stddev_pop_transfn,
	STYPE = float8[],
	FINALFUNC = @extschema@.vec_stddev_pop_finalfn_float8arr,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_var_combinefn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.stddev_pop(float8[]) IS
'elementwise population standard deviation across rows (as core''s stddev_pop), NULL elements skipped; NULL where a position has no valid element';

-- ema by name: ema(v, span => s), ema(v, halflife => h), ema(v, alpha => a);
-- with constant parameters the planner rewrites a call into ema(v, alpha),
-- which fuses (src/pg_fuse_ema.c)
CREATE DOMAIN @extschema@.ema_param AS float8;
COMMENT ON DOMAIN @extschema@.ema_param IS 'a parameter of ema given by name (alpha, span, halflife): float8';

CREATE FUNCTION @extschema@.ema(v float8[], alpha @extschema@.ema_param DEFAULT 'NaN',
	span @extschema@.ema_param DEFAULT 'NaN', halflife @extschema@.ema_param DEFAULT 'NaN')
	RETURNS float8[]
	AS 'MODULE_PATHNAME', 'ema_by_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ema(float8[], @extschema@.ema_param, @extschema@.ema_param, @extschema@.ema_param) IS 'exponential moving average given exactly one of alpha, span (alpha = 2 / (span + 1), span >= 1) or halflife (alpha = 1 - exp(-ln(2) / halflife), halflife > 0), by name, as pandas'' ewm(adjust=False) (NULL where v is NULL)';

CREATE FUNCTION @extschema@.ema(v @extschema@.nvec, alpha @extschema@.ema_param DEFAULT 'NaN',
	span @extschema@.ema_param DEFAULT 'NaN', halflife @extschema@.ema_param DEFAULT 'NaN')
	RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'ema_by_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ema(@extschema@.nvec, @extschema@.ema_param, @extschema@.ema_param, @extschema@.ema_param) IS 'exponential moving average given exactly one of alpha, span (alpha = 2 / (span + 1), span >= 1) or halflife (alpha = 1 - exp(-ln(2) / halflife), halflife > 0), by name, as pandas'' ewm(adjust=False) (NULL where v is NULL)';

-- rolling_median(v, w [, min_count]) and rolling_quantile(v, w, q [, min_count])
CREATE FUNCTION @extschema@.rolling_median(v float8[], w integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_median_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_median(float8[], integer) IS 'median (percentile_cont(0.5): halfway between the two middle values of an even count; NaN above every number) of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements';

CREATE FUNCTION @extschema@.rolling_median(v float8[], w integer, min_count integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_median_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_median(float8[], integer, integer) IS 'median (percentile_cont(0.5): halfway between the two middle values of an even count; NaN above every number) of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_median(v @extschema@.nvec, w integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_median_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_median(@extschema@.nvec, integer) IS 'median (percentile_cont(0.5): halfway between the two middle values of an even count; NaN above every number) of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements';

CREATE FUNCTION @extschema@.rolling_median(v @extschema@.nvec, w integer, min_count integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_median_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_median(@extschema@.nvec, integer, integer) IS 'median (percentile_cont(0.5): halfway between the two middle values of an even count; NaN above every number) of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';
CREATE FUNCTION @extschema@.rolling_quantile(v float8[], w integer, q float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_quantile_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_quantile(float8[], integer, float8) IS 'q-quantile (0 <= q <= 1) of the present elements of the trailing window of w elements ending at each element, as percentile_cont(q) (linear interpolation, NaN above every number); NULL at a NULL element and until the window holds w present elements';

CREATE FUNCTION @extschema@.rolling_quantile(v float8[], w integer, q float8, min_count integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_quantile_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_quantile(float8[], integer, float8, integer) IS 'q-quantile (0 <= q <= 1) of the present elements of the trailing window of w elements ending at each element, as percentile_cont(q) (linear interpolation, NaN above every number); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_quantile(v @extschema@.nvec, w integer, q float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_quantile_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_quantile(@extschema@.nvec, integer, float8) IS 'q-quantile (0 <= q <= 1) of the present elements of the trailing window of w elements ending at each element, as percentile_cont(q) (linear interpolation, NaN above every number); NULL at a NULL element and until the window holds w present elements';

CREATE FUNCTION @extschema@.rolling_quantile(v @extschema@.nvec, w integer, q float8, min_count integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_quantile_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_quantile(@extschema@.nvec, integer, float8, integer) IS 'q-quantile (0 <= q <= 1) of the present elements of the trailing window of w elements ending at each element, as percentile_cont(q) (linear interpolation, NaN above every number); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

-- Statistics of a vector: vargmin, vargmax, vcov, vcov_pop, vcorr,
-- vmedian, vquantile over float8[] and nvec; the first five are reductions
-- of the catalogue and fuse
CREATE FUNCTION @extschema@.vargmin(v float8[]) RETURNS integer
	AS 'MODULE_PATHNAME', 'vargmin_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vargmin(float8[]) IS '1-based position of the first smallest valid element (NaN above every number: NaN only if all are NaN), NULL if none';

CREATE FUNCTION @extschema@.vargmin(v @extschema@.nvec) RETURNS integer
	AS 'MODULE_PATHNAME', 'vargmin_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vargmin(@extschema@.nvec) IS '1-based position of the first smallest valid element (NaN above every number: NaN only if all are NaN), NULL if none';

CREATE FUNCTION @extschema@.vargmax(v float8[]) RETURNS integer
	AS 'MODULE_PATHNAME', 'vargmax_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vargmax(float8[]) IS '1-based position of the first largest valid element (NaN above every number: the first NaN if any), NULL if none';

CREATE FUNCTION @extschema@.vargmax(v @extschema@.nvec) RETURNS integer
	AS 'MODULE_PATHNAME', 'vargmax_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vargmax(@extschema@.nvec) IS '1-based position of the first largest valid element (NaN above every number: the first NaN if any), NULL if none';

CREATE FUNCTION @extschema@.vcov(x float8[], y float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vcov_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vcov(float8[], float8[]) IS 'sample covariance of x and y over the positions where both are valid (as covar_samp), NULL for fewer than two';

CREATE FUNCTION @extschema@.vcov(x @extschema@.nvec, y @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vcov_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vcov(@extschema@.nvec, @extschema@.nvec) IS 'sample covariance of x and y over the positions where both are valid (as covar_samp), NULL for fewer than two';

CREATE FUNCTION @extschema@.vcov_pop(x float8[], y float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vcov_pop_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vcov_pop(float8[], float8[]) IS 'population covariance of x and y over the positions where both are valid (as covar_pop), NULL if none';

CREATE FUNCTION @extschema@.vcov_pop(x @extschema@.nvec, y @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vcov_pop_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vcov_pop(@extschema@.nvec, @extschema@.nvec) IS 'population covariance of x and y over the positions where both are valid (as covar_pop), NULL if none';

CREATE FUNCTION @extschema@.vcorr(x float8[], y float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vcorr_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vcorr(float8[], float8[]) IS 'correlation coefficient of x and y over the positions where both are valid (as corr), NULL if none or if either is constant';

CREATE FUNCTION @extschema@.vcorr(x @extschema@.nvec, y @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vcorr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
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

-- Vectors and rows, consistency, settings (issue 22): head and tail of
-- float8[] and nvec, length(float8[]) (src/sql/03_nvec_slice.sql).
CREATE FUNCTION @extschema@.head(v @extschema@.nvec, n integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'head_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.head(@extschema@.nvec, integer) IS
'the first n elements (all when n exceeds the length), or all but the last -n when n is negative';

CREATE FUNCTION @extschema@.head(v float8[], n integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'head_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.head(float8[], integer) IS
'the first n elements (all when n exceeds the length), or all but the last -n when n is negative';

CREATE FUNCTION @extschema@.tail(v @extschema@.nvec, n integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'tail_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.tail(@extschema@.nvec, integer) IS
'the last n elements (all when n exceeds the length), or all but the first -n when n is negative';

CREATE FUNCTION @extschema@.tail(v float8[], n integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'tail_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.tail(float8[], integer) IS
'the last n elements (all when n exceeds the length), or all but the first -n when n is negative';

CREATE FUNCTION @extschema@.length(float8[]) RETURNS integer
	AS 'MODULE_PATHNAME', 'length_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.length(float8[]) IS
'number of elements of a one-dimensional float8[], NULLs included, as length(nvec)';

-- fusekern_info() (src/sql/07_info.sql)
CREATE FUNCTION @extschema@.fusekern_info(OUT name text, OUT value text)
RETURNS SETOF record
AS 'MODULE_PATHNAME', 'fusekern_info'
LANGUAGE C VOLATILE PARALLEL SAFE
ROWS 7;
COMMENT ON FUNCTION @extschema@.fusekern_info() IS
'what this backend runs with: fusekern.simd and the instruction set it chose, the CPU features seen, the SLEEF version built against, the OpenBLAS configuration and core in use, the executor''s state';

-- The compressed form of nvec (src/pg_nvec_alp.c, docs/nvec.md): functions
-- that convert between the forms and tell a value's form, and the type
-- modifier nvec(compressed), applied by nvec's length-coercion cast.

CREATE FUNCTION @extschema@.nvec_compress(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'nvec_compress' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_compress(@extschema@.nvec) IS
'the same vector in the compressed (ALP) form, or unchanged when that form would not be smaller';

CREATE FUNCTION @extschema@.nvec_decompress(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'nvec_decompress' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_decompress(@extschema@.nvec) IS
'the same vector in the plain form';

CREATE FUNCTION @extschema@.nvec_encoding(v @extschema@.nvec) RETURNS text
	AS 'MODULE_PATHNAME', 'nvec_encoding' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_encoding(@extschema@.nvec) IS
'the form a value is stored in: plain or alp';

CREATE FUNCTION @extschema@.nvec_typmod_in(cstring[]) RETURNS integer
	AS 'MODULE_PATHNAME', 'nvec_typmod_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_typmod_in(cstring[]) IS
'type modifier input of nvec: nvec(compressed)';

CREATE FUNCTION @extschema@.nvec_typmod_out(integer) RETURNS cstring
	AS 'MODULE_PATHNAME', 'nvec_typmod_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_typmod_out(integer) IS
'type modifier output of nvec';

ALTER TYPE @extschema@.nvec SET (
	TYPMOD_IN = @extschema@.nvec_typmod_in,
	TYPMOD_OUT = @extschema@.nvec_typmod_out
);

CREATE FUNCTION @extschema@.nvec(@extschema@.nvec, integer, boolean) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'nvec_coerce' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec(@extschema@.nvec, integer, boolean) IS
'length-coercion cast of nvec: a value stored as nvec(compressed) is compressed';

CREATE CAST (@extschema@.nvec AS @extschema@.nvec)
	WITH FUNCTION @extschema@.nvec(@extschema@.nvec, integer, boolean) AS IMPLICIT;
COMMENT ON CAST (@extschema@.nvec AS @extschema@.nvec) IS
'applies the type modifier: nvec(compressed) stores the compressed form';
