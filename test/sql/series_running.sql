SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- Running operations, smoothing and shifting: cumsum, cumprod, cummax,
-- cummin, ema, shift, fill_forward, fill_null, on float8[] and nvec.
-- A NULL element gives NULL and the state is carried past it.
SELECT cumsum('{1,NULL,2}'::float8[]) AS cumsum, cumprod('{2,NULL,3,4}'::nvec) AS cumprod,
       cummax('{1,3,NULL,NaN,2}'::float8[]) AS cummax, cummin('{3,NULL,1,NaN,-Infinity}'::nvec) AS cummin;
SELECT ema('{1,NULL,2,3}'::float8[], 0.5) AS ema, ema('{NULL,4,8}'::nvec, 1) AS ema_alpha1,
       shift('{1,2,3,NULL,5}'::float8[], 2) AS lag2, shift('{1,2,3,NULL,5}'::nvec, -1) AS lead1,
       shift('{1,2}'::float8[], 0) AS k0;
SELECT fill_forward('{NULL,1,NULL,NULL,2,NULL}'::float8[]) AS ff,
       fill_forward('{NULL,NULL}'::nvec) AS ff_all_null,
       fill_null('{NULL,1,NULL}'::float8[], -1) AS fn, fill_null('{1,NULL}'::nvec, 'NaN') AS fn_nan;
-- types, empty and one-element vectors, lower bound
SELECT pg_typeof(cumsum('{1}'::nvec)), pg_typeof(shift('{1}'::float8[], 1)),
       cumsum('{}'::float8[]) AS e1, ema('{}'::nvec, 0.5) AS e2, shift('{}'::float8[], -3) AS e3,
       fill_forward('{}'::nvec) AS e4, cummin('{7}'::float8[]) AS one,
       array_lower(cumsum('[0:2]={1,2,3}'::float8[]), 1) AS lower,
       array_lower(ema('[0:2]={1,NULL,3}'::float8[], 0.5), 1) AS lower_nulls;
