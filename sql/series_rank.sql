-- Sort and rank: vsort, vrank, vpercent_rank over float8[], nvec and
-- nvec(compressed), against core's ORDER BY and its rank(), dense_rank(),
-- row_number() and percent_rank() window functions over unnest() WITH
-- ORDINALITY
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- NULL runs across the 64-bit words and the 1,024-value blocks of
-- compressed values, ties, NaN, -0 and 0 (equal), infinities, subnormals,
-- values of every sign and magnitude, all NULL, one element, none
CREATE TABLE rk_vec (id int, v float8[]);
INSERT INTO rk_vec
SELECT 1, '{NULL,3,1,NULL,2,NULL,3,1,3}'::float8[] UNION ALL
SELECT 2, '{NaN,1,-0,0,NaN,-Infinity,Infinity,4.9e-324,-0,-4.9e-324}' UNION ALL
SELECT 3, '{NULL,NULL}' UNION ALL
SELECT 4, '{}' UNION ALL
SELECT 5, '{7}' UNION ALL
SELECT 6, '{NULL,5}' UNION ALL
SELECT 10 + k, array_agg(CASE WHEN i <= 60 * k + 1000 * (k - 1) OR i > 3000 - 70 * k
								   OR i % 13 = 0 THEN NULL
							  ELSE round((sin(i) * 20)::numeric, 0)::float8 END ORDER BY i)
FROM generate_series(1, 3) k, generate_series(1, 3000) i GROUP BY k UNION ALL
SELECT 20, array_agg(CASE WHEN i % 97 = 0 THEN NULL WHEN i % 89 = 0 THEN 'NaN'
						  ELSE sin(i) * exp(cos(i * 7) * 300) END ORDER BY i)
FROM generate_series(1, 2500) i;
SELECT id, nvec_encoding(nvec_compress(v::nvec)) AS compressed
FROM rk_vec WHERE id BETWEEN 11 AND 19 ORDER BY id;

-- Core's window functions over the valid elements of each vector
CREATE TABLE rk_w AS
SELECT f.id, u.i, u.x,
	   rank() OVER w AS mn,
	   rank() OVER w + count(*) OVER (PARTITION BY f.id, u.x) - 1 AS mx,
	   dense_rank() OVER w AS dn,
	   row_number() OVER (PARTITION BY f.id ORDER BY u.x, u.i) AS fi,
	   percent_rank() OVER w AS pr
FROM rk_vec f, unnest(f.v) WITH ORDINALITY u(x, i)
WHERE u.x IS NOT NULL
WINDOW w AS (PARTITION BY f.id ORDER BY u.x);

-- Their answers position by position (NULL where the element is), and
-- core's ORDER BY x, ORDER BY x DESC (equal values in index order)
CREATE VIEW rk_ref AS
SELECT f.id,
	   coalesce(array_agg(u.x ORDER BY u.x, u.i) FILTER (WHERE u.i IS NOT NULL), '{}') AS sorted,
	   coalesce(array_agg(u.x ORDER BY u.x DESC, u.i) FILTER (WHERE u.i IS NOT NULL), '{}') AS sorted_desc,
	   coalesce(array_agg(((w.mn + w.mx) / 2.0)::float8 ORDER BY u.i) FILTER (WHERE u.i IS NOT NULL), '{}') AS r_average,
	   coalesce(array_agg(w.mn::float8 ORDER BY u.i) FILTER (WHERE u.i IS NOT NULL), '{}') AS r_min,
	   coalesce(array_agg(w.mx::float8 ORDER BY u.i) FILTER (WHERE u.i IS NOT NULL), '{}') AS r_max,
	   coalesce(array_agg(w.dn::float8 ORDER BY u.i) FILTER (WHERE u.i IS NOT NULL), '{}') AS r_dense,
	   coalesce(array_agg(w.fi::float8 ORDER BY u.i) FILTER (WHERE u.i IS NOT NULL), '{}') AS r_first,
	   coalesce(array_agg(w.pr ORDER BY u.i) FILTER (WHERE u.i IS NOT NULL), '{}') AS r_pct
FROM rk_vec f
	 LEFT JOIN LATERAL unnest(f.v) WITH ORDINALITY u(x, i) ON true
	 LEFT JOIN rk_w w ON w.id = f.id AND w.i = u.i
GROUP BY f.id;

-- The same text (so -0 and NaN as core places them) in every form
SELECT f.id,
	   vsort(v)::text = r.sorted::text AND vsort(v::nvec)::float8[]::text = r.sorted::text
	   AND vsort(nvec_compress(v::nvec))::float8[]::text = r.sorted::text AS sort_ok,
	   vsort(v, true)::text = r.sorted_desc::text
	   AND vsort(v::nvec, true)::float8[]::text = r.sorted_desc::text
	   AND vsort(nvec_compress(v::nvec), descending => true)::float8[]::text
		   = r.sorted_desc::text AS sort_desc_ok,
	   vrank(v)::text = r.r_average::text
	   AND vrank(nvec_compress(v::nvec))::float8[]::text = r.r_average::text AS average_ok,
	   vrank(v, 'min')::text = r.r_min::text
	   AND vrank(v::nvec, 'min')::float8[]::text = r.r_min::text AS min_ok,
	   vrank(v, 'max')::text = r.r_max::text
	   AND vrank(v::nvec, 'max')::float8[]::text = r.r_max::text AS max_ok,
	   vrank(v, 'dense')::text = r.r_dense::text
	   AND vrank(nvec_compress(v::nvec), 'dense')::float8[]::text = r.r_dense::text AS dense_ok,
	   vrank(v, 'first')::text = r.r_first::text
	   AND vrank(v::nvec, method => 'first')::float8[]::text = r.r_first::text AS first_ok,
	   vpercent_rank(v)::text = r.r_pct::text
	   AND vpercent_rank(v::nvec)::float8[]::text = r.r_pct::text
	   AND vpercent_rank(nvec_compress(v::nvec))::float8[]::text = r.r_pct::text AS pct_ok
FROM rk_vec f JOIN rk_ref r USING (id)
ORDER BY f.id;

-- By hand
SELECT vsort('{3,NULL,NaN,-1,2}'::float8[]) AS sorted,
	   vsort('{3,NULL,NaN,-1,2}'::nvec, true) AS sorted_desc,
	   vrank('{10,20,10,NULL,30}'::float8[]) AS average,
	   vrank('{10,20,10,NULL,30}'::float8[], 'dense') AS dense,
	   vpercent_rank('{10,20,10,NULL,30}'::nvec) AS pct;
SELECT vsort('{}'::float8[]) AS empty, vrank('{NULL}'::nvec) AS all_null,
	   vpercent_rank('{5}'::float8[]) AS one;

-- A method pandas does not have
SELECT vrank('{1,2}'::float8[], 'ordinal');

-- Labels and comments
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel,
	obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented
FROM pg_proc p WHERE p.proname IN ('vsort', 'vrank', 'vpercent_rank')
ORDER BY p.oid::regprocedure::text;

DROP VIEW rk_ref;
DROP TABLE rk_vec, rk_w;
