-- rolling_var(v, w [, min_count]) against core's var_samp over the trailing
-- frame of w rows of unnest(v) WITH ORDINALITY (count(x) for min_count).
-- Both are float8 computations with an error of a few w u (var + mean^2),
-- u = 2^-53 (docs/series.md): they must agree within 8 w u (var + mean^2);
-- a window holding NaN or an infinity gives NaN, as var_samp.
-- rolling_stddev is sqrt(rolling_var) bit for bit; nvec gives the float8[]
-- bits; fused = unfused bit for bit.
SET extra_float_digits = 3;

CREATE TABLE rv_vec (name text PRIMARY KEY, v float8[]);
INSERT INTO rv_vec VALUES ('len0', '{}'), ('len1', '{5}'), ('len1_null', '{NULL}');
INSERT INTO rv_vec
SELECT 'len' || n, array_agg(100 + 10 * sin(i) ORDER BY i)
FROM (VALUES (65), (1000)) AS l(n), generate_series(1, n) AS i
GROUP BY n;
INSERT INTO rv_vec
SELECT 'len1000_nulls', array_agg(CASE WHEN i IN (1, 64, 65, 128, 129, 1000) OR i % 17 = 0
								  THEN NULL ELSE 1e6 + 10 * sin(i) END ORDER BY i)
FROM generate_series(1, 1000) AS i;
INSERT INTO rv_vec
SELECT 'len300_special', array_agg(CASE WHEN i % 37 = 0 THEN 'NaN'::float8
										WHEN i % 41 = 0 THEN 'Infinity'
										WHEN i % 43 = 0 THEN '-Infinity'
										WHEN i % 11 = 0 THEN '-0'
										WHEN i % 29 = 0 THEN NULL
										ELSE round(10 * sin(i)) END ORDER BY i)
FROM generate_series(1, 300) AS i;

CREATE TABLE rv_case AS
SELECT r.name, r.v, ws.w, ms.mc
FROM rv_vec r,
	 LATERAL (SELECT DISTINCT w FROM unnest(ARRAY[1, 2, 3, 64, greatest(cardinality(r.v), 1),
												   cardinality(r.v) + 10]) AS w) ws,
	 LATERAL (SELECT DISTINCT mc FROM unnest(ARRAY[ws.w, 0, 1, 2, (ws.w + 1) / 2]) AS mc
			  WHERE mc <= ws.w) ms;

CREATE TABLE rv_cmp AS
SELECT c.name, c.w, c.mc, g.o, g.x, g.rv, g.rsd, f.cnt, f.fvar, f.favg, f.finite
FROM rv_case c,
	 LATERAL unnest(c.v, rolling_var(c.v, c.w, c.mc), rolling_stddev(c.v, c.w, c.mc))
		 WITH ORDINALITY AS g(x, rv, rsd, o),
	 LATERAL (SELECT o, count(x) OVER f AS cnt, var_samp(x) OVER f AS fvar,
					 avg(x) OVER f AS favg,
					 bool_and(x NOT IN ('NaN', 'Infinity', '-Infinity')) OVER f AS finite
			  FROM unnest(c.v) WITH ORDINALITY AS u(x, o)
			  WINDOW f AS (ORDER BY o ROWS BETWEEN c.w - 1 PRECEDING AND CURRENT ROW)) f
WHERE f.o = g.o;

-- NULL at a NULL element, below min_count, and for fewer than two present;
-- else within the bound of var_samp, NaN where var_samp is NaN
SELECT count(DISTINCT (name, w, mc)) AS cases, count(*) AS elements,
	   count(*) FILTER (WHERE rv IS NOT NULL) AS present,
	   count(*) FILTER (WHERE rv = 'NaN') AS nan,
	   count(*) FILTER (WHERE NOT CASE
			WHEN x IS NULL OR cnt < mc OR cnt < 2 THEN rv IS NULL
			WHEN NOT finite THEN rv = 'NaN' AND fvar = 'NaN'
			ELSE abs(rv - fvar) <= 8 * w * 2 ^ -53 * (fvar + favg * favg) END) AS var_bad,
	   count(*) FILTER (WHERE float8send(rsd) IS DISTINCT FROM float8send(sqrt(rv))) AS stddev_not_sqrt_var
FROM rv_cmp;

-- the default min_count is w; nvec gives the float8[] bits
SELECT count(*) AS cases,
	   count(*) FILTER (WHERE rolling_var(v, w)::text IS DISTINCT FROM rolling_var(v, w, w)::text)
		 AS default_differs,
	   count(*) FILTER (WHERE rolling_var(v::nvec, w, mc)::float8[]::text IS DISTINCT FROM rolling_var(v, w, mc)::text)
		 AS nvec_differs
FROM rv_case;

-- by hand: {1,2,4} has mean 7/3 and variance (16 + 1 + 25) / 9 / 2 = 7/3,
-- {2,4,8} 28/3, {1,2} 1/2; NULL skipped, NaN and Infinity give NaN
SELECT rolling_var('{1,2,4,8}'::float8[], 3) AS var3,
	   rolling_var('{1,2,4,8}'::float8[], 3, 2) AS var3_two,
	   rolling_var('{1,NULL,2,4}'::nvec, 3, 2) AS var3_null,
	   rolling_var('{1,NaN,2,Infinity,4,5}'::float8[], 2) AS var2_special;
SELECT count(*) AS windows, bool_and(abs(r - e) <= 2 ^ -50 * e) AS by_hand_within_4_ulp
FROM unnest(rolling_var('{1,2,4,8}'::float8[], 3, 2), ARRAY[NULL, 0.5, 7 / 3.0, 28 / 3.0]::float8[]) AS u(r, e)
WHERE e IS NOT NULL;
-- errors as the other rolling windows
SELECT rolling_var('{1,2}'::float8[], 0);
SELECT rolling_var('{1,2}'::nvec, 2, 3);
SELECT rolling_var('{1e200,-1e200}'::float8[], 2);
SELECT rolling_var(NULL::float8[], 2), rolling_var('{1}'::float8[], NULL);

-- fused as the other rolling windows, the form with min_count not fused
CREATE TABLE rv_px (id int, px float8[]);
INSERT INTO rv_px
SELECT id, array_agg(100 * exp(0.01 * sin(id * i)) ORDER BY i)
FROM generate_series(1, 20) AS id, generate_series(1, 3000 + 37 * id) AS i
GROUP BY id;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT rolling_var(dlog(px, 1), 20), sqrt(rolling_var(px, 5)), rolling_var(px * 2::float8, 3, 1)
FROM rv_px;
CREATE TEMP VIEW rv_q AS
SELECT id, ARRAY[rolling_var(dlog(px, 1), 20)::text,
				 (sqrt(rolling_var(px, 5)) - rolling_stddev(px, 5))::text,
				 rolling_var(px - 100::float8, 1500)::text,
				 rolling_var(dlog(px::nvec, 1), (id % 50) + 1)::text] AS r
FROM rv_px;
CREATE TEMP TABLE rv_on AS SELECT * FROM rv_q;
SET fusekern.enable_fusion = off;
CREATE TEMP TABLE rv_off AS SELECT * FROM rv_q;
RESET fusekern.enable_fusion;
SELECT count(*) AS rows, count(*) FILTER (WHERE a.r IS DISTINCT FROM b.r) AS differ,
	   bool_and(a.r[2] !~ '[1-9]') AS stddev_is_sqrt_var_fused
FROM rv_on a JOIN rv_off b USING (id);

DROP TABLE rv_cmp, rv_case, rv_vec, rv_px, rv_on, rv_off CASCADE;
