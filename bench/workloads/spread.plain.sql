-- spread, plain SQL: unnest of both arrays side by side, array_agg
\set i random(:lo, :hi)
\set j random(:lo, :hi)
SELECT pg_column_size((
	SELECT array_agg((x - y) * 2.5 + 0.5) FROM unnest(a.px, b.px) AS u(x, y)))
FROM series a, series b WHERE a.id = :i AND b.id = :j;
