-- ema, plain SQL: a recursive CTE stepping s = 0.1 * x + 0.9 * s along the series
-- (read by subscript from a one-row CTE holding it detoasted once)
\set id random(:lo, :hi)
SELECT pg_column_size((
	WITH RECURSIVE d AS MATERIALIZED (
		SELECT px || '{}'::float8[] AS a FROM series WHERE id = :id
	), e(n, v, s) AS (
		SELECT 1, a[1], a[1] FROM d
		UNION ALL
		SELECT e.n + 1, d.a[e.n + 1],
			   CASE WHEN d.a[e.n + 1] IS NULL THEN e.s WHEN e.s IS NULL THEN d.a[e.n + 1]
					ELSE 0.1::float8 * d.a[e.n + 1] + (1 - 0.1::float8) * e.s END
		FROM e, d WHERE e.n < cardinality(d.a)
	)
	SELECT array_agg(CASE WHEN v IS NOT NULL THEN s END ORDER BY n) FROM e));
