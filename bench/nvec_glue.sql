-- nvec glue next to core float8[]: casts, aggregation, text I/O on 1M elements.
-- Run: psql -X -f bench/nvec_glue.sql (in a database with fusekern) several
-- times and compare each nvec line with the float8[] line above it.
\set QUIET 1
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
DROP TABLE IF EXISTS nvec_bench_vec, nvec_bench_rows;
CREATE TABLE nvec_bench_rows AS SELECT random() AS x FROM generate_series(1, 1000000);
CREATE TABLE nvec_bench_vec AS SELECT array_agg(x) AS a, nvec_agg(x) AS v FROM nvec_bench_rows;
VACUUM ANALYZE nvec_bench_rows, nvec_bench_vec;
\timing on
\echo 'float8[]: detoast and read 1M stored elements'
SELECT array_length(a, 1) FROM nvec_bench_vec;
\echo 'float8[] -> nvec cast (detoast, in-place view, one copy)'
SELECT length(a::nvec) FROM nvec_bench_vec;
\echo 'nvec -> float8[] cast (detoast, in-place view, one copy)'
SELECT array_length(v::float8[], 1) FROM nvec_bench_vec;
\echo 'length(nvec): header only'
SELECT length(v) FROM nvec_bench_vec;
\echo 'array_agg(float8) over 1M rows'
SELECT array_length(array_agg(x), 1) FROM nvec_bench_rows;
\echo 'nvec_agg(float8) over 1M rows'
SELECT length(nvec_agg(x)) FROM nvec_bench_rows;
\echo 'float8[] text output'
SELECT length(a::text) FROM nvec_bench_vec;
\echo 'nvec text output'
SELECT length(v::text) FROM nvec_bench_vec;
\echo 'float8[] text input'
SELECT array_length(a::text::float8[], 1) FROM nvec_bench_vec;
\echo 'nvec text input'
SELECT length(v::text::nvec) FROM nvec_bench_vec;
\echo 'float8[]: 100 subscripts of a stored 1M-element array'
SELECT sum(a[i]) FROM nvec_bench_vec, generate_series(1, 1000000, 10000) AS i;
\echo 'nvec: 100 subscripts of a stored 1M-element vector'
SELECT sum(v[i]) FROM nvec_bench_vec, generate_series(1, 1000000, 10000) AS i;
\timing off
DROP TABLE nvec_bench_vec, nvec_bench_rows;
