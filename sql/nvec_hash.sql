SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- the standard hash is the one of 0.1 (hash indexes built then stay valid),
-- over one and several 256-value blocks
SELECT v, nvec_hash(v)
FROM (VALUES ('{}'::nvec), ('{1}'), ('{1,NULL}'), ('{NaN}'), ('{-0}'), ('{0}'),
			 ('{NULL,NULL,3}')) AS t(v);
SELECT nvec_hash(nvec_agg(CASE WHEN i % 7 = 0 THEN NULL ELSE i / 3.0 END ORDER BY i))
FROM generate_series(1, 1000) AS i;

-- vectors of every length up to 300 (bitmap words and hash blocks), with
-- and without NULLs, NaN payloads, signed zeros, one long toasted vector
CREATE TEMP TABLE hv (v nvec);
INSERT INTO hv
SELECT nvec_agg(CASE WHEN nulls AND i % 5 = 0 THEN NULL ELSE i * 0.25 END ORDER BY i)
FROM generate_series(0, 300) AS n, (VALUES (false), (true)) AS z(nulls),
	 LATERAL generate_series(1, n) AS i
GROUP BY n, nulls;
INSERT INTO hv VALUES ('{}'), ('{NULL}'), ('{NaN}'), (ARRAY[-('NaN'::float8)]::nvec), ('{-0}'), ('{0}'),
	('{1,NaN,NULL}'), (ARRAY[1, -('NaN'::float8), NULL]::nvec), ('{Infinity,-Infinity}');
INSERT INTO hv SELECT nvec_agg(CASE WHEN i % 1000 = 0 THEN NULL ELSE i END ORDER BY i)
FROM generate_series(1, 100000) AS i;

-- with seed 0 the low 32 bits of the extended hash are the standard hash
SELECT count(*) AS vectors,
	   count(*) FILTER (WHERE nvec_hash_extended(v, 0) & 4294967295
							  = nvec_hash(v)::bigint & 4294967295) AS low_bits_agree
FROM hv;
-- equal vectors hash alike under every seed; the seed changes the hash
SELECT count(*) AS equal_pairs,
	   count(*) FILTER (WHERE nvec_hash_extended(a.v, 0) <> nvec_hash_extended(b.v, 0)
						OR nvec_hash_extended(a.v, 42) <> nvec_hash_extended(b.v, 42)
						OR nvec_hash_extended(a.v, -1) <> nvec_hash_extended(b.v, -1)) AS unequal_hashes
FROM hv a JOIN hv b ON a.v = b.v;
SELECT count(DISTINCT v) AS distinct_vectors,
	   count(DISTINCT nvec_hash_extended(v, 42)) AS distinct_hashes,
	   count(*) FILTER (WHERE nvec_hash_extended(v, 42) = nvec_hash_extended(v, 0)) AS seed_ignored
FROM hv;
SELECT nvec_hash_extended(NULL, 0) IS NULL AS strict;

-- PARTITION BY HASH on an nvec column: rows routed, equal vectors together
CREATE TABLE hp (id integer, v nvec) PARTITION BY HASH (v);
CREATE TABLE hp0 PARTITION OF hp FOR VALUES WITH (MODULUS 3, REMAINDER 0);
CREATE TABLE hp1 PARTITION OF hp FOR VALUES WITH (MODULUS 3, REMAINDER 1);
CREATE TABLE hp2 PARTITION OF hp FOR VALUES WITH (MODULUS 3, REMAINDER 2);
INSERT INTO hp SELECT row_number() OVER (), v FROM hv;
INSERT INTO hp VALUES (1001, '{NaN}'), (1002, ARRAY[-('NaN'::float8)]::nvec), (1003, '{1,2,3}');
SELECT tableoid::regclass AS part, count(*) FROM hp GROUP BY 1 ORDER BY 1;
SELECT count(*) AS vectors_in_two_partitions
FROM (SELECT v FROM hp GROUP BY v HAVING count(DISTINCT tableoid) > 1) s;
SELECT count(*) AS misrouted FROM hp
WHERE NOT satisfies_hash_partition('hp'::regclass, 3,
								   substr(tableoid::regclass::text, 3)::integer, v);
-- equality prunes to one partition, at plan time and at execution
EXPLAIN (COSTS OFF) SELECT id FROM hp WHERE v = '{1,2,3}';
SELECT id FROM hp WHERE v = '{1,2,3}';
SELECT count(*) AS nans, count(DISTINCT tableoid) AS partitions FROM hp WHERE v = '{NaN}';
SET plan_cache_mode = force_generic_plan;
PREPARE hp_eq(nvec) AS SELECT id FROM hp WHERE v = $1;
EXPLAIN (COSTS OFF) EXECUTE hp_eq('{1,2,3}');
EXECUTE hp_eq('{1,2,3}');
DEALLOCATE hp_eq;
RESET plan_cache_mode;
DROP TABLE hp;
