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

-- Elementwise math of two operands: power against core's, element by
-- element, over every pair of specials (NaN, +-Infinity, +-0, subnormals,
-- negative bases with integer and non-integer exponents, huge and tiny
-- values) and random values, NULL runs across the bitmap's 64-bit words and
-- the 1,024-value blocks of compressed values; float8[], nvec and
-- nvec(compressed), one of each, fused and unfused

-- How many doubles apart two values of the same sign are (NULL otherwise)
CREATE FUNCTION pg_temp.apart(r float8, c float8) RETURNS int8 LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN pg_temp.same(r, c) THEN 0
				WHEN sign(r) = sign(c) AND r <> 0 AND r NOT IN ('Infinity', '-Infinity')
					 AND c NOT IN ('Infinity', '-Infinity')
				THEN abs(('x' || encode(float8send(r), 'hex'))::bit(64)::int8
						 - ('x' || encode(float8send(c), 'hex'))::bit(64)::int8) END
$$;

-- Core's power(x, y), or NULL where core raises an error
CREATE FUNCTION pg_temp.core_pow(x float8, y float8) RETURNS float8 LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
	RETURN power(x, y);
EXCEPTION WHEN OTHERS THEN
	RETURN NULL;
END $$;

-- What a statement returns as text, or the SQLSTATE and message of its error
CREATE FUNCTION pg_temp.outcome(stmt text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	r text;
BEGIN
	EXECUTE stmt INTO r;
	RETURN r;
EXCEPTION WHEN OTHERS THEN
	RETURN SQLSTATE || ' ' || SQLERRM;
END $$;

-- The specials, and two vectors of 2,600 elements: v and w run over every
-- pair of specials (44 x 44 = 1,936 pairs), then random values; NULL runs
-- in v over the elements 60..70, 1020..1030, 2040..2050 and in w over
-- 1025..1040, 2000..2010 (0-based 64, 1024 and 2048 inside them)
CREATE TABLE km2_sp AS
SELECT ('{NaN,Infinity,-Infinity,0,-0,4.9e-324,-4.9e-324,2.2250738585072014e-308,'
		'-1e-310,0.5,-0.5,1.5,-1.5,2.5,-2.5,1,-1,2,-2,3,-3,10,-10,0.1,-0.1,'
		'1.0000000000000002,0.9999999999999999,1e300,-1e300,1e-300,-1e-300,'
		'1.7976931348623157e308,1024,-1075,1e16,-1e16,9007199254740993,'
		'-9007199254740991,123.456,-7,0.25,-0.75,1e-20,-1e20}'::float8[]) AS s;
SELECT setseed(0.39);
CREATE TABLE km2_in AS
SELECT array_agg(CASE WHEN g BETWEEN 60 AND 70 OR g BETWEEN 1020 AND 1030
						   OR g BETWEEN 2040 AND 2050 THEN NULL
					  WHEN g <= 1936 THEN s[(g - 1) / 44 + 1] ELSE x END ORDER BY g) AS v,
	   array_agg(CASE WHEN g BETWEEN 1025 AND 1040 OR g BETWEEN 2000 AND 2010 THEN NULL
					  WHEN g <= 1936 THEN s[(g - 1) % 44 + 1] ELSE y END ORDER BY g) AS w
FROM km2_sp,
	 LATERAL (SELECT g, round(((random() - 0.5) * 200)::numeric, 2)::float8 AS x,
					 CASE WHEN g % 3 = 0 THEN round((random() - 0.5) * 20)
						  ELSE round(((random() - 0.5) * 10)::numeric, 3)::float8 END AS y
			  FROM generate_series(1, 2600) g) r;
SELECT array_length(v, 1) AS length, nvec_encoding(nvec_compress(v::nvec)) AS v_compressed,
	   nvec_encoding(nvec_compress(w::nvec)) AS w_compressed
FROM km2_in;

-- For call (%1$s: v, %2$s: w, as float8[], nvec and nvec(compressed), and
-- one of each): the most doubles apart from core's (ref, an expression of
-- the elements x, y) an element's result is (0: every one bit for bit
-- core's), and the count of those neither the same nor of one sign and
-- finite (how many are not the same varies with the path: the paths
-- without FMA round the last bit differently, docs/kernels.md)
CREATE FUNCTION pg_temp.vs_ref2(call text, ref text)
RETURNS TABLE (form text, max_apart int8, not_near bigint) LANGUAGE plpgsql AS $$
DECLARE
	f text[];
