-- plot, plain SQL: unnest, window lag, array_agg for every series of one length
SELECT sum(pg_column_size((
	SELECT array_agg(r) FROM (
		SELECT 252 * (ln(x) - ln(lag(x) OVER (ORDER BY n))) + 0 AS r
		FROM unnest(px) WITH ORDINALITY AS u(x, n)) s)))
FROM plotdata WHERE len = :len;
