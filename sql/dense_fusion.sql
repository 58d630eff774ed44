-- Dense chains fused by the planner (src/dense/fuse.c, docs/dense.md)
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;
SET extra_float_digits = 0;

-- one row per x (1-D: vadd takes one-dimensional arrays), w 3 x 2
CREATE TABLE dfx (id int, x float8[], r float8[], x2 float8[]);
CREATE TABLE dfl (w float8[], b float8[]);
INSERT INTO dfx VALUES
	(1, '{1,2,3}', '{1,-100}', '{{1,2,3},{-4,0.5,-1}}'),
	(2, '{-1,0.5,2}', '{0.25,0.5}', '{{0,0,0}}'),
	(3, '{0.125,-8,4}', '{-2,2}', '{{1,1,1},{2,2,2},{3,3,3}}');
INSERT INTO dfl VALUES ('{{1,-1},{0.25,2},{-2,0}}', '{0.5,1}');

-- every spelling of the residual block becomes one call
EXPLAIN (VERBOSE, COSTS OFF)
SELECT relu(add_bias(matmul(x, w), b) + r),
	   relu(vadd(add_bias(matmul(x, w), b), r)),
	   relu(r + add_bias(matmul(x, w), b)),
	   relu(add_bias(matmul(x, w) + r, b)),
	   relu(add_bias(vadd(r, matmul(x, w)), b))
FROM dfx, dfl;
-- the feed-forward layer, 1-D or 2-D x
EXPLAIN (VERBOSE, COSTS OFF)
SELECT add_bias(matmul(gelu(x), w), b), add_bias(matmul(gelu(x2), w), b)
FROM dfx, dfl;
-- the layer without a residual, 1-D or 2-D x (a matrix of rows: no vadd)
EXPLAIN (VERBOSE, COSTS OFF)
SELECT relu(add_bias(matmul(x, w), b)), relu(add_bias(matmul(x2, w), b))
FROM dfx, dfl;

-- the same results as the unfused spelling: kept with fusion off, compared
-- with fusion on (exact values: the same bits)
SET fusekern.enable_fusion = off;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT relu(add_bias(matmul(x, w), b) + r) FROM dfx, dfl;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT relu(add_bias(matmul(x2, w), b)) FROM dfx, dfl;
CREATE TABLE dfu AS
SELECT id, relu(add_bias(matmul(x, w), b) + r) AS a,
	   relu(r + add_bias(matmul(x, w), b)) AS a2,
	   relu(add_bias(matmul(x, w) + r, b)) AS c,
	   relu(add_bias(vadd(r, matmul(x, w)), b)) AS c2,
	   add_bias(matmul(gelu(x), w), b) AS g,
	   add_bias(matmul(gelu(x2), w), b) AS g2,
	   relu(add_bias(matmul(x, w), b)) AS l,
	   relu(add_bias(matmul(x2, w), b)) AS l2
FROM dfx, dfl;
RESET fusekern.enable_fusion;
CREATE TABLE dff AS
SELECT id, relu(add_bias(matmul(x, w), b) + r) AS a,
	   relu(r + add_bias(matmul(x, w), b)) AS a2,
	   relu(add_bias(matmul(x, w) + r, b)) AS c,
	   relu(add_bias(vadd(r, matmul(x, w)), b)) AS c2,
	   add_bias(matmul(gelu(x), w), b) AS g,
	   add_bias(matmul(gelu(x2), w), b) AS g2,
	   relu(add_bias(matmul(x, w), b)) AS l,
	   relu(add_bias(matmul(x2, w), b)) AS l2
FROM dfx, dfl;
SELECT id, a, c, g, g2 FROM dff ORDER BY id;
SELECT id, l, l2 FROM dff ORDER BY id;
-- the largest absolute difference of any element, fused against unfused
CREATE FUNCTION df_maxdiff(p float8[], q float8[]) RETURNS float8
LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN array_dims(p) IS DISTINCT FROM array_dims(q) THEN 'Infinity'::float8
		ELSE (SELECT coalesce(max(abs(u - v)), 0) FROM unnest(p, q) AS e(u, v)) END
$$;
SELECT max(df_maxdiff(f.a, u.a)) AS a, max(df_maxdiff(f.a2, u.a2)) AS a2,
	   max(df_maxdiff(f.c, u.c)) AS c, max(df_maxdiff(f.c2, u.c2)) AS c2,
	   max(df_maxdiff(f.g, u.g)) AS g, max(df_maxdiff(f.g2, u.g2)) AS g2,
	   max(df_maxdiff(f.l, u.l)) AS l, max(df_maxdiff(f.l2, u.l2)) AS l2
