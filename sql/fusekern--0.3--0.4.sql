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
