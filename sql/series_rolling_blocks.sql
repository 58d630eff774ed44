SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;
SET extra_float_digits = 3;

-- Rolling windows over inputs read a block at a time: a compressed nvec
-- (decoded 1,024 values at a time) and a float8[] with NULLs (its packed
-- present values expanded a block at a time), whose windows keep their own
-- ring of the last w elements, against a plain nvec read in place (the
-- state reads the leaving elements back from the input).  Every rolling
-- function, every form (min_count, quantile), windows 1 to beyond the
-- length, NULLs at word and block edges, lengths not a multiple of 64,
-- fused and unfused: the same bits everywhere.  Min, max and count are
-- also checked against core's window aggregates.

CREATE TABLE rb_in (id int PRIMARY KEY, p nvec, c nvec, a float8[]);
SELECT setseed(0.5);
-- prices in cents (a random walk), with NULLs at word and block edges
-- (0-based 0, 63, 64, 127, 1023, 1024, 1025, 2047, 2048) and an all-NULL
-- block (3072 .. 4095) when long enough
INSERT INTO rb_in (id, p)
SELECT n, (SELECT array_agg(CASE WHEN i - 1 IN (0, 63, 64, 127, 1023, 1024, 1025, 2047, 2048)
								   OR i - 1 BETWEEN 3072 AND 4095 THEN NULL
							  ELSE round(x::numeric, 2)::float8 END ORDER BY i)
		   FROM (SELECT i, 100 + sum(random() - 0.5) OVER (ORDER BY i) AS x
				 FROM generate_series(1, n) i) w)::nvec
FROM (VALUES (1), (3), (1000), (2500), (5001)) AS l(n);
-- without NULLs (a float8[] read in place), and with NaN, ±Infinity, -0
-- and a subnormal among the cents
INSERT INTO rb_in (id, p)
SELECT 10000 + id, (SELECT array_agg(coalesce(x, 42.5) ORDER BY o) FROM unnest(p) WITH ORDINALITY u(x, o))::nvec
FROM rb_in WHERE id IN (1000, 2500);
INSERT INTO rb_in (id, p)
SELECT 20000 + id,
	   (SELECT array_agg(CASE o WHEN 5 THEN 'NaN'::float8 WHEN 700 THEN 'Infinity'
								WHEN 1030 THEN '-Infinity' WHEN 1031 THEN '-0'
								WHEN 1500 THEN '4.9e-324' WHEN 2100 THEN 'Infinity' ELSE x END ORDER BY o)
		FROM unnest(p) WITH ORDINALITY u(x, o))::nvec
FROM rb_in WHERE id = 2500;
UPDATE rb_in SET c = nvec_compress(p), a = p::float8[];

-- the inputs: lengths, NULLs, and the compressed form really compressed
SELECT id, length(p) AS n, null_count(p) AS nulls, nvec_encoding(c) AS enc,
	   pg_column_size(c) < pg_column_size(p) AS smaller
FROM rb_in ORDER BY id;

-- every call: function, form, window, min_count (NULL: default), q
CREATE TABLE rb_call AS
SELECT f.fn, m.form, w.w, m.mc, m.q
FROM (VALUES ('rolling_sum'), ('rolling_mean'), ('rolling_stddev'), ('rolling_var'),
			 ('rolling_min'), ('rolling_max'), ('rolling_count'), ('rolling_median'),
			 ('rolling_quantile')) AS f(fn),
	 (VALUES (1), (2), (63), (64), (1023), (1024), (1025), (3000), (6000)) AS w(w),
	 LATERAL (VALUES ('default', NULL::int, 0.25::float8), ('min_count 1', 1, 0.25),
					 ('min_count half', (w.w + 1) / 2, 0.9)) AS m(form, mc, q);

