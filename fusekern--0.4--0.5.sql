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

-- Storage by default: nvec's storage becomes external, so that TOAST never
-- pglz-compresses a column declared nvec from now on (ALTER TYPE changes
-- the type's default only: columns made before keep theirs, and their
-- values stay as stored); and fusekern_storage_report(), which tells how
-- each float8[] and nvec column is stored (src/sql/08_storage_report.sql)
ALTER TYPE @extschema@.nvec SET (STORAGE = external);

CREATE FUNCTION @extschema@.fusekern_storage_report(
	rel regclass DEFAULT NULL, sample_rows integer DEFAULT 100,
	OUT table_name regclass, OUT column_name name, OUT column_type text,
	OUT storage text, OUT compression text, OUT rows_stored bigint,
	OUT stored_bytes bigint, OUT compressed_estimate_bytes bigint,
	OUT advice text)
RETURNS SETOF record
LANGUAGE plpgsql STABLE PARALLEL RESTRICTED
SET search_path = pg_catalog, pg_temp
AS $fk$
DECLARE
	c record;
	n_sample bigint;
	sample_stored numeric;
	sample_compressed numeric;
	pct float8;
	alter_to text;
	largest bigint;
	target_now integer;
	target_max integer;
	target_default integer;
	out_of_line boolean;
	alter_rel text;
	keep_in_table text;
