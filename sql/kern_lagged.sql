SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- diff(v, lag DEFAULT 1) = v[i] - v[i - lag]; the first lag elements are NULL
SELECT diff('{1,3,6,10,NULL,21}'::float8[]) AS lag1,
       diff('{1,3,6,10,NULL,21}'::nvec, 2) AS lag2,
       diff('{1,3,6}'::float8[], 0) AS lag0,
       diff('{1,3,6}'::nvec, 3) AS lag_len,
       diff('{1,3,6}'::float8[], 1000) AS lag_beyond;
-- dlog(v, lag DEFAULT 1) = ln(v[i]) - ln(v[i - lag])
SELECT dlog('{1,2,4,NULL,16}'::float8[], 0) AS lag0,
       dlog('{4,4,NaN,Infinity,Infinity}'::nvec) AS specials;
SELECT round(x::numeric, 12) FROM unnest(dlog('{100,110,NULL,121,133.1}'::float8[])) x;
SELECT round(x::numeric, 12) FROM unnest(dlog('{1,2,4,8}'::nvec::float8[], 2)) x;
-- fused: dlog_scale_add(v, lag, a, b) = dlog(v, lag) * a + b,
-- ln_scale_add(v, a, b) = ln(v) * a + b
SELECT round(x::numeric, 12) FROM unnest(dlog_scale_add('{100,110,NULL,121}'::float8[], 1, 100, -1)) x;
SELECT round(x::numeric, 12) FROM unnest(ln_scale_add('{1,NULL,2.718281828459045}'::nvec::float8[], 2, 1)) x;
SELECT dlog_scale_add('{1,1,1}'::nvec, 1, 5, 0.5), ln_scale_add('{1,NULL}'::float8[], 5, 0.5);
-- types, lower bound, empty, NULL lag
SELECT pg_typeof(dlog('{1}'::nvec)), array_lower(diff('[0:2]={1,2,4}'::float8[]), 1),
       diff('{}'::float8[]), dlog('{}'::nvec, 5), diff('{1}'::float8[], NULL);

-- errors
SELECT diff('{1,2}'::float8[], -1);
SELECT dlog_scale_add('{1,2}'::nvec, -5, 1, 0);
SELECT diff('{-1e308,1e308}'::float8[]);
-- ln is checked on every present element, as ln(v) would be, even those
-- whose outputs are NULL because of the lag
SELECT dlog('{1,2,0}'::float8[], 5);
SELECT dlog('{NULL,-1,2}'::nvec);
SELECT dlog_scale_add('{3,1,0}'::float8[], 1, 2, 3);
SELECT ln_scale_add('{-2}'::nvec, 1, 0);
-- after ln, the multiplication and addition of the chain are checked too
SELECT ln_scale_add('{1,2}'::float8[], 1e308, 1.7e308);
SELECT dlog_scale_add('{1,1.2}'::nvec, 1, 5e-324, 0);
SELECT ln_scale_add('{1.2}'::float8[], 5e-324, 0);
-- but ln of any element first: element 3 is zero, element 2 would underflow
SELECT dlog_scale_add('{1,1.2,0}'::float8[], 1, 5e-324, 0);
-- nested calls the planner runs as one of those kernels report the calls
-- written (the program EXPLAIN VERBOSE shows, its vectors v1, v2), not
-- the kernel; unfused, each function reports itself, as above
CREATE TABLE lg_spell (v float8[], x float8[], y float8[]);
INSERT INTO lg_spell VALUES ('{3,1,0}', '{1,1e308}', '{1,-1e308}');
EXPLAIN (VERBOSE, COSTS OFF) SELECT scale_add(dlog(v, 1), 2, 3) FROM lg_spell;
SELECT scale_add(dlog(v, 1), 2, 3) FROM lg_spell;
SELECT (x - y) * 0.5 + 1 FROM lg_spell;
SET fusekern.enable_fusion = off;
SELECT scale_add(dlog(v, 1), 2, 3) FROM lg_spell;
RESET fusekern.enable_fusion;
DROP TABLE lg_spell;
