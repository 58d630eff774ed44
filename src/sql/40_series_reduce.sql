-- Reductions of one vector to a number (src/pg_series_reduce.c,
-- src/core/series_reduce.c, docs/series.md): NULL elements are skipped; the
-- result is NULL when too few elements are valid (vcount: 0).  Sums are
-- compensated in eight lanes by element index, so the bits are the same on
-- every instruction set and for any block split; variance merges fixed
-- chunks of 1024 elements (two-pass inside, Chan's formula between).
-- The reductions of float8 results name fusekern_support: over a tree of
-- elementwise and lagged operations they fuse into one fused_reduce call
-- (docs/fusion.md), with no intermediate vector.

CREATE FUNCTION @extschema@.vsum(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vsum_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vsum(float8[]) IS 'sum of the valid elements (compensated, deterministic), NULL if none';

CREATE FUNCTION @extschema@.vmean(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vmean_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmean(float8[]) IS 'mean of the valid elements, NULL if none';

CREATE FUNCTION @extschema@.vmin(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vmin_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmin(float8[]) IS 'smallest valid element (NaN only if all are NaN), NULL if none';

CREATE FUNCTION @extschema@.vmax(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vmax_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmax(float8[]) IS 'largest valid element (NaN above every number), NULL if none';

CREATE FUNCTION @extschema@.vcount(v float8[]) RETURNS bigint
	AS 'MODULE_PATHNAME', 'vcount_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vcount(float8[]) IS 'number of valid (non-NULL) elements';

CREATE FUNCTION @extschema@.vprod(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vprod_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vprod(float8[]) IS 'product of the valid elements in index order, NULL if none';

CREATE FUNCTION @extschema@.vvar(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vvar_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vvar(float8[]) IS 'sample variance of the valid elements, NULL for fewer than two';

CREATE FUNCTION @extschema@.vstddev(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vstddev_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vstddev(float8[]) IS 'sample standard deviation of the valid elements, NULL for fewer than two';

CREATE FUNCTION @extschema@.vvar_pop(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vvar_pop_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vvar_pop(float8[]) IS 'population variance of the valid elements, NULL if none';

CREATE FUNCTION @extschema@.vstddev_pop(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vstddev_pop_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vstddev_pop(float8[]) IS 'population standard deviation of the valid elements, NULL if none';

CREATE FUNCTION @extschema@.vsum(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vsum_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vsum(@extschema@.nvec) IS 'sum of the valid elements (compensated, deterministic), NULL if none';

CREATE FUNCTION @extschema@.vmean(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vmean_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmean(@extschema@.nvec) IS 'mean of the valid elements, NULL if none';

CREATE FUNCTION @extschema@.vmin(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vmin_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmin(@extschema@.nvec) IS 'smallest valid element (NaN only if all are NaN), NULL if none';

CREATE FUNCTION @extschema@.vmax(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vmax_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vmax(@extschema@.nvec) IS 'largest valid element (NaN above every number), NULL if none';

CREATE FUNCTION @extschema@.vcount(v @extschema@.nvec) RETURNS bigint
	AS 'MODULE_PATHNAME', 'vcount_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vcount(@extschema@.nvec) IS 'number of valid (non-NULL) elements';

CREATE FUNCTION @extschema@.vprod(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vprod_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vprod(@extschema@.nvec) IS 'product of the valid elements in index order, NULL if none';

CREATE FUNCTION @extschema@.vvar(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vvar_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vvar(@extschema@.nvec) IS 'sample variance of the valid elements, NULL for fewer than two';

CREATE FUNCTION @extschema@.vstddev(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vstddev_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vstddev(@extschema@.nvec) IS 'sample standard deviation of the valid elements, NULL for fewer than two';

CREATE FUNCTION @extschema@.vvar_pop(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vvar_pop_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vvar_pop(@extschema@.nvec) IS 'population variance of the valid elements, NULL if none';

CREATE FUNCTION @extschema@.vstddev_pop(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vstddev_pop_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vstddev_pop(@extschema@.nvec) IS 'population standard deviation of the valid elements, NULL if none';

CREATE FUNCTION @extschema@.vdot(x float8[], y float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vdot_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vdot(float8[], float8[]) IS
'sum of x[i] * y[i] over the positions where both are valid, NULL if none';

CREATE FUNCTION @extschema@.vdot(x @extschema@.nvec, y @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vdot_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vdot(@extschema@.nvec, @extschema@.nvec) IS
'sum of x[i] * y[i] over the positions where both are valid, NULL if none';

CREATE FUNCTION @extschema@.vdot(x float8[], y @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vdot_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vdot(float8[], @extschema@.nvec) IS
'sum of x[i] * y[i] over the positions where both are valid, NULL if none';

CREATE FUNCTION @extschema@.vdot(x @extschema@.nvec, y float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vdot_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vdot(@extschema@.nvec, float8[]) IS
'sum of x[i] * y[i] over the positions where both are valid, NULL if none';
