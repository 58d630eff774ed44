-- ema by name (src/series/pg_series_running.c, docs/series.md): ema(v, span => s),
-- ema(v, halflife => h) and ema(v, alpha => a), exactly one of them, as
-- pandas' ewm reads them: alpha = 2 / (span + 1), alpha = 1 - exp(-ln(2) /
-- halflife).  The parameters are of the domain ema_param, not float8, so
-- that ema(v, 0.5) and ema(v, alpha => 0.5) still resolve to ema(v, alpha
-- float8) (fused; float8 is the preferred type of its category, a domain
-- never is): with float8 parameters and defaults, the two would be
-- ambiguous.  A parameter not given is SQL NULL, its default, so the
-- function is not STRICT: a NULL v gives NULL, a NULL parameter is one not
-- given, and a NaN is a value given (and refused: it makes no alpha).  With
-- constant parameters the planner support function rewrites a call into
-- ema(v, alpha), which fuses (src/fuse/pg_fuse_ema.c).  adjust and
-- ignore_nulls (defaults false and true: that ema) otherwise pick pandas'
-- own loop, ewm(..., adjust=, ignore_na=).mean() (src/core/series_ewm.h),
-- which is not fused.

CREATE DOMAIN @extschema@.ema_param AS float8;
COMMENT ON DOMAIN @extschema@.ema_param IS 'a parameter of ema given by name (alpha, span, halflife): float8';

CREATE FUNCTION @extschema@.ema(v float8[], alpha @extschema@.ema_param DEFAULT NULL,
	span @extschema@.ema_param DEFAULT NULL, halflife @extschema@.ema_param DEFAULT NULL,
	adjust boolean DEFAULT false, ignore_nulls boolean DEFAULT true)
	RETURNS float8[]
	AS 'MODULE_PATHNAME', 'ema_by_float8arr' LANGUAGE C IMMUTABLE PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ema(float8[], @extschema@.ema_param, @extschema@.ema_param, @extschema@.ema_param, boolean, boolean) IS 'exponential moving average given exactly one of alpha, span (alpha = 2 / (span + 1), span >= 1) or halflife (alpha = 1 - exp(-ln(2) / halflife), halflife > 0), by name (a NULL one is not given), as pandas'' ewm(adjust=False) (NULL where v is NULL); with adjust true or ignore_nulls false, pandas'' ewm(alpha | span | halflife, adjust, ignore_na=not ignore_nulls).mean() step for step: with adjust, sum((1 - alpha)^k * x[t - k]) / sum((1 - alpha)^k) over the present elements; with ignore_nulls false a NULL still ages the weights';

CREATE FUNCTION @extschema@.ema(v @extschema@.nvec, alpha @extschema@.ema_param DEFAULT NULL,
	span @extschema@.ema_param DEFAULT NULL, halflife @extschema@.ema_param DEFAULT NULL,
	adjust boolean DEFAULT false, ignore_nulls boolean DEFAULT true)
	RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'ema_by_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ema(@extschema@.nvec, @extschema@.ema_param, @extschema@.ema_param, @extschema@.ema_param, boolean, boolean) IS 'exponential moving average given exactly one of alpha, span (alpha = 2 / (span + 1), span >= 1) or halflife (alpha = 1 - exp(-ln(2) / halflife), halflife > 0), by name (a NULL one is not given), as pandas'' ewm(adjust=False) (NULL where v is NULL); with adjust true or ignore_nulls false, pandas'' ewm(alpha | span | halflife, adjust, ignore_na=not ignore_nulls).mean() step for step: with adjust, sum((1 - alpha)^k * x[t - k]) / sum((1 - alpha)^k) over the present elements; with ignore_nulls false a NULL still ages the weights';
