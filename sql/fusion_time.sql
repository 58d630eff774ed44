-- Fusion of the rolling windows of a duration (rolling_mean(v, ts, w)
-- ...): operations of a fused program, their times and interval arguments
-- of the fused call, their values an input read whole.  Fused against
-- unfused, bit for bit, over irregular times (equal times, gaps longer than
-- the window), NULL, NaN and infinities, lengths at the fused evaluator's
-- block edges, over float8[], nvec and nvec(compressed); with min_count,
-- two time axes in one program, a computed operand, a window under a
-- reduction used as a scalar; a bad time axis, interval or min_count raises
-- the same error either way.
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;
SET extra_float_digits = 3;
SET TimeZone = 'UTC';

-- ids: the length; times in threes of equal times 2 s apart, a gap of
-- 15 minutes every 400 elements (longer than the 5-minute window)
CREATE TABLE ft (id int PRIMARY KEY, ts timestamptz[], px float8[],
				 ts2 timestamptz[]);
INSERT INTO ft
SELECT n, array_agg('2026-01-05 09:30:00+00'::timestamptz
					+ make_interval(secs => (i / 3) * 2 + (i / 400) * 900) ORDER BY i),
	   array_agg(CASE WHEN i % 37 = 0 THEN 'NaN'::float8
					  WHEN i % 41 = 0 THEN 'Infinity'::float8
					  WHEN i % 43 = 0 THEN '-Infinity'::float8
					  WHEN i % 7 = 0 THEN NULL
					  ELSE round((100 + 10 * sin(i * 0.7 + n))::numeric, 2)::float8 END
				 ORDER BY i),
	   -- a second time axis: one tick a second, pairs of equal times
	   array_agg('2026-01-05 09:30:00+00'::timestamptz
				 + make_interval(secs => i / 2) ORDER BY i)
FROM (VALUES (1023), (1024), (1025), (3000)) AS l(n), generate_series(1, n) AS i
GROUP BY n;
CREATE TABLE ftc (id int, ts timestamptz[], pc nvec(compressed));
INSERT INTO ftc SELECT id, ts, px::nvec FROM ft;
SELECT count(*) AS rows, count(*) FILTER (WHERE nvec_encoding(pc) = 'alp') AS compressed
FROM ftc;

-- what the planner writes: one fused call over the values, the times and
-- the interval; a quantile whose q is no constant too
EXPLAIN (VERBOSE, COSTS OFF)
SELECT vmean(rolling_mean(px, ts, '5 minutes')) FROM ft;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT vsum((px - rolling_mean(px, ts, '5 minutes')) / rolling_stddev(px, ts, '5 minutes'))
FROM ft;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT vmax(rolling_max(pc, ts, '5 minutes') - rolling_min(pc, ts, '5 minutes')) FROM ftc;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT vmean(rolling_quantile(px, ts, '5 minutes', 0.9) - rolling_median(px * 2::float8, ts, '1 minute', 3)),
	   vmax(rolling_quantile(px, ts, '5 minutes', id / 4000.0::float8) * 2::float8)
FROM ft;

-- fused against unfused, bit for bit: reductions and vectors over each
-- rolling function, on each type (a view: fusion is decided when the query
-- using it is planned)
CREATE TEMP VIEW ft_q AS
SELECT 'f8' AS t, id,
	   ARRAY[vmean(rolling_mean(px, ts, '5 minutes')),
			 vsum(rolling_sum(px, ts, '5 minutes') * 2::float8),
			 vmax(rolling_count(px, ts, '5 minutes') - 1::float8),
			 vstddev(rolling_var(px, ts, '5 minutes')),
			 vmin(rolling_max(px, ts, '5 minutes') - rolling_min(px, ts, '5 minutes')),
			 vmean(rolling_median(px, ts, '1 minute'))] AS r,
	   ((px - rolling_mean(px, ts, '5 minutes')) / rolling_stddev(px, ts, '5 minutes'))::float8[] AS z
FROM ft
UNION ALL
SELECT 'nvec', id,
	   ARRAY[vmean(rolling_mean(px::nvec, ts, '5 minutes')),
			 vsum(rolling_sum(px::nvec, ts, '5 minutes') * 2::float8),
			 vmax(rolling_count(px::nvec, ts, '5 minutes') - 1::float8),
			 vstddev(rolling_var(px::nvec, ts, '5 minutes')),
			 vmin(rolling_max(px::nvec, ts, '5 minutes') - rolling_min(px::nvec, ts, '5 minutes')),
			 vmean(rolling_median(px::nvec, ts, '1 minute'))],
	   ((px::nvec - rolling_mean(px::nvec, ts, '5 minutes')) / rolling_stddev(px::nvec, ts, '5 minutes'))::float8[]
