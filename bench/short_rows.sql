-- Rows of a few KB kept in TOAST or in the table: 20,000 rows of 390
-- prices in cents (a trading day of minutes), as nvec (3,132 bytes a row:
-- past the default toast_tuple_target, so out of line), as nvec in a table
-- WITH (toast_tuple_target = 8160) (in the heap) and as nvec(compressed)
-- (328-1,024 bytes: in the heap anyway); a mean of log returns per row and the
-- average across rows over each, 4 runs each (the first reads cold), in
-- that order; psql prints the time of the query that writes them last.
--   make psql ARGS="-f bench/short_rows.sql"
SELECT setseed(0.3);
DROP TABLE IF EXISTS dnv, dnvin, dnvc;
CREATE TABLE dnv (id int, px nvec);
CREATE TABLE dnvin (id int, px nvec) WITH (toast_tuple_target = 8160);
CREATE TABLE dnvc (id int, px nvec(compressed));
INSERT INTO dnv
SELECT g, (SELECT array_agg(round((100 + 0.01 * g + sin(i * 0.1 + g))::numeric, 2)::float8 ORDER BY i)
		   FROM generate_series(1, 390 + 0 * g) i)::nvec
FROM generate_series(1, 20000) g;
INSERT INTO dnvin SELECT * FROM dnv;
INSERT INTO dnvc SELECT * FROM dnv;
VACUUM ANALYZE dnv, dnvin, dnvc;
SELECT c AS table_name, pg_relation_size(c) AS heap_bytes,
	   pg_total_relation_size(c) - pg_relation_size(c) AS toast_and_index_bytes,
	   (SELECT max(pg_column_size(px)) FROM dnv) AS nvec_bytes,
	   (SELECT max(pg_column_size(px)) FROM dnvc) AS compressed_bytes
FROM unnest(ARRAY['dnv', 'dnvin', 'dnvc']::regclass[]) c;
SET jit = off;
SET max_parallel_workers_per_gather = 0;
\timing on
SELECT format('SELECT %s FROM %s', q, t)
FROM unnest(ARRAY['sum(vmean(dlog(px)))', 'vsum(avg(px))']) WITH ORDINALITY q(q, qi),
	 unnest(ARRAY['dnv', 'dnvin', 'dnvc']) WITH ORDINALITY t(t, ti),
	 generate_series(1, 4) r
ORDER BY qi, ti, r \gexec
