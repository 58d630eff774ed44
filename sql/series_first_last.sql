-- First and last valid elements and their positions: vfirst, vlast,
-- vargfirst, varglast over float8[], nvec and nvec(compressed), against
-- core's ordered selection over unnest() WITH ORDINALITY; fused with what
-- computes their operand, and the bits of the unfused evaluation
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- NULL runs across the 64-bit words and the 1,024-value blocks of
-- compressed values, NaN, -0, subnormals, all NULL, one element, none
CREATE TABLE fl_vec (id int, v float8[]);
INSERT INTO fl_vec
SELECT 1, '{NULL,3,1,NULL,2,NULL}'::float8[] UNION ALL
SELECT 2, '{NaN,1,-0}' UNION ALL
SELECT 3, '{-0,4.9e-324,NaN}' UNION ALL
SELECT 4, '{NULL,NULL}' UNION ALL
SELECT 5, '{}' UNION ALL
SELECT 6, '{7}' UNION ALL
SELECT 7, '{-Infinity,NULL}' UNION ALL
SELECT 10 + k, array_agg(CASE WHEN i <= 60 * k + 1000 * (k - 1) OR i > 3000 - 70 * k
								   OR i % 13 = 0 THEN NULL
							  ELSE round((i + sin(i))::numeric, 2)::float8 END ORDER BY i)
FROM generate_series(1, 3) k, generate_series(1, 3000) i GROUP BY k;
SELECT id, nvec_encoding(nvec_compress(v::nvec)) AS compressed
FROM fl_vec WHERE id > 10 ORDER BY id;

-- The same value (bits; NaN as NaN) and position as core's, in every form
CREATE FUNCTION fl_same(a float8, b float8) RETURNS bool LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN a = 'NaN' AND b = 'NaN' THEN true
				ELSE float8send(a) IS NOT DISTINCT FROM float8send(b) END
$$;
SELECT f.id,
	fl_same(vfirst(v), r.fv) AND fl_same(vfirst(v::nvec), r.fv)
	AND fl_same(vfirst(nvec_compress(v::nvec)), r.fv) AS first_ok,
	fl_same(vlast(v), r.lv) AND fl_same(vlast(v::nvec), r.lv)
	AND fl_same(vlast(nvec_compress(v::nvec)), r.lv) AS last_ok,
	vargfirst(v) IS NOT DISTINCT FROM r.fi AND vargfirst(v::nvec) IS NOT DISTINCT FROM r.fi
	AND vargfirst(nvec_compress(v::nvec)) IS NOT DISTINCT FROM r.fi AS argfirst_ok,
	varglast(v) IS NOT DISTINCT FROM r.li AND varglast(v::nvec) IS NOT DISTINCT FROM r.li
	AND varglast(nvec_compress(v::nvec)) IS NOT DISTINCT FROM r.li AS arglast_ok,
	r.fi, r.li
FROM fl_vec f, LATERAL (
	SELECT (SELECT x FROM unnest(f.v) WITH ORDINALITY u(x, i) WHERE x IS NOT NULL ORDER BY i LIMIT 1) fv,
		   (SELECT x FROM unnest(f.v) WITH ORDINALITY u(x, i) WHERE x IS NOT NULL ORDER BY i DESC LIMIT 1) lv,
		   (SELECT i::int FROM unnest(f.v) WITH ORDINALITY u(x, i) WHERE x IS NOT NULL ORDER BY i LIMIT 1) fi,
		   (SELECT i::int FROM unnest(f.v) WITH ORDINALITY u(x, i) WHERE x IS NOT NULL ORDER BY i DESC LIMIT 1) li) r
ORDER BY f.id;

-- By hand
SELECT vfirst('{NULL,-0,2}'::float8[]) AS first, vlast('{1,NaN,NULL}'::nvec) AS last,
	   vargfirst('{NULL,NULL,5}'::nvec) AS argfirst, varglast('{NULL}'::float8[]) AS arglast_none;

-- Fused with their operands and with the other reductions of a statement
EXPLAIN (VERBOSE, COSTS OFF)
SELECT vfirst(diff(v, 1)), vlast(v * 2), vargfirst(dlog(v, 1)), varglast(v) FROM fl_vec;
CREATE TEMP TABLE fl_fused AS
SELECT id, ARRAY[vfirst(diff(v, 1)), vlast(v * 2), vargfirst(dlog(v, 1, 'null')),
				 varglast(v - 1), vlast(nvec_compress(v::nvec) + 1)] AS r
FROM fl_vec;
SET fusekern.enable_fusion = off;
SELECT count(*) AS rows,
	   count(*) FILTER (WHERE f.r::text IS DISTINCT FROM
		   ARRAY[vfirst(diff(v, 1)), vlast(v * 2), vargfirst(dlog(v, 1, 'null')),
				 varglast(v - 1), vlast(nvec_compress(v::nvec) + 1)]::text) AS differ
FROM fl_fused f JOIN fl_vec USING (id);
RESET fusekern.enable_fusion;
