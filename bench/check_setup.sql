-- Helpers for the spelling check of 'make bench' (bench/run.sh)
SET client_min_messages = warning;
DROP TABLE IF EXISTS fk_check;
CREATE TABLE fk_check (workload text, spelling text, v float8[]);

-- The result of a workload as a flat float8[] (dense results are 2-D)
CREATE OR REPLACE FUNCTION fk_bench_flat(float8[]) RETURNS float8[]
	LANGUAGE sql IMMUTABLE STRICT AS 'SELECT array(SELECT unnest($1))';
CREATE OR REPLACE FUNCTION fk_bench_flat(nvec) RETURNS float8[]
	LANGUAGE sql IMMUTABLE STRICT AS 'SELECT $1::text::float8[]';
