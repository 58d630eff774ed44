SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- length and null_count
SELECT length(v), null_count(v)
FROM (VALUES ('{}'::nvec), ('{1}'), ('{NULL}'), ('{1,NULL,3,NULL}')) AS t(v);
SELECT length(NULL::nvec), null_count(NULL::nvec);
-- on a stored, toasted vector (only the header is detoasted): out of line
-- and uncompressed, nvec's storage; and pglz-compressed, a column whose
-- storage asks for it
CREATE TEMP TABLE big (v nvec);
INSERT INTO big SELECT nvec_agg(CASE WHEN i % 1000 = 0 THEN NULL ELSE i END)
FROM generate_series(1, 100000) AS i;
SELECT length(v), null_count(v), pg_column_size(v) > 800000 AS uncompressed,
	   pg_column_compression(v) IS NULL AS no_toast_compression FROM big;
CREATE TEMP TABLE big_pglz (v nvec);
ALTER TABLE big_pglz ALTER v SET STORAGE EXTENDED;
INSERT INTO big_pglz SELECT nvec_agg(CASE WHEN i % 1000 = 0 THEN NULL ELSE i END)
FROM generate_series(1, 100000) AS i;
SELECT length(v), null_count(v), pg_column_size(v) < 800000 AS compressed,
	   pg_column_compression(v) FROM big_pglz;
DROP TABLE big_pglz;

-- unnest keeps order and NULLs
SELECT x, x IS NULL AS is_null, ord
FROM unnest('{1.5,NULL,-0,NaN,-Infinity,NULL}'::nvec) WITH ORDINALITY AS u(x, ord);
SELECT count(*) FROM unnest('{}'::nvec);
SELECT count(*), count(x), sum(x) FROM big, unnest(v) AS x;
-- unnest inverts nvec_agg at every length around word boundaries
SELECT count(*) FILTER (WHERE w = v) AS same, count(*) AS lengths
FROM (SELECT n, nvec_agg(CASE WHEN i IN (1, 63, 64, 65, 127, 128, 129) THEN NULL
							 ELSE i / 7.0 END ORDER BY i) AS v
	  FROM generate_series(0, 200) AS n, generate_series(1, n) AS i GROUP BY n) s,
	 LATERAL (SELECT nvec_agg(x ORDER BY o) AS w FROM unnest(v) WITH ORDINALITY AS u(x, o)) u;

-- subscripts: 1-based, out of range or NULL subscript gives NULL
SELECT v[1] AS first, v[2] AS null_elem, v[3] AS last, v[0] AS zero, v[4] AS past,
	   v[-1] AS negative, v[NULL] AS null_subscript, v[2.6] AS rounded
FROM (SELECT '{1.5,NULL,-0}'::nvec AS v) s;
SELECT (NULL::nvec)[1], ('{}'::nvec)[1];
SELECT v[64], v[65], v[128], v[129] FROM (SELECT nvec_agg(i) AS v FROM generate_series(1, 129) i) s;
SELECT count(*) FILTER (WHERE v[i] IS NOT DISTINCT FROM x) AS same, count(*)
FROM (SELECT nvec_agg(CASE WHEN i % 7 = 0 THEN NULL ELSE i END ORDER BY i) AS v
	  FROM generate_series(1, 3000) AS i) s, unnest(v) WITH ORDINALITY AS u(x, i);
-- a long vector stored out of line uncompressed: v[i] fetches single values
CREATE TEMP TABLE ext (v nvec);
SELECT setseed(0.5);
INSERT INTO ext SELECT nvec_agg(CASE WHEN i IN (1, 64, 65, 20000) THEN NULL ELSE random() END ORDER BY i)
FROM generate_series(1, 20000) AS i;
INSERT INTO ext SELECT nvec_agg(random()) FROM generate_series(1, 20000);
SELECT pg_column_size(v) >= 20000 * 8 AS uncompressed, null_count(v) FROM ext ORDER BY 2;
SELECT count(*) FILTER (WHERE v[i] IS NOT DISTINCT FROM x) AS same, count(*)
FROM ext, unnest(v) WITH ORDINALITY AS u(x, i);
SELECT v[0] IS NULL AS zero, v[20001] IS NULL AS past, v[-2147483648] IS NULL AS very_negative,
	   v[2147483647] IS NULL AS very_large, v[64] IS NULL AS null_64, v[2] IS NOT NULL AS present_2
