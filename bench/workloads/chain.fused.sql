-- chain, fused: a chain of light elementwise operations (fused at plan time)
-- needs: +(float8[],float8) *(float8[],float8) -(float8[],float8) /(float8[],float8)
\set id random(:lo, :hi)
SELECT pg_column_size(CHAIN_PX) FROM series WHERE id = :id;
