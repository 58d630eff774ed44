SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;
SET extra_float_digits = 3;

-- The compressed form of nvec: lossless round trips (special values, NULL
-- positions, block edges), the interface (nvec_compress, nvec_decompress,
-- nvec_encoding, nvec(compressed)), and every function of the catalogue
-- that takes nvec giving the same bits on both forms, fused and unfused.

CREATE TABLE cz_in (id int PRIMARY KEY, p nvec, q nvec);
-- prices in cents (random walk from a fixed seed), lengths at the block
-- edges (1,024), NULLs at word and block boundaries
SELECT setseed(0.25);
INSERT INTO cz_in
SELECT n, p, q FROM (VALUES (0), (1), (2), (1023), (1024), (1025), (3000)) AS l(n),
LATERAL (
	SELECT coalesce(array_agg(CASE WHEN i IN (64, 65, 128, 1024, 1025, 2048) THEN NULL
							  ELSE round(x::numeric, 2)::float8 END ORDER BY i), '{}')::nvec AS p,
		   coalesce(array_agg(round((x * 0.5 + 7)::numeric, 2)::float8 ORDER BY i), '{}')::nvec AS q
	FROM (SELECT i, 100 + sum(random() - 0.5) OVER (ORDER BY i) AS x
		  FROM generate_series(1, n) i) w) v;
-- special values among the cents: NaN, ±Infinity, -0, subnormals, the
-- largest double, a value with 17 significant digits; an all-NULL block
INSERT INTO cz_in
SELECT 10000 + id,
	   (SELECT array_agg(CASE WHEN i = 5 THEN 'NaN'::float8
							  WHEN i = 6 THEN 'Infinity'
							  WHEN i = 7 THEN '-Infinity'
							  WHEN i = 8 THEN '-0'
							  WHEN i = 9 THEN '4.9e-324'
							  WHEN i = 10 THEN '-2.2250738585072009e-308'
							  WHEN i = 11 THEN '1.7976931348623157e308'
							  WHEN i = 12 THEN '0.10000000000000002'
							  WHEN i BETWEEN 1025 AND 2048 THEN NULL
							  ELSE x END ORDER BY i)
		FROM unnest(p) WITH ORDINALITY AS u(x, i))::nvec,
	   q
FROM cz_in WHERE id IN (1025, 3000);
-- full-precision doubles
INSERT INTO cz_in
SELECT 20000 + n,
	   (SELECT array_agg(100 * exp(0.001 * i + 0.01 * sin(i)) ORDER BY i) FROM generate_series(1, n) i)::nvec,
	   (SELECT array_agg(exp(0.0005 * i) ORDER BY i) FROM generate_series(1, n) i)::nvec
FROM (VALUES (1025), (3000)) AS l(n);

ALTER TABLE cz_in ADD pc nvec, ADD qc nvec;
UPDATE cz_in SET pc = nvec_compress(p), qc = nvec_compress(q);

-- which rows are compressed, and how much smaller
SELECT id, length(p), null_count(p), nvec_encoding(p) AS plain_enc, nvec_encoding(pc) AS enc,
	   nvec_encoding(qc) AS q_enc,
	   pg_column_size(pc) < pg_column_size(p) OR nvec_encoding(pc) = 'plain' AS smaller
FROM cz_in ORDER BY id;

