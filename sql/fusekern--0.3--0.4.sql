/* fusekern 0.3 -> 0.4: ALTER EXTENSION fusekern UPDATE TO '0.4' */
\echo Use "ALTER EXTENSION fusekern UPDATE TO '0.4'" to load this file. \quit

-- Each change of the SQL surface since 0.3 is a block below, in the order
-- the changes were made; a fresh install of 0.4 (src/sql/) and every earlier
-- release updated by the scripts must leave the same catalog
-- (test/t/upgrade.pl).

-- cbrt(v) over float8[] and nvec
CREATE FUNCTION @extschema@.cbrt(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'cbrt_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.cbrt(float8[]) IS 'cube root of each element';
CREATE FUNCTION @extschema@.cbrt(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'cbrt_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.cbrt(@extschema@.nvec) IS 'cube root of each element';
