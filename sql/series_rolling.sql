-- Rolling windows: rolling_sum, rolling_mean, rolling_stddev, rolling_min,
-- rolling_max, rolling_count against core's window functions over
-- unnest(v) WITH ORDINALITY (ROWS BETWEEN w - 1 PRECEDING AND CURRENT ROW,
-- count(x) for min_count).  min, max and count exactly (same bits);
-- sum, mean and stddev within the bounds of docs/series.md, measured
-- against numeric: u = 2^-53,
--   sum:    |r - S| <= 2u|S| + 2 w^2 u^2 sum|x|
--   mean:   |r - S/n| <= (3u|S| + 2 w^2 u^2 sum|x|) / n
--   stddev: |r^2 - var| <= 4 w u (var + mean^2)
-- and exactly as core's float8 aggregates where the window holds NaN or an
-- infinity.
SET extra_float_digits = 3;

CREATE TABLE roll_vec (name text PRIMARY KEY, v float8[]);
INSERT INTO roll_vec VALUES
	('len0', '{}'),
	('len1', '{5}'),
	('len1_null', '{NULL}');
INSERT INTO roll_vec
SELECT 'len' || n, array_agg(100 + 10 * sin(i) ORDER BY i)
FROM (VALUES (63), (64), (65), (1000)) AS l(n), generate_series(1, n) AS i
GROUP BY n;
-- NULLs at the word boundaries (elements 64, 65, 128, 129: 0-based 63, 64,
-- 127, 128), at the ends, and every 17th
INSERT INTO roll_vec
SELECT 'len1000_nulls', array_agg(CASE WHEN i IN (1, 64, 65, 128, 129, 1000) OR i % 17 = 0
								  THEN NULL ELSE 100 + 10 * sin(i) END ORDER BY i)
FROM generate_series(1, 1000) AS i;
-- whole words of NULLs: the state carries across them
INSERT INTO roll_vec
SELECT 'len300_null_run', array_agg(CASE WHEN i BETWEEN 60 AND 200 THEN NULL ELSE i % 7 - 3.5 END ORDER BY i)
FROM generate_series(1, 300) AS i;
-- NaN, +-Infinity, -0 and 0 among NULLs
INSERT INTO roll_vec
SELECT 'len300_special', array_agg(CASE WHEN i % 37 = 0 THEN 'NaN'::float8
										WHEN i % 41 = 0 THEN 'Infinity'
										WHEN i % 43 = 0 THEN '-Infinity'
										WHEN i % 11 = 0 THEN '-0'
										WHEN i % 13 = 0 THEN 0
										WHEN i % 29 = 0 THEN NULL
										ELSE round(10 * sin(i)) END ORDER BY i)
FROM generate_series(1, 300) AS i;
-- cancellation: core's naive re-sum loses the small terms, numeric does not
INSERT INTO roll_vec
SELECT 'len200_cancel', array_agg(CASE i % 3 WHEN 0 THEN 1e15 WHEN 1 THEN 0.1 * i ELSE -1e15 END ORDER BY i)
FROM generate_series(1, 200) AS i;
SELECT name, cardinality(v) AS len, array_length(array_remove(v, NULL), 1) AS present
FROM roll_vec ORDER BY name;

-- the exact value of a float8 (a cast keeps 15 digits): m * 2^e
CREATE FUNCTION roll_exact(x float8) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT AS $$
	SELECT CASE WHEN x = 0 OR x <> x OR abs(x) = 'Infinity' THEN x::numeric
				WHEN e >= 0 THEN s * m * 2::numeric ^ e
				ELSE s * m * 5::numeric ^ (-e) * ('1e' || e)::numeric END
	FROM (SELECT CASE WHEN b < 0 THEN -1 ELSE 1 END AS s,
				 (b & 4503599627370495) +
				 CASE WHEN (b >> 52) & 2047 > 0 THEN 4503599627370496 ELSE 0 END AS m,
				 greatest((b >> 52) & 2047, 1) - 1075 AS e
		  FROM (SELECT ('x' || encode(float8send(x), 'hex'))::bit(64)::bigint AS b) b0) f