FROM ext WHERE null_count(v) = 4;
-- assignment replaces an element, value or NULL; the length never changes
CREATE TEMP TABLE sub (id int, v nvec);
INSERT INTO sub VALUES (1, '{1,2,3}'), (2, '{NULL,NULL,NULL}');
UPDATE sub SET v[2] = 20;
UPDATE sub SET v[1] = NULL WHERE id = 1;
UPDATE sub SET v[3] = 30, v[1] = '-0' WHERE id = 2;
SELECT id, v, null_count(v) FROM sub ORDER BY id;
UPDATE sub SET v[1] = 1, v[2] = 2, v[3] = 3 WHERE id = 2;
SELECT id, v, null_count(v) FROM sub ORDER BY id;

-- nvec_agg: ORDER BY honoured, NULLs kept, no rows gives NULL
SELECT nvec_agg(x ORDER BY x DESC NULLS LAST) AS desc_order,
	   nvec_agg(x ORDER BY x NULLS FIRST) AS asc_order
FROM (VALUES (2.5), (NULL), (-1), ('NaN'), ('-Infinity')) AS t(x);
SELECT nvec_agg(x) IS NULL AS no_rows FROM generate_series(1, 0) AS x;
SELECT nvec_agg(NULL::float8) FROM generate_series(1, 3);
SELECT g, nvec_agg(x ORDER BY x) FROM (VALUES (1, 1.0), (2, 2.0), (1, 3.0), (2, NULL)) AS t(g, x)
GROUP BY g ORDER BY g;
-- as a window aggregate (the final function runs once per row)
SELECT x, nvec_agg(x) OVER (ORDER BY x) FROM generate_series(1, 4) AS x;
-- a long aggregate grows its state many times
SELECT length(v), null_count(v), v[1], v[70000], v[70001] IS NULL AS last_null
FROM (SELECT nvec_agg(CASE WHEN i <= 70000 THEN i END ORDER BY i) AS v
	  FROM generate_series(1, 70001) AS i) s;

-- equality: length, NULL positions and bits; NaN = NaN, -0 <> +0
SELECT a, b, a = b AS eq, a <> b AS ne
FROM (VALUES ('{1,2}'::nvec, '{1,2}'::nvec), ('{1,2}', '{1,2,3}'), ('{1,NULL}', '{1,NULL}'),
			 ('{1,NULL}', '{NULL,1}'), ('{NULL}', '{0}'), ('{NaN}', '{NaN}'), ('{-0}', '{0}'),
			 ('{}', '{}'), ('{Infinity}', '{Infinity}'), ('{5e-324}', '{1e-323}')) AS t(a, b);
-- any NaN payload equals any other NaN
SELECT ARRAY['NaN'::float8]::nvec = ARRAY[-('NaN'::float8)]::nvec AS nan_payloads;
SELECT count(*) FROM big a JOIN big b ON a.v = b.v;
-- hashing agrees with =: DISTINCT, UNION, GROUP BY and hash joins
SELECT nvec_hash('{NaN}') = nvec_hash(ARRAY[-('NaN'::float8)]::nvec) AS nan_same_hash,
	   nvec_hash('{1,NULL}') = nvec_hash('{1,NULL}') AS same_hash;
SELECT v, count(*) FROM (VALUES ('{1,NULL}'::nvec), ('{1,NULL}'), ('{NULL,1}'), ('{-0}'), ('{0}'),
							   ('{NaN}'), (ARRAY[-('NaN'::float8)]::nvec), ('{}'), ('{}')) AS t(v)
