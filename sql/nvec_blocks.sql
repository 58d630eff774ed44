SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;
SET extra_float_digits = 3;

-- The readers that take a vector a block at a time (shift, slices, casts,
-- aggregates across rows), on the same vectors as a plain nvec (p), a
-- compressed one (c) and a float8[] with NULLs (a): the same bits on
-- every form, and the bits of a reference built with core's own
-- subscripts, casts and aggregates.  Vectors of several blocks of 1,024,
-- NULLs at word and block edges, special values (-0, ±Infinity, NaN,
-- subnormals) in compressed blocks.

CREATE TABLE nb_in (id int PRIMARY KEY, p nvec, c nvec, a float8[]);
SELECT setseed(0.5);
INSERT INTO nb_in (id, p)
SELECT n, coalesce((SELECT array_agg(CASE WHEN i IN (1, 64, 65, 1024, 1025, 2048, 2049, 3072, n) AND n > 2 THEN NULL
										  WHEN i = 5 THEN '-0'::float8
										  WHEN i = 6 THEN 'NaN'
										  WHEN i = 7 THEN 'Infinity'
										  WHEN i = 1030 THEN '-Infinity'
										  WHEN i = 1031 THEN '4.9e-324'
										  WHEN i = 2050 THEN '-2.2250738585072009e-308'
										  ELSE round(x::numeric, 2)::float8 END ORDER BY i)
				   FROM (SELECT i, 100 + sum(random() - 0.5) OVER (ORDER BY i) AS x
						 FROM generate_series(1, n) i) w), '{}')::nvec
FROM (VALUES (0), (1), (2), (1023), (1024), (1025), (3000), (4100)) AS l(n);
-- a row without NULLs, and one all NULL in its second block
INSERT INTO nb_in (id, p)
SELECT 10000 + n, (SELECT array_agg(round((50 + sin(i) * 10)::numeric, 2)::float8 ORDER BY i)
				   FROM generate_series(1, n) i)::nvec
FROM (VALUES (2500)) AS l(n);
INSERT INTO nb_in (id, p)
SELECT 20000 + n, (SELECT array_agg(CASE WHEN i BETWEEN 1025 AND 2048 THEN NULL ELSE i * 0.25 END ORDER BY i)
				   FROM generate_series(1, n) i)::nvec
FROM (VALUES (2500)) AS l(n);
UPDATE nb_in SET c = nvec_compress(p), a = p::float8[];

-- the forms: compressed from 1,023 elements on, float8[] with NULLs
SELECT id, length(p), null_count(p), nvec_encoding(c) AS c_enc,
	   array_position(a, NULL) IS NOT NULL AS a_has_nulls
FROM nb_in ORDER BY id;

-- a reference: elements i - k of the float8[] for i in lo .. hi, as core
-- unnests them (NULL outside 1 .. length)
CREATE FUNCTION nb_ref(a float8[], lo int, hi int, k int) RETURNS float8[]
LANGUAGE sql IMMUTABLE AS
$$ SELECT coalesce(array_agg(u.x ORDER BY g.i), '{}')
   FROM generate_series(lo, hi) g(i)
		LEFT JOIN unnest(a) WITH ORDINALITY u(x, j) ON u.j = g.i - k::bigint $$;

-- shift(v, k): nvec over plain and compressed, float8[] with NULLs, and
-- the reference, the same bits (nvec_send, array_send), for lags and
-- leads across words and blocks, and past the end
CREATE TABLE nb_k (k int);
INSERT INTO nb_k VALUES (0), (1), (-1), (5), (-5), (63), (-64), (65), (1023), (-1023),
	(1024), (-1024), (1025), (-1025), (2049), (-3000), (4099), (-4100), (2147483647), (-2147483648);
SELECT k,
	   count(*) AS vectors,
	   bool_and(nvec_send(shift(c, k)) = nvec_send(shift(p, k))) AS compressed_same,
	   bool_and(array_send(shift(a, k)) = array_send(nb_ref(a, 1, length(p), k))) AS float8arr_ref,
	   bool_and(nvec_send(shift(p, k)) = nvec_send(nb_ref(a, 1, length(p), k)::nvec)) AS nvec_ref,
	   bool_and(nvec_encoding(shift(c, k)) = 'plain') AS result_plain