FROM ft
UNION ALL
SELECT 'compressed', id,
	   ARRAY[vmean(rolling_mean(pc, ts, '5 minutes')),
			 vsum(rolling_sum(pc, ts, '5 minutes') * 2::float8),
			 vmax(rolling_count(pc, ts, '5 minutes') - 1::float8),
			 vstddev(rolling_var(pc, ts, '5 minutes')),
			 vmin(rolling_max(pc, ts, '5 minutes') - rolling_min(pc, ts, '5 minutes')),
			 vmean(rolling_median(pc, ts, '1 minute'))],
	   ((pc - rolling_mean(pc, ts, '5 minutes')) / rolling_stddev(pc, ts, '5 minutes'))::float8[]
FROM ftc;
-- more shapes: min_count, two time axes, a computed operand, a window
-- under a reduction used as a scalar, quantiles (q a constant, a column)
CREATE TEMP VIEW ft_q2 AS
SELECT 'f8' AS t, id,
	   ARRAY[vmean(rolling_mean(px, ts, '5 minutes', 5)),
			 vsum(rolling_count(px, ts, '30 seconds', 0)),
			 vmax(rolling_stddev(px, ts, '10 minutes', 4) - rolling_var(px, ts2, '1 minute')),
			 vsum(rolling_sum(px, ts, '2 seconds') - vmean(rolling_sum(px, ts, '2 seconds'))),
			 vmean(rolling_mean(px * 2::float8 + 1::float8, ts2, '3 seconds') * 0.5::float8),
			 vmax(rolling_median(px, ts2, '5 seconds', 2) - rolling_quantile(px, ts2, '5 seconds', 0.25)),
			 vmin(rolling_min(px, ts, '1 microsecond') + rolling_max(px, ts, '100 days')),
			 vsum(rolling_quantile(px, ts, '1 minute', id / 4000.0::float8, 3) * 2::float8),
			 vsum(rolling_quantile(px, ts, '1 minute', 0::float8) - rolling_quantile(px, ts, '1 minute', 1::float8))] AS r,
	   (rolling_mean(px, ts2, '4 seconds', 2) - rolling_mean(px, ts, '4 seconds', 2))::float8[] AS z
FROM ft
UNION ALL
SELECT 'compressed', c.id,
	   ARRAY[vmean(rolling_mean(pc, c.ts, '5 minutes', 5)),
			 vsum(rolling_count(pc, c.ts, '30 seconds', 0)),
			 vmax(rolling_stddev(pc, c.ts, '10 minutes', 4) - rolling_var(pc, f.ts2, '1 minute')),
			 vsum(rolling_sum(pc, c.ts, '2 seconds') - vmean(rolling_sum(pc, c.ts, '2 seconds'))),
			 vmean(rolling_mean(pc * 2::float8 + 1::float8, f.ts2, '3 seconds') * 0.5::float8),
			 vmax(rolling_median(pc, f.ts2, '5 seconds', 2) - rolling_quantile(pc, f.ts2, '5 seconds', 0.25)),
			 vmin(rolling_min(pc, c.ts, '1 microsecond') + rolling_max(pc, c.ts, '100 days')),
			 vsum(rolling_quantile(pc, c.ts, '1 minute', c.id / 4000.0::float8, 3) * 2::float8),
			 vsum(rolling_quantile(pc, c.ts, '1 minute', 0::float8) - rolling_quantile(pc, c.ts, '1 minute', 1::float8))],
	   (rolling_mean(pc, f.ts2, '4 seconds', 2) - rolling_mean(pc, c.ts, '4 seconds', 2))::float8[]
FROM ftc c JOIN ft f USING (id);
CREATE TEMP TABLE ft_on AS SELECT * FROM ft_q UNION ALL SELECT 'more ' || t, id, r, z FROM ft_q2;
SET fusekern.enable_fusion = off;
CREATE TEMP TABLE ft_off AS SELECT * FROM ft_q UNION ALL SELECT 'more ' || t, id, r, z FROM ft_q2;
RESET fusekern.enable_fusion;
-- rows compared, values that are numbers, and the values that differ
SELECT a.t, count(*) AS rows,
	   sum((SELECT count(x) FROM unnest(a.r) x)) AS reductions,
	   sum((SELECT count(x) FROM unnest(a.z) x)) AS zscores,
	   sum((SELECT count(*) FROM unnest(a.r, b.r) AS u(x, y)
			WHERE float8send(x) IS DISTINCT FROM float8send(y))) AS r_differ,
	   sum((SELECT count(*) FROM unnest(a.z, b.z) AS u(x, y)
			WHERE float8send(x) IS DISTINCT FROM float8send(y))) AS z_differ
