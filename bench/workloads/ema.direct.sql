-- ema, direct: exponential moving average of one series (alpha 0.1), one fusekern call
-- needs: ema(float8[],float8)
\set id random(:lo, :hi)
SELECT pg_column_size(ema(px, 0.1)) FROM series WHERE id = :id;
