-- Fusion benchmark: fused against unfused evaluation of the same queries on
-- one row of 10^6-element vectors (bench/fusion.sh runs it).
--
-- Each figure is the mean CPU time of the backend (from the scheduler, so
-- that waiting for a CPU on a shared machine does not count; the median
-- elapsed time where that cannot be read) over fk.runs executions of the
-- query through EXECUTE (planned each time, like an ad-hoc query), fused and
-- unfused runs alternating.  The ratio is unfused / fused: how many times
-- faster fusion
-- is (direct / nested for the first line).
\set ON_ERROR_STOP 1
SET client_min_messages = warning;
DROP TABLE IF EXISTS fb, fbn;
CREATE TABLE fb (x float8[], y float8[]);
CREATE TABLE fbn (x nvec, y nvec);
-- stored uncompressed: unpacking pglz would cost more than the math
ALTER TABLE fb ALTER x SET STORAGE EXTERNAL, ALTER y SET STORAGE EXTERNAL;
ALTER TABLE fbn ALTER x SET STORAGE EXTERNAL, ALTER y SET STORAGE EXTERNAL;
SELECT setseed(0.42) \gset
INSERT INTO fb (x, y)
SELECT array_agg(100 * exp(random() - 0.5) ORDER BY i), array_agg(100 * exp(random() - 0.5) ORDER BY i)
FROM generate_series(1, :n) i;
INSERT INTO fbn SELECT x::nvec, y::nvec FROM fb;
-- and many short vectors: 100,000 rows of 8 elements (per-call costs)
DROP TABLE IF EXISTS fbs;
CREATE TABLE fbs AS
SELECT array_agg(100 * exp(random() - 0.5)) AS x
FROM generate_series(0, 8 * 100000 - 1) i GROUP BY i / 8;
VACUUM ANALYZE fb, fbn, fbs;

-- CPU time this backend has used (milliseconds), from the scheduler's
-- accounting: time spent waiting for a CPU on a busy machine is left out
CREATE OR REPLACE FUNCTION pg_temp.fk_cpu_ms() RETURNS float8
LANGUAGE sql AS $$SELECT split_part(pg_read_file('/proc/self/schedstat'), ' ', 1)::float8 / 1e6$$;

-- Time of one execution of q (milliseconds), with fusion on or off: CPU
-- time where the scheduler reports it, else elapsed time
CREATE OR REPLACE FUNCTION pg_temp.fk_time(q text, fusion bool) RETURNS float8
LANGUAGE plpgsql AS $$
DECLARE
	t0 timestamptz;
	c0 float8;
BEGIN
	PERFORM set_config('fusekern.enable_fusion', CASE WHEN fusion THEN 'on' ELSE 'off' END, true);
	IF current_setting('fk.clock') = 'cpu' THEN
		c0 := pg_temp.fk_cpu_ms();
		EXECUTE q;
		RETURN pg_temp.fk_cpu_ms() - c0;
	END IF;
	t0 := clock_timestamp();
	EXECUTE q;
	RETURN 1000 * extract(epoch FROM clock_timestamp() - t0)::float8;
END
$$;

-- a (fusion on or off) against b, run alternately (a b, b a, a b, ...) n
-- times after one warm-up each, so that changes of machine load hit both;
-- the mean CPU time (or median elapsed time) of each side, and their ratio
-- b / a
CREATE OR REPLACE FUNCTION pg_temp.fk_compare(a text, a_fusion bool, b text, b_fusion bool, n int,
											  OUT a_ms float8, OUT b_ms float8, OUT ratio float8)
LANGUAGE plpgsql AS $$
DECLARE
	ta float8[] := '{}';
	tb float8[] := '{}';
BEGIN
	PERFORM pg_temp.fk_time(a, a_fusion);
	PERFORM pg_temp.fk_time(b, b_fusion);
	FOR i IN 1 .. n LOOP
		IF i % 2 = 1 THEN
			ta := ta || pg_temp.fk_time(a, a_fusion);
			tb := tb || pg_temp.fk_time(b, b_fusion);
		ELSE
			tb := tb || pg_temp.fk_time(b, b_fusion);
			ta := ta || pg_temp.fk_time(a, a_fusion);
		END IF;
	END LOOP;
	IF current_setting('fk.clock') = 'cpu' THEN
		/* the scheduler's count moves by ticks: the mean of many is exact */
		a_ms := (SELECT avg(t) FROM unnest(ta) t);
		b_ms := (SELECT avg(t) FROM unnest(tb) t);
	ELSE
		a_ms := (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY t) FROM unnest(ta) t);
		b_ms := (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY t) FROM unnest(tb) t);
	END IF;
	ratio := b_ms / a_ms;
