/* fusekern 0.1, as released (its DO block since qualified, same effect): kept for ALTER EXTENSION fusekern UPDATE */
\echo Use "CREATE EXTENSION fusekern" to load this file. \quit

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

-- Functions, operators and the aggregate of nvec.

CREATE FUNCTION @extschema@.length(@extschema@.nvec) RETURNS integer
	AS 'MODULE_PATHNAME', 'length_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION @extschema@.null_count(@extschema@.nvec) RETURNS integer
	AS 'MODULE_PATHNAME', 'null_count_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION @extschema@.unnest(@extschema@.nvec) RETURNS SETOF float8
	AS 'MODULE_PATHNAME', 'unnest_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	ROWS 100;

-- Equality: same length, same NULL positions, bit-identical present values,
-- any NaN equal to any NaN (so -0 <> +0, unlike float8 '=')
CREATE FUNCTION @extschema@.nvec_eq(@extschema@.nvec, @extschema@.nvec) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE FUNCTION @extschema@.nvec_ne(@extschema@.nvec, @extschema@.nvec) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE OPERATOR @extschema@.= (
	LEFTARG = @extschema@.nvec,
	RIGHTARG = @extschema@.nvec,
	FUNCTION = @extschema@.nvec_eq,
	COMMUTATOR = OPERATOR(@extschema@.=),
	NEGATOR = OPERATOR(@extschema@.<>),
	RESTRICT = eqsel,
	JOIN = eqjoinsel,
	HASHES,
	MERGES
);

CREATE OPERATOR @extschema@.<> (
	LEFTARG = @extschema@.nvec,
	RIGHTARG = @extschema@.nvec,
	FUNCTION = @extschema@.nvec_ne,
	COMMUTATOR = OPERATOR(@extschema@.<>),
	NEGATOR = OPERATOR(@extschema@.=),
	RESTRICT = neqsel,
	JOIN = neqjoinsel
);

-- Ordering consistent with =: element by element, a NULL element above any
-- value, NaN above every number, -0 just below +0, a prefix before the
-- longer vector.  A B-tree operator class makes ORDER BY, sorted DISTINCT,
-- merge joins, unique constraints and indexes work on nvec.
CREATE FUNCTION @extschema@.nvec_cmp(@extschema@.nvec, @extschema@.nvec) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE FUNCTION @extschema@.nvec_lt(@extschema@.nvec, @extschema@.nvec) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE FUNCTION @extschema@.nvec_le(@extschema@.nvec, @extschema@.nvec) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE FUNCTION @extschema@.nvec_gt(@extschema@.nvec, @extschema@.nvec) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE FUNCTION @extschema@.nvec_ge(@extschema@.nvec, @extschema@.nvec) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE OPERATOR @extschema@.< (
	LEFTARG = @extschema@.nvec,
	RIGHTARG = @extschema@.nvec,
	FUNCTION = @extschema@.nvec_lt,
	COMMUTATOR = OPERATOR(@extschema@.>),
	NEGATOR = OPERATOR(@extschema@.>=),
	RESTRICT = scalarltsel,
	JOIN = scalarltjoinsel
);

CREATE OPERATOR @extschema@.<= (
	LEFTARG = @extschema@.nvec,
	RIGHTARG = @extschema@.nvec,
	FUNCTION = @extschema@.nvec_le,
	COMMUTATOR = OPERATOR(@extschema@.>=),
	NEGATOR = OPERATOR(@extschema@.>),
	RESTRICT = scalarlesel,
	JOIN = scalarlejoinsel
);

CREATE OPERATOR @extschema@.> (
	LEFTARG = @extschema@.nvec,
	RIGHTARG = @extschema@.nvec,
	FUNCTION = @extschema@.nvec_gt,
	COMMUTATOR = OPERATOR(@extschema@.<),
	NEGATOR = OPERATOR(@extschema@.<=),
	RESTRICT = scalargtsel,
	JOIN = scalargtjoinsel
);

CREATE OPERATOR @extschema@.>= (
	LEFTARG = @extschema@.nvec,
	RIGHTARG = @extschema@.nvec,
	FUNCTION = @extschema@.nvec_ge,
	COMMUTATOR = OPERATOR(@extschema@.<=),
	NEGATOR = OPERATOR(@extschema@.<),
	RESTRICT = scalargesel,
	JOIN = scalargejoinsel
);

