-- vcount (src/series/pg_series_reduce.c, docs/series.md): the number of valid
-- elements, a bigint that the operand's NULLs alone decide, so not one of
-- the reductions of the catalogue (40_series.sql, generated) and not fused.

CREATE FUNCTION @extschema@.vcount(v float8[]) RETURNS bigint
	AS 'MODULE_PATHNAME', 'vcount_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vcount(float8[]) IS 'number of valid (non-NULL) elements';

CREATE FUNCTION @extschema@.vcount(v @extschema@.nvec) RETURNS bigint
	AS 'MODULE_PATHNAME', 'vcount_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vcount(@extschema@.nvec) IS 'number of valid (non-NULL) elements';
