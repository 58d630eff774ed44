SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;
SET extra_float_digits = 3;

-- A lagged log under fusion over blocks with NULLs runs its logs and
-- differences in one pass (FkFuseLnLag), its validity that of the one-by-one
-- path: fused and unfused give the same bits over a plain nvec, a
-- compressed nvec and a float8[], with NULL runs across the 64-bit word
-- and block edges, NaN, infinities, zeros and a negative value (ln
-- faults) present, on_error 'error' and 'null'.

CREATE TABLE ln_in (id int PRIMARY KEY, p nvec, c nvec, a float8[]);
SELECT setseed(0.5);
-- id 1: NULL runs of 1 to 70 over the edges 64, 128, 1024, 1088, 2048;
-- id 2: those and NaN, +Infinity; id 3: those and a negative value at
-- 1500; id 4: random NULLs, one in ten; id 5: the runs and -0 at 2500
-- (ln faults at 3 and 5)
INSERT INTO ln_in (id, p)
SELECT k, (SELECT array_agg(CASE
			WHEN k IN (1, 2, 3, 5) AND (i - 1 BETWEEN 60 AND 70 OR i - 1 BETWEEN 120 AND 190
							OR i - 1 IN (1023, 1024) OR i - 1 BETWEEN 1080 AND 1100
							OR i - 1 BETWEEN 1985 AND 2050) THEN NULL
			WHEN k = 4 AND random() < 0.1 THEN NULL
			WHEN k = 2 AND i = 300 THEN 'NaN'::float8
			WHEN k = 2 AND i = 900 THEN 'Infinity'
			WHEN k = 5 AND i = 2500 THEN '-0'
			WHEN k = 3 AND i = 1500 THEN -2.5
			ELSE round(x::numeric, 2)::float8 END ORDER BY i)
		   FROM (SELECT i, 100 + sum(random() - 0.5) OVER (ORDER BY i) AS x
				 FROM generate_series(1, 3001) i) s)::nvec
FROM generate_series(1, 5) k;
UPDATE ln_in SET c = nvec_compress(p), a = p::float8[];
SELECT id, length(p) AS n, null_count(p) AS nulls,
	   pg_column_size(c) < pg_column_size(p) AS smaller
FROM ln_in ORDER BY id;

CREATE TABLE ln_res (sql text, fused bool, id int, bits bytea, nulls int, err text);
CREATE FUNCTION ln_run() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	q text;
	r record;
BEGIN
	FOR q IN
		SELECT format(f, col, lag, oe)
		FROM unnest(ARRAY['cumsum(dlog(%s, %s%s))',
						  'dlog(%s, %s%s) * 252::float8',
						  'cummax(scale_add(dlog(%s, %s%s), 252, 1))',
						  'ema(dlog(%s, %s%s), 0.1)']) f,
			 unnest(ARRAY['p', 'c', 'a']) col, unnest(ARRAY[1, 5, 70]) lag,
			 unnest(ARRAY['', ', ''null''']) oe
	LOOP
		FOR fused IN 0 .. 1 LOOP
			PERFORM set_config('fusekern.enable_fusion', CASE WHEN fused = 1 THEN 'on' ELSE 'off' END, true);
			FOR r IN SELECT id FROM ln_in LOOP
				BEGIN
					EXECUTE format('INSERT INTO ln_res SELECT %L, %L, id, nvec_send(v), null_count(v), NULL FROM (SELECT id, (%s)::nvec AS v FROM ln_in WHERE id = %s) s',
								   q, fused = 1, q, r.id);
				EXCEPTION WHEN OTHERS THEN
					INSERT INTO ln_res VALUES (q, fused = 1, r.id, NULL, NULL, SQLSTATE || ' ' || SQLERRM);
				END;
			END LOOP;
		END LOOP;
	END LOOP;
END
$$;
BEGIN;
SELECT ln_run();
COMMIT;

-- every call, fused and unfused: the same bits, or the same error
SELECT count(*) AS calls,
	   count(*) FILTER (WHERE f.bits IS NOT DISTINCT FROM u.bits
						AND f.err IS NOT DISTINCT FROM u.err) AS same,
	   count(*) FILTER (WHERE f.err IS NOT NULL) AS errors
FROM ln_res f JOIN ln_res u USING (sql, id)
WHERE f.fused AND NOT u.fused;
SELECT f.sql, f.id, f.err, u.err
FROM ln_res f JOIN ln_res u USING (sql, id)
WHERE f.fused AND NOT u.fused AND
	  (f.bits IS DISTINCT FROM u.bits OR f.err IS DISTINCT FROM u.err)
ORDER BY 1, 2 LIMIT 10;
-- the errors: ids 3 and 5, on_error 'error' only
SELECT id, err, count(*) FROM ln_res WHERE err IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2;
-- the outputs hold values: NULLs and values per input, cumsum(dlog(c, 1))
SELECT id, nulls, length(bits) > 20000 AS values FROM ln_res
WHERE sql = 'cumsum(dlog(c, 1))' AND fused ORDER BY id;
-- with fusion on, the pair is one fused call
EXPLAIN (VERBOSE, COSTS OFF) SELECT cumsum(dlog(c, 1)) FROM ln_in;
