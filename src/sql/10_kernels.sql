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

-- log10: base-10 logarithm of each element, checked as ln (core's dlog10)
CREATE FUNCTION @extschema@.log10(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'log10_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.log10(float8[]) IS 'base-10 logarithm of each element';
CREATE FUNCTION @extschema@.log10(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'log10_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.log10(@extschema@.nvec) IS 'base-10 logarithm of each element';

-- clip: each element limited to [lo, hi]
CREATE FUNCTION @extschema@.clip(v float8[], lo float8, hi float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'clip_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.clip(float8[], float8, float8) IS 'each element limited to [lo, hi]: lo below lo, hi above hi, NaN stays NaN; lo > hi or a NaN bound is an error';
CREATE FUNCTION @extschema@.clip(v @extschema@.nvec, lo float8, hi float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'clip_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.clip(@extschema@.nvec, float8, float8) IS 'each element limited to [lo, hi]: lo below lo, hi above hi, NaN stays NaN; lo > hi or a NaN bound is an error';