FROM nb_in, nb_k
GROUP BY k ORDER BY k;
-- a PL/pgSQL variable with NULLs, kept as an array of Datums after an
-- element assignment: read a block at a time too, the same bits
DO $$
DECLARE
	r record;
	x float8[];
	bad int := 0;
BEGIN
	FOR r IN SELECT nb_in.*, k FROM nb_in, nb_k WHERE length(p) > 1000 LOOP
		x := r.a;
		x[3] := x[3];
		IF array_send(shift(x, r.k)) <> array_send(shift(r.a, r.k)) THEN
			bad := bad + 1;
		END IF;
	END LOOP;
	RAISE NOTICE 'shift of a variable with NULLs: % differences', bad;
END
$$;

-- slices v[a:b], head and tail: only the blocks that hold the part are
-- decoded, and of a value stored out of line without TOAST compression
-- (STORAGE external) only the part is fetched.  Every pair of bounds
-- around words and blocks, on plain and compressed values held inline or
-- out of line: the same bits as core's slice of the float8[]
CREATE TABLE nb_ext (id int, p nvec, c nvec(compressed)) WITH (toast_tuple_target = 128);
ALTER TABLE nb_ext ALTER p SET STORAGE external, ALTER c SET STORAGE external;
INSERT INTO nb_ext SELECT id, p, c FROM nb_in;
SELECT count(*) AS rows, count(*) FILTER (WHERE nvec_encoding(e.c) = 'alp') AS compressed,
	   bool_and(nvec_send(e.c) = nvec_send(i.p)) AS same_values
FROM nb_ext e JOIN nb_in i USING (id);
-- the values stored out of line: all but those of the three short rows
SELECT reltoastrelid::regclass AS nb_toast FROM pg_class WHERE relname = 'nb_ext' \gset
SELECT count(DISTINCT chunk_id) AS out_of_line FROM :nb_toast;
CREATE TABLE nb_b (b int);
INSERT INTO nb_b VALUES (-2), (0), (1), (2), (63), (64), (65), (1000), (1023), (1024), (1025),
	(1026), (2048), (2049), (2999), (3000), (3001), (4096), (4100), (4105);
SELECT i.id,
	   count(*) AS slices,
	   count(*) FILTER (WHERE nvec_send(i.p[lo.b:hi.b]) = nvec_send(i.a[lo.b:hi.b]::nvec)
						  AND nvec_send(i.c[lo.b:hi.b]) = nvec_send(i.p[lo.b:hi.b])
						  AND nvec_send(e.p[lo.b:hi.b]) = nvec_send(i.p[lo.b:hi.b])
						  AND nvec_send(e.c[lo.b:hi.b]) = nvec_send(i.p[lo.b:hi.b])) AS same,
	   count(*) FILTER (WHERE nvec_send(e.c[lo.b:]) = nvec_send(i.a[lo.b:]::nvec)
						  AND nvec_send(e.c[:hi.b]) = nvec_send(i.a[:hi.b]::nvec)
						  AND nvec_send(i.c[lo.b:]) = nvec_send(i.a[lo.b:]::nvec)
						  AND nvec_send(i.c[:hi.b]) = nvec_send(i.a[:hi.b]::nvec)) AS same_omitted,
	   count(*) FILTER (WHERE nvec_send(head(e.c, hi.b)) = nvec_send(head(i.a, hi.b)::nvec)
						  AND nvec_send(tail(e.c, hi.b)) = nvec_send(tail(i.a, hi.b)::nvec)
						  AND nvec_send(head(i.c, hi.b)) = nvec_send(head(i.a, hi.b)::nvec)
						  AND nvec_send(tail(i.c, hi.b)) = nvec_send(tail(i.a, hi.b)::nvec)
						  AND nvec_send(head(e.p, -hi.b)) = nvec_send(head(i.a, -hi.b)::nvec)
						  AND nvec_send(tail(e.c, -hi.b)) = nvec_send(tail(i.a, -hi.b)::nvec)) AS head_tail