GROUP BY v ORDER BY v::text;
SELECT count(*) FROM (SELECT '{1,2}'::nvec UNION SELECT '{1,2}' UNION SELECT '{1,NULL}') u;
SET enable_mergejoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM big a JOIN big b ON a.v = b.v;
SELECT count(*) FROM big a JOIN big b ON a.v = b.v;
RESET enable_mergejoin;
RESET enable_nestloop;
SELECT DISTINCT v = v FROM big;

-- ordering: element by element, NULL above values, NaN above numbers,
-- -0 just below +0, a prefix before the longer vector
CREATE TEMP TABLE ord (v nvec);
INSERT INTO ord VALUES ('{1,NULL}'), ('{1,2}'), ('{1}'), ('{}'), ('{NaN}'), ('{-0}'), ('{0}'),
	('{-Infinity}'), ('{NULL}'), ('{1,2,3}'), ('{Infinity}'), ('{5e-324}'), ('{-5e-324}'),
	('{NULL,NULL}'), ('{1,NaN}'), (ARRAY[-('NaN'::float8)]::nvec);
SELECT v FROM ord ORDER BY v;
-- the order agrees with = and <> and is antisymmetric, over every pair
SELECT count(*) AS pairs,
	   count(*) FILTER (WHERE (nvec_cmp(a.v, b.v) = 0) = (a.v = b.v)) AS cmp_agrees_with_eq,
	   count(*) FILTER (WHERE nvec_cmp(a.v, b.v) = -nvec_cmp(b.v, a.v)) AS antisymmetric,
	   count(*) FILTER (WHERE (a.v < b.v) = (nvec_cmp(a.v, b.v) < 0) AND (a.v <= b.v) = (nvec_cmp(a.v, b.v) <= 0)
						AND (a.v > b.v) = (nvec_cmp(a.v, b.v) > 0) AND (a.v >= b.v) = (nvec_cmp(a.v, b.v) >= 0)) AS operators_agree
FROM ord a, ord b;
-- and is transitive over every triple
SELECT count(*) AS violations FROM ord a, ord b, ord c
WHERE a.v <= b.v AND b.v <= c.v AND NOT a.v <= c.v;
-- sorted DISTINCT, a unique B-tree index, a merge join
SELECT count(DISTINCT v) FROM ord;
DELETE FROM ord WHERE nvec_send(v) = nvec_send(ARRAY[-('NaN'::float8)]::nvec);
CREATE UNIQUE INDEX ord_v ON ord (v);
INSERT INTO ord VALUES ('{NaN}');  \echo :SQLSTATE
-- a merge join sorts with the btree class (a copy of the table: 18 removes
-- a self-join on a unique key)
CREATE TEMP TABLE ord_copy AS SELECT v FROM ord;
SET enable_hashjoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM ord a JOIN ord_copy b ON a.v = b.v;
SELECT count(*) FROM ord a JOIN ord_copy b ON a.v = b.v;
RESET enable_hashjoin;
RESET enable_nestloop;
SET enable_seqscan = off;
SELECT v FROM ord WHERE v = '{1,2}';
RESET enable_seqscan;

-- errors (each followed by its SQLSTATE)
UPDATE sub SET v[1:2] = '{0,0}';  \echo :SQLSTATE
SELECT ('{1,2}'::nvec)[1][1];  \echo :SQLSTATE
SELECT ('{1,2}'::nvec)['x'::text];  \echo :SQLSTATE
UPDATE sub SET v[NULL] = 1;  \echo :SQLSTATE
UPDATE sub SET v[4] = 1;  \echo :SQLSTATE
UPDATE sub SET v[0] = 1;  \echo :SQLSTATE
INSERT INTO sub VALUES (3, NULL);
UPDATE sub SET v[1] = 1 WHERE id = 3;  \echo :SQLSTATE
SELECT id, v FROM sub ORDER BY id;
