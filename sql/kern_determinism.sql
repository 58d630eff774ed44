-- Same arguments, same bits: results do not depend on fusekern.simd, and
-- exp is finite wherever core's exp is
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;
SELECT abs('{}'::float8[]);		-- loads the library, which defines the GUCs

-- The paths this CPU has (others are skipped, so the output is the same on any CPU)
CREATE FUNCTION pg_temp.paths() RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
	p text;
BEGIN
	FOREACH p IN ARRAY '{scalar,avx2,avx512}'::text[] LOOP
		BEGIN
			PERFORM set_config('fusekern.simd', p, false);
			RETURN NEXT p;
		EXCEPTION WHEN OTHERS THEN
			NULL;
		END;
	END LOOP;
	PERFORM set_config('fusekern.simd', 'auto', false);
END $$;

-- The bytes query q returns under path p, planned and run there
CREATE FUNCTION pg_temp.under(p text, q text) RETURNS bytea LANGUAGE plpgsql AS $$
DECLARE
	r bytea;
BEGIN
	PERFORM set_config('fusekern.simd', p, false);
	EXECUTE q INTO r;
	PERFORM set_config('fusekern.simd', 'auto', false);
	RETURN r;
END $$;

-- A value's place in the ordered set of doubles
CREATE FUNCTION pg_temp.ord(x float8) RETURNS numeric LANGUAGE sql IMMUTABLE STRICT AS $$
	SELECT CASE WHEN b >= 0 THEN b::numeric
				ELSE -((b # (-9223372036854775807 - 1))::numeric) END
	FROM (SELECT ('x' || encode(float8send(x), 'hex'))::bit(64)::int8 AS b) s
$$;

-- How many doubles apart two values are
CREATE FUNCTION pg_temp.ulps(p float8, q float8) RETURNS numeric LANGUAGE sql IMMUTABLE STRICT AS $$
	SELECT abs(pg_temp.ord(p) - pg_temp.ord(q))
$$;

-- The error a statement raises, or NULL
CREATE FUNCTION pg_temp.err(stmt text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE stmt;
	RETURN NULL;
EXCEPTION WHEN OTHERS THEN
	RETURN SQLSTATE || ' ' || SQLERRM;
END $$;

-- Inputs of every kind: ln's over every binade and near 1, exp's over its
-- whole finite range up to core's limit 709.782712893384
SELECT setseed(0.20261123);
CREATE TABLE det_in AS
SELECT array_agg(CASE WHEN g % 4 = 0 THEN 1 + (random() - 0.5) * 2.0 ^ -(g % 50)
					  ELSE exp((random() * 2 - 1) * 700) END ORDER BY g) AS x,
	   array_agg(CASE WHEN g % 5 = 0 THEN 709.78 + random() * 0.002712893384
					  ELSE -745.1 + random() * (709.78 + 745.1) END ORDER BY g) AS y
FROM generate_series(1, 20000) g;

-- One result per function, whatever the path (the bytes of the whole array)
SELECT f, count(DISTINCT pg_temp.under(p, format('SELECT array_send(%s) FROM det_in', f))) AS results
FROM unnest(ARRAY['ln(x)', 'exp(y)', 'dlog(x)', 'dlog(x, 3)', 'ln_scale_add(x, 100, -0.5)',
				  'dlog_scale_add(x, 1, 252, 0)', 'ln(x::nvec)::float8[]',
				  'exp(y::nvec)::float8[]',
				  'tanh(ln(x)) + round(y) + floor(y) - ceil(y) + trunc(y) + sign(y)',
				  'tanh(y::nvec)::float8[]',
				  'sin(y, ''null'') + cos(y, ''null'') + tan(y, ''null'')',
				  'log1p(x) + expm1(y, ''null'')',
				  'power(x, y, ''null'') + power(y::nvec, 3, ''null'')::float8[]',
				  'atan2(x, y) + atan2(y::nvec, -0.5)::float8[]',
				  'log2(x) + log2(x::nvec)::float8[]',
				  'round(y, 2) + round(x::nvec, 5)::float8[]',
				  'vgreatest(x, y) + vleast(y::nvec, 1)::float8[]',
				  'ARRAY[vslope(y, ln(x)), vintercept(ln(x), y), vr2(y, ln(x::nvec))]',
				  'ARRAY[vfirst(dlog(x, 5)), vlast(diff(y)), vargfirst(x), varglast(y::nvec)]',
				  'ARRAY[vwmean(y, ln(x)), vwsum(ln(x), y::nvec)]',
				  'ARRAY[vskew(ln(x)), vkurtosis(dlog(x, 2)), vskew(y::nvec), vkurtosis(tanh(y))]',
				  'vsort(ln(x)) || vrank(exp(y), ''dense'') || vpercent_rank(sin(y, ''null''))',
				  'vhistogram(ln(x), -700, 700, 50) || vhistogram(exp(y::nvec), ''{0,1,2,1e300}'')']) f,
	 pg_temp.paths() p
GROUP BY f ORDER BY f;

-- exp is finite up to core's limit, within 2 ULP of core's there, the same on every path
SELECT x, r AS fusekern, pg_temp.ulps(r, exp(x)) <= 2 AS within_2_ulp_of_core,
	   r < 'Infinity' AS finite
FROM (SELECT x, (exp(ARRAY[x]))[1] AS r
	  FROM unnest('{709.78271117,709.782712893384,709.78,1,-745.1332191019411}'::float8[]) x) s;
SELECT count(DISTINCT pg_temp.under(p, $$SELECT array_send(exp('{709.78271117,709.782712893384}'::float8[]))$$)) AS results
FROM pg_temp.paths() p;
-- past it, core's error
SELECT pg_temp.err($$SELECT exp('{709.782712893385}'::float8[])$$) AS fusekern,
	   pg_temp.err($$SELECT exp(709.782712893385::float8)$$) AS core;

-- An expression index built under one path answers under every other as a
-- sequential scan does
CREATE TABLE det_rows AS
SELECT g AS id, ARRAY[x[g]] AS lv, ARRAY[y[g]] AS ev FROM det_in, generate_series(1, 2000) g;
SET fusekern.simd = 'scalar';
CREATE INDEX det_rows_ln ON det_rows ((ln(lv)));
CREATE INDEX det_rows_exp ON det_rows ((exp(ev)));
RESET fusekern.simd;
ANALYZE det_rows;

-- Rows whose key, computed now, finds their indexed key: by index or by a scan
CREATE FUNCTION pg_temp.matches(p text, by_index bool, q text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
	n bigint;
BEGIN
	PERFORM set_config('fusekern.simd', p, true);
	PERFORM set_config('enable_seqscan', (NOT by_index)::text, true);
	PERFORM set_config('enable_indexscan', by_index::text, true);
	PERFORM set_config('enable_bitmapscan', by_index::text, true);
	PERFORM set_config('enable_hashjoin', (NOT by_index)::text, true);
	PERFORM set_config('enable_mergejoin', 'off', true);
	EXECUTE q INTO n;
	RETURN n;
END $$;

SET enable_seqscan = off; SET enable_hashjoin = off; SET enable_mergejoin = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM det_rows k JOIN det_rows d ON ln(d.lv) = ln(k.lv);
RESET enable_seqscan; RESET enable_hashjoin; RESET enable_mergejoin;

BEGIN;
SELECT q AS query, bool_and(by_index = by_scan) AS index_scan_as_seq_scan,
	   bool_and(by_scan >= 2000) AS every_row_found
FROM (VALUES ('SELECT count(*) FROM det_rows k JOIN det_rows d ON ln(d.lv) = ln(k.lv)'),
			 ('SELECT count(*) FROM det_rows k JOIN det_rows d ON exp(d.ev) = exp(k.ev)')) v(q),
	 pg_temp.paths() p,
	 LATERAL (SELECT pg_temp.matches(p, true, q) AS by_index,
					 pg_temp.matches(p, false, q) AS by_scan) m
GROUP BY q ORDER BY q;
COMMIT;

-- The NaN rule (docs/kernels.md): every NaN a kernel stores is the one
-- canonical NaN, 0x7ff8000000000000, whatever operand held which NaN (its
-- sign, its payload), whatever the path, fused or not.  Operands: 'NaN',
-- -'NaN' (core flips its sign), a NaN with a payload and a negative one
-- (read in binary, as COPY reads them), +-Infinity (Infinity - Infinity,
-- 0 * Infinity), 0, -0, 1
\getenv abs_builddir PG_ABS_BUILDDIR
\set nan_file :abs_builddir '/results/det_nan.bin'
-- two NaN with payloads, written as bytea and read back as float8 (their
-- binary forms are the same bytes)
COPY (VALUES (3, '\x7ff8000000000123'::bytea), (4, '\xfffc00000000abcd')) TO :'nan_file' (FORMAT binary);
CREATE TABLE det_nan_ops (i int, v float8);
COPY det_nan_ops FROM :'nan_file' (FORMAT binary);
INSERT INTO det_nan_ops
SELECT i, v FROM unnest(ARRAY['NaN'::float8, -'NaN'::float8, NULL, NULL,
							  'Infinity', '-Infinity', 0, '-0', 1]) WITH ORDINALITY AS u(v, i)
WHERE v IS NOT NULL;
CREATE TABLE det_nan AS
SELECT array_agg(a.v ORDER BY a.i, b.i) AS x, array_agg(b.v ORDER BY a.i, b.i) AS y
FROM det_nan_ops a, det_nan_ops b;
SELECT i, float8send(v) FROM det_nan_ops ORDER BY i;

-- What query q gives under path p with fusion on or off (as text)
CREATE FUNCTION pg_temp.under_fu(p text, fusion text, q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	r text;
BEGIN
	PERFORM set_config('fusekern.simd', p, false);
	PERFORM set_config('fusekern.enable_fusion', fusion, false);
	EXECUTE q INTO r;
	PERFORM set_config('fusekern.simd', 'auto', false);
	PERFORM set_config('fusekern.enable_fusion', 'on', false);
	RETURN r;
END $$;

-- The NaN bits of an array: the distinct ones, in hex
CREATE FUNCTION pg_temp.nan_bits(a float8[]) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT coalesce(string_agg(DISTINCT encode(float8send(x), 'hex'), ','), 'none')
	FROM unnest(a) AS x WHERE x = 'NaN'
$$;

-- one result per expression on every path, fused or not, and its NaN the
-- canonical one
SELECT f, count(DISTINCT pg_temp.under_fu(p, fu, format('SELECT array_send(%s)::text FROM det_nan', f))) AS results,
	   string_agg(DISTINCT pg_temp.under_fu(p, fu, format('SELECT pg_temp.nan_bits(%s) FROM det_nan', f)), ' ') AS nan_bits
FROM unnest(ARRAY['x + y', 'x - y', 'x * y', 'vdiv(x, y, ''null'')', '(x - y) * ''NaN''::float8',
				  '''NaN''::float8 + x * 0', 'x * ''NaN''::float8 + y',
				  'sub_mul_add(x, y, ''NaN'', 1)', 'scale_add(x, 0, ''NaN'')',
				  'scale_add(x, ''Infinity'', ''-Infinity'')', 'sqrt(x, ''null'')', 'abs(x)', '-x',
				  'clip(x, -1, 1)', 'ln(x, ''null'')', 'exp(x)',
				  'log10(''NaN''::float8 + x * 0, ''null'')', 'diff(x)',
				  'dlog(abs(x), 1, ''null'')', 'ln_scale_add(abs(x), ''NaN'', 0, ''null'')',
				  '(x::nvec - y::nvec)::float8[]',
				  '((x::nvec - x::nvec) * ''NaN''::float8)::float8[]',
				  'log10(''NaN''::float8 + x::nvec * 0, ''null'')::float8[]',
				  'cumsum(x)', 'cumprod(y)', 'ema(x, 0.5)', 'rolling_sum(x, 2)',
				  'rolling_mean(x, 3, 1)', 'rolling_stddev(x, 2)',
				  'rolling_mean(x, 4, 1, center => true)',
				  'rolling_mean(x, ''{1,2,3}''::float8[], 1)',
				  'ema(x, adjust => true, alpha => 0.5, ignore_nulls => false)']) f,
	 (VALUES ('off'), ('on')) AS fusion(fu),
	 pg_temp.paths() p
GROUP BY f ORDER BY f;

DROP TABLE det_in, det_rows, det_nan, det_nan_ops;
