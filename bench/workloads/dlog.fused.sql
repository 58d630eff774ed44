-- dlog: the log returns of one series alone, the yardstick of vmean_dlog
-- needs: dlog(float8[],int)
\set id random(:lo, :hi)
SELECT pg_column_size(dlog(px, 1)) FROM series WHERE id = :id;
