SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;
\set SHOW_CONTEXT never

-- the wire format: flags, len, nnulls, validity words (only with NULLs), values
SELECT nvec_send('{}'::nvec);
SELECT nvec_send('{1.5,-0}'::nvec);
SELECT nvec_send('{1,NULL,NaN}'::nvec);

-- nvec_recv through COPY ... (FORMAT binary), via files under results/ as
-- core's own COPY tests do: COPY ... TO (FORMAT binary) of a bytea writes
-- its bytes as one field, which COPY ... FROM then reads as an nvec
\getenv abs_builddir PG_ABS_BUILDDIR
SELECT set_config('nvec_test.dir', :'abs_builddir' || '/results', false) IS NOT NULL AS dir_set;
CREATE TEMP TABLE recv_t (v nvec);
CREATE FUNCTION pg_temp.recv(payload bytea) RETURNS nvec LANGUAGE plpgsql AS $$
DECLARE
	path text := current_setting('nvec_test.dir') || '/nvec_recv.bin';
	r nvec;
BEGIN
	EXECUTE format('COPY (SELECT %L::bytea) TO %L (FORMAT binary)', payload, path);
	DELETE FROM recv_t;
	EXECUTE format('COPY recv_t FROM %L (FORMAT binary)', path);
	SELECT v INTO r FROM recv_t;
	RETURN r;
END $$;

-- what nvec_send writes, nvec_recv reads back bit for bit
SELECT v, pg_temp.recv(nvec_send(v)) = v AS same, nvec_send(pg_temp.recv(nvec_send(v))) = nvec_send(v) AS same_bytes
FROM (VALUES ('{}'::nvec), ('{NULL}'), ('{1.5,NULL,-3,NaN,Infinity,-Infinity,-0,5e-324,-2.225073858507201e-308}')) AS t(v);
-- a NULL element's value is ignored on receipt and stored as +0
SELECT v, nvec_send(v) FROM (SELECT pg_temp.recv(int4send(0) || int4send(2) || int4send(1) || int8send(1)
	|| float8send(1) || float8send('-Infinity')) AS v) s;

-- 65 elements: the last one, alone in the second word, NULL
SELECT length(v), null_count(v), v[64], v[65] FROM (SELECT pg_temp.recv(int4send(0) || int4send(65) || int4send(1)
	|| int8send(-1) || int8send(0) || decode(repeat('3ff0000000000000', 65), 'hex')) AS v) s;

-- whole tables through COPY TO / COPY FROM (FORMAT binary), NULLs at word boundaries
CREATE TEMP TABLE src (n int, v nvec, va nvec[]);
INSERT INTO src
SELECT n, nvec_agg(CASE WHEN i IN (1, 63, 64, 65, 127, 128, 129) THEN NULL
						WHEN i % 5 = 0 THEN '-0' WHEN i % 7 = 0 THEN 'NaN'
						WHEN i % 11 = 0 THEN (-1) ^ i * 'Infinity'::float8
						ELSE i * 1e-310 END ORDER BY i),
	   ARRAY[nvec_agg(i ORDER BY i), NULL, '{NULL}'::nvec]
FROM generate_series(0, 200) AS n LEFT JOIN generate_series(1, 200) AS i ON i <= n
GROUP BY n;
INSERT INTO src VALUES (-1, NULL, NULL);
DO $$
BEGIN
	EXECUTE format('COPY src TO %L (FORMAT binary)', current_setting('nvec_test.dir') || '/nvec_table.bin');
END $$;
CREATE TEMP TABLE dst (LIKE src);
DO $$
BEGIN
	EXECUTE format('COPY dst FROM %L (FORMAT binary)', current_setting('nvec_test.dir') || '/nvec_table.bin');
END $$;
SELECT count(*) AS rows,
	   count(*) FILTER (WHERE s.v IS NOT DISTINCT FROM d.v
						AND nvec_send(s.v) IS NOT DISTINCT FROM nvec_send(d.v)
						AND s.v::text IS NOT DISTINCT FROM d.v::text
						AND s.va::text IS NOT DISTINCT FROM d.va::text) AS same
FROM src s JOIN dst d USING (n);

