-- resample_vectors and resample_ohlc_vectors: the rows of resample and
-- resample_ohlc as one row of vectors.  The reference is the row forms
-- (sql/series_time_resample.sql checks those against date_bin and GROUP
-- BY): every bucket and value, in order, bit for bit (any NaN the same as
-- any other), for every how and fill, over irregular ticks with gaps,
-- NULLs, NaN and infinities, origins before, inside and after the data.
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;
SET extra_float_digits = 3;
SET TimeZone = 'UTC';

CREATE FUNCTION rv_same(a float8, b float8) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
	SELECT float8send(a) IS NOT DISTINCT FROM float8send(b) OR (a = 'NaN' AND b = 'NaN')
$$;

-- ticks: irregular, equal times, a gap of 7 minutes, NULLs (a bucket of
-- NULLs only), NaN, infinities, -0
CREATE TABLE rv_ser AS
SELECT array_agg(ts ORDER BY o) AS ts, array_agg(x ORDER BY o) AS v
FROM (SELECT i AS o,
			 '2026-01-05 09:30:00+00'::timestamptz +
			 make_interval(secs => sum(CASE WHEN i = 150 THEN 420 ELSE (i * 7) % 5 * 0.75 END) OVER (ORDER BY i)) AS ts,
			 CASE WHEN i BETWEEN 200 AND 215 THEN NULL
				  WHEN i % 23 = 0 THEN NULL WHEN i % 61 = 0 THEN 'NaN' WHEN i % 67 = 0 THEN 'Infinity'
				  WHEN i % 71 = 0 THEN '-Infinity' WHEN i % 37 = 0 THEN '-0'
				  ELSE ((i * 13) % 41 - 20) * 0.25 END AS x
	  FROM generate_series(1, 300) AS i) r;
-- strides and origins: the epoch, inside the data, after it, before it
CREATE TABLE rv_case AS
SELECT stride, origin
FROM (VALUES ('1 minute'::interval, '1970-01-01 00:00:00+00'::timestamptz),
			 ('15 seconds', '2026-01-05 09:30:07+00'),
			 ('1 second', '2030-01-01 00:00:00.5+00'),
			 ('1 hour', '2020-01-05 00:20:00+00')) AS c(stride, origin);
CREATE TABLE rv_how AS
SELECT unnest(ARRAY['first', 'last', 'min', 'max', 'sum', 'mean', 'count', 'twa', 'twa_linear']) AS how;
CREATE TABLE rv_fill AS SELECT unnest(ARRAY['null', 'locf', 'linear', 'none']) AS fill;

CREATE TABLE rv_rows AS
SELECT c.stride, c.origin, h.how, f.fill, g.k, g.bucket, g.value
FROM rv_ser s, rv_case c, rv_how h, rv_fill f,
	 LATERAL resample(s.ts, s.v, c.stride, h.how, c.origin, f.fill) WITH ORDINALITY AS g(bucket, value, k);
CREATE TABLE rv_vecs AS
SELECT c.stride, c.origin, h.how, f.fill, r.bucket, r.value,
	   (resample_vectors(s.ts, s.v::nvec, c.stride, h.how, c.origin, f.fill)).value AS nv,
	   (resample_vectors(s.ts, nvec_compress(s.v::nvec), c.stride, h.how, c.origin, f.fill)).value AS cv
FROM rv_ser s, rv_case c, rv_how h, rv_fill f,
	 LATERAL resample_vectors(s.ts, s.v, c.stride, h.how, c.origin, f.fill) AS r;

-- every bucket and value of the rows, in order, and nothing else
SELECT v.stride, count(*) AS compared,
	   count(*) FILTER (WHERE u.bucket IS DISTINCT FROM g.bucket OR NOT rv_same(u.value, g.value)) AS bad,
	   count(*) FILTER (WHERE g.value IS NULL) AS null_values
FROM rv_vecs v
	 CROSS JOIN LATERAL unnest(v.bucket, v.value) WITH ORDINALITY AS u(bucket, value, k)
	 FULL JOIN rv_rows g USING (stride, origin, how, fill, k)
GROUP BY v.stride ORDER BY v.stride;
SELECT count(*) AS calls,
	   count(*) FILTER (WHERE cardinality(bucket) IS DISTINCT FROM cardinality(value)) AS ragged,
	   count(*) FILTER (WHERE nv::float8[]::text IS DISTINCT FROM value::text) AS nvec_differs,
	   count(*) FILTER (WHERE cv::float8[]::text IS DISTINCT FROM value::text) AS compressed_differs,
	   count(*) FILTER (WHERE fill = 'none' AND array_position(value, NULL) IS NOT NULL) AS none_with_null,
	   count(*) FILTER (WHERE array_position(value, NULL) IS NOT NULL) AS with_null
FROM rv_vecs;
-- the NULL elements of an nvec are where the rows have NULL
SELECT count(*) FILTER (WHERE (v.nv)[u.k] IS NOT NULL) AS present,
	   count(*) FILTER (WHERE (v.nv)[u.k] IS NULL) AS null_elements,
	   count(*) FILTER (WHERE ((v.nv)[u.k] IS NULL) <> (u.value IS NULL)) AS bad
