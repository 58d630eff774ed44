-- Fusion of a resampling (resample, resample_ohlc and their vector forms)
-- whose values are nested fusekern calls: fused_resample runs the program a
-- block at a time straight into the buckets.  Fused against unfused, bit
-- for bit, for every how, fill and form, over float8[], nvec and
-- nvec(compressed), with NULL, NaN and infinity, lengths at the block
-- edges; against plain SQL (date_bin) for one; errors in the unfused
-- order; NULL arguments; EXECUTE on the resampling it stands for.
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;
SET extra_float_digits = 3;
SET TimeZone = 'UTC';

-- ids: the length; times in pairs of equal times 3 s apart, a gap of 10
-- minutes every 500 elements (empty buckets to fill)
CREATE TABLE fr (id int PRIMARY KEY, ts timestamptz[], px float8[]);
INSERT INTO fr
SELECT n, array_agg('2026-01-05 09:30:00+00'::timestamptz
					+ make_interval(secs => (i / 2) * 3 + (i / 500) * 600) ORDER BY i),
	   array_agg(CASE WHEN i % 53 = 0 THEN 'NaN'::float8
					  WHEN i % 59 = 0 THEN 'Infinity'::float8
					  WHEN i % 7 = 0 THEN NULL
					  ELSE round((100 + 10 * sin(i * 0.3 + n))::numeric, 2)::float8 END
				 ORDER BY i)
FROM (VALUES (1), (1023), (1024), (1025), (3000)) AS l(n), generate_series(1, n) AS i
GROUP BY n;
CREATE TABLE frc (id int, ts timestamptz[], pc nvec(compressed));
INSERT INTO frc SELECT id, ts, px::nvec FROM fr;
SELECT count(*) FILTER (WHERE nvec_encoding(pc) = 'alp') AS compressed FROM frc;

-- what the planner writes: one fused call, the resampling's arguments last
EXPLAIN (VERBOSE, COSTS OFF)
SELECT r.* FROM fr, resample(ts, dlog(px), '1 minute', 'sum') r;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT r.* FROM frc, resample_ohlc(ts, pc * 2::float8 + 1::float8, '1 minute', fill => 'locf') r;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT (resample_vectors(ts, ln(px) - ln(px * 2::float8), '1 minute', 'mean')).value FROM fr;
-- a column alone is no program: the resampling as written
EXPLAIN (VERBOSE, COSTS OFF)
SELECT r.* FROM fr, resample(ts, px, '1 minute', 'sum') r;

-- fused against unfused: every how and fill, OHLC, the vector forms, over
-- each type (a view: fusion is decided when the query using it is planned)
CREATE TEMP VIEW fr_q AS
SELECT 'f8 ' || h || ' ' || f AS t, id, r.bucket, ARRAY[r.value] AS v
FROM fr, unnest(ARRAY['first', 'last', 'min', 'max', 'sum', 'mean', 'count', 'twa', 'twa_linear']) h,
	 unnest(ARRAY['null', 'locf', 'linear', 'none']) f,
	 resample(ts, dlog(px) * 100::float8, '1 minute', h, '2026-01-05 09:30:17+00', f) r
UNION ALL
SELECT 'nvec ' || h || ' ' || f, id, r.bucket, ARRAY[r.value]
FROM fr, unnest(ARRAY['first', 'last', 'min', 'max', 'sum', 'mean', 'count', 'twa', 'twa_linear']) h,
	 unnest(ARRAY['null', 'locf', 'linear', 'none']) f,
	 resample(ts, px::nvec - shift(px::nvec, 3), '1 minute', h, fill => f) r
UNION ALL
SELECT 'compressed ' || h, id, r.bucket, ARRAY[r.value]
FROM frc, unnest(ARRAY['first', 'last', 'min', 'max', 'sum', 'mean', 'count', 'twa', 'twa_linear']) h,
	 resample(ts, rolling_mean(pc, 5) * 2::float8, '30 seconds', h) r
