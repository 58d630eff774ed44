SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- float8[] and nvec mixed, in either order: the result is nvec, a NULL on
-- either side makes the element NULL
SELECT pg_typeof('{1,2}'::float8[] + '{3,4}'::nvec) AS fa_n,
       pg_typeof('{1,2}'::nvec + '{3,4}'::float8[]) AS n_fa;
SELECT '{1,NULL,3,4}'::float8[] + '{10,20,NULL,40}'::nvec AS add_fa_n,
       '{1,NULL,3,4}'::nvec + '{10,20,NULL,40}'::float8[] AS add_n_fa,
       '{1,NULL,3,4}'::float8[] - '{10,20,NULL,40}'::nvec AS sub_fa_n,
       '{1,NULL,3,4}'::nvec - '{10,20,NULL,40}'::float8[] AS sub_n_fa;
SELECT '{1.5,NULL,-2,0}'::float8[] * '{2,3,NULL,-1}'::nvec AS mul_fa_n,
       '{1.5,NULL,-2,0}'::nvec * '{2,3,NULL,-1}'::float8[] AS mul_n_fa,
       '{1,NULL,-1,0}'::float8[] / '{4,2,NULL,Infinity}'::nvec AS div_fa_n,
       '{1,NULL,-1,0}'::nvec / '{4,2,NULL,Infinity}'::float8[] AS div_n_fa;
-- the functions, with and without on_error
SELECT vadd('{1,2}'::float8[], '{3,NULL}'::nvec) AS vadd,
       vsub('{1,2}'::nvec, '{3,4}'::float8[]) AS vsub,
       vmul('{1,2}'::float8[], '{3,4}'::nvec) AS vmul,
       vdiv('{1,2}'::nvec, '{4,8}'::float8[]) AS vdiv;
SELECT vdiv('{1,2,NULL}'::float8[], '{0,4,1}'::nvec, 'null') AS div_null,
       vmul('{1e300,2}'::nvec, '{1e300,3}'::float8[], 'null') AS mul_null,
       vsub('{1,2}'::float8[], '{1,NULL}'::nvec, 'error') AS sub_error;
-- sub_mul_add mixed: (x - y) * a + b
SELECT sub_mul_add('{5,6,NULL}'::float8[], '{1,NULL,3}'::nvec, 2, 1) AS sma_fa_n,
       sub_mul_add('{5,6,NULL}'::nvec, '{1,NULL,3}'::float8[], 2, 1) AS sma_n_fa,
       sub_mul_add('{1e308,1}'::nvec, '{-1e308,1}'::float8[], 1, 0, 'null') AS sma_null;
-- an array of another element type mixes through its cast to float8[]
SELECT ARRAY[1.5, 2] + '{1,NULL}'::nvec AS numeric_arr,
       '{1,NULL}'::nvec * ARRAY[2, 3] AS int_arr;
-- an unknown literal takes the type of the other side
SELECT '{1,2}' + '{3,4}'::nvec AS lit_n, pg_typeof('{1,2}' + '{3,4}'::float8[]) AS lit_fa;
-- empty vectors
SELECT '{}'::float8[] + '{}'::nvec AS empty_fa_n, '{}'::nvec * '{}'::float8[] AS empty_n_fa;
-- a NULL argument gives NULL
SELECT NULL::float8[] + '{1}'::nvec IS NULL AS null_fa, '{1}'::nvec - NULL::float8[] IS NULL AS null_n;

-- a float8[] held expanded (a PL/pgSQL variable assigned by element)
CREATE FUNCTION km_expanded(n nvec) RETURNS nvec LANGUAGE plpgsql AS $$
DECLARE
	a float8[] := '{1,2,3}';
BEGIN
	a[2] := NULL;
	a[3] := 4;
	RETURN (n - a) * 2 + vmul(a, n);
END $$;
SELECT km_expanded('{10,20,30}') AS expanded;
DROP FUNCTION km_expanded(nvec);

