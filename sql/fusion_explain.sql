SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

CREATE TABLE fz (id int, x float8[], y float8[], a float8, b float8, l int);
INSERT INTO fz VALUES
	(1, '{1,2,4,8,16,32}', '{0.5,1,1,2,3,5}', 2.5, 1, 1),
	(2, '{1,NULL,3,4,5,6}', '{1,1,1,NULL,1,1}', -1, 0, 2),
	(3, '{}', '{}', 3, 3, 0);
CREATE TABLE fzn AS SELECT id, x::nvec AS x, y::nvec AS y, a, b, l FROM fz;

-- The named patterns become one fused evaluation that names every function
-- as written (so EXECUTE is checked on each); it runs the fused kernels
-- (fusion_hardening shows which), on both types
EXPLAIN (VERBOSE, COSTS OFF) SELECT scale_add(dlog(x, 1), 252, 0) FROM fz;
EXPLAIN (VERBOSE, COSTS OFF) SELECT scale_add(dlog(x), 252, 0) FROM fzn;
EXPLAIN (VERBOSE, COSTS OFF) SELECT dlog(x) * 252 + 0 FROM fz;
EXPLAIN (VERBOSE, COSTS OFF) SELECT 252 * dlog(x, l) FROM fz;
EXPLAIN (VERBOSE, COSTS OFF) SELECT 252 * dlog(x, 2) - 1 FROM fzn;
EXPLAIN (VERBOSE, COSTS OFF) SELECT scale_add(ln(x), a, b) FROM fz;
EXPLAIN (VERBOSE, COSTS OFF) SELECT ln(x) * 2 + b FROM fzn;
EXPLAIN (VERBOSE, COSTS OFF) SELECT (x - y) * a + b FROM fz;
EXPLAIN (VERBOSE, COSTS OFF) SELECT b + a * (x - y) FROM fzn;
EXPLAIN (VERBOSE, COSTS OFF) SELECT scale_add(vsub(x, y), 2, 1) FROM fz;
-- (t * a) + 0 is not t * a when t * a is -0: t * a runs with b = -0
EXPLAIN (VERBOSE, COSTS OFF) SELECT (x - y) * 2 FROM fz;

-- Other trees become one fused evaluation showing the expression
EXPLAIN (VERBOSE, COSTS OFF) SELECT exp(ln(x) - y) * 3 FROM fz;
EXPLAIN (VERBOSE, COSTS OFF) SELECT sqrt(abs(-x)) / (y + 1) FROM fzn;
EXPLAIN (VERBOSE, COSTS OFF) SELECT diff(dlog(x, 1) * 252 + 0, l) FROM fz;
EXPLAIN (VERBOSE, COSTS OFF) SELECT dlog(exp(x / 100), 2) FROM fzn;
-- a single operation stays as it is; other calls become inputs
EXPLAIN (VERBOSE, COSTS OFF) SELECT ln(x), dlog(x, 1) FROM fz;
EXPLAIN (VERBOSE, COSTS OFF) SELECT ln(array_append(x, 1)) + 1 FROM fz;

-- on_error is part of each operation: 'null' shows in the program, + - * /
-- with it under their function names; 'error' is the default, not shown
EXPLAIN (VERBOSE, COSTS OFF) SELECT exp(ln(x, 'null') - y) FROM fz;
EXPLAIN (VERBOSE, COSTS OFF) SELECT vdiv(sqrt(x, 'error'), y, 'null') * 2 FROM fzn;
-- named kernels only for chains of one mode
EXPLAIN (VERBOSE, COSTS OFF) SELECT scale_add(dlog(x, 1, 'null'), 252, 0, 'null') FROM fz;
EXPLAIN (VERBOSE, COSTS OFF) SELECT scale_add(dlog(x, 1, 'null'), 252, 0) FROM fz;
EXPLAIN (VERBOSE, COSTS OFF) SELECT vmul(ln(x), 2, 'null') FROM fzn;
-- which kernels a program runs: the one-mode chain runs dlog_scale_add, the
-- mixed one does not (both run once before, output discarded, so that the
-- catalog lookups they need, and the DEBUG lines of the catalog cache
-- growing, come before)
\o /dev/null
SELECT scale_add(dlog(x, 1, 'null'), 252, 0, 'null') FROM fz WHERE id = 1;
SELECT scale_add(dlog(x, 1, 'null'), 252, 0) FROM fz WHERE id = 1;
\o
SET client_min_messages = debug1;
SELECT scale_add(dlog(x, 1, 'null'), 252, 0, 'null') FROM fz WHERE id = 1;
SELECT scale_add(dlog(x, 1, 'null'), 252, 0) FROM fz WHERE id = 1;
RESET client_min_messages;
-- an on_error folded to a constant fuses; one that is no constant keeps
-- that call and the calls around it (the calls under it still fuse)
EXPLAIN (VERBOSE, COSTS OFF) SELECT exp(ln(abs(x) + 1, 'nu' || 'll')) FROM fz;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT exp(ln(abs(x) + 1, CASE WHEN a > 0 THEN 'null' ELSE 'error' END)) FROM fz;
-- a fused program reads its modes back
SELECT fused_eval('(ln(v1, ''null'') + vdiv(v2, 0, ''null''))', '{1,0,-1}'::float8[],
				  '{1,2,NULL}'::float8[]) AS fused_null,
	   vadd(ln('{1,0,-1}'::float8[], 'null'), vdiv('{1,2,NULL}'::float8[], 0, 'null')) AS unfused_null;