-- lossless: same text, same binary output, equal, same bits element by
-- element (NaN's bits included), same hash; decompress gives the plain form
SELECT id,
	   pc::text = p::text AS text_same,
	   nvec_send(pc) = nvec_send(p) AS send_same,
	   pc = p AS eq,
	   nvec_hash(pc) = nvec_hash(p) AS hash_same,
	   nvec_decompress(pc)::text = p::text AS decompressed,
	   nvec_encoding(nvec_decompress(pc)) AS dec_enc,
	   (SELECT bool_and(float8send(a.x) IS NOT DISTINCT FROM float8send(b.x))
		FROM unnest(pc) WITH ORDINALITY a(x, i)
		JOIN unnest(p) WITH ORDINALITY b(x, i) USING (i)) AS bits_same
FROM cz_in ORDER BY id;

-- v[i] decodes one block: every element, every form
SELECT id, bool_and(pc[i] IS NOT DISTINCT FROM p[i]
					AND float8send(pc[i]) IS NOT DISTINCT FROM float8send(p[i])) AS elements
FROM cz_in, generate_series(0, length(p) + 1) i GROUP BY id ORDER BY id;

-- compressing twice, or a compressed value, changes nothing
SELECT id, nvec_send(nvec_compress(pc)) = nvec_send(pc) AS idempotent,
	   nvec_compress(nvec_decompress(pc))::text = pc::text AS again
FROM cz_in ORDER BY id;

-- a vector too small to shrink stays plain
SELECT nvec_encoding(nvec_compress('{1.5,NULL,3}')), nvec_compress('{1.5,NULL,3}');

-- the type modifier: stored compressed on INSERT, UPDATE, COPY and
-- ALTER TABLE ... TYPE, shown by format_type and \d
CREATE TABLE cz_col (id int, v nvec(compressed));
SELECT format_type(atttypid, atttypmod) FROM pg_attribute
WHERE attrelid = 'cz_col'::regclass AND attname = 'v';
INSERT INTO cz_col SELECT id, p FROM cz_in;
SELECT c.id, nvec_encoding(c.v), c.v::text = i.p::text AS same
FROM cz_col c JOIN cz_in i USING (id) ORDER BY id;
UPDATE cz_col SET v = cz_in.q FROM cz_in WHERE cz_col.id = cz_in.id;
SELECT c.id, nvec_encoding(c.v), c.v::text = i.q::text AS same
FROM cz_col c JOIN cz_in i USING (id) ORDER BY id;
COPY cz_col FROM STDIN;
101	{1.5,NULL,3}
102	{1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40}
\.
SELECT id, nvec_encoding(v), v FROM cz_col WHERE id IN (101, 102) ORDER BY id;
-- binary COPY out of a compressed column and into another: nvec_send
-- writes the plain form, nvec_recv compresses again for the modifier (files
-- under results/, as nvec_binary does)
\getenv abs_builddir PG_ABS_BUILDDIR
SELECT set_config('nvec_test.dir', :'abs_builddir' || '/results', false) IS NOT NULL AS dir_set;
CREATE TABLE cz_col2 (id int, v nvec(compressed));
CREATE TABLE cz_plain2 (id int, v nvec);
DO $$
BEGIN
	EXECUTE format('COPY cz_col TO %L (FORMAT binary)', current_setting('nvec_test.dir') || '/nvec_compress.bin');
	EXECUTE format('COPY cz_col2 FROM %L (FORMAT binary)', current_setting('nvec_test.dir') || '/nvec_compress.bin');
	EXECUTE format('COPY cz_plain2 FROM %L (FORMAT binary)', current_setting('nvec_test.dir') || '/nvec_compress.bin');
END
$$;
SELECT count(*) AS rows, bool_and(nvec_encoding(b.v) = nvec_encoding(a.v)) AS same_forms,
	   bool_and(nvec_encoding(c.v) = 'plain') AS plain_column_plain,
	   bool_and(nvec_send(b.v) = nvec_send(a.v) AND nvec_send(c.v) = nvec_send(a.v)) AS same_values
FROM cz_col a JOIN cz_col2 b USING (id) JOIN cz_plain2 c USING (id);
CREATE TABLE cz_alter AS SELECT id, p FROM cz_in;
ALTER TABLE cz_alter ALTER p TYPE nvec(compressed);
SELECT count(*) FILTER (WHERE nvec_encoding(a.p) = 'alp') AS compressed,
	   bool_and(a.p::text = i.p::text) AS same
FROM cz_alter a JOIN cz_in i USING (id);
ALTER TABLE cz_alter ALTER p TYPE nvec USING nvec_decompress(p);
SELECT count(*) FILTER (WHERE nvec_encoding(a.p) = 'alp') AS compressed,
	   bool_and(a.p::text = i.p::text) AS same
FROM cz_alter a JOIN cz_in i USING (id);
-- modifiers other than compressed are refused
CREATE TABLE cz_bad (v nvec(zstd));
CREATE TABLE cz_bad (v nvec(compressed, 3));

-- every function of the catalogue taking nvec, on the plain and the
-- compressed inputs (and one of each when it takes two): same results, or
-- the same error.  Arguments by type: the nvec columns, the plain column
-- as float8[], 0.5, 3, false and 'null' (the on_error mode).
CREATE TABLE cz_calls (fn regprocedure, id int, ok bool, plain text, compressed text);
DO $$
DECLARE
	f record;
	r record;
	args_p text[];
	args_c text[];
	args_m text[];
	nv int;
	t oid;
	supported bool;
	sql text;
	res_p text;
	res_c text;
	res_m text;
BEGIN
	FOR f IN
		SELECT p.oid::regprocedure AS fn, p.oid, p.proname, p.prokind, p.proargtypes::oid[] AS types
		FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid AND d.classid = 'pg_proc'::regclass
		WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'fusekern')
		  AND 'nvec'::regtype = ANY (p.proargtypes::oid[])
		  AND p.prokind IN ('f', 'a')
		  AND p.proname <> 'nvec_encoding'
		ORDER BY p.oid::regprocedure::text
	LOOP
		args_p := '{}';
		args_c := '{}';
		args_m := '{}';
		nv := 0;
		supported := true;
		FOREACH t IN ARRAY f.types LOOP
			IF t = 'nvec'::regtype THEN
				nv := nv + 1;
				args_p := args_p || CASE WHEN nv = 2 THEN 'q' ELSE 'p' END;
				args_c := args_c || CASE WHEN nv = 2 THEN 'qc' ELSE 'pc' END;
				args_m := args_m || CASE WHEN nv = 2 THEN 'q' ELSE 'pc' END;
			ELSIF t IN ('float8'::regtype, 'ema_param'::regtype) THEN
				args_p := args_p || '0.5'::text; args_c := args_c || '0.5'::text; args_m := args_m || '0.5'::text;
			ELSIF t IN ('int4'::regtype, 'int8'::regtype) THEN
				args_p := args_p || '3'::text; args_c := args_c || '3'::text; args_m := args_m || '3'::text;
			ELSIF t = 'bool'::regtype THEN
				args_p := args_p || 'false'::text; args_c := args_c || 'false'::text; args_m := args_m || 'false'::text;
			ELSIF t = 'text'::regtype THEN
				args_p := args_p || '''null'''::text; args_c := args_c || '''null'''::text; args_m := args_m || '''null'''::text;
			ELSIF t = 'float8[]'::regtype THEN
				args_p := args_p || 'p::float8[]'::text; args_c := args_c || 'p::float8[]'::text; args_m := args_m || 'p::float8[]'::text;
			ELSE
				supported := false;
			END IF;
		END LOOP;
		CONTINUE WHEN NOT supported;
		FOR r IN SELECT id FROM cz_in ORDER BY id LOOP
			FOR k IN 1 .. 3 LOOP
				IF f.prokind = 'a' THEN
					-- over the rows of the same length
					sql := format('SELECT %s(%s)::text FROM cz_in WHERE length(p) = (SELECT length(p) FROM cz_in WHERE id = %s)',
								  f.oid::regproc, array_to_string(CASE k WHEN 1 THEN args_p WHEN 2 THEN args_c ELSE args_m END, ', '), r.id);
				ELSE
					sql := format('SELECT array_agg(x::text)::text FROM (SELECT %s(%s) AS x FROM cz_in WHERE id = %s) s',
								  f.oid::regproc, array_to_string(CASE k WHEN 1 THEN args_p WHEN 2 THEN args_c ELSE args_m END, ', '), r.id);
				END IF;
				BEGIN
					EXECUTE sql INTO res_c;
				EXCEPTION WHEN OTHERS THEN
					res_c := 'ERROR: ' || SQLERRM;
				END;
				IF k = 1 THEN
					res_p := res_c;
				ELSIF k = 2 THEN
					res_m := res_c;
				END IF;
			END LOOP;
			-- res_p: plain, res_m: compressed, res_c: mixed
			INSERT INTO cz_calls VALUES (f.fn, r.id,
				res_p IS NOT DISTINCT FROM res_m AND res_p IS NOT DISTINCT FROM res_c,
				res_p, coalesce(res_m, '') || ' / ' || coalesce(res_c, ''));
		END LOOP;
	END LOOP;
