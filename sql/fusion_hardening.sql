SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- Privileges: a fused call checks EXECUTE on every function it stands for,
-- for the user running it, when it runs
CREATE ROLE regress_fk_user;
CREATE TABLE fh (x float8[]);
INSERT INTO fh VALUES ('{1,-2,4}');
GRANT SELECT ON fh TO regress_fk_user;
REVOKE EXECUTE ON FUNCTION exp(float8[]) FROM public;
REVOKE EXECUTE ON FUNCTION dlog(float8[], integer) FROM public;
-- planned by a role that may run exp, executed by one that may not
PREPARE fh_q AS SELECT exp(abs(x)) FROM fh;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE fh_q;
EXECUTE fh_q;
SET ROLE regress_fk_user;
EXECUTE fh_q;
SELECT exp(x) FROM fh;
SELECT exp(abs(x)) FROM fh;
SELECT fused_eval('exp(v1)', x) FROM fh;
SELECT scale_add(dlog(x, 1), 252, 0) FROM fh;
SELECT dlog(x, 1) * 252 FROM fh;
-- a fused kernel called by name stands for itself
SELECT fused_eval('dlog_scale_add(abs(v1), 1, 252, 0)', x) FROM fh;
-- what the user may run still fuses and runs; nvec's exp is not revoked
SELECT abs(x) * 2 + 1 FROM fh;
SELECT fused_eval('(abs(v1) * 2)', x) FROM fh;
SELECT exp(abs(x::nvec)) FROM fh;
RESET ROLE;
-- a SECURITY DEFINER function runs the fused call as its owner
CREATE FUNCTION fh_definer(v float8[]) RETURNS float8[] LANGUAGE sql
	SECURITY DEFINER AS 'SELECT exp(abs(v))';
SET ROLE regress_fk_user;
SELECT fh_definer(x) FROM fh;
RESET ROLE;
GRANT EXECUTE ON FUNCTION exp(float8[]) TO regress_fk_user;
SET ROLE regress_fk_user;
SELECT exp(abs(x)) FROM fh;
SELECT scale_add(dlog(x, 1), 252, 0) FROM fh;
RESET ROLE;
RESET plan_cache_mode;
DEALLOCATE fh_q;
DROP FUNCTION fh_definer(float8[]);
REVOKE EXECUTE ON FUNCTION exp(float8[]) FROM regress_fk_user;
GRANT EXECUTE ON FUNCTION exp(float8[]) TO public;
GRANT EXECUTE ON FUNCTION dlog(float8[], integer) TO public;
DROP TABLE fh;
DROP ROLE regress_fk_user;

-- The fused helpers are checked by the executor, for the user running the
-- plan, before they run: a user who may not execute them gets the unfused
-- plan, even for EXPLAIN, and a cached plan made for another user is
-- planned again for this one
CREATE ROLE regress_fk_nofuse;
CREATE TABLE pt (x float8[], v nvec);
INSERT INTO pt VALUES ('{1,-2,4}', '{1,-2,NULL}');
GRANT SELECT ON pt TO regress_fk_nofuse;
REVOKE EXECUTE ON FUNCTION fused_reduce(text, VARIADIC "any") FROM public;
REVOKE EXECUTE ON FUNCTION fused_eval(text, VARIADIC "any") FROM public;
REVOKE EXECUTE ON FUNCTION fused_eval_nvec(text, VARIADIC "any") FROM public;
CREATE FUNCTION pt_f() RETURNS float8 LANGUAGE plpgsql
	AS $$BEGIN RETURN (SELECT vsum(abs(x)) FROM pt); END$$;
