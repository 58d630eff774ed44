SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- Slices v[a:b] of nvec, head and tail of float8[] and nvec, and
-- length(float8[]), against core: the slice of the same float8[], and the
-- elements chosen by their ordinality.

CREATE TABLE sl_in (id int, v float8[]);
INSERT INTO sl_in VALUES
	(1, '{1,NULL,3,-0,NaN}'),
	(2, '{}'),
	(3, '{NULL}'),
	(4, '{Infinity,-Infinity,4.9e-324,2.2250738585072014e-308}');
-- 200 elements with NULLs around word boundaries
INSERT INTO sl_in SELECT 5, array_agg(CASE WHEN i IN (1, 63, 64, 65, 127, 128, 190, 200)
									  THEN NULL ELSE i * 0.5 END ORDER BY i)
FROM generate_series(1, 200) i;

-- every pair of bounds from -2 to length + 2, and each bound omitted: the
-- nvec slice equals core's slice of the float8[], bit for bit (NaN, -0)
CREATE FUNCTION sl_bits(v float8[]) RETURNS text[] LANGUAGE sql IMMUTABLE
	AS $$SELECT array_agg(float8send(e)::text ORDER BY i) FROM unnest(v) WITH ORDINALITY u(e, i)$$;
SELECT id, count(*) AS slices,
	   count(*) FILTER (WHERE sl_bits((v::nvec)[a:b]::float8[]) IS NOT DISTINCT FROM sl_bits(v[a:b])
						AND ((v::nvec)[a:b]::float8[]) IS NOT DISTINCT FROM v[a:b]) AS same,
	   count(*) FILTER (WHERE sl_bits((v::nvec)[:b]::float8[]) IS NOT DISTINCT FROM sl_bits(v[:b])
						AND sl_bits((v::nvec)[a:]::float8[]) IS NOT DISTINCT FROM sl_bits(v[a:])) AS same_omitted
FROM sl_in, generate_series(-2, coalesce(array_length(v, 1), 0) + 2) a,
	 generate_series(-2, coalesce(array_length(v, 1), 0) + 2) b
GROUP BY id ORDER BY id;
SELECT id, (v::nvec)[:]::float8[] IS NOT DISTINCT FROM v[:] AS whole FROM sl_in ORDER BY id;

-- by hand: clipped bounds, empty results, NULL bounds give NULL, a slice of
-- a slice, subscripts of other types
SELECT v[2:3] AS "2:3", v[:2] AS ":2", v[4:] AS "4:", v[0:99] AS "0:99",
	   v[4:2] AS "4:2", v[9:12] AS "9:12", v[:0] AS ":0",
	   v[NULL:2] IS NULL AS null_lower, v[2:NULL] IS NULL AS null_upper,
	   (v[2:5])[2:3] AS "2:5 then 2:3", v['2':3::bigint] AS cast_bounds
FROM (SELECT '{1,NULL,3,4,5}'::nvec AS v) s;
SELECT (NULL::nvec)[1:2] IS NULL AS null_vector;
SELECT null_count(v[60:130]) AS nulls, length(v[60:130]) AS len FROM (SELECT v::nvec AS v FROM sl_in WHERE id = 5) s;
-- a slice of a stored vector, and of a function's result
CREATE TABLE sl_store (v nvec);
INSERT INTO sl_store SELECT nvec_agg(i ORDER BY i) FROM generate_series(1, 10000) i;
SELECT v[9998:] AS last3, (dlog(v, 1))[1:2] IS NOT DISTINCT FROM dlog(v[1:2], 1) AS dlog_slice FROM sl_store;

-- errors: several subscripts (a slice of a slice needs parentheses),
-- assignment to a slice, a bound that is not an integer
SELECT ('{1,2}'::nvec)[1:2][1];
SELECT ('{1,2}'::nvec)[1][1];
UPDATE sl_store SET v[1:2] = '{0,0}';
SELECT ('{1,2}'::nvec)['a':2];

-- head and tail: n, more than the length, zero, negative (all but -n from
-- the other end), against the elements chosen by ordinality
CREATE FUNCTION sl_ref(v float8[], n int, from_end bool) RETURNS float8[] LANGUAGE sql IMMUTABLE
	AS $$SELECT coalesce(array_agg(e ORDER BY i), '{}')
		 FROM unnest(v) WITH ORDINALITY u(e, i), LATERAL (SELECT cardinality(v) AS len) l
		 WHERE CASE WHEN NOT from_end AND n >= 0 THEN i <= n
					WHEN NOT from_end THEN i <= len + n
					WHEN n >= 0 THEN i > len - n
					ELSE i > -n END$$;
SELECT id, count(*) AS calls,
	   count(*) FILTER (WHERE head(v, n) IS NOT DISTINCT FROM sl_ref(v, n, false)
						AND tail(v, n) IS NOT DISTINCT FROM sl_ref(v, n, true)) AS float8arr_same,
	   count(*) FILTER (WHERE head(v::nvec, n)::float8[] IS NOT DISTINCT FROM sl_ref(v, n, false)
						AND tail(v::nvec, n)::float8[] IS NOT DISTINCT FROM sl_ref(v, n, true)) AS nvec_same
FROM sl_in, generate_series(-cardinality(v) - 2, cardinality(v) + 2) n
GROUP BY id ORDER BY id;
SELECT head(v, 2) AS head2, tail(v, 2) AS tail2, head(v, -2) AS head_m2, tail(v, -2) AS tail_m2,
	   head(v::nvec, 9) AS head9, tail(v::nvec, 0) AS tail0
FROM (SELECT '{1,NULL,3,4,5}'::float8[] AS v) s;
-- a float8[] whose lower bound is not 1: positions, result from 1
SELECT head('[0:3]={7,8,9,10}'::float8[], 2) AS head2, tail('[0:3]={7,8,9,10}'::float8[], 1) AS tail1;
SELECT head(NULL::nvec, 1) IS NULL AS null_vector, tail('{1}'::float8[], NULL) IS NULL AS null_n;
SELECT head('{{1,2},{3,4}}'::float8[], 1);

-- length(float8[]): NULL elements counted, as length(nvec) and cardinality
SELECT id, length(v) AS length, length(v::nvec) AS nvec_length, cardinality(v) AS cardinality
FROM sl_in ORDER BY id;
SELECT length('[5:7]={1,2,3}'::float8[]) AS shifted_bounds, length(NULL::float8[]) IS NULL AS null_array;
SELECT length('{{1,2},{3,4}}'::float8[]);

DROP TABLE sl_in, sl_store;
DROP FUNCTION sl_bits(float8[]), sl_ref(float8[], int, bool);
