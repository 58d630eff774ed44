-- time_weighted_avg(ts, v [, method]) against plain SQL over the rows:
-- lead() for the next present element, the weighted sum over the span.
-- Values are multiples of 1/4 and times whole milliseconds, so every
-- product and sum is exact and compared bit for bit (any NaN the same);
-- on random values, within 8u (|avg| + sum|x dt| / span) of numeric's
-- (2u for the products and the compensated sum; x::numeric keeps 15
-- digits, up to 4.5u more).
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;
SET extra_float_digits = 3;
SET TimeZone = 'UTC';

CREATE FUNCTION w_same(a float8, b float8) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
	SELECT float8send(a) IS NOT DISTINCT FROM float8send(b) OR (a = 'NaN' AND b = 'NaN')
$$;

CREATE TABLE wrow (name text, o integer, ts timestamptz, x float8);
INSERT INTO wrow
SELECT 'irregular', i,
	   '2026-01-05 09:30:00+00'::timestamptz +
	   make_interval(secs => sum(CASE WHEN i = 50 THEN 600 ELSE (i * 7) % 5 * 0.125 END) OVER (ORDER BY i)),
	   CASE WHEN i % 11 = 0 THEN NULL ELSE ((i * 13) % 41 - 20) * 0.25 END
FROM generate_series(1, 200) AS i;
INSERT INTO wrow
SELECT 'special', o, ts, CASE WHEN o = 77 THEN 'Infinity' WHEN o = 120 THEN 'NaN' ELSE x END
FROM wrow WHERE name = 'irregular';
INSERT INTO wrow
SELECT 'inf_at_equal_time', o, ts, CASE WHEN o = 5 THEN 'Infinity' ELSE x END
FROM wrow WHERE name = 'irregular' AND o <= 20;
SELECT setseed(0.38);
INSERT INTO wrow
SELECT 'random', i, '2026-01-05 11:00:00+00'::timestamptz + make_interval(secs => i * 1.5 + random()),
	   (random() - 0.5) * 1e6
FROM generate_series(1, 300) AS i;
INSERT INTO wrow VALUES ('one', 1, '2026-01-05 12:00:00+00', 2.5),
	('same_time', 1, '2026-01-05 12:00:00+00', 1), ('same_time', 2, '2026-01-05 12:00:00+00', 3),
	('two', 1, '2026-01-05 12:00:00+00', 1), ('two', 2, '2026-01-05 12:00:10+00', 3),
	('nulls', 1, '2026-01-05 12:00:00+00', NULL), ('nulls', 2, '2026-01-05 12:00:10+00', NULL);
-- the element at o = 5 of inf_at_equal_time shares its time with the next
SELECT count(*) AS equal_times FROM wrow w1 JOIN wrow w2 USING (name, ts)
WHERE w1.name = 'inf_at_equal_time' AND w1.o = 5 AND w2.o <> 5;

CREATE TABLE wser AS
SELECT name, array_agg(ts ORDER BY o) AS ts, array_agg(x ORDER BY o) AS v FROM wrow GROUP BY name;
INSERT INTO wser VALUES ('empty', '{}', '{}');

-- the reference: each present element and the next present one
CREATE TABLE wref AS
WITH p AS (
	SELECT name, o, x, ts, lead(x) OVER w AS x2,
		   extract(epoch FROM lead(ts) OVER w - ts) * 1000000 AS dt
	FROM wrow WHERE x IS NOT NULL
	WINDOW w AS (PARTITION BY name ORDER BY o)
)
SELECT name,
	   sum(x * dt::float8) FILTER (WHERE dt > 0) / (extract(epoch FROM max(ts) - min(ts)) * 1000000)::float8 AS locf,
	   sum((x + x2) / 2 * dt::float8) FILTER (WHERE dt > 0) / (extract(epoch FROM max(ts) - min(ts)) * 1000000)::float8 AS linear,
	   sum(x::numeric * dt) FILTER (WHERE dt > 0) / (extract(epoch FROM max(ts) - min(ts)) * 1000000) AS nlocf,
	   sum(abs(x::numeric * dt)) FILTER (WHERE dt > 0) / (extract(epoch FROM max(ts) - min(ts)) * 1000000) AS nabs,
	   count(*) AS present, max(ts) > min(ts) AS has_span
FROM p GROUP BY name;