PREPARE pt_q AS SELECT vsum(abs(x)), exp(abs(x)), abs(v) * 2 FROM pt;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE pt_q;
EXECUTE pt_q;
SELECT pt_f();
SET ROLE regress_fk_nofuse;
EXPLAIN (VERBOSE, COSTS OFF) SELECT vsum(abs(x)), exp(abs(x)), abs(v) * 2 FROM pt;
SELECT vsum(abs(x)), exp(abs(x)), abs(v) * 2 FROM pt;
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE pt_q;
EXECUTE pt_q;
SELECT pt_f();
RESET ROLE;
-- the superuser's plan is fused again
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE pt_q;
-- a role granted EXECUTE on a helper gets its fused calls
GRANT EXECUTE ON FUNCTION fused_reduce(text, VARIADIC "any") TO regress_fk_nofuse;
SET ROLE regress_fk_nofuse;
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE pt_q;
EXECUTE pt_q;
RESET ROLE;
RESET plan_cache_mode;
DEALLOCATE pt_q;
DROP FUNCTION pt_f();
REVOKE EXECUTE ON FUNCTION fused_reduce(text, VARIADIC "any") FROM regress_fk_nofuse;
GRANT EXECUTE ON FUNCTION fused_reduce(text, VARIADIC "any") TO public;
GRANT EXECUTE ON FUNCTION fused_eval(text, VARIADIC "any") TO public;
GRANT EXECUTE ON FUNCTION fused_eval_nvec(text, VARIADIC "any") TO public;
DROP TABLE pt;
DROP ROLE regress_fk_nofuse;

-- The named patterns run as the fused kernels (DEBUG1 says which)
CREATE TABLE fh (x float8[], y float8[]);
INSERT INTO fh VALUES ('{1,2,4}', '{3,3,3}');
SET client_min_messages = debug1;
SELECT scale_add(dlog(x, 1), 252, 0) FROM fh;
SELECT (ln(x) * 2) + 1, (y - x) * 2, exp(dlog(x, 1) * 0.5) FROM fh;
RESET client_min_messages;
DROP TABLE fh;

-- Memory stays bounded whatever programs a call site gets: a few compiled
-- programs are kept, the least recently used is freed.  The memory of the
-- backend is sampled while the query runs.
CREATE FUNCTION fh_mem() RETURNS bigint LANGUAGE sql VOLATILE
	AS 'SELECT sum(total_bytes)::bigint FROM pg_backend_memory_contexts';
SELECT count(r) AS calls, max(m) - min(m) < 10 * 1024 * 1024 AS bounded
FROM (SELECT fused_eval(CASE WHEN g % 2 = 0 THEN 'ln(v1)' ELSE 'exp(v1)' END,
						'{1}'::float8[]) AS r,
			 CASE WHEN g % 1000 = 1 THEN fh_mem() END AS m
	  FROM generate_series(1, 20000) g) s;
SELECT count(r) AS calls, max(m) - min(m) < 10 * 1024 * 1024 AS bounded
FROM (SELECT fused_eval('(v1 + ' || g || ')', '{1}'::float8[]) AS r,
			 CASE WHEN g % 1000 = 1 THEN fh_mem() END AS m
	  FROM generate_series(1, 20000) g) s;
-- the programs still give their values, round after round
SELECT g, fused_eval(p, '{1,2}'::float8[]) AS r
FROM generate_series(1, 2) g,
	 unnest(ARRAY['(v1 * 2)', '(v1 + 1)', '(v1 - 3)', '(-v1)', '(v1 / 2)',
				  '(v1 * 2)']) WITH ORDINALITY u(p, i)
ORDER BY g, i;
DROP FUNCTION fh_mem();

