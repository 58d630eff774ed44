/* fusekern 0.1 -> 0.2: ALTER EXTENSION fusekern UPDATE TO '0.2' */
\echo Use "ALTER EXTENSION fusekern UPDATE TO '0.2'" to load this file. \quit

-- Each change of the SQL surface since 0.1 is a block below, in the order
-- the changes were made; a fresh install of 0.2 (src/sql/) and 0.1 updated
-- by this script must leave the same catalog (test/t/upgrade.pl).

-- Install hygiene (issue 9): the seeded 64-bit hash of nvec, so that
-- PARTITION BY HASH works on nvec columns, and a comment on every object.
-- (0.1's DO block attached fusekern_support; 0.2 names it in each
-- CREATE FUNCTION instead, with the same result, so nothing to do here.)
CREATE FUNCTION @extschema@.nvec_hash_extended(@extschema@.nvec, bigint) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.nvec_hash_extended(@extschema@.nvec, bigint) IS
'64-bit hash agreeing with =, seeded; with seed 0 its low 32 bits are nvec_hash';
ALTER OPERATOR FAMILY @extschema@.nvec_hash_ops USING hash ADD
	FUNCTION 2 @extschema@.nvec_hash_extended(@extschema@.nvec, bigint);

-- 00_nvec_type.sql
COMMENT ON FUNCTION @extschema@.nvec_in(cstring) IS
'text input of nvec: {1.5,NULL,NaN}';
COMMENT ON FUNCTION @extschema@.nvec_out(@extschema@.nvec) IS
'text output of nvec, shortest exact digits';
COMMENT ON FUNCTION @extschema@.nvec_recv(internal) IS
'binary input of nvec, validated';
COMMENT ON FUNCTION @extschema@.nvec_send(@extschema@.nvec) IS
'binary output of nvec';
COMMENT ON FUNCTION @extschema@.nvec_subscript_handler(internal) IS
'subscripting of nvec: v[i], 1-based, read and assignment';
COMMENT ON TYPE @extschema@.nvec IS
'vector of float8 whose elements may be NULL: values and a validity bitmap';

-- 01_nvec_cast.sql
COMMENT ON FUNCTION @extschema@.float8arr_to_nvec(float8[]) IS
'cast float8[] to nvec, NULL elements kept';
COMMENT ON FUNCTION @extschema@.nvec_to_float8arr(@extschema@.nvec) IS
'cast nvec to float8[], NULL elements kept';
COMMENT ON FUNCTION @extschema@.float4arr_to_nvec(real[]) IS
'cast real[] to nvec, NULL elements kept';
COMMENT ON FUNCTION @extschema@.int4arr_to_nvec(integer[]) IS
'cast integer[] to nvec, NULL elements kept';
COMMENT ON FUNCTION @extschema@.int8arr_to_nvec(bigint[]) IS
'cast bigint[] to nvec, NULL elements kept';
COMMENT ON FUNCTION @extschema@.numericarr_to_nvec(numeric[]) IS
'cast numeric[] to nvec, NULL elements kept';
COMMENT ON CAST (float8[] AS @extschema@.nvec) IS
'one-dimensional array to nvec, NULL elements kept';
COMMENT ON CAST (@extschema@.nvec AS float8[]) IS
'nvec to a one-dimensional float8[], NULL elements kept';
COMMENT ON CAST (real[] AS @extschema@.nvec) IS
'one-dimensional array to nvec, NULL elements kept';
COMMENT ON CAST (integer[] AS @extschema@.nvec) IS
'one-dimensional array to nvec, NULL elements kept';
COMMENT ON CAST (bigint[] AS @extschema@.nvec) IS
'one-dimensional array to nvec, NULL elements kept';
COMMENT ON CAST (numeric[] AS @extschema@.nvec) IS
'one-dimensional array to nvec, NULL elements kept';