SELECT fused_eval('abs(v1, ''null'')', '{1}'::float8[]);
SELECT fused_eval('ln(v1, ''maybe'')', '{1}'::float8[]);

-- functions of the same names that are not fusekern's do not fuse
CREATE SCHEMA fz_other;
CREATE FUNCTION fz_other.ln(v float8[]) RETURNS float8[] LANGUAGE sql IMMUTABLE
	AS 'SELECT array_agg(pg_catalog.ln(e)) FROM unnest(v) e';
EXPLAIN (VERBOSE, COSTS OFF) SELECT fz_other.ln(fz_other.ln(x)) * 2 FROM fz;
EXPLAIN (VERBOSE, COSTS OFF) SELECT fz_other.ln(ln(x) * 2) * 2 FROM fz;
DROP SCHEMA fz_other CASCADE;

-- Values: the same bits with fusion on and off (compared as text, shortest
-- exact digits); shown rounded, since ln and exp may differ in the last bit
-- between SIMD paths
CREATE FUNCTION fz_r(v float8[]) RETURNS numeric[] LANGUAGE sql IMMUTABLE
	AS $$SELECT coalesce(array_agg(round(e::numeric, 9) ORDER BY i), '{}')
		 FROM unnest(v) WITH ORDINALITY u(e, i)$$;
CREATE FUNCTION fz_r(v nvec) RETURNS numeric[] LANGUAGE sql IMMUTABLE
	AS 'SELECT fz_r(v::float8[])';
CREATE VIEW fz_values AS
SELECT id, scale_add(dlog(x, 1), 252, 0) AS p1, (x - y) * a + b AS p2,
	   exp(ln(x) - y) * 3 AS g1, diff(dlog(x, 1) * 252 + 0, l) AS g2,
	   (x - y) * 2 AS p3, -ln(x) * 0.5 - 1 AS g3
FROM fz;
CREATE VIEW fzn_values AS
SELECT id, 252 * dlog(x, 2) - 1 AS p1, sqrt(abs(-x)) / (y + 1) AS g1,
	   dlog(exp(x / 100), 2) AS g2,
	   vdiv(ln(vsub(x, 3, 'null'), 'null'), vsub(y, 1, 'null'), 'null') AS n1,
	   scale_add(dlog(vsub(x, 3, 'null'), 1, 'null'), 252, 0, 'null') AS n2
FROM fzn;
SET fusekern.enable_fusion = off;
EXPLAIN (VERBOSE, COSTS OFF) SELECT scale_add(dlog(x, 1), 252, 0) FROM fz;
CREATE TEMP TABLE fz_unfused AS SELECT * FROM fz_values;
CREATE TEMP TABLE fzn_unfused AS SELECT * FROM fzn_values;
RESET fusekern.enable_fusion;
SELECT f.id, f::text = u::text AS identical
FROM fz_values f JOIN fz_unfused u USING (id) ORDER BY id;
SELECT f.id, f::text = u::text AS identical
FROM fzn_values f JOIN fzn_unfused u USING (id) ORDER BY id;
SELECT id, fz_r(p1) AS p1, p2, fz_r(g1) AS g1, fz_r(g2) AS g2, p3, fz_r(g3) AS g3
FROM fz_values ORDER BY id;
SELECT id, fz_r(p1) AS p1, g1, fz_r(g2) AS g2, fz_r(n1) AS n1, fz_r(n2) AS n2
FROM fzn_values ORDER BY id;

