-- chain, unfused: the same with fusion off (one call and one intermediate per operation)
-- needs: +(float8[],float8) *(float8[],float8) -(float8[],float8) /(float8[],float8) fusekern.enable_fusion
\if :fk_once = 0
SET fusekern.enable_fusion = off;
\set fk_once 1
\endif
\set id random(:lo, :hi)
SELECT pg_column_size(CHAIN_PX) FROM series WHERE id = :id;
