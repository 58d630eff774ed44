-- affine: scale_add(px, 252, 0), one multiply-add per element: detoast, result construction
-- and a kernel at memory speed, the floor of every elementwise workload
-- needs: scale_add(float8[],float8,float8)
\set id random(:lo, :hi)
SELECT pg_column_size(scale_add(px, 252, 0)) FROM series WHERE id = :id;