-- 02_nvec_funcs.sql
COMMENT ON FUNCTION @extschema@.length(@extschema@.nvec) IS
'number of elements, NULLs included (reads only the header)';
COMMENT ON FUNCTION @extschema@.null_count(@extschema@.nvec) IS
'number of NULL elements (reads only the header)';
COMMENT ON FUNCTION @extschema@.unnest(@extschema@.nvec) IS
'the elements as rows, in order, a NULL row for each NULL element';
COMMENT ON FUNCTION @extschema@.nvec_eq(@extschema@.nvec, @extschema@.nvec) IS
'equal: same length, same NULL positions, same bits, any NaN equal to any NaN (-0 <> +0)';
COMMENT ON FUNCTION @extschema@.nvec_ne(@extschema@.nvec, @extschema@.nvec) IS
'not equal (the negation of nvec_eq)';
COMMENT ON OPERATOR @extschema@.= (@extschema@.nvec, @extschema@.nvec) IS
'equal: same length, same NULL positions, same bits, any NaN equal to any NaN';
COMMENT ON OPERATOR @extschema@.<> (@extschema@.nvec, @extschema@.nvec) IS
'not equal';
COMMENT ON FUNCTION @extschema@.nvec_cmp(@extschema@.nvec, @extschema@.nvec) IS
'-1, 0 or 1: element by element, NULL above values, NaN above numbers, -0 below +0, a prefix first';
COMMENT ON FUNCTION @extschema@.nvec_lt(@extschema@.nvec, @extschema@.nvec) IS
'less than, in the order of nvec_cmp';
COMMENT ON FUNCTION @extschema@.nvec_le(@extschema@.nvec, @extschema@.nvec) IS
'less than or equal, in the order of nvec_cmp';
COMMENT ON FUNCTION @extschema@.nvec_gt(@extschema@.nvec, @extschema@.nvec) IS
'greater than, in the order of nvec_cmp';
COMMENT ON FUNCTION @extschema@.nvec_ge(@extschema@.nvec, @extschema@.nvec) IS
'greater than or equal, in the order of nvec_cmp';
COMMENT ON OPERATOR @extschema@.< (@extschema@.nvec, @extschema@.nvec) IS
'less than, in the order of nvec_cmp';
COMMENT ON OPERATOR @extschema@.<= (@extschema@.nvec, @extschema@.nvec) IS
'less than or equal, in the order of nvec_cmp';
COMMENT ON OPERATOR @extschema@.> (@extschema@.nvec, @extschema@.nvec) IS
'greater than, in the order of nvec_cmp';
COMMENT ON OPERATOR @extschema@.>= (@extschema@.nvec, @extschema@.nvec) IS
'greater than or equal, in the order of nvec_cmp';
COMMENT ON OPERATOR CLASS @extschema@.nvec_btree_ops USING btree IS
'default B-tree operator class of nvec: ORDER BY, unique indexes, merge joins';
COMMENT ON OPERATOR FAMILY @extschema@.nvec_btree_ops USING btree IS
'B-tree operators of nvec';
COMMENT ON FUNCTION @extschema@.nvec_hash(@extschema@.nvec) IS
'hash agreeing with =: equal vectors hash alike';
COMMENT ON OPERATOR CLASS @extschema@.nvec_hash_ops USING hash IS
'default hash operator class of nvec: hash joins, hash aggregation, hash indexes and partitions';
COMMENT ON OPERATOR FAMILY @extschema@.nvec_hash_ops USING hash IS
'hash operators of nvec';
COMMENT ON FUNCTION @extschema@.nvec_agg_transfn(internal, float8) IS
'state transition function of nvec_agg: appends a value or a NULL';
COMMENT ON FUNCTION @extschema@.nvec_agg_finalfn(internal) IS
'final function of nvec_agg: the state as an nvec';
COMMENT ON AGGREGATE @extschema@.nvec_agg(float8) IS
'rows into an nvec, in ORDER BY order, NULL rows kept as NULL elements; NULL for no rows';

-- 05_fusion_support.sql
COMMENT ON FUNCTION @extschema@.fusekern_support(internal) IS
'planner support function of the elementwise functions: rewrites nested calls into one fused_eval call';