FROM nb_in i JOIN nb_ext e USING (id), nb_b lo, nb_b hi
GROUP BY i.id ORDER BY i.id;
-- v[i] at the same positions, out of line too: the same bits or NULL
SELECT count(*) AS elements,
	   count(*) FILTER (WHERE float8send(e.c[b.b]) IS NOT DISTINCT FROM float8send(i.a[b.b])
						  AND float8send(e.p[b.b]) IS NOT DISTINCT FROM float8send(i.a[b.b])
						  AND float8send(i.c[b.b]) IS NOT DISTINCT FROM float8send(i.a[b.b])) AS same,
	   count(*) FILTER (WHERE e.c[b.b] IS NULL) AS nulls
FROM nb_in i JOIN nb_ext e USING (id), nb_b b;

-- casts out of nvec: a compressed value decoded a block at a time straight
-- into the result; the same bits as core's casts of the float8[] read back
-- from the nvec's text (its own input, not our cast)
SELECT id,
	   array_send(c::float8[]) = array_send(p::text::float8[]) AS float8arr,
	   array_send(p::float8[]) = array_send(p::text::float8[]) AS float8arr_plain,
	   array_send(ec::float8[]) = array_send(p::text::float8[]) AS float8arr_out_of_line,
	   c::numeric[]::text = p::text::float8[]::numeric[]::text AS numericarr,
	   c::jsonb = to_jsonb(p::text::float8[]) AS jsonb,
	   to_json(c)::text = to_json(p::text::float8[])::text AS json,
	   CASE WHEN length(p) < 1031 OR id > 10000
			THEN array_send(c::real[]) = array_send(p::text::float8[]::real[]) END AS realarr
FROM nb_in JOIN (SELECT id, c AS ec FROM nb_ext) e USING (id) ORDER BY id;
-- real[] of a subnormal double: core's underflow error, from the
-- compressed form as from the plain one
SELECT c::real[] FROM nb_in WHERE id = 3000;
SELECT p::real[] FROM nb_in WHERE id = 3000;

-- aggregates across rows: each row read a block at a time (a compressed
-- nvec decoded, a float8[] with NULLs expanded per block), the same bits
-- as plain rows and as core's aggregates position by position (rows in
-- the same order); NULLs at block edges, a position NULL in every row
CREATE TABLE nb_rows (r int, n int, p nvec, c nvec, a float8[]);
INSERT INTO nb_rows (r, n, p)
SELECT r, n, (SELECT array_agg(CASE WHEN i = 2049 OR (i IN (1, 64, 1024, 1025, 2048, n) AND (r + i) % 2 = 0) THEN NULL
									WHEN i = 5 AND r = 2 THEN '-0'::float8
									WHEN i = 6 AND r = 3 THEN 'NaN'
									WHEN i = 7 AND r = 1 THEN 'Infinity'
									WHEN i = 1030 AND r = 4 THEN '-Infinity'
									WHEN i = 1031 THEN '4.9e-324'
									ELSE round((100 + 10 * sin(i * 0.01 + r))::numeric, 2)::float8 END ORDER BY i)
			  FROM generate_series(1, n) i)::nvec
FROM generate_series(1, 4) r, (VALUES (1025), (3000)) l(n);
UPDATE nb_rows SET c = nvec_compress(p), a = p::float8[];
SELECT n, count(*) AS rows, count(*) FILTER (WHERE nvec_encoding(c) = 'alp') AS compressed
FROM nb_rows GROUP BY n ORDER BY n;
CREATE TABLE nb_core AS
SELECT n, array_agg(s ORDER BY i) AS sum, array_agg(av ORDER BY i) AS avg, array_agg(mn ORDER BY i) AS min,
	   array_agg(mx ORDER BY i) AS max, array_agg(vs ORDER BY i) AS variance, array_agg(vp ORDER BY i) AS var_pop,
	   array_agg(ss ORDER BY i) AS stddev, array_agg(sp ORDER BY i) AS stddev_pop
