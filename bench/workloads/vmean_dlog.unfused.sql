-- vmean_dlog, unfused: the same with fusion off (two calls, one intermediate vector)
-- needs: vmean(float8[]) dlog(float8[],int) fusekern.enable_fusion
\if :fk_once = 0
SET fusekern.enable_fusion = off;
\set fk_once 1
\endif
\set id random(:lo, :hi)
SELECT pg_column_size(ARRAY[vmean(dlog(px, 1))]) FROM series WHERE id = :id;
