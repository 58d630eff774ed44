-- asof(ts, v, at [, tolerance] [, direction]): the value in force at each time of at,
-- against a lateral lookup in plain SQL (the last row at or before the
-- time, the last of equal times, within the tolerance), bit for bit.
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;
SET extra_float_digits = 3;
SET TimeZone = 'UTC';

-- quotes: irregular, runs of equal times, NULL, NaN and infinities, a
-- gap of 20 minutes
CREATE TABLE aq AS
SELECT i AS o,
	   '2026-01-05 09:30:00+00'::timestamptz +
	   make_interval(secs => sum(CASE WHEN i = 120 THEN 1200 ELSE (i * 7) % 4 * 0.5 END) OVER (ORDER BY i)) AS ts,
	   CASE WHEN i % 23 = 0 THEN NULL WHEN i % 29 = 0 THEN 'NaN' WHEN i % 31 = 0 THEN 'Infinity'
			WHEN i % 37 = 0 THEN '-Infinity' ELSE 100 + ((i * 17) % 13 - 6) * 0.01 END AS x
FROM generate_series(1, 250) AS i;
CREATE TABLE aser AS
SELECT array_agg(ts ORDER BY o) AS ts, array_agg(x ORDER BY o) AS v FROM aq;
-- trades: before the first quote, on quote times, between them, in the
-- gap, after the last; sorted, and the same times shuffled
CREATE TABLE atr AS
SELECT k, '2026-01-05 09:29:58+00'::timestamptz + make_interval(secs => k * 1.7 + (k % 3) * 0.25) AS at
FROM generate_series(0, 1000) AS k;
INSERT INTO atr SELECT 2000 + o, ts FROM aq WHERE o % 10 = 0;
CREATE TABLE aat AS
SELECT array_agg(at ORDER BY at, k) AS sorted, array_agg(at ORDER BY (k * 7919) % 1013, k) AS shuffled FROM atr;
SELECT cardinality(ts) AS quotes, cardinality(sorted) AS trades,
	   sorted[1] < ts[1] AS trade_before_first, sorted[cardinality(sorted)] > ts[cardinality(ts)] AS trade_after_last
FROM aser, aat;

CREATE FUNCTION a_same(a float8, b float8) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
	SELECT float8send(a) IS NOT DISTINCT FROM float8send(b)
$$;

-- the reference: a lateral lookup per trade, in each direction (nearest:
-- the closer of the backward and forward candidates, backward's on a tie;
-- then the tolerance); a NULL tolerance is none
CREATE TABLE acmp AS
SELECT dir.dir, tol.tol, kind.kind, g.k, g.at, g.r,
	   (SELECT c.x
		FROM (SELECT * FROM (SELECT q.x, q.ts, 0 AS side FROM aq q WHERE q.ts <= g.at
							 ORDER BY q.ts DESC, q.o DESC LIMIT 1) b
			  WHERE dir.dir <> 'forward'
			  UNION ALL
			  SELECT * FROM (SELECT q.x, q.ts, 1 AS side FROM aq q WHERE q.ts >= g.at
							 ORDER BY q.ts, q.o LIMIT 1) f
			  WHERE dir.dir <> 'backward') c
		ORDER BY greatest(c.ts - g.at, g.at - c.ts), c.side LIMIT 1
		) AS cand,
	   (SELECT c.ts
		FROM (SELECT * FROM (SELECT q.ts, 0 AS side FROM aq q WHERE q.ts <= g.at
							 ORDER BY q.ts DESC, q.o DESC LIMIT 1) b
			  WHERE dir.dir <> 'forward'
			  UNION ALL
			  SELECT * FROM (SELECT q.ts, 1 AS side FROM aq q WHERE q.ts >= g.at
							 ORDER BY q.ts, q.o LIMIT 1) f
			  WHERE dir.dir <> 'backward') c
		ORDER BY greatest(c.ts - g.at, g.at - c.ts), c.side LIMIT 1
		) AS cand_ts
FROM aser s, aat a,
	 (VALUES ('backward'), ('forward'), ('nearest')) AS dir(dir),
	 (VALUES (NULL::interval), ('0 seconds'), ('1 second'), ('1 hour')) AS tol(tol),
	 (VALUES ('sorted'), ('shuffled')) AS kind(kind),
	 LATERAL (SELECT k, at, r
			  FROM unnest(CASE kind.kind WHEN 'sorted' THEN a.sorted ELSE a.shuffled END,
						  asof(s.ts, s.v, CASE kind.kind WHEN 'sorted' THEN a.sorted ELSE a.shuffled END,
							   tol.tol, dir.dir))
				   WITH ORDINALITY AS u(at, r, k)) g;
ALTER TABLE acmp ADD COLUMN ref float8;
UPDATE acmp SET ref = CASE WHEN tol IS NULL OR greatest(cand_ts - at, at - cand_ts) <= tol THEN cand END;
SELECT dir, tol, kind, count(*) AS trades, count(r) AS found,
	   count(*) FILTER (WHERE r = 'NaN') AS nan, count(*) FILTER (WHERE r IN ('Infinity', '-Infinity')) AS inf,
	   count(*) FILTER (WHERE NOT a_same(r, ref)) AS bad
