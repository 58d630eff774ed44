/* fusekern 0.4, as released: kept for ALTER EXTENSION fusekern UPDATE */
\echo Use "CREATE EXTENSION fusekern" to load this file. \quit

-- The nvec type: a nullable float8 vector (see src/nvec.h for the layout).

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
	STORAGE = extended
);
COMMENT ON TYPE @extschema@.nvec IS
'vector of float8 whose elements may be NULL: values and a validity bitmap';

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

-- Functions, operators and the aggregate of nvec.

CREATE FUNCTION @extschema@.length(@extschema@.nvec) RETURNS integer
	AS 'MODULE_PATHNAME', 'length_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.length(@extschema@.nvec) IS
'number of elements, NULLs included (reads only the header)';

CREATE FUNCTION @extschema@.null_count(@extschema@.nvec) RETURNS integer
	AS 'MODULE_PATHNAME', 'null_count_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.null_count(@extschema@.nvec) IS
'number of NULL elements (reads only the header)';

CREATE FUNCTION @extschema@.unnest(@extschema@.nvec) RETURNS SETOF float8
	AS 'MODULE_PATHNAME', 'unnest_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	ROWS 100;
COMMENT ON FUNCTION @extschema@.unnest(@extschema@.nvec) IS
'the elements as rows, in order, a NULL row for each NULL element';

-- Equality: same length, same NULL positions, bit-identical present values,
-- any NaN equal to any NaN (so -0 <> +0, unlike float8 '=')
CREATE FUNCTION @extschema@.nvec_eq(@extschema@.nvec, @extschema@.nvec) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION @extschema@.nvec_eq(@extschema@.nvec, @extschema@.nvec) IS
'equal: same length, same NULL positions, same bits, any NaN equal to any NaN (-0 <> +0)';

CREATE FUNCTION @extschema@.nvec_ne(@extschema@.nvec, @extschema@.nvec) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION @extschema@.nvec_ne(@extschema@.nvec, @extschema@.nvec) IS
'not equal (the negation of nvec_eq)';

CREATE OPERATOR @extschema@.= (
	LEFTARG = @extschema@.nvec,
	RIGHTARG = @extschema@.nvec,
	FUNCTION = @extschema@.nvec_eq,
	COMMUTATOR = OPERATOR(@extschema@.=),
	NEGATOR = OPERATOR(@extschema@.<>),
	RESTRICT = pg_catalog.eqsel,
	JOIN = pg_catalog.eqjoinsel,
	HASHES,
	MERGES
);
COMMENT ON OPERATOR @extschema@.= (@extschema@.nvec, @extschema@.nvec) IS
'equal: same length, same NULL positions, same bits, any NaN equal to any NaN';

CREATE OPERATOR @extschema@.<> (
	LEFTARG = @extschema@.nvec,
	RIGHTARG = @extschema@.nvec,
	FUNCTION = @extschema@.nvec_ne,
	COMMUTATOR = OPERATOR(@extschema@.<>),
	NEGATOR = OPERATOR(@extschema@.=),
	RESTRICT = pg_catalog.neqsel,
	JOIN = pg_catalog.neqjoinsel
);
COMMENT ON OPERATOR @extschema@.<> (@extschema@.nvec, @extschema@.nvec) IS
'not equal';

-- Ordering consistent with =: element by element, a NULL element above any
-- value, NaN above every number, -0 just below +0, a prefix before the
-- longer vector.  A B-tree operator class makes ORDER BY, sorted DISTINCT,
-- merge joins, unique constraints and indexes work on nvec.
CREATE FUNCTION @extschema@.nvec_cmp(@extschema@.nvec, @extschema@.nvec) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION @extschema@.nvec_cmp(@extschema@.nvec, @extschema@.nvec) IS
'-1, 0 or 1: element by element, NULL above values, NaN above numbers, -0 below +0, a prefix first';

CREATE FUNCTION @extschema@.nvec_lt(@extschema@.nvec, @extschema@.nvec) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION @extschema@.nvec_lt(@extschema@.nvec, @extschema@.nvec) IS
'less than, in the order of nvec_cmp';

CREATE FUNCTION @extschema@.nvec_le(@extschema@.nvec, @extschema@.nvec) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION @extschema@.nvec_le(@extschema@.nvec, @extschema@.nvec) IS
'less than or equal, in the order of nvec_cmp';

CREATE FUNCTION @extschema@.nvec_gt(@extschema@.nvec, @extschema@.nvec) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION @extschema@.nvec_gt(@extschema@.nvec, @extschema@.nvec) IS
'greater than, in the order of nvec_cmp';

CREATE FUNCTION @extschema@.nvec_ge(@extschema@.nvec, @extschema@.nvec) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION @extschema@.nvec_ge(@extschema@.nvec, @extschema@.nvec) IS
'greater than or equal, in the order of nvec_cmp';

CREATE OPERATOR @extschema@.< (
	LEFTARG = @extschema@.nvec,
	RIGHTARG = @extschema@.nvec,
	FUNCTION = @extschema@.nvec_lt,
	COMMUTATOR = OPERATOR(@extschema@.>),
	NEGATOR = OPERATOR(@extschema@.>=),
	RESTRICT = pg_catalog.scalarltsel,
	JOIN = pg_catalog.scalarltjoinsel
);
COMMENT ON OPERATOR @extschema@.< (@extschema@.nvec, @extschema@.nvec) IS
'less than, in the order of nvec_cmp';

CREATE OPERATOR @extschema@.<= (
	LEFTARG = @extschema@.nvec,
	RIGHTARG = @extschema@.nvec,
	FUNCTION = @extschema@.nvec_le,
	COMMUTATOR = OPERATOR(@extschema@.>=),
	NEGATOR = OPERATOR(@extschema@.>),
	RESTRICT = pg_catalog.scalarlesel,
	JOIN = pg_catalog.scalarlejoinsel
);
COMMENT ON OPERATOR @extschema@.<= (@extschema@.nvec, @extschema@.nvec) IS
'less than or equal, in the order of nvec_cmp';

CREATE OPERATOR @extschema@.> (
	LEFTARG = @extschema@.nvec,
	RIGHTARG = @extschema@.nvec,
	FUNCTION = @extschema@.nvec_gt,
	COMMUTATOR = OPERATOR(@extschema@.<),
	NEGATOR = OPERATOR(@extschema@.<=),
	RESTRICT = pg_catalog.scalargtsel,
	JOIN = pg_catalog.scalargtjoinsel
);
COMMENT ON OPERATOR @extschema@.> (@extschema@.nvec, @extschema@.nvec) IS
'greater than, in the order of nvec_cmp';

CREATE OPERATOR @extschema@.>= (
	LEFTARG = @extschema@.nvec,
	RIGHTARG = @extschema@.nvec,
	FUNCTION = @extschema@.nvec_ge,
	COMMUTATOR = OPERATOR(@extschema@.<=),
	NEGATOR = OPERATOR(@extschema@.<),
	RESTRICT = pg_catalog.scalargesel,
	JOIN = pg_catalog.scalargejoinsel
);
COMMENT ON OPERATOR @extschema@.>= (@extschema@.nvec, @extschema@.nvec) IS
'greater than or equal, in the order of nvec_cmp';

CREATE OPERATOR CLASS @extschema@.nvec_btree_ops
	DEFAULT FOR TYPE @extschema@.nvec USING btree AS
	OPERATOR 1 @extschema@.< (@extschema@.nvec, @extschema@.nvec),
	OPERATOR 2 @extschema@.<= (@extschema@.nvec, @extschema@.nvec),
	OPERATOR 3 @extschema@.= (@extschema@.nvec, @extschema@.nvec),
	OPERATOR 4 @extschema@.>= (@extschema@.nvec, @extschema@.nvec),
	OPERATOR 5 @extschema@.> (@extschema@.nvec, @extschema@.nvec),
	FUNCTION 1 @extschema@.nvec_cmp(@extschema@.nvec, @extschema@.nvec);
COMMENT ON OPERATOR CLASS @extschema@.nvec_btree_ops USING btree IS
'default B-tree operator class of nvec: ORDER BY, unique indexes, merge joins';
COMMENT ON OPERATOR FAMILY @extschema@.nvec_btree_ops USING btree IS
'B-tree operators of nvec';

-- A hash operator class, so that DISTINCT, UNION, GROUP BY and hash joins
-- work on nvec
CREATE FUNCTION @extschema@.nvec_hash(@extschema@.nvec) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_hash(@extschema@.nvec) IS
'hash agreeing with =: equal vectors hash alike';

-- The seeded 64-bit hash (PARTITION BY HASH); with seed 0 its low 32 bits
-- are nvec_hash
CREATE FUNCTION @extschema@.nvec_hash_extended(@extschema@.nvec, bigint) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_hash_extended(@extschema@.nvec, bigint) IS
'64-bit hash agreeing with =, seeded; with seed 0 its low 32 bits are nvec_hash';

CREATE OPERATOR CLASS @extschema@.nvec_hash_ops
	DEFAULT FOR TYPE @extschema@.nvec USING hash AS
	OPERATOR 1 @extschema@.= (@extschema@.nvec, @extschema@.nvec),
	FUNCTION 1 @extschema@.nvec_hash(@extschema@.nvec),
	FUNCTION 2 @extschema@.nvec_hash_extended(@extschema@.nvec, bigint);
COMMENT ON OPERATOR CLASS @extschema@.nvec_hash_ops USING hash IS
'default hash operator class of nvec: hash joins, hash aggregation, hash indexes and partitions';
COMMENT ON OPERATOR FAMILY @extschema@.nvec_hash_ops USING hash IS
'hash operators of nvec';

-- nvec_agg(float8): rows into an nvec, honouring ORDER BY, NULLs kept
CREATE FUNCTION @extschema@.nvec_agg_transfn(internal, float8) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_agg_transfn(internal, float8) IS
'state transition function of nvec_agg: appends a value or a NULL';

CREATE FUNCTION @extschema@.nvec_agg_finalfn(internal) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_agg_finalfn(internal) IS
'final function of nvec_agg: the state as an nvec';

