-- Rolling windows over float8[] and nvec (src/pg_series_rolling.c,
-- src/core/series_rolling.c, docs/series.md).
--
-- rolling_<op>(v, w [, min_count]): element i of the result is <op> of the
-- present elements of v[i - w + 1 .. i] (of v[1 .. i] near the start).  It
-- is NULL where v[i] is NULL, and where the window holds fewer than
-- min_count present elements (min_count 0 to w, default w, so that the
-- first w - 1 elements are NULL); rolling_stddev is also NULL for fewer
-- than two.  The result has the input's type.  O(n) whatever w.  The forms
-- of two arguments name fusekern_support: nested in or around other
-- fusekern calls they fuse as stateful instructions (docs/fusion.md).

-- float8[]
CREATE FUNCTION @extschema@.rolling_sum(v float8[], w integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_sum_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_sum(float8[], integer) IS 'sum of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements';
CREATE FUNCTION @extschema@.rolling_sum(v float8[], w integer, min_count integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_sum_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_sum(float8[], integer, integer) IS 'sum of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_mean(v float8[], w integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_mean_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_mean(float8[], integer) IS 'mean of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements';
CREATE FUNCTION @extschema@.rolling_mean(v float8[], w integer, min_count integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_mean_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_mean(float8[], integer, integer) IS 'mean of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_stddev(v float8[], w integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_stddev_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_stddev(float8[], integer) IS 'sample standard deviation of the present elements of the trailing window of w elements ending at each element (NULL for fewer than two); NULL at a NULL element and until the window holds w present elements';
CREATE FUNCTION @extschema@.rolling_stddev(v float8[], w integer, min_count integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_stddev_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_stddev(float8[], integer, integer) IS 'sample standard deviation of the present elements of the trailing window of w elements ending at each element (NULL for fewer than two); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_min(v float8[], w integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_min_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_min(float8[], integer) IS 'minimum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and until the window holds w present elements';
CREATE FUNCTION @extschema@.rolling_min(v float8[], w integer, min_count integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_min_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_min(float8[], integer, integer) IS 'minimum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_max(v float8[], w integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_max_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_max(float8[], integer) IS 'maximum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and until the window holds w present elements';
CREATE FUNCTION @extschema@.rolling_max(v float8[], w integer, min_count integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_max_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_max(float8[], integer, integer) IS 'maximum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_count(v float8[], w integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_count_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_count(float8[], integer) IS 'number of present elements in the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements';
CREATE FUNCTION @extschema@.rolling_count(v float8[], w integer, min_count integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_count_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_count(float8[], integer, integer) IS 'number of present elements in the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';


-- nvec
CREATE FUNCTION @extschema@.rolling_sum(v @extschema@.nvec, w integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_sum_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_sum(@extschema@.nvec, integer) IS 'sum of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements';
CREATE FUNCTION @extschema@.rolling_sum(v @extschema@.nvec, w integer, min_count integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_sum_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_sum(@extschema@.nvec, integer, integer) IS 'sum of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_mean(v @extschema@.nvec, w integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_mean_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_mean(@extschema@.nvec, integer) IS 'mean of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements';
CREATE FUNCTION @extschema@.rolling_mean(v @extschema@.nvec, w integer, min_count integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_mean_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_mean(@extschema@.nvec, integer, integer) IS 'mean of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_stddev(v @extschema@.nvec, w integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_stddev_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_stddev(@extschema@.nvec, integer) IS 'sample standard deviation of the present elements of the trailing window of w elements ending at each element (NULL for fewer than two); NULL at a NULL element and until the window holds w present elements';
CREATE FUNCTION @extschema@.rolling_stddev(v @extschema@.nvec, w integer, min_count integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_stddev_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_stddev(@extschema@.nvec, integer, integer) IS 'sample standard deviation of the present elements of the trailing window of w elements ending at each element (NULL for fewer than two); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_min(v @extschema@.nvec, w integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_min_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_min(@extschema@.nvec, integer) IS 'minimum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and until the window holds w present elements';
CREATE FUNCTION @extschema@.rolling_min(v @extschema@.nvec, w integer, min_count integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_min_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_min(@extschema@.nvec, integer, integer) IS 'minimum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_max(v @extschema@.nvec, w integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_max_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_max(@extschema@.nvec, integer) IS 'maximum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and until the window holds w present elements';
CREATE FUNCTION @extschema@.rolling_max(v @extschema@.nvec, w integer, min_count integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_max_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_max(@extschema@.nvec, integer, integer) IS 'maximum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';

CREATE FUNCTION @extschema@.rolling_count(v @extschema@.nvec, w integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_count_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_count(@extschema@.nvec, integer) IS 'number of present elements in the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements';
CREATE FUNCTION @extschema@.rolling_count(v @extschema@.nvec, w integer, min_count integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_count_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_count(@extschema@.nvec, integer, integer) IS 'number of present elements in the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements';
