-- pct_change(v, lag): (v[i] / v[i - lag]) - 1, a lagged row of the
-- catalogue, against core's float8 arithmetic x[i] / x[i - lag] - 1 over
-- the same elements (bit for bit), its faults (core's division), its
-- on_error form, nvec, and fused = unfused; then its sibling ratio(v, lag),
-- x[i] / x[i - lag], the same way.
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

CREATE TABLE pc_vec (id int, x float8[]);
INSERT INTO pc_vec
SELECT 1, '{1,2,NULL,4,2,-1.5,5,NaN,Infinity,-Infinity,3,1e-300,7,-0}'::float8[] UNION ALL
SELECT 2, '{}' UNION ALL
SELECT 3, '{NULL,NULL,7}' UNION ALL
SELECT 3 + k, array_agg(CASE WHEN i % 9 = 4 THEN NULL
						ELSE (100 + 50 * sin(i * k)) * (1 + i % 3) END ORDER BY i)
FROM generate_series(1, 3) k, generate_series(1, 140001) i GROUP BY k;

-- The reference: core's x[i] / x[i - lag] - minus (pct_change: 1; ratio:
-- 0, which leaves every quotient as it is, -0 included), NULL where either
-- is NULL or i <= lag; NaN compared as NaN (ours is the canonical NaN)
CREATE FUNCTION pc_ref(v float8[], lag int, minus float8 DEFAULT 1) RETURNS float8[]
LANGUAGE sql IMMUTABLE AS $$
	SELECT coalesce(array_agg(CASE WHEN i > lag THEN e / p - minus END ORDER BY i), '{}')
	FROM (SELECT i, e, lag(e, lag) OVER (ORDER BY i) p
		  FROM unnest(v) WITH ORDINALITY u(e, i)) w
$$;
CREATE FUNCTION pc_same(a float8[], b float8[]) RETURNS bool
LANGUAGE sql IMMUTABLE AS $$
	SELECT cardinality(a) = cardinality(b) AND NOT EXISTS (
		SELECT FROM unnest(a, b) u(p, q)
		WHERE p IS DISTINCT FROM q
		   OR (p <> 'NaN' AND float8send(p) <> float8send(q)))
$$;

