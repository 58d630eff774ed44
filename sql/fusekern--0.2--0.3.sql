/* fusekern 0.2 -> 0.3: ALTER EXTENSION fusekern UPDATE TO '0.3' */
\echo Use "ALTER EXTENSION fusekern UPDATE TO '0.3'" to load this file. \quit

-- Each change of the SQL surface since 0.2 is a block below, in the order
-- the changes were made; a fresh install of 0.3 (src/sql/) and 0.2 (or 0.1)
-- updated by the scripts must leave the same catalog (test/t/upgrade.pl).

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
