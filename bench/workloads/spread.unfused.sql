-- spread, unfused: the operator spelling with fusion off (three calls, two intermediates)
-- needs: -(float8[],float8[]) *(float8[],float8) +(float8[],float8) fusekern.enable_fusion
\if :fk_once = 0
SET fusekern.enable_fusion = off;
\set fk_once 1
\endif
\set i random(:lo, :hi)
\set j random(:lo, :hi)
SELECT pg_column_size((a.px - b.px) * 2.5 + 0.5)
FROM series a, series b WHERE a.id = :i AND b.id = :j;
