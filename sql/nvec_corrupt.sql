SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- Corrupt nvec values: a bit flipped on disk, a value cut short, a header
-- that promises more than the datum holds.  Every reader checks a value
-- against its size before reading it and refuses one that does not hold
-- together with XX001 (data_corrupted): never a crash, a read past its end
-- or a number made of whatever lies beyond it.  A value stored out of line
-- and read in parts (an element, a slice) gives the answer, or the error,
-- of the same value read whole.
SELECT setseed(0.36);

-- The bytes of a datum as an nvec, unchecked, and back (bytea's binary
-- output function returns its argument's bytes; an internal-language
-- function, so a superuser's tool only)
CREATE FUNCTION pg_temp.raw_nvec(bytea) RETURNS nvec
	LANGUAGE internal IMMUTABLE STRICT AS 'byteasend';
CREATE FUNCTION pg_temp.nvec_bytes(nvec) RETURNS bytea
	LANGUAGE internal IMMUTABLE STRICT AS 'byteasend';

-- Run a query of one value: the value as text, or its SQLSTATE and message
CREATE FUNCTION pg_temp.try(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	r text;
BEGIN
	EXECUTE q INTO r;
	RETURN coalesce(r, 'null');
EXCEPTION WHEN OTHERS THEN
	RETURN SQLSTATE || ': ' || SQLERRM;
END $$;

-- A compressed value of 5,000 elements (160 bytes), and its bytes
CREATE TEMP TABLE good AS
SELECT nvec_compress(array_agg((i % 100)::float8 / 4 ORDER BY i)::nvec) AS c,
	   array_agg(CASE WHEN i % 7 = 0 THEN NULL ELSE i::float8 END ORDER BY i)::nvec AS p
FROM generate_series(1, 5000) i;
SELECT nvec_encoding(c), pg_column_size(c), length(c), null_count(p) FROM good;

-- The corrupt values (the first ones as found: a 12-byte value of flags 0 and
-- length 132,152,836; a compressed value whose flags word lost its bit)
CREATE TEMP TABLE bad (name text, v nvec);
INSERT INTO bad
SELECT 'plain header of 132152836 elements in 12 bytes',
	   pg_temp.raw_nvec('\x00000000047ee00700000000')
UNION ALL
SELECT 'a 4-byte value', pg_temp.raw_nvec('\x01000000')
UNION ALL
SELECT 'an empty value', pg_temp.raw_nvec('\x')
UNION ALL
SELECT 'compressed header of 2147483647 elements',
	   pg_temp.raw_nvec('\x01000000ffffff7f00000000')
UNION ALL
SELECT 'unknown encoding flags', pg_temp.raw_nvec('\x020000000100000000000000000000000000f03f')
UNION ALL
SELECT 'a compressed value with its flag cleared',
	   pg_temp.raw_nvec(set_byte(pg_temp.nvec_bytes(c), 0, 0)) FROM good
UNION ALL
SELECT 'negative length', pg_temp.raw_nvec('\x00000000ffffffff00000000')
UNION ALL
SELECT 'more NULLs than elements', pg_temp.raw_nvec('\x0000000001000000020000000000000000000000')
UNION ALL
SELECT 'plain, one byte short', pg_temp.raw_nvec(substr(pg_temp.nvec_bytes(p), 1, length(pg_temp.nvec_bytes(p)) - 1)) FROM good
UNION ALL
SELECT 'plain, one value past its length', pg_temp.raw_nvec('\x00000000010000000000000000000000000000000000f03f0000000000000040')
UNION ALL
SELECT 'plain, NULLs without a bitmap', pg_temp.raw_nvec('\x00000000010000000100000000000000000000000000f03f')
UNION ALL
SELECT 'plain, bitmap with one bit too many',
	   pg_temp.raw_nvec(set_bit(pg_temp.nvec_bytes(p), (length(pg_temp.nvec_bytes(p)) - 8 * 79) * 8 + 6, 1)) FROM good
UNION ALL
SELECT 'plain, a bit past the last element',
	   pg_temp.raw_nvec(set_bit(pg_temp.nvec_bytes(p), length(pg_temp.nvec_bytes(p)) * 8 - 1, 1)) FROM good
UNION ALL
SELECT 'compressed, cut short by 8 bytes',
	   pg_temp.raw_nvec(substr(pg_temp.nvec_bytes(c), 1, length(pg_temp.nvec_bytes(c)) - 8)) FROM good
UNION ALL
SELECT 'compressed, a bitmap bit cleared',
	   pg_temp.raw_nvec(set_bit(pg_temp.nvec_bytes(nvec_compress(p)), 12 * 8 + 1, 0)) FROM good;

-- Every reader that reads the values, on every corrupt value: the distinct
-- answers (each a refusal with XX001)
CREATE TEMP TABLE readers (expr text);
INSERT INTO readers VALUES
	('vsum(v)'), ('vmean(v)'), ('vmax(v)'), ('v[1]'), ('v[1500]'), ('v[2:3]'),
	('head(v, 2)'), ('tail(v, 2)'), ('v::text'), ('nvec_send(v)'), ('v = v'),
	('v < v'), ('nvec_hash(v)'), ('(SELECT count(*) FROM unnest(v))'),
	('vdot(v, v)'), ('vsum(v * 2.0 + 1.0)'), ('vsum(exp(v))'), ('v + v'),
	('v::float8[]'), ('nvec_compress(v)'), ('nvec_decompress(v)'),
	('v::nvec(compressed)'), ('rolling_mean(v, 3)'), ('cumsum(v)'),
	('ema(v, alpha => 0.5)'), ('shift(v, 1)'), ('diff(v)'), ('fill_forward(v)'),
	('vquantile(v, 0.5)'), ('fused_eval_nvec(''exp(v1)'', v)'),
	('fused_reduce(''1 of vsum(v1)'', v)');
SELECT b.name, count(*) AS readers,
	   string_agg(DISTINCT pg_temp.try(format('SELECT (%s)::text FROM bad WHERE name = %L', r.expr, b.name)), ' | ') AS answers
FROM bad b, readers r
GROUP BY b.name
ORDER BY b.name;

-- The readers of the header alone check it against the datum's size (O(1)):
-- they refuse what the header cannot hold, and answer when the header
-- holds but the bitmap or the blocks behind it do not (which the readers
-- of the values refuse)
SELECT b.name,
	   pg_temp.try(format('SELECT length(v)::text FROM bad WHERE name = %L', b.name)) AS length,
	   pg_temp.try(format('SELECT null_count(v)::text FROM bad WHERE name = %L', b.name)) AS null_count,
	   pg_temp.try(format('SELECT nvec_encoding(v) FROM bad WHERE name = %L', b.name)) AS encoding
FROM bad b
ORDER BY b.name;

-- The details name what does not hold together
\set VERBOSITY default
SELECT vsum(v) FROM bad WHERE name = 'plain header of 132152836 elements in 12 bytes';
SELECT length(v) FROM bad WHERE name = 'a 4-byte value';
SELECT length(v) FROM bad WHERE name = 'compressed header of 2147483647 elements';
SELECT v[1500] FROM bad WHERE name = 'a compressed value with its flag cleared';
SELECT vsum(v) FROM bad WHERE name = 'plain, bitmap with one bit too many';
SELECT nvec_encoding(v) FROM bad WHERE name = 'unknown encoding flags';
\set VERBOSITY terse

-- Out of line, read in parts.  Two values stored without TOAST compression
-- (STORAGE EXTERNAL), one compressed and one plain, both with NULLs; and
-- mutants of each: bytes overwritten in the header, the bitmap, the block
-- directory, the blocks or the values, and values cut short.  Each mutant,
-- read in parts from the external column and whole from memory, gives the
-- same answer or the same error.
CREATE TEMP TABLE src AS
SELECT 'compressed' AS kind,
	   pg_temp.nvec_bytes(nvec_compress(array_agg(CASE WHEN i % 11 = 0 THEN NULL ELSE round(random() * 1000) / 100 END ORDER BY i)::nvec)) AS b
FROM generate_series(1, 20000) i
UNION ALL
SELECT 'plain', pg_temp.nvec_bytes(array_agg(CASE WHEN i % 11 = 0 THEN NULL ELSE i / 8.0 END ORDER BY i)::nvec)
FROM generate_series(1, 3000) i;
SELECT kind, nvec_encoding(pg_temp.raw_nvec(b)), length(b) > 4000 AS out_of_line FROM src ORDER BY kind;

CREATE TEMP TABLE mutant (id int, kind text, b bytea);
-- header, bitmap and directory bytes (the first 400), anywhere, cut short
INSERT INTO mutant
SELECT row_number() OVER (), kind, m
FROM (SELECT kind,
			 CASE WHEN k % 5 = 4
				  THEN substr(b, 1, length(b) - 1 - floor(random() * 64)::int)
				  ELSE set_byte(b, CASE WHEN k % 5 < 3 THEN floor(random() * 400)::int
										ELSE floor(random() * length(b))::int END,
								floor(random() * 256)::int)
			 END AS m
	  FROM src, generate_series(1, 150) k) s;
INSERT INTO mutant SELECT 1000 + row_number() OVER (ORDER BY kind), kind, b FROM src;

CREATE TEMP TABLE ext (id int, v nvec);
ALTER TABLE ext ALTER COLUMN v SET STORAGE EXTERNAL;
INSERT INTO ext SELECT id, pg_temp.raw_nvec(b) FROM mutant;
-- every value stored out of line without compression (the path under test)
SELECT count(*) AS external FROM ext WHERE pg_column_size(v) = length(pg_temp.nvec_bytes(v));

CREATE TEMP TABLE part_readers (expr text);
INSERT INTO part_readers VALUES
	('v[5]'), ('v[1100]'), ('v[2999]'), ('v[100:140]'), ('head(v, 3)'),
	('tail(v, 3)'), ('length(v)'), ('null_count(v)'), ('nvec_encoding(v)');
CREATE TEMP TABLE compared AS
SELECT m.id, m.kind, r.expr,
	   pg_temp.try(format('SELECT (%s)::text FROM (SELECT pg_temp.raw_nvec(%L::bytea) AS v) s', r.expr, m.b)) AS whole,
	   pg_temp.try(format('SELECT (%s)::text FROM ext WHERE id = %s', r.expr, m.id)) AS parts
FROM mutant m, part_readers r;
-- no mutant reads differently in parts
SELECT id, kind, expr, whole, parts FROM compared WHERE whole IS DISTINCT FROM parts ORDER BY id, expr;
-- the mutants did reach the checks: answers and refusals of each kind
SELECT kind, count(*) FILTER (WHERE whole LIKE 'XX001:%') > 100 AS refused,
	   count(*) FILTER (WHERE whole NOT LIKE 'XX0%') > 100 AS answered,
	   count(*) FILTER (WHERE whole LIKE 'XX000%') AS internal_errors
FROM compared GROUP BY kind ORDER BY kind;
-- the intact values read the same in parts
SELECT kind, expr, parts FROM compared JOIN mutant USING (id, kind)
WHERE id > 1000 AND expr IN ('v[5]', 'v[1100]', 'head(v, 3)', 'length(v)')
ORDER BY kind, expr;
