-- spread_nvec, direct: the fused kernel called by name
-- needs: sub_mul_add(nvec,nvec,float8,float8)
\set i random(:lo, :hi)
\set j random(:lo, :hi)
SELECT pg_column_size(sub_mul_add(a.px_n, b.px_n, 2.5, 0.5))
FROM series a, series b WHERE a.id = :i AND b.id = :j;