UNION ALL
SELECT 'ohlc ' || f, id, r.bucket, ARRAY[r.open, r.high, r.low, r.close]
FROM fr, unnest(ARRAY['null', 'locf']) f,
	 resample_ohlc(ts, dlog(px), '1 minute', fill => f) r
UNION ALL
SELECT 'ohlc compressed', id, r.bucket, ARRAY[r.open, r.high, r.low, r.close]
FROM frc, resample_ohlc(ts, pc * 2::float8 + 1::float8, '2 minutes', fill => 'locf') r
UNION ALL
SELECT 'vectors ' || f, id, b.bucket, ARRAY[b.value]
FROM fr, unnest(ARRAY['null', 'none']) f,
	 LATERAL (SELECT (resample_vectors(ts, ln(px) * 2::float8 - 1::float8, '1 minute', 'last', fill => f)).*) v,
	 unnest(v.bucket, v.value) AS b(bucket, value)
UNION ALL
SELECT 'vectors nvec', id, b.bucket, ARRAY[b.value]
FROM frc, LATERAL (SELECT (resample_vectors(ts, dlog(pc), '1 minute', 'sum')).*) v,
	 unnest(v.bucket, v.value::float8[]) AS b(bucket, value)
UNION ALL
SELECT 'ohlc vectors', id, b.bucket, ARRAY[b.o, b.h, b.l, b.c]
FROM fr, LATERAL (SELECT (resample_ohlc_vectors(ts, dlog(px), '1 minute')).*) v,
	 unnest(v.bucket, v.open, v.high, v.low, v.close) AS b(bucket, o, h, l, c)
UNION ALL
SELECT 'ohlc vectors nvec', id, b.bucket, ARRAY[b.o, b.h, b.l, b.c]
FROM frc, LATERAL (SELECT (resample_ohlc_vectors(ts, pc * 2::float8, '1 minute', fill => 'locf')).*) v,
	 unnest(v.bucket, v.open::float8[], v.high::float8[], v.low::float8[], v.close::float8[]) AS b(bucket, o, h, l, c);
-- more shapes: a reduction used as a scalar, windows of a duration over the
-- same times, a running chain, the times a tvec's cast
CREATE TEMP VIEW fr_q2 AS
SELECT 'shapes scalar' AS t, id, r.bucket, ARRAY[r.value] AS v
FROM fr, resample(ts, px - vmean(px), '1 minute', 'sum') r
UNION ALL
SELECT 'shapes windows', id, r.bucket, ARRAY[r.value]
FROM fr, resample(ts, (px - rolling_mean(px, ts, '5 minutes')) / rolling_stddev(px, ts, '5 minutes'),
				  '1 minute', 'mean') r
UNION ALL
SELECT 'shapes running', id, r.bucket, ARRAY[r.value]
FROM frc, resample(ts, cumsum(dlog(pc)), '10 minutes', 'last', fill => 'locf') r
UNION ALL
SELECT 'shapes tvec', id, r.bucket, ARRAY[r.open, r.close]
FROM fr, resample_ohlc(ts::tvec::timestamptz[], dlog(px), '1 minute') r;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT r.* FROM fr, resample_ohlc(ts::tvec::timestamptz[], dlog(px), '1 minute') r;
CREATE TEMP TABLE fr_on AS SELECT * FROM fr_q UNION ALL SELECT * FROM fr_q2;
SET fusekern.enable_fusion = off;
CREATE TEMP TABLE fr_off AS SELECT * FROM fr_q UNION ALL SELECT * FROM fr_q2;
RESET fusekern.enable_fusion;
-- rows on either side, values that are numbers, and those that differ
SELECT k AS t,
	   (SELECT count(*) FROM fr_on o WHERE split_part(o.t, ' ', 1) = k) AS fused_rows,
	   (SELECT count(*) FROM fr_off o WHERE split_part(o.t, ' ', 1) = k) AS unfused_rows,
	   count(*) AS matched,
	   sum((SELECT count(x) FROM unnest(av) x)) AS values,
	   sum((SELECT count(*) FROM unnest(av, bv) AS u(x, y)
			WHERE float8send(x) IS DISTINCT FROM float8send(y))) AS differ
