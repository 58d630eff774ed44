-- Histograms: vhistogram(v, lo, hi, count) and vhistogram(v, edges) over
-- float8[], nvec and nvec(compressed), against core's width_bucket and
-- count(*) over unnest(v); core's errors for bad bounds, counts and edges
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- NULL runs across the 64-bit words and the 1,024-value blocks of
-- compressed values, values on the bounds and edges, -0, infinities,
-- subnormals, all NULL, one element, none
CREATE TABLE hi_vec (id int, v float8[]);
INSERT INTO hi_vec
SELECT 1, '{NULL,3,1,NULL,2,NULL,10,0,-0,5}'::float8[] UNION ALL
SELECT 2, '{Infinity,-Infinity,-4.9e-324,9.999999999999998,2.5}' UNION ALL
SELECT 3, '{NULL,NULL}' UNION ALL
SELECT 4, '{}' UNION ALL
SELECT 5, '{7}' UNION ALL
SELECT 10 + k, array_agg(CASE WHEN i <= 60 * k + 1000 * (k - 1) OR i > 3000 - 70 * k
								   OR i % 13 = 0 THEN NULL
							  ELSE round((i / 300.0 + sin(i))::numeric, 2)::float8 END
						 ORDER BY i)
FROM generate_series(1, 3) k, generate_series(1, 3000) i GROUP BY k;
SELECT id, nvec_encoding(nvec_compress(v::nvec)) AS compressed
FROM hi_vec WHERE id > 10 ORDER BY id;

-- Bounds and counts: ascending, descending, one bucket, a narrow range
CREATE TABLE hi_width (lo float8, hi float8, cnt int);
INSERT INTO hi_width VALUES (0, 10, 4), (10, 0, 4), (0, 10, 1), (-1, 11, 7),
	(2.5, 2.6, 3);

-- Element b (from 0) counts the valid elements x with width_bucket = b
SELECT h.id, w.lo, w.hi, w.cnt,
	array_lower(vhistogram(h.v, w.lo, w.hi, w.cnt), 1) AS lower,
	ARRAY(SELECT unnest(vhistogram(h.v, w.lo, w.hi, w.cnt))) = r.c
	AND vhistogram(h.v, w.lo, w.hi, w.cnt) = vhistogram(h.v::nvec, w.lo, w.hi, w.cnt)
	AND vhistogram(h.v, w.lo, w.hi, w.cnt)
		= vhistogram(nvec_compress(h.v::nvec), w.lo, w.hi, w.cnt) AS same,
	r.c
FROM hi_vec h CROSS JOIN hi_width w, LATERAL (
	SELECT array_agg(coalesce(n, 0) ORDER BY b) AS c
	FROM generate_series(0, w.cnt + 1) b
		 LEFT JOIN (SELECT width_bucket(x, w.lo, w.hi, w.cnt) AS wb, count(*) AS n
					FROM unnest(h.v) x WHERE x IS NOT NULL GROUP BY 1) u ON u.wb = b) r
ORDER BY h.id, w.lo, w.hi, w.cnt;

-- Edges: ascending, repeated, one, none, a NaN edge (above every number),
-- unsorted (core's binary search, followed as it is)
CREATE TABLE hi_edges (e float8[]);
INSERT INTO hi_edges VALUES ('{0,1,2.5,2.5,10}'), ('{-0}'), ('{}'), ('{1,5,NaN}'),
	('{5,1,3}'), ('{-Infinity,0,Infinity}');
INSERT INTO hi_vec VALUES (6, '{NaN,1,NULL,NaN,7,-0,0}');
SELECT h.id, d.e,
	array_lower(vhistogram(h.v, d.e), 1) AS lower,
	ARRAY(SELECT unnest(vhistogram(h.v, d.e))) = r.c
	AND vhistogram(h.v, d.e) = vhistogram(h.v::nvec, d.e)
	AND vhistogram(h.v, d.e) = vhistogram(nvec_compress(h.v::nvec), d.e) AS same,
	r.c
FROM hi_vec h CROSS JOIN hi_edges d, LATERAL (
	SELECT array_agg(coalesce(n, 0) ORDER BY b) AS c
	FROM generate_series(0, coalesce(array_length(d.e, 1), 0)) b
		 LEFT JOIN (SELECT width_bucket(x, d.e) AS wb, count(*) AS n
					FROM unnest(h.v) x WHERE x IS NOT NULL GROUP BY 1) u ON u.wb = b) r
ORDER BY h.id, d.e::text;

-- By hand
SELECT vhistogram('{1,2,2,3,NULL,9,-1}'::float8[], 0, 4, 2) AS width,
	   vhistogram('{1,2,2,3,NULL,9,-1}'::nvec, '{0,2,4}') AS edges;

-- Where PostgreSQL 15's width_bucket is out of its range: a quotient that
-- rounds to 1 stays in the last bucket, a span beyond the float8 range is
-- halved, as later releases compute them
SELECT vhistogram('{4.9e-324,9.999999999999998}'::float8[], 10, 0, 4) AS rounds,
	   vhistogram('{0,1e308,-1.4e308,1.5e308}'::nvec, -1.5e308, 1.5e308, 3) AS halved,
	   vhistogram('{0,1e308,-1.4e308,-1.5e308}'::nvec, 1.5e308, -1.5e308, 3) AS halved_desc;

-- Errors, as core's width_bucket gives them
SELECT vhistogram('{1}'::float8[], 0, 1, 0);
SELECT vhistogram('{1}'::nvec, 0, 'NaN', 2);
SELECT vhistogram('{1}'::float8[], 0, 'Infinity', 2);
SELECT vhistogram('{1}'::float8[], 1, 1, 2);
SELECT vhistogram('{1,NULL,NaN}'::float8[], 0, 1, 2);
SELECT vhistogram('{1}'::float8[], 0, 1, 2147483647);
SELECT vhistogram('{1}'::float8[], '{1,NULL}');
SELECT vhistogram('{1}'::nvec, '{{1,2},{3,4}}');

-- Labels and comments
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel,
	obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented
FROM pg_proc p WHERE p.proname = 'vhistogram'
ORDER BY p.oid::regprocedure::text;

DROP TABLE hi_vec, hi_width, hi_edges;
