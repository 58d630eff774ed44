-- zscore_roll, fused: rolling z-score over 20 elements, (px - rolling_mean(px, 20)) / rolling_stddev(px, 20) (one pass once issue 13 fuses rolling operations)
-- needs: rolling_mean(float8[],integer) rolling_stddev(float8[],integer) -(float8[],float8[]) /(float8[],float8[])
\set id random(:lo, :hi)
SELECT pg_column_size((px - rolling_mean(px, 20)) / rolling_stddev(px, 20)) FROM series WHERE id = :id;