SELECT s.name, r.present, time_weighted_avg(s.ts, s.v) AS locf,
	   time_weighted_avg(s.ts, s.v, 'linear') AS linear,
	   CASE WHEN s.name = 'random'
			THEN abs(time_weighted_avg(s.ts, s.v)::numeric - r.nlocf) <= 8 * 2 ^ -53::float8 * (abs(r.nlocf) + r.nabs)
			WHEN r.has_span THEN w_same(time_weighted_avg(s.ts, s.v), r.locf)
								 AND w_same(time_weighted_avg(s.ts, s.v, 'linear'), r.linear)
			ELSE time_weighted_avg(s.ts, s.v) IS NULL AND time_weighted_avg(s.ts, s.v, 'linear') IS NULL END AS as_reference,
	   w_same(time_weighted_avg(s.ts, nvec_compress(s.v::nvec), 'linear'), time_weighted_avg(s.ts, s.v, 'linear')) AS compressed_same
FROM wser s LEFT JOIN wref r USING (name)
ORDER BY s.name;

-- as shown in docs/time.md: 1 for 10 s then 3 for 30 s
SELECT time_weighted_avg('{2026-01-05 12:00:00, 2026-01-05 12:00:10, 2026-01-05 12:00:40}'::timestamptz[],
						 '{1, 3, 5}'::float8[]) AS locf,
	   time_weighted_avg('{2026-01-05 12:00:00, 2026-01-05 12:00:10, 2026-01-05 12:00:40}'::timestamptz[],
						 '{1, 3, 5}'::float8[], 'linear') AS linear;
SELECT time_weighted_avg('{2026-01-05 12:00:00}'::timestamptz[], '{1}'::float8[], 'spline');
SELECT time_weighted_avg('{2026-01-05 12:00:00, 2026-01-05 12:01:00}'::timestamptz[], '{1e308, 1e308}'::float8[]);

-- ema(v, ts, halflife): against the weighted average written directly,
-- sum 2^-(age / halflife) x / sum 2^-(age / halflife) over the present
-- elements up to each one, within 1e-12 (the recursion multiplies the
-- decays one step at a time, the reference raises 2 to the whole age)
CREATE TABLE wema AS
SELECT s.name, h.h, g.o, g.r, s.v[g.o] AS x,
	   (SELECT sum(power(2::float8, -extract(epoch FROM s.ts[g.o] - u.t)::float8 / extract(epoch FROM h.h)::float8) * u.x)
			   / sum(power(2::float8, -extract(epoch FROM s.ts[g.o] - u.t)::float8 / extract(epoch FROM h.h)::float8))
		FROM unnest(s.ts, s.v) WITH ORDINALITY AS u(t, x, j)
		WHERE u.j <= g.o AND u.x IS NOT NULL) AS ref,
	   (SELECT max(abs(u.x)) FROM unnest(s.v) AS u(x) WHERE u.x NOT IN ('NaN', 'Infinity', '-Infinity')) AS scale
FROM wser s, unnest(ARRAY['1 second', '1 minute', '1 hour']::interval[]) AS h(h),
	 LATERAL unnest(ema(s.v, s.ts, h.h)) WITH ORDINALITY AS g(r, o)
WHERE s.name IN ('irregular', 'special', 'random', 'two', 'one', 'same_time', 'nulls');
SELECT name, count(*) AS elements, count(r) AS present,
	   count(*) FILTER (WHERE (x IS NULL) <> (r IS NULL)
						OR x IS NOT NULL AND NOT (w_same(r, ref) OR abs(r - ref) <= 1e-12 * scale)) AS bad
FROM wema GROUP BY name ORDER BY name;
SELECT count(*) AS cases,
	   count(*) FILTER (WHERE ema(v::nvec, ts, '1 minute')::float8[]::text IS DISTINCT FROM ema(v, ts, '1 minute')::text
						 OR ema(nvec_compress(v::nvec), ts, '1 minute')::float8[]::text IS DISTINCT FROM ema(v, ts, '1 minute')::text)
		 AS nvec_differs
FROM wser;
-- as shown in docs/time.md: after 10 s at a half-life of 10 s, 1 weighs half of 3
SELECT ema('{1, 3}'::float8[], '{2026-01-05 12:00:00, 2026-01-05 12:00:10}'::timestamptz[], '10 seconds') AS ema_10s;
SELECT ema('{1e308, 1e308}'::float8[], '{2026-01-05 12:00:00, 2026-01-05 12:00:00}'::timestamptz[], '10 seconds');
SELECT ema('{1, 3}'::float8[], '{2026-01-05 12:00:00, 2026-01-05 12:00:10}'::timestamptz[], '0 seconds');
