-- A tour of fusekern, run by 'make demo' against a throwaway cluster.
-- Each step says what it shows (\echo), then psql prints the query and its result.
\set QUIET 1
\pset null NULL
\set QUIET 0
\set ECHO queries
\echo
\echo '== fusekern: fused vector math in PostgreSQL =='
\echo
CREATE EXTENSION fusekern;

\echo
\echo '-- 1. nvec: a float8 vector whose NULLs sit in a word bitmap beside dense values.'
\echo '--    Subscripts past the end give an SQL NULL (printed NULL, as every NULL here).'
SELECT v, length(v), null_count(v), v[2] AS second, v[9] AS past_the_end
FROM (SELECT '{1.5,NULL,-0,4.9e-324,NaN,-Infinity}'::nvec AS v) s;
\echo '-- collect a series in time order, NULL readings kept in place'
SELECT sensor, nvec_agg(reading ORDER BY t) AS trace
FROM (VALUES ('a', 3, 20.5), ('a', 1, 19.75), ('a', 2, NULL), ('b', 1, -4.0), ('b', 2, -3.5))
	 AS r(sensor, t, reading)
GROUP BY sensor ORDER BY sensor;
\echo '-- casts keep NULL positions; text and binary forms round-trip bit for bit'
SELECT '{1,NULL,3}'::integer[]::nvec AS from_int,
	   '{0.1,NULL}'::nvec::float8[] AS to_float8,
	   nvec_send('{-0,NULL}'::nvec) AS wire_format,
	   '{0.1,5e-324,-0}'::nvec::text::nvec = '{0.1,5e-324,-0}'::nvec AS text_round_trip;

\echo
\echo '-- 2. Vector kernels: log returns of a price series in percent, in one pass.'
\echo '--    The NULL price makes the two returns that need it NULL.'
SELECT dlog_scale_add('{100,101.5,NULL,99.8,100.2}'::float8[], 1, 100, 0) AS log_returns_pct;
\echo '-- the same on nvec, against the unfused chain: identical'
SELECT dlog_scale_add(p, 1, 100, 0) = scale_add(dlog(p, 1), 100, 0) AS fused_equals_unfused
FROM (SELECT '{100,101.5,NULL,99.8,100.2}'::nvec AS p) s;
\echo '-- arithmetic with NULLs and scalars on either side; lags'
SELECT ('{1,2,NULL,4}'::float8[] * 2 + 1) / '{1,1,1,2}'::float8[] AS affine,
       diff('{1,3,6,10,15}'::nvec, 2) AS diff_lag2;
\echo '-- Next, an error on purpose: the logarithm of 0 fails as core''s ln(0::float8) does,'
\echo '-- with the same SQLSTATE and message, and a detail naming the element.'
\set ON_ERROR_STOP 0
SELECT ln('{1,0,2}'::float8[]);
\set ON_ERROR_STOP 1
\echo '-- asked for NULLs instead (the on_error argument), the bad element becomes NULL'
SELECT ln('{1,0,2}'::float8[], 'null') AS ln_with_nulls;

\echo
\echo '-- 3. Fusion: nested calls are rewritten at plan time into one pass over memory.'
CREATE TABLE prices (id int PRIMARY KEY, px float8[]);
INSERT INTO prices
SELECT 1, array_agg(round((100 * exp(i / 50.0 + 0.01 * sin(i)))::numeric, 2)::float8 ORDER BY i)
FROM generate_series(1, 8) i;
\echo '-- EXPLAIN VERBOSE shows the single fused call that runs'
EXPLAIN (VERBOSE, COSTS OFF) SELECT scale_add(dlog(px, 1), 252, 0) FROM prices;
SELECT id, scale_add(dlog(px, 1), 252, 0) AS annualised_log_returns FROM prices;
\echo '-- any tree of fusekern operations becomes one fused_eval pass'
EXPLAIN (VERBOSE, COSTS OFF) SELECT sqrt(abs(diff(ln(px), 2))) * 100 FROM prices;
SELECT sqrt(abs(diff(ln(px), 2))) * 100 AS fused_in_one_pass FROM prices;

\echo
\echo '-- 4. One timing: annualised log returns of 1000 series of 500 prices each,'
\echo '--    as one fused call per row, then in plain SQL (unnest, lag() window, array_agg).'
\echo '--    (Times are this machine''s; both queries compute the same 499,000 returns.)'
CREATE TABLE series AS
SELECT s AS id, array_agg(100 * exp(0.01 * sin(s * 7 + i) + i / 1000.0) ORDER BY i) AS px
FROM generate_series(1, 1000) s, generate_series(1, 500) i
GROUP BY s;
ANALYZE series;
\timing on
SELECT count(*) AS series, sum(length(r::nvec) - null_count(r::nvec)) AS returns
FROM (SELECT scale_add(dlog(px, 1), 252, 0) AS r FROM series) f;
SELECT count(*) AS series, sum(n) AS returns
FROM (SELECT id, count(r) AS n, array_agg(r ORDER BY i) AS r
      FROM (SELECT id, i, (ln(p) - ln(lag(p) OVER (PARTITION BY id ORDER BY i))) * 252 + 0 AS r
            FROM series, unnest(px) WITH ORDINALITY AS u(p, i)) s
      GROUP BY id) g;
\timing off

\echo
\echo '-- 5. Dense layers: a residual block relu(x W + bias + residual), fused into one'
\echo '--    BLAS call and one pass, on a batch of two rows'
SELECT linear_residual_relu('{{1,2,3},{-4,0.5,-1}}', '{{1,-1},{0.25,2},{-2,0}}',
                            '{0.5,1}', '{{1,1},{-1,20}}') AS residual_block;
\echo '-- a transformer feed-forward layer gelu(x) W + bias, on one row (a 1-D array)'
SELECT gelu_linear('{1,2,3}', '{{1,-1},{0.25,2},{-2,0}}', '{0.5,1}') AS ffn_row;
\echo '-- the same from the unfused pieces: identical bits'
SELECT gelu_linear('{{1,2,3}}', '{{1,-1},{0.25,2},{-2,0}}', '{0.5,1}')
     = add_bias(matmul(gelu('{{1,2,3}}'), '{{1,-1},{0.25,2},{-2,0}}'), '{0.5,1}') AS fused_equals_unfused;
\echo '-- Next, an error on purpose: a 1 x 3 matrix times a 2 x 1 one; shape errors say what was expected.'
\set ON_ERROR_STOP 0
SELECT matmul('{{1,2,3}}', '{{1},{2}}');
\set ON_ERROR_STOP 1
\echo '-- the executor worker''s counters: zeros and NULLs, as the worker runs only when'
\echo '-- preloaded with fusekern.cuda = on (docs/cuda.md)'
SELECT * FROM fusekern_executor_stats;

\echo
\echo '== Next: "make psql" opens a session on this build (the cluster keeps running until'
\echo '== "make stop"); the examples of README.md and docs/*.md run there as printed. =='
