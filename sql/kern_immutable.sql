SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- Same arguments, same result, whatever the session has set: an expression
-- index built under every value of every user-settable fusekern.* setting
-- (read from pg_settings, so that new settings are covered) answers index
-- scans with the rows a sequential scan finds, afterwards, under the
-- defaults, for ln, exp, sqrt and / with on_error 'error' and 'null'.
SELECT abs('{}'::float8[]);		-- loads the library, which defines the settings

CREATE TABLE im_t (id int, x float8[], y float8[]);
-- rows 1-24: no element faults; 41-48: elements core rejects
INSERT INTO im_t
SELECT i, ARRAY[1 + i / 7.0, i / 3.0, 0.1 * i, 700 + i / 10.0, 1e-3 * i],
	   ARRAY[i, 1.0 / i, 3, 2.5, 1e-300]
FROM generate_series(1, 24) i;
INSERT INTO im_t VALUES
	(41, '{0,1}', '{1,0}'), (42, '{-1,2}', '{2,0}'), (43, '{710,1}', '{1,1}'),
	(44, '{-746,1}', '{1,1}'), (45, '{NULL,-2}', '{0,NULL}'), (46, '{1e308,1}', '{1e-10,1}'),
	(47, '{-0,4}', '{-0,4}'), (48, '{NaN,Infinity}', '{0,-Infinity}');

-- X and Y stand for the columns x and y of the row at hand
CREATE TABLE im_exprs (k int, expr text, rows text);
INSERT INTO im_exprs VALUES
	(1, 'ln(X)', 'ID <= 24'), (2, 'ln(X, ''null'')', 'true'),
	(3, 'exp(X)', 'ID <= 24'), (4, 'exp(X, ''null'')', 'true'),
	(5, 'sqrt(X)', 'ID <= 24'), (6, 'sqrt(X, ''null'')', 'true'),
	(7, 'X / Y', 'ID <= 24'), (8, 'vdiv(X, Y, ''null'')', 'true'),
	(9, 'exp(ln(X, ''null'') * 0.5, ''null'')', 'true');

-- expr or rows with X, Y and ID read from row alias t
CREATE FUNCTION im_on(expr text, t text) RETURNS text LANGUAGE sql IMMUTABLE
	AS $$SELECT replace(replace(replace(expr, 'X', t || 'x'), 'Y', t || 'y'), 'ID', t || 'id')$$;

-- The rows each expression's value finds through a scan of one kind
CREATE FUNCTION im_find(e im_exprs, scan text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	r text;
BEGIN
	PERFORM set_config('enable_seqscan', (scan = 'seq')::text, true);
	PERFORM set_config('enable_indexscan', (scan = 'index')::text, true);
	PERFORM set_config('enable_bitmapscan', 'off', true);
	EXECUTE format('SELECT string_agg(t.id || '':'' || m.ids, '' '' ORDER BY t.id)
					FROM im_t t, LATERAL (SELECT string_agg(u.id::text, '','' ORDER BY u.id) AS ids
										  FROM im_t u WHERE %2$s AND (%1$s) = (SELECT %3$s FROM im_t v WHERE v.id = t.id)) m
					WHERE %4$s',
				   im_on(e.expr, 'u.'), im_on(e.rows, 'u.'), im_on(e.expr, 'v.'),
				   im_on(e.rows, 't.'))
		INTO r;
	RETURN r;
EXCEPTION WHEN others THEN
	RETURN 'ERROR ' || SQLSTATE || ' ' || SQLERRM;
END $$;

-- Build the index of e under setting = value, then compare the scans under
-- the defaults; NULL when they agree (or the value cannot be set here)
CREATE FUNCTION im_check(e im_exprs, setting text, val text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	seq text;
	idx text;
BEGIN
	BEGIN
		PERFORM set_config(setting, val, true);
	EXCEPTION WHEN feature_not_supported THEN
		RETURN NULL;	-- an instruction set this CPU lacks
	END;
	EXECUTE format('CREATE INDEX im_i ON im_t ((%s)) WHERE %s', im_on(e.expr, ''),
				   im_on(e.rows, ''));
	EXECUTE format('RESET %I', setting);
	seq := im_find(e, 'seq');
	idx := im_find(e, 'index');
	DROP INDEX im_i;
	IF seq IS DISTINCT FROM idx THEN
		RETURN format('%s = %s', setting, val);
	END IF;
	RETURN NULL;
EXCEPTION WHEN others THEN
	RETURN format('%s = %s: %s', setting, val, SQLERRM);
END $$;

-- every value of every user-settable setting
CREATE VIEW im_values AS
SELECT name, v
FROM pg_settings,
	 LATERAL unnest(CASE vartype WHEN 'enum' THEN enumvals
								 WHEN 'bool' THEN '{on,off}'::text[]
								 ELSE ARRAY[boot_val, min_val, max_val] END) v
WHERE name LIKE 'fusekern.%' AND context = 'user';
SELECT count(DISTINCT name) >= 2 AS settings, count(*) >= 6 AS values FROM im_values;

-- each finds rows (no error)
SELECT k, left(im_find(e, 'seq'), 20) AS rows_found FROM im_exprs e ORDER BY k;

-- the index scan is the one compared
SET enable_seqscan = off;
SET enable_bitmapscan = off;
CREATE INDEX im_i ON im_t ((ln(x, 'null')));
EXPLAIN (COSTS OFF) SELECT id FROM im_t WHERE ln(x, 'null') = '{0}';
DROP INDEX im_i;
RESET enable_seqscan;
RESET enable_bitmapscan;

SELECT e.k, e.expr,
	   coalesce('different rows after building under ' ||
				string_agg(c, ', ' ORDER BY s.name, s.v), 'same rows') AS scans
FROM im_exprs e, im_values s, LATERAL im_check(e, s.name, s.v) c
GROUP BY e.k, e.expr ORDER BY e.k;

DROP VIEW im_values;
DROP TABLE im_t, im_exprs CASCADE;
DROP FUNCTION im_on(text, text);
