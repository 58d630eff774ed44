SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;
SET extra_float_digits = 0;

-- a small layer with exact (dyadic) values: x 2 x 3, w 3 x 2
\set x '''{{1,2,3},{-4,0.5,-1}}''::float8[]'
\set w '''{{1,-1},{0.25,2},{-2,0}}''::float8[]'
\set b '''{0.5,1}''::float8[]'
\set r '''{{1,1},{-1,20}}''::float8[]'
SELECT matmul(:x, :w);
SELECT add_bias(matmul(:x, :w), :b);
SELECT relu(add_bias(matmul(:x, :w), :b));
SELECT linear_residual_relu(:x, :w, :b, :r);
SELECT gelu_linear(:x, :w, :b);
SELECT gelu(:x);

-- one row as a 1-D array gives a 1-D result
SELECT matmul('{1,2,3}', :w), array_dims(matmul('{1,2,3}', :w));
SELECT linear_residual_relu('{1,2,3}', :w, :b, '{1,1}');
SELECT gelu_linear('{1,2,3}', :w, :b) = ARRAY(SELECT unnest(gelu_linear('{{1,2,3}}', :w, :b))) AS same_as_one_row,
       array_dims(gelu_linear('{1,2,3}', :w, :b));

-- shapes: m x n out of m x k and k x n; lower bounds of the inputs do not matter
SELECT array_dims(matmul(array_fill(1.0::float8, '{5,3}'), array_fill(2.0::float8, '{3,7}'))),
       array_dims(matmul('[0:1][5:7]={{1,2,3},{-4,0.5,-1}}'::float8[], :w)),
       matmul('[0:1][5:7]={{1,2,3},{-4,0.5,-1}}'::float8[], :w) = matmul(:x, :w) AS same_values;
-- relu, gelu and add_bias keep the shape and bounds of their input
SELECT relu('[3:4]={-1,2}'::float8[]), array_dims(relu('[3:4][0:0]={{-1},{2}}'::float8[])),
       relu('{}'::float8[]), gelu('{}'::float8[]),
       add_bias('[2:3][2:3]={{1,2},{3,4}}'::float8[], '{10,20}');

-- relu passes NaN and -0 through; gelu's limits at the infinities
SELECT relu('{-1.5,-0,0,NaN,Infinity,-Infinity,1e-310,-1e-310}');
SELECT gelu('{0,-0,NaN,Infinity,-Infinity,1e300,-1e300}');

-- gelu against the tanh formula written in SQL float8 arithmetic: within
-- 4 * 2^-52 * |v| (vector tanh and libm tanh agree to a few ulps)
SELECT count(*) AS n,
       count(*) FILTER (WHERE abs(g - 0.5 * v * (1 + tanh(sqrt(2 / pi()) * (v + 0.044715 * v * v * v))))
                              <= 4 * 2.0^(-52) * abs(v)) AS within
FROM (SELECT v, (gelu(ARRAY[v]))[1] AS g
      FROM (SELECT (i / 37.0 - 20)::float8 AS v FROM generate_series(0, 1480) i
            UNION ALL SELECT unnest('{1e-100,-1e-100,1e-5,-7.5,30,-30,1e100}'::float8[])) s) t;

-- fused against unfused, exactly: with a zero residual, and gelu_linear
SELECT setseed(0.5);
CREATE TEMP TABLE m AS
SELECT (SELECT array_agg(r) FROM (SELECT array_agg(random() * 4 - 2) AS r FROM generate_series(1, 13 * 7) g
                                   GROUP BY (g - 1) / 13) s) AS x,
       (SELECT array_agg(r) FROM (SELECT array_agg(random() * 4 - 2) AS r FROM generate_series(1, 5 * 13) g
                                   GROUP BY (g - 1) / 5) s) AS w,
       (SELECT array_agg(random() * 4 - 2) FROM generate_series(1, 5)) AS b,
       (SELECT array_agg(r) FROM (SELECT array_agg(random() * 4 - 2) AS r FROM generate_series(1, 5 * 7) g
                                   GROUP BY (g - 1) / 5) s) AS r;
SELECT array_dims(x) AS x, array_dims(w) AS w, array_dims(b) AS b, array_dims(r) AS r FROM m;
SELECT linear_residual_relu(x, w, b, array_fill(0::float8, '{7,5}')) = relu(add_bias(matmul(x, w), b)) AS lrr_zero_residual,
       gelu_linear(x, w, b) = add_bias(matmul(gelu(x), w), b) AS gelu_linear_unfused
FROM m;

-- against a naive reference: |fused - naive| <= (k + 2) * 2^-52 * (sum |x w| + |r| + |b|)
CREATE FUNCTION pg_temp.naive(x float8[], w float8[], b float8[], r float8[], act text,
                              OUT v float8, OUT mag float8, OUT i int, OUT j int)
RETURNS SETOF record LANGUAGE sql AS $$
  SELECT CASE WHEN act = 'relu' AND s < 0 THEN 0 ELSE s END, a, i, j
  FROM (SELECT i, j,
               sum(xv * w[p][j]) + coalesce(r[i][j], 0) + coalesce(b[j], 0) AS s,
               sum(abs(xv * w[p][j])) + abs(coalesce(r[i][j], 0)) + abs(coalesce(b[j], 0)) AS a
        FROM generate_series(1, array_length(x, 1)) i,
             generate_series(1, array_length(w, 2)) j,
             generate_series(1, array_length(w, 1)) p,
             LATERAL (SELECT CASE WHEN act = 'gelu'
                                  THEN 0.5 * x[i][p] * (1 + tanh(sqrt(2 / pi()) * (x[i][p] + 0.044715 * x[i][p] * x[i][p] * x[i][p])))
                                  ELSE x[i][p] END AS xv) g
        GROUP BY i, j, r[i][j], b[j]) s
