-- zscore_roll, unfused: the same with fusion off (four calls, three intermediate vectors)
-- needs: rolling_mean(float8[],integer) rolling_stddev(float8[],integer) -(float8[],float8[]) /(float8[],float8[]) fusekern.enable_fusion
\if :fk_once = 0
SET fusekern.enable_fusion = off;
\set fk_once 1
\endif
\set id random(:lo, :hi)
SELECT pg_column_size((px - rolling_mean(px, 20)) / rolling_stddev(px, 20)) FROM series WHERE id = :id;
