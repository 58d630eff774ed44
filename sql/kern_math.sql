-- Elementwise math against core's float8 functions, element by element,
-- over edge data: NaN, +-Infinity, -0, subnormals, halves, values past
-- 2^52, NULL runs across the bitmap's 64-bit words and the 1,024-value
-- blocks of compressed values; float8[], nvec and nvec(compressed), fused
-- and unfused
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- Same value, bit for bit (every NaN alike, -0 apart from 0, NULL = NULL)
CREATE FUNCTION pg_temp.same(a float8, b float8) RETURNS bool LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN a IS NULL OR b IS NULL THEN a IS NULL AND b IS NULL
				WHEN a = 'NaN' OR b = 'NaN' THEN a = 'NaN' AND b = 'NaN'
				ELSE float8send(a) = float8send(b) END
$$;

-- Near core's value c, for two functions each within 1 ULP of the exact
-- value: both zero (a reference in numeric has no -0), or of the same sign
-- and at most 2 doubles apart (the bits of doubles of one sign are ordered
-- as the doubles)
CREATE FUNCTION pg_temp.near(r float8, c float8) RETURNS bool LANGUAGE sql IMMUTABLE AS $$
	SELECT pg_temp.same(r, c) OR (r = 0 AND c = 0)
		OR (sign(r) = sign(c) AND r <> 0
			AND abs(('x' || encode(float8send(r), 'hex'))::bit(64)::int8
					- ('x' || encode(float8send(c), 'hex'))::bit(64)::int8) <= 2)
$$;

-- The exact value of a finite double, m * 2^e, in numeric
CREATE FUNCTION pg_temp.exact(x float8) RETURNS numeric LANGUAGE sql IMMUTABLE STRICT AS $$
	SELECT CASE WHEN x = 0 THEN 0
				ELSE sign(x)::numeric * m * CASE WHEN e >= 0 THEN 2::numeric ^ e
												 ELSE 5::numeric ^ (-e) * ('1e' || e)::numeric END END
	FROM (SELECT ('x' || encode(float8send(x), 'hex'))::bit(64)::int8 AS b) s,
		 LATERAL (SELECT (b >> 52) & 2047 AS be, b & 4503599627370495 AS f) t,
		 LATERAL (SELECT CASE WHEN be = 0 THEN f ELSE f | 4503599627370496 END::numeric AS m,
						 CASE WHEN be = 0 THEN -1074 ELSE be - 1075 END AS e) u
$$;

-- The edge data: 2,600 values, the specials first, NULL runs over the
-- elements 60..70, 1020..1030 and 2040..2050 (0-based 64, 1024 and 2048
-- inside them), then cents
SELECT setseed(0.39);
CREATE TABLE km_in AS
SELECT array_agg(x ORDER BY g) AS v
FROM (SELECT g, CASE
		WHEN g BETWEEN 60 AND 70 OR g BETWEEN 1020 AND 1030 OR g BETWEEN 2040 AND 2050 THEN NULL
		WHEN g <= 44 THEN ('{NaN,Infinity,-Infinity,0,-0,4.9e-324,-4.9e-324,'
						   '2.2250738585072014e-308,-1e-310,0.5,-0.5,1.5,-1.5,2.5,-2.5,'
						   '0.49999999999999994,-0.49999999999999994,4503599627370495.5,'
						   '-4503599627370495.5,4503599627370497,9007199254740993,1e300,'
						   '-1e300,1.7976931348623157e308,-1.7976931348623157e308,3,-3,'
						   '19.999,0.1,-0.1,20,-20,710,-710,1e-20,-1e-20,'
						   '0.9999999999999999,-1.0000000000000002,123456.5,-123457.5,'
						   '18.5,-18.5,1e-300,-1e-300}'::float8[])[g]
		ELSE round(((random() - 0.5) * 200)::numeric, 2)::float8 END AS x
	  FROM generate_series(1, 2600) g) s;
-- the compressed form is ALP (blocks of 1,024 values), the plain nvec is not
SELECT length(v), nvec_encoding(nvec_compress(v::nvec)) AS compressed,
	   nvec_encoding(v::nvec) AS plain
FROM km_in;

-- The count of elements of call (%s: the vector as float8[], nvec and
-- nvec(compressed)) that are not the same as (measure 'same') or near
-- ('near') ref, an expression of the element x: core's function of it
CREATE FUNCTION pg_temp.vs_ref(call text, ref text, measure text DEFAULT 'same')
RETURNS TABLE (form text, differ bigint) LANGUAGE plpgsql AS $$
BEGIN
	FOREACH form IN ARRAY ARRAY['v', 'v::nvec', 'nvec_compress(v::nvec)'] LOOP
		EXECUTE format('SELECT count(*) FILTER (WHERE NOT pg_temp.%s(r, %s)) '
					   'FROM km_in, unnest((%s)::float8[], v) AS u(r, x)',
					   measure, ref, format(call, form))
			INTO differ;
		RETURN NEXT;
	END LOOP;
END $$;

