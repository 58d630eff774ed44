-- tvec, a time axis stored as delta-of-deltas: every value comes back as
-- the timestamptz[] it was made from (compared with core's array equality,
-- element by element, and as text), across the codec's block edges (1,024
-- delta-of-deltas a block, so 1,025, 1,026 and 1,027 times), at the ends of
-- timestamptz; every function of a time axis gives the same result with the
-- times as a tvec as with the timestamptz[]; a corrupt value raises XX001.
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;
SET extra_float_digits = 3;
SET TimeZone = 'UTC';

CREATE TABLE tv_src (name text, ts timestamptz[]);
INSERT INTO tv_src
SELECT 'irregular ' || n, array_agg('2026-01-05 09:30:00+00'::timestamptz + make_interval(secs => i * 1.3 + ((i * 7919) % 1000) / 1000.0) ORDER BY i)
FROM (VALUES (1), (2), (3), (1023), (1024), (1025), (1026), (1027), (2050), (100000)) AS s(n),
	 generate_series(1, n) AS i GROUP BY n;
INSERT INTO tv_src VALUES
	('empty', '{}'),
	('one', '{2026-01-05 09:30:00+00}'),
	('duplicates', '{2026-01-05 09:30:00, 2026-01-05 09:30:00, 2026-01-05 09:30:00, 2026-01-05 09:30:01, 2026-01-05 09:30:01}'),
	('decreasing', '{2026-01-05 09:30:03, 2026-01-05 09:30:02, 2026-01-05 09:30:01.5, 2020-01-01 00:00:00}'),
	('large gaps', '{4713-01-01 00:00:00 BC, 1970-01-01, 2026-01-05 09:30:00.000001, 294276-12-31 23:59:59.999999}'),
	('infinities', '{-infinity, infinity, -infinity, 2026-01-05, infinity, infinity}'),
	('lower bound', '{1999-12-31 23:59:59.999999}');
-- a regular grid: one second apart, a few bits a block
INSERT INTO tv_src
SELECT 'regular', array_agg(t ORDER BY t)
FROM generate_series('2026-01-05 00:00:00+00'::timestamptz, '2026-01-06 00:00:00+00', '1 second') AS t;

CREATE TABLE tv (name text, t tvec);
INSERT INTO tv SELECT name, ts FROM tv_src;		-- the assignment cast
SELECT s.name, cardinality(s.ts) AS n, length(v.t) AS length,
	   v.t::timestamptz[] = s.ts AS same,
	   v.t::text = s.ts::text AS same_text,
	   (SELECT bool_and(a = b) FROM unnest(v.t::timestamptz[], s.ts) AS u(a, b)) AS each_equal,
	   pg_column_size(v.t) < pg_column_size(s.ts) OR cardinality(s.ts) < 10 AS smaller
FROM tv_src s JOIN tv v USING (name) ORDER BY n, s.name;

-- text forms: timestamptz[]'s, and input through timestamptz's input
SELECT t FROM tv WHERE name IN ('infinities', 'one', 'empty', 'decreasing') ORDER BY name;
SELECT '{2026-01-05 09:30:00+02, "2026-01-05 09:30:00.5+00", epoch}'::tvec;
SELECT length('{}'::tvec), tvec_bits_per_time('{}'::tvec) IS NULL AS empty_bits;
-- bits per time: a regular grid takes a small fraction of the 64 of a timestamptz
SELECT name, round(tvec_bits_per_time(t)::numeric, 2) AS bits FROM tv
WHERE name IN ('regular', 'irregular 100000') ORDER BY name;

-- binary form: the count, then the times as timestamptz_send sends them
SELECT name, tvec_send(t) = (int4send(cardinality(ts)) || coalesce((SELECT string_agg(timestamptz_send(x), ''::bytea ORDER BY o) FROM unnest(ts) WITH ORDINALITY AS u(x, o)), ''::bytea)) AS send_as_core
FROM tv JOIN tv_src USING (name) WHERE cardinality(ts) < 5000 ORDER BY name;
\getenv abs_builddir PG_ABS_BUILDDIR
SELECT set_config('tvec_test.dir', :'abs_builddir' || '/results', false) IS NOT NULL AS dir_set;
CREATE TABLE tv_bin (name text, t tvec);
CREATE FUNCTION pg_temp.copy_round_trip() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	path text := current_setting('tvec_test.dir') || '/tvec_copy.bin';
BEGIN
	EXECUTE format('COPY tv TO %L (FORMAT binary)', path);
	EXECUTE format('COPY tv_bin FROM %L (FORMAT binary)', path);
