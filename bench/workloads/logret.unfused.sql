-- logret, unfused: the nested spelling with fusion off (two calls, one intermediate vector)
-- needs: dlog(float8[],int) scale_add(float8[],float8,float8) fusekern.enable_fusion
\if :fk_once = 0
SET fusekern.enable_fusion = off;
\set fk_once 1
\endif
\set id random(:lo, :hi)
SELECT pg_column_size(scale_add(dlog(px, 1), 252, 0)) FROM series WHERE id = :id;
