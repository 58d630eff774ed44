-- The table of bench/callgrind_sql_query.sh: 100 random-walk price series of
-- 10,000 elements, as float8[] (px), with 10% NULLs (pxn) and as nvec with
-- those NULLs (pn), stored uncompressed
CREATE EXTENSION IF NOT EXISTS fusekern;
SELECT setseed(0.25);
DROP TABLE IF EXISTS p;
CREATE TABLE p (id int, px float8[], pxn float8[]);
ALTER TABLE p ALTER px SET STORAGE EXTERNAL;
ALTER TABLE p ALTER pxn SET STORAGE EXTERNAL;
INSERT INTO p SELECT s, array_agg(100 * exp(w) ORDER BY i), NULL
 FROM (SELECT s, i, sum(0.01 * (random() - 0.5)) OVER (PARTITION BY s ORDER BY i) AS w
       FROM generate_series(1, 100) s, generate_series(1, 10000) i) t GROUP BY s;
UPDATE p SET pxn = (SELECT array_agg(CASE WHEN random() < 0.1 THEN NULL ELSE x END ORDER BY o) FROM unnest(px) WITH ORDINALITY u(x, o));
VACUUM ANALYZE p;
ALTER TABLE p ADD pn nvec;
UPDATE p SET pn = pxn::nvec;
VACUUM ANALYZE p;
