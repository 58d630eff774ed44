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
-- ema(v, alpha), which fuses (src/fuse/pg_fuse_ema.c).

CREATE DOMAIN @extschema@.ema_param AS float8;
COMMENT ON DOMAIN @extschema@.ema_param IS 'a parameter of ema given by name (alpha, span, halflife): float8';

CREATE FUNCTION @extschema@.ema(v float8[], alpha @extschema@.ema_param DEFAULT NULL,
	span @extschema@.ema_param DEFAULT NULL, halflife @extschema@.ema_param DEFAULT NULL)
	RETURNS float8[]
	AS 'MODULE_PATHNAME', 'ema_by_float8arr' LANGUAGE C IMMUTABLE PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ema(float8[], @extschema@.ema_param, @extschema@.ema_param, @extschema@.ema_param) IS 'exponential moving average given exactly one of alpha, span (alpha = 2 / (span + 1), span >= 1) or halflife (alpha = 1 - exp(-ln(2) / halflife), halflife > 0), by name (a NULL one is not given), as pandas'' ewm(adjust=False) (NULL where v is NULL)';

CREATE FUNCTION @extschema@.ema(v @extschema@.nvec, alpha @extschema@.ema_param DEFAULT NULL,
	span @extschema@.ema_param DEFAULT NULL, halflife @extschema@.ema_param DEFAULT NULL)
	RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'ema_by_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.ema(@extschema@.nvec, @extschema@.ema_param, @extschema@.ema_param, @extschema@.ema_param) IS 'exponential moving average given exactly one of alpha, span (alpha = 2 / (span + 1), span >= 1) or halflife (alpha = 1 - exp(-ln(2) / halflife), halflife > 0), by name (a NULL one is not given), as pandas'' ewm(adjust=False) (NULL where v is NULL)';

-- ema(v, adjust => ..., alpha | span | halflife => ..., ignore_nulls => ...):
-- pandas' ewm(..., adjust=, ignore_na=).mean() step for step (src/core/
-- series_ewm.h), alpha taken through pandas' centre of mass.  adjust has no
-- default (it is what picks this form: ema(v, alpha => a) stays the one
-- above, which is adjust => false, ignore_nulls => true); ignore_nulls
-- defaults to true, as that one.  Not STRICT, as above; NULL for a NULL v,
-- adjust or ignore_nulls.
CREATE FUNCTION @extschema@.ema(v float8[], adjust boolean, alpha @extschema@.ema_param DEFAULT NULL,
	span @extschema@.ema_param DEFAULT NULL, halflife @extschema@.ema_param DEFAULT NULL,
	ignore_nulls boolean DEFAULT true)
	RETURNS float8[]
	AS 'MODULE_PATHNAME', 'ema_adjust_float8arr' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.ema(float8[], boolean, @extschema@.ema_param, @extschema@.ema_param, @extschema@.ema_param, boolean) IS 'exponentially weighted mean as pandas'' ewm(alpha | span | halflife, adjust, ignore_na).mean() computes it: with adjust, sum((1 - alpha)^k * x[t - k]) / sum((1 - alpha)^k) over the present elements; without, the recursive form; with ignore_nulls false a NULL still ages the weights (NULL where v is NULL)';

CREATE FUNCTION @extschema@.ema(v @extschema@.nvec, adjust boolean, alpha @extschema@.ema_param DEFAULT NULL,
	span @extschema@.ema_param DEFAULT NULL, halflife @extschema@.ema_param DEFAULT NULL,
	ignore_nulls boolean DEFAULT true)
	RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'ema_adjust_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.ema(@extschema@.nvec, boolean, @extschema@.ema_param, @extschema@.ema_param, @extschema@.ema_param, boolean) IS 'exponentially weighted mean as pandas'' ewm(alpha | span | halflife, adjust, ignore_na).mean() computes it: with adjust, sum((1 - alpha)^k * x[t - k]) / sum((1 - alpha)^k) over the present elements; without, the recursive form; with ignore_nulls false a NULL still ages the weights (NULL where v is NULL)';