$$;
SELECT trim_scale(roll_exact(0.1)) AS exact_0_1, trim_scale(roll_exact(-2.5)) AS exact_minus_2_5;

-- core's window aggregates over the trailing frame of w rows
CREATE FUNCTION roll_ref(v float8[], w integer)
RETURNS TABLE (o bigint, x float8, cnt bigint, fsum float8, favg float8, fsd float8,
			   fmin float8, fmax float8, nsum numeric, nabs numeric, navg numeric,
			   nvar numeric, finite boolean)
LANGUAGE sql IMMUTABLE AS $$
	SELECT o, x, count(x) OVER f, sum(x) OVER f, avg(x) OVER f, stddev_samp(x) OVER f,
		   min(x) OVER f, max(x) OVER f,
		   sum(ex) OVER f, sum(abs(ex)) OVER f, avg(ex) OVER f, var_samp(ex) OVER f,
		   bool_and(x NOT IN ('NaN', 'Infinity', '-Infinity')) OVER f
	FROM (SELECT o, x, roll_exact(x) AS ex
		  FROM unnest(v) WITH ORDINALITY AS u(x, o) OFFSET 0) AS u
	WINDOW f AS (ORDER BY o ROWS BETWEEN w - 1 PRECEDING AND CURRENT ROW)
$$;

-- windows 1, 2, 3, 64, the length and beyond it; min_count w, 0, 1, half
CREATE TABLE roll_case AS
SELECT r.name, r.v, ws.w, ms.mc
FROM roll_vec r,
	 LATERAL (SELECT DISTINCT w FROM unnest(ARRAY[1, 2, 3, 64, greatest(cardinality(r.v), 1),
												   cardinality(r.v) + 10]) AS w) ws,
	 LATERAL (SELECT DISTINCT mc FROM unnest(ARRAY[ws.w, 0, 1, (ws.w + 1) / 2]) AS mc) ms;

CREATE TABLE roll_cmp AS
WITH refs AS MATERIALIZED (
	SELECT f.name, f.w, r.*
	FROM (SELECT DISTINCT name, v, w FROM roll_case) f, LATERAL roll_ref(f.v, f.w) r
), got AS MATERIALIZED (
	SELECT c.name, c.w, c.mc, g.*
	FROM roll_case c,
		 LATERAL unnest(rolling_sum(c.v, c.w, c.mc), rolling_mean(c.v, c.w, c.mc),
						rolling_stddev(c.v, c.w, c.mc), rolling_min(c.v, c.w, c.mc),
						rolling_max(c.v, c.w, c.mc), rolling_count(c.v, c.w, c.mc))
			 WITH ORDINALITY AS g(rsum, rmean, rsd, rmin, rmax, rcount, o)
)
SELECT g.mc, f.*, g.rsum, g.rmean, g.rsd, g.rmin, g.rmax, g.rcount
FROM refs f JOIN got g USING (name, w, o);

-- what each element must be: NULL at a NULL element or below min_count
-- (a result r is compared through its decimal form, within half an ulp:
-- u|r| more on the bound)
CREATE TABLE roll_verdict AS
WITH u AS (SELECT roll_exact(2 ^ -53::float8) AS u)
SELECT name, w, mc, o, x, cnt, rsum, rmean, rsd, rmin, rmax, rcount,
	   CASE WHEN x IS NULL OR cnt < mc THEN rsum IS NULL
			WHEN NOT finite THEN rsum IS NOT DISTINCT FROM fsum
			ELSE abs(rsum::text::numeric - nsum) <= u * abs(rsum::numeric) + 2 * u * abs(nsum) + 2 * w * w * u * u * nabs END AS sum_ok,
	   CASE WHEN x IS NULL OR cnt < mc THEN rmean IS NULL
			WHEN NOT finite THEN rmean IS NOT DISTINCT FROM favg
			ELSE abs(rmean::text::numeric - navg) <= u * abs(rmean::numeric) + (3 * u * abs(nsum) + 2 * w * w * u * u * nabs) / cnt END AS mean_ok,
	   CASE WHEN x IS NULL OR cnt < mc OR cnt < 2 THEN rsd IS NULL
			WHEN NOT finite THEN rsd IS NOT DISTINCT FROM fsd
			ELSE abs(rsd::text::numeric ^ 2 - nvar) <= 3 * u * rsd::numeric ^ 2 + 4 * w * u * (nvar + navg * navg) END AS sd_ok,
	   CASE WHEN x IS NULL OR cnt < mc THEN rmin IS NULL
			ELSE float8send(rmin) = float8send(fmin) END AS min_ok,
	   CASE WHEN x IS NULL OR cnt < mc THEN rmax IS NULL
			ELSE float8send(rmax) = float8send(fmax) END AS max_ok,
	   CASE WHEN x IS NULL OR cnt < mc THEN rcount IS NULL
			ELSE float8send(rcount) = float8send(cnt::float8) END AS count_ok,
	   -- the reference itself: core's naive re-sum is within (n - 1)u sum|x|
	   CASE WHEN cnt = 0 OR NOT finite THEN true
			ELSE abs(fsum::text::numeric - nsum) <= u * abs(fsum::numeric) + cnt * u * nabs END AS core_sum_ok
