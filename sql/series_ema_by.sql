-- ema by name: ema(v, span => s) and ema(v, halflife => h) are ema(v, alpha)
-- with alpha = 2 / (s + 1) and 1 - exp(-ln(2) / h) computed in SQL's float8,
-- bit for bit; values by hand; exactly one of alpha, span, halflife.
SET extra_float_digits = 3;

CREATE TABLE eb_vec (id int, v float8[]);
INSERT INTO eb_vec
SELECT id, array_agg(CASE WHEN i % 11 = 0 THEN NULL ELSE 100 + 10 * sin(id * i) END ORDER BY i)
FROM generate_series(1, 30) AS id, generate_series(1, 500) AS i
GROUP BY id;
INSERT INTO eb_vec VALUES (31, '{}'), (32, '{NULL}'), (33, '{NaN,1,Infinity,2}');

SELECT count(*) AS cases,
	   count(*) FILTER (WHERE ema(v, span => s)::text IS DISTINCT FROM ema(v, 2::float8 / (s + 1))::text)
		 AS span_differs,
	   count(*) FILTER (WHERE ema(v, halflife => h)::text IS DISTINCT FROM ema(v, 1 - exp(-ln(2::float8) / h))::text)
		 AS halflife_differs,
	   count(*) FILTER (WHERE ema(v, alpha => a)::text IS DISTINCT FROM ema(v, a)::text)
		 AS alpha_differs,
	   count(*) FILTER (WHERE ema(v::nvec, span => s)::float8[]::text IS DISTINCT FROM ema(v, span => s)::text
						   OR ema(v::nvec, halflife => h)::float8[]::text IS DISTINCT FROM ema(v, halflife => h)::text)
		 AS nvec_differs
FROM eb_vec, (VALUES (1::float8, 0.5::float8, 1::float8), (3, 1, 0.5), (20, 5, 0.1), (2.5, 0.001, 0.999),
				   (1e6, 1e6, 1e-9)) AS p(s, h, a);

-- by hand: span 3 and halflife 1 are alpha 1/2 (exp(-ln 2) is 1/2 here);
-- span 1 is alpha 1, the series itself; span 9 is alpha 1/5
SELECT ema('{10,20,NULL,40}'::float8[], span => 3) AS span3,
	   ema('{10,20,NULL,40}'::nvec, halflife => 1) AS halflife1,
	   ema('{10,20,NULL,40}'::float8[], span => 1) AS span1,
	   ema('{10,20,30}'::float8[], span => 9) AS span9,
	   1 - exp(-ln(2::float8)) AS alpha_halflife1;
-- 10, then 0.2 * 20 + 0.8 * 10 = 12, then 0.2 * 30 + 0.8 * 12 = 15.6
SELECT (ema('{10,20,30}'::float8[], span => 9))[3] - 15.6 BETWEEN -1e-12 AND 1e-12 AS span9_by_hand;

-- the alpha form still resolves to ema(v, alpha) and is fused; by name,
-- with constant parameters, the planner rewrites the call into
-- ema(v, alpha), alpha computed as the unfused call computes it, so it
-- fuses too; a parameter from a column leaves the call as written
CREATE TABLE eb_px (px float8[], s float8);
EXPLAIN (VERBOSE, COSTS OFF)
SELECT ema(ln(px), 0.5), ema(ln(px), alpha => 0.5), ema(ln(px), 1), ema(ln(px), span => 20),
	   ema(dlog(px), halflife => 5) * 2::float8, ema(px::nvec, span => 3), ema(ln(px), span => s)
FROM eb_px;
-- an invalid constant is left to the call, which raises its error (a NaN
-- too); a NULL constant is a parameter not given, as its default is
EXPLAIN (VERBOSE, COSTS OFF) SELECT ema(ln(px), span => 0.5) FROM eb_px;
EXPLAIN (VERBOSE, COSTS OFF) SELECT ema(ln(px), span => 'NaN') FROM eb_px;
EXPLAIN (VERBOSE, COSTS OFF) SELECT ema(ln(px), span => 3, halflife => NULL) FROM eb_px;

-- fused (rewritten) against unfused, bit for bit, on every row
CREATE VIEW eb_q AS
SELECT id, ARRAY[ema(v, span => 20)::text, ema(ln(v), span => 2.5)::text,
				 (ema(dlog(v, 1), halflife => 5) * 2::float8)::text,
				 ema(v::nvec - 100::float8, halflife => 0.001)::text,
				 ema(v / 3::float8, alpha => 0.999)::text,
				 vmean(ema(diff(v, 1), span => 1e6))::text,
				 ema(ln(v), halflife => 1e6)::text] AS r
