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
