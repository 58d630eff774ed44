-- variance, var_pop, stddev and stddev_pop across rows over float8[] and
-- nvec, position by position, against core's var_samp, var_pop,
-- stddev_samp and stddev_pop over the unnested positions: the same
-- algorithm (core's float8_accum and float8_combine at each position), so
-- the same bits when the rows come in the same order (ORDER BY in both).
SET extra_float_digits = 3;

CREATE TABLE av_rows (id int PRIMARY KEY, v float8[]);
-- 200 rows of 70 positions (two validity words): NULLs, NaN, infinities,
-- -0, large and small magnitudes; position 5 all NULL, position 6 one value
INSERT INTO av_rows
SELECT id, array_agg(CASE WHEN p = 5 THEN NULL
						  WHEN p = 6 AND id > 1 THEN NULL
						  WHEN (id * p) % 13 = 0 THEN NULL
						  WHEN p = 7 AND id = 50 THEN 'NaN'
						  WHEN p = 8 AND id = 60 THEN 'Infinity'
						  WHEN p = 9 AND id IN (3, 4) THEN '-Infinity'
						  WHEN p = 10 THEN '-0'
						  WHEN p = 11 THEN 1e9 + (id % 7)
						  WHEN p = 12 THEN 1e-300 * id
						  ELSE 100 * sin(id * p) END ORDER BY p)
FROM generate_series(1, 200) AS id, generate_series(1, 70) AS p
GROUP BY id;

CREATE TABLE av_cmp AS
WITH ours AS (
	SELECT variance(v ORDER BY id) AS var, var_pop(v ORDER BY id) AS varp,
		   stddev(v ORDER BY id) AS sd, stddev_pop(v ORDER BY id) AS sdp,
		   variance(v::nvec ORDER BY id)::float8[] AS var_nv,
		   var_pop(v::nvec ORDER BY id)::float8[] AS varp_nv,
		   stddev(v::nvec ORDER BY id)::float8[] AS sd_nv,
		   stddev_pop(v::nvec ORDER BY id)::float8[] AS sdp_nv
	FROM av_rows
), core AS (
	SELECT p, var_samp(x ORDER BY id) AS var, var_pop(x ORDER BY id) AS varp,
		   stddev_samp(x ORDER BY id) AS sd, stddev_pop(x ORDER BY id) AS sdp
	FROM av_rows, unnest(v) WITH ORDINALITY AS u(x, p)
	GROUP BY p
)
SELECT c.p, c.var, c.varp, c.sd, c.sdp, o.var[c.p] AS ovar, o.varp[c.p] AS ovarp,
	   o.sd[c.p] AS osd, o.sdp[c.p] AS osdp,
	   o.var_nv[c.p] AS nvar, o.varp_nv[c.p] AS nvarp, o.sd_nv[c.p] AS nsd,
	   o.sdp_nv[c.p] AS nsdp
FROM core c, ours o;

SELECT count(*) AS positions,
	   count(*) FILTER (WHERE ovar IS NULL) AS var_null,
	   count(*) FILTER (WHERE ovarp IS NULL) AS var_pop_null,
	   count(*) FILTER (WHERE ovar = 'NaN') AS var_nan,
	   count(*) FILTER (WHERE float8send(ovar) IS DISTINCT FROM float8send(var)) AS var_differs,
	   count(*) FILTER (WHERE float8send(ovarp) IS DISTINCT FROM float8send(varp)) AS var_pop_differs,
	   count(*) FILTER (WHERE float8send(osd) IS DISTINCT FROM float8send(sd)) AS stddev_differs,
	   count(*) FILTER (WHERE float8send(osdp) IS DISTINCT FROM float8send(sdp)) AS stddev_pop_differs,
	   count(*) FILTER (WHERE float8send(nvar) IS DISTINCT FROM float8send(var)
						   OR float8send(nvarp) IS DISTINCT FROM float8send(varp)
						   OR float8send(nsd) IS DISTINCT FROM float8send(sd)
						   OR float8send(nsdp) IS DISTINCT FROM float8send(sdp)) AS nvec_differs
FROM av_cmp;
SELECT p, ovar, ovarp, osd, osdp FROM av_cmp WHERE p BETWEEN 5 AND 12 ORDER BY p;

-- the state itself: at each position, core's float8_accum state {N, Sx,
-- Sxx}, bit for bit (the transition functions as plain aggregates)
CREATE AGGREGATE av_state(float8[]) (SFUNC = vec_variance_transfn, STYPE = float8[]);
CREATE AGGREGATE av_core_state(float8) (SFUNC = float8_accum, STYPE = float8[], INITCOND = '{0,0,0}');
SELECT count(*) AS positions,
	   count(*) FILTER (WHERE float8send(s[p]) IS DISTINCT FROM float8send(c[1])
						   OR float8send(s[70 + p]) IS DISTINCT FROM float8send(c[2])
						   OR float8send(s[140 + p]) IS DISTINCT FROM float8send(c[3])) AS state_differs
