-- vstddev_dlog, fused: the volatility of one series, vstddev(dlog(px, 1)) (one pass once issue 13 fuses reductions)
-- needs: vstddev(float8[]) dlog(float8[],int)
\set id random(:lo, :hi)
SELECT pg_column_size(ARRAY[vstddev(dlog(px, 1))]) FROM series WHERE id = :id;
