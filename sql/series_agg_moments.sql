-- skew and kurtosis across rows over float8[], nvec and nvec(compressed),
-- position by position: against the exact formulas in numeric over the
-- unnested positions (unnest WITH ORDINALITY, GROUP BY position), and
-- against vskew and vkurtosis of each position's column.  The state is
-- merged value by value (Pebay's formulas), vskew by chunks of 1,024
-- values, so the two agree within rounding, not bit for bit.
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;
SET extra_float_digits = 3;

CREATE TABLE am_rows (id int PRIMARY KEY, v float8[]);
-- 120 rows of 70 positions (two validity words): NULLs at varied
-- positions, NaN, infinities, -0 and 0, constants, a large offset, tiny
-- values, a heavy tail; positions with 0, 2, 3 and 4 valid elements
INSERT INTO am_rows
SELECT id, array_agg(CASE WHEN p = 41 THEN NULL
						  WHEN p = 42 AND id > 2 THEN NULL
						  WHEN p = 43 AND id > 3 THEN NULL
						  WHEN p = 44 AND id > 4 THEN NULL
						  WHEN p = 44 THEN id ^ 2
						  WHEN p < 41 AND (id * p) % 11 = 0 THEN NULL
						  WHEN p > 52 AND (id + p) % 4 = 0 THEN NULL
						  WHEN p = 45 AND id = 50 THEN 'NaN'
						  WHEN p = 46 AND id = 60 THEN 'Infinity'
						  WHEN p = 47 AND id = 3 THEN '-Infinity'
						  WHEN p = 48 THEN CASE WHEN id % 2 = 0 THEN '-0' ELSE 0 END
						  WHEN p = 49 THEN 0.1
						  WHEN p = 50 THEN 1e8 + (id % 7) * 0.5 + (id % 3) ^ 3
						  WHEN p = 51 THEN 1e-20 * ((id * 7) % 13 - 6)
						  WHEN p = 52 THEN exp(sin(id) * 3)
						  WHEN p > 52 THEN round((exp(cos(id * p) * 2) + id / 100.0)::numeric, 2)::float8
						  ELSE 100 * sin(id * p) + (p % 5) * cos(id) END ORDER BY p)
FROM generate_series(1, 120) AS id, generate_series(1, 70) AS p
GROUP BY id;

-- The reference: pandas' formulas exactly in numeric over each position's
-- valid elements, from d = n x - sum(x) (products only, no rounded mean):
-- m3 / m2^1.5 = d3 / d2^1.5 and m4 / m2^2 = d4 / d2^2; NaN where a value
-- is not finite
CREATE TABLE am_ref AS
WITH u AS (
	SELECT p, x FROM am_rows, unnest(v) WITH ORDINALITY AS u(x, p)
), a AS (
	SELECT p, count(x)::numeric AS n,
		   bool_or(x IN ('NaN', 'Infinity', '-Infinity')) AS nonfinite,
		   sum(x::numeric) FILTER (WHERE x NOT IN ('NaN', 'Infinity', '-Infinity')) AS s
	FROM u GROUP BY p
), d AS (
	SELECT a.p, a.n, a.nonfinite, sum(d * d) AS d2, sum(d * d * d) AS d3,
		   sum(d * d * d * d) AS d4
	FROM a LEFT JOIN LATERAL (
		SELECT a.n * u.x::numeric - a.s AS d FROM u
		WHERE u.p = a.p AND u.x NOT IN ('NaN', 'Infinity', '-Infinity')) dd ON true
	GROUP BY a.p, a.n, a.nonfinite
)
SELECT p, n,
	   CASE WHEN n < 3 THEN NULL WHEN nonfinite THEN 'NaN' WHEN d2 = 0 THEN 0
			ELSE n * sqrt(n - 1) / (n - 2) * (d3 / (d2 * sqrt(d2))) END AS skew,
	   CASE WHEN n < 4 THEN NULL WHEN nonfinite THEN 'NaN' WHEN d2 = 0 THEN 0
			ELSE (n + 1) * n * (n - 1) / ((n - 2) * (n - 3)) * (d4 / (d2 * d2))
				 - 3 * (n - 1) * (n - 1) / ((n - 2) * (n - 3)) END AS kurt
FROM d;

-- Within 1e-9 of the exact value (relative, or absolute below 1); NULL and
-- NaN where the reference has them
CREATE FUNCTION am_near(a float8, r numeric, tol float8) RETURNS bool
LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN a IS NULL OR r IS NULL THEN a IS NULL AND r IS NULL
				WHEN a = 'NaN' OR r = 'NaN' THEN a = 'NaN' AND r = 'NaN'
				ELSE abs(a::numeric - r) <= tol::numeric * greatest(1, abs(r)) END
$$;

CREATE TABLE am_ours AS
SELECT skew(v ORDER BY id) AS s, kurtosis(v ORDER BY id) AS k,
	   skew(v::nvec ORDER BY id)::float8[] AS s_nv,
	   kurtosis(v::nvec ORDER BY id)::float8[] AS k_nv,
	   skew(nvec_compress(v::nvec) ORDER BY id)::float8[] AS s_cz,
	   kurtosis(nvec_compress(v::nvec) ORDER BY id)::float8[] AS k_cz,
	   pg_typeof(skew(v::nvec)) AS nvec_type, pg_typeof(kurtosis(v)) AS f8_type
FROM am_rows;
-- vskew and vkurtosis of each position's column, in row order
CREATE TABLE am_col AS
SELECT p, vskew(array_agg(x ORDER BY id)) AS s, vkurtosis(array_agg(x ORDER BY id)) AS k
FROM am_rows, unnest(v) WITH ORDINALITY AS u(x, p) GROUP BY p;

SELECT nvec_type, f8_type, cardinality(s) AS len_s, cardinality(k) AS len_k
FROM am_ours;
SELECT count(*) AS positions,
	   count(*) FILTER (WHERE am_near(o.s[r.p], r.skew, 1e-9)) AS skew_exact,
	   count(*) FILTER (WHERE am_near(o.k[r.p], r.kurt, 1e-9)) AS kurt_exact,
	   count(*) FILTER (WHERE am_near(o.s[r.p], c.s::numeric, 1e-12)
						  AND am_near(o.k[r.p], c.k::numeric, 1e-12)) AS as_vskew_1e_12,
	   count(*) FILTER (WHERE float8send(o.s_nv[r.p]) IS NOT DISTINCT FROM float8send(o.s[r.p])
						  AND float8send(o.k_nv[r.p]) IS NOT DISTINCT FROM float8send(o.k[r.p])
						  AND float8send(o.s_cz[r.p]) IS NOT DISTINCT FROM float8send(o.s[r.p])
						  AND float8send(o.k_cz[r.p]) IS NOT DISTINCT FROM float8send(o.k[r.p]))
	   AS same_bits_every_form,
	   count(*) FILTER (WHERE o.s[r.p] IS NULL) AS skew_null,
	   count(*) FILTER (WHERE o.k[r.p] IS NULL) AS kurt_null,
	   count(*) FILTER (WHERE o.s[r.p] = 'NaN') AS skew_nan
FROM am_ref r JOIN am_col c USING (p), am_ours o;
-- the special positions, and the largest deviation from the exact value
SELECT r.p, r.n, o.s[r.p] AS skew, o.k[r.p] AS kurtosis,
	   round(r.skew, 6) AS ref_skew, round(r.kurt, 6) AS ref_kurt
FROM am_ref r, am_ours o WHERE r.p BETWEEN 41 AND 52 ORDER BY r.p;
SELECT max(abs(o.s[r.p]::numeric - r.skew) / greatest(1, abs(r.skew))) < 1e-13 AS skew_within_1e_13,
	   max(abs(o.k[r.p]::numeric - r.kurt) / greatest(1, abs(r.kurt))) < 1e-13 AS kurt_within_1e_13
FROM am_ref r, am_ours o WHERE r.skew <> 'NaN' AND r.kurt <> 'NaN';

-- By hand: position 1 holds 1, 2, 10, 3, 0; position 2 holds 2, 4, 5, 1, 7
-- (with a NULL row and a NULL element skipped); position 3 holds 4, 4, 4
SELECT skew(v) AS skew, kurtosis(v) AS kurtosis,
	   vskew('{1,2,10,3,0}'::float8[]) AS vskew_1,
	   vkurtosis('{2,4,5,1,7}'::float8[]) AS vkurtosis_2
FROM (VALUES ('{1,2,4}'::float8[]), ('{2,4,NULL}'), (NULL), ('{10,5,4}'), ('{3,1,4}'),
			 ('{0,7,NULL}')) AS t(v);
-- no rows, only NULL rows, empty vectors, too few values
SELECT skew(v) FROM am_rows WHERE false;
SELECT kurtosis(v) FROM (VALUES (NULL::nvec)) AS t(v);
SELECT skew(v), kurtosis(v) FROM (VALUES ('{}'::float8[]), ('{}')) AS t(v);
SELECT skew(v), kurtosis(v) FROM (VALUES ('{1,5}'::nvec), ('{2,NULL}'), ('{4,6}')) AS t(v);
-- NaN outranks an overflow, as in vskew; too few values outrank both
SELECT skew(v), vskew('{1e300,-1e300,NaN}'::float8[]) AS vskew
FROM (VALUES ('{1e300}'::float8[]), ('{-1e300}'), ('{NaN}')) AS t(v);
SELECT kurtosis(v) FROM (VALUES ('{1e300}'::float8[]), ('{-1e300}'), ('{0}')) AS t(v);
-- as window aggregates: the final function only reads the state
SELECT id, skew(v) OVER (ORDER BY id) AS running_skew
FROM (VALUES (1, '{1,10}'::float8[]), (2, '{3,10}'), (3, '{5,NULL}'), (4, '{12,10}')) AS t(id, v);

-- the combine function: two halves combined, within 1e-12 of the whole
CREATE AGGREGATE am_state(float8[]) (SFUNC = vec_skew_transfn, STYPE = float8[]);
SELECT bool_and(am_near(w.s[i], h.s[i]::numeric, 1e-12)
				AND am_near(w.k[i], h.k[i]::numeric, 1e-12)) AS halves_agree
FROM (SELECT vec_skew_finalfn_float8arr(s) AS s, vec_kurtosis_finalfn_float8arr(s) AS k
	  FROM (SELECT vec_moments_combinefn(
					   (SELECT am_state(v ORDER BY id) FROM am_rows WHERE id <= 47),
					   (SELECT am_state(v ORDER BY id) FROM am_rows WHERE id > 47)) AS s) c) h,
	 (SELECT s, k FROM am_ours) w, generate_series(1, 70) AS i;
-- the state of one position: count, shift, mean less the shift, M2, M3,
-- M4 of 1, 2, 3, 10
SELECT am_state(v) FROM (VALUES ('{1}'::float8[]), ('{2}'), ('{3}'), ('{10}')) AS t(v);

-- in parallel: the same results as the serial plan within 1e-12
-- (relative, absolute below 1; the partial states combine in another
-- order), and as the exact values within 1e-9
CREATE TABLE am_big AS
SELECT id, ARRAY[sin(id), exp(cos(id) * 2) * 1e6,
				 CASE WHEN id % 3 = 0 THEN NULL ELSE (id % 1000) ^ 2 END]::float8[] AS v
FROM generate_series(1, 60000) AS id;
ANALYZE am_big;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF) SELECT skew(v), kurtosis(v::nvec) FROM am_big;
CREATE TEMP TABLE am_par AS SELECT skew(v) AS a, kurtosis(v::nvec)::float8[] AS b FROM am_big;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
SET max_parallel_workers_per_gather = 0;
CREATE TEMP TABLE am_ser AS SELECT skew(v) AS a, kurtosis(v::nvec)::float8[] AS b FROM am_big;
RESET max_parallel_workers_per_gather;
SELECT bool_and(am_near(p.a[i], s.a[i]::numeric, 1e-12)
				AND am_near(p.b[i], s.b[i]::numeric, 1e-12)) AS parallel_agrees
