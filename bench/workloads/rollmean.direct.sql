-- rollmean, direct: the 20-element moving average of one series, one call
-- needs: rolling_mean(float8[],integer)
\set id random(:lo, :hi)
SELECT pg_column_size(rolling_mean(px, 20)) FROM series WHERE id = :id;