FROM (SELECT split_part(t, ' ', 1) AS k, a.v AS av, b.v AS bv
	  FROM fr_off a JOIN fr_on b USING (t, id, bucket)) j
GROUP BY k ORDER BY k;

-- the pass runs fused: DEBUG1 says so only where it is evaluated unfused
-- (a refused argument here)
SELECT count(*) AS buckets FROM fr, resample(ts, dlog(px), '1 minute', 'sum');
SET client_min_messages = debug1;
SELECT count(*) AS buckets FROM fr, resample(ts, dlog(px), '1 minute', 'sum');
SELECT count(*) AS buckets FROM frc, resample_ohlc(ts, pc * 2::float8 + 1::float8, '1 minute');
SELECT count(*) AS buckets FROM fr, resample(ts, dlog(px), '1 minute', 'sum', fill => 'nearest');
RESET client_min_messages;

-- against plain SQL: the count of dlog's present values per minute, in the
-- buckets date_bin places
SELECT count(*) AS buckets,
	   count(*) FILTER (WHERE r.value IS DISTINCT FROM s.n::float8) AS count_differs
FROM (SELECT r.* FROM fr, resample(ts, dlog(px), '1 minute', 'count', fill => 'none') r
	  WHERE id = 3000) r
FULL JOIN (SELECT date_bin('1 minute', t, '1970-01-01'), count(d) AS n
		   FROM (SELECT t, ln(p) - ln(lag(p) OVER (ORDER BY i)) AS d
				 FROM fr, unnest(ts, px) WITH ORDINALITY AS u(t, p, i) WHERE id = 3000) x
		   GROUP BY 1 HAVING count(d) > 0) s(bucket, n) USING (bucket);

