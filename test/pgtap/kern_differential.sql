-- Differential test of the vector kernels against core PostgreSQL's scalar
-- float8 functions applied element by element, on every SIMD path this CPU
-- has.  10,000 random vectors (fixed seed) mix NULLs, NaN, +-Infinity, +-0,
-- subnormals and values at the edges of the float8 range; every other one
-- goes through nvec, the others through float8[].  One vector of 65,600
-- elements crosses a kernel block.
--
-- For every function and path:
--   * an output is NULL exactly when an input it depends on is NULL, or
--     (with on_error 'null') when core raises an error for it;
--   * a value equals core's bit for bit (+ - * / sqrt abs neg diff scale_add
--     sub_mul_add trunc floor ceil round sign), is within 1 ULP of core's
--     (ln, exp) or 2 (tanh, sin, cos, tan, power, atan2: each within 1 ULP
--     of the exact value), or, for fused and
--     lagged logarithms, equals the unfused chain of fusekern's own functions
--     bit for bit, and dlog is within its stated bound of a 40-digit numeric
--     reference on 4,000 pairs k/1024 (exact in float8 and numeric):
--     |dlog - exact| <= 2^-52 (|ln v[i]| + |ln v[i-lag]|) + 2^-53 |dlog|;
--   * without on_error (core's error), a vector with faulty elements
--     raises the SQLSTATE and message core raises for the first of them,
--     earlier steps of a chain first (checked on up to 25 such vectors);
-- ln, exp and dlog give the same bits for the same value at any position
-- in vectors of any length, through either type; and the functions built on
-- ln and exp give the same bits on every path (whole results compared as
-- bytes, NULL-mode faults included).
BEGIN;
SET LOCAL client_min_messages = warning;
SELECT plan(2 + 3 * 37 + 5);

SELECT setseed(0.20261122);

-- Random operands: 8% NULL, 7% special, else mostly moderate, some extreme
CREATE TEMP TABLE specials (k int, x float8);
INSERT INTO specials
SELECT row_number() OVER (), x::float8
FROM unnest('{0,-0,NaN,Infinity,-Infinity,1e308,-1e308,1e-308,5e-324,-1,1,2.2250738585072014e-308,-5e-324,709.8,-745.2}'::text[]) x;

CREATE FUNCTION pg_temp.rnd_value() RETURNS float8 LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	u float8 := random();
	pick int := 1 + floor(random() * 15)::int;
BEGIN
	IF u < 0.08 THEN
		RETURN NULL;
	ELSIF u < 0.15 THEN
		RETURN (SELECT x FROM specials WHERE k = pick);
	ELSIF u < 0.25 THEN
		RETURN (CASE WHEN random() < 0.8 THEN 1 ELSE -1 END) * exp((random() * 2 - 1) * 700);
	ELSE
		RETURN (CASE WHEN random() < 0.9 THEN 1 ELSE -1 END) * exp((random() * 2 - 1) * 6);
	END IF;
END $$;

CREATE FUNCTION pg_temp.rnd_scalar() RETURNS float8 LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	u float8 := random();
	pick int := 1 + floor(random() * 15)::int;
BEGIN
	IF u < 0.1 THEN
		RETURN (SELECT x FROM specials WHERE k = pick);
	ELSIF u < 0.2 THEN
		RETURN (CASE WHEN random() < 0.5 THEN 1 ELSE -1 END) * exp((random() * 2 - 1) * 700);
	ELSE
		RETURN random() * 20 - 10;
	END IF;
END $$;

CREATE TEMP TABLE vecs (id int PRIMARY KEY, len int, lag int, a float8, b float8,
						v float8[], w float8[]);
INSERT INTO vecs
SELECT id, len,
	   CASE floor(random() * 9)::int
		   WHEN 0 THEN 0 WHEN 1 THEN 1 WHEN 2 THEN 1 WHEN 3 THEN 2
		   WHEN 4 THEN 63 WHEN 5 THEN 64 WHEN 6 THEN 65 WHEN 7 THEN len
		   ELSE len + 5 END,
	   pg_temp.rnd_scalar(), pg_temp.rnd_scalar(),
	   (SELECT coalesce(array_agg(pg_temp.rnd_value()), '{}') FROM generate_series(1, len)),
	   (SELECT coalesce(array_agg(pg_temp.rnd_value()), '{}') FROM generate_series(1, len))
FROM (SELECT id,
			 CASE WHEN id = 1 THEN 65600
				  WHEN u < 0.85 THEN floor(u2 * 7)::int
				  WHEN u < 0.99 THEN 7 + floor(u2 * 44)::int
				  ELSE 51 + floor(u2 * 200)::int END AS len
	  FROM (SELECT id, random() u, random() u2 FROM generate_series(1, 10000) id) s) s;

SELECT ok(count(*) = 10000 AND count(*) FILTER (WHERE len = 0) > 0
		  AND count(*) FILTER (WHERE len >= 64) > 40,
		  'differential: 10,000 random vectors, some empty, some longer than a word')
FROM vecs;

-- The elements: x = v[i], y = w[i], xl = v[i - lag] (NULL for i <= lag)
CREATE TEMP TABLE elems AS
SELECT id, i, v[i] AS x, w[i] AS y,
	   CASE WHEN i > lag THEN v[i - lag] END AS xl, lag, a, b
FROM vecs, generate_series(1, len) i;
CREATE INDEX ON elems (id, i);
ANALYZE vecs;
ANALYZE elems;

-- Same bits (NaNs alike: core does not tell them apart); inlined by the planner
CREATE FUNCTION pg_temp.same(p float8, q float8) RETURNS bool LANGUAGE sql IMMUTABLE AS $$
	SELECT (p IS NULL AND q IS NULL) OR
		   coalesce(p = q AND (p <> 0 OR float8send(p) = float8send(q)), false)
$$;

-- A value's place in the ordered set of doubles (-0 and 0 both 0)
CREATE FUNCTION pg_temp.ord(x float8) RETURNS numeric LANGUAGE sql IMMUTABLE STRICT AS $$
	SELECT CASE WHEN b >= 0 THEN b::numeric
				ELSE -((b # (-9223372036854775807 - 1))::numeric) END
	FROM (SELECT ('x' || encode(float8send(x), 'hex'))::bit(64)::int8 AS b) s
$$;

-- How many doubles apart two values are (NaN only matches NaN)
CREATE FUNCTION pg_temp.ulps(p float8, q float8) RETURNS numeric LANGUAGE sql IMMUTABLE STRICT AS $$
	SELECT CASE WHEN p = 'NaN' AND q = 'NaN' THEN 0
				WHEN p = 'NaN' OR q = 'NaN' THEN 1e30
				ELSE abs(pg_temp.ord(p) - pg_temp.ord(q)) END
$$;

/*
 * pg_temp.core_err_<name>_<k>(x, y, xl, a, b): the error core raises
 * evaluating step k of function name's chain on one element, or NULL; made
 * below from the table funcs, one static expression each (k = 0: ln(x)).
 */
CREATE FUNCTION pg_temp.make_core_err(fname text, expr text) RETURNS void LANGUAGE plpgsql AS $f$
BEGIN
	EXECUTE format($q$CREATE FUNCTION pg_temp.%I(x float8, y float8, xl float8, a float8, b float8)
		RETURNS text LANGUAGE plpgsql AS $b$
		DECLARE
			r float8;
		BEGIN
			r := %s;
			RETURN NULL;
		EXCEPTION WHEN OTHERS THEN
			RETURN SQLSTATE || ' ' || SQLERRM;
		END $b$$q$, fname,
		replace(replace(replace(replace(replace(expr, '$1', 'x'), '$2', 'y'), '$3', 'xl'), '$4', 'a'), '$5', 'b'));
END $f$;

-- The error a statement raises, or NULL
CREATE FUNCTION pg_temp.stmt_err(stmt text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE stmt;
	RETURN NULL;
EXCEPTION WHEN OTHERS THEN
	RETURN SQLSTATE || ' ' || SQLERRM;
END $$;

/*
 * What each function is checked against.
 *   call:   the fusekern call, %1$s = v, %2$s = w (float8[] or nvec), %3$s
 *           the on_error argument with its comma, or nothing
 *   cmp:    'exact' (core's bits), 'ulp1' (within 1 ULP of core's), 'ulp2'
 *           (within 2 ULP of core's: both within 1 ULP of the exact value), 'same'
 *           (bits of the fusekern chain in ref_vec), 'dlog' (same, and the
 *           bound against numeric)
 *   ref:    core's expression for one element ($1 = x, $2 = y, $3 = xl,
 *           $4 = a, $5 = b)
 *   ref_vec: the unfused fusekern chain, for 'same' and 'dlog'
 *   needs:  which inputs an output depends on: 'x', 'xy', 'xl'
 *   ln_in:  the chain starts with ln of v, checked on every present input
 *   stages: core's expression for each step of the chain, in order
 */
CREATE TEMP TABLE funcs (name text, call text, cmp text, ref text, ref_vec text,
						 needs text, ln_in bool, stages text[]);
INSERT INTO funcs VALUES
('ln', 'ln(%1$s%3$s)', 'ulp1', 'ln($1)', NULL, 'x', false, '{ln($1)}'),
('exp', 'exp(%1$s%3$s)', 'ulp1', 'exp($1)', NULL, 'x', false, '{exp($1)}'),
('sqrt', 'sqrt(%1$s%3$s)', 'exact', 'sqrt($1)', NULL, 'x', false, '{sqrt($1)}'),
('abs', 'abs(%1$s)', 'exact', 'abs($1)', NULL, 'x', false, '{abs($1)}'),
('neg', '-(%1$s)', 'exact', '-$1', NULL, 'x', false, '{-$1}'),
('trunc', 'trunc(%1$s)', 'exact', 'trunc($1)', NULL, 'x', false, '{trunc($1)}'),
('floor', 'floor(%1$s)', 'exact', 'floor($1)', NULL, 'x', false, '{floor($1)}'),
('ceil', 'ceil(%1$s)', 'exact', 'ceil($1)', NULL, 'x', false, '{ceil($1)}'),
('round', 'round(%1$s)', 'exact', 'round($1)', NULL, 'x', false, '{round($1)}'),
('sign', 'sign(%1$s)', 'exact', 'sign($1)', NULL, 'x', false, '{sign($1)}'),
('tanh', 'tanh(%1$s)', 'ulp2', 'tanh($1)', NULL, 'x', false, '{tanh($1)}'),
('sin', 'sin(%1$s%3$s)', 'ulp2', 'sin($1)', NULL, 'x', false, '{sin($1)}'),
('cos', 'cos(%1$s%3$s)', 'ulp2', 'cos($1)', NULL, 'x', false, '{cos($1)}'),
('tan', 'tan(%1$s%3$s)', 'ulp2', 'tan($1)', NULL, 'x', false, '{tan($1)}'),
('add', 'vadd(%1$s, %2$s%3$s)', 'exact', '$1 + $2', NULL, 'xy', false, '{$1 + $2}'),
('sub', 'vsub(%1$s, %2$s%3$s)', 'exact', '$1 - $2', NULL, 'xy', false, '{$1 - $2}'),
('mul', 'vmul(%1$s, %2$s%3$s)', 'exact', '$1 * $2', NULL, 'xy', false, '{$1 * $2}'),
('div', 'vdiv(%1$s, %2$s%3$s)', 'exact', '$1 / $2', NULL, 'xy', false, '{$1 / $2}'),
('power', 'power(%1$s, %2$s%3$s)', 'ulp2', 'power($1, $2)', NULL, 'xy', false, ARRAY['power($1, $2)']),
('atan2', 'atan2(%1$s, %2$s)', 'ulp2', 'atan2($1, $2)', NULL, 'xy', false, ARRAY['atan2($1, $2)']),
('add_s', 'vadd(%1$s, a%3$s)', 'exact', '$1 + $4', NULL, 'x', false, '{$1 + $4}'),
('add_rs', 'vadd(a, %1$s%3$s)', 'exact', '$4 + $1', NULL, 'x', false, '{$4 + $1}'),
('sub_s', 'vsub(%1$s, a%3$s)', 'exact', '$1 - $4', NULL, 'x', false, '{$1 - $4}'),
('sub_rs', 'vsub(a, %1$s%3$s)', 'exact', '$4 - $1', NULL, 'x', false, '{$4 - $1}'),
('mul_s', 'vmul(%1$s, a%3$s)', 'exact', '$1 * $4', NULL, 'x', false, '{$1 * $4}'),
('mul_rs', 'vmul(a, %1$s%3$s)', 'exact', '$4 * $1', NULL, 'x', false, '{$4 * $1}'),
('div_s', 'vdiv(%1$s, a%3$s)', 'exact', '$1 / $4', NULL, 'x', false, '{$1 / $4}'),
('div_rs', 'vdiv(a, %1$s%3$s)', 'exact', '$4 / $1', NULL, 'x', false, '{$4 / $1}'),
('scale_add', 'scale_add(%1$s, a, b%3$s)', 'exact', '$1 * $4 + $5', NULL, 'x', false,
 '{$1 * $4, $1 * $4 + $5}'),
('sub_mul_add', 'sub_mul_add(%1$s, %2$s, a, b%3$s)', 'exact', '($1 - $2) * $4 + $5', NULL, 'xy', false,
 '{$1 - $2, ($1 - $2) * $4, ($1 - $2) * $4 + $5}'),
('diff', 'diff(%1$s, lag%3$s)', 'exact', '$1 - $3', NULL, 'xl', false, '{$1 - $3}'),
('dlog', 'dlog(%1$s, lag%3$s)', 'dlog', NULL, 'diff(ln(%1$s, ''null''), lag, ''null'')', 'xl', true,
 '{ln($1) - ln($3)}'),
('ln_scale_add', 'ln_scale_add(%1$s, a, b%3$s)', 'same', NULL,
 'scale_add(ln(%1$s, ''null''), a, b, ''null'')', 'x', true,
 '{ln($1) * $4, ln($1) * $4 + $5}'),
('dlog_scale_add', 'dlog_scale_add(%1$s, lag, a, b%3$s)', 'same', NULL,
 'scale_add(dlog(%1$s, lag, ''null''), a, b, ''null'')', 'xl', true,
 '{ln($1) - ln($3), (ln($1) - ln($3)) * $4, (ln($1) - ln($3)) * $4 + $5}');
-- the operators and the functions behind them are one and the same
SELECT ok((SELECT count(*) FROM pg_operator o JOIN pg_proc p ON p.oid = o.oprcode
		   WHERE o.oprname IN ('+', '-', '*', '/')
			 AND p.proname IN ('vadd', 'vsub', 'vmul', 'vdiv', 'vneg')
			 AND p.pronamespace = 'public'::regnamespace) = 34,
		  'the operators run the functions checked here');

SELECT pg_temp.make_core_err(format('core_err_%s_%s', name, k), stages[k])
FROM funcs, generate_series(1, array_upper(stages, 1)) k;
SELECT pg_temp.make_core_err('core_err_ln', 'ln($1)');

/*
 * A call on the vector of a row of vecs: float8[] for even ids, nvec for
 * odd; on_error 'null' when to_null (functions that cannot fault take none)
 */
CREATE FUNCTION pg_temp.on_row(tmpl text, to_null bool DEFAULT false) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
	SELECT format('CASE WHEN id %% 2 = 0 THEN %s ELSE (%s)::float8[] END',
				  format(tmpl, 'v', 'w', m), format(tmpl, 'v::nvec', 'w::nvec', m))
	FROM (SELECT CASE WHEN to_null THEN ', ''null''' ELSE '' END AS m) s
$$;

/*
 * Check one function on the current path; NULL when it agrees with core,
 * else a description of the first disagreement.
 */
CREATE FUNCTION pg_temp.check_func(f funcs) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	present text := CASE f.needs WHEN 'x' THEN 'e.x IS NOT NULL'
								 WHEN 'xy' THEN 'e.x IS NOT NULL AND e.y IS NOT NULL'
								 ELSE 'e.x IS NOT NULL AND e.xl IS NOT NULL' END;
	bad text;
	n int;
	rec record;
	got_err text;
BEGIN
	DROP TABLE IF EXISTS got;
	EXECUTE format('CREATE TEMP TABLE got AS SELECT id, len, r FROM vecs, LATERAL (SELECT %s AS r) s',
				   pg_temp.on_row(f.call, true));
	SELECT min(id) INTO n FROM got WHERE coalesce(array_length(r, 1), 0) <> len
		OR (len > 0 AND array_lower(r, 1) <> 1);
	IF n IS NOT NULL THEN
		RETURN format('vector %s: result of the wrong length or lower bound', n);
	END IF;
	DROP TABLE IF EXISTS gote;
	CREATE TEMP TABLE gote AS
	SELECT g.id, u.i, u.r FROM got g, unnest(g.r) WITH ORDINALITY u(r, i);
	CREATE INDEX ON gote (id, i);
	ANALYZE gote;

	-- NULL inputs give NULL outputs
	EXECUTE format('SELECT min(e.id) FROM elems e JOIN gote g USING (id, i)
					WHERE NOT (%s) AND g.r IS NOT NULL', present) INTO n;
	IF n IS NOT NULL THEN
		RETURN format('vector %s: a value where an input is NULL', n);
	END IF;

	-- values: against core, or against the unfused chain
	BEGIN
		IF f.cmp IN ('exact', 'ulp1', 'ulp2') THEN
			EXECUTE format($q$SELECT format('vector %%s element %%s: %%s, core %%s', e.id, e.i, g.r, c)
				FROM elems e JOIN gote g USING (id, i),
					 LATERAL (SELECT %s AS c) s
				WHERE %s AND g.r IS NOT NULL
				  AND CASE WHEN pg_temp.same(g.r, c) THEN false
						   ELSE %s END
				ORDER BY e.id, e.i LIMIT 1$q$,
				replace(replace(replace(replace(replace(f.ref, '$1', 'e.x'), '$2', 'e.y'),
					'$3', 'e.xl'), '$4', 'e.a'), '$5', 'e.b'), present,
				CASE f.cmp WHEN 'exact' THEN 'true'
						   ELSE format('pg_temp.ulps(g.r, c) > %s', right(f.cmp, 1)) END) INTO bad;
		ELSE
			DROP TABLE IF EXISTS refe;
			EXECUTE format('CREATE TEMP TABLE refe AS SELECT id, w.i, w.r
							FROM vecs, LATERAL unnest(%s) WITH ORDINALITY w(r, i)',
						   pg_temp.on_row(f.ref_vec));
			CREATE INDEX ON refe (id, i);
			ANALYZE refe;
			SELECT format('vector %s element %s: %s, unfused %s', g.id, g.i, g.r, u.r) INTO bad
			FROM gote g JOIN refe u USING (id, i)
			WHERE NOT pg_temp.same(g.r, u.r)
			ORDER BY g.id, g.i LIMIT 1;
			IF bad IS NULL AND f.cmp = 'dlog' THEN
				-- the stated bound, against ln in 40-digit numeric, on inputs
				-- k / 1024 (exact in float8 and in numeric), near and far apart;
				-- r as text is its shortest exact decimal, within half an ULP
				-- of r, hence 2^-52 rather than 2^-53 on |r| here
				SELECT format('dlog of %s over %s: %s, exact %s', p, q, r, lp - lq) INTO bad
				FROM (SELECT p, q, (dlog(ARRAY[q, p]::float8[], 1))[2] AS r,
							 ln(p + 0.0000000000000000000000000000000000000000) AS lp,
							 ln(q + 0.0000000000000000000000000000000000000000) AS lq
					  FROM (SELECT (1 + (i * 7919) % 1048576) / 1024.0 AS p,
								   CASE WHEN i % 2 = 0 THEN (1 + (i * 6007 + 13) % 1048576) / 1024.0
										ELSE (2 + (i * 7919) % 1048576) / 1024.0 END AS q
							FROM generate_series(1, 4000) i) s) t
				WHERE abs(r::text::numeric - (lp - lq)) >
					  (abs(lp) + abs(lq)) * 2.0 ^ -52 + abs(r::text::numeric) * 2.0 ^ -52
				LIMIT 1;
			END IF;
		END IF;
	EXCEPTION WHEN OTHERS THEN
		RETURN 'core raised ' || SQLERRM || ' on an element fusekern computed';
	END;
	IF bad IS NOT NULL THEN
		RETURN bad;
	END IF;

	-- NULLs where inputs are present: core must raise there
	EXECUTE format($q$SELECT format('vector %%s element %%s: NULL, but core raises nothing', e.id, e.i)
		FROM elems e JOIN gote g USING (id, i)
		WHERE %s AND g.r IS NULL
		  AND pg_temp.core_err_%s_%s(e.x, e.y, e.xl, e.a, e.b) IS NULL
		ORDER BY e.id, e.i LIMIT 1$q$, present, f.name,
		array_upper(f.stages, 1)) INTO bad;
	IF bad IS NOT NULL THEN
		RETURN bad;
	END IF;

	/*
	 * Error mode: the error of the first fault, earliest step first.  The
	 * faults are the inputs ln rejects (for chains starting with ln) and the
	 * elements that were NULL in null mode without a NULL input.
	 */
	DROP TABLE IF EXISTS faults;
	CREATE TEMP TABLE faults (id int, stage int, i bigint, err text);
	IF f.ln_in THEN
		INSERT INTO faults
		SELECT e.id, 0, e.i, pg_temp.core_err_ln(e.x, NULL, NULL, NULL, NULL)
		FROM elems e WHERE NOT (e.x > 0 AND e.x < 'Infinity');
	END IF;
	FOR k IN 1 .. array_upper(f.stages, 1) LOOP
		EXECUTE format($q$INSERT INTO faults
			SELECT e.id, %s, e.i, pg_temp.core_err_%s_%s(e.x, e.y, e.xl, e.a, e.b)
			FROM elems e JOIN gote g USING (id, i)
			WHERE %s AND g.r IS NULL$q$, k, f.name, k, present);
	END LOOP;
	ANALYZE faults;
	FOR rec IN
		SELECT DISTINCT ON (id) id, err FROM faults WHERE err IS NOT NULL
		ORDER BY id, stage, i LIMIT 25
	LOOP
		got_err := pg_temp.stmt_err(format('SELECT %s FROM vecs WHERE id = %s',
										   pg_temp.on_row(f.call), rec.id));
		IF got_err IS DISTINCT FROM rec.err THEN
			RETURN format('vector %s in error mode: %s, core %s', rec.id,
						  coalesce(got_err, 'no error'), rec.err);
		END IF;
	END LOOP;
	-- and vectors without a fault raise nothing
	FOR rec IN
		SELECT id FROM vecs v
		WHERE NOT EXISTS (SELECT 1 FROM faults u WHERE u.id = v.id AND u.err IS NOT NULL)
		ORDER BY id LIMIT 20
	LOOP
		got_err := pg_temp.stmt_err(format('SELECT %s FROM vecs WHERE id = %s',
										   pg_temp.on_row(f.call), rec.id));
		IF got_err IS NOT NULL THEN
			RETURN format('vector %s in error mode: %s, core raises nothing', rec.id, got_err);
		END IF;
	END LOOP;
	RETURN NULL;
END $$;

/*
 * The same bits for the same value wherever it sits: the distinct finite
 * positive inputs, laid out in vectors of different lengths, rotations and
 * types, with NULLs in between, give one result per value for ln, exp and
 * dlog (lag 1, against its first element).
 */
CREATE FUNCTION pg_temp.check_positions(fname text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	bad text;
BEGIN
	EXECUTE format($q$
	WITH vals AS (
		SELECT row_number() OVER (ORDER BY x) AS k, x
		FROM (SELECT DISTINCT x FROM elems WHERE x > 0 AND x < 700 LIMIT 1000) s),
	nv AS (SELECT count(*) AS n FROM vals),
	layouts AS (
		SELECT p.r, array_agg(CASE WHEN p.q %% 11 = 5 THEN NULL ELSE v.x END ORDER BY p.q) AS vec
		FROM (SELECT r, q, n FROM generate_series(0, 7) r, nv,
					 LATERAL generate_series(1, (n * (r + 8) / 15)::int) q) p
			 LEFT JOIN vals v ON v.k = 1 + (p.q * 7 + p.r * 131) %% p.n
		GROUP BY p.r),
	outs AS (
		SELECT l.r, u.i, u.x, o.y
		FROM layouts l,
			 LATERAL (SELECT CASE WHEN l.r %% 2 = 0 THEN %1$s(l.vec)
								  ELSE (%1$s(l.vec::nvec))::float8[] END AS res) c,
			 LATERAL unnest(l.vec) WITH ORDINALITY u(x, i),
			 LATERAL (SELECT c.res[u.i] AS y) o
		WHERE u.x IS NOT NULL AND o.y IS NOT NULL)
	SELECT format('%%s of %%s: %%s different results', %1$L, x, count(DISTINCT float8send(y)))
	FROM outs GROUP BY x HAVING count(DISTINCT float8send(y)) > 1 LIMIT 1$q$,
	fname) INTO bad;
	RETURN bad;
END $$;

-- dlog(2.0 repeated n || v, n) gives ln(v[i]) - ln(2.0): one result per value too
CREATE FUNCTION pg_temp.dlog_vs2(v float8[]) RETURNS float8[] LANGUAGE sql AS $$
	SELECT (dlog(array_fill(2.0::float8, ARRAY[cardinality(v)]) || v, cardinality(v)))[cardinality(v) + 1:]
$$;
CREATE FUNCTION pg_temp.dlog_vs2(v nvec) RETURNS nvec LANGUAGE sql AS $$
	SELECT ((dlog((array_fill(2.0::float8, ARRAY[n]) || v::float8[])::nvec, n))::float8[])[n + 1:]::nvec
	FROM (SELECT cardinality(v::float8[]) AS n) s
$$;

-- Every path, every function
CREATE FUNCTION pg_temp.run_path(path text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
	f funcs;
	r text;
BEGIN
	BEGIN
		EXECUTE format('SET LOCAL fusekern.simd = %L', path);
	EXCEPTION WHEN OTHERS THEN
		RETURN QUERY SELECT skip(format('this CPU has no %s path', path), 35);
		RETURN;
	END;
	FOR f IN SELECT * FROM funcs ORDER BY name LOOP
		r := pg_temp.check_func(f);
		RETURN NEXT ok(r IS NULL, format('%s: %s agrees with core', path, f.name));
		IF r IS NOT NULL THEN
			RETURN NEXT diag(r);
		END IF;
	END LOOP;
	FOREACH r IN ARRAY '{ln,exp,pg_temp.dlog_vs2}'::text[] LOOP
		r := pg_temp.check_positions(r);
		RETURN NEXT ok(r IS NULL, format('%s: same bits at any position', path));
		IF r IS NOT NULL THEN
			RETURN NEXT diag(r);
		END IF;
	END LOOP;
	RESET fusekern.simd;
END $$;

SELECT * FROM pg_temp.run_path('scalar');
SELECT * FROM pg_temp.run_path('avx2');
SELECT * FROM pg_temp.run_path('avx512');

-- The results of the functions built on ln and exp, as bytes, per path
CREATE TEMP TABLE path_out (path text, fname text, id int, r bytea);
CREATE FUNCTION pg_temp.keep_path(path text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	f funcs;
BEGIN
	BEGIN
		EXECUTE format('SET LOCAL fusekern.simd = %L', path);
	EXCEPTION WHEN OTHERS THEN
		RETURN;
	END;
	FOR f IN SELECT * FROM funcs WHERE name IN ('ln', 'exp', 'dlog', 'ln_scale_add', 'dlog_scale_add') LOOP
		EXECUTE format('INSERT INTO path_out SELECT %L, %L, id, array_send(%s) FROM vecs',
					   path, f.name, pg_temp.on_row(f.call, true));
	END LOOP;
	RESET fusekern.simd;
END $$;
SELECT pg_temp.keep_path(p) FROM unnest('{scalar,avx2,avx512}'::text[]) p;

-- (the pairs that differ counted in one join: as a correlated NOT EXISTS,
-- 18 plans a nested loop over 30,000 x 30,000 rows per function)
SELECT ok(coalesce(d.differ, 0) = 0, format('%s: the same bits on every path this CPU has', u.f))
FROM unnest('{ln,exp,dlog,ln_scale_add,dlog_scale_add}'::text[]) WITH ORDINALITY AS u(f, k)
LEFT JOIN (SELECT a.fname, count(*) AS differ
		   FROM path_out a JOIN path_out b USING (fname, id)
		   WHERE a.path < b.path AND a.r IS DISTINCT FROM b.r
		   GROUP BY a.fname) d ON d.fname = u.f
ORDER BY u.k;

SELECT * FROM finish();
ROLLBACK;
