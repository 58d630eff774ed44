-- spread, fused: (x - y) * a + b between two series, operator spelling (fused at plan time)
-- needs: -(float8[],float8[]) *(float8[],float8) +(float8[],float8)
\set i random(:lo, :hi)
\set j random(:lo, :hi)
SELECT pg_column_size((a.px - b.px) * 2.5 + 0.5)
FROM series a, series b WHERE a.id = :i AND b.id = :j;
