SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- fusekern.keep_freed_memory: a malloc setting, results unchanged
CREATE TEMP TABLE km AS
  SELECT array_agg(100 + sin(i)) AS px FROM generate_series(1, 300000) i;
CREATE TEMP TABLE km_before AS SELECT dlog_scale_add(px, 1, 252, 0) AS r FROM km;
SHOW fusekern.keep_freed_memory;
SET fusekern.keep_freed_memory = '64MB';
SHOW fusekern.keep_freed_memory;
SELECT (SELECT r FROM km_before) = dlog_scale_add(px, 1, 252, 0) AS same FROM km;
SELECT (SELECT r FROM km_before) = dlog_scale_add(px, 1, 252, 0) AS same_again FROM km;
SET fusekern.keep_freed_memory = 0;
SELECT (SELECT r FROM km_before) = dlog_scale_add(px, 1, 252, 0) AS same_after_reset FROM km;
-- bounded: at most 256MB (issue 9: it was 2047MB)
\set VERBOSITY sqlstate
SET fusekern.keep_freed_memory = '4GB';
SET fusekern.keep_freed_memory = '257MB';
SET fusekern.keep_freed_memory = -1;
\set VERBOSITY default
-- the message (from 18 on, the range has units: kern_memory_1.out)
SET fusekern.keep_freed_memory = '257MB';
SET fusekern.keep_freed_memory = '256MB';
SHOW fusekern.keep_freed_memory;
RESET fusekern.keep_freed_memory;
-- superuser only: it sizes what every backend may hold (42501 otherwise)
CREATE ROLE regress_fk_memory_user;
SET ROLE regress_fk_memory_user;
\set VERBOSITY sqlstate
SET fusekern.keep_freed_memory = '32MB';
SET fusekern.keep_freed_memory = 0;
\set VERBOSITY default
SET fusekern.keep_freed_memory = '128MB';
SELECT set_config('fusekern.keep_freed_memory', '0', false);
SHOW fusekern.keep_freed_memory;
RESET ROLE;
DROP ROLE regress_fk_memory_user;