-- errors (each followed by its SQLSTATE)
SELECT '{1,2,3}'::float8[] + '{1,2}'::nvec;  \echo :SQLSTATE
SELECT '{1}'::nvec - '{1,2}'::float8[];  \echo :SQLSTATE
SELECT '{1,2}'::float8[] / '{1,0}'::nvec;  \echo :SQLSTATE
SELECT '{1,0}'::nvec / '{0,1}'::float8[];  \echo :SQLSTATE
SELECT '{1e308}'::float8[] * '{10}'::nvec;  \echo :SQLSTATE
SELECT vadd('{1e308,1}'::float8[], '{1e308,1}'::nvec, 'error');  \echo :SQLSTATE
SELECT vadd('{1}'::nvec, '{1}'::float8[], 'skip');  \echo :SQLSTATE
SELECT sub_mul_add('{1,2}'::float8[], '{1}'::nvec, 1, 0);  \echo :SQLSTATE
SELECT '{{1,2},{3,4}}'::float8[] + '{1,2}'::nvec;  \echo :SQLSTATE

-- mixed calls are not fused; the fused calls around them take their result
-- as an input, and the value is that of the unfused expression
CREATE TABLE km (x float8[], n nvec);
INSERT INTO km VALUES ('{1,4,NULL}', '{2,NULL,8}');
EXPLAIN (VERBOSE, COSTS OFF) SELECT ln(x + n) FROM km;
EXPLAIN (VERBOSE, COSTS OFF) SELECT sqrt(ln(n) + 1) * x FROM km;
SELECT sqrt(ln(n) + 1) * x AS fused_inside, sqrt(ln(n) + 1) * x::nvec AS all_nvec FROM km;
DROP TABLE km;

-- the names: no function of the extension is called add, sub, mul, div or
-- neg; the operators run the v-functions
SELECT count(*) AS generic_names
FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'fusekern')
  AND p.proname IN ('add', 'sub', 'mul', 'div', 'neg');
SELECT o.oprname, p.proname, count(*) AS operators
FROM pg_operator o JOIN pg_proc p ON p.oid = o.oprcode
JOIN pg_depend d ON d.classid = 'pg_operator'::regclass AND d.objid = o.oid
WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'fusekern')
  AND o.oprname IN ('+', '-', '*', '/')
GROUP BY o.oprname, p.proname ORDER BY o.oprname, p.proname;
-- every function of the extension has a comment
SELECT count(*) AS functions_without_comment
FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'fusekern')
  AND obj_description(p.oid, 'pg_proc') IS NULL;

-- every function of two vectors of one type also takes one of each type,
-- in either order (the other arguments alike), but those listed: the
-- ordering and equality of nvec (its btree and hash operator classes),
-- the dense layers (float8[] only) and vquantile's array of quantiles (q
-- is no vector; vquantile(nvec, float8[]) is its nvec form); the support
-- functions of aggregates are left out
WITH f AS (
	SELECT p.oid, p.proname, p.proargtypes::oid[] AS args
	FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
	WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
	  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'fusekern')
	  AND NOT EXISTS (SELECT FROM pg_aggregate a
					  WHERE p.oid IN (a.aggtransfn, a.aggfinalfn, a.aggcombinefn,
									  a.aggserialfn, a.aggdeserialfn))
), v AS (
	SELECT f.*, ARRAY(SELECT i FROM generate_subscripts(f.args, 1) i
					  WHERE f.args[i] IN ('float8[]'::regtype, 'nvec'::regtype)
					  ORDER BY i) AS vpos
	FROM f
)
SELECT v.oid::regprocedure AS without_mixed_forms
FROM v
WHERE cardinality(v.vpos) = 2 AND v.args[v.vpos[1]] = v.args[v.vpos[2]]
  AND (SELECT count(*) FROM v m
	   WHERE m.proname = v.proname AND m.vpos = v.vpos
		 AND m.args[m.vpos[1]] <> m.args[m.vpos[2]]
		 AND cardinality(m.args) = cardinality(v.args)
		 AND NOT EXISTS (SELECT FROM generate_subscripts(v.args, 1) i
						 WHERE i <> ALL (v.vpos) AND m.args[i] <> v.args[i])) < 2
ORDER BY v.oid::regprocedure::text;
