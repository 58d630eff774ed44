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

-- nvec out to real[], numeric[] and jsonb, element by element as core casts
-- a float8 (to real: overflow and underflow are errors; to numeric and
-- jsonb: NaN and +-Infinity kept, in jsonb as the strings "NaN",
-- "Infinity", "-Infinity", as to_jsonb(float8) writes them).  real[] and
-- numeric[] are assignment casts, like core's float8 -> real and float8 ->
-- numeric; jsonb is explicit only, like core's casts between jsonb and
-- other types.
CREATE FUNCTION @extschema@.nvec_to_float4arr(@extschema@.nvec) RETURNS real[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_to_float4arr(@extschema@.nvec) IS
'cast nvec to real[], NULL elements kept, each element as float8::real';
CREATE FUNCTION @extschema@.nvec_to_numericarr(@extschema@.nvec) RETURNS numeric[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_to_numericarr(@extschema@.nvec) IS
'cast nvec to numeric[], NULL elements kept, each element as float8::numeric';
CREATE FUNCTION @extschema@.nvec_to_jsonb(@extschema@.nvec) RETURNS jsonb
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_to_jsonb(@extschema@.nvec) IS
'cast nvec to a jsonb array, null for NULL elements, each element as to_jsonb(float8)';
CREATE CAST (@extschema@.nvec AS real[])
	WITH FUNCTION @extschema@.nvec_to_float4arr(@extschema@.nvec) AS ASSIGNMENT;
COMMENT ON CAST (@extschema@.nvec AS real[]) IS
'nvec to a one-dimensional real[], NULL elements kept';
CREATE CAST (@extschema@.nvec AS numeric[])
	WITH FUNCTION @extschema@.nvec_to_numericarr(@extschema@.nvec) AS ASSIGNMENT;
COMMENT ON CAST (@extschema@.nvec AS numeric[]) IS
'nvec to a one-dimensional numeric[], NULL elements kept';
CREATE CAST (@extschema@.nvec AS jsonb)
	WITH FUNCTION @extschema@.nvec_to_jsonb(@extschema@.nvec);
COMMENT ON CAST (@extschema@.nvec AS jsonb) IS
'nvec to a jsonb array of numbers, null for NULL elements';

-- nvec out to json, as to_json(float8[]) writes the same values; a cast to
-- json with a function is what to_json, to_jsonb, json_agg, jsonb_agg,
-- row_to_json and json_build_array take for a type of an extension, so it
-- makes them write an nvec as an array too.  Explicit only, as jsonb.
CREATE FUNCTION @extschema@.nvec_to_json(@extschema@.nvec) RETURNS json
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_to_json(@extschema@.nvec) IS
'cast nvec to a json array, null for NULL elements, each element as to_json(float8)';
CREATE CAST (@extschema@.nvec AS json)
	WITH FUNCTION @extschema@.nvec_to_json(@extschema@.nvec);
COMMENT ON CAST (@extschema@.nvec AS json) IS
'nvec to a json array of numbers, null for NULL elements (also what to_json, to_jsonb, json_agg and row_to_json write for an nvec)';
