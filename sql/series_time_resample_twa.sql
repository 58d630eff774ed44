-- resample(ts, v, stride, 'twa' | 'twa_linear' [, origin [, fill]]): the
-- time-weighted average of each bucket against plain SQL over the rows:
-- date_bin for the bucket, lead() over the present rows of the bucket for
-- the next one, sum(x dt) / span of the bucket's first to last present
-- time, the empty buckets from generate_series and the fills written out.
-- Values are multiples of 1/4 and times multiples of 1/8 s, so every
-- product and sum is exact and compared bit for bit (any NaN the same);
-- on random values, within 8u (|avg| + sum|x dt| / span) of numeric's, as
-- series_time_weight checks the whole series.
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;
SET extra_float_digits = 3;
SET TimeZone = 'UTC';

CREATE FUNCTION tw_same(a float8, b float8) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
	SELECT float8send(a) IS NOT DISTINCT FROM float8send(b) OR (a = 'NaN' AND b = 'NaN')
$$;

-- ticks: irregular, equal times (increment 0), steps of 2.5 s (one-point
-- buckets), a gap of 7 minutes (empty buckets), NULLs and a run of NULLs
-- (buckets of NULLs only); 'special' adds NaN and infinities
CREATE TABLE twrow AS
SELECT s.name, i AS o,
	   '2026-01-05 09:30:00+00'::timestamptz +
	   make_interval(secs => sum(CASE WHEN i = 150 THEN 420 WHEN i % 17 = 0 THEN 2.5
									  ELSE (i * 7) % 5 * 0.125 END) OVER (PARTITION BY s.name ORDER BY i)) AS ts,
	   CASE WHEN i BETWEEN 200 AND 215 OR i % 23 = 0 THEN NULL
			WHEN s.name = 'special' AND i % 61 = 0 THEN 'NaN'
			WHEN s.name = 'special' AND i % 67 = 0 THEN 'Infinity'
			WHEN s.name = 'special' AND i % 71 = 0 THEN '-Infinity'
			ELSE ((i * 13) % 41 - 20) * 0.25 END::float8 AS x
FROM (VALUES ('plain'), ('special')) AS s(name), generate_series(1, 300) AS i;
CREATE TABLE twser AS
SELECT name, array_agg(ts ORDER BY o) AS ts, array_agg(x ORDER BY o) AS v FROM twrow GROUP BY name;

CREATE TABLE twcase AS
SELECT stride, origin
FROM (VALUES ('250 milliseconds'::interval, '1970-01-01 00:00:00+00'::timestamptz),
			 ('1 second', '2026-01-05 09:30:00.3+00'),
			 ('5 seconds', '1970-01-01 00:00:00+00'),
			 ('1 minute', '2026-01-05 09:30:07+00'),
			 ('1 hour', '2026-01-05 09:20:00+00')) AS c(stride, origin);

-- the reference: each present element of a bucket and the next present
-- one of the same bucket; every bucket from the first time's to the last's
CREATE TABLE twref AS
WITH p AS (
	SELECT c.stride, c.origin, r.name, date_bin(c.stride, r.ts, c.origin) AS bucket, r.ts, r.x,
		   lead(r.x) OVER w AS x2, extract(epoch FROM lead(r.ts) OVER w - r.ts) * 1000000 AS dt
	FROM twcase c, twrow r WHERE r.x IS NOT NULL
	WINDOW w AS (PARTITION BY c.stride, c.origin, r.name, date_bin(c.stride, r.ts, c.origin) ORDER BY r.o)
), agg AS (
	SELECT stride, origin, name, bucket, count(*) AS present, max(ts) > min(ts) AS has_span,
		   sum(x * dt::float8) FILTER (WHERE dt > 0)
			 / (extract(epoch FROM max(ts) - min(ts)) * 1000000)::float8 AS twa,
		   sum((x + x2) / 2 * dt::float8) FILTER (WHERE dt > 0)
			 / (extract(epoch FROM max(ts) - min(ts)) * 1000000)::float8 AS twa_linear
	FROM p GROUP BY 1, 2, 3, 4
), grid AS (
	SELECT c.stride, c.origin, s.name, g.bucket, g.k
	FROM twcase c, twser s,
		 LATERAL (SELECT min(date_bin(c.stride, r.ts, c.origin)) AS b0,
						 max(date_bin(c.stride, r.ts, c.origin)) AS b1 FROM twrow r WHERE r.name = s.name) m,
		 LATERAL generate_series(m.b0, m.b1, c.stride) WITH ORDINALITY AS g(bucket, k)
)
SELECT g.stride, g.origin, g.name, g.k, g.bucket, h.how, coalesce(a.present, 0) AS present, a.has_span,
	   CASE h.how WHEN 'twa' THEN a.twa ELSE a.twa_linear END AS value
