-- rolling_quantile(v, w, q [, min_count]) and rolling_median(v, w
-- [, min_count]) against core's percentile_cont(q) WITHIN GROUP over the
-- present elements of the trailing window v[o - w + 1 .. o] (count(x) for
-- min_count): the same ranks and the same interpolation, so the same bits
-- (but the sign of a zero between -0 and 0, which core's sort may order
-- either way, and the bits of a NaN, ours the canonical one, core's what the
-- arithmetic left).  rolling_median = rolling_quantile(v, w, 0.5) bit for bit;
-- nvec gives the float8[] bits; q = 0 and q = 1 are rolling_min and
-- rolling_max on long series; rolling_median fused = unfused.
SET extra_float_digits = 3;

CREATE TABLE rq_vec (name text PRIMARY KEY, v float8[]);
INSERT INTO rq_vec VALUES ('len0', '{}'), ('len1', '{5}'), ('len1_null', '{NULL}'),
	('ties', '{3,1,3,3,2,1,1,3,2,2,3,1}');
INSERT INTO rq_vec
SELECT 'len' || n, array_agg(round(100 * sin(i * 7)) / 4 ORDER BY i)
FROM (VALUES (65), (300)) AS l(n), generate_series(1, n) AS i
GROUP BY n;
INSERT INTO rq_vec
SELECT 'len300_special', array_agg(CASE WHEN i % 37 = 0 THEN 'NaN'::float8
										WHEN i % 41 = 0 THEN 'Infinity'
										WHEN i % 43 = 0 THEN '-Infinity'
										WHEN i % 11 = 0 THEN '-0'
										WHEN i % 13 = 0 THEN 0
										WHEN i % 7 = 0 THEN NULL
										ELSE round(10 * sin(i)) END ORDER BY i)
FROM generate_series(1, 300) AS i;

CREATE TABLE rq_case AS
SELECT r.name, r.v, ws.w, ms.mc, qs.q
FROM rq_vec r,
	 LATERAL (SELECT DISTINCT w FROM unnest(ARRAY[1, 2, 3, 5, 64, greatest(cardinality(r.v), 1),
												   cardinality(r.v) + 10]) AS w) ws,
	 LATERAL (SELECT DISTINCT mc FROM unnest(ARRAY[ws.w, 0, 1, (ws.w + 1) / 2]) AS mc) ms,
	 (VALUES (0::float8), (0.25), (0.5), (0.9), (1)) AS qs(q);

CREATE TABLE rq_cmp AS
SELECT c.name, c.w, c.mc, c.q, g.o, g.x, g.r, g.rn, g.rmed,
	   (SELECT count(y) FROM unnest(c.v[greatest(g.o - c.w + 1, 1):g.o]) AS y) AS cnt,
	   (SELECT percentile_cont(c.q) WITHIN GROUP (ORDER BY y)
		FROM unnest(c.v[greatest(g.o - c.w + 1, 1):g.o]) AS y) AS ref
FROM rq_case c,
	 LATERAL unnest(c.v, rolling_quantile(c.v, c.w, c.q, c.mc),
					rolling_quantile(c.v::nvec, c.w, c.q, c.mc)::float8[],
					CASE WHEN c.q = 0.5 THEN rolling_median(c.v, c.w, c.mc) END)
		 WITH ORDINALITY AS g(x, r, rn, rmed, o);

SELECT count(DISTINCT (name, w, mc, q)) AS cases, count(*) AS elements,
	   count(*) FILTER (WHERE r IS NOT NULL) AS present,
	   count(*) FILTER (WHERE r = 'NaN') AS nan,
	   count(*) FILTER (WHERE r IN ('Infinity', '-Infinity')) AS infinite,
	   count(*) FILTER (WHERE r <> floor(r)) AS interpolated,
	   count(*) FILTER (WHERE NOT CASE
			WHEN x IS NULL OR cnt < mc THEN r IS NULL
			ELSE float8send(r) = float8send(ref) OR (r = 0 AND ref = 0)
				 OR (ref = 'NaN' AND float8send(r) = float8send('NaN')) END) AS quantile_bad,
	   count(*) FILTER (WHERE float8send(rn) IS DISTINCT FROM float8send(r)) AS nvec_differs,
	   count(*) FILTER (WHERE q = 0.5 AND float8send(rmed) IS DISTINCT FROM float8send(r)) AS median_differs
FROM rq_cmp;

