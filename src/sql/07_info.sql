-- fusekern_info() (src/pg_info.c): what this backend runs with

CREATE FUNCTION @extschema@.fusekern_info(OUT name text, OUT value text)
RETURNS SETOF record
AS 'MODULE_PATHNAME', 'fusekern_info'
LANGUAGE C VOLATILE PARALLEL SAFE
ROWS 7;
COMMENT ON FUNCTION @extschema@.fusekern_info() IS
'what this backend runs with: fusekern.simd and the instruction set it chose, the CPU features seen, the SLEEF version built against, the OpenBLAS configuration and core in use, the executor''s state';
