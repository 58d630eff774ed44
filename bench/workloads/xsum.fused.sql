-- xsum, fused: elementwise sum across every row of the table, one aggregate call
-- needs: sum(float8[])
SELECT pg_column_size(sum(px)) FROM series;
