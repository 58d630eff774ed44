SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- float8[] <-> nvec, special values kept bit for bit
SELECT '{1.5,NULL,-3,NaN,Infinity,-Infinity,-0,5e-324,2.2250738585072014e-308}'::float8[]::nvec;
SELECT '{1.5,NULL,-3,NaN,Infinity,-Infinity,-0,5e-324}'::nvec::float8[];
SELECT '{}'::float8[]::nvec, '{}'::nvec::float8[], array_ndims('{}'::nvec::float8[]);
SELECT '{NULL}'::float8[]::nvec, '{NULL,NULL}'::nvec::float8[];
-- a lower bound other than 1 is dropped; the result starts at 1
SELECT '[0:2]={7,8,9}'::float8[]::nvec, array_lower('[0:2]={7,8,9}'::float8[]::nvec::float8[], 1);
-- an array with a NULL bitmap but no NULL (a slice of one with NULLs)
SELECT ('{1,2,NULL}'::float8[])[1:2]::nvec;
SELECT array_length('{1,NULL,3}'::nvec::float8[], 1), ('{1,NULL,3}'::nvec::float8[])[3];

-- NULLs at and around word boundaries survive both ways
CREATE TEMP TABLE bnd AS
SELECT n, array_agg(CASE WHEN i IN (1, 63, 64, 65, 127, 128, 129, n) THEN NULL
						 ELSE i * 0.5 END ORDER BY i)::float8[] AS a
FROM generate_series(1, 130) AS n, generate_series(1, n) AS i
GROUP BY n;
SELECT count(*) AS rows,
	   count(*) FILTER (WHERE a::nvec::float8[] IS NOT DISTINCT FROM a) AS same_array,
	   count(*) FILTER (WHERE a::nvec::text = a::text) AS same_text,
	   count(*) FILTER (WHERE array_length(a::nvec::float8[], 1) = n) AS same_length
FROM bnd;
-- the same without any NULL: read in place, written in place
SELECT count(*) FILTER (WHERE a::nvec::float8[] = a AND a::nvec::text = a::text) AS same
FROM (SELECT n, array_agg(i * 0.25 ORDER BY i)::float8[] AS a
	  FROM generate_series(1, 130) AS n, generate_series(1, n) AS i GROUP BY n) s;

-- other element types into nvec, as core casts each element to float8
SELECT '{1,NULL,-2147483648}'::integer[]::nvec;
SELECT '{9007199254740993,NULL,-9223372036854775808}'::bigint[]::nvec,
	   9007199254740993::bigint::float8;
SELECT '{0.1,NULL,NaN,Infinity,-Infinity,3.4e38}'::real[]::nvec,
	   '{0.1,NULL,NaN,Infinity,-Infinity,3.4e38}'::real[]::float8[]::nvec::text =
	   '{0.1,NULL,NaN,Infinity,-Infinity,3.4e38}'::real[]::nvec::text AS same_as_float8;
SELECT '{0.1,NULL,NaN,Infinity,-Infinity,1e-320}'::numeric[]::nvec;
-- assignment casts into an nvec column
CREATE TEMP TABLE t (v nvec);
INSERT INTO t VALUES ('{1,2}'::float8[]), ('{3,NULL}'::integer[]), ('{4.5}'::numeric[]);
SELECT v FROM t;

-- errors (each followed by its SQLSTATE)
SELECT '{{1,2},{3,4}}'::float8[]::nvec;  \echo :SQLSTATE
SELECT '{{1,2},{3,4}}'::integer[]::nvec;  \echo :SQLSTATE
SELECT '{{{1}}}'::numeric[]::nvec;  \echo :SQLSTATE
SELECT '{1e309}'::numeric[]::nvec;  \echo :SQLSTATE

-- nvec out to real[], numeric[] and jsonb, each element as core casts a
-- float8: the same as through float8[]
SELECT '{1.5,NULL,NaN,Infinity,-Infinity,-0,0.1}'::nvec::real[] AS to_real,
       '{1.5,NULL,NaN,Infinity,-Infinity,-0,0.1}'::nvec::real[] IS NOT DISTINCT FROM
       '{1.5,NULL,NaN,Infinity,-Infinity,-0,0.1}'::float8[]::real[] AS same_as_float8;
SELECT '{1.5,NULL,NaN,Infinity,-Infinity,-0,0.1,1e20,3.0000000000000004}'::nvec::numeric[] AS to_numeric,
       '{1.5,NULL,NaN,Infinity,-Infinity,-0,0.1,1e20,3.0000000000000004}'::nvec::numeric[] IS NOT DISTINCT FROM
       '{1.5,NULL,NaN,Infinity,-Infinity,-0,0.1,1e20,3.0000000000000004}'::float8[]::numeric[] AS same_as_float8;
SELECT '{1.5,NULL,NaN,Infinity,-Infinity,-0,0.1,1e20,3.0000000000000004}'::nvec::jsonb AS to_jsonb,
       '{1.5,NULL,NaN,Infinity,-Infinity,-0,0.1,1e20,3.0000000000000004}'::nvec::jsonb =
       to_jsonb('{1.5,NULL,NaN,Infinity,-Infinity,-0,0.1,1e20,3.0000000000000004}'::float8[]) AS same_as_to_jsonb;
