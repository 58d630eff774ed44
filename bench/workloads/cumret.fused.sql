-- cumret, fused: cumulative log return of one series, cumsum(dlog(px, 1)) (one pass once issue 13 fuses running operations)
-- needs: cumsum(float8[]) dlog(float8[],int)
\set id random(:lo, :hi)
SELECT pg_column_size(cumsum(dlog(px, 1))) FROM series WHERE id = :id;
