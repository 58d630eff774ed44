-- zscore, unfused: the same with fusion off (two calls, one intermediate)
-- needs: -(float8[],float8) /(float8[],float8) fusekern.enable_fusion
\if :fk_once = 0
SET fusekern.enable_fusion = off;
\set fk_once 1
\endif
\set id random(:lo, :hi)
SELECT pg_column_size((s.px - t.mean) / t.sd)
FROM series s JOIN series_stats t USING (id) WHERE id = :id;
