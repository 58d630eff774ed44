-- Regression of one vector on another: vslope, vintercept, vr2 over
-- float8[], nvec and nvec(compressed), bit for bit core's regr_slope,
-- regr_intercept and regr_r2 over unnest(y, x), which skip a row where
-- either is NULL as the pairs here are skipped; fused with what computes
-- their operands, and joining one pass with vcov and vcorr
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- Vectors with NULLs (runs across the 64-bit words and the 1,024-value
-- blocks of compressed values), NaN, infinities, -0, subnormals, constant
-- x or y, one pair, none
CREATE TABLE rg_vec (id int, y float8[], x float8[]);
INSERT INTO rg_vec
SELECT 1, '{3,1,NULL,1,2}'::float8[], '{1,5,2,NULL,4}'::float8[] UNION ALL
SELECT 2, '{NaN,1,2,3,4}', '{1,2,3,4,5}' UNION ALL
SELECT 3, '{1,2,3}', '{1,Infinity,3}' UNION ALL
SELECT 4, '{0,-0,0,4.9e-324,-4.9e-324}', '{-0,0,1e-310,2,3}' UNION ALL
SELECT 5, '{NULL,NULL}', '{1,2}' UNION ALL
SELECT 6, '{}', '{}' UNION ALL
SELECT 7, '{7}', '{8}' UNION ALL
SELECT 8, '{2,2,2,2}', '{1,2,3,4}' UNION ALL
SELECT 9, '{1,2,3,4}', '{5,5,5,5}' UNION ALL
SELECT 10, '{1,2,3,5}', '{1,2,3,NULL}' UNION ALL
SELECT 20 + k,
	array_agg(CASE WHEN i BETWEEN 60 AND 70 OR i BETWEEN 1020 AND 1030 OR i % 97 = 3 THEN NULL
				   ELSE round((3 * i + 100 * sin(i * k))::numeric, 2)::float8 END ORDER BY i),
	array_agg(CASE WHEN i BETWEEN 2040 AND 2050 OR i % 89 = 5 THEN NULL
				   ELSE round((i + 10 * cos(i * 0.37 + k))::numeric, 2)::float8 END ORDER BY i)
FROM generate_series(1, 3) k, generate_series(1, 3000) i GROUP BY k;

-- the long ones compress to ALP
SELECT id, nvec_encoding(nvec_compress(y::nvec)) AS y_form,
	   nvec_encoding(nvec_compress(x::nvec)) AS x_form
FROM rg_vec WHERE id > 20 ORDER BY id;

-- Same bits as core (NULL as NULL; every NaN alike: fusekern returns the
-- canonical one, core here the default NaN of x86 arithmetic, docs/kernels.md
-- "NaN rule"), over each form
CREATE FUNCTION rg_same(a float8, b float8) RETURNS bool LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN a = 'NaN' AND b = 'NaN' THEN true
				ELSE float8send(a) IS NOT DISTINCT FROM float8send(b) END
$$;
SELECT v.id,
	rg_same(vslope(y, x), r.s) AS slope_ok,
	rg_same(vintercept(y, x), r.i) AS intercept_ok,
	rg_same(vr2(y, x), r.r2) AS r2_ok,
	rg_same(vslope(y::nvec, x::nvec), r.s) AND rg_same(vintercept(y::nvec, x::nvec), r.i)
	AND rg_same(vr2(y::nvec, x::nvec), r.r2) AS nvec_ok,
	rg_same(vslope(nvec_compress(y::nvec), nvec_compress(x::nvec)), r.s)
	AND rg_same(vintercept(nvec_compress(y::nvec), x::nvec), r.i)
	AND rg_same(vr2(y::nvec, nvec_compress(x::nvec)), r.r2) AS compressed_ok,
	rg_same(vslope(y, x::nvec), r.s) AND rg_same(vintercept(y::nvec, x), r.i)
	AND rg_same(vr2(y, x::nvec), r.r2) AS mixed_ok,
	r.s IS NULL AS slope_null, r.r2 IS NULL AS r2_null
FROM rg_vec v, LATERAL (SELECT regr_slope(b, a) s, regr_intercept(b, a) i, regr_r2(b, a) r2
						FROM unnest(v.x, v.y) u(a, b)) r
ORDER BY v.id;

-- By hand: y = 2x + 1 exactly; x constant gives NULL, y constant gives a
-- slope 0 and r2 1 (as core)
SELECT vslope('{3,5,7,NULL}'::float8[], '{1,2,3,4}') AS slope_2,
	   vintercept('{3,5,7,NULL}'::nvec, '{1,2,3,4}'::nvec) AS intercept_1,
	   vr2('{3,5,7}'::float8[], '{1,2,3}') AS r2_1,
	   vslope('{1,2}'::float8[], '{3,3}') AS x_constant,
	   vr2('{4,4,4}'::float8[], '{1,2,3}') AS y_constant,
	   vslope('{1}'::float8[], '{1}') AS one_pair;
-- lengths must match; sums that overflow raise core's error
SELECT vslope('{1,2}'::float8[], '{1}');
SELECT vslope('{1e308,-1e308,1e308}'::float8[], '{1,2,3}');
SELECT regr_slope(y, x) FROM unnest('{1e308,-1e308,1e308}'::float8[], '{1,2,3}'::float8[]) u(y, x);

-- Fused: the operands computed in the same pass, one pass for all the
-- reductions of one statement, and the bits of the unfused evaluation
EXPLAIN (VERBOSE, COSTS OFF)
SELECT vslope(dlog(y, 1), dlog(x, 1)), vintercept(y * 2, x), vr2(y, x), vcorr(y, x) FROM rg_vec;
CREATE TEMP TABLE rg_fused AS
SELECT id, ARRAY[vslope(diff(y, 1), diff(x, 1)), vintercept(y * 2, x), vr2(y, x), vcorr(y, x),
				 vslope(nvec_compress(y::nvec) - 1, nvec_compress(x::nvec))] AS r
FROM rg_vec WHERE id NOT IN (2, 3);
SET fusekern.enable_fusion = off;
SELECT count(*) AS rows,
	   count(*) FILTER (WHERE f.r::text IS DISTINCT FROM
		   ARRAY[vslope(diff(y, 1), diff(x, 1)), vintercept(y * 2, x), vr2(y, x), vcorr(y, x),
				 vslope(nvec_compress(y::nvec) - 1, nvec_compress(x::nvec))]::text) AS differ
FROM rg_fused f JOIN rg_vec USING (id);
RESET fusekern.enable_fusion;
