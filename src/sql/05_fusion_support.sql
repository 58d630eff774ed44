-- The planner support function of every fusable operation.  The functions
-- of 10_kernels.sql (generated) name it in their CREATE FUNCTION (SUPPORT), so it comes
-- first; how it fuses is in 20_fusion.sql and docs/fusion.md.
CREATE FUNCTION @extschema@.fusekern_support(internal)
RETURNS internal
AS 'MODULE_PATHNAME', 'fusekern_support'
LANGUAGE C STRICT;
COMMENT ON FUNCTION @extschema@.fusekern_support(internal) IS
'planner support function of the elementwise functions: rewrites nested calls into one fused_eval call';
