-- logret_nvec, fused: annualised log returns of one series, nested spelling (fused at plan time)
-- needs: dlog(nvec,int) scale_add(nvec,float8,float8)
\set id random(:lo, :hi)
SELECT pg_column_size(scale_add(dlog(px_n, 1), 252, 0)) FROM series WHERE id = :id;
