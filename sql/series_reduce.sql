-- Reductions of one vector (vsum, vmean, vmin, vmax, vcount, vprod, vvar,
-- vstddev, vvar_pop, vstddev_pop, vdot) against core's aggregates over
-- unnest(v) WITH ORDINALITY and exact numeric sums: exact where the
-- reference is exact, within the bounds of docs/series.md otherwise
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- The exact value of a finite double, as numeric
CREATE FUNCTION pg_temp.exact(x float8) RETURNS numeric LANGUAGE sql IMMUTABLE STRICT AS $$
	SELECT CASE WHEN b < 0 THEN -1 ELSE 1 END * m *
		   CASE WHEN k >= 0 THEN 2::numeric ^ k
				ELSE 5::numeric ^ (-k) * ('1e' || k)::numeric END
	FROM (SELECT b, CASE WHEN e = 0 THEN f ELSE f + (1::int8 << 52) END AS m,
				 CASE WHEN e = 0 THEN 1 ELSE e END - 1075 AS k
		  FROM (SELECT b, (b >> 52) & 2047 AS e, b & ((1::int8 << 52) - 1) AS f
				FROM (SELECT ('x' || encode(float8send(x), 'hex'))::bit(64)::int8 AS b) s0) s1) s2
$$;

-- Same value, same bits (NULL equal to NULL)
CREATE FUNCTION pg_temp.same(p float8, q float8) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
	SELECT float8send(p) IS NOT DISTINCT FROM float8send(q)
$$;

