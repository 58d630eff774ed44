-- logret, fused: annualised log returns of one series, nested spelling (fused at plan time)
-- needs: dlog(float8[],int) scale_add(float8[],float8,float8)
\set id random(:lo, :hi)
SELECT pg_column_size(scale_add(dlog(px, 1), 252, 0)) FROM series WHERE id = :id;