-- the SQL text of a call over the column col (where w is 6000, a window
-- of length + 4, beyond every length, and its half for min_count)
CREATE FUNCTION rb_sql(fn text, w int, mc int, q float8, col text, wexpr text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
	SELECT format('%s(%s, %s%s%s)', fn, col,
				  CASE WHEN w = 6000 THEN wexpr ELSE w::text END,
				  CASE WHEN fn = 'rolling_quantile' THEN ', ' || q::text ELSE '' END,
				  CASE WHEN mc IS NULL THEN ''
					   WHEN w = 6000 AND mc > 1 THEN ', (' || wexpr || ' + 1) / 2'
					   ELSE ', ' || mc::text END)
$$;

-- unfused: plain nvec, compressed nvec, float8[]; results as nvec bits
CREATE TABLE rb_res (fn text, form text, w int, id int, input text, fused bool, bits bytea);
SET fusekern.enable_fusion = off;
DO $$
DECLARE
	k record;
BEGIN
	FOR k IN SELECT * FROM rb_call LOOP
		EXECUTE format('INSERT INTO rb_res SELECT %L, %L, %s, id, ''nvec'', false, nvec_send(%s) FROM rb_in',
					   k.fn, k.form, k.w, rb_sql(k.fn, k.w, k.mc, k.q, 'p', 'length(p) + 4'));
		EXECUTE format('INSERT INTO rb_res SELECT %L, %L, %s, id, ''compressed'', false, nvec_send(%s) FROM rb_in',
					   k.fn, k.form, k.w, rb_sql(k.fn, k.w, k.mc, k.q, 'c', 'length(p) + 4'));
		EXECUTE format('INSERT INTO rb_res SELECT %L, %L, %s, id, ''float8[]'', false, nvec_send((%s)::nvec) FROM rb_in',
					   k.fn, k.form, k.w, rb_sql(k.fn, k.w, k.mc, k.q, 'a', 'length(p) + 4'));
	END LOOP;
END
$$;

-- a PL/pgSQL variable with NULLs, deconstructed by an element assignment
-- (read a block at a time from its Datum and NULL arrays)
CREATE FUNCTION rb_expanded(x float8[], w int) RETURNS TABLE (fn text, bits bytea)
LANGUAGE plpgsql AS $$
BEGIN
	x[1] := x[1];
	fn := 'rolling_sum';		bits := nvec_send(rolling_sum(x, w)::nvec); RETURN NEXT;
	fn := 'rolling_mean';		bits := nvec_send(rolling_mean(x, w)::nvec); RETURN NEXT;
	fn := 'rolling_stddev';		bits := nvec_send(rolling_stddev(x, w)::nvec); RETURN NEXT;
	fn := 'rolling_var';		bits := nvec_send(rolling_var(x, w)::nvec); RETURN NEXT;
	fn := 'rolling_min';		bits := nvec_send(rolling_min(x, w)::nvec); RETURN NEXT;
	fn := 'rolling_max';		bits := nvec_send(rolling_max(x, w)::nvec); RETURN NEXT;
	fn := 'rolling_count';		bits := nvec_send(rolling_count(x, w)::nvec); RETURN NEXT;
	fn := 'rolling_median';		bits := nvec_send(rolling_median(x, w)::nvec); RETURN NEXT;
	fn := 'rolling_quantile';	bits := nvec_send(rolling_quantile(x, w, 0.25)::nvec); RETURN NEXT;
END
$$;
INSERT INTO rb_res
SELECT e.fn, 'default', c.w, i.id, 'expanded', false, e.bits
FROM rb_in i, (SELECT DISTINCT w FROM rb_call) c,
	 LATERAL rb_expanded(i.a, CASE WHEN c.w = 6000 THEN length(i.p) + 4 ELSE c.w END) e;

-- fused: the default forms over v * 1 (exact), which the planner fuses
-- (each plan is kept: does it call fused_eval?), against the same
-- expression unfused
CREATE TABLE rb_plan (fn text, w int, input text, fused bool);
DO $$
DECLARE
	k record;
	col record;
	q text;
	line text;
	fused bool;
BEGIN
	FOR k IN SELECT * FROM rb_call WHERE form = 'default' LOOP
		FOR col IN SELECT * FROM (VALUES ('p', 'nvec'), ('c', 'compressed'), ('a', 'float8[]')) AS i(col, input) LOOP
			PERFORM set_config('fusekern.enable_fusion', 'on', true);
			q := format('INSERT INTO rb_res SELECT %L, %L, %s, id, %L, true, nvec_send((%s)::nvec) FROM rb_in',
						k.fn, 'times one', k.w, col.input,
						rb_sql(k.fn, k.w, k.mc, k.q, col.col || ' * 1::float8', 'length(p) + 4'));
			fused := false;
			FOR line IN EXECUTE 'EXPLAIN (VERBOSE, COSTS OFF) ' || q LOOP
				fused := fused OR line LIKE '%fused\_eval%';
			END LOOP;
			INSERT INTO rb_plan VALUES (k.fn, k.w, col.input, fused);
			EXECUTE q;
		END LOOP;
		PERFORM set_config('fusekern.enable_fusion', 'off', true);
		EXECUTE format('INSERT INTO rb_res SELECT %L, %L, %s, id, ''nvec'', false, nvec_send(%s) FROM rb_in',
					   k.fn, 'times one', k.w, rb_sql(k.fn, k.w, k.mc, k.q, 'p * 1::float8', 'length(p) + 4'));
	END LOOP;
END
$$;
RESET fusekern.enable_fusion;
-- the planner fused every call of a constant window, over every input
SELECT fn, count(*) FILTER (WHERE fused) AS fused, count(*) AS plans,
	   bool_and(fused) FILTER (WHERE w <> 6000) AS every_constant_window
FROM rb_plan GROUP BY fn ORDER BY fn;

-- the calls made, and where one input, or fusion, gave other bits than the
-- plain nvec unfused (none)
SELECT count(*) AS results, count(DISTINCT (fn, form, w, id)) AS calls,
	   count(DISTINCT (fn, form)) AS forms, count(DISTINCT input) AS inputs,
	   count(*) FILTER (WHERE fused) AS fused_results
FROM rb_res;
SELECT r.fn, r.form, r.w, r.id, r.input, r.fused
FROM rb_res r JOIN rb_res ref
	 ON ref.fn = r.fn AND ref.form = r.form AND ref.w = r.w AND ref.id = r.id
		AND ref.input = 'nvec' AND NOT ref.fused
WHERE r.bits IS DISTINCT FROM ref.bits
ORDER BY 1, 2, 3, 4, 5 LIMIT 20;
-- each call has its reference, and every input and form is there
SELECT fn, form, count(*) FILTER (WHERE input = 'nvec' AND NOT fused) AS refs,
	   count(*) FILTER (WHERE input = 'compressed' AND NOT fused) AS compressed,
	   count(*) FILTER (WHERE input = 'float8[]' AND NOT fused) AS arrays,
	   count(*) FILTER (WHERE input = 'expanded') AS expanded,
	   count(*) FILTER (WHERE input = 'nvec' AND fused) AS nvec_fused,
	   count(*) FILTER (WHERE input = 'compressed' AND fused) AS compressed_fused,
	   count(*) FILTER (WHERE input = 'float8[]' AND fused) AS arrays_fused
FROM rb_res GROUP BY fn, form ORDER BY fn, form;

-- min, max and count of the compressed input against core's window
-- aggregates (the same bits), windows 64 and 1025, min_count 1
CREATE TABLE rb_core AS
SELECT i.id, w.w, u.o, u.x, u.rmin, u.rmax, u.rcount,
	   CASE w.w WHEN 64 THEN min(u.x) OVER f64 ELSE min(u.x) OVER f1025 END AS core_min,
	   CASE w.w WHEN 64 THEN max(u.x) OVER f64 ELSE max(u.x) OVER f1025 END AS core_max,
	   CASE w.w WHEN 64 THEN count(u.x) OVER f64 ELSE count(u.x) OVER f1025 END AS core_count
FROM rb_in i, (VALUES (64), (1025)) AS w(w),
	 LATERAL unnest(i.p::float8[], rolling_min(i.c, w.w, 1)::float8[],
					rolling_max(i.c, w.w, 1)::float8[], rolling_count(i.c, w.w, 1)::float8[])
			 WITH ORDINALITY AS u(x, rmin, rmax, rcount, o)
WINDOW f64 AS (PARTITION BY i.id, w.w ORDER BY u.o ROWS BETWEEN 63 PRECEDING AND CURRENT ROW),
	   f1025 AS (PARTITION BY i.id, w.w ORDER BY u.o ROWS BETWEEN 1024 PRECEDING AND CURRENT ROW);
SELECT count(*) AS elements,
	   count(*) FILTER (WHERE float8send(rmin) IS DISTINCT FROM float8send(CASE WHEN x IS NOT NULL THEN core_min END)) AS min_bad,
	   count(*) FILTER (WHERE float8send(rmax) IS DISTINCT FROM float8send(CASE WHEN x IS NOT NULL THEN core_max END)) AS max_bad,
	   count(*) FILTER (WHERE rcount IS DISTINCT FROM CASE WHEN x IS NOT NULL THEN core_count END) AS count_bad,
	   count(*) FILTER (WHERE x IS NULL) AS null_elements,
	   count(*) FILTER (WHERE x = 'NaN' OR x IN ('Infinity', '-Infinity')) AS special_elements
FROM rb_core;

-- Memory: over a stored compressed nvec of 4·10^6 values, an unfused window
-- reads a block at a time, so its backend's peak stays below the peak of
-- the same call over the decoded vector by nearly that vector's 32 MB
-- (VmHWM of a fresh backend, from /proc; the 32 MB result in both).
CREATE TABLE rb_big (c nvec(compressed));
INSERT INTO rb_big
SELECT array_agg(CASE WHEN i % 1000 = 0 THEN NULL ELSE 100 + ((i * 7919::bigint) % 2000)::float8 / 100 END ORDER BY i)::nvec
FROM generate_series(1, 4000000) i;
SELECT length(c), null_count(c), nvec_encoding(c) FROM rb_big;
CREATE TABLE rb_peak (call text, kb bigint);
\c
SET fusekern.enable_fusion = off;
SELECT length(rolling_mean(c, 20)) FROM rb_big;
INSERT INTO rb_peak
SELECT 'blocks', (regexp_match(pg_read_file('/proc/self/status'), 'VmHWM:\s*(\d+)'))[1]::bigint;
\c
SET fusekern.enable_fusion = off;
SELECT length(rolling_mean(nvec_decompress(c), 20)) FROM rb_big;
INSERT INTO rb_peak
SELECT 'decoded whole', (regexp_match(pg_read_file('/proc/self/status'), 'VmHWM:\s*(\d+)'))[1]::bigint;
SELECT (SELECT kb FROM rb_peak WHERE call = 'decoded whole') -
	   (SELECT kb FROM rb_peak WHERE call = 'blocks') > 24 * 1024 AS blocks_save_over_24mb;