FROM roll_cmp, u;

-- every case checked, none failing
SELECT count(DISTINCT (name, w, mc)) AS cases, count(*) AS elements,
	   count(*) FILTER (WHERE NOT sum_ok) AS sum_bad,
	   count(*) FILTER (WHERE NOT mean_ok) AS mean_bad,
	   count(*) FILTER (WHERE NOT sd_ok) AS stddev_bad,
	   count(*) FILTER (WHERE NOT min_ok) AS min_bad,
	   count(*) FILTER (WHERE NOT max_ok) AS max_bad,
	   count(*) FILTER (WHERE NOT count_ok) AS count_bad,
	   count(*) FILTER (WHERE NOT core_sum_ok) AS core_sum_bad
FROM roll_verdict;
SELECT * FROM roll_verdict
WHERE NOT (sum_ok AND mean_ok AND sd_ok AND min_ok AND max_ok AND count_ok)
ORDER BY name, w, mc, o LIMIT 10;

-- the windows seen: present results, NaN and infinite results, and where
-- the cancelling series parts from core's naive float8 sum
SELECT count(*) FILTER (WHERE rsum IS NOT NULL) AS sums,
	   count(*) FILTER (WHERE rsum = 'NaN') AS nan_sums,
	   count(*) FILTER (WHERE rsum IN ('Infinity', '-Infinity')) AS inf_sums,
	   count(*) FILTER (WHERE rmax = 'NaN') AS nan_max,
	   count(*) FILTER (WHERE name = 'len200_cancel' AND roll_exact(rsum) = nsum
						AND roll_exact(fsum) <> nsum) AS exact_where_core_is_not,
	   count(*) FILTER (WHERE finite AND abs(fsum::text::numeric - nsum) >
						roll_exact(2 ^ -53::float8) * (abs(fsum::numeric) + 2 * abs(nsum))
						+ 2 * w * w * roll_exact(2 ^ -106::float8) * nabs) AS core_outside_sum_bound
FROM roll_cmp;

-- the default min_count is w; nvec gives the float8[] bits
SELECT count(*) AS cases,
	   count(*) FILTER (WHERE rolling_sum(v, w)::text IS DISTINCT FROM rolling_sum(v, w, w)::text
						 OR rolling_mean(v, w)::text IS DISTINCT FROM rolling_mean(v, w, w)::text
						 OR rolling_stddev(v, w)::text IS DISTINCT FROM rolling_stddev(v, w, w)::text
						 OR rolling_min(v, w)::text IS DISTINCT FROM rolling_min(v, w, w)::text
						 OR rolling_max(v, w)::text IS DISTINCT FROM rolling_max(v, w, w)::text
						 OR rolling_count(v, w)::text IS DISTINCT FROM rolling_count(v, w, w)::text)
		 AS default_differs,
	   count(*) FILTER (WHERE rolling_sum(v::nvec, w, mc)::float8[]::text IS DISTINCT FROM rolling_sum(v, w, mc)::text
						 OR rolling_mean(v::nvec, w, mc)::float8[]::text IS DISTINCT FROM rolling_mean(v, w, mc)::text
						 OR rolling_stddev(v::nvec, w, mc)::float8[]::text IS DISTINCT FROM rolling_stddev(v, w, mc)::text
						 OR rolling_min(v::nvec, w, mc)::float8[]::text IS DISTINCT FROM rolling_min(v, w, mc)::text
						 OR rolling_max(v::nvec, w, mc)::float8[]::text IS DISTINCT FROM rolling_max(v, w, mc)::text
						 OR rolling_count(v::nvec, w, mc)::float8[]::text IS DISTINCT FROM rolling_count(v, w, mc)::text)
		 AS nvec_differs
