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
