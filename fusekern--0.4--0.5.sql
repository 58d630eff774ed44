/* fusekern 0.4 -> 0.5: ALTER EXTENSION fusekern UPDATE TO '0.5' */
\echo Use "ALTER EXTENSION fusekern UPDATE TO '0.5'" to load this file. \quit

-- Each change of the SQL surface since 0.4 is a block below, in the order
-- the changes were made; a fresh install of 0.5 (src/sql/) and every earlier
-- release updated by the scripts must leave the same catalog
-- (test/t/upgrade.pl).

-- ema by name: a parameter not given is SQL NULL, no longer NaN, so that a
-- NaN given is refused as the value it is; the function is no longer
-- STRICT (a NULL v still gives NULL).  Same signature: replaced in place.
CREATE OR REPLACE FUNCTION @extschema@.ema(v float8[], alpha @extschema@.ema_param DEFAULT NULL,
	span @extschema@.ema_param DEFAULT NULL, halflife @extschema@.ema_param DEFAULT NULL)
	RETURNS float8[]
	AS 'MODULE_PATHNAME', 'ema_by_float8arr' LANGUAGE C IMMUTABLE PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ema(float8[], @extschema@.ema_param, @extschema@.ema_param, @extschema@.ema_param) IS 'exponential moving average given exactly one of alpha, span (alpha = 2 / (span + 1), span >= 1) or halflife (alpha = 1 - exp(-ln(2) / halflife), halflife > 0), by name (a NULL one is not given), as pandas'' ewm(adjust=False) (NULL where v is NULL)';

CREATE OR REPLACE FUNCTION @extschema@.ema(v @extschema@.nvec, alpha @extschema@.ema_param DEFAULT NULL,
	span @extschema@.ema_param DEFAULT NULL, halflife @extschema@.ema_param DEFAULT NULL)
	RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'ema_by_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ema(@extschema@.nvec, @extschema@.ema_param, @extschema@.ema_param, @extschema@.ema_param) IS 'exponential moving average given exactly one of alpha, span (alpha = 2 / (span + 1), span >= 1) or halflife (alpha = 1 - exp(-ln(2) / halflife), halflife > 0), by name (a NULL one is not given), as pandas'' ewm(adjust=False) (NULL where v is NULL)';

