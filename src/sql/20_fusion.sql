-- Fusion: nested fusekern calls collapse at plan time into one pass.  The
-- support function (05_fusion_support.sql) is named by each fusable
-- function of 10_kernels.sql; here is what it rewrites them into.

-- One pass of a fused program over its inputs; the program is the
-- expression computed, with v1, v2, ... standing for the inputs that follow.
-- Not STRICT: a NULL input gives what the unfused expression gives.
CREATE FUNCTION @extschema@.fused_eval(program text, VARIADIC inputs "any")
RETURNS float8[]
AS 'MODULE_PATHNAME', 'fused_eval'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fused_eval(text, "any") IS
'one pass of a fused elementwise program over float8[] inputs v1, v2, ... (written by the planner for nested calls)';

CREATE FUNCTION @extschema@.fused_eval_nvec(program text, VARIADIC inputs "any")
RETURNS @extschema@.nvec
AS 'MODULE_PATHNAME', 'fused_eval_nvec'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fused_eval_nvec(text, "any") IS
'one pass of a fused elementwise program over nvec inputs v1, v2, ... (written by the planner for nested calls)';

-- A reduction (vsum, vmean, vstddev, vdot ...) over a fused program: the
-- program's root is the reduction, its operands are evaluated a block at a
-- time into the reduction's accumulator, no vector is built.  Over float8[]
-- or nvec inputs (the program's vector arguments are all of one type).
CREATE FUNCTION @extschema@.fused_reduce(program text, VARIADIC inputs "any")
RETURNS float8
AS 'MODULE_PATHNAME', 'fused_reduce'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fused_reduce(text, "any") IS
'one pass of a reduction over a fused program of float8[] or nvec inputs v1, v2, ... (written by the planner for a reduction of nested calls)';
