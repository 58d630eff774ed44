-- Aggregates across rows: sum and avg over nvec and float8[], min and max
-- over nvec, position by position; nvec_agg in parallel
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- NULL elements skipped, all-NULL position NULL, NULL row skipped
SELECT sum(v), avg(v), sum(v::nvec) AS sum_nvec, avg(v::nvec) AS avg_nvec,
	   min(v::nvec), max(v::nvec)
FROM (VALUES (1, '{1,NULL,3,4}'::float8[]), (2, NULL), (3, '{2,NULL,NULL,-8}'),
			 (4, '{6,NULL,1,0.5}')) AS t(id, v);
-- no rows, only NULL rows: NULL; rows of length 0: an empty vector
SELECT sum(v) IS NULL AS no_rows, avg(v::nvec) IS NULL AS no_rows_nvec
FROM (VALUES ('{1}'::float8[])) AS t(v) WHERE false;
SELECT sum(v) IS NULL AS null_rows, max(v::nvec) IS NULL AS null_rows_nvec
FROM (VALUES (NULL::float8[]), (NULL)) AS t(v);
SELECT sum(v), avg(v), sum(v::nvec), min(v::nvec), max(v::nvec)
FROM (VALUES ('{}'::float8[]), ('{}')) AS t(v);
-- a row of NULL elements only
SELECT sum(v), avg(v), max(v::nvec)
FROM (VALUES ('{NULL,NULL}'::float8[]), ('{NULL,NULL}')) AS t(v);

-- rows of different lengths: the binary kernels' error, both lengths named
SELECT sum(v) FROM (VALUES (1, '{1,2,3}'::float8[]), (2, '{1,2}')) AS t(id, v);
SELECT max(v::nvec) FROM (VALUES (1, '{1}'::float8[]), (2, '{1,2}')) AS t(id, v);
SELECT avg(v) FROM (VALUES (1, '{}'::float8[]), (2, '{NULL}')) AS t(id, v);

-- core's min(anyarray) and max(anyarray) are not shadowed: whole arrays in
-- lexicographic order, not position by position
SELECT max(v), min(v), max(v) = pg_catalog.max(v) AS core_max,
	   max(v::nvec) AS elementwise_max
FROM (VALUES ('{1,5}'::float8[]), ('{2,0}')) AS t(v);

-- NaN and infinities as core's float8 aggregates: Inf + -Inf = NaN, NaN
-- above every number in min and max, -0 kept where core keeps it
SELECT sum(v), avg(v), min(v::nvec), max(v::nvec)
FROM (VALUES (1, '{Infinity,NaN,1,-0,-0,Infinity}'::float8[]),
			 (2, '{-Infinity,1,NaN,-0,0,1}'),
			 (3, '{1,2,-Infinity,-0,-0,NULL}')) AS t(id, v);
SELECT o, sum(x ORDER BY id), avg(x ORDER BY id), min(x ORDER BY id), max(x ORDER BY id)
FROM (VALUES (1, '{Infinity,NaN,1,-0,-0,Infinity}'::float8[]),
			 (2, '{-Infinity,1,NaN,-0,0,1}'),
			 (3, '{1,2,-Infinity,-0,-0,NULL}')) AS t(id, v),
	 unnest(v) WITH ORDINALITY AS u(x, o)
GROUP BY o ORDER BY o;
-- The NaN rule (docs/kernels.md): a sum or a mean holds the one canonical
-- NaN (0x7ff8...) whatever NaN the rows held (-'NaN' is 0xfff8...) and
-- whichever came first; min and max keep the bits of the NaN they pick, as
-- core's do.  Core's own sum passes on the first NaN it meets, and x86's
-- Infinity - Infinity is 0xfff8...
SELECT rows_in, float8send((sum(v))[1]) AS sum_bits, float8send((avg(v))[1]) AS avg_bits,
	   float8send((sum(v::float8[]))[1]) AS sum_float8arr_bits,
	   float8send((max(v))[1]) AS max_bits, float8send((min(v))[1]) AS min_bits
