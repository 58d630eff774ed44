-- resample(ts, v, stride, how [, origin [, fill]]) and resample_ohlc:
-- against date_bin and GROUP BY over the rows of the series, the empty
-- buckets from generate_series, locf and linear fill written in plain SQL.
-- Values are multiples of 1/4, so sums and means are exact and every
-- value is compared bit for bit (any NaN the same as any other).
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;
SET extra_float_digits = 3;
SET TimeZone = 'UTC';

CREATE FUNCTION r_same(a float8, b float8) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
	SELECT float8send(a) IS NOT DISTINCT FROM float8send(b) OR (a = 'NaN' AND b = 'NaN')
$$;

-- ticks: irregular, equal times, a gap of 7 minutes (empty buckets), NULL,
-- NaN and infinities, a bucket of NULLs only
CREATE TABLE rrow AS
SELECT i AS o,
	   '2026-01-05 09:30:00+00'::timestamptz +
	   make_interval(secs => sum(CASE WHEN i = 150 THEN 420 ELSE (i * 7) % 5 * 0.75 END) OVER (ORDER BY i)) AS ts,
	   CASE WHEN i BETWEEN 200 AND 215 THEN NULL
			WHEN i % 23 = 0 THEN NULL WHEN i % 61 = 0 THEN 'NaN' WHEN i % 67 = 0 THEN 'Infinity'
			WHEN i % 71 = 0 THEN '-Infinity' ELSE ((i * 13) % 41 - 20) * 0.25 END AS x
FROM generate_series(1, 300) AS i;
CREATE TABLE rser AS
SELECT array_agg(ts ORDER BY o) AS ts, array_agg(x ORDER BY o) AS v FROM rrow;

CREATE TABLE rcase AS
SELECT stride, origin
FROM (VALUES ('1 minute'::interval, '1970-01-01 00:00:00+00'::timestamptz),
			 ('15 seconds', '2026-01-05 09:30:07+00'),
			 ('1 second', '1970-01-01 00:00:00+00'),
			 ('1 hour', '2026-01-05 00:20:00+00')) AS c(stride, origin);

-- the reference: every bucket, and the aggregates of its rows
CREATE TABLE rref AS
WITH agg AS (
	SELECT c.stride, c.origin, date_bin(c.stride, r.ts, c.origin) AS bucket,
		   (array_agg(x ORDER BY o) FILTER (WHERE x IS NOT NULL))[1] AS first,
		   (array_agg(x ORDER BY o DESC) FILTER (WHERE x IS NOT NULL))[1] AS last,
		   min(x) AS min, max(x) AS max, sum(x) AS sum, avg(x) AS mean, count(x) AS count
	FROM rcase c, rrow r GROUP BY 1, 2, 3
), grid AS (
	SELECT c.stride, c.origin, g.bucket, g.k
	FROM rcase c,
		 LATERAL (SELECT min(date_bin(c.stride, ts, c.origin)) AS b0,
						 max(date_bin(c.stride, ts, c.origin)) AS b1 FROM rrow) m,
		 LATERAL generate_series(m.b0, m.b1, c.stride) WITH ORDINALITY AS g(bucket, k)
)
SELECT g.stride, g.origin, g.k, g.bucket, h.how,
	   CASE h.how WHEN 'first' THEN a.first WHEN 'last' THEN a.last WHEN 'min' THEN a.min
				  WHEN 'max' THEN a.max WHEN 'sum' THEN a.sum WHEN 'mean' THEN a.mean
				  ELSE coalesce(a.count, 0) END AS value
FROM grid g LEFT JOIN agg a USING (stride, origin, bucket),
	 unnest(ARRAY['first', 'last', 'min', 'max', 'sum', 'mean', 'count']) AS h(how);
-- fills: locf, the last value before; linear, between the values around
-- (found through an index on the buckets with a value)
CREATE INDEX rref_value ON rref (stride, origin, how, k) WHERE value IS NOT NULL;
ANALYZE rref;
CREATE TABLE rfill AS
SELECT r.*, f.fill,
	   CASE WHEN r.value IS NOT NULL OR f.fill = 'null' OR r.how = 'count' THEN r.value
			WHEN f.fill = 'locf' THEN p.value
			WHEN p.value IS NOT NULL AND n.value IS NOT NULL
			THEN p.value + (n.value - p.value) * ((r.k - p.k)::float8 / (n.k - p.k)::float8) END AS filled
