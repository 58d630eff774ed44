SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

CREATE TABLE fz (id int, x float8[], y float8[], a float8, b float8, l int);
INSERT INTO fz VALUES
	(1, '{1,2,4,8,16,32}', '{0.5,1,1,2,3,5}', 2.5, 1, 1),
	(2, '{1,NULL,3,4,5,6}', '{1,1,1,NULL,1,1}', -1, 0, 2),
	(3, '{}', '{}', 3, 3, 0);

-- results shown rounded: ln and exp may differ in the last bit between SIMD paths
CREATE FUNCTION fz_r(v float8[]) RETURNS numeric[] LANGUAGE sql IMMUTABLE
	AS $$SELECT coalesce(array_agg(round(e::numeric, 9) ORDER BY i), '{}')
		 FROM unnest(v) WITH ORDINALITY u(e, i)$$;
CREATE FUNCTION fz_r(v nvec) RETURNS numeric[] LANGUAGE sql IMMUTABLE
	AS 'SELECT fz_r(v::float8[])';

-- Errors are those of the unfused expression, NULL inputs give its NULLs
CREATE TABLE fe (id int, x float8[], xn nvec, y float8[], s float8, v float8[]);
INSERT INTO fe VALUES
	(1, '{1,0,-1}', '{1,-1,0}', '{1,2,3,4}', NULL, NULL),
	(2, '{1,2}', '{1,2}', '{1,2,3}', 1e300, '{1,1}');
SELECT exp(ln(x) * 2) FROM fe WHERE id = 1;
SELECT exp(ln(xn) * 2) FROM fe WHERE id = 1;
SELECT exp(vmul(ln(x, 'null'), 2, 'null'), 'null'),
	   exp(vmul(ln(xn, 'null'), 2, 'null'), 'null') FROM fe WHERE id = 1;
SELECT exp(ln(x, 'null') * 2), exp(ln(xn, 'null') * 2) FROM fe WHERE id = 1;
SELECT ln(x + y) * 2 FROM fe WHERE id = 2;
SELECT (x - y) * 2 + ln(x) FROM fe WHERE id = 2;
SELECT ln(dlog(x, -1) + 1) FROM fe WHERE id = 2;
SELECT exp(x * s) * 2 FROM fe WHERE id = 2;
-- a NULL argument gives NULL, after the arguments before it raised theirs
SELECT ln(ln(y - 1)) * s FROM fe WHERE id = 1;
SELECT ln(y) * s + 1, (ln(y) - v) * 2 FROM fe WHERE id = 1;
SELECT ln(x) + v FROM fe WHERE id = 1;

-- Views
CREATE VIEW fz_view AS SELECT id, scale_add(dlog(x, 1), 252, 0) AS r, exp(ln(x) - y) AS g FROM fz;
EXPLAIN (VERBOSE, COSTS OFF) SELECT * FROM fz_view;
SELECT id, fz_r(r) AS r, fz_r(g) AS g FROM fz_view ORDER BY id;

-- Prepared statements: parameters as scalars, lags and vectors
PREPARE fzp(float8, float8, int, float8[]) AS
	SELECT id, (x - y) * $1 + $2, fz_r(scale_add(dlog(x, $3), $1, $2)),
		   fz_r(ln(x) * 2 - $4)
	FROM fz WHERE id <= 2 ORDER BY id;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE fzp(2, 1, 1, '{1,1,1,1,1,1}');
EXECUTE fzp(2, 1, 1, '{1,1,1,1,1,1}');
SET plan_cache_mode = force_custom_plan;
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE fzp(2, 1, 1, '{1,1,1,1,1,1}');
EXECUTE fzp(2, 1, 1, '{1,1,1,1,1,1}');
RESET plan_cache_mode;
DEALLOCATE fzp;

-- SQL functions (inlined into the query) and PL/pgSQL functions
CREATE FUNCTION fz_sql(v float8[], k float8) RETURNS float8[]
	LANGUAGE sql IMMUTABLE AS 'SELECT scale_add(dlog(v, 1), k, 0)';
EXPLAIN (VERBOSE, COSTS OFF) SELECT fz_sql(x, 252) FROM fz;
SELECT id, fz_r(fz_sql(x, 252)) FROM fz ORDER BY id;
CREATE FUNCTION fz_plpgsql(v float8[], k float8) RETURNS float8[]
	LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
	RETURN exp(ln(v) * k) - 1;
END
$$;
SELECT id, fz_r(fz_plpgsql(x, 0.5)) FROM fz ORDER BY id;
CREATE FUNCTION fz_plan(k float8) RETURNS SETOF text
	LANGUAGE plpgsql AS $$
BEGIN
	RETURN QUERY EXECUTE 'EXPLAIN (VERBOSE, COSTS OFF) SELECT exp(ln(x) * $1) - 1 FROM fz' USING k;
END
$$;
SELECT fz_plan(0.5);

-- Parallel plans: the fused call runs in the workers
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
ALTER TABLE fz SET (parallel_workers = 2);
EXPLAIN (VERBOSE, COSTS OFF) SELECT id, (x - y) * a + b, exp(ln(x) - y) FROM fz WHERE id > 0;
SELECT id, (x - y) * a + b, fz_r(exp(ln(x) - y)) FROM fz WHERE id > 0 ORDER BY id;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;

-- Arguments that are not fusekern calls are evaluated once each
CREATE SEQUENCE fz_seq;
SELECT exp(ln(array_fill(nextval('fz_seq')::float8, ARRAY[2])) + array_fill(nextval('fz_seq')::float8, ARRAY[2]))
	 = exp(ln('{1,1}'::float8[]) + '{2,2}'::float8[]) AS same, currval('fz_seq');

-- The fused evaluation called by hand checks its program
SELECT fused_eval('ln(v1) + v2', '{1,2}'::float8[], 1::float8);
SELECT fused_eval('ln(v1) + ', '{1,2}'::float8[]);
SELECT fused_eval('ln(v2)', '{1,2}'::float8[]);
SELECT fused_eval('ln(v1)', 1::float8);
SELECT fused_eval('frob(v1)', '{1,2}'::float8[]);
SELECT fused_eval('dlog(v1, 1.5)', '{1,2}'::float8[]);
SELECT fused_eval_nvec('(v1 * -Infinity)', '{1,-0,NULL}'::nvec);

DROP TABLE fz, fe CASCADE;
DROP FUNCTION fz_sql, fz_plpgsql, fz_plan, fz_r(float8[]), fz_r(nvec);
DROP SEQUENCE fz_seq;
