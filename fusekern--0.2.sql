/* fusekern 0.2, as released: kept for ALTER EXTENSION fusekern UPDATE */
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

CREATE AGGREGATE @extschema@.nvec_agg(float8) (
	SFUNC = @extschema@.nvec_agg_transfn,
	STYPE = internal,
	FINALFUNC = @extschema@.nvec_agg_finalfn,
	FINALFUNC_MODIFY = READ_ONLY,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.nvec_agg(float8) IS
'rows into an nvec, in ORDER BY order, NULL rows kept as NULL elements; NULL for no rows';

-- The planner support function of every fusable operation.  The functions
-- of 10_kernels.sql name it in their CREATE FUNCTION (SUPPORT), so it comes
-- first; how it fuses is in 20_fusion.sql and docs/fusion.md.
CREATE FUNCTION @extschema@.fusekern_support(internal)
RETURNS internal
AS 'MODULE_PATHNAME', 'fusekern_support'
LANGUAGE C STRICT;
COMMENT ON FUNCTION @extschema@.fusekern_support(internal) IS
'planner support function of the elementwise functions: rewrites nested calls into one fused_eval call';

-- Vector kernels over float8[] and nvec (src/pg_kernels*.c, docs/kernels.md).
--
-- The functions behind the operators + - * / and prefix - are vadd, vsub,
-- vmul, vdiv and vneg: vector functions carry a v prefix, so that no generic
-- name (add, div) lands in the user's schema; functions named for their
-- domain (ln, exp, sqrt, abs, scale_add, dlog, diff) keep that name.
--
-- Every function returns the type of its vector input.  A NULL element of an
-- input makes the elements of the output that depend on it NULL; a NULL
-- argument makes the result NULL (STRICT).
--
-- All are IMMUTABLE: a value they return depends on their arguments only.
-- An element that core float8 would reject (ln(0), x / 0, overflow) raises
-- core's error; the forms with an on_error argument (25_kernels_on_error.sql)
-- can make it NULL instead.
-- fusekern.simd picks the instruction set; paths agree within the stated
-- ULP bound for ln, exp and dlog, and exactly for everything else.
--
-- Each function names the planner support function fusekern_support
-- (05_fusion_support.sql), through which nested calls fuse (20_fusion.sql).

-- float8[]: unary functions
CREATE FUNCTION @extschema@.ln(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'ln_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ln(float8[]) IS 'natural logarithm of each element';

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

-- float8[]: + - * / as functions: vector op vector, vector op float8, float8 op vector
CREATE FUNCTION @extschema@.vadd(x float8[], y float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'add_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vadd(float8[], float8[]) IS 'elementwise sum x + y of two vectors of the same length (the + operator)';

CREATE FUNCTION @extschema@.vadd(x float8[], y float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'add_float8arr_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vadd(float8[], float8) IS 'each element of x plus the float8 y (the + operator)';

CREATE FUNCTION @extschema@.vadd(x float8, y float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'add_float8arr_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vadd(float8, float8[]) IS 'the float8 x plus each element of y (the + operator)';

CREATE FUNCTION @extschema@.vsub(x float8[], y float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'sub_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vsub(float8[], float8[]) IS 'elementwise difference x - y of two vectors of the same length (the - operator)';

CREATE FUNCTION @extschema@.vsub(x float8[], y float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'sub_float8arr_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vsub(float8[], float8) IS 'each element of x minus the float8 y (the - operator)';

CREATE FUNCTION @extschema@.vsub(x float8, y float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'sub_float8arr_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vsub(float8, float8[]) IS 'the float8 x minus each element of y (the - operator)';

CREATE FUNCTION @extschema@.vmul(x float8[], y float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'mul_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmul(float8[], float8[]) IS 'elementwise product x * y of two vectors of the same length (the * operator)';

CREATE FUNCTION @extschema@.vmul(x float8[], y float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'mul_float8arr_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmul(float8[], float8) IS 'each element of x times the float8 y (the * operator)';

CREATE FUNCTION @extschema@.vmul(x float8, y float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'mul_float8arr_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmul(float8, float8[]) IS 'the float8 x times each element of y (the * operator)';

CREATE FUNCTION @extschema@.vdiv(x float8[], y float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'div_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vdiv(float8[], float8[]) IS 'elementwise quotient x / y of two vectors of the same length (the / operator)';

CREATE FUNCTION @extschema@.vdiv(x float8[], y float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'div_float8arr_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vdiv(float8[], float8) IS 'each element of x divided by the float8 y (the / operator)';

CREATE FUNCTION @extschema@.vdiv(x float8, y float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'div_float8arr_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vdiv(float8, float8[]) IS 'the float8 x divided by each element of y (the / operator)';

-- float8[]: affine maps, lags and the fused chains
CREATE FUNCTION @extschema@.scale_add(v float8[], a float8, b float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'scale_add_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.scale_add(float8[], float8, float8) IS 'v * a + b for each element';

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

CREATE FUNCTION @extschema@.ln_scale_add(v float8[], a float8, b float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'ln_scale_add_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ln_scale_add(float8[], float8, float8) IS 'ln(v) * a + b in one pass';

-- float8[]: operators
CREATE OPERATOR @extschema@.- (RIGHTARG = float8[], FUNCTION = @extschema@.vneg);
COMMENT ON OPERATOR @extschema@.- (NONE, float8[]) IS 'each element negated';

CREATE OPERATOR @extschema@.+ (LEFTARG = float8[], RIGHTARG = float8[], FUNCTION = @extschema@.vadd, COMMUTATOR = OPERATOR(@extschema@.+));
COMMENT ON OPERATOR @extschema@.+ (float8[], float8[]) IS 'elementwise sum x + y of two vectors of the same length';

CREATE OPERATOR @extschema@.+ (LEFTARG = float8[], RIGHTARG = float8, FUNCTION = @extschema@.vadd, COMMUTATOR = OPERATOR(@extschema@.+));
COMMENT ON OPERATOR @extschema@.+ (float8[], float8) IS 'each element of x plus the float8 y';

CREATE OPERATOR @extschema@.+ (LEFTARG = float8, RIGHTARG = float8[], FUNCTION = @extschema@.vadd, COMMUTATOR = OPERATOR(@extschema@.+));
COMMENT ON OPERATOR @extschema@.+ (float8, float8[]) IS 'the float8 x plus each element of y';

CREATE OPERATOR @extschema@.- (LEFTARG = float8[], RIGHTARG = float8[], FUNCTION = @extschema@.vsub);
COMMENT ON OPERATOR @extschema@.- (float8[], float8[]) IS 'elementwise difference x - y of two vectors of the same length';

CREATE OPERATOR @extschema@.- (LEFTARG = float8[], RIGHTARG = float8, FUNCTION = @extschema@.vsub);
COMMENT ON OPERATOR @extschema@.- (float8[], float8) IS 'each element of x minus the float8 y';

CREATE OPERATOR @extschema@.- (LEFTARG = float8, RIGHTARG = float8[], FUNCTION = @extschema@.vsub);
COMMENT ON OPERATOR @extschema@.- (float8, float8[]) IS 'the float8 x minus each element of y';

CREATE OPERATOR @extschema@.* (LEFTARG = float8[], RIGHTARG = float8[], FUNCTION = @extschema@.vmul, COMMUTATOR = OPERATOR(@extschema@.*));
COMMENT ON OPERATOR @extschema@.* (float8[], float8[]) IS 'elementwise product x * y of two vectors of the same length';

CREATE OPERATOR @extschema@.* (LEFTARG = float8[], RIGHTARG = float8, FUNCTION = @extschema@.vmul, COMMUTATOR = OPERATOR(@extschema@.*));
COMMENT ON OPERATOR @extschema@.* (float8[], float8) IS 'each element of x times the float8 y';

CREATE OPERATOR @extschema@.* (LEFTARG = float8, RIGHTARG = float8[], FUNCTION = @extschema@.vmul, COMMUTATOR = OPERATOR(@extschema@.*));
COMMENT ON OPERATOR @extschema@.* (float8, float8[]) IS 'the float8 x times each element of y';

CREATE OPERATOR @extschema@./ (LEFTARG = float8[], RIGHTARG = float8[], FUNCTION = @extschema@.vdiv);
COMMENT ON OPERATOR @extschema@./ (float8[], float8[]) IS 'elementwise quotient x / y of two vectors of the same length';

CREATE OPERATOR @extschema@./ (LEFTARG = float8[], RIGHTARG = float8, FUNCTION = @extschema@.vdiv);
COMMENT ON OPERATOR @extschema@./ (float8[], float8) IS 'each element of x divided by the float8 y';

CREATE OPERATOR @extschema@./ (LEFTARG = float8, RIGHTARG = float8[], FUNCTION = @extschema@.vdiv);
COMMENT ON OPERATOR @extschema@./ (float8, float8[]) IS 'the float8 x divided by each element of y';

-- nvec: unary functions
CREATE FUNCTION @extschema@.ln(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'ln_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ln(@extschema@.nvec) IS 'natural logarithm of each element';

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

-- nvec: + - * / as functions: vector op vector, vector op float8, float8 op vector
CREATE FUNCTION @extschema@.vadd(x @extschema@.nvec, y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'add_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vadd(@extschema@.nvec, @extschema@.nvec) IS 'elementwise sum x + y of two vectors of the same length (the + operator)';

CREATE FUNCTION @extschema@.vadd(x @extschema@.nvec, y float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'add_nvec_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vadd(@extschema@.nvec, float8) IS 'each element of x plus the float8 y (the + operator)';

CREATE FUNCTION @extschema@.vadd(x float8, y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'add_nvec_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vadd(float8, @extschema@.nvec) IS 'the float8 x plus each element of y (the + operator)';

CREATE FUNCTION @extschema@.vsub(x @extschema@.nvec, y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vsub(@extschema@.nvec, @extschema@.nvec) IS 'elementwise difference x - y of two vectors of the same length (the - operator)';

CREATE FUNCTION @extschema@.vsub(x @extschema@.nvec, y float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_nvec_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vsub(@extschema@.nvec, float8) IS 'each element of x minus the float8 y (the - operator)';

CREATE FUNCTION @extschema@.vsub(x float8, y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_nvec_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vsub(float8, @extschema@.nvec) IS 'the float8 x minus each element of y (the - operator)';

CREATE FUNCTION @extschema@.vmul(x @extschema@.nvec, y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'mul_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmul(@extschema@.nvec, @extschema@.nvec) IS 'elementwise product x * y of two vectors of the same length (the * operator)';

CREATE FUNCTION @extschema@.vmul(x @extschema@.nvec, y float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'mul_nvec_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmul(@extschema@.nvec, float8) IS 'each element of x times the float8 y (the * operator)';

CREATE FUNCTION @extschema@.vmul(x float8, y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'mul_nvec_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmul(float8, @extschema@.nvec) IS 'the float8 x times each element of y (the * operator)';

CREATE FUNCTION @extschema@.vdiv(x @extschema@.nvec, y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'div_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vdiv(@extschema@.nvec, @extschema@.nvec) IS 'elementwise quotient x / y of two vectors of the same length (the / operator)';

CREATE FUNCTION @extschema@.vdiv(x @extschema@.nvec, y float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'div_nvec_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vdiv(@extschema@.nvec, float8) IS 'each element of x divided by the float8 y (the / operator)';

CREATE FUNCTION @extschema@.vdiv(x float8, y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'div_nvec_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vdiv(float8, @extschema@.nvec) IS 'the float8 x divided by each element of y (the / operator)';

-- nvec: affine maps, lags and the fused chains
CREATE FUNCTION @extschema@.scale_add(v @extschema@.nvec, a float8, b float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'scale_add_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.scale_add(@extschema@.nvec, float8, float8) IS 'v * a + b for each element';

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

CREATE FUNCTION @extschema@.ln_scale_add(v @extschema@.nvec, a float8, b float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'ln_scale_add_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ln_scale_add(@extschema@.nvec, float8, float8) IS 'ln(v) * a + b in one pass';

-- nvec: operators
CREATE OPERATOR @extschema@.- (RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vneg);
COMMENT ON OPERATOR @extschema@.- (NONE, @extschema@.nvec) IS 'each element negated';

CREATE OPERATOR @extschema@.+ (LEFTARG = @extschema@.nvec, RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vadd, COMMUTATOR = OPERATOR(@extschema@.+));
COMMENT ON OPERATOR @extschema@.+ (@extschema@.nvec, @extschema@.nvec) IS 'elementwise sum x + y of two vectors of the same length';

CREATE OPERATOR @extschema@.+ (LEFTARG = @extschema@.nvec, RIGHTARG = float8, FUNCTION = @extschema@.vadd, COMMUTATOR = OPERATOR(@extschema@.+));
COMMENT ON OPERATOR @extschema@.+ (@extschema@.nvec, float8) IS 'each element of x plus the float8 y';

CREATE OPERATOR @extschema@.+ (LEFTARG = float8, RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vadd, COMMUTATOR = OPERATOR(@extschema@.+));
COMMENT ON OPERATOR @extschema@.+ (float8, @extschema@.nvec) IS 'the float8 x plus each element of y';

CREATE OPERATOR @extschema@.- (LEFTARG = @extschema@.nvec, RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vsub);
COMMENT ON OPERATOR @extschema@.- (@extschema@.nvec, @extschema@.nvec) IS 'elementwise difference x - y of two vectors of the same length';

CREATE OPERATOR @extschema@.- (LEFTARG = @extschema@.nvec, RIGHTARG = float8, FUNCTION = @extschema@.vsub);
COMMENT ON OPERATOR @extschema@.- (@extschema@.nvec, float8) IS 'each element of x minus the float8 y';

CREATE OPERATOR @extschema@.- (LEFTARG = float8, RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vsub);
COMMENT ON OPERATOR @extschema@.- (float8, @extschema@.nvec) IS 'the float8 x minus each element of y';

CREATE OPERATOR @extschema@.* (LEFTARG = @extschema@.nvec, RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vmul, COMMUTATOR = OPERATOR(@extschema@.*));
COMMENT ON OPERATOR @extschema@.* (@extschema@.nvec, @extschema@.nvec) IS 'elementwise product x * y of two vectors of the same length';

CREATE OPERATOR @extschema@.* (LEFTARG = @extschema@.nvec, RIGHTARG = float8, FUNCTION = @extschema@.vmul, COMMUTATOR = OPERATOR(@extschema@.*));
COMMENT ON OPERATOR @extschema@.* (@extschema@.nvec, float8) IS 'each element of x times the float8 y';

CREATE OPERATOR @extschema@.* (LEFTARG = float8, RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vmul, COMMUTATOR = OPERATOR(@extschema@.*));
COMMENT ON OPERATOR @extschema@.* (float8, @extschema@.nvec) IS 'the float8 x times each element of y';

CREATE OPERATOR @extschema@./ (LEFTARG = @extschema@.nvec, RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vdiv);
COMMENT ON OPERATOR @extschema@./ (@extschema@.nvec, @extschema@.nvec) IS 'elementwise quotient x / y of two vectors of the same length';

CREATE OPERATOR @extschema@./ (LEFTARG = @extschema@.nvec, RIGHTARG = float8, FUNCTION = @extschema@.vdiv);
COMMENT ON OPERATOR @extschema@./ (@extschema@.nvec, float8) IS 'each element of x divided by the float8 y';

CREATE OPERATOR @extschema@./ (LEFTARG = float8, RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vdiv);
COMMENT ON OPERATOR @extschema@./ (float8, @extschema@.nvec) IS 'the float8 x divided by each element of y';

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

-- Vector functions with an on_error argument (src/pg_kernels*.c,
-- docs/kernels.md): what a call does with an element core float8 would
-- reject (ln(0), x / 0, overflow) is part of the call, so an IMMUTABLE
-- function gives the same result for the same arguments in every session,
-- index and plan.  on_error is 'error' (core's error, what the signatures
-- without it do) or 'null' (such elements become NULL); any other value is
-- refused (22023).  abs and vneg cannot fail and have no such form; the
-- operators raise core's error.  Created after fusekern_support, which
-- plans them into fused calls like the other forms.


-- float8[]: unary functions
CREATE FUNCTION @extschema@.ln(v float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'ln_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ln(float8[], text) IS 'natural logarithm of each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
CREATE FUNCTION @extschema@.exp(v float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'exp_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.exp(float8[], text) IS 'e raised to each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
CREATE FUNCTION @extschema@.sqrt(v float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'sqrt_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.sqrt(float8[], text) IS 'square root of each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

-- float8[]: + - * / as functions: vector op vector, vector op float8, float8 op vector
CREATE FUNCTION @extschema@.vadd(x float8[], y float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'add_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vadd(float8[], float8[], text) IS 'x + y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
CREATE FUNCTION @extschema@.vadd(x float8[], y float8, on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'add_float8arr_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vadd(float8[], float8, text) IS 'x + y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
CREATE FUNCTION @extschema@.vadd(x float8, y float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'add_float8arr_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vadd(float8, float8[], text) IS 'x + y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
CREATE FUNCTION @extschema@.vsub(x float8[], y float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'sub_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vsub(float8[], float8[], text) IS 'x - y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
CREATE FUNCTION @extschema@.vsub(x float8[], y float8, on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'sub_float8arr_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vsub(float8[], float8, text) IS 'x - y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
CREATE FUNCTION @extschema@.vsub(x float8, y float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'sub_float8arr_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vsub(float8, float8[], text) IS 'x - y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
CREATE FUNCTION @extschema@.vmul(x float8[], y float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'mul_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmul(float8[], float8[], text) IS 'x * y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
CREATE FUNCTION @extschema@.vmul(x float8[], y float8, on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'mul_float8arr_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmul(float8[], float8, text) IS 'x * y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
CREATE FUNCTION @extschema@.vmul(x float8, y float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'mul_float8arr_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmul(float8, float8[], text) IS 'x * y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
CREATE FUNCTION @extschema@.vdiv(x float8[], y float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'div_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vdiv(float8[], float8[], text) IS 'x / y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
CREATE FUNCTION @extschema@.vdiv(x float8[], y float8, on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'div_float8arr_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vdiv(float8[], float8, text) IS 'x / y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
CREATE FUNCTION @extschema@.vdiv(x float8, y float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'div_float8arr_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vdiv(float8, float8[], text) IS 'x / y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

-- float8[]: affine maps, lags and the fused chains
CREATE FUNCTION @extschema@.scale_add(v float8[], a float8, b float8, on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'scale_add_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.scale_add(float8[], float8, float8, text) IS '(v * a) + b elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
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
CREATE FUNCTION @extschema@.ln_scale_add(v float8[], a float8, b float8, on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'ln_scale_add_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ln_scale_add(float8[], float8, float8, text) IS '(ln(v) * a) + b elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

-- nvec: unary functions
CREATE FUNCTION @extschema@.ln(v @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'ln_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ln(@extschema@.nvec, text) IS 'natural logarithm of each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
CREATE FUNCTION @extschema@.exp(v @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'exp_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.exp(@extschema@.nvec, text) IS 'e raised to each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
CREATE FUNCTION @extschema@.sqrt(v @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sqrt_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.sqrt(@extschema@.nvec, text) IS 'square root of each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

-- nvec: + - * / as functions: vector op vector, vector op float8, float8 op vector
CREATE FUNCTION @extschema@.vadd(x @extschema@.nvec, y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'add_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vadd(@extschema@.nvec, @extschema@.nvec, text) IS 'x + y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
CREATE FUNCTION @extschema@.vadd(x @extschema@.nvec, y float8, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'add_nvec_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vadd(@extschema@.nvec, float8, text) IS 'x + y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
CREATE FUNCTION @extschema@.vadd(x float8, y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'add_nvec_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vadd(float8, @extschema@.nvec, text) IS 'x + y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
CREATE FUNCTION @extschema@.vsub(x @extschema@.nvec, y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vsub(@extschema@.nvec, @extschema@.nvec, text) IS 'x - y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
CREATE FUNCTION @extschema@.vsub(x @extschema@.nvec, y float8, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_nvec_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vsub(@extschema@.nvec, float8, text) IS 'x - y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
CREATE FUNCTION @extschema@.vsub(x float8, y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_nvec_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vsub(float8, @extschema@.nvec, text) IS 'x - y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
CREATE FUNCTION @extschema@.vmul(x @extschema@.nvec, y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'mul_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmul(@extschema@.nvec, @extschema@.nvec, text) IS 'x * y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
CREATE FUNCTION @extschema@.vmul(x @extschema@.nvec, y float8, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'mul_nvec_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmul(@extschema@.nvec, float8, text) IS 'x * y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
CREATE FUNCTION @extschema@.vmul(x float8, y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'mul_nvec_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmul(float8, @extschema@.nvec, text) IS 'x * y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
CREATE FUNCTION @extschema@.vdiv(x @extschema@.nvec, y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'div_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vdiv(@extschema@.nvec, @extschema@.nvec, text) IS 'x / y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
CREATE FUNCTION @extschema@.vdiv(x @extschema@.nvec, y float8, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'div_nvec_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vdiv(@extschema@.nvec, float8, text) IS 'x / y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
CREATE FUNCTION @extschema@.vdiv(x float8, y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'div_nvec_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vdiv(float8, @extschema@.nvec, text) IS 'x / y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

-- nvec: affine maps, lags and the fused chains
CREATE FUNCTION @extschema@.scale_add(v @extschema@.nvec, a float8, b float8, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'scale_add_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.scale_add(@extschema@.nvec, float8, float8, text) IS '(v * a) + b elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
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
CREATE FUNCTION @extschema@.ln_scale_add(v @extschema@.nvec, a float8, b float8, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'ln_scale_add_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ln_scale_add(@extschema@.nvec, float8, float8, text) IS '(ln(v) * a) + b elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

-- float8[] and nvec mixed (src/pg_kernels_binary.c, docs/kernels.md): each
-- binary function and operator also takes one vector of each type, in
-- either order, and returns nvec; NULLs and lengths as for two vectors of
-- one type.  These forms are not fused (no SUPPORT): a mixed call runs on
-- its own, and a fused expression around it takes its result as an input.

CREATE FUNCTION @extschema@.vadd(x float8[], y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'add_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vadd(float8[], @extschema@.nvec) IS 'elementwise sum x + y of two vectors of the same length, as nvec (the + operator)';
CREATE FUNCTION @extschema@.vadd(x float8[], y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'add_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vadd(float8[], @extschema@.nvec, text) IS 'x + y elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vadd(x @extschema@.nvec, y float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'add_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vadd(@extschema@.nvec, float8[]) IS 'elementwise sum x + y of two vectors of the same length, as nvec (the + operator)';
CREATE FUNCTION @extschema@.vadd(x @extschema@.nvec, y float8[], on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'add_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vadd(@extschema@.nvec, float8[], text) IS 'x + y elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vsub(x float8[], y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vsub(float8[], @extschema@.nvec) IS 'elementwise difference x - y of two vectors of the same length, as nvec (the - operator)';
CREATE FUNCTION @extschema@.vsub(x float8[], y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vsub(float8[], @extschema@.nvec, text) IS 'x - y elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vsub(x @extschema@.nvec, y float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vsub(@extschema@.nvec, float8[]) IS 'elementwise difference x - y of two vectors of the same length, as nvec (the - operator)';
CREATE FUNCTION @extschema@.vsub(x @extschema@.nvec, y float8[], on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vsub(@extschema@.nvec, float8[], text) IS 'x - y elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vmul(x float8[], y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'mul_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vmul(float8[], @extschema@.nvec) IS 'elementwise product x * y of two vectors of the same length, as nvec (the * operator)';
CREATE FUNCTION @extschema@.vmul(x float8[], y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'mul_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vmul(float8[], @extschema@.nvec, text) IS 'x * y elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vmul(x @extschema@.nvec, y float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'mul_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vmul(@extschema@.nvec, float8[]) IS 'elementwise product x * y of two vectors of the same length, as nvec (the * operator)';
CREATE FUNCTION @extschema@.vmul(x @extschema@.nvec, y float8[], on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'mul_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vmul(@extschema@.nvec, float8[], text) IS 'x * y elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vdiv(x float8[], y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'div_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vdiv(float8[], @extschema@.nvec) IS 'elementwise quotient x / y of two vectors of the same length, as nvec (the / operator)';
CREATE FUNCTION @extschema@.vdiv(x float8[], y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'div_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vdiv(float8[], @extschema@.nvec, text) IS 'x / y elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.vdiv(x @extschema@.nvec, y float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'div_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vdiv(@extschema@.nvec, float8[]) IS 'elementwise quotient x / y of two vectors of the same length, as nvec (the / operator)';
CREATE FUNCTION @extschema@.vdiv(x @extschema@.nvec, y float8[], on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'div_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vdiv(@extschema@.nvec, float8[], text) IS 'x / y elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.sub_mul_add(x float8[], y @extschema@.nvec, a float8, b float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_mul_add_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.sub_mul_add(float8[], @extschema@.nvec, float8, float8) IS '(x - y) * a + b for each pair of elements of two vectors of the same length, as nvec';
CREATE FUNCTION @extschema@.sub_mul_add(x float8[], y @extschema@.nvec, a float8, b float8, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_mul_add_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.sub_mul_add(float8[], @extschema@.nvec, float8, float8, text) IS '((x - y) * a) + b elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.sub_mul_add(x @extschema@.nvec, y float8[], a float8, b float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_mul_add_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.sub_mul_add(@extschema@.nvec, float8[], float8, float8) IS '(x - y) * a + b for each pair of elements of two vectors of the same length, as nvec';
CREATE FUNCTION @extschema@.sub_mul_add(x @extschema@.nvec, y float8[], a float8, b float8, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_mul_add_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.sub_mul_add(@extschema@.nvec, float8[], float8, float8, text) IS '((x - y) * a) + b elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

-- the operators

CREATE OPERATOR @extschema@.+ (LEFTARG = float8[], RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vadd, COMMUTATOR = OPERATOR(@extschema@.+));
COMMENT ON OPERATOR @extschema@.+ (float8[], @extschema@.nvec) IS 'elementwise sum x + y of two vectors of the same length, as nvec';

CREATE OPERATOR @extschema@.+ (LEFTARG = @extschema@.nvec, RIGHTARG = float8[], FUNCTION = @extschema@.vadd, COMMUTATOR = OPERATOR(@extschema@.+));
COMMENT ON OPERATOR @extschema@.+ (@extschema@.nvec, float8[]) IS 'elementwise sum x + y of two vectors of the same length, as nvec';

CREATE OPERATOR @extschema@.- (LEFTARG = float8[], RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vsub);
COMMENT ON OPERATOR @extschema@.- (float8[], @extschema@.nvec) IS 'elementwise difference x - y of two vectors of the same length, as nvec';

CREATE OPERATOR @extschema@.- (LEFTARG = @extschema@.nvec, RIGHTARG = float8[], FUNCTION = @extschema@.vsub);
COMMENT ON OPERATOR @extschema@.- (@extschema@.nvec, float8[]) IS 'elementwise difference x - y of two vectors of the same length, as nvec';

CREATE OPERATOR @extschema@.* (LEFTARG = float8[], RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vmul, COMMUTATOR = OPERATOR(@extschema@.*));
COMMENT ON OPERATOR @extschema@.* (float8[], @extschema@.nvec) IS 'elementwise product x * y of two vectors of the same length, as nvec';

CREATE OPERATOR @extschema@.* (LEFTARG = @extschema@.nvec, RIGHTARG = float8[], FUNCTION = @extschema@.vmul, COMMUTATOR = OPERATOR(@extschema@.*));
COMMENT ON OPERATOR @extschema@.* (@extschema@.nvec, float8[]) IS 'elementwise product x * y of two vectors of the same length, as nvec';

CREATE OPERATOR @extschema@./ (LEFTARG = float8[], RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.vdiv);
COMMENT ON OPERATOR @extschema@./ (float8[], @extschema@.nvec) IS 'elementwise quotient x / y of two vectors of the same length, as nvec';

CREATE OPERATOR @extschema@./ (LEFTARG = @extschema@.nvec, RIGHTARG = float8[], FUNCTION = @extschema@.vdiv);
COMMENT ON OPERATOR @extschema@./ (@extschema@.nvec, float8[]) IS 'elementwise quotient x / y of two vectors of the same length, as nvec';

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

CREATE FUNCTION @extschema@.matmul(x float8[], w float8[])
RETURNS float8[]
AS 'MODULE_PATHNAME', 'matmul'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.matmul(float8[], float8[]) IS
'matrix product x w of an m x k (or 1-D) and a k x n float8 array';

CREATE FUNCTION @extschema@.add_bias(y float8[], bias float8[])
RETURNS float8[]
AS 'MODULE_PATHNAME', 'add_bias'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.add_bias(float8[], float8[]) IS
'bias (n elements) added to every row of an m x n (or 1-D) float8 array';

CREATE FUNCTION @extschema@.relu(a float8[])
RETURNS float8[]
AS 'MODULE_PATHNAME', 'relu'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
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

-- The executor worker (shared_preload_libraries = 'fusekern', fusekern.cuda = on)
CREATE FUNCTION @extschema@.fusekern_cuda_stats(OUT requests bigint, OUT offloaded bigint,
	OUT fallbacks bigint, OUT errors bigint, OUT cancelled bigint,
	OUT busy bigint, OUT no_shmem bigint, OUT queued_flops float8,
	OUT executor text, OUT worker_pid integer)
RETURNS record
AS 'MODULE_PATHNAME', 'fusekern_cuda_stats'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fusekern_cuda_stats() IS
'counters of the executor worker since the server started';

CREATE VIEW @extschema@.fusekern_cuda_stats AS
	SELECT * FROM @extschema@.fusekern_cuda_stats();
COMMENT ON VIEW @extschema@.fusekern_cuda_stats IS
'dense layers offered to the executor worker: offloaded, answered by the CPU path (fallbacks, of which busy: too much work queued, no_shmem: no shared memory), worker errors, cancelled waits, work queued now';