-- -0 and ties: the later element wins a tie (as in core's max/min)
SELECT cummax('{0,-0}'::float8[]) AS max_tie, cummin('{-0,0}'::float8[]) AS min_tie,
       cumsum('{-0}'::float8[]) AS sum_neg0, cumprod('{-0,5}'::nvec) AS prod_neg0;
-- |k| >= length: all NULL; k = -2^31 too
SELECT shift('{1,2,3}'::float8[], 3) AS k3, shift('{1,2,3}'::nvec, -3) AS km3,
       shift('{1,2}'::float8[], -2147483648) AS kmin, shift('{1,2}'::nvec, 2147483647) AS kmax;
-- results without NULLs carry no NULL bitmap (the same size as a literal)
SELECT pg_column_size(fill_null('{NULL,1}'::float8[], 0)) = pg_column_size('{0,1}'::float8[]) AS fn_dense,
       pg_column_size(fill_forward('{1,NULL}'::float8[])) = pg_column_size('{1,1}'::float8[]) AS ff_dense;

-- References sharing no code with the C functions: core's window
-- functions over unnest(v) WITH ORDINALITY, and PL/pgSQL loops
CREATE FUNCTION ref_window(v float8[], f text) RETURNS float8[] LANGUAGE plpgsql AS $$
DECLARE r float8[];
BEGIN
	EXECUTE format('SELECT coalesce(array_agg(CASE WHEN x IS NULL THEN NULL ELSE w END ORDER BY o), ''{}'')
		FROM (SELECT x, o, %s(x) OVER (ORDER BY o ROWS UNBOUNDED PRECEDING) AS w
			  FROM unnest($1) WITH ORDINALITY AS u(x, o)) s', f) INTO r USING v;
	RETURN r;
END $$;
CREATE FUNCTION ref_cumprod(v float8[]) RETURNS float8[] LANGUAGE plpgsql AS $$
DECLARE p float8; x float8; r float8[] := '{}';
BEGIN
	FOREACH x IN ARRAY v LOOP
		IF x IS NOT NULL THEN
			p := CASE WHEN p IS NULL THEN x ELSE p * x END;
		END IF;
		r := r || CASE WHEN x IS NULL THEN NULL ELSE p END;
	END LOOP;
	RETURN r;
END $$;
CREATE FUNCTION ref_ema(v float8[], alpha float8) RETURNS float8[] LANGUAGE plpgsql AS $$
DECLARE s float8; x float8; oma float8 := 1 - alpha; r float8[] := '{}';
BEGIN
	FOREACH x IN ARRAY v LOOP
		IF x IS NOT NULL THEN
			s := CASE WHEN s IS NULL THEN x ELSE alpha * x + oma * s END;
		END IF;
		r := r || CASE WHEN x IS NULL THEN NULL ELSE s END;
	END LOOP;
	RETURN r;
END $$;
CREATE FUNCTION ref_shift(v float8[], k int) RETURNS float8[] LANGUAGE sql AS $$
	SELECT coalesce(array_agg(y ORDER BY o), '{}')
	FROM (SELECT o, CASE WHEN k >= 0 THEN lag(x, k) OVER w ELSE lead(x, -k) OVER w END AS y
		  FROM unnest(v) WITH ORDINALITY AS u(x, o) WINDOW w AS (ORDER BY o)) s $$;
CREATE FUNCTION ref_fill_forward(v float8[]) RETURNS float8[] LANGUAGE sql AS $$
	SELECT coalesce(array_agg(y ORDER BY o), '{}')
	FROM (SELECT o, first_value(x) OVER (PARTITION BY g ORDER BY o) AS y
		  FROM (SELECT x, o, count(x) OVER (ORDER BY o) AS g
				FROM unnest(v) WITH ORDINALITY AS u(x, o)) s) t $$;
CREATE FUNCTION ref_fill_null(v float8[], f float8) RETURNS float8[] LANGUAGE sql AS $$
	SELECT coalesce(array_agg(coalesce(x, f) ORDER BY o), '{}')
	FROM unnest(v) WITH ORDINALITY AS u(x, o) $$;

-- Vectors of lengths 0, 1, 63, 64, 65, 1000: without NULLs, with NULLs at
-- word boundaries (elements 1, 64, 65, 128, 129 and the last), scattered,
-- all NULL, and with NaN, +-Infinity and -0 among them
CREATE TABLE sr_vec (id serial, note text, v float8[]);
INSERT INTO sr_vec (note, v)
SELECT format('n=%s %s', n, pat),
	   ARRAY(SELECT CASE
				 WHEN pat = 'all NULL' THEN NULL
				 WHEN pat = 'boundaries' AND i IN (1, 64, 65, 128, 129, n) THEN NULL
				 WHEN pat = 'scattered' AND i % 7 = 3 THEN NULL
				 WHEN pat = 'specials' AND i % 11 = 5
					 THEN (ARRAY['NaN', 'Infinity', '-Infinity', '-0'])[1 + (i / 11) % 4]::float8
				 ELSE sin(i * 1.7) * 10 END
			 FROM generate_series(1, n) AS i ORDER BY i)
FROM unnest('{0,1,63,64,65,1000}'::int[]) AS n,
	 unnest('{none,boundaries,scattered,all NULL,specials}'::text[]) AS pat;
-- one vector over several blocks of 65536 elements, NULLs around the block edge
INSERT INTO sr_vec (note, v)
SELECT 'n=140000', ARRAY(SELECT CASE WHEN i IN (65536, 65537, 131072) OR i % 1000 = 0 THEN NULL
								 ELSE sin(i * 0.37) END
						 FROM generate_series(1, 140000) AS i ORDER BY i);
-- cumprod on values near 1 (a product of 1000 elements stays in range)
CREATE TABLE sr_vec1 AS
SELECT id, note, ARRAY(SELECT 1 + x / 100 FROM unnest(v) WITH ORDINALITY AS u(x, o) ORDER BY o) AS v
FROM sr_vec;
SELECT count(*) AS vectors, count(*) FILTER (WHERE array_position(v, NULL) IS NOT NULL) AS with_nulls
FROM sr_vec;

-- Each function against its reference, bit for bit (as text: shortest
-- exact digits, -0 kept, every NaN prints as NaN), on float8[] and on nvec
SELECT f, count(*) AS vectors,
	   count(*) FILTER (WHERE got::text IS DISTINCT FROM want::text) AS float8arr_diff,
	   count(*) FILTER (WHERE got_n::float8[]::text IS DISTINCT FROM want::text) AS nvec_diff
FROM (SELECT 'cumsum' AS f, cumsum(v) AS got, cumsum(v::nvec) AS got_n, ref_window(v, 'sum') AS want FROM sr_vec
	  UNION ALL
	  SELECT 'cumprod', cumprod(v), cumprod(v::nvec), ref_cumprod(v) FROM sr_vec1
	  UNION ALL
	  SELECT 'cummax', cummax(v), cummax(v::nvec), ref_window(v, 'max') FROM sr_vec
	  UNION ALL
	  SELECT 'cummin', cummin(v), cummin(v::nvec), ref_window(v, 'min') FROM sr_vec
	  UNION ALL
	  SELECT 'ema ' || a, ema(v, a), ema(v::nvec, a), ref_ema(v, a)
	  FROM sr_vec, unnest('{0.1,0.5,0.3333,1}'::float8[]) AS a
	  UNION ALL
	  SELECT 'shift', shift(v, k), shift(v::nvec, k), ref_shift(v, k)
	  FROM sr_vec, unnest('{0,1,2,63,64,65,999,1000,1001,-1,-63,-64,-65,-1000,-1001,65537,-65537}'::int[]) AS k
	  UNION ALL
	  SELECT 'fill_forward', fill_forward(v), fill_forward(v::nvec), ref_fill_forward(v) FROM sr_vec
	  UNION ALL
	  SELECT 'fill_null', fill_null(v, x), fill_null(v::nvec, x), ref_fill_null(v, x)
	  FROM sr_vec, unnest('{0,-0,NaN,-2.5}'::float8[]) AS x) s
GROUP BY f ORDER BY f;
-- where v has NULLs, shift and fill_forward of float8[] carry NULL elements,
-- fill_null none
SELECT count(*) FILTER (WHERE array_position(shift(v, 1), NULL) IS NOT NULL) AS shift_nulls,
	   count(*) FILTER (WHERE array_position(fill_null(v, 0), NULL) IS NOT NULL) AS fill_null_nulls
FROM sr_vec WHERE cardinality(v) > 0;

-- PL/pgSQL array variables (expanded arrays) give the same results
DO $$
DECLARE v float8[] := '{1,2,3,4}';
BEGIN
	v[2] := NULL;
	v[5] := 5;
	RAISE NOTICE 'cumsum % ema % shift % fill_forward %', cumsum(v), ema(v, 0.5), shift(v, -1),
		fill_forward(v);
END $$;

-- Errors where core's float8 operators raise them, at the same element;
-- err() shows the SQLSTATE and message of a statement
CREATE FUNCTION err(q text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE q;
	RETURN 'no error';
EXCEPTION WHEN OTHERS THEN
	RETURN SQLSTATE || ': ' || SQLERRM;
END $$;
SELECT err($q$SELECT cumsum('{1,1e308,NULL,1e308}'::float8[])$q$) AS cumsum,
	   err($q$SELECT ref_window('{1,1e308,NULL,1e308}'::float8[], 'sum')$q$) AS reference;
SELECT err($q$SELECT cumprod('{1e200,1e200}'::nvec)$q$) AS overflow,
	   err($q$SELECT cumprod('{1e-200,NULL,1e-200}'::float8[])$q$) AS underflow,
	   err($q$SELECT ref_cumprod('{1e-200,NULL,1e-200}'::float8[])$q$) AS reference;
SELECT err($q$SELECT ema('{1,5e-324}'::float8[], 0.25)$q$) AS ema,
	   err($q$SELECT ref_ema('{1,5e-324}'::float8[], 0.25)$q$) AS reference;
-- Infinity is no overflow (core's rules): Infinity - Infinity is NaN
SELECT cumsum('{1,Infinity,-Infinity,1}'::float8[]) AS cumsum, cumprod('{Infinity,-2,0}'::nvec) AS cumprod;
-- the element at fault is named
SELECT cumsum('{1e308,1,1e308}'::nvec);
SELECT cumprod('{1e300,NULL,NULL,1e300}'::float8[]);
-- bad parameters: SQLSTATE 22023
SELECT err($q$SELECT ema('{1}'::float8[], 0)$q$) AS alpha0,
	   err($q$SELECT ema('{1}'::nvec, 1.5)$q$) AS alpha15,
	   err($q$SELECT ema('{1}'::float8[], 'NaN')$q$) AS alpha_nan,
	   err($q$SELECT ema('{}'::nvec, -1)$q$) AS alpha_neg_empty;
SELECT ema('{1,2}'::float8[], 1.0000001);
-- multi-dimensional arrays are refused; NULL arguments give NULL (STRICT)
SELECT err($q$SELECT cumsum('{{1,2},{3,4}}'::float8[])$q$) AS two_dims;
SELECT cummax(NULL::float8[]) IS NULL AS a, ema('{1}'::nvec, NULL) IS NULL AS b,
	   shift('{1}'::float8[], NULL) IS NULL AS c, fill_null('{NULL}'::float8[], NULL) IS NULL AS d;
-- labels
SELECT p.proname, count(*) AS overloads, bool_and(p.provolatile = 'i') AS immutable,
	   bool_and(p.proisstrict) AS strict, bool_and(p.proparallel = 's') AS parallel_safe,
	   bool_and(obj_description(p.oid, 'pg_proc') IS NOT NULL) AS commented,
	   -- ema by name is not STRICT: a parameter not given is SQL NULL
	   string_agg(pg_get_function_identity_arguments(p.oid), '; ')
		 FILTER (WHERE NOT p.proisstrict) AS not_strict
FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
WHERE n.nspname = 'public'
  AND p.proname IN ('cumsum', 'cumprod', 'cummax', 'cummin', 'ema', 'shift', 'fill_forward', 'fill_null')
GROUP BY p.proname ORDER BY p.proname;

DROP TABLE sr_vec, sr_vec1;
DROP FUNCTION ref_window, ref_cumprod, ref_ema, ref_shift, ref_fill_forward, ref_fill_null, err;