-- The error a statement raises, or NULL
CREATE FUNCTION pg_temp.err(stmt text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE stmt;
	RETURN NULL;
EXCEPTION WHEN OTHERS THEN
	RETURN SQLSTATE || ' ' || SQLERRM;
END $$;

-- The product of the non-NULL elements, multiplied in index order
CREATE FUNCTION pg_temp.prod_loop(a float8[]) RETURNS float8 LANGUAGE plpgsql AS $$
DECLARE
	p float8;
	x float8;
BEGIN
	FOREACH x IN ARRAY a LOOP
		IF x IS NOT NULL THEN
			p := coalesce(p * x, x);
		END IF;
	END LOOP;
	RETURN p;
END $$;

-- Vectors of lengths 0, 1, 63, 64, 65 and 1000: values of wide magnitude
-- (2^-30 .. 2^30, either sign, so sums cancel), integers, values near one
-- (for products), each without NULLs, with NULLs around the word boundaries
-- (1-based 1, 63, 64, 65, 128, 129 and the last), all NULL, and 10% NULL
SELECT setseed(0.1212);
CREATE TEMP TABLE vecs AS
SELECT len, kind,
	   coalesce(array_agg(CASE WHEN NOT nul THEN w END ORDER BY i), '{}') AS a,
	   coalesce(array_agg(CASE WHEN NOT nul THEN n END ORDER BY i), '{}') AS ints,
	   coalesce(array_agg(CASE WHEN NOT nul THEN p END ORDER BY i), '{}') AS near1,
	   coalesce(array_agg(CASE WHEN random() > 0.2 THEN y END ORDER BY i), '{}') AS b
FROM (SELECT len, kind, i,
			 CASE kind WHEN 'dense' THEN false
					   WHEN 'bounds' THEN i IN (1, 63, 64, 65, 128, 129, len)
					   WHEN 'allnull' THEN true
					   ELSE random() < 0.1 END AS nul,
			 (random() - 0.5) * 2 ^ floor(random() * 61 - 30) AS w,
			 floor(random() * 2001 - 1000)::float8 AS n,
			 0.5 + random() AS p,
			 (random() - 0.5) * 2 ^ floor(random() * 21 - 10) AS y
	  FROM (VALUES (0), (1), (63), (64), (65), (1000)) AS l(len),
		   (VALUES ('dense'), ('bounds'), ('allnull'), ('random')) AS k(kind),
		   LATERAL generate_series(1, len) AS i) s
GROUP BY len, kind;
-- generate_series(1, 0) gives no row: the empty vectors
INSERT INTO vecs
SELECT 0, kind, '{}', '{}', '{}', '{}'
FROM (VALUES ('dense'), ('bounds'), ('allnull'), ('random')) AS k(kind);
SELECT count(*), count(DISTINCT len) FROM vecs;

-- References over unnest(v) WITH ORDINALITY
CREATE TEMP TABLE refs AS
SELECT v.*, r.*
FROM vecs v,
	 LATERAL (SELECT count(x) AS cnt, min(x) AS fmin, max(x) AS fmax,
					 sum(pg_temp.exact(x)) AS s, sum(abs(pg_temp.exact(x))) AS sa,
					 var_samp(pg_temp.exact(x)) AS nvar, var_pop(pg_temp.exact(x)) AS nvar_pop,
					 avg(pg_temp.exact(x)) AS nmean,
					 var_samp(x) AS fvar, var_pop(x) AS fvar_pop,
					 stddev_samp(x) AS fsd, stddev_pop(x) AS fsd_pop
			  FROM unnest(v.a) WITH ORDINALITY AS u(x, o)) r;

-- u = 2^-53; the bounds of docs/series.md
CREATE FUNCTION pg_temp.u() RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
	SELECT 1::numeric / 9007199254740992
$$;
-- |vsum - S| <= u|S| + 2 ((n + 8) u)^2 sum|x|
CREATE FUNCTION pg_temp.sum_ok(got float8, s numeric, sa numeric, n bigint) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN n = 0 THEN got IS NULL
				ELSE abs(pg_temp.exact(got) - s) <=
					 pg_temp.u() * abs(s) + 2 * ((n + 8) * pg_temp.u()) ^ 2 * sa END
$$;
-- |vmean - S/n| <= (2u|S| + 3 ((n + 8) u)^2 sum|x|) / n
CREATE FUNCTION pg_temp.mean_ok(got float8, s numeric, sa numeric, n bigint) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN n = 0 THEN got IS NULL
				ELSE abs(pg_temp.exact(got) - s / n) <=
					 (2 * pg_temp.u() * abs(s) + 3 * ((n + 8) * pg_temp.u()) ^ 2 * sa) / n END
$$;
-- relative error of a variance <= (2048 + 16 k) u (1 + sqrt(kappa)), k chunks,
-- kappa = mean^2 / variance (exactly 0 only when the reference is)
CREATE FUNCTION pg_temp.var_ok(got float8, ref numeric, mean numeric, n bigint) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN ref IS NULL THEN got IS NULL
				WHEN ref = 0 THEN got = 0
				ELSE abs(pg_temp.exact(got) - ref) <=
					 (2048 + 16 * ceil(n / 1024.0)) * pg_temp.u() *
					 (1 + sqrt(mean ^ 2 / ref)) * ref END
$$;

-- Exact against core: vcount, vmin and vmax (bits), vprod (the loop's bits),
-- sums and means of integers (exact: below 2^53)
SELECT kind, bool_and(vcount(a) = cnt) AS vcount,
	   bool_and(pg_temp.same(vmin(a), fmin)) AS vmin,
	   bool_and(pg_temp.same(vmax(a), fmax)) AS vmax,
	   bool_and(pg_temp.same(vprod(near1), pg_temp.prod_loop(near1))) AS vprod,
	   bool_and(pg_temp.same(vsum(ints), (SELECT sum(x) FROM unnest(ints) x))) AS vsum_ints,
	   bool_and(pg_temp.same(vmean(ints), (SELECT avg(x) FROM unnest(ints) x))) AS vmean_ints
FROM refs GROUP BY kind ORDER BY kind;

-- Within the stated bounds of exact numeric results
SELECT kind, bool_and(pg_temp.sum_ok(vsum(a), s, sa, cnt)) AS vsum,
	   bool_and(pg_temp.mean_ok(vmean(a), s, sa, cnt)) AS vmean,
	   bool_and(pg_temp.var_ok(vvar(a), nvar, nmean, cnt)) AS vvar,
	   bool_and(pg_temp.var_ok(vvar_pop(a), nvar_pop, nmean, cnt)) AS vvar_pop,
	   bool_and(pg_temp.var_ok(vstddev(a) ^ 2, nvar, nmean, cnt)) AS vstddev,
	   bool_and(pg_temp.var_ok(vstddev_pop(a) ^ 2, nvar_pop, nmean, cnt)) AS vstddev_pop
FROM refs GROUP BY kind ORDER BY kind;

-- Core's float8 variance agrees too (it is not exact: 1e-12 relative)
SELECT kind,
	   bool_and(CASE WHEN fvar IS NULL THEN vvar(a) IS NULL
					 ELSE abs(vvar(a) - fvar) <= 1e-12 * fvar END) AS var_samp,
	   bool_and(CASE WHEN fvar_pop IS NULL THEN vvar_pop(a) IS NULL
					 ELSE abs(vvar_pop(a) - fvar_pop) <= 1e-12 * fvar_pop END) AS var_pop,
	   bool_and(CASE WHEN fsd IS NULL THEN vstddev(a) IS NULL
					 ELSE abs(vstddev(a) - fsd) <= 1e-12 * fsd END) AS stddev_samp,
	   bool_and(CASE WHEN fsd_pop IS NULL THEN vstddev_pop(a) IS NULL
					 ELSE abs(vstddev_pop(a) - fsd_pop) <= 1e-12 * fsd_pop END) AS stddev_pop
FROM refs GROUP BY kind ORDER BY kind;

-- nvec gives the bits of float8[]
SELECT bool_and(pg_temp.same(vsum(a::nvec), vsum(a)) AND pg_temp.same(vmean(a::nvec), vmean(a))
				AND pg_temp.same(vmin(a::nvec), vmin(a)) AND pg_temp.same(vmax(a::nvec), vmax(a))
				AND vcount(a::nvec) = vcount(a)
				AND pg_temp.same(vprod(near1::nvec), vprod(near1))
				AND pg_temp.same(vvar(a::nvec), vvar(a))
				AND pg_temp.same(vstddev(a::nvec), vstddev(a))
				AND pg_temp.same(vvar_pop(a::nvec), vvar_pop(a))
				AND pg_temp.same(vstddev_pop(a::nvec), vstddev_pop(a))) AS nvec_same
FROM vecs;

-- vcount over an nvec reads the header alone: the same count compressed,
-- and stored out of line (a compressed value of 60,000 with every seventh
-- NULL: fetched no further than its header)
SELECT bool_and(vcount(nvec_compress(a::nvec)) = vcount(a)) AS compressed_same
FROM vecs;
CREATE TEMP TABLE vc_long (c nvec(compressed));
INSERT INTO vc_long
SELECT array_agg(CASE WHEN i % 7 <> 0 THEN round(sin(i)::numeric, 2)::float8 END ORDER BY i)::nvec
FROM generate_series(1, 60000) i;
SELECT vcount(c), null_count(c), length(c),
	   vcount(c) = (SELECT count(x) FROM unnest(c) x) AS same,
	   pg_column_size(c) > pg_relation_size('vc_long') AS out_of_line, nvec_encoding(c)
FROM vc_long;
DROP TABLE vc_long;

-- vdot: pairs where both are valid, |vdot - S| <= u|S| + 2u sum|x y|, every
-- combination of types giving the same bits
SELECT kind,
	   bool_and(CASE WHEN n = 0 THEN d IS NULL
					 ELSE abs(pg_temp.exact(d) - s) <= pg_temp.u() * (abs(s) + 2 * sa) END) AS vdot,
	   bool_and(pg_temp.same(vdot(a::nvec, b::nvec), d) AND pg_temp.same(vdot(a, b::nvec), d)
				AND pg_temp.same(vdot(a::nvec, b), d)) AS types_same
FROM (SELECT kind, a, b, vdot(a, b) AS d,
			 (SELECT count(x * y) FROM unnest(a, b) AS u(x, y)) AS n,
			 (SELECT sum(pg_temp.exact(x) * pg_temp.exact(y)) FROM unnest(a, b) AS u(x, y)) AS s,
			 (SELECT sum(abs(pg_temp.exact(x) * pg_temp.exact(y))) FROM unnest(a, b) AS u(x, y)) AS sa
	  FROM vecs) t
GROUP BY kind ORDER BY kind;

-- Cancellation: +-2^60 pairs around small values; the sum keeps the small ones
-- (core's sum, one rounding after another, loses 1 and 0.5)
SELECT vsum(a) AS vsum, vmean(a) AS vmean, (SELECT sum(x) FROM unnest(a) x) AS core_sum
FROM (SELECT ARRAY[2 ^ 60, 1, -(2 ^ 60), 0.5, 2 ^ 60, -(2 ^ 60), 0.25]::float8[] AS a) s;

-- Long vectors (several FK_BLOCK blocks; with NULLs, many blocks expanded
-- one at a time): integer sums and dot products exact, variance of values
-- far from zero (2^20 + k/128: kappa 2e13, exact as numeric) within the bound
SELECT vsum(a) = (SELECT sum(x) FROM unnest(a) x) AS long_sum_exact,
	   vdot(a, a) = (SELECT sum(x * x) FROM unnest(a) x) AS long_dot_exact,
	   vdot(a, a::nvec) = (SELECT sum(x * x) FROM unnest(a) x) AS long_dot_mixed,
	   pg_temp.same(vmin(a), (SELECT min(x) FROM unnest(a) x)) AS long_min,
	   pg_temp.var_ok(vvar(a), (SELECT var_samp(x::numeric) FROM unnest(a) x),
					  (SELECT avg(x::numeric) FROM unnest(a) x), 140000) AS long_var_nulls,
	   vcount(a) AS long_count,
	   pg_temp.var_ok(vvar(b), (SELECT var_samp(x::numeric) FROM unnest(b) x),
					  (SELECT avg(x::numeric) FROM unnest(b) x), 140000) AS long_var
FROM (SELECT array_agg(CASE WHEN i % 1000 = 7 THEN NULL ELSE (i % 977 - 400)::float8 END ORDER BY i) AS a,
			 array_agg(2 ^ 20 + (i % 101) / 128.0 ORDER BY i) AS b
	  FROM generate_series(1, 140000) i) s;

-- NaN, infinities and signed zeros as core's sum, avg, min, max, var_samp,
-- var_pop (NaN = NaN and -0 = 0 under float8 '=': the bits of zeros below)
SELECT a,
	   vsum(a), vmean(a), vmin(a), vmax(a), vcount(a), vprod(a), vvar(a), vvar_pop(a),
	   (SELECT vsum(a) IS NOT DISTINCT FROM sum(x) AND vmean(a) IS NOT DISTINCT FROM avg(x)
			   AND vmin(a) IS NOT DISTINCT FROM min(x) AND vmax(a) IS NOT DISTINCT FROM max(x)
			   AND vcount(a) = count(x) AND vvar(a) IS NOT DISTINCT FROM var_samp(x)
			   AND vvar_pop(a) IS NOT DISTINCT FROM var_pop(x)
			   AND vstddev(a) IS NOT DISTINCT FROM stddev_samp(x)
			   AND vstddev_pop(a) IS NOT DISTINCT FROM stddev_pop(x)
		FROM unnest(a) WITH ORDINALITY AS u(x, o)) AS as_core
FROM (VALUES ('{1,Infinity,2}'::float8[]), ('{1,-Infinity}'), ('{Infinity,-Infinity}'),
			 ('{1,NaN,NULL}'), ('{NaN,NaN}'), ('{Infinity}'), ('{-Infinity,NULL,-Infinity}'),
			 ('{NULL,NULL}'), ('{}'), ('{-0,-0}'), ('{0,-0}'), ('{-0,0}')) AS t(a);

-- Zeros: the bits core gives (the last of equal values for min and max;
-- -0 only for a sum of -0 alone)
SELECT a, pg_temp.same(vsum(a), c.s) AS vsum, pg_temp.same(vmean(a), c.m) AS vmean,
	   pg_temp.same(vmin(a), c.lo) AS vmin, pg_temp.same(vmax(a), c.hi) AS vmax,
	   float8send(vsum(a)) AS vsum_bits, float8send(vmin(a)) AS vmin_bits
FROM (VALUES ('{-0,-0}'::float8[]), ('{0,-0}'), ('{-0,0}'), ('{-0,NULL,-0}'),
			 ('{1,-1}'), ('{-1,1,-0}')) AS t(a),
	 LATERAL (SELECT sum(x) AS s, avg(x) AS m, min(x) AS lo, max(x) AS hi
			  FROM unnest(a) WITH ORDINALITY AS u(x, o)) c;

-- Overflow of finite values: core's error (sum, avg, var); product: IEEE
SELECT pg_temp.err('SELECT vsum(''{1e308,1e308}''::float8[])') AS vsum,
	   pg_temp.err('SELECT sum(x) FROM unnest(''{1e308,1e308}''::float8[]) x') AS core_sum,
	   pg_temp.err('SELECT vmean(''{1e308,1e308}''::nvec)') AS vmean,
	   pg_temp.err('SELECT vvar(''{1e200,-1e200}''::float8[])') AS vvar,
	   pg_temp.err('SELECT var_samp(x) FROM unnest(''{1e200,-1e200}''::float8[]) x') AS core_var,
	   pg_temp.err('SELECT vdot(''{1e200}''::float8[], ''{1e200}''::float8[])') AS vdot;
SELECT vprod('{1e200,1e200,NULL,-1}'::float8[]) AS vprod_overflow,
	   vprod('{1e-200,1e-200}'::float8[]) AS vprod_underflow;
-- ... whatever infinity the vector also holds (core's sum raises it when
-- the overflow comes first, as here; a product of finite factors always)
SELECT pg_temp.err('SELECT vsum(''{1e308,1e308,Infinity}''::float8[])') AS vsum,
	   pg_temp.err('SELECT sum(x) FROM unnest(''{1e308,1e308,Infinity}''::float8[]) x') AS core_sum,
	   pg_temp.err('SELECT vmean(''{-Infinity,1e308,1e308}''::nvec)') AS vmean_inf_first,
	   pg_temp.err('SELECT vdot(''{1e200,Infinity}''::float8[], ''{1e200,1}''::float8[])') AS vdot,
	   pg_temp.err('SELECT sum(x * y) FROM unnest(''{1e200,Infinity}''::float8[], ''{1e200,1}''::float8[]) u(x, y)') AS core_dot;

-- Finite values that overflow in one lane (element i goes to lane i % 8),
-- or where the lanes are combined, but not in total: the total, as core's
-- sum (the mean: core's sum over the count; core's avg overflows on such
-- values, in its sum of squares), on every block split
SELECT a, vsum(a), c.s AS core_sum, pg_temp.same(vsum(a), c.s) AS same_sum,
	   pg_temp.same(vmean(a), c.s / c.n) AS same_mean,
	   pg_temp.same(vdot(a, array_fill(1::float8, ARRAY[cardinality(a)])), c.s) AS same_dot,
	   pg_temp.same(vsum(a::nvec), c.s) AS same_nvec
FROM (VALUES ('{1e308,-1e308,0,0,0,0,0,0,1e308}'::float8[]),
			 ('{1e308,-1e308,-1e308,0,0,0,0,0,0,1e308,0,0,0,0,0,0,0,1e308}'),
			 ('{1e308,NULL,-1e308,0,NULL,0,0,0,1e308,-1e308,1e308,NULL,0,0,0,0,0,-1e308,0.5}')) AS t(a),
	 LATERAL (SELECT sum(x) AS s, count(x) AS n FROM unnest(a) AS x) c;
-- lanes 0 and 1 overflow (+-1e308 at i % 16 in (0, 8) and (1, 9)) over
-- 200,001 elements: the SQL function (blocks of 65,536) and a fused pass
-- (blocks of 1,024) give core's sum
CREATE TEMP TABLE lane_ovf AS
SELECT array_agg(CASE WHEN i % 16 IN (0, 8) THEN 1e308 WHEN i % 16 IN (1, 9) THEN -1e308
					  ELSE 1 END ORDER BY i)::float8[] AS a
FROM generate_series(0, 200000) AS i;
SELECT pg_temp.same(vsum(a), (SELECT sum(x) FROM unnest(a) AS x)) AS same_sum,
	   pg_temp.same(vsum(a * 1), vsum(a)) AS fused_same,
	   vsum(a) AS vsum
FROM lane_ovf;

-- Counts: NaN counts, NULL does not; bigint; empty 0
SELECT vcount('{NaN,NULL,1}'::float8[]), vcount('{}'::nvec), vcount('{NULL}'::float8[]),
	   pg_typeof(vcount('{1}'::float8[]));

-- Errors: vectors of different lengths, two dimensions
SELECT pg_temp.err('SELECT vdot(''{1,2}''::float8[], ''{1}''::nvec)') AS lengths,
	   pg_temp.err('SELECT vsum(''{{1,2},{3,4}}''::float8[])') AS dims;

-- PL/pgSQL array variables (expanded arrays, with and without NULLs)
CREATE FUNCTION pg_temp.expanded_sums() RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	a float8[] := '{1,2,3}';
	b float8[] := '{1,2,3}';
BEGIN
	a[4] := NULL;
	a[5] := 10;
	b[4] := 4;
	RETURN format('%s %s %s %s | %s %s %s', vsum(a), vcount(a), vmean(a), vdot(a, a),
				  vsum(b), vmax(b), vvar_pop(b));
END $$;
SELECT pg_temp.expanded_sums();

-- STRICT: a NULL vector gives NULL
SELECT vsum(NULL::float8[]), vcount(NULL::nvec), vdot(NULL::float8[], '{1}'::float8[]);

-- An untyped literal (or a bare NULL) matches the float8[] and the nvec
-- forms alike, and PostgreSQL cannot choose (42725: float8[] is of the
-- array category, nvec of the user-defined one, neither preferred); the
-- type written chooses, as docs/series.md says.  Beside a typed vector a
-- literal takes its type (vdot(ln(x), '{1,2}') is vdot of two float8[],
-- and fuses); nvec is not the preferred type of the array category, which
-- would resolve the first calls, to the nvec forms, but send this one to
-- the unfused vdot(float8[], nvec).
SELECT vmean('{1,2,3}');  \echo :SQLSTATE
SELECT rolling_mean('{1,2,3}', 2);  \echo :SQLSTATE
SELECT vmean(NULL);  \echo :SQLSTATE
SELECT vmean('{1,2,3}'::float8[]) AS mean_f8, vmean('{1,2,3}'::nvec) AS mean_nvec,
	   rolling_mean('{1,2,3}'::float8[], 2) AS rolling, vmean(ARRAY[1, 2, 3]) AS mean_int_array,
	   vmean(NULL::nvec) IS NULL AS null_nvec,
	   pg_typeof('{1,2}'::nvec + '{3,4}') AS plus_literal;
CREATE TABLE sr_lit (x float8[]);
EXPLAIN (VERBOSE, COSTS OFF) SELECT vdot(ln(x), '{1,2}') FROM sr_lit;
DROP TABLE sr_lit;
SELECT t.typname, t.typcategory, t.typispreferred FROM pg_type t
WHERE t.oid IN ('float8[]'::regtype, 'nvec'::regtype) ORDER BY t.typname;

-- Every fusekern.simd path this CPU has gives the same bytes
CREATE FUNCTION pg_temp.bytes_under(p text) RETURNS bytea LANGUAGE plpgsql AS $$
DECLARE
	r bytea;
BEGIN
	PERFORM set_config('fusekern.simd', p, false);
	SELECT string_agg(float8send(coalesce(vsum(a), 0)) || float8send(coalesce(vmean(a), 0))
					  || float8send(coalesce(vvar(a), 0)) || float8send(coalesce(vmax(a), 0))
					  || float8send(coalesce(vdot(a, b), 0)), ''::bytea ORDER BY len, kind)
	INTO r FROM vecs;
	PERFORM set_config('fusekern.simd', 'auto', false);
	RETURN r;
EXCEPTION WHEN feature_not_supported THEN
	RETURN NULL;				-- a path this CPU lacks (0A000, as SET says)
END $$;
SELECT count(DISTINCT b) AS distinct_results
FROM unnest('{scalar,avx2,avx512,auto}'::text[]) AS p, LATERAL pg_temp.bytes_under(p) AS b
WHERE b IS NOT NULL;

-- The labels
SELECT proname, count(*) AS overloads, bool_and(provolatile = 'i') AS immutable,
	   bool_and(proisstrict) AS strict, bool_and(proparallel = 's') AS parallel_safe,
	   bool_and(obj_description(oid, 'pg_proc') IS NOT NULL) AS commented
FROM pg_proc
WHERE proname IN ('vsum', 'vmean', 'vmin', 'vmax', 'vcount', 'vprod', 'vvar', 'vstddev',
				  'vvar_pop', 'vstddev_pop', 'vdot')
GROUP BY proname ORDER BY proname;
