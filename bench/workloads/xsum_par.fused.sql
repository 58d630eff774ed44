-- xsum_par, fused: sum(nvec) across every row with two parallel workers (the
-- leader only combines); direct is the same query without workers
-- needs: sum(nvec)
\if :fk_once = 0
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET parallel_leader_participation = off;
SET max_parallel_workers_per_gather = 2;
\set fk_once 1
\endif
SELECT pg_column_size(sum(px_n)) FROM series;
