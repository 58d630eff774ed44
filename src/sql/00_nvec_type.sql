-- The nvec type: a nullable float8 vector (see src/nvec/nvec.h for the layout).

CREATE TYPE @extschema@.nvec;

CREATE FUNCTION @extschema@.nvec_in(cstring) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_in(cstring) IS
'text input of nvec: {1.5,NULL,NaN}';

CREATE FUNCTION @extschema@.nvec_out(@extschema@.nvec) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_out(@extschema@.nvec) IS
'text output of nvec, shortest exact digits';

CREATE FUNCTION @extschema@.nvec_recv(internal) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_recv(internal) IS
'binary input of nvec, validated';

CREATE FUNCTION @extschema@.nvec_send(@extschema@.nvec) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_send(@extschema@.nvec) IS
'binary output of nvec';

CREATE FUNCTION @extschema@.nvec_subscript_handler(internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_subscript_handler(internal) IS
'subscripting of nvec: v[i], 1-based, read and assignment';

CREATE TYPE @extschema@.nvec (
	INPUT = @extschema@.nvec_in,
	OUTPUT = @extschema@.nvec_out,
	RECEIVE = @extschema@.nvec_recv,
	SEND = @extschema@.nvec_send,
	SUBSCRIPT = @extschema@.nvec_subscript_handler,
	INTERNALLENGTH = VARIABLE,
	ALIGNMENT = double,
	-- TOAST moves a long value out of line but never pglz-compresses it:
	-- decompressing pglz costs more than any computation on the values,
	-- and nvec(compressed) is its own, faster compression (docs/nvec.md)
	STORAGE = external
);
COMMENT ON TYPE @extschema@.nvec IS
'vector of float8 whose elements may be NULL: values and a validity bitmap';