FROM roll_case;

-- small cases, as shown in docs/series.md
SELECT rolling_sum('{1,2,3,NULL,5,6}'::float8[], 2) AS sum2,
	   rolling_sum('{1,2,3,NULL,5,6}'::float8[], 2, 1) AS sum2_any;
SELECT rolling_mean('{1,NaN,2,3,4}'::float8[], 2) AS mean_nan_leaves,
	   rolling_sum('{1,Infinity,2,3,-Infinity,5,6}'::float8[], 2) AS sum_inf_leaves;
SELECT rolling_stddev('{1,2,4,8}'::float8[], 3, 2) AS sd,
	   rolling_stddev('{1,2,4,8}'::float8[], 3, 0) AS sd_any;
SELECT rolling_min('{3,NaN,1,-0,0,2}'::float8[], 2) AS min2,
	   rolling_max('{3,NaN,1,-0,0,2}'::float8[], 2) AS max2;
SELECT rolling_count('{1,NULL,3,NULL,NULL,6}'::float8[], 3, 0) AS count3;
SELECT rolling_mean('{1,2,NULL,4}'::nvec, 2, 1) AS nvec_mean;
-- each block of 65536 elements: the window reaches back across blocks
SELECT (rolling_sum(array_agg(1::float8), 70000))[70000] AS sum_70000,
	   (rolling_max(array_agg(i::float8 * (-1) ^ i ORDER BY i), 3))[65537] AS max_65537,
	   (rolling_count(array_agg(1::float8), 65536, 1))[100000] AS count_100000
FROM generate_series(1, 100000) AS i;
-- a PL/pgSQL variable (an expanded array) in and out
DO $$
DECLARE
	a float8[] := '{1,2,3}';
BEGIN
	a := a || 4::float8;
	a := rolling_sum(a, 2, 1);
	RAISE NOTICE 'rolling_sum of a variable: %', a;
END
$$;

