/* fusekern 0.1 -> 0.2: ALTER EXTENSION fusekern UPDATE TO '0.2' */
\echo Use "ALTER EXTENSION fusekern UPDATE TO '0.2'" to load this file. \quit

-- Each change of the SQL surface since 0.1 is a block below, in the order
-- the changes were made; a fresh install of 0.2 (src/sql/) and 0.1 updated
-- by this script must leave the same catalog (test/t/upgrade.pl).

-- Dense layers (issue 9): the products are VOLATILE (their last bits depend
-- on the CPU's BLAS kernel, a GPU, and the worker's fairness rule), and the
-- worker's counters gain busy and no_shmem
ALTER FUNCTION @extschema@.matmul(float8[], float8[]) VOLATILE;
ALTER FUNCTION @extschema@.linear_residual_relu(float8[], float8[], float8[], float8[]) VOLATILE;
ALTER FUNCTION @extschema@.gelu_linear(float8[], float8[], float8[]) VOLATILE;
DROP VIEW @extschema@.fusekern_cuda_stats;
DROP FUNCTION @extschema@.fusekern_cuda_stats();
CREATE FUNCTION @extschema@.fusekern_cuda_stats(OUT requests bigint, OUT offloaded bigint,
	OUT fallbacks bigint, OUT errors bigint, OUT cancelled bigint,
	OUT busy bigint, OUT no_shmem bigint, OUT queued_flops float8,
	OUT executor text, OUT worker_pid integer)
RETURNS record
AS 'MODULE_PATHNAME', 'fusekern_cuda_stats'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fusekern_cuda_stats() IS
'counters of the executor worker since the server started';
CREATE VIEW @extschema@.fusekern_cuda_stats AS
	SELECT * FROM @extschema@.fusekern_cuda_stats();
COMMENT ON VIEW @extschema@.fusekern_cuda_stats IS
'dense layers offered to the executor worker: offloaded, answered by the CPU path (fallbacks, of which busy: too much work queued, no_shmem: no shared memory), worker errors, cancelled waits, work queued now';
-- end of dense layers (issue 9)