-- 10_kernels.sql
COMMENT ON FUNCTION @extschema@.ln(float8[]) IS 'natural logarithm of each element';
COMMENT ON FUNCTION @extschema@.exp(float8[]) IS 'e raised to the power of each element';
COMMENT ON FUNCTION @extschema@.sqrt(float8[]) IS 'square root of each element';
COMMENT ON FUNCTION @extschema@.abs(float8[]) IS 'absolute value of each element';
COMMENT ON FUNCTION @extschema@.neg(float8[]) IS 'each element negated (the prefix - operator)';
COMMENT ON FUNCTION @extschema@.add(float8[], float8[]) IS 'elementwise sum x + y of two vectors of the same length (the + operator)';
COMMENT ON FUNCTION @extschema@.add(float8[], float8) IS 'each element of x plus the float8 y (the + operator)';
COMMENT ON FUNCTION @extschema@.add(float8, float8[]) IS 'the float8 x plus each element of y (the + operator)';
COMMENT ON FUNCTION @extschema@.sub(float8[], float8[]) IS 'elementwise difference x - y of two vectors of the same length (the - operator)';
COMMENT ON FUNCTION @extschema@.sub(float8[], float8) IS 'each element of x minus the float8 y (the - operator)';
COMMENT ON FUNCTION @extschema@.sub(float8, float8[]) IS 'the float8 x minus each element of y (the - operator)';
COMMENT ON FUNCTION @extschema@.mul(float8[], float8[]) IS 'elementwise product x * y of two vectors of the same length (the * operator)';
COMMENT ON FUNCTION @extschema@.mul(float8[], float8) IS 'each element of x times the float8 y (the * operator)';
COMMENT ON FUNCTION @extschema@.mul(float8, float8[]) IS 'the float8 x times each element of y (the * operator)';
COMMENT ON FUNCTION @extschema@.div(float8[], float8[]) IS 'elementwise quotient x / y of two vectors of the same length (the / operator)';
COMMENT ON FUNCTION @extschema@.div(float8[], float8) IS 'each element of x divided by the float8 y (the / operator)';
COMMENT ON FUNCTION @extschema@.div(float8, float8[]) IS 'the float8 x divided by each element of y (the / operator)';
COMMENT ON FUNCTION @extschema@.scale_add(float8[], float8, float8) IS 'v * a + b for each element';
COMMENT ON FUNCTION @extschema@.sub_mul_add(float8[], float8[], float8, float8) IS '(x - y) * a + b for each pair of elements of two vectors of the same length';
COMMENT ON FUNCTION @extschema@.dlog(float8[], integer) IS 'log return ln(v[i]) - ln(v[i - lag]); the first lag elements are NULL';
COMMENT ON FUNCTION @extschema@.diff(float8[], integer) IS 'difference v[i] - v[i - lag]; the first lag elements are NULL';
COMMENT ON FUNCTION @extschema@.dlog_scale_add(float8[], integer, float8, float8) IS 'dlog(v, lag) * a + b in one pass';
COMMENT ON FUNCTION @extschema@.ln_scale_add(float8[], float8, float8) IS 'ln(v) * a + b in one pass';
COMMENT ON OPERATOR @extschema@.- (NONE, float8[]) IS 'each element negated';
COMMENT ON OPERATOR @extschema@.+ (float8[], float8[]) IS 'elementwise sum x + y of two vectors of the same length';
COMMENT ON OPERATOR @extschema@.+ (float8[], float8) IS 'each element of x plus the float8 y';
COMMENT ON OPERATOR @extschema@.+ (float8, float8[]) IS 'the float8 x plus each element of y';
COMMENT ON OPERATOR @extschema@.- (float8[], float8[]) IS 'elementwise difference x - y of two vectors of the same length';
COMMENT ON OPERATOR @extschema@.- (float8[], float8) IS 'each element of x minus the float8 y';
COMMENT ON OPERATOR @extschema@.- (float8, float8[]) IS 'the float8 x minus each element of y';
COMMENT ON OPERATOR @extschema@.* (float8[], float8[]) IS 'elementwise product x * y of two vectors of the same length';
COMMENT ON OPERATOR @extschema@.* (float8[], float8) IS 'each element of x times the float8 y';
COMMENT ON OPERATOR @extschema@.* (float8, float8[]) IS 'the float8 x times each element of y';
COMMENT ON OPERATOR @extschema@./ (float8[], float8[]) IS 'elementwise quotient x / y of two vectors of the same length';
COMMENT ON OPERATOR @extschema@./ (float8[], float8) IS 'each element of x divided by the float8 y';
COMMENT ON OPERATOR @extschema@./ (float8, float8[]) IS 'the float8 x divided by each element of y';
COMMENT ON FUNCTION @extschema@.ln(@extschema@.nvec) IS 'natural logarithm of each element';
COMMENT ON FUNCTION @extschema@.exp(@extschema@.nvec) IS 'e raised to the power of each element';
COMMENT ON FUNCTION @extschema@.sqrt(@extschema@.nvec) IS 'square root of each element';
COMMENT ON FUNCTION @extschema@.abs(@extschema@.nvec) IS 'absolute value of each element';
COMMENT ON FUNCTION @extschema@.neg(@extschema@.nvec) IS 'each element negated (the prefix - operator)';
COMMENT ON FUNCTION @extschema@.add(@extschema@.nvec, @extschema@.nvec) IS 'elementwise sum x + y of two vectors of the same length (the + operator)';
COMMENT ON FUNCTION @extschema@.add(@extschema@.nvec, float8) IS 'each element of x plus the float8 y (the + operator)';
COMMENT ON FUNCTION @extschema@.add(float8, @extschema@.nvec) IS 'the float8 x plus each element of y (the + operator)';
COMMENT ON FUNCTION @extschema@.sub(@extschema@.nvec, @extschema@.nvec) IS 'elementwise difference x - y of two vectors of the same length (the - operator)';
COMMENT ON FUNCTION @extschema@.sub(@extschema@.nvec, float8) IS 'each element of x minus the float8 y (the - operator)';
COMMENT ON FUNCTION @extschema@.sub(float8, @extschema@.nvec) IS 'the float8 x minus each element of y (the - operator)';
COMMENT ON FUNCTION @extschema@.mul(@extschema@.nvec, @extschema@.nvec) IS 'elementwise product x * y of two vectors of the same length (the * operator)';
COMMENT ON FUNCTION @extschema@.mul(@extschema@.nvec, float8) IS 'each element of x times the float8 y (the * operator)';
COMMENT ON FUNCTION @extschema@.mul(float8, @extschema@.nvec) IS 'the float8 x times each element of y (the * operator)';
COMMENT ON FUNCTION @extschema@.div(@extschema@.nvec, @extschema@.nvec) IS 'elementwise quotient x / y of two vectors of the same length (the / operator)';
COMMENT ON FUNCTION @extschema@.div(@extschema@.nvec, float8) IS 'each element of x divided by the float8 y (the / operator)';
COMMENT ON FUNCTION @extschema@.div(float8, @extschema@.nvec) IS 'the float8 x divided by each element of y (the / operator)';
COMMENT ON FUNCTION @extschema@.scale_add(@extschema@.nvec, float8, float8) IS 'v * a + b for each element';
COMMENT ON FUNCTION @extschema@.sub_mul_add(@extschema@.nvec, @extschema@.nvec, float8, float8) IS '(x - y) * a + b for each pair of elements of two vectors of the same length';
COMMENT ON FUNCTION @extschema@.dlog(@extschema@.nvec, integer) IS 'log return ln(v[i]) - ln(v[i - lag]); the first lag elements are NULL';
COMMENT ON FUNCTION @extschema@.diff(@extschema@.nvec, integer) IS 'difference v[i] - v[i - lag]; the first lag elements are NULL';
COMMENT ON FUNCTION @extschema@.dlog_scale_add(@extschema@.nvec, integer, float8, float8) IS 'dlog(v, lag) * a + b in one pass';
COMMENT ON FUNCTION @extschema@.ln_scale_add(@extschema@.nvec, float8, float8) IS 'ln(v) * a + b in one pass';
COMMENT ON OPERATOR @extschema@.- (NONE, @extschema@.nvec) IS 'each element negated';
COMMENT ON OPERATOR @extschema@.+ (@extschema@.nvec, @extschema@.nvec) IS 'elementwise sum x + y of two vectors of the same length';
COMMENT ON OPERATOR @extschema@.+ (@extschema@.nvec, float8) IS 'each element of x plus the float8 y';
COMMENT ON OPERATOR @extschema@.+ (float8, @extschema@.nvec) IS 'the float8 x plus each element of y';
COMMENT ON OPERATOR @extschema@.- (@extschema@.nvec, @extschema@.nvec) IS 'elementwise difference x - y of two vectors of the same length';
COMMENT ON OPERATOR @extschema@.- (@extschema@.nvec, float8) IS 'each element of x minus the float8 y';
COMMENT ON OPERATOR @extschema@.- (float8, @extschema@.nvec) IS 'the float8 x minus each element of y';
COMMENT ON OPERATOR @extschema@.* (@extschema@.nvec, @extschema@.nvec) IS 'elementwise product x * y of two vectors of the same length';
COMMENT ON OPERATOR @extschema@.* (@extschema@.nvec, float8) IS 'each element of x times the float8 y';
COMMENT ON OPERATOR @extschema@.* (float8, @extschema@.nvec) IS 'the float8 x times each element of y';
COMMENT ON OPERATOR @extschema@./ (@extschema@.nvec, @extschema@.nvec) IS 'elementwise quotient x / y of two vectors of the same length';
COMMENT ON OPERATOR @extschema@./ (@extschema@.nvec, float8) IS 'each element of x divided by the float8 y';
COMMENT ON OPERATOR @extschema@./ (float8, @extschema@.nvec) IS 'the float8 x divided by each element of y';

