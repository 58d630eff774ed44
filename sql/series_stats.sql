-- Statistics of a vector: vargmin, vargmax, vcov, vcov_pop, vcorr, vmedian,
-- vquantile over float8[] and nvec, checked against core's aggregates over
-- unnest() (min/max positions, covar_samp, covar_pop, corr,
-- percentile_cont) and against values computed by hand.
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- Vectors with NULLs, NaN, infinities, -0, subnormals, duplicates and long
-- runs across the 65,536-element blocks of the glue
CREATE TABLE st_vec (id int, x float8[], y float8[]);
INSERT INTO st_vec
SELECT 1, '{3,1,NULL,1,2}'::float8[], '{1,5,2,NULL,4}'::float8[] UNION ALL
SELECT 2, '{NaN,1,NaN,-Infinity,Infinity}', '{1,2,3,4,5}' UNION ALL
SELECT 3, '{0,-0,0,4.9e-324,-4.9e-324}', '{-0,0,1e-310,2,3}' UNION ALL
SELECT 4, '{NULL,NULL}', '{1,2}' UNION ALL
SELECT 5, '{}', '{}' UNION ALL
SELECT 6, '{7}', '{8}' UNION ALL
SELECT 7, '{2,2,2,2}', '{1,2,3,4}' UNION ALL
SELECT 8, '{1e308,-1e308,1e308,-1e308}', '{1,2,3,4}' UNION ALL
SELECT 9, '{NaN,NaN,NULL}', '{1,NaN,2}' UNION ALL
SELECT 10 + k, array_agg(CASE WHEN i % 7 = 3 THEN NULL
						ELSE round((sin(i * k) * 1000)::numeric, 1)::float8 END ORDER BY i),
	array_agg(CASE WHEN i % 11 = 5 THEN NULL
			  ELSE cos(i * 0.37 + k) * 1e3 + i END ORDER BY i)
FROM generate_series(1, 3) k, generate_series(1, 200003) i GROUP BY k;

-- The positions core finds: the first element that min/max of float8 (NaN
-- above every number) returns
CREATE FUNCTION st_ref_arg(v float8[], is_max bool) RETURNS int
LANGUAGE sql IMMUTABLE AS $$
	SELECT min(i)::int FROM unnest(v) WITH ORDINALITY u(e, i)
	WHERE e IS NOT NULL AND e = CASE WHEN is_max THEN (SELECT max(e) FROM unnest(v) e)
									 ELSE (SELECT min(e) FROM unnest(v) e) END
$$;

SELECT id,
	vargmin(x) IS NOT DISTINCT FROM st_ref_arg(x, false) AS min_ok,
	vargmax(x) IS NOT DISTINCT FROM st_ref_arg(x, true) AS max_ok,
	vargmin(x::nvec) IS NOT DISTINCT FROM vargmin(x) AS min_nvec,
	vargmax(x::nvec) IS NOT DISTINCT FROM vargmax(x) AS max_nvec
FROM st_vec ORDER BY id;

-- By hand: the first of equal extremes, NULLs skipped; NaN is the maximum
-- and the minimum only when all are NaN; -0 equals 0; none: NULL
SELECT vargmin('{3,1,NULL,1,2}'::float8[]) AS min_first,
	vargmax('{3,1,NULL,3,2}'::float8[]) AS max_first,
	vargmax('{1,NaN,5,NaN}'::float8[]) AS max_nan,
	vargmin('{NaN,1,NaN}'::float8[]) AS min_num,
	vargmin('{NULL,NaN,NaN}'::float8[]) AS min_all_nan,
	vargmin('{0,-0}'::float8[]) AS min_zero,
	vargmax('{-Infinity,Infinity,Infinity}'::float8[]) AS max_inf,
	vargmin('{NULL,NULL}'::float8[]) AS none,
	vargmax('{}'::float8[]::nvec) AS empty;

-- Covariance and correlation: bit for bit core's over unnest(x, y), which
-- skips a row where either is NULL as the pairs here are skipped
SELECT v.id,
	float8send(vcov(x, y)) IS NOT DISTINCT FROM float8send(r.cs) AS cov_ok,
	float8send(vcov_pop(x, y)) IS NOT DISTINCT FROM float8send(r.cp) AS cov_pop_ok,
	float8send(vcorr(x, y)) IS NOT DISTINCT FROM float8send(r.co) AS corr_ok,
	float8send(vcov(x::nvec, y::nvec)) IS NOT DISTINCT FROM float8send(r.cs)
	AND float8send(vcov_pop(x::nvec, y::nvec)) IS NOT DISTINCT FROM float8send(r.cp)
	AND float8send(vcorr(x::nvec, y::nvec)) IS NOT DISTINCT FROM float8send(r.co) AS nvec_ok,
	vcov(x, y) IS NULL AS cov_null, vcorr(x, y) IS NULL AS corr_null
