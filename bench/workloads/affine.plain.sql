-- affine, plain SQL: unnest, array_agg
\set id random(:lo, :hi)
SELECT pg_column_size((SELECT array_agg(x * 252 + 0) FROM unnest(px) AS x))
FROM series WHERE id = :id;