END
$$;
-- the calls made, and those whose results differ (none; nvec_encoding,
-- whose answer is the form, is left out)
SELECT count(DISTINCT fn) > 100 AS many_functions, count(*) > 1000 AS many_calls,
	   count(*) FILTER (WHERE plain LIKE 'ERROR%') < count(*) / 4 AS mostly_results
FROM cz_calls;
SELECT fn, id, plain, compressed FROM cz_calls WHERE NOT ok ORDER BY fn::text, id;

-- fused chains on both forms, fusion on and off: the same bits.  The
-- planner fuses them over compressed columns as over plain ones:
CREATE FUNCTION cz_plan_fused(q text) RETURNS bool LANGUAGE plpgsql AS $$
DECLARE
	line text;
	fused bool := false;
BEGIN
	FOR line IN EXECUTE 'EXPLAIN (VERBOSE, COSTS OFF) ' || q LOOP
		fused := fused OR line LIKE '%fused\_%';
	END LOOP;
	RETURN fused;
END
$$;
SET fusekern.enable_fusion = on;
SELECT cz_plan_fused($$SELECT vmean(dlog(pc, 1, 'null')) FROM cz_in$$) AS reduction_fused,
	   cz_plan_fused($$SELECT cumsum(dlog(pc, 1, 'null')) FROM cz_in$$) AS chain_fused;