-- The same for fused_reduce's groups: a member call ("k of p1; p2; ...")
-- builds its group at its first use and keeps it with its own program, so
-- evicting the program frees its group too.  Kept apart (under the call
-- site's memory), the groups of 100,000 distinct texts took 3.9 GB in one
-- statement, 40 kB each.  In a fresh backend, after a first statement that
-- loads what the calls need, the peak resident memory (VmHWM, from /proc) is
-- read every 250 rows of 100,000 distinct texts, of two members over nvec
-- and of three over float8[]: a reading more than 16 MB over the peak
-- before the statement stops it with an error (a leak of 40 kB a text
-- would within its first 1,000 rows).
\c
CREATE FUNCTION fh_peak_kb() RETURNS bigint LANGUAGE sql VOLATILE
	AS $$SELECT (regexp_match(pg_read_file('/proc/self/status'),
							  'VmHWM:\s*(\d+)'))[1]::bigint$$;
CREATE FUNCTION fh_peak_flat(base bigint) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	grown bigint := fh_peak_kb() - base;
BEGIN
	IF grown > 16 * 1024 THEN
		RAISE EXCEPTION 'the peak memory grew by % kB', grown;
	END IF;
	RETURN true;
END
$$;
CREATE FUNCTION fh_groups2(n integer, base bigint)
RETURNS TABLE (texts bigint, values_right boolean, peak_flat boolean)
LANGUAGE sql VOLATILE AS $$
SELECT count(*), bool_and(r1 = 55 * g AND r2 = 10 + g), bool_and(flat)
FROM (SELECT g,
			 fused_reduce(format('1 of vsum((v1 * %s)); vmax((v1 + %s))', g, g),
						  '{1,2,3,4,5,6,7,8,9,10}'::nvec) AS r1,
			 fused_reduce(format('2 of vsum((v1 * %s)); vmax((v1 + %s))', g, g),
						  '{1,2,3,4,5,6,7,8,9,10}'::nvec) AS r2,
			 CASE WHEN g % 250 = 0 THEN fh_peak_flat(base) END AS flat
	  FROM (SELECT generate_series(1, n) AS g) s) t
$$;
CREATE FUNCTION fh_groups3(n integer, base bigint)
RETURNS TABLE (texts bigint, values_right boolean, peak_flat boolean)
LANGUAGE sql VOLATILE AS $$
SELECT count(*), bool_and(r1 = 55 * g AND r2 = 10 + g AND r3 = 1 - g),
	   bool_and(flat)
FROM (SELECT g,
			 fused_reduce(format('1 of vsum((v1 * %s)); vmax((v1 + %s)); vmin((v1 - %s))', g, g, g),
						  '{1,2,3,4,5,6,7,8,9,10}'::float8[]) AS r1,
			 fused_reduce(format('2 of vsum((v1 * %s)); vmax((v1 + %s)); vmin((v1 - %s))', g, g, g),
						  '{1,2,3,4,5,6,7,8,9,10}'::float8[]) AS r2,
			 fused_reduce(format('3 of vsum((v1 * %s)); vmax((v1 + %s)); vmin((v1 - %s))', g, g, g),
						  '{1,2,3,4,5,6,7,8,9,10}'::float8[]) AS r3,
			 CASE WHEN g % 250 = 0 THEN fh_peak_flat(base) END AS flat
	  FROM (SELECT generate_series(1, n) AS g) s) t
$$;
SELECT * FROM fh_groups2(250, fh_peak_kb());
SELECT * FROM fh_groups3(250, fh_peak_kb());
SELECT * FROM fh_groups2(100000, fh_peak_kb());
SELECT * FROM fh_groups3(100000, fh_peak_kb());
DROP FUNCTION fh_groups2(integer, bigint), fh_groups3(integer, bigint),
	fh_peak_flat(bigint), fh_peak_kb();

-- Lag rings hold at most what the lag can reach: 230 nested diffs with lags
-- past the end of a 600,000-element array need no ring (their rings took
-- 1.1 GB in one allocation before, and the call failed).  Unfused, the chain
-- materialises 230 vectors; its result has no present element, as here.
CREATE TABLE fh_big AS
	SELECT array_agg(g::float8 ORDER BY g) AS x FROM generate_series(1, 600000) g;
SELECT format('SELECT %s x%s FROM fh_big',
			  repeat('diff(', 230), repeat(', 1000000)', 230)) AS q \gset
SELECT r IS NOT DISTINCT FROM array_fill(NULL::float8, ARRAY[600000]) AS all_null,
	   cardinality(r) AS n
FROM (:q) s(r);
-- a chain with reachable lags too: fused and unfused give the same result
SELECT format('SELECT %s x%s FROM fh_big',
			  repeat('diff(', 6), ', 1), 2), 1500), 300000), 100000), 50000)') AS q \gset
CREATE TEMP TABLE fh_fused AS :q;
SET fusekern.enable_fusion = off;
CREATE TEMP TABLE fh_unfused AS :q;
RESET fusekern.enable_fusion;
SELECT f.x IS NOT DISTINCT FROM u.x AS identical,
	   cardinality(f.x) - array_length(array_positions(f.x, NULL), 1) AS present
FROM fh_fused f(x), fh_unfused u(x);
DROP TABLE fh_big, fh_fused, fh_unfused;

-- A fused pass is budgeted before it runs: all it would allocate
-- (registers, lag rings, rolling windows, block buffers) against what the
-- unfused evaluation holds at least at its peak.  When it would need more,
-- the call evaluates unfused (DEBUG1 says so) before allocating anything.
-- Over 1,000,000 elements: a window past the end needs no ring, fused or
-- not; a window just short of the end keeps a ring of almost the whole
-- series in a fused pass, where the unfused call reads the leaving
-- elements from its input, and two such rings hold more than the unfused
-- chain (one intermediate vector); so do two rings of lags near the end
CREATE TABLE fh_mem AS SELECT array_fill(1::float8, ARRAY[1000000]) AS x;
SET client_min_messages = debug1;
SELECT vsum(rolling_sum(x, 1000000)) FROM fh_mem;
SELECT cardinality(rolling_sum(rolling_sum(x, 2147483647), 2147483647)) FROM fh_mem;
SELECT cardinality(rolling_sum(rolling_sum(x, 999000), 999000)) FROM fh_mem;
SELECT cardinality(diff(diff(x, 999000), 999000)) FROM fh_mem;
SELECT cardinality(diff(diff(x, 1000), 1000)) FROM fh_mem;
RESET client_min_messages;
DROP TABLE fh_mem;

-- The program text takes numbers as the planner writes them (the shortest
-- exact decimal, NaN, Infinity, -0, subnormals) and nothing else: no value
-- past float8's range, none that rounds to zero, no hexadecimal, no other
-- spelling of NaN or Infinity
CREATE TABLE fh (x float8[]);
INSERT INTO fh VALUES ('{1,-2,0.5}');
EXPLAIN (VERBOSE, COSTS OFF)
SELECT ((x * 'Infinity'::float8) + 1e-320::float8) * '-0'::float8,
	   ((x + 'NaN'::float8) - 1.7976931348623157e308::float8) / '-Infinity'::float8,
	   (x - 5e-324::float8) * 1e-5::float8
FROM fh;
-- each printed program, run by hand, gives the unfused value
SET fusekern.enable_fusion = off;
SELECT fused_eval('(((v1 * Infinity) + 1e-320) * -0)', x) IS NOT DISTINCT FROM
		((x * 'Infinity'::float8) + 1e-320::float8) * '-0'::float8 AS a,
	   fused_eval('(((v1 + NaN) - 1.7976931348623157e+308) / -Infinity)', x) IS NOT DISTINCT FROM
		((x + 'NaN'::float8) - 1.7976931348623157e308::float8) / '-Infinity'::float8 AS b,
	   fused_eval('((v1 - 5e-324) * 1e-05)', x) IS NOT DISTINCT FROM
		(x - 5e-324::float8) * 1e-5::float8 AS c
FROM fh;
RESET fusekern.enable_fusion;
SELECT fused_eval('((v1 * 1E2) + .5)', x) AS d,
	   fused_eval('dlog(abs(v1), 1e0)', x) AS e
FROM fh;
SELECT fused_eval('(1e999 + v1)', x) FROM fh;
SELECT fused_eval('(v1 - 1e-400)', x) FROM fh;
SELECT fused_eval('(0x10 * v1)', x) FROM fh;
SELECT fused_eval('(0x1p4 * v1)', x) FROM fh;
SELECT fused_eval('(INF * v1)', x) FROM fh;
SELECT fused_eval('(-NaN * v1)', x) FROM fh;
SELECT fused_eval('(v1 * Infinityx)', x) FROM fh;
SELECT fused_eval('(v1 * 1.5.5)', x) FROM fh;
-- and every argument of the call is read by the program
SELECT fused_eval('rolling_sum(v1, 1)', '{1}'::float8[], '{2}'::float8[]);
SELECT fused_eval('(v1 * 2)', x, 3::float8) FROM fh;
SELECT fused_eval_nvec('abs(v2)', '{1}'::nvec, '{2}'::nvec);
SELECT fused_reduce('vsum(abs(v1))', x, x) FROM fh;
SELECT fused_reduce('vsum(abs(v1))', x) FROM fh;
-- a window of -0 is the window 0 the unfused call refuses
SELECT fused_eval('rolling_max(v1, -0)', x) FROM fh;
DROP TABLE fh;
