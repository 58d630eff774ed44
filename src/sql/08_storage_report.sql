-- fusekern_storage_report(): how each float8[] and nvec column is stored,
-- and what nvec(compressed) would take (docs/nvec.md, "Storage").  Only
-- columns the caller may SELECT are listed; the sample is read with the
-- caller's rights (SECURITY INVOKER), so row security applies to it.

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
