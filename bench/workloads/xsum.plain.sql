-- xsum, plain SQL: unnest with ordinality, sum per position, array_agg in order
SELECT pg_column_size((
	SELECT array_agg(s ORDER BY o) FROM (
		SELECT o, sum(x) AS s
		FROM series, unnest(px) WITH ORDINALITY AS u(x, o)
		GROUP BY o) g));
