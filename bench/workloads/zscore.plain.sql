-- zscore, plain SQL: unnest, array_agg
\set id random(:lo, :hi)
SELECT pg_column_size((SELECT array_agg((x - t.mean) / t.sd) FROM unnest(s.px) AS x))
FROM series s JOIN series_stats t USING (id) WHERE id = :id;