BEGIN
	IF sample_rows IS NULL OR sample_rows < 1 THEN
		RAISE EXCEPTION 'sample_rows must be at least 1'
			USING ERRCODE = 'invalid_parameter_value';
	END IF;
	-- the tuple size past which TOAST moves values out of line by default,
	-- and the largest toast_tuple_target takes: a quarter and the whole of
	-- a page
	target_max := (current_setting('block_size')::integer - 28) / 8 * 8;
	target_default := (current_setting('block_size')::integer - 40) / 4 / 8 * 8;
	FOR c IN
		SELECT a.attrelid, a.attname, a.atttypid, a.attstorage,
			   CASE WHEN a.atttypid = 'float8[]'::regtype THEN 'float8[]'
					ELSE 'nvec' || coalesce(substring(format_type(a.atttypid, a.atttypmod)
													  FROM '\(.*\)$'), '') END AS typ
		FROM pg_attribute a JOIN pg_class r ON r.oid = a.attrelid
		WHERE a.attnum > 0 AND NOT a.attisdropped
		  AND a.atttypid IN ('float8[]'::regtype, '@extschema@.nvec'::regtype)
		  AND r.relkind IN ('r', 'm')
		  AND (rel IS NULL OR a.attrelid = rel)
		  AND has_column_privilege(a.attrelid, a.attnum, 'SELECT')
		ORDER BY a.attrelid::regclass::text, a.attnum
	LOOP
		table_name := c.attrelid;
		column_name := c.attname;
		column_type := c.typ;
		storage := CASE c.attstorage WHEN 'p' THEN 'plain' WHEN 'e' THEN 'external'
			WHEN 'm' THEN 'main' ELSE 'extended' END;
		-- the stored sizes: the heap only (pg_column_size reads a TOAST
		-- pointer, not the value)
		EXECUTE format('SELECT count(%1$I), coalesce(sum(pg_column_size(%1$I)), 0) FROM %2$s',
					   c.attname, c.attrelid::regclass)
			INTO rows_stored, stored_bytes;
		compression := NULL;
		compressed_estimate_bytes := NULL;
		IF rows_stored > 0 THEN
			-- a sample of about sample_rows values, the same on every call
			pct := least(100, 100.0 * sample_rows * 2 / rows_stored);
			EXECUTE format($q$
				SELECT count(*), sum(pg_column_size(v)), max(pg_column_size(v)),
					   sum(pg_column_size(@extschema@.nvec_compress(v::@extschema@.nvec))),
					   string_agg(DISTINCT CASE
							WHEN pg_column_compression(v) IS NOT NULL AND alp
								THEN 'nvec(compressed)+' || pg_column_compression(v)
							WHEN pg_column_compression(v) IS NOT NULL
								THEN pg_column_compression(v)
							WHEN alp THEN 'nvec(compressed)'
							ELSE 'none' END, ', ')
				FROM (SELECT v, %3$s AS alp
					  FROM (SELECT %1$I AS v FROM %2$s TABLESAMPLE BERNOULLI (%4$s) REPEATABLE (0)
							WHERE %1$I IS NOT NULL LIMIT %5$s) s) t$q$,
				c.attname, c.attrelid::regclass,
				CASE WHEN c.atttypid = '@extschema@.nvec'::regtype
					 THEN '@extschema@.nvec_encoding(v) = ''alp''' ELSE 'false' END,
				pct, sample_rows)
				INTO n_sample, sample_stored, largest, sample_compressed, compression;
			IF n_sample > 0 AND sample_stored > 0 THEN
				compressed_estimate_bytes :=
					round(stored_bytes * sample_compressed / sample_stored);
			END IF;
		END IF;
		-- values out of line when they take more than the table's heap;
		-- the table's toast_tuple_target, or PostgreSQL's default
		out_of_line := stored_bytes > pg_relation_size(c.attrelid);
		SELECT coalesce((SELECT substring(o FROM '=(.*)$')::integer
						 FROM unnest(r.reloptions) o
						 WHERE o LIKE 'toast_tuple_target=%'),
						target_default),
			   CASE r.relkind WHEN 'm' THEN 'ALTER MATERIALIZED VIEW' ELSE 'ALTER TABLE' END
			INTO target_now, alter_rel
			FROM pg_class r WHERE r.oid = c.attrelid;
		alter_to := format('ALTER TABLE %s ALTER COLUMN %I TYPE nvec(compressed) USING %I::nvec',
						   c.attrelid::regclass, c.attname, c.attname);
		-- nvec values (either form, never pglz'd) out of line that a page
		-- would hold
		keep_in_table := CASE
			WHEN c.atttypid = '@extschema@.nvec'::regtype AND c.attstorage IN ('e', 'p')
				 AND out_of_line AND largest <= target_max - 128 THEN
				format('TOAST keeps these values (up to %s bytes) out of line, as it does rows past the table''s toast_tuple_target (%s bytes), and every read looks up their chunks: %s %s SET (toast_tuple_target = %s) keeps values written from now on in the table (VACUUM FULL %s moves those stored), faster to read; scans of the other columns then read more pages',
					   largest, target_now, alter_rel, c.attrelid::regclass,
					   target_max, c.attrelid::regclass)
			END;
		advice := CASE
			WHEN rows_stored = 0 THEN 'empty'
			WHEN compression = 'nvec(compressed)' AND keep_in_table IS NOT NULL THEN
				'fast: nvec(compressed), decoded block by block as it is read; but ' || keep_in_table
			WHEN compression = 'nvec(compressed)' THEN
				'fast: nvec(compressed), decoded block by block as it is read'
			WHEN compression LIKE '%pglz%' THEN
				format('slow: TOAST pglz-compresses these values and every read decompresses them whole; %s (about %s), or SET STORAGE EXTERNAL / SET COMPRESSION lz4 for values written from now on',
					   alter_to, pg_size_pretty(compressed_estimate_bytes))
			WHEN compression LIKE '%lz4%' THEN
				format('lz4: every read decompresses the values whole; %s reads faster (about %s)',
					   alter_to, pg_size_pretty(compressed_estimate_bytes))
			WHEN c.atttypid = '@extschema@.nvec'::regtype AND c.attstorage IN ('x', 'm') THEN
				format('uncompressed so far, but this column''s storage lets TOAST pglz-compress the next long values: ALTER TABLE %s ALTER COLUMN %I SET STORAGE EXTERNAL, or %s (about %s)',
					   c.attrelid::regclass, c.attname, alter_to,
					   pg_size_pretty(compressed_estimate_bytes))
			WHEN compressed_estimate_bytes < stored_bytes THEN
				format('uncompressed: read in place; %s would store about %s',
					   alter_to, pg_size_pretty(compressed_estimate_bytes)) ||
				coalesce('; or ' || keep_in_table, '')
			ELSE 'uncompressed: read in place' || coalesce('; but ' || keep_in_table, '')
			END;
		RETURN NEXT;
	END LOOP;
END
$fk$;
COMMENT ON FUNCTION @extschema@.fusekern_storage_report(regclass, integer) IS
'for each float8[] and nvec column the caller may read (of rel, or of every table): its storage, how its values are compressed (pglz, lz4, nvec(compressed) or none, from a sample of sample_rows values), its size, what nvec(compressed) would take (estimated from the sample) and advice';

-- Series on a time axis: rolling windows of a duration,
-- as-of lookups, resampling, time-weighted averages
-- (src/sql/47_series_time.sql)

CREATE FUNCTION @extschema@.rolling_sum(v float8[], ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_sum_by_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_sum(float8[], timestamptz[], interval, integer) IS 'rolling sum of the present elements over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_sum(v @extschema@.nvec, ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_sum_by_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_sum(@extschema@.nvec, timestamptz[], interval, integer) IS 'rolling sum of the present elements over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_mean(v float8[], ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_mean_by_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_mean(float8[], timestamptz[], interval, integer) IS 'rolling mean of the present elements over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_mean(v @extschema@.nvec, ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_mean_by_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_mean(@extschema@.nvec, timestamptz[], interval, integer) IS 'rolling mean of the present elements over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_stddev(v float8[], ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_stddev_by_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_stddev(float8[], timestamptz[], interval, integer) IS 'rolling sample standard deviation of the present elements (at least two) over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_stddev(v @extschema@.nvec, ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_stddev_by_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_stddev(@extschema@.nvec, timestamptz[], interval, integer) IS 'rolling sample standard deviation of the present elements (at least two) over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_var(v float8[], ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_var_by_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_var(float8[], timestamptz[], interval, integer) IS 'rolling sample variance of the present elements (at least two) over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_var(v @extschema@.nvec, ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_var_by_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_var(@extschema@.nvec, timestamptz[], interval, integer) IS 'rolling sample variance of the present elements (at least two) over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_min(v float8[], ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_min_by_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_min(float8[], timestamptz[], interval, integer) IS 'rolling minimum of the present elements (NaN above every number) over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_min(v @extschema@.nvec, ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_min_by_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_min(@extschema@.nvec, timestamptz[], interval, integer) IS 'rolling minimum of the present elements (NaN above every number) over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_max(v float8[], ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_max_by_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_max(float8[], timestamptz[], interval, integer) IS 'rolling maximum of the present elements (NaN above every number) over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_max(v @extschema@.nvec, ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_max_by_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_max(@extschema@.nvec, timestamptz[], interval, integer) IS 'rolling maximum of the present elements (NaN above every number) over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_count(v float8[], ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_count_by_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_count(float8[], timestamptz[], interval, integer) IS 'rolling count of the present elements over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_count(v @extschema@.nvec, ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_count_by_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_count(@extschema@.nvec, timestamptz[], interval, integer) IS 'rolling count of the present elements over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_median(v float8[], ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_median_by_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_median(float8[], timestamptz[], interval, integer) IS 'rolling median of the present elements, as percentile_cont(0.5) over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_median(v @extschema@.nvec, ts timestamptz[], w interval, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_median_by_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_median(@extschema@.nvec, timestamptz[], interval, integer) IS 'rolling median of the present elements, as percentile_cont(0.5) over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_quantile(v float8[], ts timestamptz[], w interval, q float8, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_quantile_by_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_quantile(float8[], timestamptz[], interval, float8, integer) IS 'rolling quantile q (0 to 1) of the present elements, as percentile_cont(q), over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_quantile(v @extschema@.nvec, ts timestamptz[], w interval, q float8, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_quantile_by_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.rolling_quantile(@extschema@.nvec, timestamptz[], interval, float8, integer) IS 'rolling quantile q (0 to 1) of the present elements, as percentile_cont(q), over a window of duration w; the window of element i holds the elements at times in (ts[i] - w, ts[i]], w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.asof(ts timestamptz[], v float8[], at timestamptz[],
		tolerance interval DEFAULT NULL, direction text DEFAULT 'backward') RETURNS float8[]
	AS 'MODULE_PATHNAME', 'asof_float8arr' LANGUAGE C IMMUTABLE CALLED ON NULL INPUT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.asof(timestamptz[], float8[], timestamptz[], interval, text) IS 'as-of lookup: for each time of at, the value of the last element at or before it (the last of equal times; direction ''forward'': the first at or after it; ''nearest'': the closer, the earlier on a tie), NULL when none or when farther than tolerance (an interval without months; NULL: no limit)';

CREATE FUNCTION @extschema@.asof(ts timestamptz[], v @extschema@.nvec, at timestamptz[],
		tolerance interval DEFAULT NULL, direction text DEFAULT 'backward') RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'asof_nvec' LANGUAGE C IMMUTABLE CALLED ON NULL INPUT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.asof(timestamptz[], @extschema@.nvec, timestamptz[], interval, text) IS 'as-of lookup: for each time of at, the value of the last element at or before it (the last of equal times; direction ''forward'': the first at or after it; ''nearest'': the closer, the earlier on a tie), NULL when none or when farther than tolerance (an interval without months; NULL: no limit)';

CREATE FUNCTION @extschema@.resample(ts timestamptz[], v float8[], stride interval, how text,
		origin timestamptz DEFAULT '1970-01-01 00:00:00+00', fill text DEFAULT 'null')
	RETURNS TABLE (bucket timestamptz, value float8)
	AS 'MODULE_PATHNAME', 'resample_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.resample(timestamptz[], float8[], interval, text, timestamptz, text) IS 'one row per bucket of duration stride (where date_bin(stride, ts, origin) starts it) from the first time''s to the last''s: its start and the first, last, min, max, sum, mean or count (how) of its present values, or twa / twa_linear: time_weighted_avg (locf / linear) of its present values alone, over the span from its first to its last (none for fewer than two or a span of zero); buckets without a value NULL (count 0) or filled: fill ''null'', ''locf'', ''linear'' or ''none'' (left out)';

CREATE FUNCTION @extschema@.resample(ts timestamptz[], v @extschema@.nvec, stride interval, how text,
		origin timestamptz DEFAULT '1970-01-01 00:00:00+00', fill text DEFAULT 'null')
	RETURNS TABLE (bucket timestamptz, value float8)
	AS 'MODULE_PATHNAME', 'resample_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.resample(timestamptz[], @extschema@.nvec, interval, text, timestamptz, text) IS 'one row per bucket of duration stride (where date_bin(stride, ts, origin) starts it) from the first time''s to the last''s: its start and the first, last, min, max, sum, mean or count (how) of its present values, or twa / twa_linear: time_weighted_avg (locf / linear) of its present values alone, over the span from its first to its last (none for fewer than two or a span of zero); buckets without a value NULL (count 0) or filled: fill ''null'', ''locf'', ''linear'' or ''none'' (left out)';

CREATE FUNCTION @extschema@.resample_ohlc(ts timestamptz[], v float8[], stride interval,
		origin timestamptz DEFAULT '1970-01-01 00:00:00+00', fill text DEFAULT 'null')
	RETURNS TABLE (bucket timestamptz, open float8, high float8, low float8, close float8)
	AS 'MODULE_PATHNAME', 'resample_ohlc_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.resample_ohlc(timestamptz[], float8[], interval, timestamptz, text) IS 'one bar per bucket of duration stride (where date_bin(stride, ts, origin) starts it) from the first time''s to the last''s: first, max, min and last of its present values; empty bars NULL (fill ''null'') or flat at the close before (fill ''locf'')';

CREATE FUNCTION @extschema@.resample_ohlc(ts timestamptz[], v @extschema@.nvec, stride interval,
		origin timestamptz DEFAULT '1970-01-01 00:00:00+00', fill text DEFAULT 'null')
	RETURNS TABLE (bucket timestamptz, open float8, high float8, low float8, close float8)
	AS 'MODULE_PATHNAME', 'resample_ohlc_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.resample_ohlc(timestamptz[], @extschema@.nvec, interval, timestamptz, text) IS 'one bar per bucket of duration stride (where date_bin(stride, ts, origin) starts it) from the first time''s to the last''s: first, max, min and last of its present values; empty bars NULL (fill ''null'') or flat at the close before (fill ''locf'')';

CREATE FUNCTION @extschema@.time_weighted_avg(ts timestamptz[], v float8[], method text DEFAULT 'locf') RETURNS float8
	AS 'MODULE_PATHNAME', 'time_weighted_avg_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.time_weighted_avg(timestamptz[], float8[], text) IS 'average of the present values weighted by the time each holds until the next (method ''locf'') or by the trapezoidal rule between them (''linear''), over the span from the first to the last; NULL for fewer than two or a span of zero';

CREATE FUNCTION @extschema@.time_weighted_avg(ts timestamptz[], v @extschema@.nvec, method text DEFAULT 'locf') RETURNS float8
	AS 'MODULE_PATHNAME', 'time_weighted_avg_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.time_weighted_avg(timestamptz[], @extschema@.nvec, text) IS 'average of the present values weighted by the time each holds until the next (method ''locf'') or by the trapezoidal rule between them (''linear''), over the span from the first to the last; NULL for fewer than two or a span of zero';

CREATE FUNCTION @extschema@.ema(v float8[], ts timestamptz[], halflife interval) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'ema_by_time_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.ema(float8[], timestamptz[], interval) IS 'exponential moving average by elapsed time, as pandas'' ewm(times=ts, halflife=halflife): the present values up to each element weighted by 2^-(age / halflife), halflife an interval without months (NULL where v is NULL)';

CREATE FUNCTION @extschema@.ema(v @extschema@.nvec, ts timestamptz[], halflife interval) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'ema_by_time_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.ema(@extschema@.nvec, timestamptz[], interval) IS 'exponential moving average by elapsed time, as pandas'' ewm(times=ts, halflife=halflife): the present values up to each element weighted by 2^-(age / halflife), halflife an interval without months (NULL where v is NULL)';

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

-- Shape statistics: vskew and vkurtosis (pandas' bias-corrected skewness and
-- excess kurtosis) over float8[] and nvec
CREATE FUNCTION @extschema@.vskew(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vskew_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vskew(float8[]) IS 'skewness of the valid elements with pandas'' bias correction (adjusted Fisher-Pearson G1), 0 if they are all equal, NULL for fewer than three';

CREATE FUNCTION @extschema@.vkurtosis(v float8[]) RETURNS float8
	AS 'MODULE_PATHNAME', 'vkurtosis_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vkurtosis(float8[]) IS 'excess kurtosis of the valid elements with pandas'' bias correction (G2), 0 if they are all equal, NULL for fewer than four';

CREATE FUNCTION @extschema@.vskew(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vskew_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vskew(@extschema@.nvec) IS 'skewness of the valid elements with pandas'' bias correction (adjusted Fisher-Pearson G1), 0 if they are all equal, NULL for fewer than three';

CREATE FUNCTION @extschema@.vkurtosis(v @extschema@.nvec) RETURNS float8
	AS 'MODULE_PATHNAME', 'vkurtosis_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vkurtosis(@extschema@.nvec) IS 'excess kurtosis of the valid elements with pandas'' bias correction (G2), 0 if they are all equal, NULL for fewer than four';

-- Histograms: vhistogram(v, edges) and vhistogram(v, lo, hi, count), counts
-- per bucket of core's width_bucket, over float8[] and nvec
CREATE FUNCTION @extschema@.vhistogram(v float8[], edges float8[]) RETURNS int8[]
	AS 'MODULE_PATHNAME', 'vhistogram_edges_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vhistogram(float8[], float8[]) IS 'counts of the valid elements per bucket of width_bucket(x, edges), in an int8[] numbered 0 (below the first edge) to the number of edges (at or above the last)';

CREATE FUNCTION @extschema@.vhistogram(v @extschema@.nvec, edges float8[]) RETURNS int8[]
	AS 'MODULE_PATHNAME', 'vhistogram_edges_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vhistogram(@extschema@.nvec, float8[]) IS 'counts of the valid elements per bucket of width_bucket(x, edges), in an int8[] numbered 0 (below the first edge) to the number of edges (at or above the last)';

CREATE FUNCTION @extschema@.vhistogram(v float8[], lo float8, hi float8, count integer) RETURNS int8[]
	AS 'MODULE_PATHNAME', 'vhistogram_width_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vhistogram(float8[], float8, float8, integer) IS 'counts of the valid elements per bucket of width_bucket(x, lo, hi, count), in an int8[] numbered 0 (below lo) to count + 1 (at or above hi)';

CREATE FUNCTION @extschema@.vhistogram(v @extschema@.nvec, lo float8, hi float8, count integer) RETURNS int8[]
	AS 'MODULE_PATHNAME', 'vhistogram_width_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vhistogram(@extschema@.nvec, float8, float8, integer) IS 'counts of the valid elements per bucket of width_bucket(x, lo, hi, count), in an int8[] numbered 0 (below lo) to count + 1 (at or above hi)';

-- Sort and rank: vsort, vrank, vpercent_rank over float8[] and nvec
CREATE FUNCTION @extschema@.vsort(v float8[], descending boolean DEFAULT false) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vsort_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vsort(float8[], boolean) IS 'the elements sorted as ORDER BY x (NaN above every number, equal values in index order), NULLs last, or as ORDER BY x DESC, NULLs first';

CREATE FUNCTION @extschema@.vsort(v @extschema@.nvec, descending boolean DEFAULT false) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'vsort_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vsort(@extschema@.nvec, boolean) IS 'the elements sorted as ORDER BY x (NaN above every number, equal values in index order), NULLs last, or as ORDER BY x DESC, NULLs first';

CREATE FUNCTION @extschema@.vrank(v float8[], method text DEFAULT 'average') RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vrank_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vrank(float8[], text) IS 'rank of each valid element among the valid ones, ascending from 1, ties by pandas'' method ''average'', ''min'', ''max'', ''dense'' or ''first''; NULL stays NULL';

CREATE FUNCTION @extschema@.vrank(v @extschema@.nvec, method text DEFAULT 'average') RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'vrank_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vrank(@extschema@.nvec, text) IS 'rank of each valid element among the valid ones, ascending from 1, ties by pandas'' method ''average'', ''min'', ''max'', ''dense'' or ''first''; NULL stays NULL';

CREATE FUNCTION @extschema@.vpercent_rank(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vpercent_rank_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vpercent_rank(float8[]) IS 'relative rank of each valid element among the valid ones, (rank - 1) / (n - 1) as percent_rank(), 0 for one; NULL stays NULL';

CREATE FUNCTION @extschema@.vpercent_rank(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'vpercent_rank_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vpercent_rank(@extschema@.nvec) IS 'relative rank of each valid element among the valid ones, (rank - 1) / (n - 1) as percent_rank(), 0 for one; NULL stays NULL';
-- fill_backward and fill_linear (issue 39: interpolation)
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

-- Centred rolling windows: rolling_<op>(v, w [, min_count], center boolean) (issue 39)
CREATE FUNCTION @extschema@.rolling_sum(v float8[], w integer, center boolean) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_sum_c_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_sum(float8[], integer, boolean) IS 'sum of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_sum(v float8[], w integer, min_count integer, center boolean) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_sum_c_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_sum(float8[], integer, integer, boolean) IS 'sum of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_mean(v float8[], w integer, center boolean) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_mean_c_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_mean(float8[], integer, boolean) IS 'mean of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_mean(v float8[], w integer, min_count integer, center boolean) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_mean_c_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_mean(float8[], integer, integer, boolean) IS 'mean of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_stddev(v float8[], w integer, center boolean) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_stddev_c_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_stddev(float8[], integer, boolean) IS 'sample standard deviation of the present elements of the trailing window of w elements ending at each element (NULL for fewer than two); NULL at a NULL element and until the window holds w present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_stddev(v float8[], w integer, min_count integer, center boolean) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_stddev_c_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_stddev(float8[], integer, integer, boolean) IS 'sample standard deviation of the present elements of the trailing window of w elements ending at each element (NULL for fewer than two); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_min(v float8[], w integer, center boolean) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_min_c_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_min(float8[], integer, boolean) IS 'minimum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and until the window holds w present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_min(v float8[], w integer, min_count integer, center boolean) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_min_c_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_min(float8[], integer, integer, boolean) IS 'minimum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_max(v float8[], w integer, center boolean) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_max_c_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_max(float8[], integer, boolean) IS 'maximum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and until the window holds w present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_max(v float8[], w integer, min_count integer, center boolean) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_max_c_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_max(float8[], integer, integer, boolean) IS 'maximum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_count(v float8[], w integer, center boolean) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_count_c_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_count(float8[], integer, boolean) IS 'number of present elements in the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_count(v float8[], w integer, min_count integer, center boolean) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_count_c_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_count(float8[], integer, integer, boolean) IS 'number of present elements in the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_var(v float8[], w integer, center boolean) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_var_c_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_var(float8[], integer, boolean) IS 'sample variance of the present elements of the trailing window of w elements ending at each element (NULL for fewer than two); NULL at a NULL element and until the window holds w present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_var(v float8[], w integer, min_count integer, center boolean) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_var_c_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_var(float8[], integer, integer, boolean) IS 'sample variance of the present elements of the trailing window of w elements ending at each element (NULL for fewer than two); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_median(v float8[], w integer, center boolean) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_median_c_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_median(float8[], integer, boolean) IS 'median (percentile_cont(0.5): halfway between the two middle values of an even count; NaN above every number) of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_median(v float8[], w integer, min_count integer, center boolean) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_median_c_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_median(float8[], integer, integer, boolean) IS 'median (percentile_cont(0.5): halfway between the two middle values of an even count; NaN above every number) of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_quantile(v float8[], w integer, q float8, center boolean) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_quantile_c_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_quantile(float8[], integer, float8, boolean) IS 'q-quantile (0 <= q <= 1) of the present elements of the trailing window of w elements ending at each element, as percentile_cont(q) (linear interpolation, NaN above every number); NULL at a NULL element and until the window holds w present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_quantile(v float8[], w integer, q float8, min_count integer, center boolean) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_quantile_c_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_quantile(float8[], integer, float8, integer, boolean) IS 'q-quantile (0 <= q <= 1) of the present elements of the trailing window of w elements ending at each element, as percentile_cont(q) (linear interpolation, NaN above every number); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_sum(v @extschema@.nvec, w integer, center boolean) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_sum_c_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_sum(@extschema@.nvec, integer, boolean) IS 'sum of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_sum(v @extschema@.nvec, w integer, min_count integer, center boolean) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_sum_c_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_sum(@extschema@.nvec, integer, integer, boolean) IS 'sum of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_mean(v @extschema@.nvec, w integer, center boolean) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_mean_c_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_mean(@extschema@.nvec, integer, boolean) IS 'mean of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_mean(v @extschema@.nvec, w integer, min_count integer, center boolean) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_mean_c_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_mean(@extschema@.nvec, integer, integer, boolean) IS 'mean of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_stddev(v @extschema@.nvec, w integer, center boolean) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_stddev_c_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_stddev(@extschema@.nvec, integer, boolean) IS 'sample standard deviation of the present elements of the trailing window of w elements ending at each element (NULL for fewer than two); NULL at a NULL element and until the window holds w present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_stddev(v @extschema@.nvec, w integer, min_count integer, center boolean) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_stddev_c_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_stddev(@extschema@.nvec, integer, integer, boolean) IS 'sample standard deviation of the present elements of the trailing window of w elements ending at each element (NULL for fewer than two); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_min(v @extschema@.nvec, w integer, center boolean) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_min_c_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_min(@extschema@.nvec, integer, boolean) IS 'minimum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and until the window holds w present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_min(v @extschema@.nvec, w integer, min_count integer, center boolean) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_min_c_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_min(@extschema@.nvec, integer, integer, boolean) IS 'minimum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_max(v @extschema@.nvec, w integer, center boolean) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_max_c_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_max(@extschema@.nvec, integer, boolean) IS 'maximum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and until the window holds w present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_max(v @extschema@.nvec, w integer, min_count integer, center boolean) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_max_c_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_max(@extschema@.nvec, integer, integer, boolean) IS 'maximum of the present elements of the trailing window of w elements ending at each element (NaN above every number); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_count(v @extschema@.nvec, w integer, center boolean) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_count_c_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_count(@extschema@.nvec, integer, boolean) IS 'number of present elements in the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_count(v @extschema@.nvec, w integer, min_count integer, center boolean) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_count_c_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_count(@extschema@.nvec, integer, integer, boolean) IS 'number of present elements in the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_var(v @extschema@.nvec, w integer, center boolean) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_var_c_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_var(@extschema@.nvec, integer, boolean) IS 'sample variance of the present elements of the trailing window of w elements ending at each element (NULL for fewer than two); NULL at a NULL element and until the window holds w present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_var(v @extschema@.nvec, w integer, min_count integer, center boolean) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_var_c_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_var(@extschema@.nvec, integer, integer, boolean) IS 'sample variance of the present elements of the trailing window of w elements ending at each element (NULL for fewer than two); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_median(v @extschema@.nvec, w integer, center boolean) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_median_c_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_median(@extschema@.nvec, integer, boolean) IS 'median (percentile_cont(0.5): halfway between the two middle values of an even count; NaN above every number) of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and until the window holds w present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_median(v @extschema@.nvec, w integer, min_count integer, center boolean) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_median_c_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_median(@extschema@.nvec, integer, integer, boolean) IS 'median (percentile_cont(0.5): halfway between the two middle values of an even count; NaN above every number) of the present elements of the trailing window of w elements ending at each element; NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_quantile(v @extschema@.nvec, w integer, q float8, center boolean) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_quantile_c_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_quantile(@extschema@.nvec, integer, float8, boolean) IS 'q-quantile (0 <= q <= 1) of the present elements of the trailing window of w elements ending at each element, as percentile_cont(q) (linear interpolation, NaN above every number); NULL at a NULL element and until the window holds w present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';

CREATE FUNCTION @extschema@.rolling_quantile(v @extschema@.nvec, w integer, q float8, min_count integer, center boolean) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_quantile_c_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_quantile(@extschema@.nvec, integer, float8, integer, boolean) IS 'q-quantile (0 <= q <= 1) of the present elements of the trailing window of w elements ending at each element, as percentile_cont(q) (linear interpolation, NaN above every number); NULL at a NULL element and where the window holds fewer than min_count (0 to w) present elements; with center true, the window of w elements centred on each element instead (w / 2 before it, (w - 1) / 2 after it, rounded down, clipped to the vector; NULL at a NULL element), as pandas'' rolling(w, center=True)';


-- The weighted rolling mean: rolling_mean(v, weights float8[] [, min_count]) (issue 39)
CREATE FUNCTION @extschema@.rolling_mean(v float8[], weights float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_mean_weighted_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_mean(float8[], float8[]) IS 'weighted mean of the trailing window of cardinality(weights) elements ending at each element, weights[j] on its j-th element: sum(x * weight) / sum(weight) over the present elements; NULL at a NULL element, until the window holds as many present elements as weights, and where their weights sum to 0';

CREATE FUNCTION @extschema@.rolling_mean(v float8[], weights float8[], min_count integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_mean_weighted_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_mean(float8[], float8[], integer) IS 'weighted mean of the trailing window of cardinality(weights) elements ending at each element, weights[j] on its j-th element: sum(x * weight) / sum(weight) over the present elements; NULL at a NULL element, where the window holds fewer than min_count present elements, and where their weights sum to 0';

CREATE FUNCTION @extschema@.rolling_mean(v @extschema@.nvec, weights float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_mean_weighted_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_mean(@extschema@.nvec, float8[]) IS 'weighted mean of the trailing window of cardinality(weights) elements ending at each element, weights[j] on its j-th element: sum(x * weight) / sum(weight) over the present elements; NULL at a NULL element, until the window holds as many present elements as weights, and where their weights sum to 0';

CREATE FUNCTION @extschema@.rolling_mean(v @extschema@.nvec, weights float8[], min_count integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_mean_weighted_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_mean(@extschema@.nvec, float8[], integer) IS 'weighted mean of the trailing window of cardinality(weights) elements ending at each element, weights[j] on its j-th element: sum(x * weight) / sum(weight) over the present elements; NULL at a NULL element, where the window holds fewer than min_count present elements, and where their weights sum to 0';

-- ema with pandas' adjust and ignore_na (issue 39): ema by name gains
-- adjust boolean DEFAULT false and ignore_nulls boolean DEFAULT true, so
-- its signature changes (a new overload with defaults would make every
-- call by name ambiguous)
DROP FUNCTION @extschema@.ema(float8[], @extschema@.ema_param, @extschema@.ema_param, @extschema@.ema_param);
DROP FUNCTION @extschema@.ema(@extschema@.nvec, @extschema@.ema_param, @extschema@.ema_param, @extschema@.ema_param);

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
-- Elementwise math: power of a vector by a vector or a float8, over float8[]
-- and nvec
CREATE FUNCTION @extschema@.power(x float8[], y float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'power_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.power(float8[], float8[]) IS 'x raised to the power y elementwise (as power(float8, float8))';

CREATE FUNCTION @extschema@.power(x float8[], y float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'power_float8arr_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.power(float8[], float8) IS 'each element of x raised to the power of the float8 y (as power(float8, float8))';

CREATE FUNCTION @extschema@.power(x @extschema@.nvec, y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'power_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.power(@extschema@.nvec, @extschema@.nvec) IS 'x raised to the power y elementwise (as power(float8, float8))';

CREATE FUNCTION @extschema@.power(x @extschema@.nvec, y float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'power_nvec_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.power(@extschema@.nvec, float8) IS 'each element of x raised to the power of the float8 y (as power(float8, float8))';

CREATE FUNCTION @extschema@.power(x float8[], y float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'power_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.power(float8[], float8[], text) IS 'x raised to the power y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.power(x float8[], y float8, on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'power_float8arr_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.power(float8[], float8, text) IS 'each element of x raised to the power y; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.power(x @extschema@.nvec, y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'power_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.power(@extschema@.nvec, @extschema@.nvec, text) IS 'x raised to the power y elementwise; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.power(x @extschema@.nvec, y float8, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'power_nvec_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.power(@extschema@.nvec, float8, text) IS 'each element of x raised to the power y; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.power(x float8[], y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'power_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.power(float8[], @extschema@.nvec) IS 'x raised to the power y elementwise (as power(float8, float8)), as nvec';

CREATE FUNCTION @extschema@.power(x @extschema@.nvec, y float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'power_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.power(@extschema@.nvec, float8[]) IS 'x raised to the power y elementwise (as power(float8, float8)), as nvec';

CREATE FUNCTION @extschema@.power(x float8[], y @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'power_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.power(float8[], @extschema@.nvec, text) IS 'x raised to the power y elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.power(x @extschema@.nvec, y float8[], on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'power_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.power(@extschema@.nvec, float8[], text) IS 'x raised to the power y elementwise, as nvec; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

-- Elementwise math: atan2 of two vectors or of a vector and a float8, over
-- float8[] and nvec
CREATE FUNCTION @extschema@.atan2(x float8[], y float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'atan2_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.atan2(float8[], float8[]) IS 'arctangent of x / y elementwise, in the quadrant of (y, x) (radians, as atan2(float8, float8))';

CREATE FUNCTION @extschema@.atan2(x float8[], y float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'atan2_float8arr_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.atan2(float8[], float8) IS 'arctangent of each element of x over the float8 y, in the quadrant of (y, x) (radians, as atan2(float8, float8))';

CREATE FUNCTION @extschema@.atan2(x @extschema@.nvec, y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'atan2_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.atan2(@extschema@.nvec, @extschema@.nvec) IS 'arctangent of x / y elementwise, in the quadrant of (y, x) (radians, as atan2(float8, float8))';

CREATE FUNCTION @extschema@.atan2(x @extschema@.nvec, y float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'atan2_nvec_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.atan2(@extschema@.nvec, float8) IS 'arctangent of each element of x over the float8 y, in the quadrant of (y, x) (radians, as atan2(float8, float8))';

CREATE FUNCTION @extschema@.atan2(x float8[], y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'atan2_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.atan2(float8[], @extschema@.nvec) IS 'arctangent of x / y elementwise, in the quadrant of (y, x) (radians, as atan2(float8, float8)), as nvec';

CREATE FUNCTION @extschema@.atan2(x @extschema@.nvec, y float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'atan2_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.atan2(@extschema@.nvec, float8[]) IS 'arctangent of x / y elementwise, in the quadrant of (y, x) (radians, as atan2(float8, float8)), as nvec';

-- Elementwise math: log2 over float8[] and nvec
CREATE FUNCTION @extschema@.log2(v float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'log2_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.log2(float8[]) IS 'base-2 logarithm of each element';

CREATE FUNCTION @extschema@.log2(v @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'log2_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.log2(@extschema@.nvec) IS 'base-2 logarithm of each element';

CREATE FUNCTION @extschema@.log2(v float8[], on_error text) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'log2_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.log2(float8[], text) IS 'base-2 logarithm of each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

CREATE FUNCTION @extschema@.log2(v @extschema@.nvec, on_error text) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'log2_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.log2(@extschema@.nvec, text) IS 'base-2 logarithm of each element; on_error ''error'' raises core''s error for an element core float8 rejects, ''null'' makes it NULL';

-- Elementwise math: round(v, digits), decimal rounding as core's numeric
-- round, over float8[] and nvec
CREATE FUNCTION @extschema@.round(v float8[], digits integer) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'round_digits_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.round(float8[], integer) IS 'each element rounded to digits decimal places, halves away from zero, as round(x::numeric, digits)::float8 (so round(2.675, 2) = 2.68)';

CREATE FUNCTION @extschema@.round(v @extschema@.nvec, digits integer) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'round_digits_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.round(@extschema@.nvec, integer) IS 'each element rounded to digits decimal places, halves away from zero, as round(x::numeric, digits)::float8 (so round(2.675, 2) = 2.68)';

-- Elementwise math: vgreatest and vleast of two vectors or of a vector and a
-- float8 (core's greatest and least), over float8[] and nvec
CREATE FUNCTION @extschema@.vgreatest(x float8[], y float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vgreatest_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vgreatest(float8[], float8[]) IS 'elementwise greatest(x, y) of two vectors: NaN above every number, a NULL element ignored (NULL when both are), the first on a tie (as greatest(float8, float8))';

CREATE FUNCTION @extschema@.vgreatest(x float8[], y float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vgreatest_float8arr_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vgreatest(float8[], float8) IS 'greatest(x, y) of each element of x and the float8 y: NaN above every number, y for a NULL element, the element on a tie (as greatest(float8, float8))';

CREATE FUNCTION @extschema@.vleast(x float8[], y float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vleast_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vleast(float8[], float8[]) IS 'elementwise least(x, y) of two vectors: NaN above every number, a NULL element ignored (NULL when both are), the first on a tie (as least(float8, float8))';

CREATE FUNCTION @extschema@.vleast(x float8[], y float8) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vleast_float8arr_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vleast(float8[], float8) IS 'least(x, y) of each element of x and the float8 y: NaN above every number, y for a NULL element, the element on a tie (as least(float8, float8))';

CREATE FUNCTION @extschema@.vgreatest(x @extschema@.nvec, y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'vgreatest_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vgreatest(@extschema@.nvec, @extschema@.nvec) IS 'elementwise greatest(x, y) of two vectors: NaN above every number, a NULL element ignored (NULL when both are), the first on a tie (as greatest(float8, float8))';

CREATE FUNCTION @extschema@.vgreatest(x @extschema@.nvec, y float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'vgreatest_nvec_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vgreatest(@extschema@.nvec, float8) IS 'greatest(x, y) of each element of x and the float8 y: NaN above every number, y for a NULL element, the element on a tie (as greatest(float8, float8))';

CREATE FUNCTION @extschema@.vleast(x @extschema@.nvec, y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'vleast_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vleast(@extschema@.nvec, @extschema@.nvec) IS 'elementwise least(x, y) of two vectors: NaN above every number, a NULL element ignored (NULL when both are), the first on a tie (as least(float8, float8))';

CREATE FUNCTION @extschema@.vleast(x @extschema@.nvec, y float8) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'vleast_nvec_s' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.vleast(@extschema@.nvec, float8) IS 'least(x, y) of each element of x and the float8 y: NaN above every number, y for a NULL element, the element on a tie (as least(float8, float8))';

CREATE FUNCTION @extschema@.vgreatest(x float8[], y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'vgreatest_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vgreatest(float8[], @extschema@.nvec) IS 'elementwise greatest(x, y) of two vectors: NaN above every number, a NULL element ignored (NULL when both are), the first on a tie (as greatest(float8, float8)), as nvec';

CREATE FUNCTION @extschema@.vleast(x float8[], y @extschema@.nvec) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'vleast_float8arr_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vleast(float8[], @extschema@.nvec) IS 'elementwise least(x, y) of two vectors: NaN above every number, a NULL element ignored (NULL when both are), the first on a tie (as least(float8, float8)), as nvec';

CREATE FUNCTION @extschema@.vgreatest(x @extschema@.nvec, y float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'vgreatest_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vgreatest(@extschema@.nvec, float8[]) IS 'elementwise greatest(x, y) of two vectors: NaN above every number, a NULL element ignored (NULL when both are), the first on a tie (as greatest(float8, float8)), as nvec';

CREATE FUNCTION @extschema@.vleast(x @extschema@.nvec, y float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'vleast_nvec_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vleast(@extschema@.nvec, float8[]) IS 'elementwise least(x, y) of two vectors: NaN above every number, a NULL element ignored (NULL when both are), the first on a tie (as least(float8, float8)), as nvec';

-- skew and kurtosis across rows over nvec and float8[]: position by
-- position, vskew and vkurtosis of each position's values, with a float8[]
-- state of 6n values combined with Pebay's formulas (src/tools/agg_catalog.h,
-- src/series/pg_series_agg_moments.c)
-- the state of skew and kurtosis: a float8[] of 6n values, the counts of
-- valid elements at the n positions, then their first values (shifts), then
-- their means less the shifts, then the sums of the second, third and fourth
-- powers of their deviations from the mean
CREATE FUNCTION @extschema@.vec_skew_transfn(float8[], @extschema@.nvec) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vec_skew_transfn_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_skew_transfn(float8[], @extschema@.nvec) IS
'state transition function of skew(nvec): adds a row to the counts, means and sums of powers of deviations, position by position, with Pebay''s formulas';

CREATE FUNCTION @extschema@.vec_skew_finalfn_nvec(float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_skew_finalfn_nvec(float8[]) IS
'final function of skew(nvec): the skewness at each position, as an nvec';

CREATE FUNCTION @extschema@.vec_skew_transfn(float8[], float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vec_skew_transfn_float8arr' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_skew_transfn(float8[], float8[]) IS
'state transition function of skew(float8[]): adds a row to the counts, means and sums of powers of deviations, position by position, with Pebay''s formulas';

CREATE FUNCTION @extschema@.vec_skew_finalfn_float8arr(float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_skew_finalfn_float8arr(float8[]) IS
'final function of skew(float8[]): the skewness at each position, as a float8[]';

CREATE FUNCTION @extschema@.vec_kurtosis_transfn(float8[], @extschema@.nvec) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vec_kurtosis_transfn_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_kurtosis_transfn(float8[], @extschema@.nvec) IS
'state transition function of kurtosis(nvec): adds a row to the counts, means and sums of powers of deviations, position by position, with Pebay''s formulas';

CREATE FUNCTION @extschema@.vec_kurtosis_finalfn_nvec(float8[]) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_kurtosis_finalfn_nvec(float8[]) IS
'final function of kurtosis(nvec): the excess kurtosis at each position, as an nvec';

CREATE FUNCTION @extschema@.vec_kurtosis_transfn(float8[], float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'vec_kurtosis_transfn_float8arr' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_kurtosis_transfn(float8[], float8[]) IS
'state transition function of kurtosis(float8[]): adds a row to the counts, means and sums of powers of deviations, position by position, with Pebay''s formulas';

CREATE FUNCTION @extschema@.vec_kurtosis_finalfn_float8arr(float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_kurtosis_finalfn_float8arr(float8[]) IS
'final function of kurtosis(float8[]): the excess kurtosis at each position, as a float8[]';

CREATE FUNCTION @extschema@.vec_moments_combinefn(float8[], float8[]) RETURNS float8[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.vec_moments_combinefn(float8[], float8[]) IS
'combine function of skew and kurtosis over vectors: combines the second state (counts, shifts, means, sums of powers of deviations) with the first, with Pebay''s formulas';

CREATE AGGREGATE @extschema@.skew(@extschema@.nvec) (
	SFUNC = @extschema@.vec_skew_transfn,
	STYPE = float8[],
	FINALFUNC = @extschema@.vec_skew_finalfn_nvec,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_moments_combinefn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.skew(@extschema@.nvec) IS
'elementwise skewness across rows with pandas'' bias correction (vskew of each position''s values), NULL elements skipped; NULL where a position has fewer than three valid elements';

CREATE AGGREGATE @extschema@.skew(float8[]) (
	SFUNC = @extschema@.vec_skew_transfn,
	STYPE = float8[],
	FINALFUNC = @extschema@.vec_skew_finalfn_float8arr,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_moments_combinefn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.skew(float8[]) IS
'elementwise skewness across rows with pandas'' bias correction (vskew of each position''s values), NULL elements skipped; NULL where a position has fewer than three valid elements';

CREATE AGGREGATE @extschema@.kurtosis(@extschema@.nvec) (
	SFUNC = @extschema@.vec_kurtosis_transfn,
	STYPE = float8[],
	FINALFUNC = @extschema@.vec_kurtosis_finalfn_nvec,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_moments_combinefn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.kurtosis(@extschema@.nvec) IS
'elementwise excess kurtosis across rows with pandas'' bias correction (vkurtosis of each position''s values), NULL elements skipped; NULL where a position has fewer than four valid elements';

CREATE AGGREGATE @extschema@.kurtosis(float8[]) (
	SFUNC = @extschema@.vec_kurtosis_transfn,
	STYPE = float8[],
	FINALFUNC = @extschema@.vec_kurtosis_finalfn_float8arr,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC = @extschema@.vec_moments_combinefn,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE @extschema@.kurtosis(float8[]) IS
'elementwise excess kurtosis across rows with pandas'' bias correction (vkurtosis of each position''s values), NULL elements skipped; NULL where a position has fewer than four valid elements';

-- resample_vectors and resample_ohlc_vectors: resample and resample_ohlc as
-- one row of vectors
CREATE FUNCTION @extschema@.resample_vectors(ts timestamptz[], v float8[], stride interval, how text,
		origin timestamptz DEFAULT '1970-01-01 00:00:00+00', fill text DEFAULT 'null',
		OUT bucket timestamptz[], OUT value float8[])
	AS 'MODULE_PATHNAME', 'resample_vectors_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.resample_vectors(timestamptz[], float8[], interval, text, timestamptz, text) IS 'resample as one row of vectors: bucket, the starts of the buckets resample returns as rows, and value, their values, in order (NULL elements where the rows have NULL)';

CREATE FUNCTION @extschema@.resample_vectors(ts timestamptz[], v @extschema@.nvec, stride interval, how text,
		origin timestamptz DEFAULT '1970-01-01 00:00:00+00', fill text DEFAULT 'null',
		OUT bucket timestamptz[], OUT value @extschema@.nvec)
	AS 'MODULE_PATHNAME', 'resample_vectors_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.resample_vectors(timestamptz[], @extschema@.nvec, interval, text, timestamptz, text) IS 'resample as one row of vectors: bucket, the starts of the buckets resample returns as rows, and value, their values, in order (NULL elements where the rows have NULL)';

CREATE FUNCTION @extschema@.resample_ohlc_vectors(ts timestamptz[], v float8[], stride interval,
		origin timestamptz DEFAULT '1970-01-01 00:00:00+00', fill text DEFAULT 'null',
		OUT bucket timestamptz[], OUT open float8[], OUT high float8[], OUT low float8[], OUT close float8[])
	AS 'MODULE_PATHNAME', 'resample_ohlc_vectors_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.resample_ohlc_vectors(timestamptz[], float8[], interval, timestamptz, text) IS 'resample_ohlc as one row of vectors: bucket, the starts of the bars resample_ohlc returns as rows, and open, high, low and close, their values, in order (NULL elements where the rows have NULL)';

CREATE FUNCTION @extschema@.resample_ohlc_vectors(ts timestamptz[], v @extschema@.nvec, stride interval,
		origin timestamptz DEFAULT '1970-01-01 00:00:00+00', fill text DEFAULT 'null',
		OUT bucket timestamptz[], OUT open @extschema@.nvec, OUT high @extschema@.nvec, OUT low @extschema@.nvec, OUT close @extschema@.nvec)
	AS 'MODULE_PATHNAME', 'resample_ohlc_vectors_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
	SUPPORT @extschema@.fusekern_support;
COMMENT ON FUNCTION @extschema@.resample_ohlc_vectors(timestamptz[], @extschema@.nvec, interval, timestamptz, text) IS 'resample_ohlc as one row of vectors: bucket, the starts of the bars resample_ohlc returns as rows, and open, high, low and close, their values, in order (NULL elements where the rows have NULL)';

-- tvec: a time axis stored as delta-of-deltas (src/sql/49_tvec.sql)

CREATE TYPE @extschema@.tvec;

-- text input and output go through timestamptz's, which read TimeZone and
-- DateStyle: STABLE, as array_in and array_out are
CREATE FUNCTION @extschema@.tvec_in(cstring) RETURNS @extschema@.tvec
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.tvec_in(cstring) IS
'text input of tvec: the text of a timestamptz[], without NULL elements';

CREATE FUNCTION @extschema@.tvec_out(@extschema@.tvec) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.tvec_out(@extschema@.tvec) IS
'text output of tvec: the text of its timestamptz[]';

CREATE FUNCTION @extschema@.tvec_recv(internal) RETURNS @extschema@.tvec
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.tvec_recv(internal) IS
'binary input of tvec: int32 count, then the times as int64 microseconds, checked';

CREATE FUNCTION @extschema@.tvec_send(@extschema@.tvec) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.tvec_send(@extschema@.tvec) IS
'binary output of tvec: int32 count, then the times as int64 microseconds';

CREATE TYPE @extschema@.tvec (
	INPUT = @extschema@.tvec_in,
	OUTPUT = @extschema@.tvec_out,
	RECEIVE = @extschema@.tvec_recv,
	SEND = @extschema@.tvec_send,
	INTERNALLENGTH = VARIABLE,
	ALIGNMENT = double,
	-- already compressed: TOAST moves a long value out of line but never
	-- pglz-compresses it again
	STORAGE = external
);
COMMENT ON TYPE @extschema@.tvec IS
'vector of timestamptz without NULLs, stored as delta-of-deltas in bit-packed blocks';

CREATE FUNCTION @extschema@.tvec(timestamptz[]) RETURNS @extschema@.tvec
	AS 'MODULE_PATHNAME', 'tvec_from_timestamptz_array' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.tvec(timestamptz[]) IS
'cast timestamptz[] to tvec (a NULL element is an error)';

CREATE FUNCTION @extschema@.tvec_to_timestamptz_array(@extschema@.tvec) RETURNS timestamptz[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.tvec_to_timestamptz_array(@extschema@.tvec) IS
'cast tvec to a one-dimensional timestamptz[]';

CREATE CAST (timestamptz[] AS @extschema@.tvec)
	WITH FUNCTION @extschema@.tvec(timestamptz[]) AS ASSIGNMENT;
COMMENT ON CAST (timestamptz[] AS @extschema@.tvec) IS
'one-dimensional timestamptz[] without NULLs to tvec';
-- implicit: every function of a time axis takes a tvec where it takes a
-- timestamptz[]
CREATE CAST (@extschema@.tvec AS timestamptz[])
	WITH FUNCTION @extschema@.tvec_to_timestamptz_array(@extschema@.tvec) AS IMPLICIT;
COMMENT ON CAST (@extschema@.tvec AS timestamptz[]) IS
'tvec to a one-dimensional timestamptz[], implicit';

CREATE FUNCTION @extschema@.length(@extschema@.tvec) RETURNS integer
	AS 'MODULE_PATHNAME', 'tvec_length' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.length(@extschema@.tvec) IS
'number of times in a tvec';

CREATE FUNCTION @extschema@.tvec_bits_per_time(@extschema@.tvec) RETURNS float8
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.tvec_bits_per_time(@extschema@.tvec) IS
'bits the tvec takes per time, its header included (a timestamptz[] takes 64 and more); NULL when empty';
-- closed for the rolling windows of a duration: rolling_<op>(v, ts, w
-- [, q], closed, min_count DEFAULT 1), which ends of the window are closed,
-- as pandas' closed ('right', 'left', 'both', 'neither')
CREATE FUNCTION @extschema@.rolling_sum(v float8[], ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_sum_by_closed_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_sum(float8[], timestamptz[], interval, text, integer) IS 'rolling sum of the present elements over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_sum(v @extschema@.nvec, ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_sum_by_closed_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_sum(@extschema@.nvec, timestamptz[], interval, text, integer) IS 'rolling sum of the present elements over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_mean(v float8[], ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_mean_by_closed_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_mean(float8[], timestamptz[], interval, text, integer) IS 'rolling mean of the present elements over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_mean(v @extschema@.nvec, ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_mean_by_closed_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_mean(@extschema@.nvec, timestamptz[], interval, text, integer) IS 'rolling mean of the present elements over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_stddev(v float8[], ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_stddev_by_closed_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_stddev(float8[], timestamptz[], interval, text, integer) IS 'rolling sample standard deviation of the present elements (at least two) over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_stddev(v @extschema@.nvec, ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_stddev_by_closed_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_stddev(@extschema@.nvec, timestamptz[], interval, text, integer) IS 'rolling sample standard deviation of the present elements (at least two) over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_var(v float8[], ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_var_by_closed_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_var(float8[], timestamptz[], interval, text, integer) IS 'rolling sample variance of the present elements (at least two) over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_var(v @extschema@.nvec, ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_var_by_closed_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_var(@extschema@.nvec, timestamptz[], interval, text, integer) IS 'rolling sample variance of the present elements (at least two) over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_min(v float8[], ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_min_by_closed_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_min(float8[], timestamptz[], interval, text, integer) IS 'rolling minimum of the present elements (NaN above every number) over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_min(v @extschema@.nvec, ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_min_by_closed_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_min(@extschema@.nvec, timestamptz[], interval, text, integer) IS 'rolling minimum of the present elements (NaN above every number) over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_max(v float8[], ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_max_by_closed_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_max(float8[], timestamptz[], interval, text, integer) IS 'rolling maximum of the present elements (NaN above every number) over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_max(v @extschema@.nvec, ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_max_by_closed_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_max(@extschema@.nvec, timestamptz[], interval, text, integer) IS 'rolling maximum of the present elements (NaN above every number) over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_count(v float8[], ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_count_by_closed_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_count(float8[], timestamptz[], interval, text, integer) IS 'rolling count of the present elements over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements (with min_count 0, an empty window counts 0)';

CREATE FUNCTION @extschema@.rolling_count(v @extschema@.nvec, ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_count_by_closed_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_count(@extschema@.nvec, timestamptz[], interval, text, integer) IS 'rolling count of the present elements over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements (with min_count 0, an empty window counts 0)';

CREATE FUNCTION @extschema@.rolling_median(v float8[], ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_median_by_closed_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_median(float8[], timestamptz[], interval, text, integer) IS 'rolling median of the present elements, as percentile_cont(0.5), over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_median(v @extschema@.nvec, ts timestamptz[], w interval, closed text, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_median_by_closed_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_median(@extschema@.nvec, timestamptz[], interval, text, integer) IS 'rolling median of the present elements, as percentile_cont(0.5), over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_quantile(v float8[], ts timestamptz[], w interval, q float8, closed text, min_count integer DEFAULT 1) RETURNS float8[]
	AS 'MODULE_PATHNAME', 'rolling_quantile_by_closed_float8arr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_quantile(float8[], timestamptz[], interval, float8, text, integer) IS 'rolling quantile q (0 to 1) of the present elements, as percentile_cont(q), over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

CREATE FUNCTION @extschema@.rolling_quantile(v @extschema@.nvec, ts timestamptz[], w interval, q float8, closed text, min_count integer DEFAULT 1) RETURNS @extschema@.nvec
	AS 'MODULE_PATHNAME', 'rolling_quantile_by_closed_nvec' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.rolling_quantile(@extschema@.nvec, timestamptz[], interval, float8, text, integer) IS 'rolling quantile q (0 to 1) of the present elements, as percentile_cont(q), over a window of duration w closed as closed says: the window of element i holds the elements at times in (ts[i] - w, ts[i]] for ''right'', [ts[i] - w, ts[i]) for ''left'', [ts[i] - w, ts[i]] for ''both'', (ts[i] - w, ts[i]) for ''neither'', w an interval without months; NULL where element i is NULL or the window holds fewer than min_count present elements';

-- A resampling of a fused program: resample(ts, <nested calls>, ...) and
-- the other resamplings, when their values are nested fusekern calls, are
-- rewritten by the planner into these: the program (v1, v2, ... its
-- inputs, which follow it) runs a block at a time straight into the
-- buckets, no vector of the values built; the resampling's own arguments
-- (ts, stride, [how,] origin, fill) come last.  Not STRICT: a NULL gives
-- what the unfused call gives.
CREATE FUNCTION @extschema@.fused_resample(program text, VARIADIC inputs "any")
	RETURNS TABLE (bucket timestamptz, value float8)
	AS 'MODULE_PATHNAME', 'fused_resample' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fused_resample(text, "any") IS 'resample over a fused program of float8[] or nvec inputs v1, v2, ..., followed by the arguments of resample but its values, in one pass (written by the planner for resample of nested calls)';

CREATE FUNCTION @extschema@.fused_resample_ohlc(program text, VARIADIC inputs "any")
	RETURNS TABLE (bucket timestamptz, open float8, high float8, low float8, close float8)
	AS 'MODULE_PATHNAME', 'fused_resample_ohlc' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fused_resample_ohlc(text, "any") IS 'resample_ohlc over a fused program of float8[] or nvec inputs v1, v2, ..., followed by the arguments of resample_ohlc but its values, in one pass (written by the planner for resample_ohlc of nested calls)';

CREATE FUNCTION @extschema@.fused_resample_vectors(program text, VARIADIC inputs "any",
		OUT bucket timestamptz[], OUT value float8[])
	AS 'MODULE_PATHNAME', 'fused_resample_vectors' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fused_resample_vectors(text, "any") IS 'resample_vectors over a fused program of float8[] inputs v1, v2, ..., followed by the arguments of resample_vectors but its values, in one pass (written by the planner for resample_vectors of nested calls)';

CREATE FUNCTION @extschema@.fused_resample_vectors_nvec(program text, VARIADIC inputs "any",
		OUT bucket timestamptz[], OUT value @extschema@.nvec)
	AS 'MODULE_PATHNAME', 'fused_resample_vectors_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fused_resample_vectors_nvec(text, "any") IS 'resample_vectors over a fused program of nvec inputs v1, v2, ..., followed by the arguments of resample_vectors but its values, in one pass (written by the planner for resample_vectors of nested calls)';

CREATE FUNCTION @extschema@.fused_resample_ohlc_vectors(program text, VARIADIC inputs "any",
		OUT bucket timestamptz[], OUT open float8[], OUT high float8[], OUT low float8[], OUT close float8[])
	AS 'MODULE_PATHNAME', 'fused_resample_ohlc_vectors' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fused_resample_ohlc_vectors(text, "any") IS 'resample_ohlc_vectors over a fused program of float8[] inputs v1, v2, ..., followed by the arguments of resample_ohlc_vectors but its values, in one pass (written by the planner for resample_ohlc_vectors of nested calls)';

CREATE FUNCTION @extschema@.fused_resample_ohlc_vectors_nvec(program text, VARIADIC inputs "any",
		OUT bucket timestamptz[], OUT open @extschema@.nvec, OUT high @extschema@.nvec, OUT low @extschema@.nvec, OUT close @extschema@.nvec)
	AS 'MODULE_PATHNAME', 'fused_resample_ohlc_vectors_nvec' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.fused_resample_ohlc_vectors_nvec(text, "any") IS 'resample_ohlc_vectors over a fused program of nvec inputs v1, v2, ..., followed by the arguments of resample_ohlc_vectors but its values, in one pass (written by the planner for resample_ohlc_vectors of nested calls)';