-- Functions are known by their C symbol, not by name: a renamed ln still
-- fuses, and the program runs it under its new name
ALTER FUNCTION ln(float8[]) RENAME TO natural_log;
EXPLAIN (VERBOSE, COSTS OFF) SELECT natural_log(x) * 2 + 1 FROM fz;
SELECT id, natural_log(x) - 1 AS r FROM fz ORDER BY id;
ALTER FUNCTION natural_log(float8[]) RENAME TO ln;

-- log10 fuses with its neighbours, fused = unfused bit for bit, errors and
-- on_error 'null' included
EXPLAIN (VERBOSE, COSTS OFF) SELECT log10(x) * 2 + log10(y, 'null') FROM fz;
EXPLAIN (VERBOSE, COSTS OFF) SELECT scale_add(log10(exp(x)), a, b) FROM fzn;
CREATE TEMP TABLE fz_log10 AS
SELECT id, log10(x) * 2 + log10(y, 'null') AS r1,
	   scale_add(log10(exp(x)), a, b)::text AS r2,
	   log10(vsub(x, 2, 'null'), 'null') - 1 AS r3
FROM fz;
SET fusekern.enable_fusion = off;
SELECT f.id, f::text = u::text AS identical
FROM fz_log10 f JOIN (SELECT id, log10(x) * 2 + log10(y, 'null') AS r1,
							 scale_add(log10(exp(x)), a, b)::text AS r2,
							 log10(vsub(x, 2, 'null'), 'null') - 1 AS r3
					  FROM fz) u USING (id) ORDER BY id;
RESET fusekern.enable_fusion;
SELECT log10(x - 1) + 1 FROM fz WHERE id = 1;
SELECT id, r1, r3 FROM fz_log10 ORDER BY id;

-- cbrt fuses with its neighbours, fused = unfused bit for bit
EXPLAIN (VERBOSE, COSTS OFF) SELECT cbrt(x) * 2 + cbrt(y - x) FROM fz;
EXPLAIN (VERBOSE, COSTS OFF) SELECT scale_add(cbrt(dlog(x)), a, b) FROM fzn;
CREATE TEMP TABLE fz_cbrt AS
SELECT id, cbrt(x) * 2 + cbrt(y - x) AS r1,
	   scale_add(cbrt(dlog(x)), a, b)::text AS r2
FROM fz;
SET fusekern.enable_fusion = off;
SELECT f.id, f::text = u::text AS identical
FROM fz_cbrt f JOIN (SELECT id, cbrt(x) * 2 + cbrt(y - x) AS r1,
							scale_add(cbrt(dlog(x)), a, b)::text AS r2
					 FROM fz) u USING (id) ORDER BY id;
RESET fusekern.enable_fusion;
SELECT id, r1 FROM fz_cbrt ORDER BY id;

-- clip fuses with its neighbours: clip(ln(x), 0, 1) is one fused call, and
-- fused = unfused bit for bit; bounds out of order raise the unfused error
EXPLAIN (VERBOSE, COSTS OFF) SELECT clip(ln(x), 0, 1) FROM fz;
EXPLAIN (VERBOSE, COSTS OFF) SELECT clip(x * a, -1, b) + y FROM fzn;
CREATE TEMP TABLE fz_clip AS
SELECT id, clip(ln(x), 0, 1) AS r1, clip(x * a, -1, b) + y AS r2,
	   clip(-x, -4, -0.0)::text AS r3
FROM fz;
SET fusekern.enable_fusion = off;
SELECT f.id, f::text = u::text AS identical
FROM fz_clip f JOIN (SELECT id, clip(ln(x), 0, 1) AS r1,
							clip(x * a, -1, b) + y AS r2,
							clip(-x, -4, -0.0)::text AS r3
					 FROM fz) u USING (id) ORDER BY id;
RESET fusekern.enable_fusion;
SELECT id, r1, r2, r3 FROM fz_clip ORDER BY id;
SELECT id, clip(ln(x), b, a) FROM fz ORDER BY id;

DROP VIEW fz_values, fzn_values;
DROP TABLE fz, fzn;
DROP FUNCTION fz_r(float8[]), fz_r(nvec);
