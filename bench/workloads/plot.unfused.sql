-- plot, unfused: the same with fusion off
-- needs: dlog(float8[],int) scale_add(float8[],float8,float8) fusekern.enable_fusion
\if :fk_once = 0
SET fusekern.enable_fusion = off;
\set fk_once 1
\endif
SELECT sum(pg_column_size(scale_add(dlog(px, 1), 252, 0))) FROM plotdata WHERE len = :len;