BEGIN
	FOREACH f SLICE 1 IN ARRAY ARRAY[['v', 'w'], ['v::nvec', 'w::nvec'],
									 ['nvec_compress(v::nvec)', 'nvec_compress(w::nvec)'],
									 ['v', 'w::nvec']] LOOP
		form := f[1] || ', ' || f[2];
		EXECUTE format('SELECT max(pg_temp.apart(r, c)), '
					   'count(*) FILTER (WHERE NOT pg_temp.same(r, c) AND pg_temp.apart(r, c) IS NULL) '
					   'FROM km2_in, unnest((%s)::float8[], v, w) AS u(r, x, y), '
					   'LATERAL (SELECT %s AS c) s',
					   format(call, f[1], f[2]), ref)
			INTO max_apart, not_near;
		RETURN NEXT;
	END LOOP;
END $$;

-- power: special cases bit for bit core's (NULL where core raises an error,
-- with on_error 'null'); ordinary values at most 2 doubles apart from
-- core's (SLEEF's pow and the C library's are each within 1 ULP; next to
-- the overflow, kern_math.h's rescaling adds a rounding): not_near counts
-- the elements neither the same nor of one sign and finite
SELECT (pg_temp.vs_ref2('power(%s, %s, ''null'')', 'pg_temp.core_pow(x, y)')).*;
SELECT (pg_temp.vs_ref2('power(%s, 3, ''null'')', 'pg_temp.core_pow(x, 3)')).*
LIMIT 3;
SELECT (pg_temp.vs_ref2('power(%s, -0.5, ''null'')', 'pg_temp.core_pow(x, -0.5)')).*
LIMIT 3;
-- where the two differ on a pair with a special operand: x ^ -1, 1 double
-- apart (core's is 1 / x rounded once)
SELECT x, y, pg_temp.core_pow(x, y) AS core, (power(ARRAY[x], ARRAY[y], 'null'))[1] AS fusekern
FROM km2_sp, unnest(s) x, unnest(s) y
WHERE NOT pg_temp.same(pg_temp.core_pow(x, y), (power(ARRAY[x], ARRAY[y], 'null'))[1])
  AND (x IN ('NaN', 'Infinity', '-Infinity', 0, 1, -1) OR y IN ('NaN', 'Infinity', '-Infinity', 0, 1, -1))
ORDER BY 1, 2;

-- Errors: for every pair of specials, the error of power over a vector of
-- that pair is core's (SQLSTATE and message), the values otherwise the same
-- or at most 2 doubles apart (max_apart)
SELECT count(*) AS pairs,
	   count(*) FILTER (WHERE c LIKE '2%') AS core_errors,
	   count(*) FILTER (WHERE (c LIKE '2%' OR f LIKE '2%' OR n LIKE '2%') AND (c <> f OR c <> n)) AS errors_differ,
	   max(CASE WHEN c NOT LIKE '2%' AND f NOT LIKE '2%' AND n NOT LIKE '2%'
				THEN greatest(pg_temp.apart(c::float8, f::float8), pg_temp.apart(c::float8, n::float8)) END) AS max_apart
FROM km2_sp, unnest(s) x, unnest(s) y,
	 LATERAL (SELECT pg_temp.outcome(format('SELECT power(%L::float8, %L::float8)::text', x, y)) AS c,
					 pg_temp.outcome(format('SELECT (power(ARRAY[%L::float8], ARRAY[%L::float8]))[1]::text', x, y)) AS f,
					 pg_temp.outcome(format('SELECT (power(ARRAY[1, %L::float8]::nvec, %L::float8))[2]::text', x, y)) AS n) o;
SELECT power('{2,-8,0}'::float8[], '{0.5,0.5,1}'::float8[]);
SELECT power('{2,0}'::nvec, '{1,-1}'::nvec);
SELECT power('{2,10}'::float8[], 400);
SELECT power('{2,10}'::float8[], -400);
SELECT power('{-8,NULL,0,2,1,NaN}'::nvec, '{0.5,1,-1,1e10,NaN,0}'::float8[], 'null') AS power_null;
SELECT power('{1,-0,-0,-Infinity,-Infinity,-1}'::float8[], '{NaN,3,2,3,-3,-Infinity}'::float8[]) AS special;

-- power fuses with its neighbours, and fused = unfused bit for bit
EXPLAIN (VERBOSE, COSTS OFF)
SELECT power(v, w, 'null') * 2 + power(v, 3, 'null') FROM km2_in;
CREATE TEMP TABLE km2_fused AS
SELECT (power(v, w, 'null') * 2 + power(v, 3, 'null'))::text AS a,
	   (power(v::nvec, w::nvec, 'null') - power(v::nvec, 0.5, 'null'))::text AS n,
	   (power(nvec_compress(v::nvec), nvec_compress(w::nvec), 'null') + 1)::text AS c
FROM km2_in;
SET fusekern.enable_fusion = off;
SELECT f.a = (power(v, w, 'null') * 2 + power(v, 3, 'null'))::text AS same_a,
	   f.n = (power(v::nvec, w::nvec, 'null') - power(v::nvec, 0.5, 'null'))::text AS same_n,
	   f.c = (power(nvec_compress(v::nvec), nvec_compress(w::nvec), 'null') + 1)::text AS same_c
FROM km2_fused f, km2_in;
RESET fusekern.enable_fusion;

-- atan2 (core's never raises an error): special cases bit for bit core's
-- (the signed zeros: atan2(+-0, -0) = +-pi, atan2(+-0, +0) = +-0; the
-- infinities; NaN), other values at most 1 double apart (SLEEF's atan2 and
-- the C library's are each within 1 ULP)
SELECT (pg_temp.vs_ref2('atan2(%s, %s)', 'atan2(x, y)')).*;
SELECT (pg_temp.vs_ref2('atan2(%s, -0.0::float8)', 'atan2(x, ''-0''::float8)')).*
LIMIT 3;
SELECT count(*) AS pairs,
	   max(pg_temp.apart(atan2(x, y), (atan2(ARRAY[x], ARRAY[y]))[1])) AS max_apart,
	   count(*) FILTER (WHERE pg_temp.apart(atan2(x, y), (atan2(ARRAY[x], ARRAY[y]))[1]) IS NULL) AS not_near,
	   count(*) FILTER (WHERE (x IN ('NaN', 'Infinity', '-Infinity', 0) OR y IN ('NaN', 'Infinity', '-Infinity', 0))
						AND NOT pg_temp.same(atan2(x, y), (atan2(ARRAY[x]::nvec, y))[1])) AS specials_not_same
FROM km2_sp, unnest(s) x, unnest(s) y;
SELECT atan2('{0,-0,0,-0,1,-1,Infinity,-Infinity,NaN,NULL}'::float8[],
			 '{-0,-0,0,0,-Infinity,-Infinity,Infinity,-Infinity,1,1}'::float8[]) AS atan2;
SELECT atan2('{1,-1,0,NULL}'::nvec, 0) AS atan2_s;

-- atan2 fuses with its neighbours, and fused = unfused bit for bit
EXPLAIN (VERBOSE, COSTS OFF)
SELECT atan2(v, w) * 2 + atan2(v, 3) FROM km2_in;
CREATE TEMP TABLE km2_fused_atan2 AS
SELECT (atan2(v, w) * 2 + atan2(v, 3))::text AS a,
	   (atan2(v::nvec, w::nvec) - atan2(v::nvec, -0.5))::text AS n,
	   (atan2(nvec_compress(v::nvec), nvec_compress(w::nvec)) + 1)::text AS c
FROM km2_in;
SET fusekern.enable_fusion = off;
SELECT f.a = (atan2(v, w) * 2 + atan2(v, 3))::text AS same_a,
	   f.n = (atan2(v::nvec, w::nvec) - atan2(v::nvec, -0.5))::text AS same_n,
	   f.c = (atan2(nvec_compress(v::nvec), nvec_compress(w::nvec)) + 1)::text AS same_c
FROM km2_fused_atan2 f, km2_in;
RESET fusekern.enable_fusion;

-- log2 (core has none) against log(2, x) in numeric from x's exact value,
-- rounded once to a double: at most 1 double apart (SLEEF's deterministic
-- log2 is within 1 ULP of the exact value), exact at powers of 2; 0 and
-- negative numbers raise ln's 2201E errors, or give NULL with on_error
CREATE FUNCTION pg_temp.within1(r float8, c float8) RETURNS bool LANGUAGE sql IMMUTABLE AS $$
	SELECT pg_temp.same(r, c) OR pg_temp.apart(r, c) <= 1
$$;
SELECT 'log2' AS f, (pg_temp.vs_ref('log2(%s, ''null'')',
	'CASE WHEN x > 0 THEN CASE WHEN x IN (''Infinity'', ''NaN'') THEN x
							   ELSE log(2, pg_temp.exact(x))::float8 END
		  WHEN x = ''NaN'' THEN x END', 'within1')).*;
SELECT log2('{1,2,1024,0.5,4.9e-324,1.7976931348623157e308,Infinity,NaN,NULL}'::float8[]) AS log2;
SELECT log2('{1,0}'::float8[]);
SELECT log2('{1,NULL,-2}'::nvec);
SELECT log2('{8,0,-1,-0,NULL}'::nvec, 'null') AS log2_null;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT log2(v, 'null') * 2 + power(v, 2, 'null') FROM km_in;
CREATE TEMP TABLE km_fused_log2 AS
SELECT (log2(v, 'null') * 2 + power(v, 2, 'null'))::text AS a,
	   (log2(nvec_compress(v::nvec), 'null') - 1)::text AS c
FROM km_in;
SET fusekern.enable_fusion = off;
SELECT f.a = (log2(v, 'null') * 2 + power(v, 2, 'null'))::text AS same_a,
	   f.c = (log2(nvec_compress(v::nvec), 'null') - 1)::text AS same_c
FROM km_fused_log2 f, km_in;
RESET fusekern.enable_fusion;

-- round(v, digits): core's round(x::numeric, digits)::float8 on every
-- element, bit for bit: the edge data, and halves at many scales (k + 0.5
-- times 10^-d, both signs, as typed and as their neighbouring doubles),
-- for digits from -310 to 400; NaN and +-Infinity stay, -0 becomes 0.
-- +-DBL_MAX are left out: as numeric they have 15 digits, 1.79769313486232e308,
-- past the double range, so core's expression raises an error for them
-- whatever digits is, and round(v, digits) the same error (below)
CREATE FUNCTION pg_temp.core_round(x float8, d int) RETURNS float8 LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
	RETURN round(x::numeric, d)::float8;
EXCEPTION WHEN OTHERS THEN
	RETURN NULL;
END $$;
CREATE TABLE km_halves AS
SELECT array_agg(x ORDER BY g, s, w) AS v
FROM (SELECT g, s, w, (s * (g % 1000 + 0.5) * 10::numeric ^ (-(g % 23) + 4))::float8 AS h
	  FROM generate_series(1, 1500) g, unnest('{1,-1}'::int[]) s, unnest('{-1,0,1}'::int[]) w) q,
	 LATERAL (SELECT CASE w WHEN 0 THEN h
					 ELSE ('x' || lpad(to_hex(('x' || encode(float8send(h), 'hex'))::bit(64)::int8 + w), 16, '0'))::bit(64)::int8::text::float8 END AS x) r;
SELECT count(*) AS elements, count(*) FILTER (WHERE NOT pg_temp.same(r, pg_temp.core_round(x, d))) AS not_same
FROM (SELECT (SELECT array_agg(e ORDER BY o) FROM unnest(v) WITH ORDINALITY u(e, o)
			WHERE e IS NULL OR NOT abs(e) BETWEEN 1.79769313486231e308 AND 1.7976931348623157e308) AS v
	  FROM km_in UNION ALL SELECT v FROM km_halves) t,
	 unnest('{-310,-5,-2,-1,0,1,2,3,4,5,8,10,14,15,16,20,300,400}'::int[]) d,
	 LATERAL (SELECT round(t.v, d) AS a, round(t.v::nvec, d)::float8[] AS n,
					 round(nvec_compress(t.v::nvec), d)::float8[] AS c) o,
	 unnest(o.a || o.n || o.c, t.v || t.v || t.v) AS u(r, x)
WHERE x IS NOT NULL;
SELECT round('{2.675,-2.675,0.125,1.005,-0,NaN,Infinity,-Infinity,NULL,1e300,123.456,0.5,-0.5,1.5}'::float8[], 2) AS round2,
	   round('{1234.5,-1250,15,NULL}'::nvec, -1) AS round_m1,
	   round('{0.30000000000000004,1e-320}'::float8[], 16) AS round16;
SELECT round('{1.7976931348623157e308}'::float8[], 2);
SELECT round('1.7976931348623157e308'::float8::numeric, 2)::float8;

-- vgreatest and vleast (greatest and least are keywords of SQL's grammar,
-- which no function can take as its name): core's greatest(x, y) and
-- least(x, y) of each pair of elements, bit for bit: a NULL element is
-- ignored (NULL when both are), NaN is above every number, and on a tie
-- (-0 and 0) the first argument is kept, as core keeps it; every pair of
-- specials and NULL, then the edge vectors with their NULL runs
SELECT count(*) AS pairs,
	   count(*) FILTER (WHERE NOT pg_temp.same(greatest(x, y), (vgreatest(ARRAY[x], ARRAY[y]))[1])) AS greatest_differ,
	   count(*) FILTER (WHERE NOT pg_temp.same(least(x, y), (vleast(ARRAY[x]::nvec, ARRAY[y]::nvec))[1])) AS least_differ,
	   count(*) FILTER (WHERE y IS NOT NULL
							AND (NOT pg_temp.same(greatest(x, y), (vgreatest(ARRAY[x]::nvec, y))[1])
								 OR NOT pg_temp.same(least(x, y), (vleast(ARRAY[x], y))[1]))) AS scalar_differ
FROM km2_sp, unnest(s || '{NULL}'::float8[]) x, unnest(s || '{NULL}'::float8[]) y;
SELECT (pg_temp.vs_ref2('vgreatest(%s, %s)', 'greatest(x, y)')).*;
SELECT (pg_temp.vs_ref2('vleast(%s, %s)', 'least(x, y)')).*;
SELECT (pg_temp.vs_ref2('vleast(%s, -0.0::float8)', 'least(x, ''-0''::float8)')).*
LIMIT 3;
SELECT vgreatest('{1,NULL,NULL,-0,0,NaN,NaN}'::float8[], '{NULL,2,NULL,0,-0,1,NULL}'::float8[]) AS vgreatest,
	   vleast('{1,NULL,NULL,-0,0,NaN,NaN}'::nvec, '{NULL,2,NULL,0,-0,1,NULL}'::nvec) AS vleast,
	   vgreatest('{1,NULL,NaN,7}'::float8[], 5) AS vgreatest_s,
	   vleast('{1,NULL,NaN,7}'::float8[], '{5,5,5,NULL}'::nvec) AS vleast_mixed;
-- STRICT: a NULL vector or float8 argument gives NULL
SELECT vgreatest('{1}'::float8[], NULL::float8) AS null_scalar;
-- not fused (the fused evaluator's one validity rule is "every operand
-- present"): an argument of a fused call, computed on its own
EXPLAIN (VERBOSE, COSTS OFF)
SELECT vgreatest(v, w) + vleast(v, 0) * 2 FROM km2_in;
