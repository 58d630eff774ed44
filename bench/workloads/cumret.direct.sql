-- cumret, direct: cumulative log return of one series, two fusekern calls (cumsum of dlog)
-- needs: cumsum(float8[]) dlog(float8[],int)
\set id random(:lo, :hi)
SELECT pg_column_size(cumsum(dlog(px, 1))) FROM series WHERE id = :id;