-- finite values that overflow in a part of a window only (the prefix of a
-- segment of w elements): the sum core's window sum gives, not an overflow
-- (core's avg overflows on such values, its sum of squares does: the mean
-- is checked against core's sum over the count)
SELECT u.o, u.x, u.r AS rolling_sum, c.s AS core_sum, u.m AS rolling_mean,
	   c.s / c.n AS core_sum_over_count, float8send(u.r) = float8send(c.s) AS same_sum
FROM unnest('{0,0,-1e308,1e308,1e308}'::float8[],
			rolling_sum('{0,0,-1e308,1e308,1e308}'::float8[], 3, 1),
			rolling_mean('{0,0,-1e308,1e308,1e308}'::float8[], 3, 1)) WITH ORDINALITY AS u(x, r, m, o)
JOIN (SELECT o, sum(x) OVER f AS s, count(x) OVER f AS n
	  FROM unnest('{0,0,-1e308,1e308,1e308}'::float8[]) WITH ORDINALITY AS c(x, o)
	  WINDOW f AS (ORDER BY o ROWS BETWEEN 2 PRECEDING AND CURRENT ROW)) c USING (o)
ORDER BY o;
-- longer windows whose prefix overflows and comes back: as core's sum
SELECT w, count(*) AS windows,
	   count(*) FILTER (WHERE float8send(r) IS DISTINCT FROM float8send(s)) AS differ_from_core
FROM (SELECT w, (rolling_sum(v, w, 1))[o] AS r,
			 (SELECT sum(x) FROM unnest(v[greatest(o - w + 1, 1):o]) AS x) AS s
	  FROM (VALUES ('{0,0,-1e308,0,1e308,1e308}'::float8[], 4),
				   ('{0,0,0,-1e308,0,1e308,1e308,-1e308}', 5)) AS t(v, w),
		   generate_series(1, cardinality(v)) AS o) AS q
GROUP BY w ORDER BY w;
-- a window whose finite values overflow raises core's error, whatever
-- infinity it also holds (core's sum over the frame, adding in order,
-- raises it when the overflow comes first, as here, and gives the infinity
-- when the infinity does)
SELECT sum(x) OVER (ORDER BY o ROWS BETWEEN 2 PRECEDING AND CURRENT ROW)
FROM unnest('{1e308,1e308,Infinity}'::float8[]) WITH ORDINALITY AS u(x, o);
SELECT rolling_sum('{1e308,1e308,Infinity}'::float8[], 3, 3);
SELECT rolling_mean('{-Infinity,1e308,1e308}'::nvec, 3, 3);

-- a zero mean is +0, as core's avg: bits against avg() over the same frames
SELECT rolling_mean('{-0}'::float8[], 1) AS mean_minus_zero,
	   float8send((rolling_mean('{-0}'::float8[], 1))[1]) AS bits,
	   float8send(avg(x)) AS core_avg_bits
FROM unnest('{-0}'::float8[]) AS x;
SELECT w, count(*) AS windows,
	   count(*) FILTER (WHERE float8send(r) IS DISTINCT FROM float8send(a)) AS sign_differs
FROM (SELECT w, (rolling_mean(v, w, 1))[o] AS r,
			 (SELECT avg(x) FROM unnest(v[greatest(o - w + 1, 1):o]) AS x) AS a
	  FROM (VALUES ('{-0,-0,0,-0,1,-1,-0,-0,2.5,-2.5,-0}'::float8[])) AS t(v),
		   generate_series(1, 3) AS w, generate_series(1, 11) AS o) AS q
GROUP BY w ORDER BY w;

-- bad parameters
SELECT rolling_sum('{1,2}'::float8[], 0);
SELECT rolling_mean('{1,2}'::nvec, -3);
SELECT rolling_max('{1,2}'::float8[], 2, 3);
SELECT rolling_min('{1,2}'::float8[], 2, -1);
-- finite values whose window sum overflows: core's error, as sum() over them
SELECT rolling_sum('{1e308,1e308,1}'::float8[], 2);
SELECT rolling_stddev('{1e200,-1e200}'::float8[], 2);
SELECT rolling_sum('{{1,2},{3,4}}'::float8[], 2);
SELECT rolling_sum(NULL::float8[], 2), rolling_sum('{1}'::float8[], NULL);

DROP TABLE roll_verdict, roll_cmp, roll_case, roll_vec;
DROP FUNCTION roll_ref(float8[], integer), roll_exact(float8);

-- Working memory.  The elements leaving a window are read from the vector
-- itself, so a rolling function needs little beyond its input and result
-- (20M elements: 160 MB each, and as much again to pack a float8[] result
-- with NULLs): the peak resident memory of a fresh backend, from /proc.
-- With the window as long as the vector it once took 33 bytes per element
-- more (660 MB), and 330 MB for a window of half of it.
\c
SET fusekern.enable_fusion = off;
SELECT array_length(rolling_sum(array_fill(1::float8, ARRAY[20000000]), 2147483647), 1) AS len;
SELECT (regexp_match(pg_read_file('/proc/self/status'), 'VmHWM:\s*(\d+)'))[1]::bigint
	   < 400 * 1024 AS peak_under_400mb;
\c
SET fusekern.enable_fusion = off;
SELECT array_length(rolling_mean(array_fill(1::float8, ARRAY[20000000]), 10000000), 1) AS len;
SELECT (regexp_match(pg_read_file('/proc/self/status'), 'VmHWM:\s*(\d+)'))[1]::bigint
	   < 500 * 1024 AS peak_under_500mb;
