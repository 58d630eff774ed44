-- vmean_dlog, plain SQL: unnest, window lag, ln, avg
\set id random(:lo, :hi)
SELECT pg_column_size(ARRAY[(
	SELECT avg(r) FROM (
		SELECT ln(x) - ln(lag(x) OVER (ORDER BY n)) AS r
		FROM unnest(px) WITH ORDINALITY AS u(x, n)) s)])
FROM series WHERE id = :id;