FROM rref r
	 CROSS JOIN (VALUES ('null'), ('locf'), ('linear')) AS f(fill)
	 LEFT JOIN LATERAL (SELECT k, value FROM rref p WHERE (p.stride, p.origin, p.how) = (r.stride, r.origin, r.how)
						AND p.k < r.k AND p.value IS NOT NULL ORDER BY p.k DESC LIMIT 1) p ON true
	 LEFT JOIN LATERAL (SELECT k, value FROM rref n WHERE (n.stride, n.origin, n.how) = (r.stride, r.origin, r.how)
						AND n.k > r.k AND n.value IS NOT NULL ORDER BY n.k LIMIT 1) n ON true;

CREATE TABLE rgot AS
SELECT c.stride, c.origin, h.how, f.fill, g.k, g.bucket, g.value
FROM rser s, rcase c,
	 unnest(ARRAY['first', 'last', 'min', 'max', 'sum', 'mean', 'count']) AS h(how),
	 unnest(ARRAY['null', 'locf', 'linear']) AS f(fill),
	 LATERAL resample(s.ts, s.v, c.stride, h.how, c.origin, f.fill) WITH ORDINALITY AS g(bucket, value, k);
CREATE INDEX rgot_bucket ON rgot (how, fill, stride, bucket);
ANALYZE rgot;
SELECT c.stride, count(DISTINCT r.k) AS buckets,
	   count(DISTINCT r.k) FILTER (WHERE r.how = 'count' AND r.value = 0) AS empty,
	   count(*) AS compared,
	   count(*) FILTER (WHERE g.bucket IS DISTINCT FROM r.bucket OR NOT r_same(g.value, r.filled)) AS bad
FROM rcase c JOIN rfill r USING (stride, origin)
	 FULL JOIN rgot g USING (stride, origin, how, fill, k)
GROUP BY c.stride ORDER BY c.stride;
SELECT count(*) FILTER (WHERE value = 'NaN') AS nan, count(*) FILTER (WHERE value IN ('Infinity', '-Infinity')) AS inf,
	   count(*) FILTER (WHERE value IS NULL) AS null_buckets
FROM rgot;
-- fill 'none' leaves out the buckets without a present value
SELECT how, count(*) AS rows,
	   count(*) = (SELECT count(*) FROM rref r WHERE r.stride = '1 minute' AND r.how = h.how
				   AND (CASE WHEN h.how = 'count' THEN r.value <> 0 ELSE r.value IS NOT NULL END)) AS as_reference
FROM rser s, unnest(ARRAY['first', 'sum', 'count']) AS h(how),
	 LATERAL resample(s.ts, s.v, '1 minute', h.how, fill => 'none')
GROUP BY how ORDER BY how;

-- OHLC: first, max, min, last of each bucket; locf makes empty bars flat
-- at the close before
CREATE TABLE rohlc AS
SELECT c.stride, f.fill, g.*
FROM rser s, rcase c, unnest(ARRAY['null', 'locf']) AS f(fill),
	 LATERAL resample_ohlc(s.ts, s.v, c.stride, c.origin, f.fill) AS g;
CREATE INDEX rohlc_bar ON rohlc (stride, fill, bucket);
ANALYZE rohlc;
SELECT o.stride, o.fill, count(*) AS bars,
	   count(*) FILTER (WHERE NOT (r_same(o.open, fo.value) AND r_same(o.high, fh.value)
								   AND r_same(o.low, fl.value) AND r_same(o.close, fc.value))) AS bad
FROM rohlc o
	 JOIN rcase c USING (stride)
	 JOIN (SELECT stride, fill, bucket, value FROM rgot WHERE how = 'first') fo USING (stride, fill, bucket)
	 JOIN (SELECT stride, fill, bucket, value FROM rgot WHERE how = 'max') fh USING (stride, fill, bucket)
	 JOIN (SELECT stride, fill, bucket, value FROM rgot WHERE how = 'min') fl USING (stride, fill, bucket)
	 JOIN (SELECT stride, fill, bucket, value FROM rgot WHERE how = 'last') fc USING (stride, fill, bucket)
