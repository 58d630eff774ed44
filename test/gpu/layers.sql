-- Dense layers from SQL on the executor worker, against the backend's CPU
-- path, the unfused spelling (fusion off and on) and the SQL floor: one
-- PL/pgSQL loop per measure.  The first of each measure's calls is a
-- warm-up and not counted.  Writes gpu_times and
-- prints it; test/gpu/summary.py turns it into the table of docs/cuda.md.
\set ON_ERROR_STOP 1
\pset pager off
\if :{?sizes}
\else
\set sizes '16, 64, 256, 512, 1024, 2048'
\endif
CREATE EXTENSION IF NOT EXISTS fusekern;
SELECT setseed(0.5);

-- An m x n matrix of uniform values in [-s/2, s/2)
CREATE FUNCTION gpu_rmat(m int, n int, s float8) RETURNS float8[]
LANGUAGE sql AS $$
	SELECT array_agg(r ORDER BY i) FROM (
		SELECT i, array_agg((random() - 0.5) * s ORDER BY j) r
		FROM generate_series(1, m) i, generate_series(1, n) j GROUP BY i) t
$$;
CREATE TABLE gpu_mats AS
	SELECT n, gpu_rmat(n, n, 1) x, gpu_rmat(n, n, 1 / sqrt(n)) w,
		(SELECT array_agg(random() - 0.5) FROM generate_series(1, n)) b,
		gpu_rmat(n, n, 1) r
	FROM unnest(ARRAY[:sizes]) n;

CREATE TABLE gpu_times(n int, what text, rep int, ms float8);
CREATE TABLE gpu_outs(n int, what text, out float8[]);

-- Time `reps` calls of the expression expr (of m.x, m.w, m.b, m.r, the
-- matrices of one size) under settings of fusekern.cuda_min_flops and
-- fusekern.enable_fusion, as a PL/pgSQL assignment (as users write it: the
-- expression is planned once, under those settings, and evaluated with the
-- matrices in memory); keep the first result.  A spelling this build
-- refuses is reported and skipped.
CREATE FUNCTION gpu_time(what text, expr text, min_flops text, fusion text,
						 reps int DEFAULT 5) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE format($f$
CREATE OR REPLACE FUNCTION pg_temp.gpu_measure(what text, reps int) RETURNS void
LANGUAGE plpgsql
SET fusekern.cuda_min_flops = %L SET fusekern.enable_fusion = %L AS $b$
DECLARE
	t0 timestamptz;
	o float8[];
	m record;
BEGIN
	FOR m IN SELECT * FROM gpu_mats ORDER BY n LOOP
		FOR k IN 0..reps LOOP
			t0 := clock_timestamp();
			o := %s;
			IF k > 0 THEN
				INSERT INTO gpu_times VALUES (m.n, what, k,
					extract(epoch FROM clock_timestamp() - t0) * 1000);
			ELSE
				INSERT INTO gpu_outs VALUES (m.n, what, o);
			END IF;
		END LOOP;
	END LOOP;
END $b$ $f$, min_flops, fusion, expr);
	PERFORM pg_temp.gpu_measure(what, reps);
EXCEPTION WHEN OTHERS THEN
	RAISE NOTICE '%: %', what, SQLERRM;
END $$;

SELECT gpu_time('linear_residual_relu, backend CPU', 'linear_residual_relu(m.x, m.w, m.b, m.r)', '1e18', 'on', 3);
SELECT gpu_time('linear_residual_relu, worker', 'linear_residual_relu(m.x, m.w, m.b, m.r)', '0', 'on');
SELECT gpu_time('matmul, worker', 'matmul(m.x, m.w)', '0', 'on');
SELECT gpu_time('unfused spelling, fusion off, worker', 'relu(add_bias(matmul(m.x, m.w), m.b) + m.r)', '0', 'off');
SELECT gpu_time('unfused spelling, fusion on, worker', 'relu(add_bias(matmul(m.x, m.w), m.b) + m.r)', '0', 'on');
SELECT gpu_time('relu(add_bias(matmul)), fusion off, worker', 'relu(add_bias(matmul(m.x, m.w), m.b))', '0', 'off');
SELECT gpu_time('relu(add_bias(matmul)), fusion on, worker', 'relu(add_bias(matmul(m.x, m.w), m.b))', '0', 'on');
SELECT gpu_time('SQL floor relu(r)', 'relu(m.r)', '0', 'on');
SELECT * FROM fusekern_executor_stats;

-- The worker's results against the backend's CPU path
SELECT g.n, g.what,
	(SELECT max(abs(a - b)) FROM unnest(g.out, c.out) t(a, b)) AS max_abs_diff_vs_cpu
FROM gpu_outs g JOIN gpu_outs c ON c.n = g.n
	AND c.what = 'linear_residual_relu, backend CPU'
WHERE g.what <> c.what AND (g.what LIKE 'linear_residual_relu%' OR g.what LIKE 'unfused spelling%')
ORDER BY 2, 1;

-- Many small layers: 64 rows of 32 x 256 through one 256 x 256 layer, one
-- call per row, on the worker and on the backend
CREATE TABLE gpu_batch AS
	SELECT g id, gpu_rmat(32, 256, 1) x, gpu_rmat(32, 256, 1) r FROM generate_series(1, 64) g;
CREATE TABLE gpu_layer AS
	SELECT gpu_rmat(256, 256, 1.0 / 16) w, (SELECT array_agg(random() - 0.5) FROM generate_series(1, 256)) b;
CREATE FUNCTION gpu_time_batch(what text, min_flops text, reps int DEFAULT 5) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
	t0 timestamptz;
BEGIN
	PERFORM set_config('fusekern.cuda_min_flops', min_flops, true);
	FOR k IN 0..reps LOOP
		t0 := clock_timestamp();
		PERFORM count(linear_residual_relu(x, w, b, r)) FROM gpu_batch, gpu_layer;
		IF k > 0 THEN
			INSERT INTO gpu_times VALUES (0, what, k,
				extract(epoch FROM clock_timestamp() - t0) * 1000);
		END IF;
	END LOOP;
END $$;
SELECT gpu_time_batch('64 rows x (32x256 . 256x256), worker', '0');
SELECT gpu_time_batch('64 rows x (32x256 . 256x256), backend CPU', '1e18');

SELECT n, what, count(*) AS reps,
	round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms)::numeric, 2) AS median_ms,
	round(min(ms)::numeric, 2) AS min_ms, round(max(ms)::numeric, 2) AS max_ms
FROM gpu_times GROUP BY n, what ORDER BY what, n;
\copy (SELECT n, what, rep, ms FROM gpu_times ORDER BY what, n, rep) TO '/tmp/gpu_times.csv' CSV HEADER
SELECT * FROM fusekern_executor_stats;
