-- Several reductions in one pass: the fused_reduce calls of one plan node
-- over the same arguments become one group ('k of p1; p2; ...'), run once
-- per row; every value, NULL and error is that of the separate calls.
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;
SET extra_float_digits = 3;

CREATE TABLE fg (id int PRIMARY KEY, px float8[], py float8[]);
ALTER TABLE fg ALTER px SET STORAGE EXTERNAL;
-- lengths around a block, NULLs, an empty and a NULL vector, a zero (ln
-- faults), a negative, NaN, lengths that differ (py)
INSERT INTO fg
SELECT n, (SELECT coalesce(array_agg(
	CASE WHEN i % 97 = 5 THEN NULL
		 ELSE 100 + 10 * sin(i * 0.7 + n) + i * 0.001 END ORDER BY i), '{}')
		   FROM generate_series(1, n) i),
	   (SELECT coalesce(array_agg(cos(i + n) ORDER BY i), '{}')
		  FROM generate_series(1, n) i)
FROM (VALUES (0), (1), (2), (1023), (1024), (1025), (3000)) AS l(n);
INSERT INTO fg VALUES (-1, NULL, '{1}'), (-2, '{1,2,0,4}', '{1,2,3,4}'),
	(-3, '{1,-2,3}', '{1,2,3}'), (-4, '{1,NaN,3}', '{1,2}'),
	(-5, '{1,2,3}', NULL);
ANALYZE fg;
-- the three calls are one group; each shows its own program first
EXPLAIN (VERBOSE, COSTS OFF)
SELECT vmean(dlog(px)), vstddev(dlog(px)), vmin(px / cummax(px) - 1) FROM fg;
-- calls over other arguments, a vdot, a volatile argument: not grouped
EXPLAIN (VERBOSE, COSTS OFF)
SELECT vmean(dlog(px)), vmean(dlog(py)), vdot(dlog(px), px),
	   vsum(abs(px || random()))
FROM fg;
-- HAVING and ORDER BY of the same level join the group
EXPLAIN (VERBOSE, COSTS OFF)
SELECT id, vmean(dlog(px)) FROM fg GROUP BY id, px
HAVING vstddev(dlog(px)) > count(*) - 1 ORDER BY vmax(abs(px - 100));

-- the results: one pass, separate calls, unfused, bit for bit
CREATE TEMP TABLE fg_q (q text);
INSERT INTO fg_q VALUES
	('SELECT id, vmean(dlog(px)), vstddev(dlog(px)), vmin(px / cummax(px) - 1) FROM fg ORDER BY id'),
	('SELECT id, vsum(abs(px) * 2), vprod(abs(px) / 100), vvar_pop(diff(px, 3)), vmax(cumsum(px - 100)) FROM fg ORDER BY id'),
	('SELECT id, vmean(dlog(px, 1, ''null'')), vstddev(dlog(px, 1, ''null'')) FROM fg ORDER BY id'),
	('SELECT id, vmean(rolling_mean(px, 5) - px), vmin(ema(px, 0.5)), vmax(shift(px, 2) * 3) FROM fg ORDER BY id'),
	('SELECT id, vsum(px * py), vmean(px - py) FROM fg ORDER BY id');
