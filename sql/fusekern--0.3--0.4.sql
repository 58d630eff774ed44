/* fusekern 0.3 -> 0.4: ALTER EXTENSION fusekern UPDATE TO '0.4' */
\echo Use "ALTER EXTENSION fusekern UPDATE TO '0.4'" to load this file. \quit

-- Each change of the SQL surface since 0.3 is a block below, in the order
-- the changes were made; a fresh install of 0.4 (src/sql/) and every earlier
-- release updated by the scripts must leave the same catalog
-- (test/t/upgrade.pl).

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
