-- Compare the spellings of each workload kept in fk_check by bench/run.sh.
-- The fused, direct and unfused spellings must give the same bits (the
-- fusion contract), on nvec as on float8[]; plain SQL and the dense layers
-- agree within a relative 1e-9 (glibc's log against SLEEF's, other
-- summation orders), as do parallel and serial sums (xsum_par: the
-- workers' partial sums are added in another order).  NULLs must match
-- everywhere.  One line per pair: workload, spelling, verdict, detail.
WITH ref AS (
	SELECT DISTINCT ON (workload) workload, spelling, v
	FROM fk_check
	ORDER BY workload, array_position(ARRAY['fused', 'direct', 'unfused', 'plain'], spelling)
), pairs AS (
	-- each result against the first spelling of its workload; an nvec
	-- workload's against its float8[] twin's, whose values it must match
	SELECT c.workload, c.spelling, r.workload || ' ' || r.spelling AS ref_spelling,
		   c.v, r.v AS rv,
		   (c.spelling = 'plain' OR c.workload IN ('gelu_linear', 'linres', 'xsum_par')) AS tolerant
	FROM fk_check c
	JOIN ref r ON r.workload = regexp_replace(c.workload, '_nvec$', '')
	WHERE (c.workload, c.spelling) <> (r.workload, r.spelling)
), compared AS (
	SELECT p.*,
		   cardinality(p.v) AS n, cardinality(p.rv) AS rn,
		   (SELECT count(*) FROM unnest(p.v, p.rv) AS u(x, y)
			WHERE (x IS NULL) <> (y IS NULL)) AS null_diff,
		   (SELECT count(*) FROM unnest(p.v, p.rv) AS u(x, y)
			WHERE x::text <> y::text) AS bit_diff,
		   (SELECT coalesce(max(abs(x - y) / greatest(abs(y), 1)), 0)
			FROM unnest(p.v, p.rv) AS u(x, y)) AS max_rel
	FROM pairs p
)
SELECT workload, spelling,
	   CASE WHEN n IS DISTINCT FROM rn OR null_diff > 0 THEN 'MISMATCH'
			WHEN tolerant AND max_rel <= 1e-9 THEN 'ok'
			WHEN NOT tolerant AND bit_diff = 0 THEN 'ok'
			ELSE 'MISMATCH' END,
	   format('vs %s: %s elements, %s NULLs differ, %s differ in bits, max rel diff %s',
			  ref_spelling, n, null_diff, bit_diff, max_rel)
FROM compared
ORDER BY workload, spelling;
