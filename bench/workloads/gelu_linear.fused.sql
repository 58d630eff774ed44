-- gelu_linear, fused: gelu(x) . W + bias on one small batch (one pass, BLAS product)
-- needs: gelu_linear(float8[],float8[],float8[])
\set id random(:lo, :hi)
SELECT pg_column_size(gelu_linear(b.x, l.w, l.bias))
FROM batch b, layer l WHERE b.id = :id AND l.id = 1;
