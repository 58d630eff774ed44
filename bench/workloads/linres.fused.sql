-- linres, fused: relu(x . W + bias + residual) on one small batch (residual rides in the product)
-- needs: linear_residual_relu(float8[],float8[],float8[],float8[])
\set id random(:lo, :hi)
SELECT pg_column_size(linear_residual_relu(b.x, l.w, l.bias, b.res))
FROM batch b, layer l WHERE b.id = :id AND l.id = 1;
