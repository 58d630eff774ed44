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
\set VERBOSITY sqlstate
SET fusekern.keep_freed_memory = '4GB';
SET fusekern.keep_freed_memory = -1;
\set VERBOSITY default
RESET fusekern.keep_freed_memory;