FROM (SELECT n, i, sum(x ORDER BY r) AS s, avg(x ORDER BY r) AS av, min(x) AS mn, max(x) AS mx,
			 variance(x ORDER BY r) AS vs, var_pop(x ORDER BY r) AS vp,
			 stddev(x ORDER BY r) AS ss, stddev_pop(x ORDER BY r) AS sp
	  FROM nb_rows, unnest(a) WITH ORDINALITY u(x, i) GROUP BY n, i) g
GROUP BY n;
SELECT n,
	   nvec_send(sum(c ORDER BY r)) = nvec_send(k.sum::nvec) AND nvec_send(sum(p ORDER BY r)) = nvec_send(k.sum::nvec)
		   AND array_send(sum(a ORDER BY r)) = array_send(k.sum) AS sum,
	   nvec_send(avg(c ORDER BY r)) = nvec_send(k.avg::nvec) AND nvec_send(avg(p ORDER BY r)) = nvec_send(k.avg::nvec)
		   AND array_send(avg(a ORDER BY r)) = array_send(k.avg) AS avg,
	   nvec_send(min(c)) = nvec_send(k.min::nvec) AND nvec_send(min(p)) = nvec_send(k.min::nvec) AS min,
	   nvec_send(max(c)) = nvec_send(k.max::nvec) AND nvec_send(max(p)) = nvec_send(k.max::nvec) AS max,
	   nvec_send(variance(c ORDER BY r)) = nvec_send(k.variance::nvec)
		   AND array_send(variance(a ORDER BY r)) = array_send(k.variance) AS variance,
	   nvec_send(var_pop(c ORDER BY r)) = nvec_send(k.var_pop::nvec)
		   AND array_send(var_pop(a ORDER BY r)) = array_send(k.var_pop) AS var_pop,
	   nvec_send(stddev(c ORDER BY r)) = nvec_send(k.stddev::nvec)
		   AND array_send(stddev(a ORDER BY r)) = array_send(k.stddev) AS stddev,
	   nvec_send(stddev_pop(c ORDER BY r)) = nvec_send(k.stddev_pop::nvec)
		   AND array_send(stddev_pop(a ORDER BY r)) = array_send(k.stddev_pop) AS stddev_pop,
	   null_count(sum(c)) AS all_null_positions
FROM nb_rows JOIN nb_core k USING (n) GROUP BY n, k.sum, k.avg, k.min, k.max, k.variance, k.var_pop,
	 k.stddev, k.stddev_pop ORDER BY n;
-- a row read in blocks faults as it does whole: avg's state passed by
-- hand to its transition function, whose sum at position 1 overflows with
-- the row (first block) and whose count at position 2501 is already 2^53
-- (third block), gives the count's error, for a float8[] with NULLs (read
-- in blocks) as for one without (read whole)
CREATE TABLE nb_avg AS
SELECT '{1e308}'::float8[] || array_fill('-0'::float8, ARRAY[2999]) ||
	   '{1}'::float8[] || array_fill(0::float8, ARRAY[2499]) || '{9007199254740992}'::float8[] ||
	   array_fill(0::float8, ARRAY[499]) AS st,
	   '{1e308}'::float8[] || array_fill(1::float8, ARRAY[2998]) AS x;
SELECT vec_avg_transfn(st, x || '{NULL}'::float8[]) IS NULL FROM nb_avg;
SELECT vec_avg_transfn(st, x || '{1}'::float8[]) IS NULL FROM nb_avg;
-- without the count at its limit, the sum's error, both ways
SELECT vec_avg_transfn(st[1:5500] || '{1}'::float8[] || st[5502:], x || '{NULL}'::float8[]) IS NULL FROM nb_avg;
SELECT vec_avg_transfn(st[1:5500] || '{1}'::float8[] || st[5502:], x || '{1}'::float8[]) IS NULL FROM nb_avg;
