-- vstddev_dlog, plain SQL: unnest, window lag, ln, stddev_samp
\set id random(:lo, :hi)
SELECT pg_column_size(ARRAY[(
	SELECT stddev_samp(r) FROM (
		SELECT ln(x) - ln(lag(x) OVER (ORDER BY n)) AS r
		FROM unnest(px) WITH ORDINALITY AS u(x, n)) s)])
FROM series WHERE id = :id;