FROM am_par p, am_ser s, generate_series(1, 3) AS i;
SELECT bool_and(am_near(s.a[k.p], k.skew, 1e-9) AND am_near(s.b[k.p], k.kurt, 1e-9)) AS exact_agrees
FROM am_ser s, (
	SELECT p, n,
		   n * sqrt(n - 1) / (n - 2) * (d3 / (d2 * sqrt(d2))) AS skew,
		   (n + 1) * n * (n - 1) / ((n - 2) * (n - 3)) * (d4 / (d2 * d2))
		   - 3 * (n - 1) * (n - 1) / ((n - 2) * (n - 3)) AS kurt
	FROM (SELECT p, max(n) AS n, sum(d * d) AS d2, sum(d * d * d) AS d3, sum(d * d * d * d) AS d4
		  FROM (SELECT p, n, n * x::numeric - sum(x::numeric) OVER (PARTITION BY p) AS d
				FROM (SELECT p, x, count(x) OVER (PARTITION BY p)::numeric AS n
					  FROM am_big, unnest(v) WITH ORDINALITY AS u(x, p)) a
				WHERE x IS NOT NULL) b
		  GROUP BY p) c) k;

-- errors: rows of different lengths, overflow of finite values, a state
-- made by hand
SELECT skew(v) FROM (VALUES ('{1,2}'::float8[]), ('{1,2,3}')) AS t(v);
SELECT vskew('{1e300,-1e300,0}'::float8[]);
SELECT skew(v) FROM (VALUES ('{1e300}'::float8[]), ('{-1e300}'), ('{0}')) AS t(v);
SELECT kurtosis(v) FROM (VALUES ('{{1,2},{3,4}}'::float8[])) AS t(v);
SELECT vec_skew_finalfn_float8arr('{1,2,3}');
SELECT vec_kurtosis_finalfn_nvec('{0.5,1,1,1,1,1}');
SELECT vec_moments_combinefn('{1,1,0,0,0,0}', '{1,2,0,-1,0,0}');
SELECT vec_skew_finalfn_float8arr('{3,1,0,1,Infinity,1}');
SELECT vec_skew_finalfn_float8arr('{0,0,0,0,0,1}');
-- the marks: NaN (a NaN or an infinity was added), +Infinity (finite
-- values overflowed: 22003 unless too few values)
SELECT vec_skew_finalfn_float8arr('{3,NaN,NaN,NaN,NaN,NaN}') AS nan_mark,
	   vec_kurtosis_finalfn_float8arr('{3,Infinity,Infinity,Infinity,Infinity,Infinity}') AS too_few;
SELECT vec_skew_finalfn_nvec('{3,Infinity,Infinity,Infinity,Infinity,Infinity}');

DROP TABLE am_ref, am_col, am_ours, am_rows, am_big, am_par, am_ser;
DROP AGGREGATE am_state(float8[]);
DROP FUNCTION am_near(float8, numeric, float8);
