-- chain, plain SQL: unnest, array_agg
\set id random(:lo, :hi)
SELECT pg_column_size((SELECT array_agg(CHAIN_X) FROM unnest(px) AS x))
FROM series WHERE id = :id;
