-- logret_nvec, direct: the fused kernel called by name
-- needs: dlog_scale_add(nvec,int,float8,float8)
\set id random(:lo, :hi)
SELECT pg_column_size(dlog_scale_add(px_n, 1, 252, 0)) FROM series WHERE id = :id;
