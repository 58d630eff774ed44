SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- Storage by default: a column declared nvec is never pglz-compressed by
-- TOAST (the type's storage is external), a column that asks for extended
-- storage still is and stays readable, and fusekern_storage_report() tells
-- each column's storage, compression and size, estimates what
-- nvec(compressed) would take, and lists only the columns the caller may
-- read.

SELECT typstorage FROM pg_type WHERE oid = 'nvec'::regtype;

-- 20 random walks of 3,000 prices in cents, in five columns
SELECT setseed(0.5);
CREATE TABLE sr_base AS
SELECT g AS id,
	   (SELECT array_agg(round((100 + s)::numeric, 2)::float8 ORDER BY i)
		FROM (SELECT i, 0.2 * sum(random() - 0.5) OVER (ORDER BY i) AS s
			  FROM generate_series(1, 3000 + 0 * g) i) w) AS px
FROM generate_series(1, 20) g;
CREATE TABLE sr (id int, a float8[], n nvec, old nvec, c nvec(compressed));
ALTER TABLE sr ALTER old SET STORAGE EXTENDED;
INSERT INTO sr SELECT id, px, px::nvec, px::nvec, px::nvec FROM sr_base;
INSERT INTO sr VALUES (21, NULL, NULL, NULL, NULL);

-- how the values are stored: float8[] and the extended nvec pglz, nvec
-- uncompressed, nvec(compressed) in its own form; all read back the same
SELECT attname, attstorage FROM pg_attribute
WHERE attrelid = 'sr'::regclass AND attnum > 1 ORDER BY attnum;
SELECT count(*) AS values_,
	   count(*) FILTER (WHERE pg_column_compression(a) = 'pglz') AS a_pglz,
	   count(*) FILTER (WHERE pg_column_compression(n) IS NULL) AS n_uncompressed,
	   count(*) FILTER (WHERE pg_column_compression(old) = 'pglz') AS old_pglz,
	   count(*) FILTER (WHERE nvec_encoding(c) = 'alp'
						AND pg_column_compression(c) IS NULL) AS c_alp,
	   bool_and(n = a::nvec AND old = n AND c = n AND c::text = a::text) AS same
FROM sr WHERE a IS NOT NULL;

-- the report: sizes as pg_column_size gives them, and (every value
-- sampled here) the estimate is the size of the compressed values
SELECT column_name, column_type, storage, compression, rows_stored,
	   split_part(advice, ':', 1) AS verdict
FROM fusekern_storage_report('sr');
SELECT r.column_name,
	   r.stored_bytes = (SELECT sum(v) FROM sr, LATERAL (
			VALUES (CASE r.column_name WHEN 'a' THEN pg_column_size(a)
					WHEN 'n' THEN pg_column_size(n) WHEN 'old' THEN pg_column_size(old)
					ELSE pg_column_size(c) END)) x(v)) AS stored_ok,
	   r.compressed_estimate_bytes = (SELECT sum(pg_column_size(nvec_compress(px::nvec)))
									  FROM sr_base) AS estimate_ok,
	   r.compressed_estimate_bytes < r.stored_bytes AS smaller
FROM fusekern_storage_report('sr') r;
-- the advice names the statement that moves a column to the fast form
SELECT advice LIKE '%ALTER TABLE public.sr ALTER COLUMN a TYPE nvec(compressed) USING a::nvec%' AS names_it
FROM fusekern_storage_report('sr') WHERE column_name = 'a';

-- that statement, run: the column reads as fast, the values unchanged
ALTER TABLE sr ALTER COLUMN a TYPE nvec(compressed) USING a::nvec;
SELECT column_type, compression, split_part(advice, ':', 1) AS verdict
FROM fusekern_storage_report('sr') WHERE column_name = 'a';
SELECT bool_and(a = n) AS same FROM sr;

-- a sample smaller than the table: an estimate near the whole's
SELECT abs(r.compressed_estimate_bytes::float8 /
		   (SELECT sum(pg_column_size(nvec_compress(n))) FROM sr) - 1) < 0.2 AS near
FROM fusekern_storage_report('sr', 5) r WHERE column_name = 'n';

-- values of a few KB: TOAST keeps them out of line (rows past the default
-- toast_tuple_target, a quarter of a page), compressed (about 5 KB) or
-- plain (390 values, 3 KB: a day of minutes), and the advice says how to
-- keep them in the table; after it they are read from the heap, the same
-- values, and the advice is the plain verdict
CREATE TABLE sr_wide (id int, c nvec(compressed));
CREATE TABLE sr_day (id int, p nvec);
INSERT INTO sr_wide SELECT id, (px || px || px)[1:8000]::nvec FROM sr_base WHERE id <= 5;
INSERT INTO sr_day SELECT id, px[1:390]::nvec FROM sr_base WHERE id <= 5;
SELECT min(pg_column_size(c)) > 2032 AND max(pg_column_size(c)) < 8000 AS between_targets,
	   pg_relation_size('sr_wide') < sum(pg_column_size(c)) AS out_of_line
FROM sr_wide;
SELECT min(pg_column_size(p)) > 2032 AND max(pg_column_size(p)) < 8000 AS between_targets,
	   pg_relation_size('sr_day') < sum(pg_column_size(p)) AS out_of_line
FROM sr_day;
SELECT table_name, split_part(advice, ':', 1) AS verdict,
	   advice LIKE format('%%ALTER TABLE public.%s SET (toast_tuple_target = 8160)%%VACUUM FULL public.%s%%',
						  table_name, table_name) AS names_it
FROM fusekern_storage_report() WHERE table_name IN ('sr_wide'::regclass, 'sr_day'::regclass)
ORDER BY 1;
CREATE TABLE sr_wide_before AS SELECT id, c::text AS t FROM sr_wide;
CREATE TABLE sr_day_before AS SELECT id, p::text AS t FROM sr_day;
ALTER TABLE sr_wide SET (toast_tuple_target = 8160);
ALTER TABLE sr_day SET (toast_tuple_target = 8160);
VACUUM FULL sr_wide;
VACUUM FULL sr_day;
SELECT pg_relation_size('sr_wide') >= sum(pg_column_size(c)) AS in_heap,
	   (SELECT pg_relation_size(reltoastrelid) FROM pg_class
		WHERE oid = 'sr_wide'::regclass) AS toast_bytes,
	   bool_and(c::text = b.t) AS same
FROM sr_wide JOIN sr_wide_before b USING (id);
SELECT pg_relation_size('sr_day') >= sum(pg_column_size(p)) AS in_heap,
	   (SELECT pg_relation_size(reltoastrelid) FROM pg_class
		WHERE oid = 'sr_day'::regclass) AS toast_bytes,
	   bool_and(p::text = b.t) AS same
FROM sr_day JOIN sr_day_before b USING (id);
SELECT table_name, advice FROM fusekern_storage_report()
WHERE table_name IN ('sr_wide'::regclass, 'sr_day'::regclass) ORDER BY 1;
DROP TABLE sr_wide, sr_wide_before, sr_day, sr_day_before;

-- an empty table, a table without vectors, every table (NULL)
CREATE TABLE sr_empty (v nvec);
CREATE TABLE sr_none (i int);
SELECT * FROM fusekern_storage_report('sr_empty');
SELECT * FROM fusekern_storage_report('sr_none');
SELECT count(*) FILTER (WHERE table_name = 'sr'::regclass) AS sr_columns,
	   count(*) FILTER (WHERE table_name = 'sr_empty'::regclass) AS empty_columns
FROM fusekern_storage_report();

-- only the columns the caller may read: none, then one granted column
CREATE ROLE regress_fk_storage;
SET ROLE regress_fk_storage;
SELECT count(*) AS visible FROM fusekern_storage_report();
RESET ROLE;
GRANT SELECT (n) ON sr TO regress_fk_storage;
SET ROLE regress_fk_storage;
SELECT table_name, column_name FROM fusekern_storage_report();
RESET ROLE;
REVOKE ALL ON sr FROM regress_fk_storage;
DROP ROLE regress_fk_storage;

-- bad sample sizes (22023)
SELECT * FROM fusekern_storage_report('sr', 0);
SELECT * FROM fusekern_storage_report('sr', NULL);

-- the labels: stable (it reads tables), parallel restricted (it may read
-- a temporary table), commented
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel,
	   obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented
FROM pg_proc p WHERE p.proname = 'fusekern_storage_report';

DROP TABLE sr, sr_base, sr_empty, sr_none;
