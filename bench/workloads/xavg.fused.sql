-- xavg, fused: elementwise mean across every row of the table, one aggregate call
-- needs: avg(float8[])
SELECT pg_column_size(avg(px)) FROM series;