CREATE OPERATOR CLASS @extschema@.nvec_btree_ops
	DEFAULT FOR TYPE @extschema@.nvec USING btree AS
	OPERATOR 1 @extschema@.< (@extschema@.nvec, @extschema@.nvec),
	OPERATOR 2 @extschema@.<= (@extschema@.nvec, @extschema@.nvec),
	OPERATOR 3 @extschema@.= (@extschema@.nvec, @extschema@.nvec),
	OPERATOR 4 @extschema@.>= (@extschema@.nvec, @extschema@.nvec),
	OPERATOR 5 @extschema@.> (@extschema@.nvec, @extschema@.nvec),
	FUNCTION 1 @extschema@.nvec_cmp(@extschema@.nvec, @extschema@.nvec);

-- A hash operator class, so that DISTINCT, UNION, GROUP BY and hash joins
-- work on nvec
CREATE FUNCTION @extschema@.nvec_hash(@extschema@.nvec) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OPERATOR CLASS @extschema@.nvec_hash_ops
	DEFAULT FOR TYPE @extschema@.nvec USING hash AS
	OPERATOR 1 @extschema@.= (@extschema@.nvec, @extschema@.nvec),
	FUNCTION 1 @extschema@.nvec_hash(@extschema@.nvec);

-- nvec_agg(float8): rows into an nvec, honouring ORDER BY, NULLs kept
CREATE FUNCTION @extschema@.nvec_agg_transfn(internal, float8) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION @extschema@.nvec_agg_finalfn(internal) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE AGGREGATE @extschema@.nvec_agg(float8) (
	SFUNC = @extschema@.nvec_agg_transfn,
	STYPE = internal,
	FINALFUNC = @extschema@.nvec_agg_finalfn,
	FINALFUNC_MODIFY = READ_ONLY,
	PARALLEL = SAFE
);

-- Vector kernels over float8[] and nvec (src/pg_kernels*.c, docs/kernels.md).
--
-- Every function returns the type of its vector input.  A NULL element of an
-- input makes the elements of the output that depend on it NULL; a NULL
-- argument makes the result NULL (STRICT).
--
-- All are IMMUTABLE: a value they return depends on their arguments only.
-- fusekern.domain_error decides whether an element that core float8 would
-- reject (ln(0), x / 0, overflow) raises core's error or becomes NULL; it
-- never changes a value that is returned, only whether a call fails.
-- fusekern.simd picks the instruction set; paths agree within the stated
-- ULP bound for ln, exp and dlog, and exactly for everything else.