FROM st_vec v, LATERAL (SELECT covar_samp(b, a) cs, covar_pop(b, a) cp, corr(b, a) co
						FROM unnest(v.x, v.y) u(a, b)) r
WHERE v.id <> 8
ORDER BY v.id;

-- One vector of each type, in either order, as vdot takes them: the bits
-- of the forms over one type
SELECT count(*) AS pairs,
	count(*) FILTER (WHERE float8send(vcov(x, y::nvec)) IS DISTINCT FROM float8send(vcov(x, y))
					 OR float8send(vcov(x::nvec, y)) IS DISTINCT FROM float8send(vcov(x, y))) AS cov_differ,
	count(*) FILTER (WHERE float8send(vcov_pop(x, y::nvec)) IS DISTINCT FROM float8send(vcov_pop(x, y))
					 OR float8send(vcov_pop(x::nvec, y)) IS DISTINCT FROM float8send(vcov_pop(x, y))) AS cov_pop_differ,
	count(*) FILTER (WHERE float8send(vcorr(x, y::nvec)) IS DISTINCT FROM float8send(vcorr(x, y))
					 OR float8send(vcorr(x::nvec, y)) IS DISTINCT FROM float8send(vcorr(x, y))) AS corr_differ
FROM st_vec WHERE id <> 8;
SELECT vcov('{1,2,3,4}'::float8[], '{2,4,7,NULL}'::nvec) AS cov,
	vcov_pop('{2,4,7,NULL}'::nvec, '{1,2,3,4}'::float8[]) AS cov_pop,
	round(vcorr('{1,2,3,4}'::nvec, '{2,4,7,NULL}'::float8[])::numeric, 12) AS corr_0_993399267799,
	vcorr(NULL::float8[], '{1}'::nvec) IS NULL AS null_arg;
SELECT vcorr('{1,2}'::float8[], '{1}'::nvec);  \echo :SQLSTATE
SELECT vcov('{1e308,-1e308}'::nvec, '{1e308,-1e308}'::float8[]);  \echo :SQLSTATE

-- By hand: x = 1, 2, 3 (4 is paired with a NULL), y = 2, 4, 7: means 2 and
-- 13/3, sum of products of deviations 5, of squares 2 and 38/3
SELECT vcov('{1,2,3,4}'::float8[], '{2,4,7,NULL}') AS cov,
	vcov_pop('{1,2,3,4}'::float8[], '{2,4,7,NULL}') AS cov_pop,
	round(vcorr('{1,2,3,4}'::float8[], '{2,4,7,NULL}')::numeric, 12) AS corr_0_993399267799,
	vcorr('{1,2,3}'::float8[], '{-1,-2,-3}') AS minus_one;

-- Fewer than two pairs, a constant: NULL as core's; one pair: covar_pop 0
SELECT vcov('{1,NULL}'::float8[], '{NULL,2}') AS cov_none,
	vcov_pop('{1,NULL}'::float8[], '{NULL,2}') AS pop_none,
	vcov('{1}'::float8[], '{2}') AS cov_one, vcov_pop('{1}'::float8[], '{2}') AS pop_one,
	vcorr('{5,5,5}'::float8[], '{1,2,3}') AS corr_const;

-- Accuracy: a large offset does not cancel (Youngs-Cramer): the covariance
-- of 1e9 + 1, 1e9 + 2, 1e9 + 3 with itself is exactly 1
SELECT vcov('{1000000001,1000000002,1000000003}'::float8[],
			'{1000000001,1000000002,1000000003}') AS cov_offset,
	vcorr('{1000000001,1000000002,1000000003}'::float8[],
		  '{3000000003,3000000006,3000000009}') AS corr_offset;

-- 200,000 values 1e9 + i: the sample variance of 1 .. n is n (n + 1) / 12
-- = 3333350000 exactly; the result is within 1e-12 of it (relative)
SELECT abs(vcov(x, x) / 3333350000 - 1) < 1e-12 AS cov_accurate,
	abs(vcorr(x, x) - 1) < 1e-12 AS corr_accurate
FROM (SELECT array_agg(1e9 + i::float8 ORDER BY i) x
	  FROM generate_series(1, 200000) i) s;

-- Overflow of finite values is core's error; infinite inputs give NaN
SELECT vcov('{1e308,-1e308}'::float8[], '{1e308,-1e308}');
SELECT covar_samp(a, a) FROM unnest('{1e308,-1e308}'::float8[]) a;
SELECT vcov('{Infinity,1}'::float8[], '{1,2}') AS cov_inf, vcorr('{NaN,1,2}'::float8[], '{1,2,3}') AS corr_nan;

