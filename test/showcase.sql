-- A short tour of fusekern, run by 'make demo' against a throwaway cluster.
\set ECHO queries
CREATE EXTENSION fusekern;
SELECT '{1.5,NULL,-3,NaN,Infinity,-Infinity}'::nvec AS a_nullable_vector;

-- nvec: a float8 vector whose NULLs sit in a word bitmap beside dense values
SELECT v, length(v), null_count(v), v[2] AS second, v[9] AS past_the_end
FROM (SELECT '{1.5,NULL,-0,4.9e-324,NaN,-Infinity}'::nvec AS v) s;
-- collect a series in time order, NULL readings kept in place
SELECT sensor, nvec_agg(reading ORDER BY t) AS trace
FROM (VALUES ('a', 3, 20.5), ('a', 1, 19.75), ('a', 2, NULL), ('b', 1, -4.0), ('b', 2, -3.5))
	 AS r(sensor, t, reading)
GROUP BY sensor ORDER BY sensor;
-- casts keep NULL positions; text and binary forms round-trip bit for bit
SELECT '{1,NULL,3}'::integer[]::nvec AS from_int,
	   '{0.1,NULL}'::nvec::float8[] AS to_float8,
	   nvec_send('{-0,NULL}'::nvec) AS wire_format,
	   '{0.1,5e-324,-0}'::nvec::text::nvec = '{0.1,5e-324,-0}'::nvec AS text_round_trip;

-- Dense layers: a residual block relu(x W + bias + residual), fused into one
-- BLAS call and one pass, on a batch of two rows
SELECT linear_residual_relu('{{1,2,3},{-4,0.5,-1}}', '{{1,-1},{0.25,2},{-2,0}}',
                            '{0.5,1}', '{{1,1},{-1,20}}') AS residual_block;
-- a transformer feed-forward layer gelu(x) W + bias, on one row (a 1-D array)
SELECT gelu_linear('{1,2,3}', '{{1,-1},{0.25,2},{-2,0}}', '{0.5,1}') AS ffn_row;
-- the same from the unfused pieces: identical bits
SELECT gelu_linear('{{1,2,3}}', '{{1,-1},{0.25,2},{-2,0}}', '{0.5,1}')
     = add_bias(matmul(gelu('{{1,2,3}}'), '{{1,-1},{0.25,2},{-2,0}}'), '{0.5,1}') AS fused_equals_unfused;
-- a 256 x 256 layer over 256 rows: 33.5 MFLOP in one call
SELECT array_dims(y) AS shape,
       (SELECT count(*) FROM unnest(y) v WHERE v > 0) AS positive,
       (SELECT round(max(v)::numeric, 6) FROM unnest(y) v) AS largest
FROM (SELECT linear_residual_relu(x, x, array_fill(0.25::float8, '{256}'), x) AS y
      FROM (SELECT array_agg(r ORDER BY i) AS x
            FROM (SELECT i, array_agg(sin(i * 256 + j) ORDER BY j) AS r
                  FROM generate_series(0, 255) i, generate_series(0, 255) j GROUP BY i) s) d) t;
-- shape errors say what was expected
\set ON_ERROR_STOP 0
SELECT matmul('{{1,2,3}}', '{{1},{2}}');
\set ON_ERROR_STOP 1
-- the executor worker's counters (zero unless preloaded with fusekern.cuda = on)
SELECT * FROM fusekern_cuda_stats;
-- vector kernels: log returns of a price series in percent, in one pass
SELECT dlog_scale_add('{100,101.5,NULL,99.8,100.2}'::float8[], 1, 100, 0) AS log_returns_pct;
-- the same on nvec, against the unfused chain: identical
SELECT dlog_scale_add(p, 1, 100, 0) = scale_add(dlog(p, 1), 100, 0) AS fused_equals_unfused
FROM (SELECT '{100,101.5,NULL,99.8,100.2}'::nvec AS p) s;
-- arithmetic with NULLs and scalars on either side; lags
SELECT ('{1,2,NULL,4}'::float8[] * 2 + 1) / '{1,1,1,2}'::float8[] AS affine,
       diff('{1,3,6,10,15}'::nvec, 2) AS diff_lag2;
-- core's errors, or NULLs when asked
\set ON_ERROR_STOP 0
SELECT ln('{1,0,2}'::float8[]);
\set ON_ERROR_STOP 1
SELECT ln('{1,0,2}'::float8[], 'null') AS ln_with_nulls;

-- Fusion: nested calls are rewritten at plan time into one pass over memory
CREATE TABLE prices AS
SELECT array_agg(round((100 * exp(i / 50.0 + 0.01 * sin(i)))::numeric, 2)::float8 ORDER BY i) AS px
FROM generate_series(1, 8) i;
EXPLAIN (VERBOSE, COSTS OFF) SELECT scale_add(dlog(px, 1), 252, 0) FROM prices;
SELECT scale_add(dlog(px, 1), 252, 0) AS annualised_log_returns FROM prices;
EXPLAIN (VERBOSE, COSTS OFF) SELECT sqrt(abs(diff(ln(px), 2))) * 100 FROM prices;
SELECT sqrt(abs(diff(ln(px), 2))) * 100 AS fused_in_one_pass FROM prices;