-- float8[]: unary functions
CREATE FUNCTION @extschema@.ln(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'ln_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.exp(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'exp_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.sqrt(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'sqrt_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.abs(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'abs_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.neg(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'neg_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- float8[]: + - * / as functions: vector op vector, vector op float8, float8 op vector
CREATE FUNCTION @extschema@.add(x float8[], y float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'add_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.add(x float8[], y float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'add_float8arr_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.add(x float8, y float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'add_float8arr_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.sub(x float8[], y float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'sub_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.sub(x float8[], y float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'sub_float8arr_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.sub(x float8, y float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'sub_float8arr_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.mul(x float8[], y float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'mul_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.mul(x float8[], y float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'mul_float8arr_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.mul(x float8, y float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'mul_float8arr_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.div(x float8[], y float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'div_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.div(x float8[], y float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'div_float8arr_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.div(x float8, y float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'div_float8arr_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- float8[]: affine maps, lags and the fused chains
CREATE FUNCTION @extschema@.scale_add(v float8[], a float8, b float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'scale_add_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.sub_mul_add(x float8[], y float8[], a float8, b float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'sub_mul_add_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.dlog(v float8[], lag integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'dlog_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.diff(v float8[], lag integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'diff_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.dlog_scale_add(v float8[], lag integer, a float8, b float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'dlog_scale_add_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.ln_scale_add(v float8[], a float8, b float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'ln_scale_add_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- float8[]: operators
CREATE OPERATOR @extschema@.- (RIGHTARG = float8[], FUNCTION = @extschema@.neg);
CREATE OPERATOR @extschema@.+ (LEFTARG = float8[], RIGHTARG = float8[], FUNCTION = @extschema@.add, COMMUTATOR = OPERATOR(@extschema@.+));
CREATE OPERATOR @extschema@.+ (LEFTARG = float8[], RIGHTARG = float8, FUNCTION = @extschema@.add, COMMUTATOR = OPERATOR(@extschema@.+));
CREATE OPERATOR @extschema@.+ (LEFTARG = float8, RIGHTARG = float8[], FUNCTION = @extschema@.add, COMMUTATOR = OPERATOR(@extschema@.+));
CREATE OPERATOR @extschema@.- (LEFTARG = float8[], RIGHTARG = float8[], FUNCTION = @extschema@.sub);
CREATE OPERATOR @extschema@.- (LEFTARG = float8[], RIGHTARG = float8, FUNCTION = @extschema@.sub);
CREATE OPERATOR @extschema@.- (LEFTARG = float8, RIGHTARG = float8[], FUNCTION = @extschema@.sub);
CREATE OPERATOR @extschema@.* (LEFTARG = float8[], RIGHTARG = float8[], FUNCTION = @extschema@.mul, COMMUTATOR = OPERATOR(@extschema@.*));
CREATE OPERATOR @extschema@.* (LEFTARG = float8[], RIGHTARG = float8, FUNCTION = @extschema@.mul, COMMUTATOR = OPERATOR(@extschema@.*));
CREATE OPERATOR @extschema@.* (LEFTARG = float8, RIGHTARG = float8[], FUNCTION = @extschema@.mul, COMMUTATOR = OPERATOR(@extschema@.*));
CREATE OPERATOR @extschema@./ (LEFTARG = float8[], RIGHTARG = float8[], FUNCTION = @extschema@.div);
CREATE OPERATOR @extschema@./ (LEFTARG = float8[], RIGHTARG = float8, FUNCTION = @extschema@.div);
CREATE OPERATOR @extschema@./ (LEFTARG = float8, RIGHTARG = float8[], FUNCTION = @extschema@.div);

-- nvec: unary functions
CREATE FUNCTION @extschema@.ln(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'ln_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.exp(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'exp_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.sqrt(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sqrt_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.abs(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'abs_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.neg(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'neg_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- nvec: + - * / as functions: vector op vector, vector op float8, float8 op vector
CREATE FUNCTION @extschema@.add(x @extschema@.nvec, y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'add_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.add(x @extschema@.nvec, y float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'add_nvec_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.add(x float8, y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'add_nvec_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.sub(x @extschema@.nvec, y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.sub(x @extschema@.nvec, y float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_nvec_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.sub(x float8, y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_nvec_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.mul(x @extschema@.nvec, y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'mul_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.mul(x @extschema@.nvec, y float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'mul_nvec_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.mul(x float8, y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'mul_nvec_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.div(x @extschema@.nvec, y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'div_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.div(x @extschema@.nvec, y float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'div_nvec_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.div(x float8, y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'div_nvec_rs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- nvec: affine maps, lags and the fused chains
CREATE FUNCTION @extschema@.scale_add(v @extschema@.nvec, a float8, b float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'scale_add_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.sub_mul_add(x @extschema@.nvec, y @extschema@.nvec, a float8, b float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sub_mul_add_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.dlog(v @extschema@.nvec, lag integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'dlog_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.diff(v @extschema@.nvec, lag integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'diff_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.dlog_scale_add(v @extschema@.nvec, lag integer, a float8, b float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'dlog_scale_add_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION @extschema@.ln_scale_add(v @extschema@.nvec, a float8, b float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'ln_scale_add_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- nvec: operators
CREATE OPERATOR @extschema@.- (RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.neg);
CREATE OPERATOR @extschema@.+ (LEFTARG = @extschema@.nvec, RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.add, COMMUTATOR = OPERATOR(@extschema@.+));
CREATE OPERATOR @extschema@.+ (LEFTARG = @extschema@.nvec, RIGHTARG = float8, FUNCTION = @extschema@.add, COMMUTATOR = OPERATOR(@extschema@.+));
CREATE OPERATOR @extschema@.+ (LEFTARG = float8, RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.add, COMMUTATOR = OPERATOR(@extschema@.+));
CREATE OPERATOR @extschema@.- (LEFTARG = @extschema@.nvec, RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.sub);
CREATE OPERATOR @extschema@.- (LEFTARG = @extschema@.nvec, RIGHTARG = float8, FUNCTION = @extschema@.sub);
CREATE OPERATOR @extschema@.- (LEFTARG = float8, RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.sub);
CREATE OPERATOR @extschema@.* (LEFTARG = @extschema@.nvec, RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.mul, COMMUTATOR = OPERATOR(@extschema@.*));
CREATE OPERATOR @extschema@.* (LEFTARG = @extschema@.nvec, RIGHTARG = float8, FUNCTION = @extschema@.mul, COMMUTATOR = OPERATOR(@extschema@.*));
CREATE OPERATOR @extschema@.* (LEFTARG = float8, RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.mul, COMMUTATOR = OPERATOR(@extschema@.*));
CREATE OPERATOR @extschema@./ (LEFTARG = @extschema@.nvec, RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.div);
CREATE OPERATOR @extschema@./ (LEFTARG = @extschema@.nvec, RIGHTARG = float8, FUNCTION = @extschema@.div);
CREATE OPERATOR @extschema@./ (LEFTARG = float8, RIGHTARG = @extschema@.nvec, FUNCTION = @extschema@.div);

-- Fusion: nested fusekern calls collapse at plan time into one pass.

-- The planner support function of every fusable operation
CREATE FUNCTION @extschema@.fusekern_support(internal)
RETURNS internal
AS 'MODULE_PATHNAME', 'fusekern_support'
LANGUAGE C STRICT;

-- One pass of a fused program over its inputs; the program is the
-- expression computed, with v1, v2, ... standing for the inputs that follow.
-- Not STRICT: a NULL input gives what the unfused expression gives.
CREATE FUNCTION @extschema@.fused_eval(program text, VARIADIC inputs "any")
RETURNS float8[]
AS 'MODULE_PATHNAME', 'fused_eval'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION @extschema@.fused_eval_nvec(program text, VARIADIC inputs "any")
RETURNS @extschema@.nvec
AS 'MODULE_PATHNAME', 'fused_eval_nvec'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

-- Attach the support function to the elementwise functions of the
-- extension, and to the functions behind its + - * / operators
DO $fuse$
DECLARE
	f pg_catalog.regprocedure;
BEGIN
	-- Every operator pg_catalog-qualified and every type too: an unqualified
	-- cross-type '=' (oid = regclass has no exact match in pg_catalog) would
	-- resolve to one planted in the target schema and run as the installer
	FOR f IN
		WITH member AS (
			SELECT d.classid, d.objid
			FROM pg_catalog.pg_depend d
			JOIN pg_catalog.pg_extension e ON e.oid OPERATOR(pg_catalog.=) d.refobjid
			WHERE d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_extension'::pg_catalog.regclass::pg_catalog.oid
			  AND d.deptype OPERATOR(pg_catalog.=) 'e'::pg_catalog."char"
			  AND e.extname OPERATOR(pg_catalog.=) 'fusekern'::pg_catalog.name)
		SELECT p.oid::pg_catalog.regprocedure
		FROM pg_catalog.pg_proc p
		JOIN member m ON m.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass::pg_catalog.oid
			AND m.objid OPERATOR(pg_catalog.=) p.oid
		WHERE p.proname OPERATOR(pg_catalog.=) ANY ('{ln,exp,sqrt,abs,neg,add,sub,mul,div,scale_add,dlog,diff,dlog_scale_add,ln_scale_add,sub_mul_add}'::pg_catalog.name[])
		UNION
		SELECT o.oprcode::pg_catalog.regprocedure
		FROM pg_catalog.pg_operator o
		JOIN member m ON m.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_operator'::pg_catalog.regclass::pg_catalog.oid
			AND m.objid OPERATOR(pg_catalog.=) o.oid
		WHERE o.oprname OPERATOR(pg_catalog.=) ANY ('{+,-,*,/}'::pg_catalog.name[])
	LOOP
		EXECUTE pg_catalog.format('ALTER FUNCTION %s SUPPORT @extschema@.fusekern_support', f);
	END LOOP;
END
$fuse$;

-- Dense layers on float8[] matrices: x is m x k (or one row as a 1-D array),
-- w is k x n, bias has n elements, residual is m x n; results are m x n
-- (1-D for a 1-D x).  GELU is the tanh approximation
--   0.5 * v * (1 + tanh(sqrt(2 / pi) * (v + 0.044715 * v^3))).

CREATE FUNCTION @extschema@.matmul(x float8[], w float8[])
RETURNS float8[]
AS 'MODULE_PATHNAME', 'matmul'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
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
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.linear_residual_relu(float8[], float8[], float8[], float8[]) IS
'fused residual block relu(x w + bias + residual)';

CREATE FUNCTION @extschema@.gelu_linear(x float8[], w float8[], bias float8[])
RETURNS float8[]
AS 'MODULE_PATHNAME', 'gelu_linear'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.gelu_linear(float8[], float8[], float8[]) IS
'fused feed-forward layer gelu(x) w + bias';

-- The executor worker (shared_preload_libraries = 'fusekern', fusekern.cuda = on)
CREATE FUNCTION @extschema@.fusekern_cuda_stats(OUT requests bigint, OUT offloaded bigint,
	OUT fallbacks bigint, OUT errors bigint, OUT cancelled bigint,
	OUT executor text, OUT worker_pid integer)
RETURNS record
AS 'MODULE_PATHNAME', 'fusekern_cuda_stats'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fusekern_cuda_stats() IS
'counters of the executor worker since the server started';

CREATE VIEW @extschema@.fusekern_cuda_stats AS
	SELECT * FROM @extschema@.fusekern_cuda_stats();
COMMENT ON VIEW @extschema@.fusekern_cuda_stats IS
'dense layers offered to the executor worker: offloaded, answered by the CPU path (fallbacks), worker errors, cancelled waits';