FROM (VALUES ('inf, -inf, NaN', 1, '{Infinity}'::nvec), ('inf, -inf, NaN', 2, '{-Infinity}'),
			 ('inf, -inf, NaN', 3, '{NaN}'), ('inf, -inf', 1, '{Infinity}'), ('inf, -inf', 2, '{-Infinity}'),
			 ('-NaN, 1', 1, ARRAY[-'NaN'::float8]::nvec), ('-NaN, 1', 2, '{1}'),
			 ('1, -NaN', 1, '{1}'), ('1, -NaN', 2, ARRAY[-'NaN'::float8]::nvec)) AS t(rows_in, id, v)
GROUP BY rows_in ORDER BY rows_in;
-- overflow of a sum of finite values: core's error
SELECT sum(x) FROM (VALUES (1e308::float8), (1e308)) AS t(x);
SELECT sum(v) FROM (VALUES ('{1,1e308}'::float8[]), ('{1,1e308}')) AS t(v);
SELECT sum(v::nvec) FROM (VALUES ('{1e308}'::float8[]), ('{Infinity}'), ('{1e308}')) AS t(v);

-- Against core's aggregates over unnest WITH ORDINALITY, at lengths 0, 1,
-- 63, 64, 65, 1000: values with inexact quotients, NULLs at positions 64,
-- 65, 128, 129 (1-based: 0-based 63, 64, 127, 128) in some rows, a position
-- NULL in every row, whole NULL rows.  Sums are summed in the order of the
-- rows (ORDER BY id on both sides), so every result matches in its bits.
CREATE TEMP TABLE xr (g int, id int, v float8[]);
INSERT INTO xr
SELECT n, id,
	   CASE WHEN id = 4 THEN NULL
			ELSE (SELECT array_agg(CASE WHEN i = 3 THEN NULL
										WHEN id % 2 = 1 AND i IN (64, 65, 128, 129) THEN NULL
										WHEN id = 5 AND i % 64 IN (0, 1) THEN NULL
										ELSE ((id * 37 + i * 11) % 101 - 50) / 7.0 END ORDER BY i)
				  FROM generate_series(1, n) AS i) END
FROM unnest('{1,63,64,65,1000}'::int[]) AS n, generate_series(1, 9) AS id;
INSERT INTO xr SELECT 0, id, CASE WHEN id = 2 THEN NULL ELSE '{}'::float8[] END
FROM generate_series(1, 3) AS id;
CREATE TEMP TABLE ours AS
SELECT g, sum(v ORDER BY id) AS s, avg(v ORDER BY id) AS a,
	   sum(v::nvec ORDER BY id) AS sn, avg(v::nvec ORDER BY id) AS an,
	   min(v::nvec ORDER BY id) AS mn, max(v::nvec ORDER BY id) AS mx
FROM xr GROUP BY g;
CREATE TEMP TABLE ref AS
SELECT g, o, sum(x ORDER BY id) AS s, avg(x ORDER BY id) AS a,
	   min(x ORDER BY id) AS mn, max(x ORDER BY id) AS mx
FROM xr, unnest(v) WITH ORDINALITY AS u(x, o) GROUP BY g, o;
SELECT g, cardinality(s) AS len, length(sn) AS len_nvec,
	   (SELECT count(*) FROM unnest(s) x WHERE x IS NULL) AS null_positions,
	   (SELECT count(*) FROM ref r, unnest(o.s) WITH ORDINALITY u(x, k)
		WHERE r.g = o.g AND r.o = u.k AND r.s::text IS DISTINCT FROM x::text) AS sum_diff,
	   (SELECT count(*) FROM ref r, unnest(o.a) WITH ORDINALITY u(x, k)
		WHERE r.g = o.g AND r.o = u.k AND r.a::text IS DISTINCT FROM x::text) AS avg_diff,
	   (SELECT count(*) FROM ref r, unnest(o.sn) WITH ORDINALITY u(x, k)
		WHERE r.g = o.g AND r.o = u.k AND r.s::text IS DISTINCT FROM x::text) AS sum_nvec_diff,
	   (SELECT count(*) FROM ref r, unnest(o.an) WITH ORDINALITY u(x, k)
		WHERE r.g = o.g AND r.o = u.k AND r.a::text IS DISTINCT FROM x::text) AS avg_nvec_diff,
	   (SELECT count(*) FROM ref r, unnest(o.mn) WITH ORDINALITY u(x, k)
		WHERE r.g = o.g AND r.o = u.k AND r.mn::text IS DISTINCT FROM x::text) AS min_diff,
	   (SELECT count(*) FROM ref r, unnest(o.mx) WITH ORDINALITY u(x, k)
		WHERE r.g = o.g AND r.o = u.k AND r.mx::text IS DISTINCT FROM x::text) AS max_diff