FROM grid g LEFT JOIN agg a USING (stride, origin, name, bucket),
	 unnest(ARRAY['twa', 'twa_linear']) AS h(how);
-- fills: locf, the last average before; linear, between the averages around
CREATE TABLE twfill AS
SELECT r.*, f.fill,
	   CASE WHEN r.value IS NOT NULL OR f.fill IN ('null', 'none') THEN r.value
			WHEN f.fill = 'locf' THEN p.value
			WHEN p.value IS NOT NULL AND n.value IS NOT NULL
			THEN p.value + (n.value - p.value) * ((r.k - p.k)::float8 / (n.k - p.k)::float8) END AS filled
FROM twref r
	 CROSS JOIN (VALUES ('null'), ('locf'), ('linear'), ('none')) AS f(fill)
	 LEFT JOIN LATERAL (SELECT k, value FROM twref p
						WHERE (p.stride, p.origin, p.name, p.how) = (r.stride, r.origin, r.name, r.how)
						AND p.k < r.k AND p.value IS NOT NULL ORDER BY p.k DESC LIMIT 1) p ON true
	 LEFT JOIN LATERAL (SELECT k, value FROM twref n
						WHERE (n.stride, n.origin, n.name, n.how) = (r.stride, r.origin, r.name, r.how)
						AND n.k > r.k AND n.value IS NOT NULL ORDER BY n.k LIMIT 1) n ON true;
-- none: the buckets without an average are left out
DELETE FROM twfill WHERE fill = 'none' AND value IS NULL;

CREATE TABLE twgot AS
SELECT c.stride, c.origin, s.name, h.how, f.fill, g.bucket, g.value
FROM twser s, twcase c,
	 unnest(ARRAY['twa', 'twa_linear']) AS h(how),
	 unnest(ARRAY['null', 'locf', 'linear', 'none']) AS f(fill),
	 LATERAL resample(s.ts, s.v, c.stride, h.how, c.origin, f.fill) AS g;

-- what the cases hold: buckets, empty ones, one present element, two or
-- more at one time, and averages that are NaN or infinite
SELECT stride, name, count(*) AS buckets, count(*) FILTER (WHERE present = 0) AS empty,
	   count(*) FILTER (WHERE present = 1) AS one_point,
	   count(*) FILTER (WHERE present > 1 AND NOT has_span) AS one_time,
	   count(*) FILTER (WHERE value = 'NaN') AS nan,
	   count(*) FILTER (WHERE value IN ('Infinity', '-Infinity')) AS inf
FROM twref WHERE how = 'twa_linear'
GROUP BY stride, name ORDER BY stride, name;
SELECT c.stride, count(*) AS compared,
	   count(*) FILTER (WHERE r.filled IS NOT NULL) AS with_value,
	   count(*) FILTER (WHERE g.bucket IS NULL OR r.bucket IS NULL OR NOT tw_same(g.value, r.filled)) AS bad
FROM twcase c JOIN twfill r USING (stride, origin)
	 FULL JOIN twgot g USING (stride, origin, name, how, fill, bucket)
GROUP BY c.stride ORDER BY c.stride;

-- a series in one bucket: time_weighted_avg's bits
SELECT s.name, g.how, tw_same(g.value, time_weighted_avg(s.ts, s.v, CASE g.how WHEN 'twa' THEN 'locf' ELSE 'linear' END))
		 AS same_as_whole
FROM twser s, unnest(ARRAY['twa', 'twa_linear']) AS h(how),
	 LATERAL (SELECT h.how, value FROM resample(s.ts, s.v, '1 hour', h.how, '2026-01-05 09:20:00+00')) g
ORDER BY 1, 2;

-- random values and times (whole microseconds), 10-second buckets,
-- against numeric; the values have 12 digits, so x::numeric is within
-- u/2 of x (15 digits would be up to 4.5u off, too much for buckets of a
-- few elements), and the result is compared as a float8
SELECT setseed(0.38);
CREATE TABLE twrand AS
SELECT i AS o, '2026-01-05 11:00:00+00'::timestamptz + make_interval(secs => i * 1.5 + random()) AS ts,
	   round(((random() - 0.5) * 1e6)::numeric, 6)::float8 AS x
