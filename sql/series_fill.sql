-- fill_backward(v) and fill_linear(v [, edges]) on float8[], nvec and
-- nvec(compressed), against references written in SQL: fill_backward the
-- first present element after each NULL (a window), fill_linear the formula
-- a + ((b - a) / (m + 1)) * k in float8 (bit for bit) and in numeric (within
-- rounding), with NULL runs across 64-bit words and 1024-value blocks, at
-- both ends, all NULL, none, and NaN, +-Infinity, -0 and subnormals as
-- neighbours
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

SELECT fill_backward('{NULL,1,NULL,NULL,2,NULL}'::float8[]) AS bfill,
	   fill_linear('{NULL,1,NULL,NULL,4,NULL}'::float8[]) AS inside,
	   fill_linear('{NULL,1,NULL,NULL,4,NULL}'::nvec, edges => true) AS edges,
	   fill_linear('{NULL,NULL}'::nvec, true) AS all_null,
	   fill_backward('{}'::nvec) AS empty;
-- NaN is a value, not a gap; the formula's NaN between two infinities
SELECT fill_backward('{NULL,NaN,NULL,1}'::float8[]) AS bfill_nan,
	   fill_linear('{0,NULL,NaN,NULL,2}'::float8[]) AS linear_nan,
	   fill_linear('{1,NULL,Infinity,NULL,1}'::float8[]) AS to_inf_and_back,
	   fill_linear('{Infinity,NULL,Infinity,NULL,-Infinity}'::nvec) AS inf_inf;

-- reference: element i, with p the last present position at or before i
-- and q the first at or after (a = v[p], b = v[q])
CREATE FUNCTION ref_fill(v float8[], how text) RETURNS float8[] LANGUAGE sql AS $$
	SELECT coalesce(array_agg(CASE
		WHEN x IS NOT NULL THEN x
		WHEN how = 'backward' THEN v[q]
		WHEN p IS NOT NULL AND q IS NOT NULL THEN v[p] + ((v[q] - v[p]) / (q - p)::float8) * (o - p)::float8
		WHEN how = 'edges' THEN coalesce(v[p], v[q]) END ORDER BY o), '{}')
	FROM (SELECT x, o, max(o) FILTER (WHERE x IS NOT NULL) OVER (ORDER BY o) AS p,
				 min(o) FILTER (WHERE x IS NOT NULL)
					 OVER (ORDER BY o ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) AS q
		  FROM unnest(v) WITH ORDINALITY AS u(x, o)) s $$;

-- Vectors of lengths 0, 1, 2, 63, 64, 65, 1000, 3000: decimals (so that
-- nvec_compress makes ALP blocks), NULL runs across word boundaries
-- (62 .. 67, 127 .. 129), across the block boundary 1024 (1000 .. 1100),
-- at both ends, scattered, all NULL, none, and specials beside runs
CREATE TABLE fl_vec (id serial, note text, v float8[]);
INSERT INTO fl_vec (note, v)
SELECT format('n=%s %s', n, pat),
	   ARRAY(SELECT CASE
				 WHEN pat = 'all NULL' THEN NULL
				 WHEN pat = 'runs' AND (i BETWEEN 62 AND 67 OR i BETWEEN 127 AND 129
										OR i BETWEEN 1000 AND 1100 OR i BETWEEN 2047 AND 2049
										OR i <= 3 OR i > n - 5) THEN NULL
				 WHEN pat = 'scattered' AND i % 7 IN (3, 4) THEN NULL
				 WHEN pat = 'specials' AND i % 11 IN (5, 6) THEN NULL
				 WHEN pat = 'specials' AND i % 11 IN (4, 7)
					 THEN (ARRAY['NaN', 'Infinity', '-Infinity', '-0', '5e-324', '-2.2e-308'])[1 + (i / 11) % 6]::float8
				 ELSE round((100 + 10 * sin(i * 1.7))::numeric, 2)::float8 END
			 FROM generate_series(1, n) AS i ORDER BY i)
FROM unnest('{0,1,2,63,64,65,1000,3000}'::int[]) AS n,
	 unnest('{none,runs,scattered,all NULL,specials}'::text[]) AS pat;
SELECT count(*) AS vectors, count(*) FILTER (WHERE array_position(v, NULL) IS NOT NULL) AS with_nulls,
	   count(*) FILTER (WHERE nvec_encoding(nvec_compress(v::nvec)) = 'alp') AS compressed