FROM ours o ORDER BY g;
-- the types of the results follow the input
SELECT pg_typeof(s) AS sum, pg_typeof(a) AS avg, pg_typeof(sn) AS sum_nvec,
	   pg_typeof(mx) AS max_nvec
FROM ours WHERE g = 1;

-- as a window aggregate: the final function runs again and again on the
-- same state, which it must not change
SELECT id, sum(v) OVER (ORDER BY id), avg(v::nvec) OVER (ORDER BY id),
	   max(v::nvec) OVER (ORDER BY id)
FROM (VALUES (1, '{1,NULL}'::float8[]), (2, '{2,3}'), (3, NULL), (4, '{NULL,-1}')) AS t(id, v);
SELECT g, count(*) AS rows,
	   count(*) FILTER (WHERE w IS NOT DISTINCT FROM
		   (SELECT sum(v ORDER BY id) FROM xr b WHERE b.g = a.g AND b.id <= a.id)) AS same,
	   count(*) FILTER (WHERE wn IS NOT DISTINCT FROM
		   (SELECT min(v::nvec ORDER BY id) FROM xr b WHERE b.g = a.g AND b.id <= a.id)) AS same_min
FROM (SELECT g, id, sum(v) OVER (PARTITION BY g ORDER BY id) AS w,
			 min(v::nvec) OVER (PARTITION BY g ORDER BY id) AS wn
	  FROM xr) a
GROUP BY g ORDER BY g;

-- In parallel: partial states made by two workers, serialized, combined
-- and finalized by the leader give the serial result (values with exact
-- sums, so the order of the additions does not matter)
CREATE TABLE xr_par (id int, v nvec, a float8[], s float8);
ALTER TABLE xr_par SET (parallel_workers = 2);
INSERT INTO xr_par
SELECT id, a::nvec, a, CASE WHEN id % 10 = 0 THEN NULL ELSE id / 4.0 END
FROM (SELECT id, (SELECT array_agg(CASE WHEN (id + i) % 13 = 0 OR i = 70 THEN NULL
										ELSE ((id * 7 + i) % 41 - 20) / 4.0 END ORDER BY i)
				  FROM generate_series(1, 130) AS i) AS a
	  FROM generate_series(1, 3000) AS id) s;
ANALYZE xr_par;
CREATE TEMP TABLE serial_res AS
SELECT sum(v) AS s, avg(v) AS a, min(v) AS mn, max(v) AS mx, sum(a) AS sa, avg(a) AS aa,
	   nvec_agg(s) AS l
FROM xr_par;
-- (long vectors, whose partial states near bytea's 1 GB, are in
-- test/t/series_agg_huge.pl: too heavy for every pg_regress run)
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
SET parallel_leader_participation = off;
EXPLAIN (COSTS OFF)
CREATE TEMP TABLE parallel_res AS
SELECT sum(v) AS s, avg(v) AS a, min(v) AS mn, max(v) AS mx, sum(a) AS sa, avg(a) AS aa,
	   nvec_agg(s) AS l
FROM xr_par;
CREATE TEMP TABLE parallel_res AS
SELECT sum(v) AS s, avg(v) AS a, min(v) AS mn, max(v) AS mx, sum(a) AS sa, avg(a) AS aa,
	   nvec_agg(s) AS l
FROM xr_par;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;
RESET parallel_leader_participation;
SELECT p.s = r.s AS sum, p.a = r.a AS avg, p.mn = r.mn AS min, p.mx = r.mx AS max,
	   p.sa = r.sa AS sum_array, p.aa = r.aa AS avg_array,
	   length(p.l) AS agg_len, null_count(p.l) AS agg_nulls,
	   (SELECT array_agg(x ORDER BY x) FROM unnest(p.l) x) =
	   (SELECT array_agg(x ORDER BY x) FROM unnest(r.l) x) AS agg_same_elements,
	   null_count(p.s) AS null_positions
FROM parallel_res p, serial_res r;
DROP TABLE xr_par;