FROM dff f JOIN dfu u USING (id);

-- random layers (k = 64, n = 48): the residual spellings give the same
-- bits; gelu_linear the same bits as gelu, matmul and add_bias chained
SELECT setseed(0.26);
CREATE TABLE dfrx AS
SELECT i AS id,
	   (SELECT array_agg(random() * 4 - 2) FROM generate_series(1, 64) WHERE i > 0) AS x,
	   (SELECT array_agg(random() * 4 - 2) FROM generate_series(1, 48) WHERE i > 0) AS r
FROM generate_series(1, 20) i;
CREATE TABLE dfrl AS
SELECT (SELECT array_agg(row ORDER BY j) FROM
		 (SELECT j, (SELECT array_agg(random() - 0.5) FROM generate_series(1, 48) WHERE j > 0) AS row
		  FROM generate_series(1, 64) j) s) AS w,
	   (SELECT array_agg(random()) FROM generate_series(1, 48)) AS b;
SELECT array_dims(w), array_dims(b) FROM dfrl;
SET fusekern.enable_fusion = off;
CREATE TABLE dfru AS
SELECT id, relu(add_bias(matmul(x, w), b) + r) AS a,
	   relu(add_bias(matmul(x, w) + r, b)) AS c,
	   add_bias(matmul(gelu(x), w), b) AS g
FROM dfrx, dfrl;
RESET fusekern.enable_fusion;
CREATE TABLE dfrf AS
SELECT id, relu(add_bias(matmul(x, w), b) + r) AS a,
	   relu(add_bias(matmul(x, w) + r, b)) AS c,
	   add_bias(matmul(gelu(x), w), b) AS g
FROM dfrx, dfrl;
SELECT count(*), max(df_maxdiff(f.a, u.a)) AS a, max(df_maxdiff(f.c, u.c)) AS c,
	   max(df_maxdiff(f.g, u.g)) AS g
FROM dfrf f JOIN dfru u USING (id);
-- the layer without a residual, the same bits: one row and matrices of 1,
-- 7 and 1400 rows (the last in two blocks of the bias and ReLU pass)
CREATE TABLE dfrm AS
SELECT m AS id,
	   (SELECT array_agg(row ORDER BY i) FROM
		 (SELECT i, (SELECT array_agg(random() * 4 - 2) FROM generate_series(1, 64) WHERE i > 0) AS row
		  FROM generate_series(1, m) i) s) AS x2
FROM unnest('{1,7,1400}'::int[]) m;
SET fusekern.enable_fusion = off;
CREATE TABLE dfrmu AS
SELECT id, relu(add_bias(matmul(x2, w), b)) AS l2 FROM dfrm, dfrl
UNION ALL
SELECT -id, relu(add_bias(matmul(x, w), b)) FROM dfrx, dfrl;
RESET fusekern.enable_fusion;
CREATE TABLE dfrmf AS
SELECT id, relu(add_bias(matmul(x2, w), b)) AS l2 FROM dfrm, dfrl
UNION ALL
SELECT -id, relu(add_bias(matmul(x, w), b)) FROM dfrx, dfrl;
SELECT count(*), max(df_maxdiff(f.l2, u.l2)) AS l2,
	   sum(cardinality(f.l2)) AS elements, count(*) FILTER (WHERE f.l2 = u.l2) AS equal
FROM dfrmf f JOIN dfrmu u USING (id);
-- and linear_residual_relu itself (x w + residual, then bias, in dgemm's
-- order) within the dense tolerance of both, (k + 2) 2^-52 (sum |x w| + |r| + |b|)
SELECT bool_and(df_maxdiff(linear_residual_relu(x, w, b, r), f.a) <=
				66 * 2::float8 ^ (-52) * (64 * 2 * 0.5 + 2 + 1)) AS within_tolerance
FROM dfrx JOIN dfrf f USING (id), dfrl;