END $$;
SELECT pg_temp.copy_round_trip();
SELECT count(*) AS rows, bool_and(b.t::timestamptz[] = s.ts) AS same
FROM tv_bin b JOIN tv_src s USING (name);
-- tvec_recv checks its message: a count the bytes do not hold, bytes left over
CREATE TEMP TABLE recv_t (t tvec);
CREATE FUNCTION pg_temp.recv(payload bytea) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	path text := current_setting('tvec_test.dir') || '/tvec_recv.bin';
BEGIN
	EXECUTE format('COPY (SELECT %L::bytea) TO %L (FORMAT binary)', payload, path);
	DELETE FROM recv_t;
	EXECUTE format('COPY recv_t FROM %L (FORMAT binary)', path);
	RETURN (SELECT t::text FROM recv_t);
EXCEPTION WHEN OTHERS THEN
	RETURN SQLSTATE || ': ' || SQLERRM;
END $$;
SELECT pg_temp.recv(int4send(1) || int8send(0)) AS one_time,
	   pg_temp.recv(int4send(2) || int8send(0)) AS short,
	   pg_temp.recv(int4send(-1)) AS negative,
	   pg_temp.recv(int4send(0) || '\x00'::bytea) AS left_over;

-- bad input: NULL elements, two dimensions
SELECT '{2026-01-05, NULL}'::tvec;
SELECT ARRAY['2026-01-05'::timestamptz, NULL, NULL]::tvec;
SELECT '{{2026-01-05},{2026-01-06}}'::tvec;
SELECT 'nonsense'::tvec;

-- ALTER COLUMN ... TYPE tvec USING ts::tvec: stored EXTERNAL, never pglz
CREATE TABLE tv_alter AS SELECT * FROM tv_src;
ALTER TABLE tv_alter ALTER COLUMN ts TYPE tvec USING ts::tvec;
SELECT a.name, pg_typeof(a.ts) AS type, a.ts::timestamptz[] = s.ts AS same
FROM tv_alter a JOIN tv_src s USING (name) WHERE s.name IN ('one', 'irregular 1025') ORDER BY a.name;
SELECT attstorage FROM pg_attribute WHERE attrelid = 'tv_alter'::regclass AND attname = 'ts';

-- every function of a time axis: the same result with the times as a tvec
CREATE TABLE tv_series AS
SELECT name, ts, ts::tvec AS t,
	   (SELECT array_agg(((o * 13) % 41 - 20) * 0.25 ORDER BY o) FROM generate_series(1, cardinality(ts)) AS o)::float8[] AS v
FROM tv_src WHERE name IN ('irregular 2050', 'duplicates', 'regular', 'one');
SELECT name,
	   rolling_mean(v, t, '5 minutes') = rolling_mean(v, ts, '5 minutes') AS mean,
	   rolling_sum(v::nvec, t, '1 minute', 2) = rolling_sum(v::nvec, ts, '1 minute', 2) AS sum_nvec,
	   rolling_stddev(v, t, '30 seconds') = rolling_stddev(v, ts, '30 seconds') AS stddev,
	   rolling_min(v, t, '1 minute') = rolling_min(v, ts, '1 minute') AS min,
	   rolling_max(v, t, '1 minute') = rolling_max(v, ts, '1 minute') AS max,
	   rolling_count(v, t, '1 minute') = rolling_count(v, ts, '1 minute') AS count,
	   rolling_median(v, t, '1 minute') = rolling_median(v, ts, '1 minute') AS median,
	   rolling_quantile(v, t, '1 minute', 0.25) = rolling_quantile(v, ts, '1 minute', 0.25) AS quantile,
	   time_weighted_avg(t, v) = time_weighted_avg(ts, v) AS twa,
	   ema(v, t, '1 minute') = ema(v, ts, '1 minute') AS ema,
	   asof(t, v, t) = asof(ts, v, ts) AS asof,
	   asof(t, v, ts, '1 second') = asof(ts, v, ts, '1 second') AS asof_tolerance,
	   (SELECT array_agg(b ORDER BY b.bucket) FROM resample(t, v, '1 minute', 'mean') b) =
	   (SELECT array_agg(b ORDER BY b.bucket) FROM resample(ts, v, '1 minute', 'mean') b) AS resample,
	   (SELECT array_agg(b ORDER BY b.bucket) FROM resample_ohlc(t, v, '1 minute', fill => 'locf') b) =
	   (SELECT array_agg(b ORDER BY b.bucket) FROM resample_ohlc(ts, v, '1 minute', fill => 'locf') b) AS ohlc,
	   resample_vectors(t, v, '1 minute', 'twa') = resample_vectors(ts, v, '1 minute', 'twa') AS vectors,
	   resample_ohlc_vectors(t, v::nvec, '1 minute') = resample_ohlc_vectors(ts, v::nvec, '1 minute') AS ohlc_vectors