FROM eb_vec WHERE id <= 31;
CREATE TEMP TABLE eb_on AS SELECT * FROM eb_q;
SET fusekern.enable_fusion = off;
CREATE TEMP TABLE eb_off AS SELECT * FROM eb_q;
RESET fusekern.enable_fusion;
SELECT count(*) AS rows, count(*) FILTER (WHERE a.r IS DISTINCT FROM b.r) AS differ,
	   sum(length(array_to_string(a.r, ','))) > 100000 AS long
FROM eb_on a JOIN eb_off b USING (id);
-- and the rewritten call is ema(v, alpha) with alpha as SQL computes it
SELECT count(*) FILTER (WHERE ema(v, span => 20)::text
						IS DISTINCT FROM ema(v, 2::float8 / 21)::text) AS span_differs,
	   count(*) FILTER (WHERE ema(v, halflife => 5)::text
						IS DISTINCT FROM ema(v, 1 - exp(-ln(2::float8) / 5))::text) AS halflife_differs
FROM eb_vec;

-- the plan runs ema(v, alpha), so the rewrite is made only while PUBLIC may
-- execute both functions; a REVOKE plans the query again, unrewritten
REVOKE EXECUTE ON FUNCTION ema(float8[], ema_param, ema_param, ema_param) FROM PUBLIC;
EXPLAIN (VERBOSE, COSTS OFF) SELECT ema(ln(px), span => 20) FROM eb_px;
GRANT EXECUTE ON FUNCTION ema(float8[], ema_param, ema_param, ema_param) TO PUBLIC;
REVOKE EXECUTE ON FUNCTION ema(float8[], float8) FROM PUBLIC;
EXPLAIN (VERBOSE, COSTS OFF) SELECT ema(ln(px), span => 20) FROM eb_px;
GRANT EXECUTE ON FUNCTION ema(float8[], float8) TO PUBLIC;
PREPARE eb_p AS SELECT ema(px, span => 20) FROM eb_px;
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE eb_p;
REVOKE EXECUTE ON FUNCTION ema(float8[], ema_param, ema_param, ema_param) FROM PUBLIC;
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE eb_p;
GRANT EXECUTE ON FUNCTION ema(float8[], ema_param, ema_param, ema_param) TO PUBLIC;
DEALLOCATE eb_p;

-- exactly one of alpha, span, halflife; their ranges
SELECT ema('{1,2}'::float8[]);
SELECT ema('{1,2}'::float8[], span => 3, halflife => 2);
SELECT ema('{1,2}'::nvec, alpha => 0.5, span => 3);
SELECT ema('{1,2}'::float8[], span => 0.5);
SELECT ema('{1,2}'::float8[], span => 'Infinity');
SELECT ema('{1,2}'::float8[], halflife => 0);
SELECT ema('{1,2}'::float8[], halflife => 1e300);
SELECT ema('{1,2}'::float8[], alpha => 1.5);
-- a NaN is a value given, refused as such (22023), never taken for a
-- parameter not given
SELECT ema('{1,2}'::float8[], span => 'NaN');  \echo :SQLSTATE
SELECT ema('{1,2}'::nvec, halflife => 'NaN');  \echo :SQLSTATE
SELECT ema('{1,2}'::float8[], alpha => 'NaN');  \echo :SQLSTATE
SELECT ema('{1,2}'::float8[], span => 3, halflife => 'NaN');  \echo :SQLSTATE
-- a NULL parameter is one not given (its default): beside another it is
-- left out, alone it leaves none given; a NULL v gives NULL
SELECT ema('{10,20}'::float8[], span => 3, halflife => NULL) AS span3,
	   ema('{10,20}'::nvec, alpha => NULL, halflife => 1) AS halflife1;
SELECT ema('{1,2}'::float8[], span => NULL);  \echo :SQLSTATE
SELECT ema(NULL::float8[], span => 3) IS NULL AS null_v,
	   ema(NULL::nvec, halflife => 2) IS NULL AS null_v_nvec,
	   ema(NULL::nvec, span => 'NaN') IS NULL AS null_v_before_params;
-- not STRICT (it reads its NULLs), the rest of its labels as ema(v, alpha)
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel,
	   pg_get_function_arguments(p.oid) AS arguments
FROM pg_proc p WHERE p.proname = 'ema' ORDER BY p.oid::regprocedure::text;

DROP VIEW eb_q;
DROP TABLE eb_vec, eb_px;