-- avg's state is an ordinary float8[] (sums, then counts of valid elements)
-- with a combine function: the condition under which Citus combines partial
-- states instead of rewriting avg(x) as sum(x) / count(x), a count of rows
SELECT a.aggfnoid::regprocedure AS agg, a.aggtranstype::regtype AS state,
	   a.aggcombinefn, a.aggserialfn
FROM pg_aggregate a
WHERE a.aggfnoid IN ('avg(nvec)'::regprocedure, 'avg(float8[])'::regprocedure,
					 'sum(nvec)'::regprocedure)
ORDER BY 1::text;
-- the state itself, through an aggregate with avg's transition function and
-- no final function: -0 sums and 0 counts where every element was NULL
CREATE TEMP TABLE xr_exact (id int, v float8[]);
INSERT INTO xr_exact VALUES (1, '{1,NULL,3,4,NULL}'), (2, NULL), (3, '{2,NULL,NULL,-8,NULL}'),
	(4, '{6,NULL,1,0.5,NULL}'), (5, '{0.25,7,NULL,1,NULL}');
CREATE AGGREGATE avg_state(float8[]) (SFUNC = vec_avg_transfn, STYPE = float8[]);
CREATE AGGREGATE avg_state(nvec) (SFUNC = vec_avg_transfn, STYPE = float8[]);
SELECT avg_state(v), avg_state(v::nvec)
FROM (VALUES (1, '{1,NULL,3,4}'::float8[]), (2, NULL), (3, '{2,NULL,NULL,-8}')) AS t(id, v);
-- partial states shipped as text (as Citus ships them: float8's text output
-- is exact): the same bits back, so the same combined and final results
SELECT g, array_send(s1::text::float8[]) = array_send(s1) AS same_s1,
	   array_send(s2::text::float8[]) = array_send(s2) AS same_s2,
	   vec_avg_finalfn_float8arr(vec_avg_combinefn(s1::text::float8[], s2::text::float8[]))::text
		  = vec_avg_finalfn_float8arr(vec_avg_combinefn(s1, s2))::text AS same_avg,
	   vec_avg_finalfn_nvec(vec_avg_combinefn(s1::text::float8[], s2::text::float8[]))
		  = vec_avg_finalfn_nvec(vec_avg_combinefn(s1, s2)) AS same_avg_nvec
FROM (SELECT g, avg_state(v ORDER BY id) FILTER (WHERE id <= 4) AS s1,
			 avg_state(v::nvec ORDER BY id) FILTER (WHERE id > 4) AS s2
	  FROM xr WHERE g > 0 GROUP BY g) p
ORDER BY g;
-- two partial states combined give avg over all the rows, where the sums
-- are exact in any order
SELECT vec_avg_finalfn_float8arr(vec_avg_combinefn(
		   (SELECT avg_state(v) FROM xr_exact WHERE id <= 2)::text::float8[],
		   (SELECT avg_state(v) FROM xr_exact WHERE id > 2)::text::float8[])) AS combined,
	   (SELECT avg(v) FROM xr_exact) AS whole;
-- combine outside an aggregate works on a copy; -0 + x is x
SELECT vec_avg_combinefn('{-0,1.5,0,2}', '{2,-0,1,0}'),
	   vec_avg_finalfn_float8arr('{-0,1.5,0,2}'), vec_avg_finalfn_nvec('{}');
-- the state an aggregate makes ends in a count of the rows without NULLs,
-- which adds to every position's count: such a row adds its values and one
-- count; a row with NULLs counts its valid elements as before
SELECT avg_state(v) AS whole_rows, avg_state(v::nvec) AS whole_nvec,
	   vec_avg_finalfn_float8arr(avg_state(v)) AS avg
FROM (VALUES ('{1,2}'::float8[]), ('{3,4}')) AS t(v);
SELECT avg_state(v ORDER BY id) AS null_last, avg_state(v ORDER BY id DESC) AS null_first
FROM (VALUES (1, '{1,2}'::float8[]), (2, '{3,4}'), (3, '{0.5,NULL}')) AS t(id, v);
-- such a state, by hand: 3 rows counted at each position besides the counts
SELECT vec_avg_finalfn_float8arr('{1,2,3}') AS one_over_five,
	   vec_avg_finalfn_nvec('{6,-0,0,0,2}') AS rows_alone,
	   vec_avg_combinefn('{1,2,3}', '{4,1,1}') AS combined,
	   vec_avg_transfn('{1,2,3}', '{5}'::float8[]) AS one_more_row,
	   vec_avg_transfn('{1,2,3}', '{NULL}'::float8[]) AS a_null,
	   vec_avg_finalfn_nvec('{7}') AS no_positions;
