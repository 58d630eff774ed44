SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- Every route that writes an nvec(compressed) column stores the form
-- nvec_compress gives: compressed where that is smaller, plain where it is
-- not (a short vector).  Each route is checked by cr_check: per row the
-- stored encoding, whether that is the encoding nvec_compress gives the
-- wanted value and the stored size at most the size of that form (so a
-- value left plain that would shrink fails), and whether the bits are
-- those wanted.

-- the values: 600 cents, 3,000 cents with NULLs, and a vector too short to
-- shrink; the wanted values have 2.5 as element 2
CREATE TABLE cr_base (id int PRIMARY KEY, v nvec);
INSERT INTO cr_base
SELECT 1, nvec_agg(round((100 + 0.01 * i + sin(i))::numeric, 2)::float8 ORDER BY i)
FROM generate_series(1, 600) i;
INSERT INTO cr_base
SELECT 2, nvec_agg(CASE WHEN i % 97 = 0 THEN NULL
						ELSE round((50 + 5 * cos(i * 0.1))::numeric, 2)::float8 END ORDER BY i)
FROM generate_series(1, 3000) i;
INSERT INTO cr_base VALUES (3, '{1.5,NULL,3,4}');
CREATE TABLE cr_want (id int PRIMARY KEY, v nvec);
INSERT INTO cr_want
SELECT id, (SELECT nvec_agg(CASE WHEN i = 2 THEN 2.5 ELSE x END ORDER BY i)
			FROM unnest(v) WITH ORDINALITY AS u(x, i))
FROM cr_base;
-- the forms nvec_compress gives them: alp, alp, plain
SELECT id, length(v), nvec_encoding(nvec_compress(v)) AS compressed_form,
	   pg_column_size(nvec_compress(v)) < pg_column_size(v) AS shrinks
FROM cr_want ORDER BY id;

