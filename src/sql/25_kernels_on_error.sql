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

-- log10 with on_error
CREATE FUNCTION @extschema@.log10(v float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'log10_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.log10(float8[], text) IS 'base-10 logarithm of each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
CREATE FUNCTION @extschema@.log10(v @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'log10_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.log10(@extschema@.nvec, text) IS 'base-10 logarithm of each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';
