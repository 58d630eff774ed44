-- The tvec type: a time axis stored as delta-of-deltas
-- (src/core/tvec_codec.h for the layout, docs/time.md "Storing the times")

CREATE TYPE @extschema@.tvec;

-- text input and output go through timestamptz's, which read TimeZone and
-- DateStyle: STABLE, as array_in and array_out are
CREATE FUNCTION @extschema@.tvec_in(cstring) RETURNS @extschema@.tvec
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.tvec_in(cstring) IS
'text input of tvec: the text of a timestamptz[], without NULL elements';

CREATE FUNCTION @extschema@.tvec_out(@extschema@.tvec) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.tvec_out(@extschema@.tvec) IS
'text output of tvec: the text of its timestamptz[]';

CREATE FUNCTION @extschema@.tvec_recv(internal) RETURNS @extschema@.tvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.tvec_recv(internal) IS
'binary input of tvec: int32 count, then the times as int64 microseconds, checked';

CREATE FUNCTION @extschema@.tvec_send(@extschema@.tvec) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.tvec_send(@extschema@.tvec) IS
'binary output of tvec: int32 count, then the times as int64 microseconds';

CREATE TYPE @extschema@.tvec (
	INPUT = @extschema@.tvec_in,
	OUTPUT = @extschema@.tvec_out,
	RECEIVE = @extschema@.tvec_recv,
	SEND = @extschema@.tvec_send,
	INTERNALLENGTH = VARIABLE,
	ALIGNMENT = double,
	-- already compressed: TOAST moves a long value out of line but never
	-- pglz-compresses it again
	STORAGE = external
);
COMMENT ON TYPE @extschema@.tvec IS
'vector of timestamptz without NULLs, stored as delta-of-deltas in bit-packed blocks';

CREATE FUNCTION @extschema@.tvec(timestamptz[]) RETURNS @extschema@.tvec
	AS 'MODULE_PATHNAME', 'tvec_from_timestamptz_array' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.tvec(timestamptz[]) IS
'cast timestamptz[] to tvec (a NULL element is an error)';

CREATE FUNCTION @extschema@.tvec_to_timestamptz_array(@extschema@.tvec) RETURNS timestamptz[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.tvec_to_timestamptz_array(@extschema@.tvec) IS
'cast tvec to a one-dimensional timestamptz[]';

CREATE CAST (timestamptz[] AS @extschema@.tvec)
	WITH FUNCTION @extschema@.tvec(timestamptz[]) AS ASSIGNMENT;
COMMENT ON CAST (timestamptz[] AS @extschema@.tvec) IS
'one-dimensional timestamptz[] without NULLs to tvec';
-- implicit: every function of a time axis takes a tvec where it takes a
-- timestamptz[]
CREATE CAST (@extschema@.tvec AS timestamptz[])
	WITH FUNCTION @extschema@.tvec_to_timestamptz_array(@extschema@.tvec) AS IMPLICIT;
COMMENT ON CAST (@extschema@.tvec AS timestamptz[]) IS
'tvec to a one-dimensional timestamptz[], implicit';

CREATE FUNCTION @extschema@.length(@extschema@.tvec) RETURNS integer
	AS 'MODULE_PATHNAME', 'tvec_length' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.length(@extschema@.tvec) IS
'number of times in a tvec';

CREATE FUNCTION @extschema@.tvec_bits_per_time(@extschema@.tvec) RETURNS float8
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.tvec_bits_per_time(@extschema@.tvec) IS
'bits the tvec takes per time, its header included (a timestamptz[] takes 64 and more); NULL when empty';
