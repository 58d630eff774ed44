-- Dense layers on float8[] matrices: x is m x k (or one row as a 1-D array),
-- w is k x n, bias has n elements, residual is m x n; results are m x n
-- (1-D for a 1-D x).  GELU is the tanh approximation
--   0.5 * v * (1 + tanh(sqrt(2 / pi) * (v + 0.044715 * v^3))).
--
-- matmul, linear_residual_relu and gelu_linear are VOLATILE: a product's
-- summation order, hence its last bits, depends on who computes it (the
-- OpenBLAS kernel for this CPU, or a GPU), and the executor worker's
-- fairness rule picks the backend or the worker call by call.  add_bias
-- and relu round each element once, the same everywhere: IMMUTABLE.

-- The planner support function of relu and add_bias: nested dense calls
-- (relu(add_bias(matmul(x, w), b) + r), add_bias(matmul(gelu(x), w), b),
-- relu(add_bias(matmul(x, w), b))) become one call of the spelled forms at
-- the end of this file (src/dense/fuse.c, docs/dense.md).
CREATE FUNCTION @extschema@.fusekern_dense_support(internal)
RETURNS internal
AS 'MODULE_PATHNAME', 'fusekern_dense_support'
LANGUAGE C STRICT;
COMMENT ON FUNCTION @extschema@.fusekern_dense_support(internal) IS
'planner support function of relu and add_bias: rewrites nested dense calls into one layer call';

CREATE FUNCTION @extschema@.matmul(x float8[], w float8[])
RETURNS float8[]
AS 'MODULE_PATHNAME', 'matmul'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.matmul(float8[], float8[]) IS
'matrix product x w of an m x k (or 1-D) and a k x n float8 array';

CREATE FUNCTION @extschema@.add_bias(y float8[], bias float8[])
RETURNS float8[]
AS 'MODULE_PATHNAME', 'add_bias'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
SUPPORT @extschema@.fusekern_dense_support;
COMMENT ON FUNCTION @extschema@.add_bias(float8[], float8[]) IS
'bias (n elements) added to every row of an m x n (or 1-D) float8 array';

CREATE FUNCTION @extschema@.relu(a float8[])
RETURNS float8[]
AS 'MODULE_PATHNAME', 'relu'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
SUPPORT @extschema@.fusekern_dense_support;
COMMENT ON FUNCTION @extschema@.relu(float8[]) IS
'elementwise ReLU: negative elements become 0, NaN and -0 pass through';

CREATE FUNCTION @extschema@.gelu(a float8[])
RETURNS float8[]
AS 'MODULE_PATHNAME', 'gelu'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.gelu(float8[]) IS
'elementwise GELU, tanh approximation';

CREATE FUNCTION @extschema@.linear_residual_relu(x float8[], w float8[],
	bias float8[], residual float8[])
RETURNS float8[]
AS 'MODULE_PATHNAME', 'linear_residual_relu'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.linear_residual_relu(float8[], float8[], float8[], float8[]) IS
'fused residual block relu(x w + bias + residual)';

CREATE FUNCTION @extschema@.gelu_linear(x float8[], w float8[], bias float8[])
RETURNS float8[]
AS 'MODULE_PATHNAME', 'gelu_linear'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.gelu_linear(float8[], float8[], float8[]) IS
'fused feed-forward layer gelu(x) w + bias';

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

CREATE FUNCTION @extschema@.linear_relu(x float8[], w float8[], bias float8[],
	spelling text)
RETURNS float8[]
AS 'MODULE_PATHNAME', 'linear_relu_spelled'
LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.linear_relu(float8[], float8[], float8[], text) IS
'layer relu(x w + bias) standing for the nested calls named by spelling (written by the planner)';

-- The executor worker (shared_preload_libraries = 'fusekern', fusekern.cuda = on)
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
