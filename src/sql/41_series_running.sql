-- Running operations, smoothing and shifting over float8[] and nvec
-- (src/pg_series_running.c, docs/series.md).
--
-- Each returns the type of its vector input, of the same length.  A NULL
-- element gives a NULL output and the running state is carried past it
-- (fill_forward and fill_null put a value there instead).  cumsum, cumprod,
-- cummax, cummin and ema compute as core's float8 operators and aggregates
-- in index order (sum(x) OVER (ORDER BY i ROWS UNBOUNDED PRECEDING) for
-- cumsum, max(x) OVER (...) for cummax), the same bits, the same overflow
-- and underflow errors.  They name fusekern_support: nested in or around
-- other fusekern calls they fuse as stateful instructions of the fused
-- program (docs/fusion.md); shift with a constant k < 0 (a lead) does not.

-- float8[]
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

CREATE FUNCTION @extschema@.shift(v float8[], k integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'shift_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.shift(float8[], integer) IS 'v shifted by k places: element i is v[i - k] (k > 0 lags, k < 0 leads), NULL where i - k is outside v';

CREATE FUNCTION @extschema@.fill_forward(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'fill_forward_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.fill_forward(float8[]) IS 'each NULL element replaced by the last present element before it; leading NULLs stay NULL';

CREATE FUNCTION @extschema@.fill_null(v float8[], x float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'fill_null_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.fill_null(float8[], float8) IS 'each NULL element replaced by x';

-- nvec
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

CREATE FUNCTION @extschema@.shift(v @extschema@.nvec, k integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'shift_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.shift(@extschema@.nvec, integer) IS 'v shifted by k places: element i is v[i - k] (k > 0 lags, k < 0 leads), NULL where i - k is outside v';

CREATE FUNCTION @extschema@.fill_forward(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'fill_forward_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.fill_forward(@extschema@.nvec) IS 'each NULL element replaced by the last present element before it; leading NULLs stay NULL';

CREATE FUNCTION @extschema@.fill_null(v @extschema@.nvec, x float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'fill_null_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.fill_null(@extschema@.nvec, float8) IS 'each NULL element replaced by x';
