-- Weighted sums and means: vwsum(v, w) and vwmean(v, w) over float8[],
-- nvec, nvec(compressed) and one of each, a pair skipped when either is
-- NULL, against sum(v * w) and sum(v * w) / sum(w) in numeric from the
-- exact values (within 2 doubles: the sums are compensated), and vwsum
-- the bits of vdot; fused = unfused
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

CREATE TABLE ww_vec (id int, v float8[], w float8[]);
INSERT INTO ww_vec
SELECT 1, '{1,2,NULL,4}'::float8[], '{1,NULL,3,2}'::float8[] UNION ALL
SELECT 2, '{NULL,NULL}', '{1,2}' UNION ALL
SELECT 3, '{}', '{}' UNION ALL
SELECT 4, '{7}', '{0.5}' UNION ALL
SELECT 5, '{1,2}', '{1,-1}' UNION ALL
SELECT 6, '{-0,4.9e-324}', '{1,1}' UNION ALL
SELECT 10 + k,
	array_agg(CASE WHEN i BETWEEN 60 AND 70 OR i BETWEEN 1020 AND 1030 OR i % 97 = 3 THEN NULL
				   ELSE round((100 + 10 * sin(i * k))::numeric, 2)::float8 END ORDER BY i),
	array_agg(CASE WHEN i BETWEEN 2040 AND 2050 OR i % 89 = 5 THEN NULL
				   ELSE round((1 + i % 7)::numeric, 0)::float8 END ORDER BY i)
FROM generate_series(1, 3) k, generate_series(1, 3000) i GROUP BY k;
SELECT id, nvec_encoding(nvec_compress(v::nvec)) AS v_form FROM ww_vec WHERE id > 10 ORDER BY id;

-- Within 2 doubles of the exact value (r read back from its shortest
-- exact digits; a subnormal within one), or both NULL
CREATE FUNCTION ww_near(r float8, e numeric) RETURNS bool LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN r IS NULL OR e IS NULL THEN r IS NULL AND e IS NULL
				ELSE abs(r::text::numeric - e) <= greatest(abs(e) * 4.5e-16, 5e-324) END
$$;
SELECT id,
	ww_near(vwsum(v, w), r.s) AND ww_near(vwsum(v::nvec, w::nvec), r.s)
	AND ww_near(vwsum(nvec_compress(v::nvec), w), r.s) AS wsum_ok,
	ww_near(vwmean(v, w), r.m) AND ww_near(vwmean(v::nvec, w::nvec), r.m)
	AND ww_near(vwmean(nvec_compress(v::nvec), nvec_compress(w::nvec)), r.m)
	AND ww_near(vwmean(v::nvec, w), r.m) AS wmean_ok,
	float8send(vwsum(v, w)) IS NOT DISTINCT FROM float8send(vdot(v, w)) AS wsum_is_vdot,
	r.m IS NULL AS mean_null
FROM ww_vec, LATERAL (SELECT sum(a::numeric * b::numeric) AS s,
							 sum(a::numeric * b::numeric) / nullif(sum(b::numeric), 0) AS m
					  FROM unnest(v, w) u(a, b) WHERE a IS NOT NULL AND b IS NOT NULL) r
ORDER BY id;

-- By hand: NULL pairs skipped; weights summing to 0 give NULL
SELECT vwsum('{1,2,NULL,4}'::float8[], '{1,NULL,3,2}') AS wsum_9,
	   vwmean('{1,2,NULL,4}'::nvec, '{1,NULL,3,2}'::nvec) AS wmean_3,
	   vwmean('{1,2}'::float8[], '{1,-1}') AS zero_weights,
	   vwmean('{NaN,1}'::float8[], '{1,1}') AS nan;
SELECT vwmean('{1,2}'::float8[], '{1}');

-- Fused with their operands and the other reductions of a statement
EXPLAIN (VERBOSE, COSTS OFF) SELECT vwmean(diff(v, 1), w), vwsum(v * 2, w), vsum(w) FROM ww_vec;
CREATE TEMP TABLE ww_fused AS
SELECT id, ARRAY[vwmean(diff(v, 1), w), vwsum(v * 2, w), vsum(w),
				 vwmean(nvec_compress(v::nvec) - 1, w::nvec)] AS r
FROM ww_vec;
SET fusekern.enable_fusion = off;
SELECT count(*) AS rows,
	   count(*) FILTER (WHERE f.r::text IS DISTINCT FROM
		   ARRAY[vwmean(diff(v, 1), w), vwsum(v * 2, w), vsum(w),
				 vwmean(nvec_compress(v::nvec) - 1, w::nvec)]::text) AS differ
FROM ww_fused f JOIN ww_vec USING (id);
RESET fusekern.enable_fusion;
