-- plot, fused: annualised log returns of every series of one length
-- needs: dlog(float8[],int) scale_add(float8[],float8,float8)
SELECT sum(pg_column_size(scale_add(dlog(px, 1), 252, 0))) FROM plotdata WHERE len = :len;