FROM fl_vec;

-- Each against its reference, bit for bit (as text: shortest exact digits,
-- -0 kept), on float8[], nvec and nvec(compressed)
SELECT f, count(*) AS vectors,
	   count(*) FILTER (WHERE got::text IS DISTINCT FROM want::text) AS float8arr_diff,
	   count(*) FILTER (WHERE got_n::float8[]::text IS DISTINCT FROM want::text) AS nvec_diff,
	   count(*) FILTER (WHERE got_c::float8[]::text IS DISTINCT FROM want::text) AS compressed_diff
FROM (SELECT 'fill_backward' AS f, fill_backward(v) AS got, fill_backward(v::nvec) AS got_n,
			 fill_backward(nvec_compress(v::nvec)) AS got_c, ref_fill(v, 'backward') AS want FROM fl_vec
	  UNION ALL
	  SELECT 'fill_linear', fill_linear(v), fill_linear(v::nvec), fill_linear(nvec_compress(v::nvec)),
			 ref_fill(v, 'inside') FROM fl_vec
	  UNION ALL
	  SELECT 'fill_linear edges', fill_linear(v, true), fill_linear(v::nvec, edges => true),
			 fill_linear(nvec_compress(v::nvec), true), ref_fill(v, 'edges') FROM fl_vec) s
GROUP BY f ORDER BY f;

-- The float8 formula is the exact value rounded four times: within
-- 4.5e-16 * (|a| + |b|) of a + (b - a) * k / (m + 1) in numeric, for
-- finite neighbours
SELECT count(*) AS interpolated,
	   count(*) FILTER (WHERE abs(g::text::numeric - e) > scale * 4.5e-16) AS far
FROM fl_vec, LATERAL (
	SELECT g, x, o, v[p]::text::numeric + (v[q]::text::numeric - v[p]::text::numeric) * (o - p) / (q - p) AS e,
		   abs(v[p]::text::numeric) + abs(v[q]::text::numeric) AS scale
	FROM (SELECT g, x, o, max(o) FILTER (WHERE x IS NOT NULL) OVER (ORDER BY o) AS p,
				 min(o) FILTER (WHERE x IS NOT NULL)
					 OVER (ORDER BY o ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) AS q
		  FROM unnest(v, fill_linear(v)) WITH ORDINALITY AS u(x, g, o)) s
	WHERE x IS NULL AND p IS NOT NULL AND q IS NOT NULL
	  AND v[p] NOT IN ('NaN', 'Infinity', '-Infinity') AND v[q] NOT IN ('NaN', 'Infinity', '-Infinity')) t;

-- the result has NULLs only where the rule leaves them; none is a float8[]
-- without a NULL bitmap, the size of the same values written out
SELECT pg_column_size(fill_linear('{1,NULL,3}'::float8[])) = pg_column_size('{1,2,3}'::float8[]) AS linear_dense,
	   pg_column_size(fill_backward('{NULL,3}'::nvec)) = pg_column_size('{3,3}'::nvec) AS backward_dense,
	   fill_linear('{NULL,1,NULL}'::float8[]) AS inside_keeps_edges;

-- PL/pgSQL array variables (expanded arrays) give the same results
DO $$
DECLARE v float8[] := '{1,2,3,4}';
BEGIN
	v[2] := NULL;
	v[6] := 6;
	RAISE NOTICE 'fill_backward % fill_linear %', fill_backward(v), fill_linear(v);
END $$;

-- multi-dimensional arrays are refused; NULL arguments give NULL (STRICT)
SELECT fill_linear('{{1,NULL},{3,4}}'::float8[]);
SELECT fill_backward(NULL::float8[]) IS NULL AS a, fill_linear('{1}'::nvec, NULL) IS NULL AS b;
-- labels
SELECT p.proname, count(*) AS overloads, bool_and(p.provolatile = 'i') AS immutable,
	   bool_and(p.proisstrict) AS strict, bool_and(p.proparallel = 's') AS parallel_safe,
	   bool_and(obj_description(p.oid, 'pg_proc') IS NOT NULL) AS commented
FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
WHERE n.nspname = 'public' AND p.proname IN ('fill_backward', 'fill_linear')
GROUP BY p.proname ORDER BY p.proname;

DROP TABLE fl_vec;
DROP FUNCTION ref_fill;