FROM generate_series(1, 300) AS i;
WITH p AS (
	SELECT date_bin('10 seconds', ts, '1970-01-01') AS bucket, ts, x,
		   extract(epoch FROM lead(ts) OVER w - ts) * 1000000 AS dt
	FROM twrand WINDOW w AS (PARTITION BY date_bin('10 seconds', ts, '1970-01-01') ORDER BY o)
), ref AS (
	SELECT bucket, sum(x::numeric * dt) / (extract(epoch FROM max(ts) - min(ts)) * 1000000) AS nlocf,
		   sum(abs(x::numeric * dt)) / (extract(epoch FROM max(ts) - min(ts)) * 1000000) AS nabs
	FROM p GROUP BY bucket HAVING max(ts) > min(ts)
), got AS (
	SELECT g.* FROM (SELECT array_agg(ts ORDER BY o) AS ts, array_agg(x ORDER BY o) AS v FROM twrand) s,
		 LATERAL resample(s.ts, s.v, '10 seconds', 'twa', fill => 'none') AS g
)
SELECT count(*) AS buckets,
	   count(*) FILTER (WHERE NOT abs(g.value - r.nlocf::float8) <= 8 * 2 ^ -53::float8 * (abs(r.nlocf) + r.nabs)::float8)
		 AS bad
FROM ref r FULL JOIN got g USING (bucket);

-- nvec, plain and compressed, gives the float8[] rows
SELECT s.name, h.how,
	   (SELECT array_agg(value)::text FROM resample(s.ts, s.v::nvec, '1 second', h.how, fill => 'linear'))
		 = (SELECT array_agg(value)::text FROM resample(s.ts, s.v, '1 second', h.how, fill => 'linear')) AS nvec_same,
	   (SELECT array_agg(value)::text FROM resample(s.ts, nvec_compress(s.v::nvec), '1 second', h.how, fill => 'linear'))
		 = (SELECT array_agg(value)::text FROM resample(s.ts, s.v, '1 second', h.how, fill => 'linear')) AS compressed_same
FROM twser s, unnest(ARRAY['twa', 'twa_linear']) AS h(how)
ORDER BY 1, 2;

-- as shown in docs/time.md: 09:30, 1 for 20 s then 3 for 20 s (5 is the
-- last and weighs nothing; its time to 09:31:10 counts in neither bucket);
-- 09:31, one point: none; 09:32, 9 for 30 s; 09:33, two points at one
-- time: none
SELECT t.bucket, t.value AS twa, l.value AS twa_linear
FROM resample('{2026-01-05 09:30:00, 2026-01-05 09:30:20, 2026-01-05 09:30:40,
				2026-01-05 09:31:10, 2026-01-05 09:32:00, 2026-01-05 09:32:30,
				2026-01-05 09:33:15, 2026-01-05 09:33:15}'::timestamptz[],
			  '{1, 3, 5, 7, 9, 3, 4, 8}'::float8[], '1 minute', 'twa') AS t
	 JOIN resample('{2026-01-05 09:30:00, 2026-01-05 09:30:20, 2026-01-05 09:30:40,
					 2026-01-05 09:31:10, 2026-01-05 09:32:00, 2026-01-05 09:32:30,
					 2026-01-05 09:33:15, 2026-01-05 09:33:15}'::timestamptz[],
				   '{1, 3, 5, 7, 9, 3, 4, 8}'::float8[], '1 minute', 'twa_linear') AS l USING (bucket);

-- overflow: finite values whose weighted sum overflows, as core's float8
-- arithmetic raises; a bucket's last value is never weighed (locf)
SELECT * FROM resample('{2026-01-05 09:30:00, 2026-01-05 09:30:30}'::timestamptz[], '{1e308, 1e308}'::float8[],
					   '1 minute', 'twa');
SELECT * FROM resample('{2026-01-05 09:30:00, 2026-01-05 09:30:30}'::timestamptz[], '{1, 1e308}'::float8[],
					   '1 minute', 'twa');
SELECT * FROM resample('{2026-01-05 09:30:00, 2026-01-05 09:30:30}'::timestamptz[], '{1, 1e308}'::float8[],
					   '1 minute', 'twa_linear');
-- ... and one point per bucket weighs nothing
SELECT * FROM resample('{2026-01-05 09:30:00, 2026-01-05 09:31:30}'::timestamptz[], '{1e308, 1e308}'::float8[],
					   '1 minute', 'twa');
SELECT * FROM resample('{2026-01-05 09:30:00}'::timestamptz[], '{1}'::float8[], '1 minute', 'twa_locf');
