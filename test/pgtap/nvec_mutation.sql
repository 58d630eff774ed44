-- Mutation test of nvec input: thousands of corrupted text literals and
-- binary messages (a fixed seed, so every run feeds the same inputs) must
-- each give a value or a clean error with an expected SQLSTATE, never a
-- crash or an internal error.  Every value that comes back must be a
-- well-formed nvec: it survives text and binary round trips unchanged.
\set ON_ERROR_STOP 1
\set QUIET 1
SET client_min_messages = warning;
BEGIN;
SELECT plan(8);

-- Apply one to three random edits (replace, insert, delete, duplicate,
-- truncate) to s, drawing characters that matter to the parser
CREATE FUNCTION pg_temp.mutate_text(s text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	alphabet text[] := ARRAY['{', '}', ',', '"', '\', ' ', E'\t', 'N', 'u', 'L', 'l', 'e', 'E',
							 '-', '+', '.', '0', '1', '9', 'I', 'n', 'f', 'a', '[', ':', '=',
							 'x', '{{', '}}', ',,', 'NULL', 'NaN', '1e308', '1e-400', '""', 'é', '∞'];
	pos int;
	r float8;
	ch text;
BEGIN
	FOR k IN 1 .. 1 + floor(random() * 3)::int LOOP
		pos := 1 + floor(random() * (length(s) + 1))::int;
		ch := alphabet[1 + floor(random() * array_length(alphabet, 1))::int];
		r := random();
		IF r < 0.3 THEN
			s := overlay(s PLACING ch FROM pos FOR 1);
		ELSIF r < 0.55 THEN
			s := substr(s, 1, pos - 1) || ch || substr(s, pos);
		ELSIF r < 0.75 THEN
			s := substr(s, 1, pos - 1) || substr(s, pos + 1 + floor(random() * 3)::int);
		ELSIF r < 0.9 THEN
			s := substr(s, 1, pos - 1) || substr(s, pos, 1 + floor(random() * 8)::int) || substr(s, pos);
		ELSE
			s := substr(s, 1, pos - 1);
		END IF;
	END LOOP;
	RETURN s;
END $$;

-- Apply one to three random corruptions to a binary message: random bytes
-- or bits, header fields set to edge values, truncation, extension
CREATE FUNCTION pg_temp.mutate_bin(b bytea) RETURNS bytea LANGUAGE plpgsql AS $$
DECLARE
	edges int[] := ARRAY[0, 1, -1, 2, 63, 64, 65, 127, 128, 129, 2147483647, -2147483648,
						 132152836, 132152837, 268435455];
	pos int;
	r float8;
BEGIN
	FOR k IN 1 .. 1 + floor(random() * 3)::int LOOP
		r := random();
		pos := floor(random() * greatest(length(b), 1))::int;
		IF length(b) = 0 THEN
			b := '\x00'::bytea;
		ELSIF r < 0.3 THEN
			b := set_byte(b, pos, floor(random() * 256)::int);
		ELSIF r < 0.45 THEN
			b := set_bit(b, floor(random() * length(b) * 8)::int, floor(random() * 2)::int);
		ELSIF r < 0.65 AND length(b) >= 12 THEN
			b := overlay(b PLACING int4send(edges[1 + floor(random() * array_length(edges, 1))::int])
						 FROM 1 + 4 * floor(random() * 3)::int FOR 4);
		ELSIF r < 0.75 AND length(b) >= 8 THEN
			b := overlay(b PLACING int8send((ARRAY[0, -1, 1, 3, -9223372036854775808])[1 + floor(random() * 5)::int])
						 FROM 1 + floor(random() * (length(b) - 7))::int FOR 8);
		ELSIF r < 0.88 THEN
			b := substr(b, 1, pos);
		ELSE
			b := b || substr(int8send((random() * 9e18)::bigint), 1, 1 + floor(random() * 8)::int);
		END IF;
	END LOOP;
	RETURN b;
END $$;

-- nvec_recv on one message: COPY ... TO (FORMAT binary) of a bytea writes
-- its bytes as one field, which COPY ... FROM reads back as an nvec.  Each
-- message gets a new file in the throwaway cluster's data directory, since
-- rewriting a file in place waits for the file system to flush it.
CREATE TEMP TABLE recv_t (v nvec);
CREATE SEQUENCE pg_temp.recv_file;
CREATE FUNCTION pg_temp.recv(payload bytea) RETURNS nvec LANGUAGE plpgsql AS $$
DECLARE
	path text := current_setting('data_directory') || '/fk_nvec_mutation_'
		|| nextval('pg_temp.recv_file') || '.bin';
	r nvec;
BEGIN
	EXECUTE format('COPY (SELECT %L::bytea) TO %L (FORMAT binary)', payload, path);
	DELETE FROM recv_t;
	EXECUTE format('COPY recv_t FROM %L (FORMAT binary)', path);
	SELECT v INTO r FROM recv_t;
	RETURN r;
END $$;

-- Is v well-formed: text and binary round trips give it back, and its null
-- count matches its elements?
CREATE FUNCTION pg_temp.sound(v nvec) RETURNS boolean LANGUAGE sql AS $$
	SELECT v::text::nvec = v AND pg_temp.recv(nvec_send(v)) = v
		AND null_count(v) = (SELECT count(*) FROM unnest(v) AS x WHERE x IS NULL)
		AND length(v) = (SELECT count(*) FROM unnest(v))
$$;

CREATE TEMP TABLE seeds (s text);
INSERT INTO seeds VALUES
	('{1.5,NULL,-3,NaN,Infinity,-Infinity}'), ('{}'), ('{"2.5", null ,1e-310}'),
	(E'{\\1,"-0",  4.9e-324 }'), ('{1e308,-1.7976931348623157e308,0.1}'),
	((SELECT nvec_agg(CASE WHEN i IN (63, 64, 65) THEN NULL ELSE i END ORDER BY i)::text
	  FROM generate_series(1, 70) AS i)),
	((SELECT nvec_agg(CASE WHEN i % 3 = 0 THEN NULL ELSE i / 8.0 END ORDER BY i)::text
	  FROM generate_series(1, 130) AS i));

-- Feed n mutated inputs of one kind; count values, clean errors, and list
-- anything else (unexpected SQLSTATEs, values that are not well-formed)
CREATE FUNCTION pg_temp.feed(kind text, n int,
							 OUT nvalues int, OUT nerrors int, OUT bad text[])
LANGUAGE plpgsql AS $$
DECLARE
	seeds text[] := ARRAY(SELECT s FROM seeds);
	allowed text[] := CASE kind WHEN 'text' THEN ARRAY['22P02', '22003', '54000']
						  ELSE ARRAY['22P03', '54000'] END;
	input text;
	payload bytea;
	v nvec;
BEGIN
	nvalues := 0;
	nerrors := 0;
	bad := '{}';
	FOR i IN 1 .. n LOOP
		input := seeds[1 + floor(random() * array_length(seeds, 1))::int];
		BEGIN
			IF kind = 'text' THEN
				input := pg_temp.mutate_text(input);
				v := input::nvec;
			ELSE
				payload := pg_temp.mutate_bin(nvec_send(input::nvec));
				input := payload::text;
				v := pg_temp.recv(payload);
			END IF;
			IF pg_temp.sound(v) THEN
				nvalues := nvalues + 1;
			ELSE
				bad := bad || ('unsound value from ' || input);
			END IF;
		EXCEPTION WHEN OTHERS THEN
			IF SQLSTATE = ANY (allowed) THEN
				nerrors := nerrors + 1;
			ELSE
				bad := bad || (SQLSTATE || ' ' || SQLERRM || ' from ' || input);
			END IF;
		END;
	END LOOP;
END $$;

SELECT setseed(0.2026);
CREATE TEMP TABLE outcome AS
SELECT 'text' AS kind, f.* FROM pg_temp.feed('text', 10000) AS f
UNION ALL
SELECT 'binary', f.* FROM pg_temp.feed('binary', 5000) AS f;

SELECT is(nvalues + nerrors, 10000, 'text: every mutated input gave a value or a clean error')
FROM outcome WHERE kind = 'text';
SELECT is(bad, '{}'::text[], 'text: no unexpected error and no malformed value')
FROM outcome WHERE kind = 'text';
SELECT cmp_ok(nvalues, '>', 500, 'text: many mutants still parse (the test reaches past the first character)')
FROM outcome WHERE kind = 'text';
SELECT cmp_ok(nerrors, '>', 500, 'text: many mutants are rejected')
FROM outcome WHERE kind = 'text';
SELECT is(nvalues + nerrors, 5000, 'binary: every mutated message gave a value or a clean error')
FROM outcome WHERE kind = 'binary';
SELECT is(bad, '{}'::text[], 'binary: no unexpected error and no malformed value')
FROM outcome WHERE kind = 'binary';
SELECT cmp_ok(nvalues, '>', 250, 'binary: many mutants are still valid messages')
FROM outcome WHERE kind = 'binary';
SELECT cmp_ok(nerrors, '>', 250, 'binary: many mutants are rejected')
FROM outcome WHERE kind = 'binary';

SELECT * FROM finish();
ROLLBACK;