END
$$;

-- The chain of k light operations on x (and y), as the tests name them
CREATE OR REPLACE FUNCTION pg_temp.fk_chain(k int, v text, w text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	ops text[] := ARRAY['+ ' || w, '* 1.0001', '- 0.5', '/ 1.5', '+ ' || w,
						'* 0.999', '- 0.25', '/ 0.75', '+ ' || w, '* 1.0002'];
	e text := v;
BEGIN
	FOR i IN 1 .. k LOOP
		e := '(' || e || ' ' || ops[i] || ')';
	END LOOP;
	RETURN e;
END
$$;

-- CPU time when /proc/self/schedstat can be read (Linux, superuser)
DO $$
BEGIN
	PERFORM pg_temp.fk_cpu_ms();
	PERFORM set_config('fk.clock', 'cpu', false);
EXCEPTION WHEN others THEN
	PERFORM set_config('fk.clock', 'elapsed', false);
END
$$;
SELECT current_setting('fk.clock') AS clock;

CREATE TEMP TABLE results (type text, what text, fused_ms float8, other_ms float8, ratio float8, other text);

DO $$
DECLARE
	n int := current_setting('fk.runs')::int;
	t record;
	r record;
	q text;
	k int;
BEGIN
	FOR t IN SELECT * FROM (VALUES ('float8[]', 'fb'), ('nvec', 'fbn')) v(type, tab) LOOP
		-- nested spelling against the fused kernel called directly
		r := pg_temp.fk_compare(format('SELECT pg_column_size(scale_add(dlog(x, 1), 252, 0)) FROM %s', t.tab), true,
								format('SELECT pg_column_size(dlog_scale_add(x, 1, 252, 0)) FROM %s', t.tab), true, n);
		INSERT INTO results VALUES (t.type, 'scale_add(dlog(x, 1), 252, 0) nested vs dlog_scale_add direct',
									r.a_ms, r.b_ms, r.ratio, 'direct');
		FOR q IN SELECT unnest(ARRAY['(x - y) * 2 + 1', 'scale_add(dlog(x, 1), 252, 0)',
									 'scale_add(ln(x), 2, 1)', 'exp(ln(x) * 0.5) - 1',
									 'x * 2']) LOOP
			r := pg_temp.fk_compare(format('SELECT pg_column_size(%s) FROM %s', q, t.tab), true,
									format('SELECT pg_column_size(%s) FROM %s', q, t.tab), false, n);
			INSERT INTO results VALUES (t.type, CASE WHEN q = 'x * 2' THEN 'x * 2 (a single operation)' ELSE q END,
										r.a_ms, r.b_ms, r.ratio, 'unfused');
		END LOOP;
		FOR k IN SELECT unnest(ARRAY[2, 3, 5, 10]) LOOP
			q := pg_temp.fk_chain(k, 'x', 'y');
			r := pg_temp.fk_compare(format('SELECT pg_column_size(%s) FROM %s', q, t.tab), true,
									format('SELECT pg_column_size(%s) FROM %s', q, t.tab), false, n);
			INSERT INTO results VALUES (t.type, format('chain of %s operations', k),
										r.a_ms, r.b_ms, r.ratio, 'unfused');
		END LOOP;
	END LOOP;
	r := pg_temp.fk_compare('SELECT count(scale_add(dlog(x, 1), 252, 0)) FROM fbs', true,
							'SELECT count(dlog_scale_add(x, 1, 252, 0)) FROM fbs', true, n);
	INSERT INTO results VALUES ('float8[]', '100,000 rows of 8: scale_add(dlog(x, 1), 252, 0) nested vs direct',
								r.a_ms, r.b_ms, r.ratio, 'direct');
	-- the floor: reading and detoasting the columns
	r := pg_temp.fk_compare('SELECT array_length(x, 1) FROM fb', true,
							'SELECT array_length(x, 1) + array_length(y, 1) FROM fb', true, n);
	INSERT INTO results VALUES ('float8[]', 'array_length(x, 1) vs + array_length(y, 1) (reading one, two columns)',
								r.a_ms, r.b_ms, r.ratio, 'both');
END
$$;

\pset footer off
SELECT type, what, round(fused_ms::numeric, 2) AS fused_ms, other AS against,
	   round(other_ms::numeric, 2) AS against_ms, round(ratio::numeric, 2) AS ratio
FROM results;
DROP TABLE fb, fbn, fbs;
