SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- every error of the dense layers: SQLSTATE, message and detail
CREATE FUNCTION pg_temp.err(q text, OUT code text, OUT message text, OUT detail text)
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE q;
  code := 'none';
EXCEPTION WHEN others THEN
  GET STACKED DIAGNOSTICS code = RETURNED_SQLSTATE, message = MESSAGE_TEXT,
                          detail = PG_EXCEPTION_DETAIL;
END $$;
\pset null '-'
\x on

-- NULL elements
SELECT * FROM pg_temp.err($$SELECT matmul('{{1,NULL}}', '{{1},{2}}')$$);
SELECT * FROM pg_temp.err($$SELECT matmul('{{1,2}}', '{{1},{NULL}}')$$);
SELECT * FROM pg_temp.err($$SELECT linear_residual_relu('{1,2}', '{{1},{2}}', '{NULL}', '{1}')$$);
SELECT * FROM pg_temp.err($$SELECT linear_residual_relu('{1,2}', '{{1},{2}}', '{1}', '{NULL}')$$);
SELECT * FROM pg_temp.err($$SELECT gelu_linear('{NULL,2}', '{{1},{2}}', '{1}')$$);
SELECT * FROM pg_temp.err($$SELECT add_bias('{{1,2}}', '{1,NULL}')$$);
SELECT * FROM pg_temp.err($$SELECT relu('{1,NULL}')$$);
SELECT * FROM pg_temp.err($$SELECT gelu('{{NULL}}')$$);

-- empty and too many dimensions
SELECT * FROM pg_temp.err($$SELECT matmul('{}', '{{1}}')$$);
SELECT * FROM pg_temp.err($$SELECT matmul('{{1}}', '{}')$$);
SELECT * FROM pg_temp.err($$SELECT matmul('{{{1}}}', '{{1}}')$$);
SELECT * FROM pg_temp.err($$SELECT add_bias('{}', '{1}')$$);

-- w must be 2-D, and x's columns must match w's rows
SELECT * FROM pg_temp.err($$SELECT matmul('{1,2}', '{1,2}')$$);
SELECT * FROM pg_temp.err($$SELECT matmul('{{1,2,3}}', '{{1},{2}}')$$);
SELECT * FROM pg_temp.err($$SELECT gelu_linear('{1,2,3}', '{{1},{2}}', '{0}')$$);

-- bias: one-dimensional, one element per column
SELECT * FROM pg_temp.err($$SELECT gelu_linear('{1,2}', '{{1,2},{3,4}}', '{0}')$$);
SELECT * FROM pg_temp.err($$SELECT gelu_linear('{1,2}', '{{1,2},{3,4}}', '{{0,0}}')$$);
SELECT * FROM pg_temp.err($$SELECT linear_residual_relu('{1,2}', '{{1,2},{3,4}}', '{0,0,0}', '{0,0}')$$);
SELECT * FROM pg_temp.err($$SELECT add_bias('{{1,2},{3,4}}', '{1,2,3}')$$);

-- residual: exactly the result's shape
SELECT * FROM pg_temp.err($$SELECT linear_residual_relu('{1,2}', '{{1,2},{3,4}}', '{0,0}', '{{0,0}}')$$);
SELECT * FROM pg_temp.err($$SELECT linear_residual_relu('{{1,2}}', '{{1,2},{3,4}}', '{0,0}', '{0,0}')$$);
SELECT * FROM pg_temp.err($$SELECT linear_residual_relu('{{1,2},{3,4}}', '{{1,2},{3,4}}', '{0,0}', '{{0,0}}')$$);
SELECT * FROM pg_temp.err($$SELECT linear_residual_relu('{{1,2},{3,4}}', '{{1,2},{3,4}}', '{0,0}', '{{0,0,0},{0,0,0}}')$$);

-- a result past the array size limit is refused before any allocation
SELECT * FROM pg_temp.err($$SELECT matmul(array_fill(1::float8, '{20000,1}'), array_fill(1::float8, '{1,20000}'))$$);
