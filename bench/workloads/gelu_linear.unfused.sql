-- gelu_linear, unfused: the separate pieces, each writing a full intermediate
-- needs: gelu(float8[]) matmul(float8[],float8[]) add_bias(float8[],float8[])
\set id random(:lo, :hi)
SELECT pg_column_size(add_bias(matmul(gelu(b.x), l.w), l.bias))
FROM batch b, layer l WHERE b.id = :id AND l.id = 1;