FROM rv_vecs v CROSS JOIN LATERAL unnest(v.value) WITH ORDINALITY AS u(value, k)
WHERE v.stride = '15 seconds';

-- OHLC: the bars of resample_ohlc, in order, over float8[], nvec and
-- nvec(compressed)
CREATE TABLE rv_bars AS
SELECT c.stride, c.origin, f.fill, b.*,
	   (SELECT row(x.open, x.high, x.low, x.close)::text
		FROM resample_ohlc_vectors(s.ts, s.v::nvec, c.stride, c.origin, f.fill) x) AS nv,
	   (SELECT row(x.open, x.high, x.low, x.close)::text
		FROM resample_ohlc_vectors(s.ts, nvec_compress(s.v::nvec), c.stride, c.origin, f.fill) x) AS cv
FROM rv_ser s, rv_case c, unnest(ARRAY['null', 'locf']) AS f(fill),
	 LATERAL resample_ohlc_vectors(s.ts, s.v, c.stride, c.origin, f.fill) AS b;
CREATE TABLE rv_bar_rows AS
SELECT c.stride, f.fill, g.*
FROM rv_ser s, rv_case c, unnest(ARRAY['null', 'locf']) AS f(fill),
	 LATERAL resample_ohlc(s.ts, s.v, c.stride, c.origin, f.fill) WITH ORDINALITY AS g(bucket, open, high, low, close, k);
SELECT b.stride, b.fill, count(*) AS bars,
	   count(*) FILTER (WHERE u.bucket IS DISTINCT FROM g.bucket
						OR NOT (rv_same(u.open, g.open) AND rv_same(u.high, g.high)
								AND rv_same(u.low, g.low) AND rv_same(u.close, g.close))) AS bad,
	   count(*) FILTER (WHERE g.open IS NULL) AS null_bars
FROM rv_bars b
	 CROSS JOIN LATERAL unnest(b.bucket, b.open, b.high, b.low, b.close) WITH ORDINALITY AS u(bucket, open, high, low, close, k)
	 FULL JOIN rv_bar_rows g USING (stride, fill, k)
GROUP BY b.stride, b.fill ORDER BY b.stride, b.fill;
SELECT count(*) AS calls,
	   count(*) FILTER (WHERE nv IS DISTINCT FROM row(open::text, high::text, low::text, close::text)::text) AS nvec_differs,
	   count(*) FILTER (WHERE cv IS DISTINCT FROM nv) AS compressed_differs
FROM rv_bars;

-- one element; no elements; the types of the results
SELECT * FROM resample_vectors('{2026-01-05 09:30:10}'::timestamptz[], '{2.5}'::float8[], '1 minute', 'twa');
SELECT * FROM resample_vectors('{2026-01-05 09:30:10}'::timestamptz[], '{2.5}'::nvec, '1 minute', 'sum', fill => 'none');
SELECT * FROM resample_ohlc_vectors('{2026-01-05 09:30:10}'::timestamptz[], '{NULL}'::float8[], '1 minute');
SELECT * FROM resample_vectors('{}'::timestamptz[], '{}'::float8[], '1 minute', 'sum');
SELECT * FROM resample_ohlc_vectors('{}'::timestamptz[], '{}'::nvec, '1 minute');
SELECT pg_typeof(bucket), pg_typeof(open), pg_typeof(close)
FROM resample_ohlc_vectors('{2026-01-05 09:30:10}'::timestamptz[], '{1}'::nvec, '1 minute');
-- bars summed with elementwise work, as the rows give them (values in
-- quarters: the sums are exact)
SELECT (SELECT vsum(b.open + b.high + b.low + b.close)
		FROM resample_ohlc_vectors(ts, v::nvec, '1 minute', fill => 'locf') b) AS nvec_sum,
	   (SELECT vsum(b.open + b.high + b.low + b.close)
		FROM resample_ohlc_vectors(ts, v, '1 minute', fill => 'locf') b) AS float8arr_sum,
	   (SELECT sum(open + high + low + close)
		FROM resample_ohlc(ts, v, '1 minute', fill => 'locf')) AS rows_sum
FROM (SELECT ts, (SELECT array_agg(((i * 13) % 41 - 20) * 0.25 ORDER BY i) FROM generate_series(1, 300) AS i) AS v
	  FROM rv_ser) s;

-- errors: the row forms' own
SELECT * FROM resample_vectors('{2026-01-05 09:30:00}'::timestamptz[], '{1}'::float8[], '1 minute', 'median');
SELECT * FROM resample_ohlc_vectors('{2026-01-05 09:30:00}'::timestamptz[], '{1}'::nvec, '1 minute', fill => 'none');
SELECT * FROM resample_vectors('{2026-01-05 09:30:00, 2026-01-05 09:29:00}'::timestamptz[], '{1, 2}'::float8[], '1 minute', 'sum');
SELECT * FROM resample_ohlc_vectors('{2026-01-05 09:30:00}'::timestamptz[], '{1}'::float8[], '1 minute', 'infinity');
SELECT * FROM resample_vectors('{2026-01-05 09:30:00}'::timestamptz[], '{1, 2}'::nvec, '1 minute', 'sum');
