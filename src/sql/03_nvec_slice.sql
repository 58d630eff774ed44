-- Parts of a vector and its length (src/vector/pg_nvec_slice.c): head and tail of
-- float8[] and nvec, length(float8[]).  The slice v[a:b] of an nvec needs
-- no SQL object: the subscript handler of nvec reads it.

CREATE FUNCTION @extschema@.head(v @extschema@.nvec, n integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'head_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.head(@extschema@.nvec, integer) IS
'the first n elements (all when n exceeds the length), or all but the last -n when n is negative';

CREATE FUNCTION @extschema@.head(v float8[], n integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'head_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.head(float8[], integer) IS
'the first n elements (all when n exceeds the length), or all but the last -n when n is negative';

CREATE FUNCTION @extschema@.tail(v @extschema@.nvec, n integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'tail_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.tail(@extschema@.nvec, integer) IS
'the last n elements (all when n exceeds the length), or all but the first -n when n is negative';

CREATE FUNCTION @extschema@.tail(v float8[], n integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'tail_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.tail(float8[], integer) IS
'the last n elements (all when n exceeds the length), or all but the first -n when n is negative';

CREATE FUNCTION @extschema@.length(float8[]) RETURNS integer
	AS 'MODULE_PATHNAME', 'length_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.length(float8[]) IS
'number of elements of a one-dimensional float8[], NULLs included, as length(nvec)';