WHERE o.fill = 'null'
GROUP BY o.stride, o.fill ORDER BY o.stride;
-- locf bars: where a bar is empty, all four are the close of the bar before
SELECT stride, count(*) FILTER (WHERE o.open IS NULL) AS empty_null,
	   count(*) FILTER (WHERE o.open IS NULL AND l.open IS NOT NULL) AS filled,
	   count(*) FILTER (WHERE l.open IS DISTINCT FROM o.open AND NOT
						(l.open = l.high AND l.high = l.low AND l.low = l.close
						 AND r_same(l.close, (SELECT p.close FROM rohlc p WHERE p.stride = l.stride
											  AND p.fill = 'locf' AND p.bucket < l.bucket
											  ORDER BY p.bucket DESC LIMIT 1)))) AS locf_bad
FROM rohlc o JOIN rohlc l USING (stride, bucket)
WHERE o.fill = 'null' AND l.fill = 'locf'
GROUP BY stride ORDER BY stride;

-- nvec, plain and compressed, gives the float8[] rows
SELECT (SELECT array_agg(value) FROM resample(ts, v::nvec, '15 seconds', 'mean', fill => 'linear'))::text
		 = (SELECT array_agg(value) FROM resample(ts, v, '15 seconds', 'mean', fill => 'linear'))::text AS nvec_same,
	   (SELECT array_agg(o) FROM resample_ohlc(ts, nvec_compress(v::nvec), '1 minute') o)::text
		 = (SELECT array_agg(o) FROM resample_ohlc(ts, v, '1 minute') o)::text AS compressed_same
FROM rser;

-- small cases, as shown in docs/time.md
SELECT * FROM resample('{2026-01-05 09:30:10, 2026-01-05 09:30:50, 2026-01-05 09:33:05}'::timestamptz[],
					   '{1, 3, 7}'::float8[], '1 minute', 'mean', fill => 'linear');
SELECT * FROM resample_ohlc('{2026-01-05 09:30:10, 2026-01-05 09:30:50, 2026-01-05 09:32:05}'::timestamptz[],
							'{10, 12, 11}'::float8[], '1 minute', fill => 'locf');
SELECT * FROM resample('{}'::timestamptz[], '{}'::float8[], '1 minute', 'sum');
-- before the origin: buckets as date_bin places them
SELECT bucket, bucket = date_bin('10 minutes', '2026-01-05 09:30:00+00', '2026-01-05 09:35:00+00') AS as_date_bin
FROM resample('{2026-01-05 09:30:00}'::timestamptz[], '{1}'::float8[], '10 minutes', 'count', '2026-01-05 09:35:00+00');
-- ... and on a bucket's start before the origin: that bucket itself, as
-- date_bin places it on the released servers (16beta2's date_bin put it one
-- stride earlier), so the expected start is written out
SELECT bucket, bucket = '2026-01-05 09:25:00+00'::timestamptz AS own_start
FROM resample('{2026-01-05 09:25:00}'::timestamptz[], '{1}'::float8[], '10 minutes', 'count', '2026-01-05 09:35:00+00');

-- errors
SELECT * FROM resample('{2026-01-05 09:30:00}'::timestamptz[], '{1}'::float8[], '1 minute', 'median');
SELECT * FROM resample('{2026-01-05 09:30:00}'::timestamptz[], '{1}'::float8[], '1 minute', 'sum', fill => 'nearest');
SELECT * FROM resample_ohlc('{2026-01-05 09:30:00}'::timestamptz[], '{1}'::float8[], '1 minute', fill => 'linear');
SELECT * FROM resample('{2026-01-05 09:30:00}'::timestamptz[], '{1}'::float8[], '1 month', 'sum');
SELECT * FROM resample('{2026-01-05 09:30:00}'::timestamptz[], '{1}'::float8[], '1 minute', 'sum', 'infinity');
SELECT * FROM resample('{2026-01-05 09:30:00, 2026-01-05 09:29:00}'::timestamptz[], '{1, 2}'::float8[], '1 minute', 'sum');
SELECT * FROM resample('{2000-01-01 00:00:00, 2026-01-05 09:29:00}'::timestamptz[], '{1, 2}'::float8[], '1 microsecond', 'sum');
