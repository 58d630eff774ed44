-- Shape statistics: vskew and vkurtosis (pandas' bias-corrected skewness
-- and excess kurtosis) over float8[], nvec and nvec(compressed), against
-- the same formulas computed exactly in numeric from core's sums; fused
-- with what computes their operand, and the bits of the unfused evaluation
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- NULL runs across the 64-bit words and the 1,024-value blocks of
-- compressed values, skewed and heavy-tailed data, a large offset, tiny
-- values, constants, -0 and 0 (equal), two, three and four elements, all
-- NULL, none
CREATE TABLE sh_vec (id int, v float8[]);
INSERT INTO sh_vec
SELECT 1, '{NULL,3,1,NULL,2,NULL,10}'::float8[] UNION ALL
SELECT 2, '{1,2,3,4}' UNION ALL
SELECT 3, '{1,2,10}' UNION ALL
SELECT 4, '{1,2}' UNION ALL
SELECT 5, '{7}' UNION ALL
SELECT 6, '{}' UNION ALL
SELECT 7, '{NULL,NULL,NULL}' UNION ALL
SELECT 8, '{0.1,0.1,0.1,0.1,0.1}' UNION ALL
SELECT 9, '{-0,0,-0,0}' UNION ALL
SELECT 11, '{1e-20,2e-20,4e-20,-5e-20,3e-20,3e-20}' UNION ALL
SELECT 20 + k, array_agg(CASE WHEN i <= 60 * k + 1000 * (k - 1) OR i > 3000 - 70 * k
								   OR i % 13 = 0 THEN NULL
							  ELSE round((exp(sin(i) * k) + i / 1000.0)::numeric, 2)::float8 END
						 ORDER BY i)
FROM generate_series(1, 3) k, generate_series(1, 3000) i GROUP BY k UNION ALL
SELECT 30, array_agg(1e8 + (i % 7) * 0.5 + (i % 3) ^ 3 ORDER BY i)
FROM generate_series(1, 2500) i UNION ALL
SELECT 31, array_agg(CASE WHEN i BETWEEN 1000 AND 1100 THEN NULL
						  ELSE (i % 10) ^ 4 END ORDER BY i)
FROM generate_series(1, 5000) i UNION ALL
SELECT 32, array_agg(CASE WHEN i % 2 = 0 THEN NULL ELSE 42.5 END ORDER BY i)
FROM generate_series(1, 2100) i;
SELECT id, nvec_encoding(nvec_compress(v::nvec)) AS compressed
FROM sh_vec WHERE id > 20 ORDER BY id;

-- The reference: the same formulas exactly in numeric over the valid
-- elements, from d = n x - sum(x) (products only, no rounded mean):
-- m3 / m2^1.5 = d3 / d2^1.5 and m4 / m2^2 = d4 / d2^2
CREATE VIEW sh_ref AS
SELECT id, n,
	   CASE WHEN n < 3 THEN NULL WHEN d2 = 0 THEN 0
			ELSE n * sqrt(n - 1) / (n - 2) * (d3 / (d2 * sqrt(d2))) END AS skew,
	   CASE WHEN n < 4 THEN NULL WHEN d2 = 0 THEN 0
			ELSE (n + 1) * n * (n - 1) / ((n - 2) * (n - 3)) * (d4 / (d2 * d2))
				 - 3 * (n - 1) * (n - 1) / ((n - 2) * (n - 3)) END AS kurt
FROM (SELECT f.id, max(a.n) AS n, sum(d * d) AS d2, sum(d * d * d) AS d3,
			 sum(d * d * d * d) AS d4
	  FROM sh_vec f
		   LEFT JOIN LATERAL (SELECT count(u)::numeric AS n, sum(u::numeric) AS s
							  FROM unnest(f.v) u) a ON true
		   LEFT JOIN LATERAL (SELECT a.n * x::numeric - a.s AS d FROM unnest(f.v) x) x ON true
	  GROUP BY f.id) s;

