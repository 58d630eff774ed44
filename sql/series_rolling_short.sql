SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;
SET extra_float_digits = 3;

-- Short windows of rolling_sum, _mean, _stddev and _var, which AVX2 runs
-- four segments of w at a time, against the element steps that define them
-- (fusekern.simd = 'scalar' runs only those): windows 1, 2, 5, 20 and 250,
-- min_count 1 and w, over a plain nvec, a compressed nvec and a float8[]
-- (read in place, or a block at a time with NULLs), unfused and fused (the
-- rolling z-score, NULL where the deviation is 0, and other moments pairs
-- of windows 1, 20, 512, 513), with NaN, infinities, -0, sums that
-- overflow, and NULL runs across 64-bit word edges: the same bits, and
-- fused the bits of unfused.  Without AVX2 both sides run the element
-- steps.

CREATE TABLE rs_in (id int PRIMARY KEY, p nvec, c nvec, a float8[]);
SELECT setseed(0.25);
-- prices in cents; id 2: NULL runs over the word edges 64, 128, 1024,
-- 1088; id 3: NaN, infinities, -0, and two values far above the rest (the
-- windows that overflow are the unit test's, test_series_rolling_short.c)
INSERT INTO rs_in (id, p)
SELECT k, (SELECT array_agg(CASE
			WHEN k = 2 AND (i - 1 BETWEEN 60 AND 70 OR i - 1 BETWEEN 120 AND 190
							OR i - 1 IN (1023, 1024) OR i - 1 BETWEEN 1080 AND 1100) THEN NULL
			WHEN k = 3 AND i = 300 THEN 'NaN'::float8
			WHEN k = 3 AND i = 900 THEN 'Infinity'
			WHEN k = 3 AND i = 901 THEN '-Infinity'
			WHEN k = 3 AND i = 1500 THEN '-0'
			WHEN k = 3 AND i = 2200 THEN 1e150
			WHEN k = 3 AND i = 2201 THEN -1e150
			ELSE round(x::numeric, 2)::float8 END ORDER BY i)
		   FROM (SELECT i, 100 + sum(random() - 0.5) OVER (ORDER BY i) AS x
				 FROM generate_series(1, 3001) i) s)::nvec
FROM generate_series(1, 3) k;
UPDATE rs_in SET c = nvec_compress(p), a = p::float8[];
SELECT id, length(p) AS n, null_count(p) AS nulls,
	   pg_column_size(c) < pg_column_size(p) AS smaller
FROM rs_in ORDER BY id;

CREATE TABLE rs_res (simd text, sql text, id int, bits bytea);
CREATE FUNCTION rs_run(simd text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	q text;
BEGIN
	PERFORM set_config('fusekern.simd', simd, true);
	FOR q IN
		SELECT format('%s(%s, %s%s)', f, col, w, CASE WHEN mc THEN ', 1' ELSE '' END)
		FROM unnest(ARRAY['rolling_sum', 'rolling_mean', 'rolling_stddev', 'rolling_var']) f,
			 unnest(ARRAY['p', 'c', 'a']) col, unnest(ARRAY[1, 2, 5, 20, 250]) w,
			 unnest(ARRAY[false, true]) mc
		UNION ALL
		SELECT format('vdiv(%1$s - rolling_mean(%1$s, %2$s), rolling_stddev(%1$s, %2$s), ''null'')', col, w)
		FROM unnest(ARRAY['p', 'c', 'a']) col, unnest(ARRAY[2, 5, 20, 250]) w
		UNION ALL
		-- moments pairs (a sum or mean and a stddev or var of the same
		-- input and window, stepped together when fused), either order
		SELECT format(e, col, w)
		FROM unnest(ARRAY['vdiv(%1$s - rolling_mean(%1$s, %2$s), rolling_stddev(%1$s, %2$s), ''null'')',
						  'rolling_var(%1$s, %2$s) - rolling_sum(%1$s, %2$s)',
						  'rolling_mean(%1$s, %2$s) + rolling_var(%1$s, %2$s)']) e,
			 unnest(ARRAY['p', 'c', 'a']) col, unnest(ARRAY[1, 512, 513]) w
		UNION ALL
		SELECT format(e, col, 20)
		FROM unnest(ARRAY['rolling_var(%1$s, %2$s) - rolling_sum(%1$s, %2$s)',
						  'rolling_mean(%1$s, %2$s) + rolling_var(%1$s, %2$s)']) e,
			 unnest(ARRAY['p', 'c', 'a']) col
	LOOP
		FOR fused IN 0 .. 1 LOOP
			PERFORM set_config('fusekern.enable_fusion', CASE WHEN fused = 1 THEN 'on' ELSE 'off' END, true);
			EXECUTE format('INSERT INTO rs_res SELECT %L, %L, id, nvec_send((%s)::nvec) FROM rs_in',
						   simd, q || CASE WHEN fused = 1 THEN ' fused' ELSE '' END, q);
		END LOOP;
	END LOOP;
END
$$;
BEGIN;
SELECT rs_run('scalar');
COMMIT;
BEGIN;
SELECT rs_run('auto');
COMMIT;

-- every call, both ways, the same bits
SELECT count(*) AS calls,
	   count(*) FILTER (WHERE s.bits IS NOT DISTINCT FROM a.bits) AS same_bits
FROM rs_res s JOIN rs_res a USING (sql, id)
WHERE s.simd = 'scalar' AND a.simd = 'auto';
SELECT s.sql, s.id
FROM rs_res s JOIN rs_res a USING (sql, id)
WHERE s.simd = 'scalar' AND a.simd = 'auto' AND s.bits IS DISTINCT FROM a.bits
ORDER BY 1, 2 LIMIT 10;
-- fused and unfused, on each copy, the same bits (the moments pairs
-- among them)
SELECT count(*) AS calls,
	   count(*) FILTER (WHERE f.bits IS NOT DISTINCT FROM u.bits) AS same_bits
FROM rs_res f JOIN rs_res u ON f.simd = u.simd AND f.id = u.id AND
	f.sql = u.sql || ' fused';
-- the z-score runs as one fused call over each kind of input
SET fusekern.enable_fusion = on;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT vdiv(p - rolling_mean(p, 20), rolling_stddev(p, 20), 'null'),
	   vdiv(c - rolling_mean(c, 20), rolling_stddev(c, 20), 'null'),
	   vdiv(a - rolling_mean(a, 20), rolling_stddev(a, 20), 'null')
FROM rs_in;
RESET fusekern.enable_fusion;
-- and the windows did hold values: non-NULL outputs per input
SELECT id, count(*) FILTER (WHERE sql LIKE 'rolling_mean(p, 20%' AND length(bits) > 100) AS mean20
FROM rs_res WHERE simd = 'auto' GROUP BY id ORDER BY id;

DROP FUNCTION rs_run(text);
DROP TABLE rs_res, rs_in;