-- 20_fusion.sql
COMMENT ON FUNCTION @extschema@.fused_eval(text, "any") IS
'one pass of a fused elementwise program over float8[] inputs v1, v2, ... (written by the planner for nested calls)';
COMMENT ON FUNCTION @extschema@.fused_eval_nvec(text, "any") IS
'one pass of a fused elementwise program over nvec inputs v1, v2, ... (written by the planner for nested calls)';
-- end of install hygiene

-- BEGIN on_error: an argument instead of the fusekern.domain_error setting (issue 9, finding 3)
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
-- END on_error

-- Dense layers (issue 9): the products are VOLATILE (their last bits depend
-- on the CPU's BLAS kernel, a GPU, and the worker's fairness rule), and the
-- worker's counters gain busy and no_shmem
ALTER FUNCTION @extschema@.matmul(float8[], float8[]) VOLATILE;
ALTER FUNCTION @extschema@.linear_residual_relu(float8[], float8[], float8[], float8[]) VOLATILE;
ALTER FUNCTION @extschema@.gelu_linear(float8[], float8[], float8[]) VOLATILE;
DROP VIEW @extschema@.fusekern_cuda_stats;
DROP FUNCTION @extschema@.fusekern_cuda_stats();
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
-- end of dense layers (issue 9)