CREATE FUNCTION fg_bits(q text, mode text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE r text;
BEGIN
	PERFORM set_config('fusekern.enable_fusion', (mode <> 'unfused')::text, true);
	PERFORM set_config('fusekern.enable_fusion_groups', (mode = 'group')::text, true);
	BEGIN
		EXECUTE 'SELECT md5(string_agg(t::text, '';'')) FROM (' || q || ') t' INTO r;
	EXCEPTION WHEN OTHERS THEN
		r := 'ERROR ' || SQLSTATE || ': ' || SQLERRM;
	END;
	RETURN r;
END $$;
SELECT left(q, 60) AS query,
	   fg_bits(q, 'group') = fg_bits(q, 'separate') AS same_as_separate,
	   fg_bits(q, 'group') = fg_bits(q, 'unfused') AS same_as_unfused,
	   fg_bits(q, 'group') LIKE 'ERROR%' AS error
FROM fg_q;

-- errors: the one the separate calls raise first, in target-list order
SELECT vmean(dlog(px)), vsum(px / (px - px)) FROM fg WHERE id = -2;
SELECT vsum(px / (px - px)), vmean(dlog(px)) FROM fg WHERE id = -2;
SELECT vmean(ln(px - 50)), vsum(px / (px - px)) FROM fg WHERE id = 2;
SET fusekern.enable_fusion = off;
SELECT vmean(dlog(px)), vsum(px / (px - px)) FROM fg WHERE id = -2;
SELECT vsum(px / (px - px)), vmean(dlog(px)) FROM fg WHERE id = -2;
SELECT vmean(ln(px - 50)), vsum(px / (px - px)) FROM fg WHERE id = 2;
RESET fusekern.enable_fusion;
-- one member's sum overflows: it raises, the others give their values
SELECT vmean(abs(px)), vsum(abs(px) * 1e306) FROM fg WHERE id = 1023;
-- lengths that differ: core's error, from the first member
SELECT vsum(px * py), vmean(px - py) FROM fg WHERE id = -4;

-- a prepared statement with a generic plan, a PL/pgSQL function
SET plan_cache_mode = force_generic_plan;
PREPARE fg_p(int) AS
SELECT vmean(dlog(px)), vstddev(dlog(px)), vmin(px / cummax(px) - 1)
FROM fg WHERE id = $1;
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE fg_p(1024);
CREATE TEMP TABLE fg_pr1 AS EXECUTE fg_p(1024);
CREATE TEMP TABLE fg_pr2 AS EXECUTE fg_p(3000);
SET fusekern.enable_fusion = off;
SELECT k, row(p.vmean, p.vstddev, p.vmin) =
	(SELECT vmean(dlog(px)), vstddev(dlog(px)), vmin(px / cummax(px) - 1)
	 FROM fg WHERE id = k) AS same
FROM (SELECT 1024 AS k, * FROM fg_pr1 UNION ALL SELECT 3000, * FROM fg_pr2) p
ORDER BY k;
RESET fusekern.enable_fusion;
DEALLOCATE fg_p;
RESET plan_cache_mode;
CREATE FUNCTION fg_f(v float8[]) RETURNS float8[] LANGUAGE plpgsql AS $$
BEGIN
	-- v is a variable: its value may be expanded, then each call runs alone
	v[1] := v[1];
	RETURN ARRAY[vmean(dlog(v)), vstddev(dlog(v)), vmin(v / cummax(v) - 1)];
END $$;
SELECT fg_f(px) = ARRAY[vmean(dlog(px)), vstddev(dlog(px)), vmin(px / cummax(px) - 1)]
FROM fg WHERE id = 3000;

-- two groups in one row, rows of several lengths: each value its own
SET fusekern.enable_fusion = off;
CREATE TEMP TABLE fg_ref AS
SELECT id, vmean(dlog(px)) a, vmean(dlog(py + 2)) b, vstddev(dlog(px)) c,
	   vmax(diff(py, 1)) d FROM fg WHERE id > 0;
RESET fusekern.enable_fusion;
SELECT count(*) AS rows, count(*) FILTER (WHERE r.a IS NOT DISTINCT FROM g.a AND
	r.b IS NOT DISTINCT FROM g.b AND r.c IS NOT DISTINCT FROM g.c AND
	r.d IS NOT DISTINCT FROM g.d) AS same
FROM fg_ref r JOIN (SELECT id, vmean(dlog(px)) a, vmean(dlog(py + 2)) b,
						   vstddev(dlog(px)) c, vmax(diff(py, 1)) d
					FROM fg WHERE id > 0) g USING (id);

-- a parallel plan: the workers group as the leader does
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
ALTER TABLE fg SET (parallel_workers = 2);
EXPLAIN (VERBOSE, COSTS OFF)
SELECT max(vmean(dlog(px))), min(vstddev(dlog(px))) FROM fg WHERE id > 0;
SELECT max(vmean(dlog(px))) = (SELECT max(a) FROM fg_ref),
	   min(vmean(dlog(px))) = (SELECT min(a) FROM fg_ref),
	   max(vstddev(dlog(px))) = (SELECT max(c) FROM fg_ref),
	   min(vstddev(dlog(px))) = (SELECT min(c) FROM fg_ref)
FROM fg WHERE id > 0;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;

-- cached plans: grouped at their first start, the grouped copy kept with
-- the plan (the DEBUG2 line) and reused; the setting is read at every
-- start; a plan replanned, deallocated or discarded is grouped anew
SET fusekern.enable_fusion = off;
CREATE TEMP TABLE fg_ref3 AS
SELECT id, vmean(dlog(px)) a, vstddev(dlog(px)) b, vmin(px / cummax(px) - 1) c
FROM fg WHERE id > 0;
RESET fusekern.enable_fusion;
SET plan_cache_mode = force_generic_plan;
PREPARE fg_c(int) AS
SELECT f.id, row(vmean(dlog(px)), vstddev(dlog(px)), vmin(px / cummax(px) - 1))::text
	= row(r.a, r.b, r.c)::text AS same
FROM fg f JOIN fg_ref3 r USING (id) WHERE f.id = $1;
SET client_min_messages = debug2;
EXECUTE fg_c(1024);
EXECUTE fg_c(3000);
SET fusekern.enable_fusion_groups = off;
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE fg_c(1);
EXECUTE fg_c(1025);
RESET fusekern.enable_fusion_groups;
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE fg_c(1);
EXECUTE fg_c(1023);
-- a column added: the plan is made again, and grouped again
ALTER TABLE fg ADD COLUMN extra int;
EXECUTE fg_c(1024);
ALTER TABLE fg DROP COLUMN extra;
EXECUTE fg_c(2);
DISCARD PLANS;
EXECUTE fg_c(3000);
DEALLOCATE fg_c;
PREPARE fg_c(int) AS
SELECT f.id, row(vmean(dlog(px)), vstddev(dlog(px)))::text = row(r.a, r.b)::text
FROM fg f JOIN fg_ref3 r USING (id) WHERE f.id = $1;
EXECUTE fg_c(1024);
EXECUTE fg_c(1025);
RESET client_min_messages;
-- an error in one execution leaves the next right
PREPARE fg_e(int) AS
SELECT vmean(dlog(px)), vstddev(ln(px)) FROM fg WHERE id = $1;
EXECUTE fg_e(1024);
EXECUTE fg_e(-2);
CREATE TEMP TABLE fg_e1 AS EXECUTE fg_e(1024);
SET fusekern.enable_fusion = off;
SELECT row(e.*)::text = (SELECT row(vmean(dlog(px)), vstddev(ln(px)))::text
						FROM fg WHERE id = 1024) AS same
FROM fg_e1 e;
RESET fusekern.enable_fusion;
-- a subquery run again for each row of its outer query
PREPARE fg_sub AS
SELECT k, (SELECT row(vmean(dlog(px)), vstddev(dlog(px)))::text FROM fg WHERE id = k)
	= (SELECT row(a, b)::text FROM fg_ref3 WHERE id = k) AS same
FROM unnest(ARRAY[1, 2, 1023, 1024, 1025, 3000]) k;
EXECUTE fg_sub;
EXECUTE fg_sub;
-- a parallel plan, cached: its workers get the grouped copy
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
PREPARE fg_par AS
SELECT max(vmean(dlog(px))), min(vstddev(dlog(px))) FROM fg WHERE id > 0;
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE fg_par;
EXECUTE fg_par;
EXECUTE fg_par;
-- the same, unfused
SELECT max(a), min(b) FROM fg_ref3;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;
DEALLOCATE ALL;
RESET plan_cache_mode;
-- PL/pgSQL: its statements' plans are cached, a loop reads through a
-- cursor; called again and again, with the setting changed between calls
CREATE FUNCTION fg_loop(k int) RETURNS text LANGUAGE plpgsql AS $$
DECLARE s text := ''; r record;
BEGIN
	FOR r IN SELECT id, vmean(dlog(px)) a, vstddev(dlog(px)) b,
					vmin(px / cummax(px) - 1) c
			 FROM fg WHERE id > 0 AND id <= k ORDER BY id LOOP
		s := s || r::text || ';';
	END LOOP;
	RETURN s;
END $$;
CREATE TABLE fg_loop_ref AS
SELECT k, string_agg(row(id, a, b, c)::text || ';', '' ORDER BY id) AS s
FROM fg_ref3, unnest(ARRAY[1, 1024, 3000]) k WHERE id <= k GROUP BY k;
SET client_min_messages = debug2;
SELECT fg_loop(1024) = (SELECT s FROM fg_loop_ref WHERE k = 1024) AS same;
RESET client_min_messages;
SELECT k, fg_loop(k) = s AS same FROM fg_loop_ref ORDER BY k;
SET fusekern.enable_fusion_groups = off;
SELECT k, fg_loop(k) = s AS same FROM fg_loop_ref ORDER BY k;
RESET fusekern.enable_fusion_groups;
SELECT k, fg_loop(k) = s AS same FROM fg_loop_ref ORDER BY k;
-- DISCARD ALL: every prepared statement, cached plan and temporary table goes
PREPARE fg_d(int) AS SELECT vmean(dlog(px)), vstddev(dlog(px)) FROM fg WHERE id = $1;
CREATE TEMP TABLE fg_d1 AS EXECUTE fg_d(1024);
DISCARD ALL;
SET extra_float_digits = 3;
SELECT k, fg_loop(k) = s AS same FROM fg_loop_ref ORDER BY k;
DROP TABLE fg_loop_ref;

-- a group written by hand: each program must be one fused_reduce accepts
SELECT fused_reduce('2 of vsum(abs(v1)); vmax(abs(v1))', '{-3,1}'::float8[]);
SELECT fused_reduce('1 of vsum(abs(v1)); vmax(abs(', '{-3,1}'::float8[]);
SELECT fused_reduce('1 of vsum(abs(v1)); vmax(abs(v2))', '{-3,1}'::float8[]);
-- a member past the group: its text is no program
SELECT fused_reduce('3 of vsum(abs(v1)); vmax(abs(v1))', '{-3,1}'::float8[]);

-- off: each call on its own
SET fusekern.enable_fusion_groups = off;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT vmean(dlog(px)), vstddev(dlog(px)) FROM fg;
RESET fusekern.enable_fusion_groups;
