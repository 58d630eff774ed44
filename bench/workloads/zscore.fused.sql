-- zscore, fused: (x - mean) / sd with the series' stored mean and sd (fused at plan time)
-- needs: -(float8[],float8) /(float8[],float8)
\set id random(:lo, :hi)
SELECT pg_column_size((s.px - t.mean) / t.sd)
FROM series s JOIN series_stats t USING (id) WHERE id = :id;