FROM (SELECT av_state(v ORDER BY id) AS s FROM av_rows) o,
	 (SELECT p, av_core_state(x ORDER BY id) AS c
	  FROM av_rows, unnest(v) WITH ORDINALITY AS u(x, p) GROUP BY p) k;
-- the combine function is core's float8_combine: two halves combined
SELECT count(*) AS positions,
	   count(*) FILTER (WHERE float8send(s[p]) IS DISTINCT FROM float8send(c[1])
						   OR float8send(s[70 + p]) IS DISTINCT FROM float8send(c[2])
						   OR float8send(s[140 + p]) IS DISTINCT FROM float8send(c[3])) AS combine_differs
FROM (SELECT vec_var_combinefn((SELECT av_state(v ORDER BY id) FROM av_rows WHERE id <= 77),
							   (SELECT av_state(v ORDER BY id) FROM av_rows WHERE id > 77)) AS s) o,
	 (SELECT p, float8_combine(av_core_state(x ORDER BY id) FILTER (WHERE id <= 77),
							   av_core_state(x ORDER BY id) FILTER (WHERE id > 77)) AS c
	  FROM av_rows, unnest(v) WITH ORDINALITY AS u(x, p) GROUP BY p) k;

-- by hand: position 1 holds 1, 3, 5 (mean 3, squared deviations 4 + 0 + 4),
-- position 2 holds 2 and 6 (mean 4, 4 + 4), position 3 holds 7 alone
SELECT variance(v) AS var, var_pop(v) AS var_pop, stddev(v) AS sd, stddev_pop(v) AS sd_pop
FROM (VALUES ('{1,2,7}'::float8[]), ('{3,NULL,NULL}'), (NULL), ('{5,6,NULL}')) AS t(v);
SELECT variance(v) AS var, stddev_pop(v) AS sd_pop
FROM (VALUES ('{1,2,7}'::nvec), ('{3,NULL,NULL}'), ('{5,6,NULL}')) AS t(v);
-- no rows, only NULL rows, empty vectors
SELECT variance(v) FROM av_rows WHERE false;
SELECT stddev(v) FROM (VALUES (NULL::nvec)) AS t(v);
SELECT variance(v), var_pop(v) FROM (VALUES ('{}'::float8[]), ('{}')) AS t(v);
-- as window aggregates: the final function only reads the state
SELECT id, stddev(v) OVER (ORDER BY id) AS running_sd
FROM (VALUES (1, '{1,10}'::float8[]), (2, '{3,10}'), (3, '{5,NULL}')) AS t(id, v);

-- in parallel: the same results as the serial plan, within 2^-40
-- relatively (the partial states combine in another order)
CREATE TABLE av_big AS
SELECT id, ARRAY[sin(id), cos(id) * 1e6, CASE WHEN id % 3 = 0 THEN NULL ELSE id END]::float8[] AS v
FROM generate_series(1, 60000) AS id;
ANALYZE av_big;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF) SELECT variance(v), stddev_pop(v::nvec) FROM av_big;
CREATE TEMP TABLE av_par AS SELECT variance(v) AS a, stddev_pop(v::nvec)::float8[] AS b FROM av_big;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
SET max_parallel_workers_per_gather = 0;
CREATE TEMP TABLE av_ser AS SELECT variance(v) AS a, stddev_pop(v::nvec)::float8[] AS b FROM av_big;
RESET max_parallel_workers_per_gather;
SELECT bool_and(abs(p.a[i] - s.a[i]) <= 2 ^ -40 * abs(s.a[i])
				AND abs(p.b[i] - s.b[i]) <= 2 ^ -40 * abs(s.b[i])) AS parallel_agrees
FROM av_par p, av_ser s, generate_series(1, 3) AS i;
-- and against core's var_samp over the positions
SELECT bool_and(abs(a[p] - r) <= 2 ^ -40 * r) AS core_agrees
FROM av_ser, (SELECT p, var_samp(x) AS r FROM av_big, unnest(v) WITH ORDINALITY AS u(x, p)
			  GROUP BY p) k;

-- errors
SELECT variance(v) FROM (VALUES ('{1,2}'::float8[]), ('{1,2,3}')) AS t(v);
SELECT var_samp(x) FROM unnest('{1e308,-1e308}'::float8[]) AS x;
SELECT variance(v) FROM (VALUES ('{1e308}'::float8[]), ('{-1e308}')) AS t(v);
SELECT stddev(v) FROM (VALUES ('{{1,2},{3,4}}'::float8[])) AS t(v);
SELECT vec_variance_finalfn_float8arr('{1,2}');
SELECT vec_stddev_finalfn_nvec('{0.5,1,1}');
SELECT vec_var_combinefn('{1,1,0}', '{1,2,-1}');

DROP TABLE av_cmp, av_rows, av_big, av_par, av_ser;
DROP AGGREGATE av_state(float8[]);
DROP AGGREGATE av_core_state(float8);
