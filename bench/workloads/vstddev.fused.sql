-- vstddev, fused: the sample standard deviation of one series, one call
-- needs: vstddev(float8[])
\set id random(:lo, :hi)
SELECT pg_column_size(ARRAY[vstddev(px)]) FROM series WHERE id = :id;
