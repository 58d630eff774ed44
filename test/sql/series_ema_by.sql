-- ema by name: ema(v, span => s) and ema(v, halflife => h) are ema(v, alpha)
-- with alpha = 2 / (s + 1) and 1 - exp(-ln(2) / h) computed in SQL's float8,
-- bit for bit; values by hand; exactly one of alpha, span, halflife.
SET extra_float_digits = 3;

CREATE TABLE eb_vec (id int, v float8[]);
INSERT INTO eb_vec
SELECT id, array_agg(CASE WHEN i % 11 = 0 THEN NULL ELSE 100 + 10 * sin(id * i) END ORDER BY i)
FROM generate_series(1, 30) AS id, generate_series(1, 500) AS i
GROUP BY id;
INSERT INTO eb_vec VALUES (31, '{}'), (32, '{NULL}'), (33, '{NaN,1,Infinity,2}');

SELECT count(*) AS cases,
	   count(*) FILTER (WHERE ema(v, span => s)::text IS DISTINCT FROM ema(v, 2::float8 / (s + 1))::text)
		 AS span_differs,
	   count(*) FILTER (WHERE ema(v, halflife => h)::text IS DISTINCT FROM ema(v, 1 - exp(-ln(2::float8) / h))::text)
		 AS halflife_differs,
	   count(*) FILTER (WHERE ema(v, alpha => a)::text IS DISTINCT FROM ema(v, a)::text)
		 AS alpha_differs,
	   count(*) FILTER (WHERE ema(v::nvec, span => s)::float8[]::text IS DISTINCT FROM ema(v, span => s)::text
						   OR ema(v::nvec, halflife => h)::float8[]::text IS DISTINCT FROM ema(v, halflife => h)::text)
		 AS nvec_differs
FROM eb_vec, (VALUES (1::float8, 0.5::float8, 1::float8), (3, 1, 0.5), (20, 5, 0.1), (2.5, 0.001, 0.999),
				   (1e6, 1e6, 1e-9)) AS p(s, h, a);

-- by hand: span 3 and halflife 1 are alpha 1/2 (exp(-ln 2) is 1/2 here);
-- span 1 is alpha 1, the series itself; span 9 is alpha 1/5
SELECT ema('{10,20,NULL,40}'::float8[], span => 3) AS span3,
	   ema('{10,20,NULL,40}'::nvec, halflife => 1) AS halflife1,
	   ema('{10,20,NULL,40}'::float8[], span => 1) AS span1,
	   ema('{10,20,30}'::float8[], span => 9) AS span9,
	   1 - exp(-ln(2::float8)) AS alpha_halflife1;
-- 10, then 0.2 * 20 + 0.8 * 10 = 12, then 0.2 * 30 + 0.8 * 12 = 15.6
SELECT (ema('{10,20,30}'::float8[], span => 9))[3] - 15.6 BETWEEN -1e-12 AND 1e-12 AS span9_by_hand;

-- the alpha form still resolves to ema(v, alpha) and is fused; by name
-- (span, halflife) it is not
CREATE TABLE eb_px (px float8[]);
EXPLAIN (VERBOSE, COSTS OFF)
SELECT ema(ln(px), 0.5), ema(ln(px), alpha => 0.5), ema(ln(px), 1), ema(ln(px), span => 20)
FROM eb_px;

-- exactly one of alpha, span, halflife; their ranges; NULL gives NULL
SELECT ema('{1,2}'::float8[]);
SELECT ema('{1,2}'::float8[], span => 3, halflife => 2);
SELECT ema('{1,2}'::nvec, alpha => 0.5, span => 3);
SELECT ema('{1,2}'::float8[], span => 0.5);
SELECT ema('{1,2}'::float8[], span => 'Infinity');
SELECT ema('{1,2}'::float8[], halflife => 0);
SELECT ema('{1,2}'::float8[], halflife => 1e300);
SELECT ema('{1,2}'::float8[], alpha => 1.5);
SELECT ema('{1,2}'::float8[], span => NULL) IS NULL AS null_span,
	   ema(NULL::nvec, halflife => 2) IS NULL AS null_v;

DROP TABLE eb_vec, eb_px;