-- errors: those of the unfused calls, in their order (the values' first);
-- columns, so that nothing is folded before the planner fuses
CREATE TABLE fe (ts timestamptz[], back timestamptz[], far timestamptz[],
				 a float8[], a3 float8[], neg float8[], big float8[], n nvec);
INSERT INTO fe VALUES ('{2026-01-05 09:30:01, 2026-01-05 09:30:02, 2026-01-05 09:30:03}',
	'{2026-01-05 09:30:01, 2026-01-05 09:30:00, 2026-01-05 09:30:03}',
	'{2000-01-01, 2026-01-05 09:30:02, 2026-01-05 09:30:03}',
	'{1,2,3}', '{1,2,3,4}', '{1,-2,3}', '{1e308,1e308,1}', '{1,2,3}');
EXPLAIN (VERBOSE, COSTS OFF)
SELECT r.* FROM fe, resample(back, dlog(a), '1 minute', 'sum') r;
SELECT r.* FROM fe, resample(back, dlog(a), '1 minute', 'sum') r;
SELECT r.* FROM fe, resample(ts, dlog(a3), '1 minute', 'sum') r;
SELECT r.* FROM fe, resample(ts, dlog(a), '1 month', 'sum') r;
SELECT r.* FROM fe, resample(ts, dlog(a), '1 minute', 'median') r;
SELECT r.* FROM fe, resample_ohlc(ts, dlog(n), '1 minute', fill => 'linear') r;
SELECT r.* FROM fe, resample(ts, dlog(a), '1 minute', 'sum', 'infinity') r;
SELECT r.* FROM fe, resample(ts, sqrt(neg) * 2::float8, '1 minute', 'median') r;
SELECT r.* FROM fe, resample(back, sqrt(neg) * 2::float8, '1 minute', 'sum') r;
SELECT r.* FROM fe, resample(ts, big * 1::float8, '1 minute', 'sum') r;
SELECT r.* FROM fe, resample(far, dlog(a), '1 microsecond', 'sum') r;
SELECT (resample_vectors(ts, sqrt(neg) * 2::float8, '1 minute', 'bad')).* FROM fe;
DROP TABLE fe;
-- NULL arguments: no rows, or a NULL row of vectors, as the strict
-- resampling gives
SELECT count(*) AS null_ts FROM fr, resample(NULL::timestamptz[], dlog(px), '1 minute', 'sum');
SELECT count(*) AS null_how FROM fr, resample(ts, dlog(px), '1 minute', NULL);
SELECT count(*) AS null_values FROM fr, resample(ts, dlog(NULL::float8[]), '1 minute', 'sum');
SELECT resample_vectors(ts, dlog(px), '1 minute', 'sum', fill => NULL) IS NULL AS null_fill
FROM fr WHERE id = 1;

-- fused_resample written by hand: arguments of other types than the
-- planner writes are refused, not read
SELECT * FROM fused_resample('dlog(v1, 1)', '{1,2,3}'::float8[],
	'{2026-01-01, 2026-01-02, 2026-01-03}'::timestamptz[], 5, 'sum'::text,
	'1970-01-01'::timestamptz, 'null'::text);
SELECT * FROM fused_resample_ohlc('dlog(v1, 1)', '{1,2,3}'::float8[],
	'{2026-01-01, 2026-01-02, 2026-01-03}'::timestamptz[], '1 day'::interval,
	'1970-01-01'::timestamptz, 7);
SELECT * FROM fused_resample('dlog(v1, 1)', 5, '{2026-01-01}'::timestamptz[],
	'1 day'::interval, 'sum'::text, '1970-01-01'::timestamptz, 'null'::text);
SELECT * FROM fused_resample('dlog(v1, 1)', '{1,2,3}'::float8[]);
SELECT fused_resample_vectors_nvec('dlog(v1, 1)', '{1,2,3}'::nvec, now());
SELECT count(*) AS null_program FROM fused_resample(NULL, '{1,2,3}'::float8[],
	'{2026-01-01, 2026-01-02, 2026-01-03}'::timestamptz[], '1 day'::interval, 'sum'::text,
	'1970-01-01'::timestamptz, 'null'::text);
SELECT fused_resample_vectors('dlog(v1, 1)', '{1,2,3}'::nvec,
	'{2026-01-01, 2026-01-02, 2026-01-03}'::timestamptz[], '1 day'::interval, 'sum'::text,
	'1970-01-01'::timestamptz, 'null'::text);
SELECT * FROM fused_resample('dlog(v1, 1)', '{1,2,3}'::float8[],
	'{2026-01-01, 2026-01-02, 2026-01-03}'::timestamptz[], '1 day'::interval, 'sum'::text,
	'1970-01-01'::timestamptz, 'null'::text);

-- EXECUTE: the fused call stands for the resampling, which a user who may
-- not execute it cannot call through it either
CREATE ROLE fusekern_resample_user;
GRANT SELECT ON fr TO fusekern_resample_user;
REVOKE EXECUTE ON FUNCTION resample(timestamptz[], float8[], interval, text, timestamptz, text) FROM PUBLIC;
SET ROLE fusekern_resample_user;
SELECT count(*) FROM fr, resample(ts, dlog(px), '1 minute', 'sum');
SELECT count(*) FROM fr, fused_resample('dlog(v1, 1)', px, ts, '1 minute'::interval, 'sum'::text,
	'1970-01-01'::timestamptz, 'null'::text);
RESET ROLE;
GRANT EXECUTE ON FUNCTION resample(timestamptz[], float8[], interval, text, timestamptz, text) TO PUBLIC;
DROP OWNED BY fusekern_resample_user;
DROP ROLE fusekern_resample_user;

DROP VIEW fr_q2;
DROP VIEW fr_q;
DROP TABLE fr, frc;
