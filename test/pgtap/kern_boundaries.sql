-- Vector kernels at validity-word boundaries (0, 1, 63, 64, 65, 1000
-- elements; NULLs at 1, 63, 64, 65, the last and every 7th), lags 0, 1, 63,
-- 64, the length and beyond, on both types, against core applied element by
-- element; and every error with its SQLSTATE.
BEGIN;
SET LOCAL client_min_messages = warning;
SELECT plan(6 * 2 * 4 + 6 * 2 * 6 + 18);

CREATE TEMP TABLE pat AS
SELECT n, coalesce((SELECT array_agg(CASE WHEN i IN (1, 63, 64, 65, n) OR i % 7 = 0 THEN NULL
										  ELSE 1 + i * 0.37 END ORDER BY i)
					FROM generate_series(1, n) i), '{}') AS v
FROM unnest('{0,1,63,64,65,1000}'::int[]) n;

-- core, element by element: f applied to v[i] (and v[i - lag] for lags)
CREATE FUNCTION pg_temp.ref(v float8[], f text, lag int) RETURNS float8[] LANGUAGE plpgsql AS $$
DECLARE
	r float8[];
BEGIN
	EXECUTE format('SELECT coalesce(array_agg(%s ORDER BY i), ''{}'') FROM
		(SELECT i, x, lag(x, $2) OVER (ORDER BY i) AS xl FROM unnest($1) WITH ORDINALITY u(x, i)) s', f)
		INTO r USING v, lag;
	RETURN r;
END $$;

-- the same bits, NULLs in the same places
CREATE FUNCTION pg_temp.same(a float8[], b float8[]) RETURNS bool LANGUAGE sql AS $$
	SELECT cardinality(a) = cardinality(b) AND
		   coalesce(bool_and(float8send(p) IS NOT DISTINCT FROM float8send(q)), true)
	FROM unnest(a, b) u(p, q)
$$;

-- elementwise functions on both types
SELECT ok(pg_temp.same(CASE WHEN t = 'nvec' THEN (SELECT x::float8[] FROM (SELECT
			CASE f WHEN 'sqrt' THEN sqrt(v::nvec) WHEN 'mul' THEN v::nvec * v::nvec
				   WHEN 'scale_add' THEN scale_add(v::nvec, 3, -1) ELSE sub_mul_add(v::nvec, v::nvec, 2, 1) END x) s)
		  ELSE CASE f WHEN 'sqrt' THEN sqrt(v) WHEN 'mul' THEN v * v
					  WHEN 'scale_add' THEN scale_add(v, 3, -1) ELSE sub_mul_add(v, v, 2, 1) END END,
		  pg_temp.ref(v, CASE f WHEN 'sqrt' THEN 'sqrt(x)' WHEN 'mul' THEN 'x * x'
							  WHEN 'scale_add' THEN 'x * 3 - 1' ELSE '(x - x) * 2 + 1' END, 0)),
		  format('%s on %s of %s elements matches core', f, t, n))
FROM pat, unnest('{float8[],nvec}'::text[]) t, unnest('{sqrt,mul,scale_add,sub_mul_add}'::text[]) f
ORDER BY n, t, f;

-- lags: diff exact, dlog NULLs and values as diff(ln(v))
SELECT ok(pg_temp.same(CASE WHEN t = 'nvec' THEN diff(v::nvec, lag)::float8[] ELSE diff(v, lag) END,
					   pg_temp.ref(v, 'CASE WHEN i > $2 THEN x - xl END', lag))
		  AND pg_temp.same(CASE WHEN t = 'nvec' THEN dlog(v::nvec, lag)::float8[] ELSE dlog(v, lag) END,
						   diff(ln(v), lag)),
		  format('diff and dlog with lag %s on %s of %s elements', lag, t, n))
FROM pat, unnest('{float8[],nvec}'::text[]) t,
	 LATERAL unnest(ARRAY[0, 1, 63, 64, n, n + 1]) lag
ORDER BY n, t, lag;

-- errors and their SQLSTATEs
SELECT throws_ok('SELECT ''{1,2,3}''::float8[] + ''{1,2,3,4}''::float8[]', '2202E', 'different vector lengths 3 and 4', 'lengths: float8[]');
SELECT throws_ok('SELECT sub_mul_add(''{1,2,3}''::nvec, ''{1,2,3,4}''::nvec, 1, 0)', '2202E', 'different vector lengths 3 and 4', 'lengths: nvec');
SELECT throws_ok('SELECT diff(''{1}''::float8[], -1)', '22023', 'lag must not be negative', 'negative lag: float8[]');
SELECT throws_ok('SELECT dlog(''{1}''::nvec, -1)', '22023', 'lag must not be negative', 'negative lag: nvec');
SELECT throws_ok('SELECT ln(''{{1},{2}}''::float8[])', '2202E', 'array must be one-dimensional', 'two dimensions');
SELECT throws_ok('SELECT ln(''{1,0}''::float8[])', '2201E', 'cannot take logarithm of zero', 'ln(0): float8[]');
SELECT throws_ok('SELECT ln(''{-1}''::nvec)', '2201E', 'cannot take logarithm of a negative number', 'ln(-1): nvec');
SELECT throws_ok('SELECT dlog_scale_add(''{1,0}''::nvec, 1, 1, 0)', '2201E', 'cannot take logarithm of zero', 'dlog_scale_add(0)');
SELECT throws_ok('SELECT sqrt(''{-1}''::float8[])', '2201F', 'cannot take square root of a negative number', 'sqrt(-1)');
SELECT throws_ok('SELECT 1 / ''{0}''::nvec', '22012', 'division by zero', '1 / 0: nvec');
SELECT throws_ok('SELECT ''{1}''::float8[] / ''{0}''::float8[]', '22012', 'division by zero', '1 / 0: float8[]');
SELECT throws_ok('SELECT exp(''{1000}''::nvec)', '22003', 'value out of range: overflow', 'exp overflow');
SELECT throws_ok('SELECT exp(''{-1000}''::float8[])', '22003', 'value out of range: underflow', 'exp underflow');
SELECT throws_ok('SELECT scale_add(''{1e300}''::float8[], 1e300, 0)', '22003', 'value out of range: overflow', 'scale_add overflow');
SELECT throws_ok('SELECT diff(''{-1e308,1e308}''::nvec)', '22003', 'value out of range: overflow', 'diff overflow');
SELECT throws_ok('SELECT ln(''{1}''::float8[], ''maybe'')', '22023', 'invalid value for on_error: "maybe"', 'on_error values');
SELECT throws_ok('SET fusekern.simd = ''neon''', '22023', NULL, 'simd values');
SELECT lives_ok('SET fusekern.simd = ''scalar''', 'the scalar path is always there');

SELECT * FROM finish();
ROLLBACK;
