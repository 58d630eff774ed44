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