-- NaN payloads and signs: text output writes every NaN as NaN, which reads
-- back as float8's one quiet NaN (7ff8000000000000), as core's float8 does,
-- so a text round trip (and text COPY, which pg_dump uses) canonicalises
-- them; the binary form (nvec_send, nvec_recv, binary COPY) keeps the bits
CREATE TEMP TABLE nan_src (v nvec);
INSERT INTO nan_src SELECT pg_temp.recv(int4send(0) || int4send(4) || int4send(0)
	|| '\x7ff8000000000123fff80000000000007ff00000000000013ff8000000000000'::bytea);
SELECT v FROM nan_src;
WITH r AS (SELECT v, pg_temp.recv(nvec_send(v)) AS b FROM nan_src)
SELECT i, encode(float8send(v[i]), 'hex') AS stored,
	   encode(float8send((v::text::nvec)[i]), 'hex') AS nvec_text,
	   encode(float8send(v[i]::text::float8), 'hex') AS float8_text,
	   encode(float8send(b[i]), 'hex') AS nvec_binary
FROM r, generate_series(1, 4) i ORDER BY i;
CREATE TEMP TABLE nan_text (LIKE nan_src);
CREATE TEMP TABLE nan_bin (LIKE nan_src);
DO $$
DECLARE
	path text := current_setting('nvec_test.dir') || '/nvec_nan';
BEGIN
	EXECUTE format('COPY nan_src TO %L', path || '.txt');
	EXECUTE format('COPY nan_text FROM %L', path || '.txt');
	EXECUTE format('COPY nan_src TO %L (FORMAT binary)', path || '.bin');
	EXECUTE format('COPY nan_bin FROM %L (FORMAT binary)', path || '.bin');
END $$;
SELECT 'text COPY' AS route, nvec_send(v) = nvec_send('{NaN,NaN,NaN,1.5}') AS canonical,
	   nvec_send(v) = (SELECT nvec_send(v) FROM nan_src) AS same_bits
FROM nan_text
UNION ALL
SELECT 'binary COPY', nvec_send(v) = nvec_send('{NaN,NaN,NaN,1.5}'),
	   nvec_send(v) = (SELECT nvec_send(v) FROM nan_src)
FROM nan_bin;

-- errors (each followed by its SQLSTATE)
-- short header
SELECT pg_temp.recv('\x0000000000000000'::bytea);  \echo :SQLSTATE
-- reserved flags not zero
SELECT pg_temp.recv(int4send(1) || int4send(0) || int4send(0));  \echo :SQLSTATE
-- negative length, length past the limit, null count out of range
SELECT pg_temp.recv(int4send(0) || int4send(-1) || int4send(0));  \echo :SQLSTATE
SELECT pg_temp.recv(int4send(0) || int4send(2147483647) || int4send(0));  \echo :SQLSTATE
SELECT pg_temp.recv(int4send(0) || int4send(1) || int4send(2) || int8send(0) || float8send(0));  \echo :SQLSTATE
SELECT pg_temp.recv(int4send(0) || int4send(1) || int4send(-1) || float8send(0));  \echo :SQLSTATE
-- fewer or more bytes than the header says
SELECT pg_temp.recv(int4send(0) || int4send(2) || int4send(0) || float8send(1));  \echo :SQLSTATE
SELECT pg_temp.recv(int4send(0) || int4send(1) || int4send(1) || float8send(1));  \echo :SQLSTATE
SELECT pg_temp.recv(int4send(0) || int4send(1) || int4send(0) || float8send(1) || '\x00'::bytea);  \echo :SQLSTATE
-- bitmap disagreeing with the null count, or with bits past the end
SELECT pg_temp.recv(int4send(0) || int4send(2) || int4send(1) || int8send(3) || float8send(1) || float8send(2));  \echo :SQLSTATE
SELECT pg_temp.recv(int4send(0) || int4send(2) || int4send(2) || int8send(1) || float8send(1) || float8send(2));  \echo :SQLSTATE
SELECT pg_temp.recv(int4send(0) || int4send(2) || int4send(1) || int8send(5) || float8send(1) || float8send(2));  \echo :SQLSTATE
SELECT pg_temp.recv(int4send(0) || int4send(65) || int4send(1) || int8send(-1) || int8send(-1) || decode(repeat('00', 520), 'hex'));  \echo :SQLSTATE
