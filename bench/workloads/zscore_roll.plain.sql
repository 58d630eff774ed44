-- zscore_roll, plain SQL: unnest, avg() and stddev_samp() over the 20 rows ending at each, array_agg
\set id random(:lo, :hi)
SELECT pg_column_size((
	SELECT array_agg(r ORDER BY o) FROM (
		SELECT o, CASE WHEN x IS NOT NULL AND count(x) OVER w = 20
					   THEN (x - avg(x) OVER w) / stddev_samp(x) OVER w END AS r
		FROM unnest(px) WITH ORDINALITY AS u(x, o)
		WINDOW w AS (ORDER BY o ROWS 19 PRECEDING)) s))
FROM series WHERE id = :id;