-- No row holds a zero to divide by, nor a quotient that overflows or
-- underflows (those are core's errors: below)
SELECT id, lag,
	pc_same(pct_change(x, lag), r.pct) AS f8_ok,
	pc_same(pct_change(x::nvec, lag)::float8[], r.pct) AS nvec_ok,
	pc_same(ratio(x, lag), r.ratio) AS ratio_f8_ok,
	pc_same(ratio(x::nvec, lag)::float8[], r.ratio) AS ratio_nvec_ok
FROM pc_vec, (VALUES (1), (2), (5), (70000)) l(lag),
	LATERAL (SELECT pc_ref(x, lag) AS pct, pc_ref(x, lag, 0) AS ratio OFFSET 0) r
ORDER BY id, lag;

-- By hand, lag 1 and 2; the default lag is 1; a lag at or beyond the
-- length gives all NULL
SELECT pct_change('{1,2,NULL,4,2,5}'::float8[]) AS lag1,
	pct_change('{1,2,NULL,4,2,5}'::float8[]::nvec, 2) AS lag2,
	pct_change('{2,3}'::float8[], 5) AS beyond,
	pct_change('{}'::float8[]) AS empty,
	pct_change('{Infinity,Infinity,1}'::float8[]) AS inf;

-- Division by zero, overflow and underflow: core's errors, naming the
-- element; on_error 'null' makes those elements NULL
SELECT pct_change('{1,-0,5}'::float8[]);
SELECT 5 / '-0'::float8 - 1;
SELECT pct_change('{1e-300,1e300}'::float8[]);
SELECT pct_change('{1e300,1e-300}'::float8[]::nvec);
SELECT pct_change('{1,0,5,0,0,NaN}'::float8[], 1, 'null') AS zeros,
	pct_change('{1e-300,1e300,1e-300}'::float8[]::nvec, 1, 'null') AS range;
SELECT pct_change('{1,2}'::float8[], -1);

-- Fused with its neighbours: one fused_eval, the same bits as unfused
CREATE TABLE pc_px (px float8[]);
INSERT INTO pc_px SELECT x FROM pc_vec WHERE id IN (4, 5);
EXPLAIN (VERBOSE, COSTS OFF)
SELECT scale_add(pct_change(px, 5), 100, 0) FROM pc_px;
CREATE TABLE pc_fused AS
SELECT scale_add(pct_change(px, 5), 100, 0) a, cumsum(pct_change(px)) b,
	pct_change(pct_change(px, 3), 70000) c, vsum(pct_change(px)) d FROM pc_px;
SET fusekern.enable_fusion = off;
SELECT bool_and(pc_same(f.a, u.a) AND pc_same(f.b, u.b) AND pc_same(f.c, u.c)
				AND float8send(f.d) = float8send(u.d)) AS fused_same
FROM (SELECT row_number() OVER () n, * FROM pc_fused) f
JOIN (SELECT row_number() OVER () n, scale_add(pct_change(px, 5), 100, 0) a,
		cumsum(pct_change(px)) b, pct_change(pct_change(px, 3), 70000) c,
		vsum(pct_change(px)) d FROM pc_px) u USING (n);
RESET fusekern.enable_fusion;

-- Labels and comments
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel,
	p.prosupport <> 0 AS fused, obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented
FROM pg_proc p WHERE p.proname = 'pct_change' ORDER BY 1::text;

-- ratio(v, lag): x[i] / x[i - lag], against core's division above.  By
-- hand; the default lag is 1; beyond the length all NULL; NULL
-- arguments give NULL
SELECT ratio('{1,2,NULL,4,2,5}'::float8[]) AS lag1,
	ratio('{1,2,NULL,4,2,5}'::float8[]::nvec, 2) AS lag2,
	ratio('{2,3}'::float8[], 5) AS beyond,
	ratio('{}'::float8[]) AS empty,
	ratio('{Infinity,Infinity,-0,NaN,1,Infinity}'::float8[]) AS special;
SELECT ratio(NULL::float8[]) IS NULL AS null_v,
	ratio('{1,2}'::nvec, NULL) IS NULL AS null_lag;

-- Core's division faults, naming the element; on_error 'null'
SELECT ratio('{1,-0,5}'::float8[]);
SELECT 5 / '-0'::float8;
SELECT ratio('{1e-300,1e300}'::float8[]);
SELECT ratio('{1e300,1e-300}'::float8[]::nvec, 1);
SELECT ratio('{1,0,5,0,0,NaN}'::float8[], 1, 'null') AS zeros,
	ratio('{1e-300,1e300,1e-300}'::float8[]::nvec, 1, 'null') AS range;
SELECT ratio('{1,2}'::float8[], -1);

-- Fused as pct_change: one fused_eval, the same bits as unfused
EXPLAIN (VERBOSE, COSTS OFF)
SELECT scale_add(ratio(px, 5), 100, 0) FROM pc_px;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT vsum(ratio(px)) FROM pc_px;
CREATE TABLE ra_fused AS
SELECT scale_add(ratio(px, 5), 100, 0) a, cumsum(ratio(px)) b,
	ratio(ratio(px, 3), 70000) c, vsum(ratio(px)) d,
	ln(ratio(px, 2)) - pct_change(px, 2) e FROM pc_px;
SET fusekern.enable_fusion = off;
SELECT bool_and(pc_same(f.a, u.a) AND pc_same(f.b, u.b) AND pc_same(f.c, u.c)
				AND float8send(f.d) = float8send(u.d) AND pc_same(f.e, u.e)) AS fused_same
FROM (SELECT row_number() OVER () n, * FROM ra_fused) f
JOIN (SELECT row_number() OVER () n, scale_add(ratio(px, 5), 100, 0) a,
		cumsum(ratio(px)) b, ratio(ratio(px, 3), 70000) c,
		vsum(ratio(px)) d, ln(ratio(px, 2)) - pct_change(px, 2) e FROM pc_px) u USING (n);
RESET fusekern.enable_fusion;

SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel,
	p.prosupport <> 0 AS fused, obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented
FROM pg_proc p WHERE p.proname = 'ratio' ORDER BY 1::text;

DROP TABLE pc_vec, pc_px, pc_fused, ra_fused;
DROP FUNCTION pc_ref(float8[], int, float8), pc_same(float8[], float8[]);
