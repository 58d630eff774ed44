-- The compressed form of nvec (src/nvec/pg_nvec_alp.c, docs/nvec.md): functions
-- that convert between the forms and tell a value's form, and the type
-- modifier nvec(compressed), applied by nvec's length-coercion cast.

CREATE FUNCTION @extschema@.nvec_compress(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'nvec_compress' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_compress(@extschema@.nvec) IS
'the same vector in the compressed (ALP) form, or unchanged when that form would not be smaller';

CREATE FUNCTION @extschema@.nvec_decompress(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'nvec_decompress' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_decompress(@extschema@.nvec) IS
'the same vector in the plain form';

CREATE FUNCTION @extschema@.nvec_encoding(v @extschema@.nvec) RETURNS text
	AS 'MODULE_PATHNAME', 'nvec_encoding' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_encoding(@extschema@.nvec) IS
'the form a value is stored in: plain or alp';

CREATE FUNCTION @extschema@.nvec_typmod_in(cstring[]) RETURNS integer
	AS 'MODULE_PATHNAME', 'nvec_typmod_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_typmod_in(cstring[]) IS
'type modifier input of nvec: nvec(compressed)';

CREATE FUNCTION @extschema@.nvec_typmod_out(integer) RETURNS cstring
	AS 'MODULE_PATHNAME', 'nvec_typmod_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_typmod_out(integer) IS
'type modifier output of nvec';

ALTER TYPE @extschema@.nvec SET (
	TYPMOD_IN = @extschema@.nvec_typmod_in,
	TYPMOD_OUT = @extschema@.nvec_typmod_out
);

CREATE FUNCTION @extschema@.nvec(@extschema@.nvec, integer, boolean) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'nvec_coerce' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec(@extschema@.nvec, integer, boolean) IS
'length-coercion cast of nvec: a value stored as nvec(compressed) is compressed';

CREATE CAST (@extschema@.nvec AS @extschema@.nvec)
	WITH FUNCTION @extschema@.nvec(@extschema@.nvec, integer, boolean) AS IMPLICIT;
COMMENT ON CAST (@extschema@.nvec AS @extschema@.nvec) IS
'applies the type modifier: nvec(compressed) stores the compressed form';