-- vcov, vcov_pop and vcorr over one vector of each type, in either order,
-- as vdot (their shape's forms, src/core/ops_catalog.h; not fused)
CREATE FUNCTION @extschema@.vcov(x float8[], y @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vcov_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vcov(float8[], @extschema@.nvec) IS 'sample covariance of x and y over the positions where both are valid (as covar_samp), NULL for fewer than two';

CREATE FUNCTION @extschema@.vcov(x @extschema@.nvec, y float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vcov_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vcov(@extschema@.nvec, float8[]) IS 'sample covariance of x and y over the positions where both are valid (as covar_samp), NULL for fewer than two';

CREATE FUNCTION @extschema@.vcov_pop(x float8[], y @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vcov_pop_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vcov_pop(float8[], @extschema@.nvec) IS 'population covariance of x and y over the positions where both are valid (as covar_pop), NULL if none';

CREATE FUNCTION @extschema@.vcov_pop(x @extschema@.nvec, y float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vcov_pop_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vcov_pop(@extschema@.nvec, float8[]) IS 'population covariance of x and y over the positions where both are valid (as covar_pop), NULL if none';

CREATE FUNCTION @extschema@.vcorr(x float8[], y @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vcorr_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vcorr(float8[], @extschema@.nvec) IS 'correlation coefficient of x and y over the positions where both are valid (as corr), NULL if none or if either is constant';

CREATE FUNCTION @extschema@.vcorr(x @extschema@.nvec, y float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vcorr_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vcorr(@extschema@.nvec, float8[]) IS 'correlation coefficient of x and y over the positions where both are valid (as corr), NULL if none or if either is constant';

-- ratio(v, lag DEFAULT 1): v[i] / v[i - lag], a lagged row of the catalogue
-- (fused, with its on_error form), over float8[] and nvec
CREATE FUNCTION @extschema@.ratio(v float8[], lag integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'ratio_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ratio(float8[], integer) IS 'ratio v[i] / v[i - lag]; the first lag elements are NULL';

CREATE FUNCTION @extschema@.ratio(v @extschema@.nvec, lag integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'ratio_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ratio(@extschema@.nvec, integer) IS 'ratio v[i] / v[i - lag]; the first lag elements are NULL';

CREATE FUNCTION @extschema@.ratio(v float8[], lag integer, on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'ratio_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ratio(float8[], integer, text) IS 'v[i] / v[i - lag], NULL for i <= lag; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.ratio(v @extschema@.nvec, lag integer, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'ratio_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ratio(@extschema@.nvec, integer, text) IS 'v[i] / v[i - lag], NULL for i <= lag; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

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

-- Elementwise math: trunc, floor, ceil, round, sign, tanh, sin, cos, tan,
-- log1p and expm1 over float8[] and nvec
CREATE FUNCTION @extschema@.trunc(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'trunc_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.trunc(float8[]) IS 'each element truncated toward zero (as trunc(float8))';

CREATE FUNCTION @extschema@.floor(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'floor_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.floor(float8[]) IS 'largest integer not greater than each element (as floor(float8))';

CREATE FUNCTION @extschema@.ceil(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'ceil_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ceil(float8[]) IS 'smallest integer not less than each element (as ceil(float8))';

CREATE FUNCTION @extschema@.round(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'round_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.round(float8[]) IS 'each element rounded to the nearest integer, halves to even (as round(float8))';

CREATE FUNCTION @extschema@.sign(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'sign_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.sign(float8[]) IS 'sign of each element: -1, 0 or 1 (0 for -0 and NaN, as sign(float8))';

CREATE FUNCTION @extschema@.tanh(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'tanh_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.tanh(float8[]) IS 'hyperbolic tangent of each element';

CREATE FUNCTION @extschema@.trunc(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'trunc_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.trunc(@extschema@.nvec) IS 'each element truncated toward zero (as trunc(float8))';

CREATE FUNCTION @extschema@.floor(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'floor_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.floor(@extschema@.nvec) IS 'largest integer not greater than each element (as floor(float8))';

CREATE FUNCTION @extschema@.ceil(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'ceil_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ceil(@extschema@.nvec) IS 'smallest integer not less than each element (as ceil(float8))';

CREATE FUNCTION @extschema@.round(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'round_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.round(@extschema@.nvec) IS 'each element rounded to the nearest integer, halves to even (as round(float8))';

CREATE FUNCTION @extschema@.sign(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sign_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.sign(@extschema@.nvec) IS 'sign of each element: -1, 0 or 1 (0 for -0 and NaN, as sign(float8))';

CREATE FUNCTION @extschema@.tanh(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'tanh_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.tanh(@extschema@.nvec) IS 'hyperbolic tangent of each element';

CREATE FUNCTION @extschema@.sin(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'sin_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.sin(float8[]) IS 'sine of each element (radians)';

CREATE FUNCTION @extschema@.cos(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'cos_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.cos(float8[]) IS 'cosine of each element (radians)';

CREATE FUNCTION @extschema@.tan(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'tan_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.tan(float8[]) IS 'tangent of each element (radians)';

CREATE FUNCTION @extschema@.log1p(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'log1p_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.log1p(float8[]) IS 'ln(1 + v) of each element, accurate for v near 0; v <= -1 raises ln''s error';

CREATE FUNCTION @extschema@.expm1(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'expm1_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.expm1(float8[]) IS 'exp(v) - 1 of each element, accurate for v near 0';

CREATE FUNCTION @extschema@.sin(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sin_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.sin(@extschema@.nvec) IS 'sine of each element (radians)';

CREATE FUNCTION @extschema@.cos(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'cos_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.cos(@extschema@.nvec) IS 'cosine of each element (radians)';

CREATE FUNCTION @extschema@.tan(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'tan_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.tan(@extschema@.nvec) IS 'tangent of each element (radians)';

CREATE FUNCTION @extschema@.log1p(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'log1p_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.log1p(@extschema@.nvec) IS 'ln(1 + v) of each element, accurate for v near 0; v <= -1 raises ln''s error';

CREATE FUNCTION @extschema@.expm1(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'expm1_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.expm1(@extschema@.nvec) IS 'exp(v) - 1 of each element, accurate for v near 0';

CREATE FUNCTION @extschema@.sin(v float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'sin_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.sin(float8[], text) IS 'sine of each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.cos(v float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'cos_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.cos(float8[], text) IS 'cosine of each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.tan(v float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'tan_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.tan(float8[], text) IS 'tangent of each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.log1p(v float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'log1p_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.log1p(float8[], text) IS 'ln(1 + v) of each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.expm1(v float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'expm1_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.expm1(float8[], text) IS 'exp(v) - 1 of each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.sin(v @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'sin_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.sin(@extschema@.nvec, text) IS 'sine of each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.cos(v @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'cos_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.cos(@extschema@.nvec, text) IS 'cosine of each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.tan(v @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'tan_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.tan(@extschema@.nvec, text) IS 'tangent of each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.log1p(v @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'log1p_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.log1p(@extschema@.nvec, text) IS 'ln(1 + v) of each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.expm1(v @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'expm1_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.expm1(@extschema@.nvec, text) IS 'exp(v) - 1 of each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

-- Regression of one vector on another: vslope, vintercept, vr2 (as regr_slope,
-- regr_intercept, regr_r2) over float8[], nvec and one of each
CREATE FUNCTION @extschema@.vslope(y float8[], x float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vslope_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vslope(float8[], float8[]) IS 'slope of the least-squares line of y on x over the positions where both are valid (as regr_slope(y, x)), NULL if none or if x is constant';

CREATE FUNCTION @extschema@.vintercept(y float8[], x float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vintercept_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vintercept(float8[], float8[]) IS 'intercept of the least-squares line of y on x over the positions where both are valid (as regr_intercept(y, x)), NULL if none or if x is constant';

CREATE FUNCTION @extschema@.vr2(y float8[], x float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vr2_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vr2(float8[], float8[]) IS 'coefficient of determination of y on x over the positions where both are valid (as regr_r2(y, x): 1 if y is constant), NULL if none or if x is constant';

CREATE FUNCTION @extschema@.vslope(y @extschema@.nvec, x @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vslope_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vslope(@extschema@.nvec, @extschema@.nvec) IS 'slope of the least-squares line of y on x over the positions where both are valid (as regr_slope(y, x)), NULL if none or if x is constant';

CREATE FUNCTION @extschema@.vslope(y float8[], x @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vslope_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vslope(float8[], @extschema@.nvec) IS 'slope of the least-squares line of y on x over the positions where both are valid (as regr_slope(y, x)), NULL if none or if x is constant';

CREATE FUNCTION @extschema@.vslope(y @extschema@.nvec, x float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vslope_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vslope(@extschema@.nvec, float8[]) IS 'slope of the least-squares line of y on x over the positions where both are valid (as regr_slope(y, x)), NULL if none or if x is constant';

CREATE FUNCTION @extschema@.vintercept(y @extschema@.nvec, x @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vintercept_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vintercept(@extschema@.nvec, @extschema@.nvec) IS 'intercept of the least-squares line of y on x over the positions where both are valid (as regr_intercept(y, x)), NULL if none or if x is constant';

CREATE FUNCTION @extschema@.vintercept(y float8[], x @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vintercept_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vintercept(float8[], @extschema@.nvec) IS 'intercept of the least-squares line of y on x over the positions where both are valid (as regr_intercept(y, x)), NULL if none or if x is constant';

CREATE FUNCTION @extschema@.vintercept(y @extschema@.nvec, x float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vintercept_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vintercept(@extschema@.nvec, float8[]) IS 'intercept of the least-squares line of y on x over the positions where both are valid (as regr_intercept(y, x)), NULL if none or if x is constant';

CREATE FUNCTION @extschema@.vr2(y @extschema@.nvec, x @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vr2_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vr2(@extschema@.nvec, @extschema@.nvec) IS 'coefficient of determination of y on x over the positions where both are valid (as regr_r2(y, x): 1 if y is constant), NULL if none or if x is constant';

CREATE FUNCTION @extschema@.vr2(y float8[], x @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vr2_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vr2(float8[], @extschema@.nvec) IS 'coefficient of determination of y on x over the positions where both are valid (as regr_r2(y, x): 1 if y is constant), NULL if none or if x is constant';

CREATE FUNCTION @extschema@.vr2(y @extschema@.nvec, x float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vr2_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vr2(@extschema@.nvec, float8[]) IS 'coefficient of determination of y on x over the positions where both are valid (as regr_r2(y, x): 1 if y is constant), NULL if none or if x is constant';

-- First and last valid elements: vfirst, vlast, vargfirst, varglast over
-- float8[] and nvec
CREATE FUNCTION @extschema@.vfirst(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vfirst_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vfirst(float8[]) IS 'first valid (non-NULL) element, NULL if none';

CREATE FUNCTION @extschema@.vlast(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vlast_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vlast(float8[]) IS 'last valid (non-NULL) element, NULL if none';

CREATE FUNCTION @extschema@.vargfirst(v float8[]) RETURNS integer
	AS 'MODULE_PATHNAME', 'vargfirst_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vargfirst(float8[]) IS '1-based position of the first valid (non-NULL) element, NULL if none';

CREATE FUNCTION @extschema@.varglast(v float8[]) RETURNS integer
	AS 'MODULE_PATHNAME', 'varglast_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.varglast(float8[]) IS '1-based position of the last valid (non-NULL) element, NULL if none';

CREATE FUNCTION @extschema@.vfirst(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vfirst_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vfirst(@extschema@.nvec) IS 'first valid (non-NULL) element, NULL if none';

CREATE FUNCTION @extschema@.vlast(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vlast_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vlast(@extschema@.nvec) IS 'last valid (non-NULL) element, NULL if none';

CREATE FUNCTION @extschema@.vargfirst(v @extschema@.nvec) RETURNS integer
	AS 'MODULE_PATHNAME', 'vargfirst_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vargfirst(@extschema@.nvec) IS '1-based position of the first valid (non-NULL) element, NULL if none';

CREATE FUNCTION @extschema@.varglast(v @extschema@.nvec) RETURNS integer
	AS 'MODULE_PATHNAME', 'varglast_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.varglast(@extschema@.nvec) IS '1-based position of the last valid (non-NULL) element, NULL if none';

-- Weights: vwsum and vwmean over float8[], nvec and one of each
CREATE FUNCTION @extschema@.vwsum(v float8[], w float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vwsum_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vwsum(float8[], float8[]) IS 'weighted sum: the sum of v[i] * w[i] over the positions where both are valid (vdot), NULL if none';

CREATE FUNCTION @extschema@.vwmean(v float8[], w float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vwmean_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vwmean(float8[], float8[]) IS 'weighted mean: the sum of v[i] * w[i] over the sum of w[i], both over the positions where both are valid, NULL if none or if the weights sum to 0';

CREATE FUNCTION @extschema@.vwsum(v @extschema@.nvec, w @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vwsum_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vwsum(@extschema@.nvec, @extschema@.nvec) IS 'weighted sum: the sum of v[i] * w[i] over the positions where both are valid (vdot), NULL if none';

CREATE FUNCTION @extschema@.vwsum(v float8[], w @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vwsum_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vwsum(float8[], @extschema@.nvec) IS 'weighted sum: the sum of v[i] * w[i] over the positions where both are valid (vdot), NULL if none';

CREATE FUNCTION @extschema@.vwsum(v @extschema@.nvec, w float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vwsum_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vwsum(@extschema@.nvec, float8[]) IS 'weighted sum: the sum of v[i] * w[i] over the positions where both are valid (vdot), NULL if none';

CREATE FUNCTION @extschema@.vwmean(v @extschema@.nvec, w @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vwmean_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vwmean(@extschema@.nvec, @extschema@.nvec) IS 'weighted mean: the sum of v[i] * w[i] over the sum of w[i], both over the positions where both are valid, NULL if none or if the weights sum to 0';

CREATE FUNCTION @extschema@.vwmean(v float8[], w @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vwmean_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vwmean(float8[], @extschema@.nvec) IS 'weighted mean: the sum of v[i] * w[i] over the sum of w[i], both over the positions where both are valid, NULL if none or if the weights sum to 0';

CREATE FUNCTION @extschema@.vwmean(v @extschema@.nvec, w float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vwmean_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vwmean(@extschema@.nvec, float8[]) IS 'weighted mean: the sum of v[i] * w[i] over the sum of w[i], both over the positions where both are valid, NULL if none or if the weights sum to 0';