-- and states that are not: an error, never a crash or a made-up average
SELECT vec_avg_finalfn_float8arr('{1,2,0.5}');
SELECT vec_avg_finalfn_float8arr('{1,2,-1}');
SELECT vec_avg_finalfn_float8arr('{1,2,9007199254740994}');
SELECT vec_avg_finalfn_float8arr('{5,0,0}');
SELECT vec_avg_finalfn_float8arr('{1,NULL}');
SELECT vec_avg_finalfn_nvec('{{1,1},{2,1}}');
SELECT vec_avg_finalfn_float8arr('{1,-1}');
SELECT vec_avg_finalfn_float8arr('{1,0.5}');
SELECT vec_avg_finalfn_float8arr('{1,NaN}');
SELECT vec_avg_finalfn_float8arr('{1,Infinity}');
SELECT vec_avg_finalfn_float8arr('{1,0}');
SELECT vec_avg_combinefn('{1,1}', '{1,2,1,1}');
SELECT vec_avg_combinefn('{1,1}', '{1,1.5}');
-- avg's transition called as a plain function works as core's float8_accum
-- does: a new state from the one given, which is checked first
SELECT vec_avg_transfn(NULL::float8[], '{1}'::nvec) AS first,
	   vec_avg_transfn('{1,1}', '{2}'::float8[]) AS second,
	   vec_avg_finalfn_nvec(vec_avg_transfn(vec_avg_transfn(NULL::float8[],
			'{1,NULL}'::nvec), '{4,NULL}'::nvec)) AS avg;
SELECT vec_avg_transfn('{5,0}', '{1}'::nvec);
\echo :LAST_ERROR_SQLSTATE
SELECT vec_avg_transfn('{1,2}', '{1,2}'::nvec);
\echo :LAST_ERROR_SQLSTATE
-- counts stop at 2^53, the last whole number a double counts exactly: a
-- combination or a row that would pass it is refused, never counted wrong
SELECT vec_avg_combinefn('{1,9007199254740992}', '{1,9007199254740992}');
\echo :LAST_ERROR_SQLSTATE
SELECT vec_avg_combinefn('{1,9007199254740991}', '{1,2}');
\echo :LAST_ERROR_SQLSTATE
SELECT vec_avg_combinefn('{1,9007199254740991}', '{1,1}');
SELECT vec_avg_transfn('{1,9007199254740992}', '{1}'::nvec);
\echo :LAST_ERROR_SQLSTATE
SELECT vec_avg_transfn('{1,-0,9007199254740992,0}', '{NULL,1}'::nvec);
-- with the count of rows: a count that the rows would take past 2^53 is
-- refused where they are folded in (a combination, the final function), a
-- count of rows at 2^53 counts no more
SELECT vec_avg_transfn('{1,9007199254740991,0}', '{1}'::nvec) AS to_the_limit;
SELECT vec_avg_finalfn_float8arr('{1,9007199254740992,1}');
\echo :LAST_ERROR_SQLSTATE
SELECT vec_avg_finalfn_nvec(vec_avg_transfn('{1,-0,9007199254740992,0,1}', '{NULL,1}'::nvec));
\echo :LAST_ERROR_SQLSTATE
SELECT vec_avg_combinefn('{1,9007199254740991,1}', '{1,1}');
\echo :LAST_ERROR_SQLSTATE
SELECT vec_avg_combinefn('{1,1}', '{1,9007199254740992,1}');
\echo :LAST_ERROR_SQLSTATE
SELECT vec_avg_transfn('{1,0,9007199254740992}', '{1}'::nvec);
\echo :LAST_ERROR_SQLSTATE
CREATE AGGREGATE avg_bad(float8[]) (SFUNC = vec_avg_transfn, STYPE = float8[],
	FINALFUNC = vec_avg_finalfn_float8arr, INITCOND = '{1,2,3,4,0.5}');
SELECT avg_bad(v) FROM (VALUES ('{1,2}'::float8[])) AS t(v);
DROP AGGREGATE avg_bad(float8[]);
DROP AGGREGATE avg_state(float8[]);
DROP AGGREGATE avg_state(nvec);
