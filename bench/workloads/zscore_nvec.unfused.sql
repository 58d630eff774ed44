-- zscore_nvec, unfused: the same with fusion off (two calls, one intermediate)
-- needs: -(nvec,float8) /(nvec,float8)
\if :fk_once = 0
SET fusekern.enable_fusion = off;
\set fk_once 1
\endif
\set id random(:lo, :hi)
SELECT pg_column_size((s.px_n - t.mean) / t.sd)
FROM series s JOIN series_stats t USING (id) WHERE id = :id;