-- Within 1e-9 of the exact value (relative, or absolute below 1), the same
-- bits in every form
CREATE FUNCTION sh_near(a float8, r numeric) RETURNS bool LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN a IS NULL OR r IS NULL THEN a IS NULL AND r IS NULL
				ELSE abs(a::numeric - r) <= 1e-9 * greatest(1, abs(r)) END
$$;
SELECT f.id, r.n,
	   sh_near(vskew(v), r.skew) AS skew_ok,
	   sh_near(vkurtosis(v), r.kurt) AS kurt_ok,
	   float8send(vskew(v)) IS NOT DISTINCT FROM float8send(vskew(v::nvec))
	   AND float8send(vskew(v)) IS NOT DISTINCT FROM float8send(vskew(nvec_compress(v::nvec)))
	   AS skew_forms,
	   float8send(vkurtosis(v)) IS NOT DISTINCT FROM float8send(vkurtosis(v::nvec))
	   AND float8send(vkurtosis(v)) IS NOT DISTINCT FROM float8send(vkurtosis(nvec_compress(v::nvec)))
	   AS kurt_forms,
	   round(vskew(v)::numeric, 6) AS skew, round(vkurtosis(v)::numeric, 6) AS kurt
FROM sh_vec f JOIN sh_ref r USING (id)
ORDER BY f.id;

-- By hand: NaN and infinities give NaN, a constant series 0, too few
-- valid elements NULL; deviations whose squares underflow to a sum of 0
-- give 0, as a constant series
SELECT round(vskew('{1,2,10}'::float8[])::numeric, 6) AS skew3,
	   vkurtosis('{1,2,3,4}'::nvec) AS kurt4,
	   vskew('{1,NaN,3}'::float8[]) AS skew_nan,
	   vkurtosis('{1,2,Infinity,4}'::nvec) AS kurt_inf,
	   vskew('{5,5,NULL,5}'::float8[]) AS skew_const,
	   vkurtosis('{1,NULL,2,3}'::nvec) AS kurt_three,
	   vskew('{1e-300,2e-300,4e-300,-5e-300,3e-300}'::float8[]) AS skew_tiny;

-- Finite values whose fourth powers overflow: core's error, as vvar's sum
SELECT vkurtosis('{1e100,-1e100,3e100,0}'::float8[]);

-- Fused with their operands and with the other reductions of a statement
EXPLAIN (VERBOSE, COSTS OFF)
SELECT vmean(v), vstddev(v), vskew(diff(v, 1)), vkurtosis(v * 2) FROM sh_vec;
CREATE TEMP TABLE sh_fused AS
SELECT id, ARRAY[vmean(v), vskew(diff(v, 1)), vkurtosis(v * 2), vskew(dlog(v, 1, 'null')),
				 vkurtosis(nvec_compress(v::nvec) + 1)] AS r
FROM sh_vec;
SET fusekern.enable_fusion = off;
SELECT count(*) AS rows,
	   count(*) FILTER (WHERE float8send(f.r[2]) IS DISTINCT FROM float8send(vskew(diff(v, 1)))
						   OR float8send(f.r[3]) IS DISTINCT FROM float8send(vkurtosis(v * 2))
						   OR float8send(f.r[4]) IS DISTINCT FROM float8send(vskew(dlog(v, 1, 'null')))
						   OR float8send(f.r[5]) IS DISTINCT FROM
							  float8send(vkurtosis(nvec_compress(v::nvec) + 1))) AS differ
FROM sh_fused f JOIN sh_vec USING (id);
RESET fusekern.enable_fusion;

-- Labels, comments and the support function of every form
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel,
	obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented,
	p.prosupport <> 0 AS fuses
FROM pg_proc p
WHERE p.proname IN ('vskew', 'vkurtosis')
ORDER BY p.oid::regprocedure::text;

DROP VIEW sh_ref;
DROP TABLE sh_vec;
DROP FUNCTION sh_near(float8, numeric);