-- Lengths must match: 2202E naming the function and its arguments
SELECT vcorr('{1,2}'::float8[], '{1}');
SELECT vcov('{1,2}'::float8[]::nvec, '{1,2,3}'::float8[]::nvec);
SELECT vcov_pop('{{1,2}}'::float8[], '{1,2}');

-- Quantiles: equal to percentile_cont over unnest(), for the median,
-- several scalar quantiles and the array form; bit for bit but for a zero
-- picked among equal 0 and -0 (core's sort leaves their order open) and
-- the sign of a NaN (ours is the canonical NaN)
CREATE FUNCTION st_same(a float8, b float8) RETURNS bool
LANGUAGE sql IMMUTABLE AS $$
	SELECT a IS NOT DISTINCT FROM b
		AND (a IS NULL OR a = 0 OR a = 'NaN' OR float8send(a) = float8send(b))
$$;
CREATE TABLE st_q (q float8);
INSERT INTO st_q VALUES (0), (0.1), (0.25), (0.3), (0.5), (1 / 3.0), (0.75),
	(0.9), (0.99), (1);
SELECT v.id,
	bool_and(st_same(vquantile(x, q), r.p)) AS scalar_ok,
	bool_and(st_same(vquantile(x::nvec, q), r.p)) AS nvec_ok
FROM st_vec v CROSS JOIN st_q,
	LATERAL (SELECT percentile_cont(q) WITHIN GROUP (ORDER BY a) p FROM unnest(v.x) a) r
GROUP BY v.id ORDER BY v.id;

SELECT v.id,
	vmedian(x) IS NOT DISTINCT FROM r.m AND vmedian(x::nvec) IS NOT DISTINCT FROM r.m AS median_ok,
	vquantile(x, ARRAY[0.9, 0.1, NULL, 0.5]) IS NOT DISTINCT FROM r.qs
	AND vquantile(x::nvec, ARRAY[0.9, 0.1, NULL, 0.5]) IS NOT DISTINCT FROM r.qs AS array_ok
FROM st_vec v,
	LATERAL (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY a) m,
				percentile_cont(ARRAY[0.9, 0.1, NULL, 0.5]) WITHIN GROUP (ORDER BY a) qs
			 FROM unnest(v.x) a) r
ORDER BY v.id;

-- By hand: 1 2 3 5 (the NULL skipped): the median between 2 and 3, the
-- quantile 0.3 at 0.9 of the way from 1 to 2; NaN sorts last
SELECT vmedian('{5,1,NULL,3,2}'::float8[]) AS median,
	vquantile('{5,1,NULL,3,2}'::float8[], 0.3) AS q30,
	vquantile('{5,1,NULL,3,2}'::float8[], ARRAY[0, 1]) AS ends,
	vquantile('{NaN,1,2}'::float8[], ARRAY[0.5, 0.75, 1]) AS nan_last,
	vmedian('{4}'::float8[]::nvec) AS one,
	vmedian('{NULL}'::float8[]) AS none,
	vquantile('{}'::float8[], ARRAY[0.5]) AS none_array,
	vquantile('{1,2}'::float8[], '{}'::float8[]) AS no_q,
	vquantile('{1,2,3,4}'::float8[], '{{0,1},{0.5,0.25}}'::float8[]) AS shape;

-- A quantile outside [0, 1] or NaN: 22003, as percentile_cont
SELECT vquantile('{1,2}'::float8[], 1.5);
SELECT vquantile('{1,2}'::float8[]::nvec, -0.1);
SELECT vquantile('{1,2}'::float8[], ARRAY[0.5, 'NaN']);
SELECT percentile_cont(1.5) WITHIN GROUP (ORDER BY a) FROM unnest('{1,2}'::float8[]) a;
-- the message gives q exactly (shortest exact digits), whatever
-- extra_float_digits: the double after 1 is not "1", the smallest
-- subnormal below 0 not "-0"
SET extra_float_digits = 0;
SELECT vquantile('{1,2,3}'::nvec, 1.0000000000000002);  \echo :SQLSTATE
SELECT vquantile('{1,2,3}'::float8[], ARRAY[0.5, -5e-324]);  \echo :SQLSTATE
RESET extra_float_digits;

-- NULL arguments: NULL (STRICT)
SELECT vargmin(NULL::float8[]) IS NULL AS a, vcorr(NULL::nvec, NULL::nvec) IS NULL AS b,
	vquantile('{1}'::float8[], NULL::float8) IS NULL AS c;

-- Labels, comments, and the planner support of those that fuse
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel,
	obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented,
	p.prosupport <> 0 AS fuses
FROM pg_proc p
WHERE p.proname IN ('vargmin', 'vargmax', 'vcov', 'vcov_pop', 'vcorr', 'vmedian', 'vquantile')
ORDER BY p.oid::regprocedure::text;

DROP TABLE st_vec, st_q;
DROP FUNCTION st_ref_arg(float8[], bool), st_same(float8, float8);