-- SQL surface (issue 10): the functions behind + - * / and prefix - are
-- renamed vadd, vsub, vmul, vdiv, vneg (vector functions carry a v prefix;
-- RENAME keeps their OIDs, so operators and user views keep working; the
-- on_error forms above are created under the new names); float8[] and nvec
-- mix in the binary functions and operators; nvec casts to real[],
-- numeric[] and jsonb.
ALTER FUNCTION @extschema@.neg(float8[]) RENAME TO vneg;
ALTER FUNCTION @extschema@.neg(@extschema@.nvec) RENAME TO vneg;
ALTER FUNCTION @extschema@.add(float8[], float8[]) RENAME TO vadd;
ALTER FUNCTION @extschema@.add(float8[], float8) RENAME TO vadd;
ALTER FUNCTION @extschema@.add(float8, float8[]) RENAME TO vadd;
ALTER FUNCTION @extschema@.add(@extschema@.nvec, @extschema@.nvec) RENAME TO vadd;
ALTER FUNCTION @extschema@.add(@extschema@.nvec, float8) RENAME TO vadd;
ALTER FUNCTION @extschema@.add(float8, @extschema@.nvec) RENAME TO vadd;
ALTER FUNCTION @extschema@.sub(float8[], float8[]) RENAME TO vsub;
ALTER FUNCTION @extschema@.sub(float8[], float8) RENAME TO vsub;
ALTER FUNCTION @extschema@.sub(float8, float8[]) RENAME TO vsub;
ALTER FUNCTION @extschema@.sub(@extschema@.nvec, @extschema@.nvec) RENAME TO vsub;
ALTER FUNCTION @extschema@.sub(@extschema@.nvec, float8) RENAME TO vsub;
ALTER FUNCTION @extschema@.sub(float8, @extschema@.nvec) RENAME TO vsub;
ALTER FUNCTION @extschema@.mul(float8[], float8[]) RENAME TO vmul;
ALTER FUNCTION @extschema@.mul(float8[], float8) RENAME TO vmul;
ALTER FUNCTION @extschema@.mul(float8, float8[]) RENAME TO vmul;
ALTER FUNCTION @extschema@.mul(@extschema@.nvec, @extschema@.nvec) RENAME TO vmul;
ALTER FUNCTION @extschema@.mul(@extschema@.nvec, float8) RENAME TO vmul;
ALTER FUNCTION @extschema@.mul(float8, @extschema@.nvec) RENAME TO vmul;
ALTER FUNCTION @extschema@.div(float8[], float8[]) RENAME TO vdiv;
ALTER FUNCTION @extschema@.div(float8[], float8) RENAME TO vdiv;
ALTER FUNCTION @extschema@.div(float8, float8[]) RENAME TO vdiv;
ALTER FUNCTION @extschema@.div(@extschema@.nvec, @extschema@.nvec) RENAME TO vdiv;
ALTER FUNCTION @extschema@.div(@extschema@.nvec, float8) RENAME TO vdiv;
ALTER FUNCTION @extschema@.div(float8, @extschema@.nvec) RENAME TO vdiv;

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

-- 26_kernels_mixed.sql
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
-- end of SQL surface (issue 10)
