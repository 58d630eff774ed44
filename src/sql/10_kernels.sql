-- Vector kernels over float8[] and nvec (src/pg_kernels*.c, docs/kernels.md).
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