SELECT jsonb_typeof(j -> 0) AS number, jsonb_typeof(j -> 1) AS null_elem, jsonb_typeof(j -> 2) AS nan
FROM (SELECT '{1,NULL,NaN}'::nvec::jsonb AS j) s;
SELECT '{}'::nvec::real[] AS real_empty, '{}'::nvec::numeric[] AS numeric_empty,
       '{}'::nvec::jsonb AS jsonb_empty, '{NULL,NULL}'::nvec::jsonb AS jsonb_nulls;
-- many elements, NULLs past the first word of the bitmap
SELECT count(*) FILTER (WHERE v::real[] IS NOT DISTINCT FROM v::float8[]::real[]) AS real_same,
       count(*) FILTER (WHERE v::numeric[] IS NOT DISTINCT FROM v::float8[]::numeric[]) AS numeric_same,
       count(*) FILTER (WHERE v::jsonb = to_jsonb(v::float8[])) AS jsonb_same
FROM (SELECT array_agg(CASE WHEN i % 7 = 0 THEN NULL ELSE i / 3.0 END ORDER BY i)::float8[]::nvec AS v
	  FROM generate_series(1, 130) AS n, generate_series(1, n) AS i GROUP BY n) s;
-- json: to_json, to_jsonb, json_agg, jsonb_agg, row_to_json and
-- json_build_array write an nvec as the same calls write a float8[] of the
-- same values (through the cast to json), and v::json is that array
SELECT to_json(v) AS to_json, v::json::text = to_json(v)::text AS cast_same,
       to_json(v)::text = to_json(v::float8[])::text AS same_as_float8
FROM (SELECT '{1.5,NULL,NaN,Infinity,-Infinity,-0,0.1,1e20,3.0000000000000004,5e-324}'::nvec AS v) s;
SELECT to_jsonb(v) = to_jsonb(v::float8[]) AS jsonb_same, to_jsonb(v) = v::jsonb AS jsonb_cast_same,
       json_typeof(to_json(v) -> 1) AS null_elem, json_typeof(to_json(v) -> 2) AS nan
FROM (SELECT '{1.5,NULL,NaN,Infinity,-Infinity,-0,0.1,1e20,3.0000000000000004,5e-324}'::nvec AS v) s;
SELECT json_agg(v ORDER BY id) AS json_agg, jsonb_agg(v ORDER BY id) AS jsonb_agg
FROM (VALUES (1, '{1,NULL}'::nvec), (2, '{}'), (3, NULL), (4, '{NULL,NULL}')) t(id, v);
SELECT row_to_json(t) AS row_to_json, to_jsonb(t) AS row_to_jsonb,
       json_build_array(t.v, 1) AS build_array, json_build_object('v', t.v) AS build_object
FROM (SELECT 1 AS id, '{2,NULL,-Infinity}'::nvec AS v) t;
SELECT '{}'::nvec::json AS json_empty, '{NULL}'::nvec::json AS json_null;
-- extra_float_digits as core's float8out takes it
SET extra_float_digits = 0;
SELECT to_json('{0.1,3.0000000000000004}'::nvec) AS to_json,
       to_json('{0.1,3.0000000000000004}'::nvec)::text =
       to_json('{0.1,3.0000000000000004}'::float8[])::text AS same_as_float8;
RESET extra_float_digits;
-- many elements, NULLs past the first word of the bitmap
SELECT count(*) FILTER (WHERE to_json(v)::text = to_json(v::float8[])::text) AS json_same,
       count(*) FILTER (WHERE to_jsonb(v) = to_jsonb(v::float8[])) AS jsonb_same
FROM (SELECT array_agg(CASE WHEN i % 7 = 0 THEN NULL ELSE i / 3.0 END ORDER BY i)::float8[]::nvec AS v
	  FROM generate_series(1, 130) AS n, generate_series(1, n) AS i GROUP BY n) s;
-- real[] and numeric[] are assignment casts, json and jsonb explicit only
CREATE TEMP TABLE tout (r real[], m numeric[], j jsonb, js json);
INSERT INTO tout (r, m) VALUES ('{1,NULL}'::nvec, '{2,NULL}'::nvec);
SELECT r, m FROM tout;
INSERT INTO tout (j) VALUES ('{1,NULL}'::nvec);  \echo :SQLSTATE
INSERT INTO tout (js) VALUES ('{1,NULL}'::nvec);  \echo :SQLSTATE
SELECT castcontext, castsource::regtype, casttarget::regtype FROM pg_cast
WHERE castsource = 'nvec'::regtype ORDER BY casttarget::regtype::text;
-- out of the range of real: core's errors
SELECT '{1e300}'::nvec::real[];  \echo :SQLSTATE
SELECT '{1e-300}'::nvec::real[];  \echo :SQLSTATE
