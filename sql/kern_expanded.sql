SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- PL/pgSQL keeps array variables expanded: flat (as assigned) or
-- deconstructed (after an element assignment).  fusekern reads both in
-- place; every result must equal, bit for bit, the result of the same call
-- on a flat copy (x::text::float8[] is exact for float8), and the variables
-- must come out of the calls unchanged.
CREATE FUNCTION fk_same(a float8[], b float8[]) RETURNS bool LANGUAGE sql
	AS $$SELECT array_send(a) IS NOT DISTINCT FROM array_send(b)$$;

CREATE FUNCTION fk_expanded_check(x float8[], y float8[], form text)
RETURNS TABLE (call text, same bool) LANGUAGE plpgsql AS $$
DECLARE
	x0 bytea;
	y0 bytea;
	fx float8[];
	fy float8[];
	r float8[];
BEGIN
	IF form = 'deconstructed' THEN
		x[1] := x[1];			-- element assignment: Datum array form
		y[1] := y[1];
	END IF;
	x0 := array_send(x);
	y0 := array_send(y);
	fx := x::text::float8[];
	fy := y::text::float8[];
	r := ln(x);					call := 'ln';			same := fk_same(r, ln(fx)); RETURN NEXT;
	r := exp(x);				call := 'exp';			same := fk_same(r, exp(fx)); RETURN NEXT;
	r := x - y;					call := 'x - y';		same := fk_same(r, fx - fy); RETURN NEXT;
	r := x * 2.5;				call := 'x * 2.5';		same := fk_same(r, fx * 2.5); RETURN NEXT;
	r := scale_add(x, 252, -1);	call := 'scale_add';	same := fk_same(r, scale_add(fx, 252, -1)); RETURN NEXT;
	r := dlog(x, 1);			call := 'dlog';			same := fk_same(r, dlog(fx, 1)); RETURN NEXT;
	r := dlog_scale_add(x, 2, 252, 0); call := 'dlog_scale_add'; same := fk_same(r, dlog_scale_add(fx, 2, 252, 0)); RETURN NEXT;
	r := diff(y, 1);			call := 'diff';			same := fk_same(r, diff(fy, 1)); RETURN NEXT;
	r := (x - y) * 2 + 1;		call := '(x - y) * 2 + 1'; same := fk_same(r, (fx - fy) * 2 + 1); RETURN NEXT;
	r := sqrt(abs(x - y)) * x + y; call := 'sqrt(abs(x - y)) * x + y';
	same := fk_same(r, sqrt(abs(fx - fy)) * fx + fy); RETURN NEXT;
	call := 'x::nvec';			same := x::nvec = fx::nvec; RETURN NEXT;
	-- the result is itself an expanded array: element assignment, more calls
	r := x - y;
	r[1] := 7;
	r := r * 2;					call := 'r := x - y; r[1] := 7; r * 2';
	same := fk_same(r, array_prepend(14::float8, ((fx - fy) * 2)[2:])); RETURN NEXT;
	-- the inputs are unchanged
	call := 'x unchanged';		same := array_send(x) = x0; RETURN NEXT;
	call := 'y unchanged';		same := array_send(y) = y0; RETURN NEXT;
END $$;

-- no NULL; with NULLs; a NULL bitmap without a NULL; 200 elements (words)
SELECT call, same FROM fk_expanded_check('{4,9,0.5,2,16}', '{1,2,3,-4,5}', 'as read');
SELECT call, same FROM fk_expanded_check('{4,9,0.5,2,16}', '{1,2,3,-4,5}', 'deconstructed');
SELECT form, bool_and(same) AS all_same, string_agg(call, ', ') FILTER (WHERE NOT same) AS differ
FROM (VALUES ('as read'), ('deconstructed')) f(form),
	(VALUES ('{4,NULL,0.5,2,16}'::float8[], '{1,2,NULL,-4,5}'::float8[]),
			('{4,9,0.5,2,16}', '{1,2,3,NULL,5}'),
			('{NULL,NULL}', '{1,2}'),
			('{}', '{}'),
			((SELECT array_agg(CASE WHEN i % 7 = 0 THEN NULL ELSE i * 0.25 END) FROM generate_series(1, 200) i),
			 (SELECT array_agg(CASE WHEN i % 11 = 0 THEN NULL ELSE 1.0 / i END) FROM generate_series(1, 200) i))) v(x, y),
	LATERAL fk_expanded_check(x, y, form)
GROUP BY form ORDER BY form;

-- element assignment in PL/pgSQL: NULLs put in and taken out, the array
-- extended, a lower bound other than 1; the variable is never changed by a
-- fusekern call
CREATE FUNCTION fk_assigned() RETURNS TABLE (step text, same bool, x_unchanged bool)
LANGUAGE plpgsql AS $$
DECLARE
	x float8[] := '{1,2,3,4,5,6}';
	before bytea;
	r float8[];