$$;
SELECT 'matmul' AS layer, count(*) AS n, bool_and(abs(f[i][j] - v) <= 15 * 2.0^(-52) * mag) AS within
FROM m, matmul(x, w) f, pg_temp.naive(x, w, NULL, NULL, '')
UNION ALL
SELECT 'linear_residual_relu', count(*), bool_and(abs(f[i][j] - v) <= 15 * 2.0^(-52) * mag)
FROM m, linear_residual_relu(x, w, b, r) f, pg_temp.naive(x, w, b, r, 'relu')
UNION ALL
SELECT 'gelu_linear', count(*), bool_and(abs(f[i][j] - v) <= 15 * 2.0^(-52) * mag)
FROM m, gelu_linear(x, w, b) f, pg_temp.naive(x, w, b, NULL, 'gelu');
-- the ReLU did clip some elements and kept others
SELECT count(*) FILTER (WHERE v = 0) > 0 AS some_clipped, count(*) FILTER (WHERE v > 0) > 0 AS some_kept
FROM m, unnest(linear_residual_relu(x, w, b, r)) v;

-- weights stored out of line are detoasted once per query and reused while
-- the same stored value comes back: rows alternating between different
-- weights must each get their own
CREATE TEMP TABLE weights (id int, w float8[]);
ALTER TABLE weights ALTER COLUMN w SET STORAGE EXTERNAL;
INSERT INTO weights
SELECT id, (SELECT array_agg(r ORDER BY i) FROM (SELECT i, array_agg(random() ORDER BY j) AS r
            FROM generate_series(1, 30) i, generate_series(1, 30) j WHERE id > 0 GROUP BY i) s)
FROM generate_series(1, 3) id;
SELECT pg_relation_size(reltoastrelid) > 0 AS stored_out_of_line FROM pg_class WHERE oid = 'weights'::regclass;
SELECT count(*) AS n,
       count(*) FILTER (WHERE matmul(x, w) = matmul(x, w || '{}'::float8[])) AS same
FROM (SELECT array_fill(k::float8, '{2,30}') AS x, k FROM generate_series(1, 4) k) xs,
     (SELECT w FROM weights, generate_series(1, 3) rep ORDER BY rep, id) ws;

-- non-finite inputs propagate through the product
SELECT matmul('{{NaN,0},{1,1}}', '{{1,1},{1,1}}'), matmul('{{Infinity,1}}', '{{1},{-1}}'),
       matmul('{{Infinity,-Infinity}}', '{{1},{1}}');

-- NULL arguments: the functions are strict
SELECT matmul(NULL, :w) IS NULL AS a, linear_residual_relu(:x, :w, :b, NULL) IS NULL AS b,
       gelu_linear(:x, NULL, :b) IS NULL AS c, relu(NULL) IS NULL AS d;

-- an empty input gives core's empty array, byte for byte (no 8 stray bytes)
SELECT pg_column_size(relu('{}'::float8[])) AS relu_size,
       pg_column_size(gelu('{}'::float8[])) AS gelu_size,
       relu('{}'::float8[]) = '{}' AS relu_eq, gelu('{}'::float8[]) = '{}' AS gelu_eq,
       (SELECT s FROM (SELECT relu('{}'::float8[]) AS a) s) *=
       (SELECT s FROM (SELECT '{}'::float8[] AS a) s) AS relu_same_bytes,
       (SELECT s FROM (SELECT gelu('{}'::float8[]) AS a) s) *=
       (SELECT s FROM (SELECT '{}'::float8[] AS a) s) AS gelu_same_bytes;

-- and so do the kernels' empty results
SELECT f, pg_column_size(r) AS size,
       (SELECT s FROM (SELECT r AS a) s) *= (SELECT s FROM (SELECT '{}'::float8[] AS a) s) AS same_bytes
FROM (VALUES ('ln', ln('{}'::float8[])), ('add', vadd('{}'::float8[], '{}'::float8[])),
             ('scale_add', scale_add('{}'::float8[], 2, 1)), ('diff', diff('{}'::float8[], 1)),
             ('fused_eval', fused_eval('exp(v1)', '{}'::float8[])),
             ('nvec', '{}'::nvec::float8[])) v(f, r);

-- volatility: a product's last bits depend on who computes it (BLAS kernel
-- of this CPU, a GPU, the worker's fairness rule): VOLATILE; the exact
-- elementwise pieces are IMMUTABLE
SELECT p.oid::regprocedure AS function, p.provolatile, p.proparallel
FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
     AND d.deptype = 'e' AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'fusekern')
WHERE p.proname IN ('matmul', 'add_bias', 'relu', 'gelu', 'linear_residual_relu', 'gelu_linear')
ORDER BY p.proname;

-- so a product cannot be indexed; relu can
CREATE TEMP TABLE dl_vol (x float8[]);
CREATE INDEX ON dl_vol (matmul(x, '{{1}}'));
CREATE INDEX ON dl_vol (relu(x));
DROP TABLE dl_vol;

-- without shared_preload_libraries the worker's counters read zero
SELECT * FROM fusekern_executor_stats;