FROM tv_series ORDER BY name;
-- the time axis's own checks hold for a tvec as they do for its array
SELECT rolling_mean('{1,2,3}'::float8[], t, '1 minute') FROM tv WHERE name = 'decreasing';
SELECT rolling_mean('{1,2,3,4,5,6}'::float8[], t, '1 minute') FROM tv WHERE name = 'infinities';

-- corruption: a value cut short or with one byte altered raises XX001
-- (bytea's binary output function returns its argument's bytes: the bytes
-- of a tvec, unchecked, and back; a superuser's tool only)
CREATE FUNCTION pg_temp.raw_tvec(bytea) RETURNS tvec
	LANGUAGE internal IMMUTABLE STRICT AS 'byteasend';
CREATE FUNCTION pg_temp.tvec_bytes(tvec) RETURNS bytea
	LANGUAGE internal IMMUTABLE STRICT AS 'byteasend';
CREATE FUNCTION pg_temp.try(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	r text;
BEGIN
	EXECUTE q INTO r;
	RETURN coalesce(r, 'null');
EXCEPTION WHEN OTHERS THEN
	RETURN SQLSTATE || ': ' || SQLERRM;
END $$;
CREATE TEMP TABLE good AS SELECT pg_temp.tvec_bytes(t) AS b FROM tv WHERE name = 'irregular 2050';
SELECT length(b) AS bytes FROM good;
-- the raw bytes read back are the same value
SELECT pg_temp.raw_tvec(b)::timestamptz[] = ts AS raw_same FROM good, tv_src WHERE name = 'irregular 2050';
-- every cut and every altered byte, read by each reader: always XX001
SELECT count(*) AS cases,
	   count(*) FILTER (WHERE r LIKE 'XX001: corrupted tvec') AS xx001
FROM good, generate_series(0, length(good.b) - 1) AS pos,
	 LATERAL (VALUES
		(pg_temp.try(format('SELECT pg_temp.raw_tvec(%L::bytea)::timestamptz[]::text', substr(b, 1, pos)))),
		(pg_temp.try(format('SELECT pg_temp.raw_tvec(%L::bytea)::timestamptz[]::text', set_byte(b, pos, get_byte(b, pos) # 1)))),
		(pg_temp.try(format('SELECT pg_temp.raw_tvec(%L::bytea)::text', set_byte(b, pos, get_byte(b, pos) # 128))))
	 ) AS c(r);

SELECT pg_temp.try(format('SELECT rolling_mean(%L::float8[], pg_temp.raw_tvec(%L::bytea), %L)', '{1,2,3}', set_byte(b, 40, get_byte(b, 40) # 1), '1 minute')) AS rolling,
	   pg_temp.try(format('SELECT length(pg_temp.raw_tvec(%L::bytea))', substr(b, 1, 20))) AS length_short,
	   pg_temp.try(format('SELECT tvec_send(pg_temp.raw_tvec(%L::bytea))', set_byte(b, 0, 2))) AS send_version
FROM good;
SELECT pg_temp.raw_tvec(set_byte(b, 100, get_byte(b, 100) # 4)) FROM good;

DROP TABLE tv_src, tv, tv_bin, tv_alter, tv_series;