-- trunc, floor, ceil, round (rint: halves to even) and sign are exact: the
-- bits of core's on every element (-0 kept where core keeps it)
SELECT f, (pg_temp.vs_ref(f || '(%s)', f || '(x)')).*
FROM unnest('{trunc,floor,ceil,round,sign}'::text[]) f;
-- tanh, sin, cos and tan are SLEEF's deterministic functions, within 1 ULP
-- of the exact value, as core's (the C library's) are: the two are near on
-- every element; core raises 22003 for sin, cos, tan of +-Infinity, which
-- on_error 'null' makes NULL
SELECT 'tanh' AS f, (pg_temp.vs_ref('tanh(%s)', 'tanh(x)', 'near')).*;
SELECT f, (pg_temp.vs_ref(f || '(%s, ''null'')',
						  format('CASE WHEN abs(x) <> ''Infinity'' THEN %s(x) END', f),
						  'near')).*
FROM unnest('{sin,cos,tan}'::text[]) f;
-- log1p and expm1 (core has neither) against ln(1 + x) and exp(x) - 1 in
-- numeric to 330 decimal places, from x's exact value: log1p of -1 and
-- below raises ln's errors, expm1 overflows where exp does
SELECT 'log1p' AS f, (pg_temp.vs_ref('log1p(%s, ''null'')',
	'CASE WHEN x > -1 THEN CASE WHEN x IN (''Infinity'', ''NaN'') THEN x
		  ELSE ln(round(1 + pg_temp.exact(x), 330))::float8 END END', 'near')).*;
SELECT 'expm1' AS f, (pg_temp.vs_ref('expm1(%s, ''null'')',
	'CASE WHEN x IN (''Infinity'', ''-Infinity'', ''NaN'') THEN CASE WHEN x > 0 THEN x ELSE -1 END
		  WHEN x <= 709.78 THEN (exp(round(pg_temp.exact(x), 330)) - 1)::float8 END', 'near')).*;

-- their errors are core's
SELECT sin('{1,-Infinity}'::float8[]);
SELECT sin('-Infinity'::float8);
SELECT tan('{Infinity}'::nvec, 'null') AS tan_null, cos('{0,NULL,-0}'::nvec) AS cos;
SELECT log1p('{0,-1}'::float8[]);
SELECT log1p('{-2}'::nvec);
SELECT log1p('{-0,-1,-2,1e-300,NULL}'::float8[], 'null') AS log1p_null;
SELECT expm1('{1,710}'::float8[]);
SELECT expm1('{-0,710,-Infinity,1e-300}'::nvec, 'null') AS expm1_null;

-- round halves to even, as core's round(float8); -0 stays -0
SELECT x, (round(ARRAY[x]))[1] AS fusekern, round(x) AS core,
	   (trunc(ARRAY[x]))[1] AS trunc, (sign(ARRAY[x]))[1] AS sign
FROM unnest('{0.5,1.5,2.5,-0.5,-1.5,-2.5,0.49999999999999994,4503599627370495.5,-0,NaN}'::float8[]) x;

-- empty and one-element vectors, NULLs kept
SELECT trunc('{}'::float8[]) AS a, floor('{}'::nvec) AS b, ceil('{-0.5}'::float8[]) AS c,
	   round('{NULL}'::nvec) AS d, sign('{-0}'::nvec) AS e, tanh('{-Infinity}'::float8[]) AS f,
	   tanh('{-0,NULL,1e-300}'::nvec) AS g;

-- They fuse with their neighbours, and fused = unfused bit for bit, on
-- every path (fusekern.simd)
EXPLAIN (VERBOSE, COSTS OFF)
SELECT round(vmul(v, 100, 'null')) / 100 + sign(v) - trunc(v) + floor(v) - ceil(tanh(v)) FROM km_in;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT sin(v, 'null') * cos(v, 'null') + tan(v, 'null') - log1p(v, 'null') + expm1(v, 'null') FROM km_in;
CREATE TEMP TABLE km_fused AS
SELECT (round(vmul(v, 100, 'null')) / 100 + sign(v) - trunc(v) + floor(v) - ceil(tanh(v)))::text AS a,
	   (round(vmul(v::nvec, 100, 'null')) / 100 + sign(v::nvec) - trunc(v::nvec) + floor(v::nvec)
		- ceil(tanh(v::nvec)))::text AS n,
	   (round(nvec_compress(v::nvec)) * sign(nvec_compress(v::nvec)))::text AS c,
	   (sin(v, 'null') * cos(v, 'null') + tan(v, 'null') - log1p(v, 'null')
		+ expm1(v, 'null'))::text AS t,
	   (sin(nvec_compress(v::nvec), 'null') - log1p(nvec_compress(v::nvec), 'null'))::text AS tc
FROM km_in;
SET fusekern.enable_fusion = off;
SELECT f.a = (round(vmul(v, 100, 'null')) / 100 + sign(v) - trunc(v) + floor(v) - ceil(tanh(v)))::text AS same_a,
	   f.n = (round(vmul(v::nvec, 100, 'null')) / 100 + sign(v::nvec) - trunc(v::nvec) + floor(v::nvec)
			  - ceil(tanh(v::nvec)))::text AS same_n,
	   f.c = (round(nvec_compress(v::nvec)) * sign(nvec_compress(v::nvec)))::text AS same_c,
	   f.t = (sin(v, 'null') * cos(v, 'null') + tan(v, 'null') - log1p(v, 'null')
			  + expm1(v, 'null'))::text AS same_t,
	   f.tc = (sin(nvec_compress(v::nvec), 'null')
			   - log1p(nvec_compress(v::nvec), 'null'))::text AS same_tc
FROM km_fused f, km_in;
RESET fusekern.enable_fusion;
