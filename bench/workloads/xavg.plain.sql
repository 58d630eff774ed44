-- xavg, plain SQL: unnest with ordinality, avg per position, array_agg in order
SELECT pg_column_size((
	SELECT array_agg(s ORDER BY o) FROM (
		SELECT o, avg(x) AS s
		FROM series, unnest(px) WITH ORDINALITY AS u(x, o)
		GROUP BY o) g));
