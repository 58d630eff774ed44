-- logret, plain SQL: unnest, window lag, array_agg
\set id random(:lo, :hi)
SELECT pg_column_size((
	SELECT array_agg(r) FROM (
		SELECT 252 * (ln(x) - ln(lag(x) OVER (ORDER BY n))) + 0 AS r
		FROM unnest(px) WITH ORDINALITY AS u(x, n)) s))
FROM series WHERE id = :id;
