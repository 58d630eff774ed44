-- vmean_dlog, fused: mean log return of one series, nested spelling (one pass once issue 13 fuses it)
-- needs: vmean(float8[]) dlog(float8[],int)
\set id random(:lo, :hi)
SELECT pg_column_size(ARRAY[vmean(dlog(px, 1))]) FROM series WHERE id = :id;
