-- Casts between nvec and arrays (NULL elements preserved; arrays must be
-- one-dimensional).

CREATE FUNCTION @extschema@.float8arr_to_nvec(float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION @extschema@.nvec_to_float8arr(@extschema@.nvec) RETURNS float8[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION @extschema@.float4arr_to_nvec(real[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION @extschema@.int4arr_to_nvec(integer[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION @extschema@.int8arr_to_nvec(bigint[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION @extschema@.numericarr_to_nvec(numeric[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE CAST (float8[] AS @extschema@.nvec)
	WITH FUNCTION @extschema@.float8arr_to_nvec(float8[]) AS ASSIGNMENT;
CREATE CAST (@extschema@.nvec AS float8[])
	WITH FUNCTION @extschema@.nvec_to_float8arr(@extschema@.nvec) AS ASSIGNMENT;
CREATE CAST (real[] AS @extschema@.nvec)
	WITH FUNCTION @extschema@.float4arr_to_nvec(real[]) AS ASSIGNMENT;
CREATE CAST (integer[] AS @extschema@.nvec)
	WITH FUNCTION @extschema@.int4arr_to_nvec(integer[]) AS ASSIGNMENT;
CREATE CAST (bigint[] AS @extschema@.nvec)
	WITH FUNCTION @extschema@.int8arr_to_nvec(bigint[]) AS ASSIGNMENT;
CREATE CAST (numeric[] AS @extschema@.nvec)
	WITH FUNCTION @extschema@.numericarr_to_nvec(numeric[]) AS ASSIGNMENT;