BEGIN
	x[5] := 7;
	before := array_send(x);
	r := ln(x);
	step := 'x[5] := 7';		same := fk_same(r, ln('{1,2,3,4,7,6}'::float8[]));
	x_unchanged := array_send(x) = before; RETURN NEXT;
	x[3] := NULL;
	before := array_send(x);
	r := ln(x) + x;
	step := 'x[3] := NULL';		same := fk_same(r, ln('{1,2,NULL,4,7,6}'::float8[]) + '{1,2,NULL,4,7,6}'::float8[]);
	x_unchanged := array_send(x) = before; RETURN NEXT;
	x[3] := 3;
	before := array_send(x);
	r := scale_add(x, 2, 1);
	step := 'x[3] := 3 (bitmap, no NULL)'; same := fk_same(r, '{3,5,7,9,15,13}');
	x_unchanged := array_send(x) = before; RETURN NEXT;
	x[8] := 8;
	before := array_send(x);
	r := x * 2;
	step := 'x[8] := 8 (x[7] NULL)'; same := fk_same(r, '{2,4,6,8,14,12,NULL,16}');
	x_unchanged := array_send(x) = before; RETURN NEXT;
	x := '[0:3]={1,2,3,4}';
	x[0] := 0.5;
	before := array_send(x);
	r := x - x;
	step := 'lower bound 0';	same := fk_same(r, '{0,0,0,0}');
	x_unchanged := array_send(x) = before AND array_lower(x, 1) = 0; RETURN NEXT;
END $$;
SELECT * FROM fk_assigned();

-- a deconstructed array of two dimensions is refused as a flat one is
DO $$
DECLARE
	m float8[] := '{{1,2},{3,4}}';
BEGIN
	m[1][1] := 5;
	PERFORM ln(m);
END $$;
SELECT ln('{{1,2},{3,4}}'::float8[]);
-- faults are reported from an expanded input as from a flat one
DO $$
DECLARE
	x float8[] := '{1,0,2}';
BEGIN
	x[1] := 1;
	PERFORM ln(x);
END $$;

-- results returned from PL/pgSQL and stored from it are ordinary arrays
CREATE TABLE fk_stored (r float8[]);
CREATE FUNCTION fk_store(x float8[], y float8[]) RETURNS float8[] LANGUAGE plpgsql AS $$
BEGIN
	x[2] := 2.5;
	INSERT INTO fk_stored VALUES ((x - y) * 2 + 1);
	RETURN x - y;
END $$;
SELECT fk_store('{1,2,3}', '{3,2,1}') AS returned;
SELECT r AS stored, pg_column_size(r) FROM fk_stored;

-- nvec variables are not expanded: unaffected
CREATE FUNCTION fk_nvec_vars() RETURNS TABLE (r nvec, v_unchanged bool) LANGUAGE plpgsql AS $$
DECLARE
	v nvec := '{1,NULL,4}';
	v0 text := v::text;
BEGIN
	r := (v - v) * 2 + sqrt(v);
	v_unchanged := v::text = v0;
	RETURN NEXT;
END $$;
SELECT * FROM fk_nvec_vars();

-- reductions and running operations over a deconstructed variable with
-- NULLs read it a block of validity words at a time: the same bits as over
-- its flat copy (read packed, a block at a time too) and as over an nvec,
-- across several blocks, NULLs at a block's edges, and none left
CREATE FUNCTION fk_reduce_vars() RETURNS TABLE (what text, same bool) LANGUAGE plpgsql AS $$
DECLARE
	x float8[] := (SELECT array_agg(sin(i) * 100 ORDER BY i) FROM generate_series(1, 3000) i);
	y float8[] := (SELECT array_agg(cos(i) ORDER BY i) FROM generate_series(1, 3000) i);
	f float8[];
BEGIN
	x[1] := NULL; x[1024] := NULL; x[1025] := NULL; x[2049] := NULL; x[3000] := NULL;
	FOR i IN 1..3000 BY 7 LOOP x[i] := NULL; END LOOP;
	f := x::text::float8[];
	what := 'vsum'; same := vsum(x)::text = vsum(f)::text; RETURN NEXT;
	what := 'vmean'; same := vmean(x)::text = vmean(f)::text; RETURN NEXT;
	what := 'vstddev'; same := vstddev(x)::text = vstddev(f)::text; RETURN NEXT;
	what := 'vmin'; same := vmin(x)::text = vmin(f)::text; RETURN NEXT;
	what := 'vargmax'; same := vargmax(x) = vargmax(f); RETURN NEXT;
	what := 'vcount'; same := vcount(x) = vcount(f) AND vcount(x) = 3000 - 433; RETURN NEXT;
	what := 'vcorr'; same := vcorr(x, y)::text = vcorr(f, y)::text; RETURN NEXT;
	what := 'vmedian'; same := vmedian(x)::text = vmedian(f)::text; RETURN NEXT;
	what := 'vquantile'; same := vquantile(x, 0.9)::text = vquantile(f, 0.9)::text; RETURN NEXT;
	what := 'cumsum'; same := cumsum(x)::text = cumsum(f)::text; RETURN NEXT;
	what := 'ema'; same := ema(x, 0.25)::text = ema(f, 0.25)::text; RETURN NEXT;
	what := 'fill_forward'; same := fill_forward(x)::text = fill_forward(f)::text; RETURN NEXT;
	what := 'fill_null'; same := fill_null(x, -1)::text = fill_null(f, -1)::text; RETURN NEXT;
	what := 'fill_forward, nvec'; same := fill_forward(x)::text = fill_forward(f::nvec)::float8[]::text; RETURN NEXT;
	FOR i IN 1..3000 LOOP IF x[i] IS NULL THEN x[i] := 0; END IF; END LOOP;
	what := 'vsum, no NULL left'; same := vsum(x)::text = vsum(x::text::float8[])::text; RETURN NEXT;
END $$;
SELECT * FROM fk_reduce_vars();