SET fusekern.enable_fusion = off;
SELECT cz_plan_fused($$SELECT vmean(dlog(pc, 1, 'null')) FROM cz_in$$) AS reduction_fused;
RESET fusekern.enable_fusion;
CREATE TABLE cz_fused (form text, fusion bool, id int, m float8, z nvec, c nvec, r nvec);
DO $$
BEGIN
	FOR k IN 0 .. 3 LOOP
		PERFORM set_config('fusekern.enable_fusion', CASE WHEN k < 2 THEN 'on' ELSE 'off' END, true);
		EXECUTE format($q$
			INSERT INTO cz_fused
			SELECT %1$L, %2$L, id, vmean(dlog(%3$s, 1, 'null')),
				   CASE WHEN id BETWEEN 10000 AND 19999 THEN NULL  -- 1.8e308 overflows the window
						ELSE (%3$s - rolling_mean(%3$s, 20)) / rolling_stddev(%3$s, 20) END,
				   cumsum(dlog(%3$s, 1, 'null')), (%3$s - %4$s) / (%4$s + 1::float8)
			FROM cz_in$q$,
			CASE WHEN k % 2 = 0 THEN 'plain' ELSE 'alp' END, k < 2,
			CASE WHEN k % 2 = 0 THEN 'p' ELSE 'pc' END,
			CASE WHEN k % 2 = 0 THEN 'q' ELSE 'qc' END);
	END LOOP;
END
$$;
RESET fusekern.enable_fusion;
SELECT id, count(DISTINCT (float8send(m), nvec_send(z), nvec_send(c), nvec_send(r))) AS distinct_results,
	   count(*) AS runs, bool_or(nvec_encoding(z) = 'alp' OR nvec_encoding(c) = 'alp') AS compressed_result
FROM cz_fused GROUP BY id ORDER BY id;

-- sibling reductions in one pass over a compressed column (the group
-- pass), against the same on the plain column and unfused: the same bits
SET fusekern.enable_fusion = on;
CREATE TABLE cz_group AS
SELECT 'alp' AS form, id, vmean(dlog(pc, 1, 'null')) AS m, vstddev(dlog(pc, 1, 'null')) AS s,
	   vmin(pc / cummax(pc) - 1::float8) AS dd, vstddev(pc) AS hi FROM cz_in WHERE id < 10000 OR id > 20000;
INSERT INTO cz_group
SELECT 'plain', id, vmean(dlog(p, 1, 'null')), vstddev(dlog(p, 1, 'null')),
	   vmin(p / cummax(p) - 1::float8), vstddev(p) FROM cz_in WHERE id < 10000 OR id > 20000;
SET fusekern.enable_fusion = off;
INSERT INTO cz_group
SELECT 'unfused', id, vmean(dlog(pc, 1, 'null')), vstddev(dlog(pc, 1, 'null')),
	   vmin(pc / cummax(pc) - 1::float8), vstddev(pc) FROM cz_in WHERE id < 10000 OR id > 20000;
RESET fusekern.enable_fusion;
SELECT id, count(DISTINCT (float8send(m), float8send(s), float8send(dd), float8send(hi))) AS distinct_results, count(*) AS runs
FROM cz_group GROUP BY id ORDER BY id;
