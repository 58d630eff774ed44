-- The fills that look ahead (src/series/pg_series_fill.c, docs/series.md):
-- fill_backward(v), the next present element into each NULL (pandas'
-- bfill), and fill_linear(v [, edges]), runs of NULLs between two present
-- elements a and b interpolated on position, a + ((b - a) / (m + 1)) * k
-- at the k-th of m (pandas' interpolate(limit_area='inside')); with edges
-- => true the NULLs before the first and after the last present element
-- get that element (pandas' limit_direction='both').  A NaN is a value,
-- not a gap.  They need the element after a run, so they are not fused.

CREATE FUNCTION @extschema@.fill_backward(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'fill_backward_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fill_backward(float8[]) IS 'each NULL element replaced by the first present element after it; trailing NULLs stay NULL (pandas'' bfill)';

CREATE FUNCTION @extschema@.fill_backward(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'fill_backward_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fill_backward(@extschema@.nvec) IS 'each NULL element replaced by the first present element after it; trailing NULLs stay NULL (pandas'' bfill)';

CREATE FUNCTION @extschema@.fill_linear(v float8[], edges boolean DEFAULT false) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'fill_linear_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fill_linear(float8[], boolean) IS 'each run of m NULLs between present elements a and b filled by linear interpolation on position, a + ((b - a) / (m + 1)) * k at its k-th element; NULLs before the first and after the last present element stay NULL, or with edges get that element';

CREATE FUNCTION @extschema@.fill_linear(v @extschema@.nvec, edges boolean DEFAULT false) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'fill_linear_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fill_linear(@extschema@.nvec, boolean) IS 'each run of m NULLs between present elements a and b filled by linear interpolation on position, a + ((b - a) / (m + 1)) * k at its k-th element; NULLs before the first and after the last present element stay NULL, or with edges get that element';