-- the default min_count is w
SELECT count(*) FILTER (WHERE rolling_quantile(v, w, 0.25)::text IS DISTINCT FROM rolling_quantile(v, w, 0.25, w)::text
						 OR rolling_median(v::nvec, w)::text IS DISTINCT FROM rolling_median(v::nvec, w, w)::text)
	   AS default_differs
FROM (SELECT DISTINCT v, w FROM rq_case) c;

-- long series, windows within and across blocks of 65,536 elements: the
-- 0- and 1-quantiles are the window's minimum and maximum
CREATE TABLE rq_long AS
SELECT array_agg(CASE WHEN i % 1000 = 0 THEN NULL ELSE sin(i * 0.37) * 1000 END ORDER BY i) AS v
FROM generate_series(1, 150000) AS i;
SELECT w, rolling_quantile(v, w, 0, 1)::text = rolling_min(v, w, 1)::text AS q0_is_min,
	   rolling_quantile(v, w, 1, 1)::text = rolling_max(v, w, 1)::text AS q1_is_max,
	   (rolling_median(v, w, 1))[149999] = (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY y)
											FROM unnest(v[149999 - w + 1:149999]) AS y) AS last_median
FROM rq_long, (VALUES (1), (17), (1000), (70000), (200000)) AS t(w)
ORDER BY w;

-- by hand: {1, 2, 4} has median 2 and 0.25-quantile 1.5 (ranks 0 and 1,
-- halfway); {2, 4, 8} median 4, 0.25-quantile 3; {4, 8} (a NULL in the
-- window) median 6
SELECT rolling_median('{1,2,4,8}'::float8[], 3) AS median3,
	   rolling_quantile('{1,2,4,8}'::float8[], 3, 0.25) AS q25,
	   rolling_median('{1,2,4,NULL,8}'::nvec, 3, 2) AS median3_nvec,
	   rolling_median('{1,NaN,2,Infinity,3}'::float8[], 2) AS median2_special;

-- rolling_median is fused as the other rolling windows; rolling_quantile
-- and the form with min_count are not
CREATE TABLE rq_px (id int, px float8[]);
INSERT INTO rq_px
SELECT id, array_agg(100 * exp(0.01 * sin(id * i)) ORDER BY i)
FROM generate_series(1, 10) AS id, generate_series(1, 3000 + 37 * id) AS i
GROUP BY id;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT rolling_median(dlog(px, 1), 20), rolling_quantile(px, 5, 0.9), rolling_median(px, 3, 1)
FROM rq_px;
CREATE TEMP VIEW rq_q AS
SELECT id, ARRAY[rolling_median(dlog(px, 1), 20)::text,
				 (px - rolling_median(px, 5))::text,
				 rolling_median(px * 2::float8, 1500)::text,
				 rolling_median(dlog(px::nvec, 1), (id % 50) + 1)::text] AS r
FROM rq_px;
CREATE TEMP TABLE rq_on AS SELECT * FROM rq_q;
SET fusekern.enable_fusion = off;
CREATE TEMP TABLE rq_off AS SELECT * FROM rq_q;
RESET fusekern.enable_fusion;
SELECT count(*) AS rows, count(*) FILTER (WHERE a.r IS DISTINCT FROM b.r) AS differ
FROM rq_on a JOIN rq_off b USING (id);

-- errors; a quantile outside [0, 1] or NaN is vquantile's error (22003,
-- as percentile_cont), q written exactly whatever extra_float_digits
SELECT rolling_quantile('{1,2}'::float8[], 2, 1.5);  \echo :SQLSTATE
SELECT rolling_quantile('{1,2}'::nvec, 2, 'NaN');  \echo :SQLSTATE
SET extra_float_digits = 0;
SELECT rolling_quantile('{1,2}'::float8[], 2, 1.0000000000000002, 1);  \echo :SQLSTATE
SELECT rolling_quantile('{1,2}'::nvec, 2, -5e-324);  \echo :SQLSTATE
SET extra_float_digits = 3;
SELECT rolling_quantile('{1,2}'::float8[], 0, 0.5);
SELECT rolling_quantile('{1,2}'::float8[], 2, 0.5, 3);
SELECT rolling_median('{1,2}'::float8[], 2, -1);
SELECT rolling_quantile(NULL::float8[], 2, 0.5), rolling_quantile('{1}'::float8[], 2, NULL);

DROP TABLE rq_cmp, rq_case, rq_vec, rq_long, rq_px, rq_on, rq_off CASCADE;
