-- The nvec type: a nullable float8 vector (see src/nvec.h for the layout).

CREATE TYPE @extschema@.nvec;

CREATE FUNCTION @extschema@.nvec_in(cstring) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION @extschema@.nvec_out(@extschema@.nvec) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION @extschema@.nvec_recv(internal) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION @extschema@.nvec_send(@extschema@.nvec) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION @extschema@.nvec_subscript_handler(internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE @extschema@.nvec (
	INPUT = @extschema@.nvec_in,
	OUTPUT = @extschema@.nvec_out,
	RECEIVE = @extschema@.nvec_recv,
	SEND = @extschema@.nvec_send,
	SUBSCRIPT = @extschema@.nvec_subscript_handler,
	INTERNALLENGTH = VARIABLE,
	ALIGNMENT = double,
	STORAGE = extended
);