-- errors: each the unfused spelling's, with its SQLSTATE and message, fused
-- or not (the fused call evaluates the spelling call by call where it fails)
CREATE FUNCTION df_try(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	res text;
BEGIN
	EXECUTE q INTO res;
	RETURN coalesce(res, 'NULL');
EXCEPTION WHEN OTHERS THEN
	RETURN SQLSTATE || ': ' || SQLERRM;
END
$$;
-- NULLs that are no constants (a constant NULL folds the STRICT call away)
CREATE TABLE dfn (nb float8[], nw float8[], nx float8[]);
INSERT INTO dfn VALUES (NULL, NULL, '{{1,NULL,3}}');
CREATE TABLE dfq (n int, q text);
INSERT INTO dfq VALUES
	(1, $$SELECT relu(add_bias(matmul(x2, w), b) + x2)::text FROM dfx, dfl WHERE id = 1$$),
	(2, $$SELECT relu(add_bias(matmul(x, w), b) + '{1,NULL}')::text FROM dfx, dfl WHERE id = 1$$),
	(3, $$SELECT relu(add_bias(matmul(x, w), b) + '{1,2,3}')::text FROM dfx, dfl WHERE id = 1$$),
	(4, $$SELECT relu(add_bias(matmul(x, w), '{1}') + r)::text FROM dfx, dfl WHERE id = 1$$),
	(5, $$SELECT relu(add_bias(matmul(x, w), '{NULL,1}') + '{1,2,3}')::text FROM dfx, dfl WHERE id = 1$$),
	(6, $$SELECT relu(add_bias(matmul(x, w) + '{1,NULL}', '{1}'))::text FROM dfx, dfl WHERE id = 1$$),
	(7, $$SELECT relu(add_bias(matmul('{1,NULL,3}', w), b) + r)::text FROM dfx, dfl WHERE id = 1$$),
	(8, $$SELECT relu(add_bias(matmul(x, w), b) + '{1e308,1}')::text FROM dfx, dfl WHERE id = 1$$),
	(9, $$SELECT relu(add_bias(matmul(x, w), '{1e308,0}') + '{1e308,1}')::text FROM dfx, dfl WHERE id = 1$$),
	(10, $$SELECT relu(add_bias(matmul(x, w) + '{1e308,1}', '{1e308,0}'))::text FROM dfx, dfl WHERE id = 1$$),
	(11, $$SELECT relu(add_bias(matmul(x, w), b) + '{Infinity,-Infinity}')::text FROM dfx, dfl WHERE id = 1$$),
	(12, $$SELECT relu(add_bias(matmul('{}', w), b) + r)::text FROM dfx, dfl WHERE id = 1$$),
	(13, $$SELECT relu(add_bias(matmul(x, '{1,2,3}'), b) + r)::text FROM dfx, dfl WHERE id = 1$$),
	(14, $$SELECT relu(add_bias(matmul(x, w), NULL) + r)::text FROM dfx, dfl WHERE id = 1$$),
	(15, $$SELECT relu(add_bias(matmul(x2, w), NULL) + r)::text FROM dfx, dfl WHERE id = 1$$),
	(16, $$SELECT relu(add_bias(matmul('{1,NULL,3}', w), b) + NULL)::text FROM dfx, dfl WHERE id = 1$$),
	(17, $$SELECT add_bias(matmul(gelu('{1,NULL,3}'), w), b)::text FROM dfl$$),
	(18, $$SELECT add_bias(matmul(gelu('{1,NULL,3}'), w), NULL)::text FROM dfl$$),
	(19, $$SELECT add_bias(matmul(gelu('{{{1,2,3}}}'), w), b)::text FROM dfl$$),
	(20, $$SELECT add_bias(matmul(gelu('{}'), w), b)::text FROM dfl$$),
	(21, $$SELECT add_bias(matmul(gelu(x), w), '{1,2,3}')::text FROM dfx, dfl WHERE id = 1$$),
	(22, $$SELECT add_bias(matmul(gelu('[0:1][5:7]={{1,2,3},{4,5,6}}'::float8[]), w), b)::text FROM dfl$$),
	(23, $$SELECT relu(add_bias(matmul('[0:2]={1,2,3}'::float8[], w), b) + '[7:8]={1,2}'::float8[])::text FROM dfl$$),
	(24, $$SELECT relu(add_bias(matmul(x, NULL), b) + r)::text FROM dfx, dfl WHERE id = 1$$),
	(25, $$SELECT relu(add_bias(matmul(x2, w), '{1}'))::text FROM dfx, dfl WHERE id = 1$$),
	(26, $$SELECT relu(add_bias(matmul(x2, w), nb))::text FROM dfx, dfl, dfn WHERE id = 1$$),
	(27, $$SELECT relu(add_bias(matmul('{{1,NULL,3}}', w), b))::text FROM dfl$$),
	(28, $$SELECT relu(add_bias(matmul(nx, w), nb))::text FROM dfl, dfn$$),
	(29, $$SELECT relu(add_bias(matmul(x2, nw), b))::text FROM dfx, dfl, dfn WHERE id = 1$$),
	(30, $$SELECT relu(add_bias(matmul(x2, '{1,2,3}'), b))::text FROM dfx, dfl WHERE id = 1$$),
	(31, $$SELECT relu(add_bias(matmul('{{1,2}}', w), b))::text FROM dfl$$),
	(32, $$SELECT relu(add_bias(matmul(x2, w), '{NULL,1}'))::text FROM dfx, dfl WHERE id = 1$$),
	(33, $$SELECT relu(add_bias(matmul(x2, w), '{{0.5,1}}'))::text FROM dfx, dfl WHERE id = 1$$),
	(34, $$SELECT relu(add_bias(matmul('[0:1][5:7]={{1,2,3},{4,5,6}}'::float8[], w), '[3:4]={0.5,1}'))::text FROM dfl$$),
	(35, $$SELECT relu(add_bias(matmul(x2, w), '{NaN,-Infinity}'))::text FROM dfx, dfl WHERE id = 1$$),
	(36, $$SELECT relu(add_bias(matmul('{{{1,2,3}}}', w), b))::text FROM dfl$$),
	(37, $$SELECT relu(add_bias(matmul('{}', w), nb))::text FROM dfl, dfn$$);
SET fusekern.enable_fusion = off;
CREATE TABLE dfqu AS SELECT n, df_try(q) AS res FROM dfq;
RESET fusekern.enable_fusion;
CREATE TABLE dfqf AS SELECT n, df_try(q) AS res FROM dfq;
SELECT n, f.res, f.res = u.res AS same FROM dfqf f JOIN dfqu u USING (n) ORDER BY n;
-- the calls above that fuse (a constant bias, residual or x is a quiet
-- operand too)
EXPLAIN (VERBOSE, COSTS OFF)
SELECT relu(add_bias(matmul(x, w) + '{1,NULL}', '{1}')) FROM dfx, dfl;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT relu(add_bias(matmul(nx, w), nb)) FROM dfl, dfn;

-- what does not fuse: an operand the unfused order evaluates after a call
-- that is no column, constant or parameter; a 3-argument vadd; with the
-- residual before x in the unfused order, x no quiet operand
EXPLAIN (VERBOSE, COSTS OFF)
SELECT relu(add_bias(matmul(x, w), b || '{}') + r),
	   relu(vadd(add_bias(matmul(x, w), b), r, 'error')),
	   relu((r || '{}') + add_bias(matmul(x || '{}', w), b)),
	   add_bias(matmul(gelu(x), w || '{}'), b)
FROM dfx, dfl;
-- nor the layer without a residual with a bias computed after matmul; over
-- the feed-forward layer, that fuses first and relu stays on its own
EXPLAIN (VERBOSE, COSTS OFF)
SELECT relu(add_bias(matmul(x2, w), b || '{}')),
	   relu(add_bias(matmul(gelu(x2), w), b))
FROM dfx, dfl;
-- x may be any expression where it comes first
EXPLAIN (VERBOSE, COSTS OFF)
SELECT relu(add_bias(matmul(relu(x), w), b) + r) FROM dfx, dfl;
-- parameters of a prepared statement fuse, in custom and generic plans
PREPARE dfp(float8[], float8[]) AS
	SELECT relu(add_bias(matmul($1, w), b) + $2) FROM dfl;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE dfp('{1,2,3}', '{1,1}');
EXECUTE dfp('{1,2,3}', '{1,1}');
EXECUTE dfp('{{1,2,3}}', '{1,1}');
RESET plan_cache_mode;
DEALLOCATE dfp;

-- a spelled call by hand: only the planner's texts
SELECT linear_residual_relu('{1,2,3}', w, b, '{1,1}', 'relu(vadd(add_bias(matmul(x, w), bias), residual))') FROM dfl;
SELECT linear_residual_relu('{1,2,3}', w, b, '{1,1}', 'relu(x)') FROM dfl;
SELECT gelu_linear('{1,2,3}', w, b, 'relu(vadd(add_bias(matmul(x, w), bias), residual))') FROM dfl;
SELECT linear_residual_relu('{1,2,3}', w, b, '{1,1}', NULL) FROM dfl;
SELECT linear_relu('{{1,2,3},{-4,0.5,-1}}', w, b, 'relu(add_bias(matmul(x, w), bias))') FROM dfl;
SELECT linear_relu('{1,2,3}', w, b, 'add_bias(matmul(gelu(x), w), bias)') FROM dfl;

-- privileges: no fusion where the user may not execute a function the
-- call stands for, the layer function, or the spelled form
CREATE ROLE regress_fk_dense;
GRANT SELECT ON dfx, dfl TO regress_fk_dense;
REVOKE EXECUTE ON FUNCTION matmul(float8[], float8[]) FROM public;
SET ROLE regress_fk_dense;
EXPLAIN (VERBOSE, COSTS OFF) SELECT relu(add_bias(matmul(x, w), b) + r) FROM dfx, dfl;
SELECT relu(add_bias(matmul(x, w), b) + r) FROM dfx, dfl;
EXPLAIN (VERBOSE, COSTS OFF) SELECT relu(add_bias(matmul(x2, w), b)) FROM dfx, dfl;
SELECT relu(add_bias(matmul(x2, w), b)) FROM dfx, dfl;
RESET ROLE;
-- the superuser's plan fuses; the user's is planned again, unfused
PREPARE dfp2 AS SELECT relu(add_bias(matmul(x, w), b) + r) FROM dfx, dfl WHERE id = 2;
EXECUTE dfp2;
SET ROLE regress_fk_dense;
EXECUTE dfp2;
RESET ROLE;
DEALLOCATE dfp2;
GRANT EXECUTE ON FUNCTION matmul(float8[], float8[]) TO public;
REVOKE EXECUTE ON FUNCTION linear_residual_relu(float8[], float8[], float8[], float8[]) FROM public;
SET ROLE regress_fk_dense;
EXPLAIN (VERBOSE, COSTS OFF) SELECT relu(add_bias(matmul(x, w), b) + r) FROM dfx, dfl;
RESET ROLE;
GRANT EXECUTE ON FUNCTION linear_residual_relu(float8[], float8[], float8[], float8[]) TO public;
REVOKE EXECUTE ON FUNCTION gelu_linear(float8[], float8[], float8[], text) FROM public;
REVOKE EXECUTE ON FUNCTION gelu(float8[]) FROM public;
GRANT EXECUTE ON FUNCTION gelu(float8[]) TO regress_fk_dense;
SET ROLE regress_fk_dense;
EXPLAIN (VERBOSE, COSTS OFF) SELECT add_bias(matmul(gelu(x), w), b) FROM dfx, dfl;
RESET ROLE;
GRANT EXECUTE ON FUNCTION gelu_linear(float8[], float8[], float8[], text) TO public;
GRANT EXECUTE ON FUNCTION gelu(float8[]) TO public;
-- the layer without a residual: its spelled form, or relu, not executable
REVOKE EXECUTE ON FUNCTION linear_relu(float8[], float8[], float8[], text) FROM public;
SET ROLE regress_fk_dense;
EXPLAIN (VERBOSE, COSTS OFF) SELECT relu(add_bias(matmul(x2, w), b)) FROM dfx, dfl;
RESET ROLE;
GRANT EXECUTE ON FUNCTION linear_relu(float8[], float8[], float8[], text) TO public;
SET ROLE regress_fk_dense;
EXPLAIN (VERBOSE, COSTS OFF) SELECT relu(add_bias(matmul(x2, w), b)) FROM dfx, dfl;
RESET ROLE;
REVOKE EXECUTE ON FUNCTION relu(float8[]) FROM public;
SET ROLE regress_fk_dense;
EXPLAIN (VERBOSE, COSTS OFF) SELECT relu(add_bias(matmul(x2, w), b)) FROM dfx, dfl;
SELECT linear_relu('{1,2,3}', w, b, 'relu(add_bias(matmul(x, w), bias))') FROM dfl;
RESET ROLE;
GRANT EXECUTE ON FUNCTION relu(float8[]) TO public;
-- the spelled call checks its functions when it runs
REVOKE EXECUTE ON FUNCTION vadd(float8[], float8[]) FROM public;
SET ROLE regress_fk_dense;
SELECT linear_residual_relu('{1,2,3}', w, b, '{1,1}', 'relu(vadd(add_bias(matmul(x, w), bias), residual))') FROM dfl;
RESET ROLE;
GRANT EXECUTE ON FUNCTION vadd(float8[], float8[]) TO public;
REVOKE ALL ON dfx, dfl FROM regress_fk_dense;
REVOKE EXECUTE ON FUNCTION gelu(float8[]) FROM regress_fk_dense;
DROP ROLE regress_fk_dense;

DROP TABLE dfx, dfl, dfu, dff, dfrx, dfrl, dfru, dfrf, dfrm, dfrmu, dfrmf, dfn, dfq, dfqu, dfqf;
DROP FUNCTION df_maxdiff(float8[], float8[]), df_try(text);
