-- ema(v, adjust => ..., alpha | span | halflife => ..., ignore_nulls => ...),
-- pandas' ewm(..., adjust=, ignore_na=).mean(), on float8[], nvec and
-- nvec(compressed): pandas' documented example, the same recurrence written
-- in SQL over float8 (bit for bit), pandas' published weights
-- sum((1 - alpha)^k x) / sum((1 - alpha)^k) in numeric (adjust), and the
-- default ema (adjust => false, ignore_nulls => true)
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- pandas' docstring: DataFrame({'B': [0, 1, 2, np.nan, 4]}).ewm(com=0.5)
-- (alpha 2/3) gives 0, 0.75, 1.615385, (1.615385), 3.670213; adjust=False
-- 0, 0.666667, 1.555556, (1.555556), 3.650794; ignore_na=True 3.225 last
-- (pandas carries the mean into the NaN row; here that element is NULL)
SELECT ARRAY(SELECT round(x::numeric, 6) FROM unnest(ema('{0,1,2,NULL,4}'::float8[], adjust => true, alpha => 2 / 3.0,
														ignore_nulls => false)) x) AS adjust,
	   ARRAY(SELECT round(x::numeric, 6) FROM unnest(ema('{0,1,2,NULL,4}'::nvec, adjust => false, alpha => 2 / 3.0,
														ignore_nulls => false)::float8[]) x) AS recursive,
	   ARRAY(SELECT round(x::numeric, 6) FROM unnest(ema('{0,1,2,NULL,4}'::float8[], adjust => true, alpha => 2 / 3.0)) x) AS ignore_nulls;

-- reference: pandas' ewma loop over float8, NULL a gap, NaN a value
CREATE FUNCTION ea_ref(v float8[], alpha float8, adjust bool, ignore_nulls bool) RETURNS float8[]
LANGUAGE plpgsql AS $$
DECLARE
	a float8 := 1.0 / (1.0 + (1.0 - alpha) / alpha);
	oma float8 := 1.0 - a;
	neww float8 := CASE WHEN adjust THEN 1.0 ELSE a END;
	old float8 := 1.0;
	m float8;
	have bool := false;
	r float8[] := '{}';
	x float8;
BEGIN
	FOR i IN 1 .. coalesce(cardinality(v), 0) LOOP
		x := v[i];
		IF have AND (x IS NOT NULL OR NOT ignore_nulls) THEN
			old := old * oma;
		END IF;
		IF x IS NOT NULL AND NOT have THEN
			m := x; have := true;
		ELSIF x IS NOT NULL THEN
			IF m IS DISTINCT FROM x OR x = 'NaN' THEN
				m := (old * m + neww * x) / (old + neww);
			END IF;
			old := CASE WHEN adjust THEN old + neww ELSE 1.0 END;
		END IF;
		r := r || CASE WHEN x IS NOT NULL THEN m END;
	END LOOP;
	RETURN r;
END $$;

CREATE TABLE ea_vec (id serial, note text, v float8[]);
INSERT INTO ea_vec (note, v)
SELECT format('n=%s %s', n, pat),
	   ARRAY(SELECT CASE
				 WHEN pat = 'runs' AND (i BETWEEN 62 AND 67 OR i BETWEEN 1020 AND 1030 OR i <= 2) THEN NULL
				 WHEN pat = 'scattered' AND i % 7 = 3 THEN NULL
				 WHEN pat = 'specials' AND i % 97 = 5
					 THEN (ARRAY['Infinity', '-0', 'NaN'])[1 + (i / 97) % 3]::float8
				 ELSE round((100 + 10 * sin(i * 1.7))::numeric, 2)::float8 END
			 FROM generate_series(1, n) AS i ORDER BY i)
FROM unnest('{0,1,5,70,1100}'::int[]) AS n,
	 unnest('{none,runs,scattered,specials}'::text[]) AS pat;

SELECT count(*) AS cases,
	   count(*) FILTER (WHERE a::text IS DISTINCT FROM r::text) AS float8arr_diff,
	   count(*) FILTER (WHERE n::float8[]::text IS DISTINCT FROM r::text) AS nvec_diff,
	   count(*) FILTER (WHERE z::float8[]::text IS DISTINCT FROM r::text) AS compressed_diff
FROM (SELECT ema(v, adjust => adj, alpha => al, ignore_nulls => ign) AS a,
			 ema(v::nvec, adjust => adj, alpha => al, ignore_nulls => ign) AS n,
			 ema(nvec_compress(v::nvec), adjust => adj, alpha => al, ignore_nulls => ign) AS z,
			 ea_ref(v, al, adj, ign) AS r
	  FROM ea_vec, unnest('{0.1,0.5,0.3333,1}'::float8[]) AS al,
		   unnest('{true,false}'::bool[]) AS adj, unnest('{true,false}'::bool[]) AS ign
	  -- (adjust false, ignore_nulls true: the running ema, below)
	  WHERE adj OR NOT ign) s;