-- in parallel: each worker's rows collected apart, then appended one state
-- after another (the order across workers is unspecified without ORDER BY)
CREATE FUNCTION @extschema@.nvec_agg_combinefn(internal, internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_agg_combinefn(internal, internal) IS
'combine function of nvec_agg: appends the second state to the first';

CREATE FUNCTION @extschema@.nvec_agg_serialfn(internal) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_agg_serialfn(internal) IS
'serialization function of nvec_agg: the state as a bytea';

CREATE FUNCTION @extschema@.nvec_agg_deserialfn(bytea, internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_agg_deserialfn(bytea, internal) IS
'deserialization function of nvec_agg: a checked bytea back to a state';

CREATE AGGREGATE @extschema@.nvec_agg(float8) (
	SFUNC = @extschema@.nvec_agg_transfn,
	STYPE = internal,
	FINALFUNC = @extschema@.nvec_agg_finalfn,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.nvec_agg_combinefn,
	SERIALFUNC = @extschema@.nvec_agg_serialfn,
	DESERIALFUNC = @extschema@.nvec_agg_deserialfn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.nvec_agg(float8) IS
'rows into an nvec, in ORDER BY order, NULL rows kept as NULL elements; NULL for no rows';

-- Parts of a vector and its length (src/pg_nvec_slice.c): head and tail of
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

-- The compressed form of nvec (src/pg_nvec_alp.c, docs/nvec.md): functions
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

-- The planner support function of every fusable operation.  The functions
-- of 10_kernels.sql (generated) name it in their CREATE FUNCTION (SUPPORT), so it comes
-- first; how it fuses is in 20_fusion.sql and docs/fusion.md.
CREATE FUNCTION @extschema@.fusekern_support(internal)
RETURNS internal
AS 'MODULE_PATHNAME', 'fusekern_support'
LANGUAGE C STRICT;
COMMENT ON FUNCTION @extschema@.fusekern_support(internal) IS
'planner support function of the elementwise functions: rewrites nested calls into one fused_eval call';

-- fusekern_info() (src/pg_info.c): what this backend runs with

CREATE FUNCTION @extschema@.fusekern_info(OUT name text, OUT value text)
RETURNS SETOF record
AS 'MODULE_PATHNAME', 'fusekern_info'
LANGUAGE C VOLATILE PARALLEL SAFE
ROWS 7;
COMMENT ON FUNCTION @extschema@.fusekern_info() IS
'what this backend runs with: fusekern.simd and the instruction set it chose, the CPU features seen, the SLEEF version built against, the OpenBLAS configuration and core in use, the executor''s state';

-- Vector kernels over float8[] and nvec (src/pg_kernels*.c, docs/kernels.md),
-- written by src/tools/gen_sql.c from the catalogue of operations
-- (src/core/ops_catalog.h): do not edit.
--
-- Every function returns the type of its vector input, or nvec when it
-- takes one vector of each type.  A NULL element of an input makes the
-- elements of the output that depend on it NULL; a NULL argument makes
-- the result NULL (STRICT).  All are IMMUTABLE: an element core float8
-- would reject raises core's error, or becomes NULL when the call's
-- on_error argument is 'null', whatever the session.  Those over one
-- vector type name the planner support function fusekern_support
-- (05_fusion_support.sql), through which nested calls fuse; the mixed
-- forms run on their own.

-- float8[]

CREATE FUNCTION @extschema@.ln(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'ln_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ln(float8[]) IS 'natural logarithm of each element';

CREATE FUNCTION @extschema@.log10(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'log10_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.log10(float8[]) IS 'base-10 logarithm of each element';

CREATE FUNCTION @extschema@.cbrt(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'cbrt_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.cbrt(float8[]) IS 'cube root of each element';

CREATE FUNCTION @extschema@.exp(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'exp_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.exp(float8[]) IS 'e raised to the power of each element';

CREATE FUNCTION @extschema@.sqrt(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'sqrt_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.sqrt(float8[]) IS 'square root of each element';

CREATE FUNCTION @extschema@.abs(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'abs_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.abs(float8[]) IS 'absolute value of each element';

CREATE FUNCTION @extschema@.vneg(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'neg_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vneg(float8[]) IS 'each element negated (the prefix - operator)';

CREATE FUNCTION @extschema@.vadd(x float8[], y float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'add_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vadd(float8[], float8[]) IS 'elementwise sum x + y of two vectors of the same length (the + operator)';

CREATE FUNCTION @extschema@.vsub(x float8[], y float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'sub_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vsub(float8[], float8[]) IS 'elementwise difference x - y of two vectors of the same length (the - operator)';

CREATE FUNCTION @extschema@.vmul(x float8[], y float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'mul_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmul(float8[], float8[]) IS 'elementwise product x * y of two vectors of the same length (the * operator)';

CREATE FUNCTION @extschema@.vdiv(x float8[], y float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'div_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vdiv(float8[], float8[]) IS 'elementwise quotient x / y of two vectors of the same length (the / operator)';

CREATE FUNCTION @extschema@.vadd(x float8[], y float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'add_float8arr_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vadd(float8[], float8) IS 'each element of x plus the float8 y (the + operator)';

CREATE FUNCTION @extschema@.vadd(x float8, y float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'add_float8arr_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vadd(float8, float8[]) IS 'the float8 x plus each element of y (the + operator)';

CREATE FUNCTION @extschema@.vsub(x float8[], y float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'sub_float8arr_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vsub(float8[], float8) IS 'each element of x minus the float8 y (the - operator)';

CREATE FUNCTION @extschema@.vsub(x float8, y float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'sub_float8arr_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vsub(float8, float8[]) IS 'the float8 x minus each element of y (the - operator)';

CREATE FUNCTION @extschema@.vmul(x float8[], y float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'mul_float8arr_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmul(float8[], float8) IS 'each element of x times the float8 y (the * operator)';

CREATE FUNCTION @extschema@.vmul(x float8, y float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'mul_float8arr_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmul(float8, float8[]) IS 'the float8 x times each element of y (the * operator)';

CREATE FUNCTION @extschema@.vdiv(x float8[], y float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'div_float8arr_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vdiv(float8[], float8) IS 'each element of x divided by the float8 y (the / operator)';

CREATE FUNCTION @extschema@.vdiv(x float8, y float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'div_float8arr_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vdiv(float8, float8[]) IS 'the float8 x divided by each element of y (the / operator)';

CREATE FUNCTION @extschema@.clip(v float8[], lo float8, hi float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'clip_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.clip(float8[], float8, float8) IS 'each element limited to [lo, hi]: lo below lo, hi above hi, NaN stays NaN; lo > hi or a NaN bound is an error';

CREATE FUNCTION @extschema@.scale_add(v float8[], a float8, b float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'scale_add_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.scale_add(float8[], float8, float8) IS 'v * a + b for each element';

CREATE FUNCTION @extschema@.ln_scale_add(v float8[], a float8, b float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'ln_scale_add_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ln_scale_add(float8[], float8, float8) IS 'ln(v) * a + b in one pass';

CREATE FUNCTION @extschema@.sub_mul_add(x float8[], y float8[], a float8, b float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'sub_mul_add_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.sub_mul_add(float8[], float8[], float8, float8) IS '(x - y) * a + b for each pair of elements of two vectors of the same length';

CREATE FUNCTION @extschema@.dlog(v float8[], lag integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'dlog_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.dlog(float8[], integer) IS 'log return ln(v[i]) - ln(v[i - lag]); the first lag elements are NULL';

CREATE FUNCTION @extschema@.diff(v float8[], lag integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'diff_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.diff(float8[], integer) IS 'difference v[i] - v[i - lag]; the first lag elements are NULL';

CREATE FUNCTION @extschema@.dlog_scale_add(v float8[], lag integer, a float8, b float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'dlog_scale_add_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.dlog_scale_add(float8[], integer, float8, float8) IS 'dlog(v, lag) * a + b in one pass';

CREATE FUNCTION @extschema@.pct_change(v float8[], lag integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'pct_change_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.pct_change(float8[], integer) IS 'percentage change v[i] / v[i - lag] - 1; the first lag elements are NULL';

CREATE OPERATOR @extschema@.- (RIGHTARG = float8[], FUNCTION = @extschema@.vneg);
COMMENT ON OPERATOR @extschema@.- (NONE, float8[]) IS 'each element negated';

CREATE OPERATOR @extschema@.+ (LEFTARG = float8[], RIGHTARG = float8[], FUNCTION = @extschema@.vadd, COMMUTATOR = OPERATOR(@extschema@.+));
COMMENT ON OPERATOR @extschema@.+ (float8[], float8[]) IS 'elementwise sum x + y of two vectors of the same length';

CREATE OPERATOR @extschema@.- (LEFTARG = float8[], RIGHTARG = float8[], FUNCTION = @extschema@.vsub);
COMMENT ON OPERATOR @extschema@.- (float8[], float8[]) IS 'elementwise difference x - y of two vectors of the same length';

CREATE OPERATOR @extschema@.* (LEFTARG = float8[], RIGHTARG = float8[], FUNCTION = @extschema@.vmul, COMMUTATOR = OPERATOR(@extschema@.*));
COMMENT ON OPERATOR @extschema@.* (float8[], float8[]) IS 'elementwise product x * y of two vectors of the same length';

CREATE OPERATOR @extschema@./ (LEFTARG = float8[], RIGHTARG = float8[], FUNCTION = @extschema@.vdiv);
COMMENT ON OPERATOR @extschema@./ (float8[], float8[]) IS 'elementwise quotient x / y of two vectors of the same length';

CREATE OPERATOR @extschema@.+ (LEFTARG = float8[], RIGHTARG = float8, FUNCTION = @extschema@.vadd, COMMUTATOR = OPERATOR(@extschema@.+));
COMMENT ON OPERATOR @extschema@.+ (float8[], float8) IS 'each element of x plus the float8 y';

CREATE OPERATOR @extschema@.+ (LEFTARG = float8, RIGHTARG = float8[], FUNCTION = @extschema@.vadd, COMMUTATOR = OPERATOR(@extschema@.+));
COMMENT ON OPERATOR @extschema@.+ (float8, float8[]) IS 'the float8 x plus each element of y';

CREATE OPERATOR @extschema@.- (LEFTARG = float8[], RIGHTARG = float8, FUNCTION = @extschema@.vsub);
COMMENT ON OPERATOR @extschema@.- (float8[], float8) IS 'each element of x minus the float8 y';

CREATE OPERATOR @extschema@.- (LEFTARG = float8, RIGHTARG = float8[], FUNCTION = @extschema@.vsub);
COMMENT ON OPERATOR @extschema@.- (float8, float8[]) IS 'the float8 x minus each element of y';

CREATE OPERATOR @extschema@.* (LEFTARG = float8[], RIGHTARG = float8, FUNCTION = @extschema@.vmul, COMMUTATOR = OPERATOR(@extschema@.*));
COMMENT ON OPERATOR @extschema@.* (float8[], float8) IS 'each element of x times the float8 y';

CREATE OPERATOR @extschema@.* (LEFTARG = float8, RIGHTARG = float8[], FUNCTION = @extschema@.vmul, COMMUTATOR = OPERATOR(@extschema@.*));
COMMENT ON OPERATOR @extschema@.* (float8, float8[]) IS 'the float8 x times each element of y';

CREATE OPERATOR @extschema@./ (LEFTARG = float8[], RIGHTARG = float8, FUNCTION = @extschema@.vdiv);
COMMENT ON OPERATOR @extschema@./ (float8[], float8) IS 'each element of x divided by the float8 y';

CREATE OPERATOR @extschema@./ (LEFTARG = float8, RIGHTARG = float8[], FUNCTION = @extschema@.vdiv);
COMMENT ON OPERATOR @extschema@./ (float8, float8[]) IS 'the float8 x divided by each element of y';

-- nvec

CREATE FUNCTION @extschema@.ln(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'ln_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ln(@extschema@.nvec) IS 'natural logarithm of each element';

CREATE FUNCTION @extschema@.log10(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'log10_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.log10(@extschema@.nvec) IS 'base-10 logarithm of each element';

CREATE FUNCTION @extschema@.cbrt(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'cbrt_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.cbrt(@extschema@.nvec) IS 'cube root of each element';

CREATE FUNCTION @extschema@.exp(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'exp_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.exp(@extschema@.nvec) IS 'e raised to the power of each element';

CREATE FUNCTION @extschema@.sqrt(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sqrt_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.sqrt(@extschema@.nvec) IS 'square root of each element';

CREATE FUNCTION @extschema@.abs(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'abs_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.abs(@extschema@.nvec) IS 'absolute value of each element';

CREATE FUNCTION @extschema@.vneg(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'neg_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vneg(@extschema@.nvec) IS 'each element negated (the prefix - operator)';

CREATE FUNCTION @extschema@.vadd(x @extschema@.nvec, y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'add_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vadd(@extschema@.nvec, @extschema@.nvec) IS 'elementwise sum x + y of two vectors of the same length (the + operator)';

CREATE FUNCTION @extschema@.vsub(x @extschema@.nvec, y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vsub(@extschema@.nvec, @extschema@.nvec) IS 'elementwise difference x - y of two vectors of the same length (the - operator)';

CREATE FUNCTION @extschema@.vmul(x @extschema@.nvec, y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'mul_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmul(@extschema@.nvec, @extschema@.nvec) IS 'elementwise product x * y of two vectors of the same length (the * operator)';

CREATE FUNCTION @extschema@.vdiv(x @extschema@.nvec, y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'div_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vdiv(@extschema@.nvec, @extschema@.nvec) IS 'elementwise quotient x / y of two vectors of the same length (the / operator)';

CREATE FUNCTION @extschema@.vadd(x @extschema@.nvec, y float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'add_nvec_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vadd(@extschema@.nvec, float8) IS 'each element of x plus the float8 y (the + operator)';

CREATE FUNCTION @extschema@.vadd(x float8, y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'add_nvec_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vadd(float8, @extschema@.nvec) IS 'the float8 x plus each element of y (the + operator)';

CREATE FUNCTION @extschema@.vsub(x @extschema@.nvec, y float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_nvec_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vsub(@extschema@.nvec, float8) IS 'each element of x minus the float8 y (the - operator)';

CREATE FUNCTION @extschema@.vsub(x float8, y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_nvec_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vsub(float8, @extschema@.nvec) IS 'the float8 x minus each element of y (the - operator)';

CREATE FUNCTION @extschema@.vmul(x @extschema@.nvec, y float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'mul_nvec_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmul(@extschema@.nvec, float8) IS 'each element of x times the float8 y (the * operator)';

CREATE FUNCTION @extschema@.vmul(x float8, y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'mul_nvec_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmul(float8, @extschema@.nvec) IS 'the float8 x times each element of y (the * operator)';

CREATE FUNCTION @extschema@.vdiv(x @extschema@.nvec, y float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'div_nvec_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vdiv(@extschema@.nvec, float8) IS 'each element of x divided by the float8 y (the / operator)';

CREATE FUNCTION @extschema@.vdiv(x float8, y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'div_nvec_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vdiv(float8, @extschema@.nvec) IS 'the float8 x divided by each element of y (the / operator)';

CREATE FUNCTION @extschema@.clip(v @extschema@.nvec, lo float8, hi float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'clip_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.clip(@extschema@.nvec, float8, float8) IS 'each element limited to [lo, hi]: lo below lo, hi above hi, NaN stays NaN; lo > hi or a NaN bound is an error';

CREATE FUNCTION @extschema@.scale_add(v @extschema@.nvec, a float8, b float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'scale_add_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.scale_add(@extschema@.nvec, float8, float8) IS 'v * a + b for each element';

CREATE FUNCTION @extschema@.ln_scale_add(v @extschema@.nvec, a float8, b float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'ln_scale_add_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ln_scale_add(@extschema@.nvec, float8, float8) IS 'ln(v) * a + b in one pass';

CREATE FUNCTION @extschema@.sub_mul_add(x @extschema@.nvec, y @extschema@.nvec, a float8, b float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_mul_add_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.sub_mul_add(@extschema@.nvec, @extschema@.nvec, float8, float8) IS '(x - y) * a + b for each pair of elements of two vectors of the same length';

CREATE FUNCTION @extschema@.dlog(v @extschema@.nvec, lag integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'dlog_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.dlog(@extschema@.nvec, integer) IS 'log return ln(v[i]) - ln(v[i - lag]); the first lag elements are NULL';

CREATE FUNCTION @extschema@.diff(v @extschema@.nvec, lag integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'diff_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.diff(@extschema@.nvec, integer) IS 'difference v[i] - v[i - lag]; the first lag elements are NULL';

CREATE FUNCTION @extschema@.dlog_scale_add(v @extschema@.nvec, lag integer, a float8, b float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'dlog_scale_add_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.dlog_scale_add(@extschema@.nvec, integer, float8, float8) IS 'dlog(v, lag) * a + b in one pass';

CREATE FUNCTION @extschema@.pct_change(v @extschema@.nvec, lag integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'pct_change_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.pct_change(@extschema@.nvec, integer) IS 'percentage change v[i] / v[i - lag] - 1; the first lag elements are NULL';

CREATE OPERATOR @extschema@.- (RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vneg);
COMMENT ON OPERATOR @extschema@.- (NONE, @extschema@.nvec) IS 'each element negated';

CREATE OPERATOR @extschema@.+ (LEFTARG = @extschema@.nvec, RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vadd, COMMUTATOR = OPERATOR(@extschema@.+));
COMMENT ON OPERATOR @extschema@.+ (@extschema@.nvec, @extschema@.nvec) IS 'elementwise sum x + y of two vectors of the same length';

CREATE OPERATOR @extschema@.- (LEFTARG = @extschema@.nvec, RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vsub);
COMMENT ON OPERATOR @extschema@.- (@extschema@.nvec, @extschema@.nvec) IS 'elementwise difference x - y of two vectors of the same length';

CREATE OPERATOR @extschema@.* (LEFTARG = @extschema@.nvec, RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vmul, COMMUTATOR = OPERATOR(@extschema@.*));
COMMENT ON OPERATOR @extschema@.* (@extschema@.nvec, @extschema@.nvec) IS 'elementwise product x * y of two vectors of the same length';

CREATE OPERATOR @extschema@./ (LEFTARG = @extschema@.nvec, RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vdiv);
COMMENT ON OPERATOR @extschema@./ (@extschema@.nvec, @extschema@.nvec) IS 'elementwise quotient x / y of two vectors of the same length';

CREATE OPERATOR @extschema@.+ (LEFTARG = @extschema@.nvec, RIGHTARG = float8, FUNCTION = @extschema@.vadd, COMMUTATOR = OPERATOR(@extschema@.+));
COMMENT ON OPERATOR @extschema@.+ (@extschema@.nvec, float8) IS 'each element of x plus the float8 y';

CREATE OPERATOR @extschema@.+ (LEFTARG = float8, RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vadd, COMMUTATOR = OPERATOR(@extschema@.+));
COMMENT ON OPERATOR @extschema@.+ (float8, @extschema@.nvec) IS 'the float8 x plus each element of y';

CREATE OPERATOR @extschema@.- (LEFTARG = @extschema@.nvec, RIGHTARG = float8, FUNCTION = @extschema@.vsub);
COMMENT ON OPERATOR @extschema@.- (@extschema@.nvec, float8) IS 'each element of x minus the float8 y';

CREATE OPERATOR @extschema@.- (LEFTARG = float8, RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vsub);
COMMENT ON OPERATOR @extschema@.- (float8, @extschema@.nvec) IS 'the float8 x minus each element of y';

CREATE OPERATOR @extschema@.* (LEFTARG = @extschema@.nvec, RIGHTARG = float8, FUNCTION = @extschema@.vmul, COMMUTATOR = OPERATOR(@extschema@.*));
COMMENT ON OPERATOR @extschema@.* (@extschema@.nvec, float8) IS 'each element of x times the float8 y';

CREATE OPERATOR @extschema@.* (LEFTARG = float8, RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vmul, COMMUTATOR = OPERATOR(@extschema@.*));
COMMENT ON OPERATOR @extschema@.* (float8, @extschema@.nvec) IS 'the float8 x times each element of y';

CREATE OPERATOR @extschema@./ (LEFTARG = @extschema@.nvec, RIGHTARG = float8, FUNCTION = @extschema@.vdiv);
COMMENT ON OPERATOR @extschema@./ (@extschema@.nvec, float8) IS 'each element of x divided by the float8 y';

CREATE OPERATOR @extschema@./ (LEFTARG = float8, RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vdiv);
COMMENT ON OPERATOR @extschema@./ (float8, @extschema@.nvec) IS 'the float8 x divided by each element of y';

-- float8[] with on_error

CREATE FUNCTION @extschema@.ln(v float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'ln_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ln(float8[], text) IS 'natural logarithm of each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.log10(v float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'log10_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.log10(float8[], text) IS 'base-10 logarithm of each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.exp(v float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'exp_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.exp(float8[], text) IS 'e raised to each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.sqrt(v float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'sqrt_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.sqrt(float8[], text) IS 'square root of each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vadd(x float8[], y float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'add_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vadd(float8[], float8[], text) IS 'x + y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vsub(x float8[], y float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'sub_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vsub(float8[], float8[], text) IS 'x - y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vmul(x float8[], y float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'mul_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmul(float8[], float8[], text) IS 'x * y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vdiv(x float8[], y float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'div_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vdiv(float8[], float8[], text) IS 'x / y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vadd(x float8[], y float8, on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'add_float8arr_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vadd(float8[], float8, text) IS 'x + y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vadd(x float8, y float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'add_float8arr_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vadd(float8, float8[], text) IS 'x + y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vsub(x float8[], y float8, on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'sub_float8arr_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vsub(float8[], float8, text) IS 'x - y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vsub(x float8, y float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'sub_float8arr_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vsub(float8, float8[], text) IS 'x - y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vmul(x float8[], y float8, on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'mul_float8arr_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmul(float8[], float8, text) IS 'x * y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vmul(x float8, y float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'mul_float8arr_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmul(float8, float8[], text) IS 'x * y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vdiv(x float8[], y float8, on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'div_float8arr_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vdiv(float8[], float8, text) IS 'x / y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vdiv(x float8, y float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'div_float8arr_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vdiv(float8, float8[], text) IS 'x / y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.scale_add(v float8[], a float8, b float8, on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'scale_add_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.scale_add(float8[], float8, float8, text) IS '(v * a) + b elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.ln_scale_add(v float8[], a float8, b float8, on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'ln_scale_add_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ln_scale_add(float8[], float8, float8, text) IS '(ln(v) * a) + b elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.sub_mul_add(x float8[], y float8[], a float8, b float8, on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'sub_mul_add_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.sub_mul_add(float8[], float8[], float8, float8, text) IS '((x - y) * a) + b elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.dlog(v float8[], lag integer, on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'dlog_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.dlog(float8[], integer, text) IS 'ln(v[i]) - ln(v[i - lag]), NULL for i <= lag; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.diff(v float8[], lag integer, on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'diff_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.diff(float8[], integer, text) IS 'v[i] - v[i - lag], NULL for i <= lag; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.dlog_scale_add(v float8[], lag integer, a float8, b float8, on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'dlog_scale_add_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.dlog_scale_add(float8[], integer, float8, float8, text) IS '((ln(v[i]) - ln(v[i - lag])) * a) + b, NULL for i <= lag; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.pct_change(v float8[], lag integer, on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'pct_change_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.pct_change(float8[], integer, text) IS '(v[i] / v[i - lag]) - 1, NULL for i <= lag; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

-- nvec with on_error

CREATE FUNCTION @extschema@.ln(v @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'ln_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ln(@extschema@.nvec, text) IS 'natural logarithm of each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.log10(v @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'log10_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.log10(@extschema@.nvec, text) IS 'base-10 logarithm of each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.exp(v @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'exp_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.exp(@extschema@.nvec, text) IS 'e raised to each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.sqrt(v @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sqrt_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.sqrt(@extschema@.nvec, text) IS 'square root of each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vadd(x @extschema@.nvec, y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'add_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vadd(@extschema@.nvec, @extschema@.nvec, text) IS 'x + y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vsub(x @extschema@.nvec, y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vsub(@extschema@.nvec, @extschema@.nvec, text) IS 'x - y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vmul(x @extschema@.nvec, y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'mul_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmul(@extschema@.nvec, @extschema@.nvec, text) IS 'x * y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vdiv(x @extschema@.nvec, y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'div_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vdiv(@extschema@.nvec, @extschema@.nvec, text) IS 'x / y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vadd(x @extschema@.nvec, y float8, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'add_nvec_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vadd(@extschema@.nvec, float8, text) IS 'x + y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vadd(x float8, y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'add_nvec_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vadd(float8, @extschema@.nvec, text) IS 'x + y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vsub(x @extschema@.nvec, y float8, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_nvec_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vsub(@extschema@.nvec, float8, text) IS 'x - y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vsub(x float8, y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_nvec_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vsub(float8, @extschema@.nvec, text) IS 'x - y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vmul(x @extschema@.nvec, y float8, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'mul_nvec_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmul(@extschema@.nvec, float8, text) IS 'x * y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vmul(x float8, y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'mul_nvec_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmul(float8, @extschema@.nvec, text) IS 'x * y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vdiv(x @extschema@.nvec, y float8, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'div_nvec_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vdiv(@extschema@.nvec, float8, text) IS 'x / y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vdiv(x float8, y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'div_nvec_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vdiv(float8, @extschema@.nvec, text) IS 'x / y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.scale_add(v @extschema@.nvec, a float8, b float8, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'scale_add_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.scale_add(@extschema@.nvec, float8, float8, text) IS '(v * a) + b elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.ln_scale_add(v @extschema@.nvec, a float8, b float8, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'ln_scale_add_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ln_scale_add(@extschema@.nvec, float8, float8, text) IS '(ln(v) * a) + b elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.sub_mul_add(x @extschema@.nvec, y @extschema@.nvec, a float8, b float8, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_mul_add_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.sub_mul_add(@extschema@.nvec, @extschema@.nvec, float8, float8, text) IS '((x - y) * a) + b elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.dlog(v @extschema@.nvec, lag integer, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'dlog_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.dlog(@extschema@.nvec, integer, text) IS 'ln(v[i]) - ln(v[i - lag]), NULL for i <= lag; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.diff(v @extschema@.nvec, lag integer, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'diff_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.diff(@extschema@.nvec, integer, text) IS 'v[i] - v[i - lag], NULL for i <= lag; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.dlog_scale_add(v @extschema@.nvec, lag integer, a float8, b float8, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'dlog_scale_add_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.dlog_scale_add(@extschema@.nvec, integer, float8, float8, text) IS '((ln(v[i]) - ln(v[i - lag])) * a) + b, NULL for i <= lag; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.pct_change(v @extschema@.nvec, lag integer, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'pct_change_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.pct_change(@extschema@.nvec, integer, text) IS '(v[i] / v[i - lag]) - 1, NULL for i <= lag; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

-- float8[] and nvec, as nvec

CREATE FUNCTION @extschema@.vadd(x float8[], y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'add_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vadd(float8[], @extschema@.nvec) IS 'elementwise sum x + y of two vectors of the same length, as nvec (the + operator)';

CREATE FUNCTION @extschema@.vsub(x float8[], y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vsub(float8[], @extschema@.nvec) IS 'elementwise difference x - y of two vectors of the same length, as nvec (the - operator)';

CREATE FUNCTION @extschema@.vmul(x float8[], y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'mul_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vmul(float8[], @extschema@.nvec) IS 'elementwise product x * y of two vectors of the same length, as nvec (the * operator)';

CREATE FUNCTION @extschema@.vdiv(x float8[], y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'div_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vdiv(float8[], @extschema@.nvec) IS 'elementwise quotient x / y of two vectors of the same length, as nvec (the / operator)';

CREATE FUNCTION @extschema@.sub_mul_add(x float8[], y @extschema@.nvec, a float8, b float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_mul_add_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.sub_mul_add(float8[], @extschema@.nvec, float8, float8) IS '(x - y) * a + b for each pair of elements of two vectors of the same length, as nvec';

CREATE OPERATOR @extschema@.+ (LEFTARG = float8[], RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vadd, COMMUTATOR = OPERATOR(@extschema@.+));
COMMENT ON OPERATOR @extschema@.+ (float8[], @extschema@.nvec) IS 'elementwise sum x + y of two vectors of the same length, as nvec';

CREATE OPERATOR @extschema@.- (LEFTARG = float8[], RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vsub);
COMMENT ON OPERATOR @extschema@.- (float8[], @extschema@.nvec) IS 'elementwise difference x - y of two vectors of the same length, as nvec';

CREATE OPERATOR @extschema@.* (LEFTARG = float8[], RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vmul, COMMUTATOR = OPERATOR(@extschema@.*));
COMMENT ON OPERATOR @extschema@.* (float8[], @extschema@.nvec) IS 'elementwise product x * y of two vectors of the same length, as nvec';

CREATE OPERATOR @extschema@./ (LEFTARG = float8[], RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vdiv);
COMMENT ON OPERATOR @extschema@./ (float8[], @extschema@.nvec) IS 'elementwise quotient x / y of two vectors of the same length, as nvec';

-- nvec and float8[], as nvec

CREATE FUNCTION @extschema@.vadd(x @extschema@.nvec, y float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'add_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vadd(@extschema@.nvec, float8[]) IS 'elementwise sum x + y of two vectors of the same length, as nvec (the + operator)';

CREATE FUNCTION @extschema@.vsub(x @extschema@.nvec, y float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vsub(@extschema@.nvec, float8[]) IS 'elementwise difference x - y of two vectors of the same length, as nvec (the - operator)';

CREATE FUNCTION @extschema@.vmul(x @extschema@.nvec, y float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'mul_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vmul(@extschema@.nvec, float8[]) IS 'elementwise product x * y of two vectors of the same length, as nvec (the * operator)';

CREATE FUNCTION @extschema@.vdiv(x @extschema@.nvec, y float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'div_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vdiv(@extschema@.nvec, float8[]) IS 'elementwise quotient x / y of two vectors of the same length, as nvec (the / operator)';

CREATE FUNCTION @extschema@.sub_mul_add(x @extschema@.nvec, y float8[], a float8, b float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_mul_add_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.sub_mul_add(@extschema@.nvec, float8[], float8, float8) IS '(x - y) * a + b for each pair of elements of two vectors of the same length, as nvec';

CREATE OPERATOR @extschema@.+ (LEFTARG = @extschema@.nvec, RIGHTARG = float8[], FUNCTION = @extschema@.vadd, COMMUTATOR = OPERATOR(@extschema@.+));
COMMENT ON OPERATOR @extschema@.+ (@extschema@.nvec, float8[]) IS 'elementwise sum x + y of two vectors of the same length, as nvec';

CREATE OPERATOR @extschema@.- (LEFTARG = @extschema@.nvec, RIGHTARG = float8[], FUNCTION = @extschema@.vsub);
COMMENT ON OPERATOR @extschema@.- (@extschema@.nvec, float8[]) IS 'elementwise difference x - y of two vectors of the same length, as nvec';

CREATE OPERATOR @extschema@.* (LEFTARG = @extschema@.nvec, RIGHTARG = float8[], FUNCTION = @extschema@.vmul, COMMUTATOR = OPERATOR(@extschema@.*));
COMMENT ON OPERATOR @extschema@.* (@extschema@.nvec, float8[]) IS 'elementwise product x * y of two vectors of the same length, as nvec';

CREATE OPERATOR @extschema@./ (LEFTARG = @extschema@.nvec, RIGHTARG = float8[], FUNCTION = @extschema@.vdiv);
COMMENT ON OPERATOR @extschema@./ (@extschema@.nvec, float8[]) IS 'elementwise quotient x / y of two vectors of the same length, as nvec';

-- float8[] and nvec with on_error

CREATE FUNCTION @extschema@.vadd(x float8[], y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'add_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vadd(float8[], @extschema@.nvec, text) IS 'x + y elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vsub(x float8[], y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vsub(float8[], @extschema@.nvec, text) IS 'x - y elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vmul(x float8[], y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'mul_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vmul(float8[], @extschema@.nvec, text) IS 'x * y elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vdiv(x float8[], y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'div_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vdiv(float8[], @extschema@.nvec, text) IS 'x / y elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.sub_mul_add(x float8[], y @extschema@.nvec, a float8, b float8, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_mul_add_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.sub_mul_add(float8[], @extschema@.nvec, float8, float8, text) IS '((x - y) * a) + b elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

-- nvec and float8[] with on_error

CREATE FUNCTION @extschema@.vadd(x @extschema@.nvec, y float8[], on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'add_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vadd(@extschema@.nvec, float8[], text) IS 'x + y elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vsub(x @extschema@.nvec, y float8[], on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vsub(@extschema@.nvec, float8[], text) IS 'x - y elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vmul(x @extschema@.nvec, y float8[], on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'mul_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vmul(@extschema@.nvec, float8[], text) IS 'x * y elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vdiv(x @extschema@.nvec, y float8[], on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'div_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vdiv(@extschema@.nvec, float8[], text) IS 'x / y elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.sub_mul_add(x @extschema@.nvec, y float8[], a float8, b float8, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_mul_add_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.sub_mul_add(@extschema@.nvec, float8[], float8, float8, text) IS '((x - y) * a) + b elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';


-- Fusion: nested fusekern calls collapse at plan time into one pass.  The
-- support function (05_fusion_support.sql) is named by each fusable
-- function of 10_kernels.sql; here is what it rewrites them into.

-- One pass of a fused program over its inputs; the program is the
-- expression computed, with v1, v2, ... standing for the inputs that follow.
-- Not STRICT: a NULL input gives what the unfused expression gives.
CREATE FUNCTION @extschema@.fused_eval(program text, VARIADIC inputs "any")
RETURNS float8[]
AS 'MODULE_PATHNAME', 'fused_eval'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fused_eval(text, "any") IS
'one pass of a fused elementwise program over float8[] inputs v1, v2, ... (written by the planner for nested calls)';

CREATE FUNCTION @extschema@.fused_eval_nvec(program text, VARIADIC inputs "any")
RETURNS @extschema@.nvec
AS 'MODULE_PATHNAME', 'fused_eval_nvec'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fused_eval_nvec(text, "any") IS
'one pass of a fused elementwise program over nvec inputs v1, v2, ... (written by the planner for nested calls)';

-- A reduction (vsum, vmean, vstddev, vdot ...) over a fused program: the
-- program's root is the reduction, its operands are evaluated a block at a
-- time into the reduction's accumulator, no vector is built.  Over float8[]
-- or nvec inputs (the program's vector arguments are all of one type).
CREATE FUNCTION @extschema@.fused_reduce(program text, VARIADIC inputs "any")
RETURNS float8
AS 'MODULE_PATHNAME', 'fused_reduce'
LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fused_reduce(text, "any") IS
'one pass of a reduction over a fused program of float8[] or nvec inputs v1, v2, ... (written by the planner for a reduction of nested calls)';

-- Dense layers on float8[] matrices: x is m x k (or one row as a 1-D array),
-- w is k x n, bias has n elements, residual is m x n; results are m x n
-- (1-D for a 1-D x).  GELU is the tanh approximation
--   0.5 * v * (1 + tanh(sqrt(2 / pi) * (v + 0.044715 * v^3))).
--
-- matmul, linear_residual_relu and gelu_linear are VOLATILE: a product's
-- summation order, hence its last bits, depends on who computes it (the
-- OpenBLAS kernel for this CPU, or a GPU), and the executor worker's
-- fairness rule picks the backend or the worker call by call.  add_bias
-- and relu round each element once, the same everywhere: IMMUTABLE.

-- The planner support function of relu and add_bias: nested dense calls
-- (relu(add_bias(matmul(x, w), b) + r), add_bias(matmul(gelu(x), w), b),
-- relu(add_bias(matmul(x, w), b))) become one call of the spelled forms at
-- the end of this file (src/dense/fuse.c, docs/dense.md).
CREATE FUNCTION @extschema@.fusekern_dense_support(internal)
RETURNS internal
AS 'MODULE_PATHNAME', 'fusekern_dense_support'
LANGUAGE C STRICT;
COMMENT ON FUNCTION @extschema@.fusekern_dense_support(internal) IS
'planner support function of relu and add_bias: rewrites nested dense calls into one layer call';

CREATE FUNCTION @extschema@.matmul(x float8[], w float8[])
RETURNS float8[]
AS 'MODULE_PATHNAME', 'matmul'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.matmul(float8[], float8[]) IS
'matrix product x w of an m x k (or 1-D) and a k x n float8 array';

CREATE FUNCTION @extschema@.add_bias(y float8[], bias float8[])
RETURNS float8[]
AS 'MODULE_PATHNAME', 'add_bias'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
SUPPORT @extschema@.fusekern_dense_support;
COMMENT ON FUNCTION @extschema@.add_bias(float8[], float8[]) IS
'bias (n elements) added to every row of an m x n (or 1-D) float8 array';

CREATE FUNCTION @extschema@.relu(a float8[])
RETURNS float8[]
AS 'MODULE_PATHNAME', 'relu'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
SUPPORT @extschema@.fusekern_dense_support;
COMMENT ON FUNCTION @extschema@.relu(float8[]) IS
'elementwise ReLU: negative elements become 0, NaN and -0 pass through';

CREATE FUNCTION @extschema@.gelu(a float8[])
RETURNS float8[]
AS 'MODULE_PATHNAME', 'gelu'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.gelu(float8[]) IS
'elementwise GELU, tanh approximation';

CREATE FUNCTION @extschema@.linear_residual_relu(x float8[], w float8[],
	bias float8[], residual float8[])
RETURNS float8[]
AS 'MODULE_PATHNAME', 'linear_residual_relu'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.linear_residual_relu(float8[], float8[], float8[], float8[]) IS
'fused residual block relu(x w + bias + residual)';

CREATE FUNCTION @extschema@.gelu_linear(x float8[], w float8[], bias float8[])
RETURNS float8[]
AS 'MODULE_PATHNAME', 'gelu_linear'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.gelu_linear(float8[], float8[], float8[]) IS
'fused feed-forward layer gelu(x) w + bias';

-- The layer calls the planner writes for a nested spelling: the last
-- argument names the spelling, whose results, NULLs and errors the call
-- gives (one row for the residual spellings, which add with vadd).  Not
-- STRICT: with a NULL argument the spelling's calls before it still run.
CREATE FUNCTION @extschema@.linear_residual_relu(x float8[], w float8[],
	bias float8[], residual float8[], spelling text)
RETURNS float8[]
AS 'MODULE_PATHNAME', 'linear_residual_relu_spelled'
LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.linear_residual_relu(float8[], float8[], float8[], float8[], text) IS
'residual block standing for the nested calls named by spelling (written by the planner)';

CREATE FUNCTION @extschema@.gelu_linear(x float8[], w float8[], bias float8[],
	spelling text)
RETURNS float8[]
AS 'MODULE_PATHNAME', 'gelu_linear_spelled'
LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.gelu_linear(float8[], float8[], float8[], text) IS
'feed-forward layer standing for the nested calls named by spelling (written by the planner)';

CREATE FUNCTION @extschema@.linear_relu(x float8[], w float8[], bias float8[],
	spelling text)
RETURNS float8[]
AS 'MODULE_PATHNAME', 'linear_relu_spelled'
LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.linear_relu(float8[], float8[], float8[], text) IS
'layer relu(x w + bias) standing for the nested calls named by spelling (written by the planner)';

-- The executor worker (shared_preload_libraries = 'fusekern', fusekern.cuda = on)
CREATE FUNCTION @extschema@.fusekern_executor_stats(OUT requests bigint, OUT offloaded bigint,
	OUT fallbacks bigint, OUT errors bigint, OUT cancelled bigint,
	OUT busy bigint, OUT no_shmem bigint, OUT queued_flops float8,
	OUT executor text, OUT worker_pid integer, OUT device_pid integer,
	OUT restarts bigint, OUT staging_bytes bigint, OUT staging_in_use bigint)
RETURNS record
AS 'MODULE_PATHNAME', 'fusekern_executor_stats'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fusekern_executor_stats() IS
'counters of the executor worker since the server started';

CREATE VIEW @extschema@.fusekern_executor_stats AS
	SELECT * FROM @extschema@.fusekern_executor_stats();
COMMENT ON VIEW @extschema@.fusekern_executor_stats IS
'dense layers offered to the executor: offloaded, answered by the CPU path (fallbacks, of which busy: too much work queued or no room in the staging area now, no_shmem: larger than the staging area or no mapping of it), device errors, cancelled waits, work queued now, the worker and its device process, device process restarts, the staging area and the bytes of it in use';

-- Running operations, rolling windows, shift and reductions over
-- float8[] and nvec (src/pg_series_*.c, src/core/series_*.c,
-- docs/series.md), written by src/tools/gen_sql.c from the catalogue
-- (FK_STREAMS and FK_REDUCTIONS of src/core/ops_catalog.h): do not edit.
--
-- Running and rolling functions return the type of their vector input,
-- of the same length; reductions a float8 (vargmin and vargmax an
-- integer position), NULL elements skipped.  They
-- name fusekern_support: nested in or around other fusekern calls they
-- fuse as stateful instructions or as the sink of a fused_reduce call
-- (docs/fusion.md); the min_count forms of the rolling windows and the
-- mixed forms of vdot do not.

-- float8[]: running, rolling, shift

CREATE FUNCTION @extschema@.cumsum(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'cumsum_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.cumsum(float8[]) IS 'running sum in index order: element i is the sum of the present elements up to i (NULL where v is NULL)';

CREATE FUNCTION @extschema@.cumprod(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'cumprod_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.cumprod(float8[]) IS 'running product in index order: element i is the product of the present elements up to i (NULL where v is NULL)';

CREATE FUNCTION @extschema@.cummax(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'cummax_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.cummax(float8[]) IS 'running maximum: element i is the largest present element up to i, NaN above every number (NULL where v is NULL)';

CREATE FUNCTION @extschema@.cummin(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'cummin_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.cummin(float8[]) IS 'running minimum: element i is the smallest present element up to i, NaN above every number (NULL where v is NULL)';

CREATE FUNCTION @extschema@.ema(v float8[], alpha float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'ema_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ema(float8[], float8) IS 'exponential moving average: s = first present element, then s = alpha * x + (1 - alpha) * s at each present x; alpha in (0, 1] (NULL where v is NULL)';

CREATE FUNCTION @extschema@.fill_forward(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'fill_forward_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.fill_forward(float8[]) IS 'each NULL element replaced by the last present element before it; leading NULLs stay NULL';

CREATE FUNCTION @extschema@.fill_null(v float8[], x float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'fill_null_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.fill_null(float8[], float8) IS 'each NULL element replaced by x';

CREATE FUNCTION @extschema@.rolling_sum(v float8[], w integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_sum_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_sum(float8[], integer) IS 'sum of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements';

CREATE FUNCTION @extschema@.rolling_sum(v float8[], w integer, min_count integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_sum_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_sum(float8[], integer, integer) IS 'sum of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_mean(v float8[], w integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_mean_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_mean(float8[], integer) IS 'mean of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements';

CREATE FUNCTION @extschema@.rolling_mean(v float8[], w integer, min_count integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_mean_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_mean(float8[], integer, integer) IS 'mean of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_stddev(v float8[], w integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_stddev_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_stddev(float8[], integer) IS 'sample standard deviation of the present elements of the trailing window of w elements ending at each element (NULL for fewer than two); NULL at a NULL element and until the window holds w present elements';

CREATE FUNCTION @extschema@.rolling_stddev(v float8[], w integer, min_count integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_stddev_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_stddev(float8[], integer, integer) IS 'sample standard deviation of the present elements of the trailing window of w elements ending at each element (NULL for fewer than two); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_min(v float8[], w integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_min_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_min(float8[], integer) IS 'minimum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and until the window holds w present elements';

CREATE FUNCTION @extschema@.rolling_min(v float8[], w integer, min_count integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_min_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_min(float8[], integer, integer) IS 'minimum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_max(v float8[], w integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_max_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_max(float8[], integer) IS 'maximum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and until the window holds w present elements';

CREATE FUNCTION @extschema@.rolling_max(v float8[], w integer, min_count integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_max_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_max(float8[], integer, integer) IS 'maximum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_count(v float8[], w integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_count_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_count(float8[], integer) IS 'number of present elements in the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements';

CREATE FUNCTION @extschema@.rolling_count(v float8[], w integer, min_count integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_count_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_count(float8[], integer, integer) IS 'number of present elements in the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.shift(v float8[], k integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'shift_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.shift(float8[], integer) IS 'v shifted by k places: element i is v[i - k] (k > 0 lags, k < 0 leads), NULL where i - k is outside v';

CREATE FUNCTION @extschema@.rolling_var(v float8[], w integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_var_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_var(float8[], integer) IS 'sample variance of the present elements of the trailing window of w elements ending at each element (NULL for fewer than two); NULL at a NULL element and until the window holds w present elements';

CREATE FUNCTION @extschema@.rolling_var(v float8[], w integer, min_count integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_var_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_var(float8[], integer, integer) IS 'sample variance of the present elements of the trailing window of w elements ending at each element (NULL for fewer than two); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_median(v float8[], w integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_median_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_median(float8[], integer) IS 'median (percentile_cont(0.5): halfway between the two middle values of an even count; NaN above every number) of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements';

CREATE FUNCTION @extschema@.rolling_median(v float8[], w integer, min_count integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_median_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_median(float8[], integer, integer) IS 'median (percentile_cont(0.5): halfway between the two middle values of an even count; NaN above every number) of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_quantile(v float8[], w integer, q float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_quantile_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_quantile(float8[], integer, float8) IS 'q-quantile (0 <= q <= 1) of the present elements of the trailing window of w elements ending at each element, as percentile_cont(q) (linear interpolation, NaN above every number); NULL at a NULL element and until the window holds w present elements';

CREATE FUNCTION @extschema@.rolling_quantile(v float8[], w integer, q float8, min_count integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_quantile_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_quantile(float8[], integer, float8, integer) IS 'q-quantile (0 <= q <= 1) of the present elements of the trailing window of w elements ending at each element, as percentile_cont(q) (linear interpolation, NaN above every number); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

-- nvec: running, rolling, shift

CREATE FUNCTION @extschema@.cumsum(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'cumsum_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.cumsum(@extschema@.nvec) IS 'running sum in index order: element i is the sum of the present elements up to i (NULL where v is NULL)';

CREATE FUNCTION @extschema@.cumprod(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'cumprod_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.cumprod(@extschema@.nvec) IS 'running product in index order: element i is the product of the present elements up to i (NULL where v is NULL)';

CREATE FUNCTION @extschema@.cummax(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'cummax_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.cummax(@extschema@.nvec) IS 'running maximum: element i is the largest present element up to i, NaN above every number (NULL where v is NULL)';

CREATE FUNCTION @extschema@.cummin(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'cummin_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.cummin(@extschema@.nvec) IS 'running minimum: element i is the smallest present element up to i, NaN above every number (NULL where v is NULL)';

CREATE FUNCTION @extschema@.ema(v @extschema@.nvec, alpha float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'ema_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ema(@extschema@.nvec, float8) IS 'exponential moving average: s = first present element, then s = alpha * x + (1 - alpha) * s at each present x; alpha in (0, 1] (NULL where v is NULL)';

CREATE FUNCTION @extschema@.fill_forward(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'fill_forward_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.fill_forward(@extschema@.nvec) IS 'each NULL element replaced by the last present element before it; leading NULLs stay NULL';

CREATE FUNCTION @extschema@.fill_null(v @extschema@.nvec, x float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'fill_null_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.fill_null(@extschema@.nvec, float8) IS 'each NULL element replaced by x';

CREATE FUNCTION @extschema@.rolling_sum(v @extschema@.nvec, w integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_sum_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_sum(@extschema@.nvec, integer) IS 'sum of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements';

CREATE FUNCTION @extschema@.rolling_sum(v @extschema@.nvec, w integer, min_count integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_sum_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_sum(@extschema@.nvec, integer, integer) IS 'sum of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_mean(v @extschema@.nvec, w integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_mean_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_mean(@extschema@.nvec, integer) IS 'mean of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements';

CREATE FUNCTION @extschema@.rolling_mean(v @extschema@.nvec, w integer, min_count integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_mean_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_mean(@extschema@.nvec, integer, integer) IS 'mean of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_stddev(v @extschema@.nvec, w integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_stddev_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_stddev(@extschema@.nvec, integer) IS 'sample standard deviation of the present elements of the trailing window of w elements ending at each element (NULL for fewer than two); NULL at a NULL element and until the window holds w present elements';

CREATE FUNCTION @extschema@.rolling_stddev(v @extschema@.nvec, w integer, min_count integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_stddev_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_stddev(@extschema@.nvec, integer, integer) IS 'sample standard deviation of the present elements of the trailing window of w elements ending at each element (NULL for fewer than two); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_min(v @extschema@.nvec, w integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_min_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_min(@extschema@.nvec, integer) IS 'minimum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and until the window holds w present elements';

CREATE FUNCTION @extschema@.rolling_min(v @extschema@.nvec, w integer, min_count integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_min_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_min(@extschema@.nvec, integer, integer) IS 'minimum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_max(v @extschema@.nvec, w integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_max_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_max(@extschema@.nvec, integer) IS 'maximum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and until the window holds w present elements';

CREATE FUNCTION @extschema@.rolling_max(v @extschema@.nvec, w integer, min_count integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_max_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_max(@extschema@.nvec, integer, integer) IS 'maximum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_count(v @extschema@.nvec, w integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_count_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_count(@extschema@.nvec, integer) IS 'number of present elements in the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements';

CREATE FUNCTION @extschema@.rolling_count(v @extschema@.nvec, w integer, min_count integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_count_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_count(@extschema@.nvec, integer, integer) IS 'number of present elements in the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.shift(v @extschema@.nvec, k integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'shift_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.shift(@extschema@.nvec, integer) IS 'v shifted by k places: element i is v[i - k] (k > 0 lags, k < 0 leads), NULL where i - k is outside v';

CREATE FUNCTION @extschema@.rolling_var(v @extschema@.nvec, w integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_var_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_var(@extschema@.nvec, integer) IS 'sample variance of the present elements of the trailing window of w elements ending at each element (NULL for fewer than two); NULL at a NULL element and until the window holds w present elements';

CREATE FUNCTION @extschema@.rolling_var(v @extschema@.nvec, w integer, min_count integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_var_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_var(@extschema@.nvec, integer, integer) IS 'sample variance of the present elements of the trailing window of w elements ending at each element (NULL for fewer than two); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_median(v @extschema@.nvec, w integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_median_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_median(@extschema@.nvec, integer) IS 'median (percentile_cont(0.5): halfway between the two middle values of an even count; NaN above every number) of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements';

CREATE FUNCTION @extschema@.rolling_median(v @extschema@.nvec, w integer, min_count integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_median_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_median(@extschema@.nvec, integer, integer) IS 'median (percentile_cont(0.5): halfway between the two middle values of an even count; NaN above every number) of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_quantile(v @extschema@.nvec, w integer, q float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_quantile_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_quantile(@extschema@.nvec, integer, float8) IS 'q-quantile (0 <= q <= 1) of the present elements of the trailing window of w elements ending at each element, as percentile_cont(q) (linear interpolation, NaN above every number); NULL at a NULL element and until the window holds w present elements';

CREATE FUNCTION @extschema@.rolling_quantile(v @extschema@.nvec, w integer, q float8, min_count integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_quantile_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_quantile(@extschema@.nvec, integer, float8, integer) IS 'q-quantile (0 <= q <= 1) of the present elements of the trailing window of w elements ending at each element, as percentile_cont(q) (linear interpolation, NaN above every number); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

-- reductions over float8[]

CREATE FUNCTION @extschema@.vsum(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vsum_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vsum(float8[]) IS 'sum of the valid elements (compensated, deterministic), NULL if none';

CREATE FUNCTION @extschema@.vmean(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vmean_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmean(float8[]) IS 'mean of the valid elements, NULL if none';

CREATE FUNCTION @extschema@.vmin(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vmin_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmin(float8[]) IS 'smallest valid element (NaN only if all are NaN), NULL if none';

CREATE FUNCTION @extschema@.vmax(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vmax_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmax(float8[]) IS 'largest valid element (NaN above every number), NULL if none';

CREATE FUNCTION @extschema@.vprod(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vprod_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vprod(float8[]) IS 'product of the valid elements in index order, NULL if none';

CREATE FUNCTION @extschema@.vvar(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vvar_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vvar(float8[]) IS 'sample variance of the valid elements, NULL for fewer than two';

CREATE FUNCTION @extschema@.vstddev(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vstddev_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vstddev(float8[]) IS 'sample standard deviation of the valid elements, NULL for fewer than two';

CREATE FUNCTION @extschema@.vvar_pop(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vvar_pop_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vvar_pop(float8[]) IS 'population variance of the valid elements, NULL if none';

CREATE FUNCTION @extschema@.vstddev_pop(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vstddev_pop_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vstddev_pop(float8[]) IS 'population standard deviation of the valid elements, NULL if none';

CREATE FUNCTION @extschema@.vdot(x float8[], y float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vdot_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vdot(float8[], float8[]) IS 'sum of x[i] * y[i] over the positions where both are valid, NULL if none';

CREATE FUNCTION @extschema@.vargmin(v float8[]) RETURNS integer
	AS 'MODULE_PATHNAME', 'vargmin_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vargmin(float8[]) IS '1-based position of the first smallest valid element (NaN above every number: NaN only if all are NaN), NULL if none';

CREATE FUNCTION @extschema@.vargmax(v float8[]) RETURNS integer
	AS 'MODULE_PATHNAME', 'vargmax_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vargmax(float8[]) IS '1-based position of the first largest valid element (NaN above every number: the first NaN if any), NULL if none';

CREATE FUNCTION @extschema@.vcov(x float8[], y float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vcov_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vcov(float8[], float8[]) IS 'sample covariance of x and y over the positions where both are valid (as covar_samp), NULL for fewer than two';

CREATE FUNCTION @extschema@.vcov_pop(x float8[], y float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vcov_pop_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vcov_pop(float8[], float8[]) IS 'population covariance of x and y over the positions where both are valid (as covar_pop), NULL if none';

CREATE FUNCTION @extschema@.vcorr(x float8[], y float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vcorr_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vcorr(float8[], float8[]) IS 'correlation coefficient of x and y over the positions where both are valid (as corr), NULL if none or if either is constant';

-- reductions over nvec

CREATE FUNCTION @extschema@.vsum(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vsum_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vsum(@extschema@.nvec) IS 'sum of the valid elements (compensated, deterministic), NULL if none';

CREATE FUNCTION @extschema@.vmean(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vmean_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmean(@extschema@.nvec) IS 'mean of the valid elements, NULL if none';

CREATE FUNCTION @extschema@.vmin(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vmin_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmin(@extschema@.nvec) IS 'smallest valid element (NaN only if all are NaN), NULL if none';

CREATE FUNCTION @extschema@.vmax(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vmax_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmax(@extschema@.nvec) IS 'largest valid element (NaN above every number), NULL if none';

CREATE FUNCTION @extschema@.vprod(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vprod_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vprod(@extschema@.nvec) IS 'product of the valid elements in index order, NULL if none';

CREATE FUNCTION @extschema@.vvar(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vvar_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vvar(@extschema@.nvec) IS 'sample variance of the valid elements, NULL for fewer than two';

CREATE FUNCTION @extschema@.vstddev(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vstddev_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vstddev(@extschema@.nvec) IS 'sample standard deviation of the valid elements, NULL for fewer than two';

CREATE FUNCTION @extschema@.vvar_pop(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vvar_pop_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vvar_pop(@extschema@.nvec) IS 'population variance of the valid elements, NULL if none';

CREATE FUNCTION @extschema@.vstddev_pop(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vstddev_pop_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vstddev_pop(@extschema@.nvec) IS 'population standard deviation of the valid elements, NULL if none';

CREATE FUNCTION @extschema@.vdot(x @extschema@.nvec, y @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vdot_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vdot(@extschema@.nvec, @extschema@.nvec) IS 'sum of x[i] * y[i] over the positions where both are valid, NULL if none';

CREATE FUNCTION @extschema@.vdot(x float8[], y @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vdot_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vdot(float8[], @extschema@.nvec) IS 'sum of x[i] * y[i] over the positions where both are valid, NULL if none';

CREATE FUNCTION @extschema@.vdot(x @extschema@.nvec, y float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vdot_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vdot(@extschema@.nvec, float8[]) IS 'sum of x[i] * y[i] over the positions where both are valid, NULL if none';

CREATE FUNCTION @extschema@.vargmin(v @extschema@.nvec) RETURNS integer
	AS 'MODULE_PATHNAME', 'vargmin_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vargmin(@extschema@.nvec) IS '1-based position of the first smallest valid element (NaN above every number: NaN only if all are NaN), NULL if none';

CREATE FUNCTION @extschema@.vargmax(v @extschema@.nvec) RETURNS integer
	AS 'MODULE_PATHNAME', 'vargmax_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vargmax(@extschema@.nvec) IS '1-based position of the first largest valid element (NaN above every number: the first NaN if any), NULL if none';

CREATE FUNCTION @extschema@.vcov(x @extschema@.nvec, y @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vcov_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vcov(@extschema@.nvec, @extschema@.nvec) IS 'sample covariance of x and y over the positions where both are valid (as covar_samp), NULL for fewer than two';

CREATE FUNCTION @extschema@.vcov_pop(x @extschema@.nvec, y @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vcov_pop_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vcov_pop(@extschema@.nvec, @extschema@.nvec) IS 'population covariance of x and y over the positions where both are valid (as covar_pop), NULL if none';

CREATE FUNCTION @extschema@.vcorr(x @extschema@.nvec, y @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vcorr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vcorr(@extschema@.nvec, @extschema@.nvec) IS 'correlation coefficient of x and y over the positions where both are valid (as corr), NULL if none or if either is constant';


-- vcount (src/pg_series_reduce.c, docs/series.md): the number of valid
-- elements, a bigint that the operand's NULLs alone decide, so not one of
-- the reductions of the catalogue (40_series.sql, generated) and not fused.

CREATE FUNCTION @extschema@.vcount(v float8[]) RETURNS bigint
	AS 'MODULE_PATHNAME', 'vcount_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vcount(float8[]) IS 'number of valid (non-NULL) elements';

CREATE FUNCTION @extschema@.vcount(v @extschema@.nvec) RETURNS bigint
	AS 'MODULE_PATHNAME', 'vcount_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vcount(@extschema@.nvec) IS 'number of valid (non-NULL) elements';

-- Aggregates across rows (src/pg_series_agg.c, docs/series.md), written
-- by src/tools/gen_sql.c from the rows of src/tools/agg_catalog.h: do
-- not edit.
--
-- sum and avg over a column of nvec or float8[], min and max over a
-- column of nvec, position by position.  Position i of the result
-- aggregates position i of every row: NULL elements are skipped, a
-- position without any valid element is NULL, a NULL row is skipped, no
-- rows give NULL; rows of different lengths are an error.  min and max
-- are not defined over float8[]: core's min(anyarray) and max(anyarray)
-- order arrays as wholes.  Each has a combine function: PostgreSQL may
-- run it in parallel.  sum, min and max keep an internal state,
-- serialized as a bytea between parallel workers; avg keeps an ordinary
-- float8[] (sums, then counts of valid elements), so that Citus combines
-- avg's partial states through vec_avg_combinefn: Citus uses an
-- aggregate's combine function only when its state is not internal, and
-- otherwise rewrites avg(x) as sum(x) / count(x), a count of rows
-- (docs/scale-out.md).  variance, var_pop, stddev and stddev_pop keep
-- one float8[] state (counts, sums, squared deviations: core's
-- float8_accum at each position) for the same reason, each with its own
-- final functions.

CREATE FUNCTION @extschema@.vec_sum_transfn(internal, @extschema@.nvec) RETURNS internal
	AS 'MODULE_PATHNAME', 'vec_sum_transfn_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_sum_transfn(internal, @extschema@.nvec) IS
'state transition function of sum(nvec): adds a row position by position';

CREATE FUNCTION @extschema@.vec_sum_transfn(internal, float8[]) RETURNS internal
	AS 'MODULE_PATHNAME', 'vec_sum_transfn_float8arr' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_sum_transfn(internal, float8[]) IS
'state transition function of sum(float8[]): adds a row position by position';

CREATE FUNCTION @extschema@.vec_min_transfn(internal, @extschema@.nvec) RETURNS internal
	AS 'MODULE_PATHNAME', 'vec_min_transfn_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_min_transfn(internal, @extschema@.nvec) IS
'state transition function of min(nvec): the least element so far at each position';

CREATE FUNCTION @extschema@.vec_max_transfn(internal, @extschema@.nvec) RETURNS internal
	AS 'MODULE_PATHNAME', 'vec_max_transfn_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_max_transfn(internal, @extschema@.nvec) IS
'state transition function of max(nvec): the greatest element so far at each position';

CREATE FUNCTION @extschema@.vec_agg_finalfn_nvec(internal) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_agg_finalfn_nvec(internal) IS
'final function of sum(nvec), min(nvec) and max(nvec): the state as an nvec';

CREATE FUNCTION @extschema@.vec_agg_finalfn_float8arr(internal) RETURNS float8[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_agg_finalfn_float8arr(internal) IS
'final function of sum(float8[]): the state as a float8[]';

CREATE FUNCTION @extschema@.vec_agg_combinefn(internal, internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_agg_combinefn(internal, internal) IS
'combine function of sum, min and max over vectors: folds the second state into the first';

CREATE FUNCTION @extschema@.vec_agg_serialfn(internal) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_agg_serialfn(internal) IS
'serialization function of sum, min and max over vectors: the state as a bytea';

CREATE FUNCTION @extschema@.vec_agg_deserialfn(bytea, internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_agg_deserialfn(bytea, internal) IS
'deserialization function of sum, min and max over vectors: a checked bytea back to a state';

-- avg's state: a float8[] of 2n values, the sums at the n positions (from
-- -0, the identity of the sum) then the counts of valid elements
CREATE FUNCTION @extschema@.vec_avg_transfn(float8[], @extschema@.nvec) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vec_avg_transfn_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_avg_transfn(float8[], @extschema@.nvec) IS
'state transition function of avg(nvec): adds a row to the sums and counts of valid elements, position by position';

CREATE FUNCTION @extschema@.vec_avg_transfn(float8[], float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vec_avg_transfn_float8arr' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_avg_transfn(float8[], float8[]) IS
'state transition function of avg(float8[]): adds a row to the sums and counts of valid elements, position by position';

CREATE FUNCTION @extschema@.vec_avg_finalfn_nvec(float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_avg_finalfn_nvec(float8[]) IS
'final function of avg(nvec): sums divided by counts, as an nvec';

CREATE FUNCTION @extschema@.vec_avg_finalfn_float8arr(float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_avg_finalfn_float8arr(float8[]) IS
'final function of avg(float8[]): sums divided by counts, as a float8[]';

CREATE FUNCTION @extschema@.vec_avg_combinefn(float8[], float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_avg_combinefn(float8[], float8[]) IS
'combine function of avg over vectors: adds the second state (sums, then counts of valid elements) to the first';

-- the state of variance, var_pop, stddev and stddev_pop: a float8[] of 3n
-- values, the counts of valid elements at the n positions, then their sums,
-- then their sums of squared deviations from the mean (core's float8_accum)
CREATE FUNCTION @extschema@.vec_variance_transfn(float8[], @extschema@.nvec) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vec_variance_transfn_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_variance_transfn(float8[], @extschema@.nvec) IS
'state transition function of variance(nvec): adds a row to the counts, sums and squared deviations, position by position, as core''s float8_accum';

CREATE FUNCTION @extschema@.vec_variance_finalfn_nvec(float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_variance_finalfn_nvec(float8[]) IS
'final function of variance(nvec): the sample variance at each position, as an nvec';

CREATE FUNCTION @extschema@.vec_variance_transfn(float8[], float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vec_variance_transfn_float8arr' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_variance_transfn(float8[], float8[]) IS
'state transition function of variance(float8[]): adds a row to the counts, sums and squared deviations, position by position, as core''s float8_accum';

CREATE FUNCTION @extschema@.vec_variance_finalfn_float8arr(float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_variance_finalfn_float8arr(float8[]) IS
'final function of variance(float8[]): the sample variance at each position, as a float8[]';

CREATE FUNCTION @extschema@.vec_var_pop_transfn(float8[], @extschema@.nvec) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vec_var_pop_transfn_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_var_pop_transfn(float8[], @extschema@.nvec) IS
'state transition function of var_pop(nvec): adds a row to the counts, sums and squared deviations, position by position, as core''s float8_accum';

CREATE FUNCTION @extschema@.vec_var_pop_finalfn_nvec(float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_var_pop_finalfn_nvec(float8[]) IS
'final function of var_pop(nvec): the population variance at each position, as an nvec';

CREATE FUNCTION @extschema@.vec_var_pop_transfn(float8[], float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vec_var_pop_transfn_float8arr' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_var_pop_transfn(float8[], float8[]) IS
'state transition function of var_pop(float8[]): adds a row to the counts, sums and squared deviations, position by position, as core''s float8_accum';

CREATE FUNCTION @extschema@.vec_var_pop_finalfn_float8arr(float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_var_pop_finalfn_float8arr(float8[]) IS
'final function of var_pop(float8[]): the population variance at each position, as a float8[]';

CREATE FUNCTION @extschema@.vec_stddev_transfn(float8[], @extschema@.nvec) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vec_stddev_transfn_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_stddev_transfn(float8[], @extschema@.nvec) IS
'state transition function of stddev(nvec): adds a row to the counts, sums and squared deviations, position by position, as core''s float8_accum';

CREATE FUNCTION @extschema@.vec_stddev_finalfn_nvec(float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_stddev_finalfn_nvec(float8[]) IS
'final function of stddev(nvec): the sample standard deviation at each position, as an nvec';

CREATE FUNCTION @extschema@.vec_stddev_transfn(float8[], float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vec_stddev_transfn_float8arr' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_stddev_transfn(float8[], float8[]) IS
'state transition function of stddev(float8[]): adds a row to the counts, sums and squared deviations, position by position, as core''s float8_accum';

CREATE FUNCTION @extschema@.vec_stddev_finalfn_float8arr(float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_stddev_finalfn_float8arr(float8[]) IS
'final function of stddev(float8[]): the sample standard deviation at each position, as a float8[]';

CREATE FUNCTION @extschema@.vec_stddev_pop_transfn(float8[], @extschema@.nvec) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vec_stddev_pop_transfn_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_stddev_pop_transfn(float8[], @extschema@.nvec) IS
'state transition function of stddev_pop(nvec): adds a row to the counts, sums and squared deviations, position by position, as core''s float8_accum';

CREATE FUNCTION @extschema@.vec_stddev_pop_finalfn_nvec(float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_stddev_pop_finalfn_nvec(float8[]) IS
'final function of stddev_pop(nvec): the population standard deviation at each position, as an nvec';

CREATE FUNCTION @extschema@.vec_stddev_pop_transfn(float8[], float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vec_stddev_pop_transfn_float8arr' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_stddev_pop_transfn(float8[], float8[]) IS
'state transition function of stddev_pop(float8[]): adds a row to the counts, sums and squared deviations, position by position, as core''s float8_accum';

CREATE FUNCTION @extschema@.vec_stddev_pop_finalfn_float8arr(float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_stddev_pop_finalfn_float8arr(float8[]) IS
'final function of stddev_pop(float8[]): the population standard deviation at each position, as a float8[]';

CREATE FUNCTION @extschema@.vec_var_combinefn(float8[], float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_var_combinefn(float8[], float8[]) IS
'combine function of variance, var_pop, stddev and stddev_pop over vectors: combines the second state (counts, sums, sums of squared deviations) with the first, as core''s float8_combine';

CREATE AGGREGATE @extschema@.sum(@extschema@.nvec) (
	SFUNC = @extschema@.vec_sum_transfn,
	STYPE = internal,
	FINALFUNC = @extschema@.vec_agg_finalfn_nvec,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_agg_combinefn,
	SERIALFUNC = @extschema@.vec_agg_serialfn,
	DESERIALFUNC = @extschema@.vec_agg_deserialfn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.sum(@extschema@.nvec) IS
'elementwise sum across rows, NULL elements skipped; NULL where a position has no valid element';

CREATE AGGREGATE @extschema@.sum(float8[]) (
	SFUNC = @extschema@.vec_sum_transfn,
	STYPE = internal,
	FINALFUNC = @extschema@.vec_agg_finalfn_float8arr,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_agg_combinefn,
	SERIALFUNC = @extschema@.vec_agg_serialfn,
	DESERIALFUNC = @extschema@.vec_agg_deserialfn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.sum(float8[]) IS
'elementwise sum across rows, NULL elements skipped; NULL where a position has no valid element';

CREATE AGGREGATE @extschema@.avg(@extschema@.nvec) (
	SFUNC = @extschema@.vec_avg_transfn,
	STYPE = float8[],
	FINALFUNC = @extschema@.vec_avg_finalfn_nvec,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_avg_combinefn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.avg(@extschema@.nvec) IS
'elementwise mean across rows, NULL elements skipped; NULL where a position has no valid element';

CREATE AGGREGATE @extschema@.avg(float8[]) (
	SFUNC = @extschema@.vec_avg_transfn,
	STYPE = float8[],
	FINALFUNC = @extschema@.vec_avg_finalfn_float8arr,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_avg_combinefn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.avg(float8[]) IS
'elementwise mean across rows, NULL elements skipped; NULL where a position has no valid element';

CREATE AGGREGATE @extschema@.min(@extschema@.nvec) (
	SFUNC = @extschema@.vec_min_transfn,
	STYPE = internal,
	FINALFUNC = @extschema@.vec_agg_finalfn_nvec,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_agg_combinefn,
	SERIALFUNC = @extschema@.vec_agg_serialfn,
	DESERIALFUNC = @extschema@.vec_agg_deserialfn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.min(@extschema@.nvec) IS
'elementwise minimum across rows (NaN above every number, as float8), NULL elements skipped';

CREATE AGGREGATE @extschema@.max(@extschema@.nvec) (
	SFUNC = @extschema@.vec_max_transfn,
	STYPE = internal,
	FINALFUNC = @extschema@.vec_agg_finalfn_nvec,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_agg_combinefn,
	SERIALFUNC = @extschema@.vec_agg_serialfn,
	DESERIALFUNC = @extschema@.vec_agg_deserialfn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.max(@extschema@.nvec) IS
'elementwise maximum across rows (NaN above every number, as float8), NULL elements skipped';

CREATE AGGREGATE @extschema@.variance(@extschema@.nvec) (
	SFUNC = @extschema@.vec_variance_transfn,
	STYPE = float8[],
	FINALFUNC = @extschema@.vec_variance_finalfn_nvec,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_var_combinefn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.variance(@extschema@.nvec) IS
'elementwise sample variance across rows (as core''s var_samp), NULL elements skipped; NULL where a position has fewer than two valid elements';

CREATE AGGREGATE @extschema@.variance(float8[]) (
	SFUNC = @extschema@.vec_variance_transfn,
	STYPE = float8[],
	FINALFUNC = @extschema@.vec_variance_finalfn_float8arr,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_var_combinefn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.variance(float8[]) IS
'elementwise sample variance across rows (as core''s var_samp), NULL elements skipped; NULL where a position has fewer than two valid elements';

CREATE AGGREGATE @extschema@.var_pop(@extschema@.nvec) (
	SFUNC = @extschema@.vec_var_pop_transfn,
	STYPE = float8[],
	FINALFUNC = @extschema@.vec_var_pop_finalfn_nvec,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_var_combinefn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.var_pop(@extschema@.nvec) IS
'elementwise population variance across rows (as core''s var_pop), NULL elements skipped; NULL where a position has no valid element';

CREATE AGGREGATE @extschema@.var_pop(float8[]) (
	SFUNC = @extschema@.vec_var_pop_transfn,
	STYPE = float8[],
	FINALFUNC = @extschema@.vec_var_pop_finalfn_float8arr,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_var_combinefn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.var_pop(float8[]) IS
'elementwise population variance across rows (as core''s var_pop), NULL elements skipped; NULL where a position has no valid element';

CREATE AGGREGATE @extschema@.stddev(@extschema@.nvec) (
	SFUNC = @extschema@.vec_stddev_transfn,
	STYPE = float8[],
	FINALFUNC = @extschema@.vec_stddev_finalfn_nvec,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_var_combinefn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.stddev(@extschema@.nvec) IS
'elementwise sample standard deviation across rows (as core''s stddev_samp), NULL elements skipped; NULL where a position has fewer than two valid elements';

CREATE AGGREGATE @extschema@.stddev(float8[]) (
	SFUNC = @extschema@.vec_stddev_transfn,
	STYPE = float8[],
	FINALFUNC = @extschema@.vec_stddev_finalfn_float8arr,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_var_combinefn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.stddev(float8[]) IS
'elementwise sample standard deviation across rows (as core''s stddev_samp), NULL elements skipped; NULL where a position has fewer than two valid elements';

CREATE AGGREGATE @extschema@.stddev_pop(@extschema@.nvec) (
	SFUNC = @extschema@.vec_stddev_pop_transfn,
	STYPE = float8[],
	FINALFUNC = @extschema@.vec_stddev_pop_finalfn_nvec,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_var_combinefn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.stddev_pop(@extschema@.nvec) IS
'elementwise population standard deviation across rows (as core''s stddev_pop), NULL elements skipped; NULL where a position has no valid element';

CREATE AGGREGATE @extschema@.stddev_pop(float8[]) (
	SFUNC = @extschema@.vec_stddev_pop_transfn,
	STYPE = float8[],
	FINALFUNC = @extschema@.vec_stddev_pop_finalfn_float8arr,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_var_combinefn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.stddev_pop(float8[]) IS
'elementwise population standard deviation across rows (as core''s stddev_pop), NULL elements skipped; NULL where a position has no valid element';

-- ema by name (src/pg_series_running.c, docs/series.md): ema(v, span => s),
-- ema(v, halflife => h) and ema(v, alpha => a), exactly one of them, as
-- pandas' ewm reads them: alpha = 2 / (span + 1), alpha = 1 - exp(-ln(2) /
-- halflife).  The parameters are of the domain ema_param, not float8, so
-- that ema(v, 0.5) and ema(v, alpha => 0.5) still resolve to ema(v, alpha
-- float8) (fused; float8 is the preferred type of its category, a domain
-- never is): with float8 parameters and defaults, the two would be
-- ambiguous.  A parameter not given is NaN (so the function is STRICT: an
-- SQL NULL argument gives NULL).  With constant parameters the planner
-- support function rewrites a call into ema(v, alpha), which fuses
-- (src/pg_fuse_ema.c).

CREATE DOMAIN @extschema@.ema_param AS float8;
COMMENT ON DOMAIN @extschema@.ema_param IS 'a parameter of ema given by name (alpha, span, halflife): float8';

CREATE FUNCTION @extschema@.ema(v float8[], alpha @extschema@.ema_param DEFAULT 'NaN',
	span @extschema@.ema_param DEFAULT 'NaN', halflife @extschema@.ema_param DEFAULT 'NaN')
	RETURNS float8[]
	AS 'MODULE_PATHNAME', 'ema_by_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ema(float8[], @extschema@.ema_param, @extschema@.ema_param, @extschema@.ema_param) IS 'exponential moving average given exactly one of alpha, span (alpha = 2 / (span + 1), span >= 1) or halflife (alpha = 1 - exp(-ln(2) / halflife), halflife > 0), by name, as pandas'' ewm(adjust=False) (NULL where v is NULL)';

CREATE FUNCTION @extschema@.ema(v @extschema@.nvec, alpha @extschema@.ema_param DEFAULT 'NaN',
	span @extschema@.ema_param DEFAULT 'NaN', halflife @extschema@.ema_param DEFAULT 'NaN')
	RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'ema_by_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ema(@extschema@.nvec, @extschema@.ema_param, @extschema@.ema_param, @extschema@.ema_param) IS 'exponential moving average given exactly one of alpha, span (alpha = 2 / (span + 1), span >= 1) or halflife (alpha = 1 - exp(-ln(2) / halflife), halflife > 0), by name, as pandas'' ewm(adjust=False) (NULL where v is NULL)';

-- Quantiles of one vector (src/pg_series_stats.c, docs/series.md
-- "Statistics of a vector"): vmedian, vquantile.  Not fused: a quantile
-- selects over all the values, which no fixed-size state streams.  vargmin,
-- vargmax, vcov, vcov_pop and vcorr are reductions of the catalogue
-- (40_series.sql, generated), and fuse.

CREATE FUNCTION @extschema@.vmedian(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vmedian_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vmedian(float8[]) IS 'median of the valid elements, interpolated as percentile_cont(0.5) (NaN above every number), NULL if none';

CREATE FUNCTION @extschema@.vmedian(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vmedian_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vmedian(@extschema@.nvec) IS 'median of the valid elements, interpolated as percentile_cont(0.5) (NaN above every number), NULL if none';

CREATE FUNCTION @extschema@.vquantile(v float8[], q float8) RETURNS float8
	AS 'MODULE_PATHNAME', 'vquantile_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vquantile(float8[], float8) IS 'quantile q (0 to 1) of the valid elements, interpolated as percentile_cont(q) (NaN above every number), NULL if none';

CREATE FUNCTION @extschema@.vquantile(v @extschema@.nvec, q float8) RETURNS float8
	AS 'MODULE_PATHNAME', 'vquantile_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vquantile(@extschema@.nvec, float8) IS 'quantile q (0 to 1) of the valid elements, interpolated as percentile_cont(q) (NaN above every number), NULL if none';

CREATE FUNCTION @extschema@.vquantile(v float8[], q float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vquantiles_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vquantile(float8[], float8[]) IS 'quantiles q (each 0 to 1; a NULL one gives NULL) of the valid elements, interpolated as percentile_cont(q), in the shape of q; NULL if none';

CREATE FUNCTION @extschema@.vquantile(v @extschema@.nvec, q float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vquantiles_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vquantile(@extschema@.nvec, float8[]) IS 'quantiles q (each 0 to 1; a NULL one gives NULL) of the valid elements, interpolated as percentile_cont(q), in the shape of q; NULL if none';
