-- The tables of bench/swap_builds_w6.sh: 1,000 walks x 10,000 cents as
-- nvec, nvec(compressed), nvec(compressed) kept in the heap (xnvcin: a
-- table WITH (toast_tuple_target = 8160)) and float8[] lz4; and kept in the
-- heap with NULLs: 10 % of every row's (xnull10), one in every other row
-- (xhalfnull: avg's rows slot folded in at every second row)
-- (make psql ARGS="-f bench/w6_tables.sql")
SELECT setseed(0.4);
CREATE OR REPLACE FUNCTION walk(n int, step float8) RETURNS float8[] LANGUAGE sql AS $$
	SELECT array_agg(s ORDER BY i)
	FROM (SELECT i, step * sum(random() - 0.5) OVER (ORDER BY i) AS s
		  FROM generate_series(1, n) i) w $$;
DROP TABLE IF EXISTS xb, xnv, xnvc, xnvcin, xf8, xlz4, xnull10, xhalfnull;
CREATE TABLE xb AS SELECT g AS id, ARRAY(SELECT round((100 + x)::numeric, 2)::float8 FROM unnest(walk(10000 + 0 * g, 0.2)) x) AS px FROM generate_series(1, 1000) g;
CREATE TABLE xnv (id int, px nvec);
CREATE TABLE xnvc (id int, px nvec(compressed));
CREATE TABLE xnvcin (id int, px nvec(compressed)) WITH (toast_tuple_target = 8160);
CREATE TABLE xlz4 (id int, px float8[] COMPRESSION lz4);
CREATE TABLE xnull10 (id int, px nvec(compressed)) WITH (toast_tuple_target = 8160);
CREATE TABLE xhalfnull (id int, px nvec(compressed)) WITH (toast_tuple_target = 8160);
INSERT INTO xnv SELECT id, px::nvec FROM xb;
INSERT INTO xnvc SELECT id, px::nvec FROM xb;
INSERT INTO xnvcin SELECT id, px::nvec FROM xb;
INSERT INTO xlz4 SELECT id, px[1:10000] FROM xb;
INSERT INTO xnull10 SELECT id, ARRAY(SELECT CASE WHEN random() < 0.1 THEN NULL ELSE x END
									 FROM unnest(px) x)::nvec FROM xb;
INSERT INTO xhalfnull SELECT id, (CASE WHEN id % 2 = 0 THEN px[1:9999] || NULL::float8
								  ELSE px END)::nvec FROM xb;
VACUUM ANALYZE xnv, xnvc, xnvcin, xlz4, xnull10, xhalfnull;
SELECT string_agg(DISTINCT coalesce(pg_column_compression(px), 'none'), ',') FROM xlz4;
