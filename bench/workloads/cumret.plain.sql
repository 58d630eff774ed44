-- cumret, plain SQL: unnest, window lag, running sum window, array_agg
\set id random(:lo, :hi)
SELECT pg_column_size((
	SELECT array_agg(c ORDER BY n) FROM (
		SELECT n, CASE WHEN r IS NOT NULL
					   THEN sum(r) OVER (ORDER BY n ROWS UNBOUNDED PRECEDING) END AS c
		FROM (SELECT n, ln(x) - ln(lag(x) OVER (ORDER BY n)) AS r
			  FROM unnest(px) WITH ORDINALITY AS u(x, n)) s) t))
FROM series WHERE id = :id;