CREATE FUNCTION cr_check(rel regclass)
RETURNS TABLE (id int, encoding text, as_nvec_compress bool, same_bits bool)
LANGUAGE plpgsql AS $$
BEGIN
	RETURN QUERY EXECUTE format(
		'SELECT t.id, nvec_encoding(t.v),
				nvec_encoding(t.v) = nvec_encoding(nvec_compress(w.v))
				AND pg_column_size(t.v) <= pg_column_size(nvec_compress(w.v)),
				nvec_send(t.v) = nvec_send(w.v)
		 FROM %s t JOIN cr_want w USING (id) ORDER BY t.id', rel);
END
$$;

-- UPDATE ... SET v[i] = x: the new value is compressed again
CREATE TABLE cr_update (id int PRIMARY KEY, v nvec(compressed));
INSERT INTO cr_update SELECT id, v FROM cr_base;
UPDATE cr_update SET v[2] = 2.5;
SELECT * FROM cr_check('cr_update');

-- v[i] = NULL, then the value back: compressed at each step
CREATE TABLE cr_null (id int PRIMARY KEY, v nvec(compressed));
INSERT INTO cr_null SELECT id, v FROM cr_want;
UPDATE cr_null SET v[2] = NULL;
SELECT id, v[2] IS NULL AS v2_null, nvec_encoding(v),
	   nvec_encoding(v) = nvec_encoding(nvec_compress(nvec_decompress(v))) AS as_nvec_compress
FROM cr_null ORDER BY id;
UPDATE cr_null SET v[2] = 2.5;
SELECT * FROM cr_check('cr_null');

-- INSERT ... ON CONFLICT DO UPDATE and MERGE assigning an element
CREATE TABLE cr_upsert (id int PRIMARY KEY, v nvec(compressed));
INSERT INTO cr_upsert SELECT id, v FROM cr_base;
INSERT INTO cr_upsert SELECT id, v FROM cr_base
ON CONFLICT (id) DO UPDATE SET v[2] = 2.5;
SELECT * FROM cr_check('cr_upsert');
CREATE TABLE cr_merge (id int PRIMARY KEY, v nvec(compressed));
INSERT INTO cr_merge SELECT id, v FROM cr_base;
MERGE INTO cr_merge m USING cr_base b ON m.id = b.id
WHEN MATCHED THEN UPDATE SET v[2] = 2.5;
SELECT * FROM cr_check('cr_merge');

-- a domain over nvec(compressed), and a field of a composite column
CREATE DOMAIN cr_dom AS nvec(compressed);
CREATE TABLE cr_domain (id int PRIMARY KEY, v cr_dom);
INSERT INTO cr_domain SELECT id, v FROM cr_base;
UPDATE cr_domain SET v[2] = 2.5;
SELECT * FROM cr_check('cr_domain');
CREATE TYPE cr_pair AS (tag text, v nvec(compressed));
CREATE TABLE cr_composite (id int PRIMARY KEY, c cr_pair);
INSERT INTO cr_composite SELECT id, ROW('a', v)::cr_pair FROM cr_base;
UPDATE cr_composite SET c.v[2] = 2.5;
CREATE VIEW cr_composite_v AS SELECT id, (c).v FROM cr_composite;
SELECT * FROM cr_check('cr_composite_v');

-- INSERT ... SELECT of expressions that carry the modifier (no cast is
-- applied to them): a column of another nvec(compressed) table updated by
-- element, and a PL/pgSQL variable declared nvec(compressed)
CREATE TABLE cr_select (id int PRIMARY KEY, v nvec(compressed));
INSERT INTO cr_select SELECT id, v FROM cr_update;
SELECT * FROM cr_check('cr_select');
CREATE TABLE cr_plpgsql (id int PRIMARY KEY, v nvec(compressed));
DO $$
DECLARE
	r record;
	x nvec(compressed);
BEGIN
	FOR r IN SELECT id, v FROM cr_base ORDER BY id LOOP
		x := r.v;
		x[2] := 2.5;
		INSERT INTO cr_plpgsql SELECT r.id, x;
	END LOOP;
END
$$;
SELECT * FROM cr_check('cr_plpgsql');

-- a BEFORE trigger assigning NEW.v[i], and one assigning NEW.v a plain
-- value (NEW.v := is cast to the column's modifier)
CREATE TABLE cr_trigger (id int PRIMARY KEY, v nvec(compressed));
CREATE FUNCTION cr_set_element() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.v[2] := 2.5;
	RETURN NEW;
END
$$;
CREATE TRIGGER cr_set_element BEFORE INSERT ON cr_trigger
FOR EACH ROW EXECUTE FUNCTION cr_set_element();
INSERT INTO cr_trigger SELECT id, v FROM cr_base;
SELECT * FROM cr_check('cr_trigger');
CREATE FUNCTION cr_set_plain() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.v := nvec_decompress(NEW.v);
	RETURN NEW;
END
$$;
CREATE TRIGGER cr_set_plain BEFORE UPDATE ON cr_trigger
FOR EACH ROW EXECUTE FUNCTION cr_set_plain();
UPDATE cr_trigger SET id = id;
SELECT * FROM cr_check('cr_trigger');

-- ALTER TABLE ... TYPE nvec(compressed) from nvec and from float8[]
CREATE TABLE cr_alter (id int PRIMARY KEY, v nvec, f float8[]);
INSERT INTO cr_alter SELECT id, v, v::float8[] FROM cr_want;
ALTER TABLE cr_alter ALTER v TYPE nvec(compressed);
SELECT * FROM cr_check('cr_alter');
ALTER TABLE cr_alter DROP v;
ALTER TABLE cr_alter RENAME f TO v;
ALTER TABLE cr_alter ALTER v TYPE nvec(compressed);
SELECT * FROM cr_check('cr_alter');

-- a generated column, and a default
CREATE TABLE cr_generated (id int PRIMARY KEY, src nvec,
						   v nvec(compressed) GENERATED ALWAYS AS (src) STORED);
INSERT INTO cr_generated SELECT id, v FROM cr_want;
SELECT * FROM cr_check('cr_generated');
CREATE FUNCTION cr_wanted(int) RETURNS nvec LANGUAGE sql STABLE
AS 'SELECT v FROM cr_want WHERE id = $1';
CREATE SEQUENCE cr_ids;
CREATE TABLE cr_default (id int PRIMARY KEY DEFAULT nextval('cr_ids'),
						 v nvec(compressed) DEFAULT cr_wanted(currval('cr_ids')::int));
INSERT INTO cr_default SELECT FROM generate_series(1, 3);
SELECT * FROM cr_check('cr_default');

-- COPY, text and binary (the binary file under results/, as nvec_binary)
CREATE TABLE cr_copy_text (id int PRIMARY KEY, v nvec(compressed));
CREATE TABLE cr_copy_binary (id int PRIMARY KEY, v nvec(compressed));
\getenv abs_builddir PG_ABS_BUILDDIR
SELECT set_config('nvec_test.dir', :'abs_builddir' || '/results', false) IS NOT NULL AS dir_set;
DO $$
DECLARE
	path text := current_setting('nvec_test.dir') || '/nvec_compressed_routes';
BEGIN
	EXECUTE format('COPY cr_want TO %L', path || '.txt');
	EXECUTE format('COPY cr_copy_text FROM %L', path || '.txt');
	EXECUTE format('COPY cr_want TO %L (FORMAT binary)', path || '.bin');
	EXECUTE format('COPY cr_copy_binary FROM %L (FORMAT binary)', path || '.bin');
END
$$;
SELECT * FROM cr_check('cr_copy_text');
SELECT * FROM cr_check('cr_copy_binary');

-- a column without the modifier keeps what it is given, and an element
-- assignment there gives the plain form, as other results
CREATE TABLE cr_plain (id int PRIMARY KEY, v nvec);
INSERT INTO cr_plain SELECT id, nvec_compress(v) FROM cr_base;
UPDATE cr_plain SET v[2] = 2.5;
SELECT p.id, nvec_encoding(p.v), nvec_send(p.v) = nvec_send(w.v) AS same_bits
FROM cr_plain p JOIN cr_want w USING (id) ORDER BY id;

-- a value that sits plain in an nvec(compressed) column although it would
-- shrink (as C code forming rows itself may leave it; made here by setting
-- the modifier in the catalogue over plain values): v = v,
-- ALTER TABLE ... TYPE nvec(compressed) and INSERT ... SELECT leave it as
-- it is (the expression already has the column's type and modifier, so no
-- cast applies); nvec_compress compresses it
CREATE TABLE cr_legacy (id int PRIMARY KEY, v nvec);
INSERT INTO cr_legacy SELECT id, v FROM cr_want;
UPDATE pg_attribute SET atttypmod = 1
WHERE attrelid = 'cr_legacy'::regclass AND attname = 'v';
SELECT format_type(atttypid, atttypmod) FROM pg_attribute
WHERE attrelid = 'cr_legacy'::regclass AND attname = 'v';
UPDATE cr_legacy SET v = v;
ALTER TABLE cr_legacy ALTER v TYPE nvec(compressed);
CREATE TABLE cr_legacy_copy (id int PRIMARY KEY, v nvec(compressed));
INSERT INTO cr_legacy_copy SELECT id, v FROM cr_legacy;
SELECT id, nvec_encoding(l.v), nvec_encoding(c.v) AS copied
FROM cr_legacy l JOIN cr_legacy_copy c USING (id) ORDER BY id;
UPDATE cr_legacy SET v = nvec_compress(v) WHERE nvec_encoding(v) = 'plain';
SELECT * FROM cr_check('cr_legacy');
