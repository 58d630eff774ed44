-- Casts between nvec and arrays (NULL elements preserved; arrays must be
-- one-dimensional).

CREATE FUNCTION @extschema@.float8arr_to_nvec(float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.float8arr_to_nvec(float8[]) IS
'cast float8[] to nvec, NULL elements kept';

CREATE FUNCTION @extschema@.nvec_to_float8arr(@extschema@.nvec) RETURNS float8[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_to_float8arr(@extschema@.nvec) IS
'cast nvec to float8[], NULL elements kept';

CREATE FUNCTION @extschema@.float4arr_to_nvec(real[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.float4arr_to_nvec(real[]) IS
'cast real[] to nvec, NULL elements kept';

CREATE FUNCTION @extschema@.int4arr_to_nvec(integer[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.int4arr_to_nvec(integer[]) IS
'cast integer[] to nvec, NULL elements kept';

CREATE FUNCTION @extschema@.int8arr_to_nvec(bigint[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.int8arr_to_nvec(bigint[]) IS
'cast bigint[] to nvec, NULL elements kept';

CREATE FUNCTION @extschema@.numericarr_to_nvec(numeric[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.numericarr_to_nvec(numeric[]) IS
'cast numeric[] to nvec, NULL elements kept';

CREATE CAST (float8[] AS @extschema@.nvec)
	WITH FUNCTION @extschema@.float8arr_to_nvec(float8[]) AS ASSIGNMENT;
COMMENT ON CAST (float8[] AS @extschema@.nvec) IS
'one-dimensional array to nvec, NULL elements kept';
CREATE CAST (@extschema@.nvec AS float8[])
	WITH FUNCTION @extschema@.nvec_to_float8arr(@extschema@.nvec) AS ASSIGNMENT;
COMMENT ON CAST (@extschema@.nvec AS float8[]) IS
'nvec to a one-dimensional float8[], NULL elements kept';
CREATE CAST (real[] AS @extschema@.nvec)
	WITH FUNCTION @extschema@.float4arr_to_nvec(real[]) AS ASSIGNMENT;
COMMENT ON CAST (real[] AS @extschema@.nvec) IS
'one-dimensional array to nvec, NULL elements kept';
CREATE CAST (integer[] AS @extschema@.nvec)
	WITH FUNCTION @extschema@.int4arr_to_nvec(integer[]) AS ASSIGNMENT;
COMMENT ON CAST (integer[] AS @extschema@.nvec) IS
'one-dimensional array to nvec, NULL elements kept';
CREATE CAST (bigint[] AS @extschema@.nvec)
	WITH FUNCTION @extschema@.int8arr_to_nvec(bigint[]) AS ASSIGNMENT;
COMMENT ON CAST (bigint[] AS @extschema@.nvec) IS
'one-dimensional array to nvec, NULL elements kept';
CREATE CAST (numeric[] AS @extschema@.nvec)
	WITH FUNCTION @extschema@.numericarr_to_nvec(numeric[]) AS ASSIGNMENT;
COMMENT ON CAST (numeric[] AS @extschema@.nvec) IS
'one-dimensional array to nvec, NULL elements kept';