-- adjust: pandas' weights in numeric, (1 - a)^k for the element k places
-- back (ignore_nulls false) or k present elements back (true); finite
-- vectors, within 1e-12 relative
SELECT ign, count(*) AS elements,
	   count(*) FILTER (WHERE abs(g::text::numeric - e) > abs(e) * 1e-12) AS far
FROM ea_vec c, unnest('{0.1,0.5}'::float8[]) AS al, unnest('{true,false}'::bool[]) AS ign,
	 LATERAL (SELECT 1.0 - 1.0 / (1.0 + (1.0 - al) / al) AS oma) o,
	 LATERAL unnest(ema(c.v, adjust => true, alpha => al, ignore_nulls => ign)) WITH ORDINALITY AS u(g, i),
	 LATERAL (SELECT sum(x::text::numeric * power(o.oma::text::numeric, age)) / sum(power(o.oma::text::numeric, age)) AS e
			  FROM (SELECT c.v[k] AS x,
						   CASE WHEN ign THEN (SELECT count(*) FROM generate_series(k + 1, u.i::int) j WHERE c.v[j] IS NOT NULL)
								ELSE u.i - k END AS age
					FROM generate_series(1, u.i::int) k) t
			  WHERE x IS NOT NULL) ex
WHERE g IS NOT NULL AND c.note NOT LIKE '%specials' AND cardinality(c.v) <= 70
GROUP BY ign ORDER BY ign;

-- adjust => false, ignore_nulls => true (the defaults) is the running
-- ema(v, alpha), bit for bit, fused; pandas' loop with those flags agrees
-- to rounding (it divides by (1 - a) + a, which ema does not)
SELECT count(*) AS elements,
	   count(*) FILTER (WHERE g::text IS DISTINCT FROM h::text) AS not_ema,
	   count(*) FILTER (WHERE abs(g - r) > abs(r) * 1e-14) AS far_from_pandas
FROM ea_vec, unnest('{0.1,0.5}'::float8[]) AS al,
	 LATERAL unnest(ema(v, adjust => false, alpha => al, ignore_nulls => true), ema(v, al),
					ea_ref(v, al, false, true)) AS u(g, h, r)
WHERE note NOT LIKE '%specials' AND g IS NOT NULL;
EXPLAIN (VERBOSE, COSTS OFF) SELECT ema(v, alpha => 0.1, adjust => false) FROM ea_vec;
EXPLAIN (VERBOSE, COSTS OFF) SELECT ema(v, alpha => 0.1, adjust => true) FROM ea_vec;

-- span and halflife as pandas reads them; errors as ema by name's
SELECT ema('{1,2,3}'::float8[], adjust => true, span => 3) AS span3,
	   ema('{1,2,3}'::float8[], adjust => true, alpha => 0.5) AS alpha_half,
	   ema('{1,NULL,3}'::nvec, adjust => true, halflife => 1, ignore_nulls => false) AS halflife1;
SELECT ema('{1,2}'::float8[], adjust => true);
SELECT ema('{1,2}'::float8[], adjust => true, alpha => 1.5);
SELECT ema('{1e308,-1e308}'::float8[], adjust => true, alpha => 0.5) AS finite,
	   ema(NULL::float8[], adjust => true, alpha => 0.5) IS NULL AS null_v,
	   ema('{1}'::float8[], adjust => NULL, alpha => 0.5) IS NULL AS null_adjust;
-- a mean of finite values beyond float8's range: core's error
SELECT ema('{1e308,1.7e308}'::nvec, adjust => true, alpha => 0.5);
-- calls without adjust resolve as before
SELECT ema('{1,2}'::float8[], 0.5) AS positional, ema('{1,2}'::float8[], alpha => 0.5) AS by_name;
-- labels
SELECT count(*) AS forms, bool_and(p.provolatile = 'i') AS immutable,
	   bool_and(NOT p.proisstrict) AS not_strict, bool_and(p.proparallel = 's') AS parallel_safe,
	   bool_and(obj_description(p.oid, 'pg_proc') IS NOT NULL) AS commented
FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
WHERE n.nspname = 'public' AND p.proname = 'ema' AND 'adjust' = ANY (p.proargnames);
SELECT ema('{1}'::nvec, NULL) IS NULL AS untyped_null;

DROP TABLE ea_vec;
DROP FUNCTION ea_ref;
