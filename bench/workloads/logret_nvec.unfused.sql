-- logret_nvec, unfused: the nested spelling with fusion off (two calls, one intermediate vector)
-- needs: dlog(nvec,int) scale_add(nvec,float8,float8)
\if :fk_once = 0
SET fusekern.enable_fusion = off;
\set fk_once 1
\endif
\set id random(:lo, :hi)
SELECT pg_column_size(scale_add(dlog(px_n, 1), 252, 0)) FROM series WHERE id = :id;
