SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- on_error 'null' of every function that can fault, on float8[] and nvec:
-- an element is NULL where an input it depends on is NULL or where core
-- float8 raises an error for it (step by step for the chains), else core's
-- value; on_error 'error' raises what the call without on_error raises.

-- Core's value of expr for one element ($1 = x, $2 = y, $3 = x lag back,
-- $4 = a, $5 = b), NULL where core raises a data exception
CREATE FUNCTION oe_core(expr text, x float8, y float8, xl float8, a float8, b float8)
RETURNS float8 LANGUAGE plpgsql AS $$
DECLARE
	r float8;
BEGIN
	EXECUTE 'SELECT ' || expr INTO r USING x, y, xl, a, b;
	RETURN r;
EXCEPTION WHEN data_exception THEN
	RETURN NULL;
END $$;

-- The error a statement raises, or 'no error'
CREATE FUNCTION oe_err(stmt text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE stmt;
	RETURN 'no error';
EXCEPTION WHEN OTHERS THEN
	RETURN SQLSTATE || ' ' || SQLERRM;
END $$;

CREATE TABLE oe_in (v float8[], w float8[], lag int, a float8, b float8);
INSERT INTO oe_in VALUES
	('{1,0,-1,NULL,NaN,Infinity,1e308,-1e308,1e-300,710,-746,2,0.5,3,-1e308,5,1e308}',
	 '{0,1e308,-1e308,2,NULL,0,1e308,1e308,1e-300,1,1,0,-0,3,1,1,1}', 2, 1e300, 1.7e308);

-- name, the call (%1$s = v, %2$s = w, %3$s = on_error), core's expression
CREATE TABLE oe_funcs (name text, call text, ref text);
INSERT INTO oe_funcs VALUES
	('ln', 'ln(%1$s%3$s)', 'ln($1)'),
	('exp', 'exp(%1$s%3$s)', 'exp($1)'),
	('sqrt', 'sqrt(%1$s%3$s)', 'sqrt($1)'),
	('add', 'vadd(%1$s, %2$s%3$s)', '$1 + $2'),
	('add_s', 'vadd(%1$s, b%3$s)', '$1 + $5'),
	('add_rs', 'vadd(-b, %1$s%3$s)', '-$5 + $1'),
	('sub', 'vsub(%1$s, %2$s%3$s)', '$1 - $2'),
	('sub_s', 'vsub(%1$s, b%3$s)', '$1 - $5'),
	('sub_rs', 'vsub(b, %1$s%3$s)', '$5 - $1'),
	('mul', 'vmul(%1$s, %2$s%3$s)', '$1 * $2'),
	('mul_s', 'vmul(%1$s, a%3$s)', '$1 * $4'),
	('mul_rs', 'vmul(1e-300, %1$s%3$s)', '1e-300 * $1'),
	('div', 'vdiv(%1$s, %2$s%3$s)', '$1 / $2'),
	('div_s', 'vdiv(%1$s, 1e-300%3$s)', '$1 / 1e-300'),
	('div_rs', 'vdiv(a, %1$s%3$s)', '$4 / $1'),
	('scale_add', 'scale_add(%1$s, 2, b%3$s)', '$1 * 2 + $5'),
	('sub_mul_add', 'sub_mul_add(%1$s, %2$s, 0.5, b%3$s)', '($1 - $2) * 0.5 + $5'),
	('dlog', 'dlog(%1$s, lag%3$s)', 'ln($1) - ln($3)'),
	('diff', 'diff(%1$s, lag%3$s)', '$1 - $3'),
	('dlog_scale_add', 'dlog_scale_add(%1$s, lag, 1e308, b%3$s)', '(ln($1) - ln($3)) * 1e308 + $5'),
	('ln_scale_add', 'ln_scale_add(%1$s, 1e308, b%3$s)', 'ln($1) * 1e308 + $5');

-- Per function and type: 'null' gives core's values and NULLs, 'error'
-- raises what the call without on_error raises (SQLSTATE and message)
CREATE FUNCTION oe_check(f oe_funcs, typ text) RETURNS TABLE (null_mode_ok bool, error_mode text)
LANGUAGE plpgsql AS $$
DECLARE
	vv text := CASE typ WHEN 'nvec' THEN 'v::nvec' ELSE 'v' END;
	ww text := CASE typ WHEN 'nvec' THEN 'w::nvec' ELSE 'w' END;
	got float8[];
	want float8[];
	plain text;
BEGIN
	EXECUTE format('SELECT (%s)::float8[] FROM oe_in', format(f.call, vv, ww, ', ''null''')) INTO got;
	SELECT array_agg(oe_core(f.ref, v[i], w[i], CASE WHEN i > lag THEN v[i - lag] END, a, b) ORDER BY i)
	INTO want FROM oe_in, generate_subscripts(v, 1) i;
	null_mode_ok := got IS NOT DISTINCT FROM want;
	plain := oe_err(format('SELECT %s FROM oe_in', format(f.call, vv, ww, '')));
	error_mode := CASE WHEN oe_err(format('SELECT %s FROM oe_in', format(f.call, vv, ww, ', ''error''')))
						   = plain THEN 'same: ' ELSE 'DIFFERENT: ' END || plain;
	RETURN NEXT;
END $$;

SELECT f.name, t.typ, c.*
FROM oe_funcs f, (VALUES ('float8[]'), ('nvec')) t(typ), LATERAL oe_check(f, t.typ) c
ORDER BY t.typ, f.name;

-- the values of the 'null' mode, as they read (ln rounded: its last bit
-- may differ between SIMD paths)
CREATE FUNCTION oe_r(v float8[]) RETURNS numeric[] LANGUAGE sql IMMUTABLE
	AS $$SELECT array_agg(round(e::numeric, 9) ORDER BY i) FROM unnest(v) WITH ORDINALITY u(e, i)$$;
SELECT oe_r(ln(v, 'null')) AS ln, vdiv(v, w, 'null') AS div FROM oe_in;
SELECT oe_r(dlog(v::nvec, lag, 'null')::float8[]) AS dlog FROM oe_in;

-- on_error takes 'error' or 'null' in any letter case, nothing else
-- (22023); NULL gives NULL.  Each spelling gives what the lower case one
-- gives (the values, or the error), on both types, called directly.
CREATE FUNCTION oe_run(stmt text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	r text;
BEGIN
	EXECUTE stmt INTO r;
	RETURN coalesce(r, 'NULL');
EXCEPTION WHEN OTHERS THEN
	RETURN SQLSTATE || ' ' || SQLERRM;
END $$;
SELECT m.spelled, count(*) FILTER (WHERE same) AS same_as_lower_case,
	   count(*) FILTER (WHERE got LIKE '22%') AS errors, count(*) AS calls
FROM oe_funcs f, (VALUES ('v', 'w'), ('v::nvec', 'w::nvec')) t(vv, ww),
	 (VALUES ('Null', 'null'), ('NULL', 'null'), ('nULl', 'null'),
			 ('Error', 'error'), ('ERROR', 'error')) m(spelled, lower),
	 LATERAL (SELECT oe_run(format('SELECT (%s)::float8[]::text FROM oe_in',
								   format(f.call, t.vv, t.ww, format(', %L', m.spelled)))) AS got) g,
	 LATERAL (SELECT g.got = oe_run(format('SELECT (%s)::float8[]::text FROM oe_in',
										   format(f.call, t.vv, t.ww, format(', %L', m.lower)))) AS same) c
GROUP BY m.spelled ORDER BY m.spelled;
-- a constant on_error of a nested call, any case, is read by the planner:
-- one fused call, its values those of the unfused calls
EXPLAIN (VERBOSE, COSTS OFF) SELECT scale_add(ln(v, 'NULL'), 2, 0) FROM oe_in;
SELECT scale_add(ln(v, 'NULL'), 2, 0) AS fused FROM oe_in \gset
SET fusekern.enable_fusion = off;
SELECT scale_add(ln(v, 'NULL'), 2, 0) IS NOT DISTINCT FROM :'fused'::float8[] AS same_unfused,
	   scale_add(ln(v, 'NULL'), 2, 0) IS NOT DISTINCT FROM scale_add(ln(v, 'null'), 2, 0) AS same_lower,
	   array_position(scale_add(ln(v, 'NULL'), 2, 0), NULL) > 0 AS has_null
FROM oe_in;
RESET fusekern.enable_fusion;
SELECT ln(v, 'Ignore') FROM oe_in;
SELECT count(*) AS refused_22023
FROM oe_funcs f, (VALUES ('v', 'w'), ('v::nvec', 'w::nvec')) t(vv, ww)
WHERE oe_err(format('SELECT %s FROM oe_in', format(f.call, t.vv, t.ww, ', ''ignore''')))
	  LIKE '22023 invalid value for on_error: "ignore"';
SELECT ln('{0}'::float8[], NULL) IS NULL AS null_mode_is_null;
-- abs and neg cannot fail: no on_error
SELECT abs('{-1}'::float8[], 'null');

-- operators keep core's error
SELECT '{1,2}'::float8[] / '{1,0}'::float8[];
SELECT '{1e308}'::nvec * 10;
SELECT 1e308 - '{-1e308}'::float8[];
-- and an error names the element and its argument, with the call that gives NULL
SELECT diff('{1,-1e308,1e308}'::nvec, 1);
SELECT sub_mul_add('{1,2}'::float8[], '{1,-1e308}'::float8[], 1e10, 0);

DROP TABLE oe_in, oe_funcs CASCADE;
DROP FUNCTION oe_core(text, float8, float8, float8, float8, float8), oe_err(text), oe_run(text), oe_r(float8[]);