FROM acmp GROUP BY dir, tol, kind ORDER BY dir, tol NULLS FIRST, kind;
-- the omitted tolerance is none, as NULL is
SELECT asof(ts, v, sorted) = asof(ts, v, sorted, NULL) AS default_tolerance_none,
	   asof(ts, v, sorted, direction => 'nearest') = asof(ts, v, sorted, NULL, 'nearest') AS named_direction
FROM aser, aat;

-- nvec, plain and compressed, gives the float8[] bits
SELECT asof(ts, v::nvec, sorted)::float8[]::text = asof(ts, v, sorted)::text AS nvec_same,
	   asof(ts, nvec_compress(v::nvec), shuffled, '2 seconds')::float8[]::text
		 = asof(ts, v, shuffled, '2 seconds')::text AS compressed_same
FROM aser, aat;

-- small cases, as shown in docs/time.md
SELECT asof('{2026-01-05 09:30:00, 2026-01-05 09:30:02, 2026-01-05 09:30:02}'::timestamptz[],
			'{1, 2, 3}'::float8[],
			'{2026-01-05 09:29:59, 2026-01-05 09:30:01, 2026-01-05 09:30:02, 2026-01-05 09:31:00}'::timestamptz[]) AS in_force,
	   asof('{2026-01-05 09:30:00, 2026-01-05 09:30:02, 2026-01-05 09:30:02}'::timestamptz[],
			'{1, 2, 3}'::float8[],
			'{2026-01-05 09:29:59, 2026-01-05 09:30:01, 2026-01-05 09:30:02, 2026-01-05 09:31:00}'::timestamptz[],
			'1 second') AS within_1s;
SELECT asof('{2026-01-05 09:30:00, 2026-01-05 09:30:02, 2026-01-05 09:30:02}'::timestamptz[],
			'{1, 2, 3}'::float8[],
			'{2026-01-05 09:29:59, 2026-01-05 09:30:01, 2026-01-05 09:30:02, 2026-01-05 09:31:00}'::timestamptz[],
			direction => 'forward') AS forward,
	   asof('{2026-01-05 09:30:00, 2026-01-05 09:30:02, 2026-01-05 09:30:02}'::timestamptz[],
			'{1, 2, 3}'::float8[],
			'{2026-01-05 09:29:59, 2026-01-05 09:30:01, 2026-01-05 09:30:02, 2026-01-05 09:31:00}'::timestamptz[],
			direction => 'nearest') AS nearest;
-- NULL arguments (the function is not STRICT, for the tolerance's default)
SELECT asof(NULL, '{1}'::float8[], '{2026-01-05 09:30:00}'::timestamptz[]) IS NULL AS null_ts,
	   asof('{2026-01-05 09:30:00}'::timestamptz[], NULL::nvec, '{2026-01-05 09:30:00}'::timestamptz[]) IS NULL AS null_v,
	   asof('{2026-01-05 09:30:00}'::timestamptz[], '{1}'::float8[], NULL) IS NULL AS null_at,
	   asof('{2026-01-05 09:30:00}'::timestamptz[], '{1}'::float8[], '{2026-01-05 09:30:00}'::timestamptz[], NULL, NULL) IS NULL AS null_direction;
SELECT asof('{}'::timestamptz[], '{}'::float8[], '{2026-01-05 09:30:00}'::timestamptz[]) AS no_quotes,
	   asof('{2026-01-05 09:30:00}'::timestamptz[], '{1}'::nvec, '{}'::timestamptz[]) AS no_trades;

-- errors: the quotes' times must be ordered, at need not be
SELECT asof('{2026-01-05 09:30:02, 2026-01-05 09:30:00}'::timestamptz[], '{1, 2}'::float8[], '{2026-01-05 09:30:00}'::timestamptz[]);
SELECT asof('{2026-01-05 09:30:00, 2026-01-05 09:30:02}'::timestamptz[], '{1, 2}'::float8[], '{2026-01-05 09:30:00, NULL}'::timestamptz[]);
SELECT asof('{2026-01-05 09:30:00}'::timestamptz[], '{1, 2}'::float8[], '{2026-01-05 09:30:00}'::timestamptz[]);
SELECT asof('{2026-01-05 09:30:00}'::timestamptz[], '{1}'::float8[], '{2026-01-05 09:30:00}'::timestamptz[], '-1 second');
SELECT asof('{2026-01-05 09:30:00}'::timestamptz[], '{1}'::float8[], '{2026-01-05 09:30:00}'::timestamptz[], '1 mon');
SELECT asof('{2026-01-05 09:30:00}'::timestamptz[], '{1}'::float8[], '{2026-01-05 09:30:00}'::timestamptz[], direction => 'sideways');
