-- xsum_par, direct: sum(nvec) across every row, no parallel workers
-- needs: sum(nvec)
\if :fk_once = 0
SET max_parallel_workers_per_gather = 0;
\set fk_once 1
\endif
SELECT pg_column_size(sum(px_n)) FROM series;