FROM ft_on a JOIN ft_off b USING (t, id)
GROUP BY a.t ORDER BY a.t;
-- the three types agree with each other too
SELECT count(*) FILTER (WHERE a.r::text IS DISTINCT FROM b.r::text
						OR a.z::text IS DISTINCT FROM b.z::text) AS types_differ
FROM ft_on a JOIN ft_on b USING (id)
WHERE (a.t = 'f8' AND b.t IN ('nvec', 'compressed'))
   OR (a.t = 'more f8' AND b.t = 'more compressed');

-- errors: a decreasing time and lengths that differ, the same fused and
-- unfused
SELECT vmean(rolling_mean('{1,2,3}'::float8[],
	'{2026-01-05 09:30:02, 2026-01-05 09:30:01, 2026-01-05 09:30:03}'::timestamptz[],
	'1 minute') * 2::float8);
SELECT vmean(rolling_mean('{1,2,3}'::nvec, '{2026-01-05 09:30:01}'::timestamptz[],
	'1 minute') * 2::float8);
SET fusekern.enable_fusion = off;
SELECT vmean(rolling_mean('{1,2,3}'::float8[],
	'{2026-01-05 09:30:02, 2026-01-05 09:30:01, 2026-01-05 09:30:03}'::timestamptz[],
	'1 minute') * 2::float8);
SELECT vmean(rolling_mean('{1,2,3}'::nvec, '{2026-01-05 09:30:01}'::timestamptz[],
	'1 minute') * 2::float8);
RESET fusekern.enable_fusion;
-- an interval with months, one not positive, a negative min_count, an
-- infinite time: the unfused errors
SELECT vmean(rolling_mean(px, ts, '1 month') * 2::float8) FROM ft WHERE id = 1023;
SELECT vmean(rolling_mean(px, ts, '-1 second') * 2::float8) FROM ft WHERE id = 1023;
SELECT vmean(rolling_mean(px, ts, '0 seconds') * 2::float8) FROM ft WHERE id = 1023;
SELECT vmean(rolling_mean(px, ts, '1 minute', -1) * 2::float8) FROM ft WHERE id = 1023;
SELECT vmean(rolling_quantile(px, ts, '1 minute', 1.5::float8) * 2::float8) FROM ft WHERE id = 1023;
SELECT vmean(rolling_quantile(px, ts, '1 minute', 'NaN'::float8) * 2::float8) FROM ft WHERE id = 1023;
SELECT vmean(rolling_sum('{1,2}'::nvec, '{2026-01-05 09:30:01, infinity}'::timestamptz[],
	'1 minute') * 2::float8);
SELECT vmean(rolling_sum('{1,2}'::nvec, '{2026-01-05 09:30:01, NULL}'::timestamptz[],
	'1 minute') * 2::float8);
-- an overflow of the window's sum: core's error, fused or not
SELECT vmax(rolling_sum('{1e308,1e308,1}'::float8[],
	'{2026-01-05 09:30:01, 2026-01-05 09:30:02, 2026-01-05 09:30:03}'::timestamptz[],
	'1 minute') * 2::float8);
-- NULL arguments: what the unfused expression gives
SELECT vmean(rolling_mean(px, NULL::timestamptz[], '1 minute') * 2::float8) IS NULL AS null_ts,
	   vmean(rolling_mean(px, ts, NULL::interval) * 2::float8) IS NULL AS null_w
FROM ft WHERE id = 1023;

-- times stored as a tvec: the cast to timestamptz[] is one input of a
-- fused call, however many of its windows read it (a cast may raise an
-- error, a corrupted value's, so the subtraction's call stays apart, its
-- errors first, as around any input that may raise); the same results
CREATE TABLE ftv AS SELECT id, ts::tvec AS ts, px FROM ft;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT vsum((px - rolling_mean(px, ts, '5 minutes')) / rolling_stddev(px, ts, '5 minutes'))
FROM ftv;
SELECT count(*) AS rows,
	   count(*) FILTER (WHERE float8send(a.z) IS DISTINCT FROM float8send(b.z)) AS differ
FROM (SELECT id, vsum((px - rolling_mean(px, ts, '5 minutes')) / rolling_stddev(px, ts, '5 minutes')) AS z
	  FROM ftv) a
JOIN (SELECT id, vsum((px - rolling_mean(px, ts, '5 minutes')) / rolling_stddev(px, ts, '5 minutes')) AS z
	  FROM ft) b USING (id);
DROP TABLE ftv;

DROP VIEW ft_q2;
DROP VIEW ft_q;
DROP TABLE ft, ftc;
