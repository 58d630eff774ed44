-- A fused float8[] result that may hold NULLs is computed a block at a
-- time in place and packed there (FkResultBlockDst, FkResultPlaceBlock):
-- next to the header while no NULL has come, behind the room of the NULL
-- bitmap from the first NULL on.  Each case compares the fused result with
-- the unfused one: array_send gives the values, the NULL flags and whether
-- the array has a NULL bitmap; *= (record_image_eq) compares the stored
-- bytes, padding included, which decide how TOAST compresses a value.
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;
CREATE TEMP TABLE rb (name text, x float8[]);
INSERT INTO rb
SELECT 'first NULL in the third block',
	   array_agg(CASE WHEN i = 2500 THEN NULL ELSE 1 + i / 7.0 END ORDER BY i)
FROM generate_series(1, 5000) i
UNION ALL
SELECT 'NULL at the last element',
	   array_agg(CASE WHEN i = 5001 THEN NULL ELSE 1 + i / 7.0 END ORDER BY i)
FROM generate_series(1, 5001) i
UNION ALL
SELECT 'NULL first',
	   array_agg(CASE WHEN i = 1 THEN NULL ELSE 1 + i / 7.0 END ORDER BY i)
FROM generate_series(1, 3000) i
UNION ALL
SELECT 'scattered NULLs, packed in place',
	   array_agg(CASE WHEN i % 97 = 5 OR i BETWEEN 3000 AND 3070 THEN NULL ELSE 2 + i / 3.0 END ORDER BY i)
FROM generate_series(1, 6000) i
UNION ALL
SELECT 'every other block NULL',
	   array_agg(CASE WHEN (i / 1024) % 2 = 1 THEN NULL ELSE i * 1.5 END ORDER BY i)
FROM generate_series(1, 5000) i
UNION ALL
SELECT 'all NULL', array_fill(NULL::float8, ARRAY[2100])
UNION ALL
SELECT 'one element, NULL', '{NULL}'
UNION ALL
SELECT 'empty', '{}';

CREATE TYPE rb_row AS (affine float8[], logret float8[], filled float8[],
					   running float8[], shifted float8[]);
CREATE TEMP VIEW rb_q AS
SELECT name,
	   x * 2.0 + 1.0 AS affine,
	   dlog(x, 1) * 252.0 AS logret,
	   fill_null(x, -1) * 3.0 AS filled,
	   cumsum(x) - 1.0 AS running,
	   shift(x, 1) + 1.0 AS shifted
FROM rb;

EXPLAIN (VERBOSE, COSTS OFF) SELECT affine, logret, filled, running, shifted FROM rb_q;
CREATE TEMP TABLE rb_fused AS SELECT * FROM rb_q;
SET fusekern.enable_fusion = off;
CREATE TEMP TABLE rb_unfused AS SELECT * FROM rb_q;
RESET fusekern.enable_fusion;

SELECT f.name,
	   array_send(f.affine) = array_send(u.affine) AS affine,
	   array_send(f.logret) = array_send(u.logret) AS logret,
	   array_send(f.filled) = array_send(u.filled) AS filled,
	   array_send(f.running) = array_send(u.running) AS running,
	   array_send(f.shifted) = array_send(u.shifted) AS shifted,
	   ROW(f.affine, f.logret, f.filled, f.running, f.shifted)::rb_row *=
	   ROW(u.affine, u.logret, u.filled, u.running, u.shifted)::rb_row AS same_image,
	   array_position(f.logret, NULL) AS first_null_logret,
	   cardinality(f.filled) - cardinality(array_remove(f.filled, NULL)) AS nulls_filled
FROM rb_fused f JOIN rb_unfused u USING (name)
ORDER BY name;

-- the values themselves, against core's float8 operators, where present
SELECT name, bool_and(r IS NOT DISTINCT FROM v * 2.0 + 1.0) AS affine_is_core
FROM rb_fused f, unnest(f.affine, (SELECT x FROM rb WHERE rb.name = f.name)) AS u(r, v)
GROUP BY name ORDER BY name;

-- a PL/pgSQL variable: the result is built in an expanded array
CREATE FUNCTION rb_plpgsql(n int) RETURNS bytea LANGUAGE plpgsql AS $$
DECLARE
	v float8[];
	r float8[];
BEGIN
	FOR i IN 1 .. n LOOP
		v[i] := CASE WHEN i = n - 3 THEN NULL ELSE i * 0.5 END;
	END LOOP;
	r := dlog(v, 2) * 252.0;
	RETURN array_send(r);
END $$;
SELECT md5(rb_plpgsql(4000)) AS fused \gset
SET fusekern.enable_fusion = off;
SELECT md5(rb_plpgsql(4000)) = :'fused' AS same_in_plpgsql;
RESET fusekern.enable_fusion;

-- A chain of one running operation and one other operation, each reading
-- only the one before it, over a float8[] with NULLs runs unfused: the
-- running operation then steps over the packed present values only.  A
-- longer program, one that reads its input twice, or fill_forward (whose
-- result has a value at every NULL) runs fused.  (Over an input without
-- NULLs such a chain runs unfused too, but for the pipelined log and
-- running pair; over an nvec with NULLs it runs fused.)
CREATE TEMP TABLE rc (x float8[]);
INSERT INTO rc SELECT array_agg(CASE WHEN i % 10 = 3 THEN NULL ELSE 1 + i / 9.0 END ORDER BY i)
FROM generate_series(1, 3000) i;
CREATE TEMP VIEW rc_q AS
SELECT ARRAY[cumsum(ln(x))::text, cummax(x * 2.0)::text, (cumsum(x) * 2.0)::text,
			 ema(sqrt(x), 0.25)::text, cumsum(dlog(x, 1))::text,
			 (cummax(x) - x)::text, cumsum(abs(dlog(x, 1)))::text,
			 fill_forward(ln(x))::text] AS r
FROM rc;
SET client_min_messages = debug1;
SELECT cardinality(r) FROM rc_q;
RESET client_min_messages;
CREATE TEMP TABLE rc_on AS SELECT * FROM rc_q;
SET fusekern.enable_fusion = off;
SELECT a.r = b.r AS same FROM rc_on a, rc_q b;
RESET fusekern.enable_fusion;
-- without NULLs: unfused, but the pipelined pair cumsum(dlog(x, 1)); an
-- nvec with NULLs: fused
CREATE TEMP TABLE rd (x float8[], v nvec);
INSERT INTO rd SELECT array_agg(1 + i / 9.0 ORDER BY i),
	   array_agg(CASE WHEN i % 10 = 3 THEN NULL ELSE 1 + i / 9.0 END ORDER BY i)::nvec
FROM generate_series(1, 3000) i;
CREATE TEMP VIEW rd_q AS
SELECT cumsum(ln(x))::text AS a, cumsum(dlog(x, 1))::text AS b,
	   cummax(x * 2.0)::text AS c, cumsum(ln(v))::text AS d
FROM rd;
SET client_min_messages = debug1;
SELECT length(a) > 0, length(b) > 0, length(c) > 0, length(d) > 0 FROM rd_q;
RESET client_min_messages;
CREATE TEMP TABLE rd_on AS SELECT * FROM rd_q;
SET fusekern.enable_fusion = off;
SELECT (a.*) = (b.*) AS same FROM rd_on a, rd_q b;
RESET fusekern.enable_fusion;
DROP VIEW rc_q, rd_q;
DROP TABLE rc, rc_on, rd, rd_on;

DROP FUNCTION rb_plpgsql(int);
DROP VIEW rb_q;
DROP TABLE rb, rb_fused, rb_unfused;
DROP TYPE rb_row;
