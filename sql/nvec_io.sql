SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

-- text round trips
SELECT '{1.5,NULL,-3,NaN,Infinity,-Infinity}'::nvec;
SELECT '{}'::nvec, '{ }'::nvec, '  {}  '::nvec;
SELECT ' { 1 , null ,  NuLl, 2e300 } '::nvec;
SELECT E'{\t1\n,\rNULL }'::nvec;
SELECT '{-0}'::nvec, '{4.9e-324}'::nvec, '{"2.5"}'::nvec, '{" 7 "}'::nvec;
SELECT '{0.1,0.30000000000000004}'::nvec;
SELECT '{inf,-inf,+Infinity,nan,-nan,+1e-5,.5,5.}'::nvec;
-- quotes and backslashes as in array literals; a quoted or escaped NULL is not NULL
SELECT E'{"1",\\2,"\\3",  "4"  }'::nvec;
-- subnormals, extremes and -0 survive text output and input bit for bit
CREATE TEMP TABLE special (x float8);
INSERT INTO special VALUES ('5e-324'), ('-5e-324'), ('2.225073858507201e-308'),
	('2.2250738585072014e-308'), ('1.7976931348623157e308'), ('-1.7976931348623157e308'),
	('-0'), ('0'), ('NaN'), ('Infinity'), ('-Infinity'), ('0.1'), ('1e23'), ('123456789012345678');
SELECT v FROM (SELECT nvec_agg(x) AS v FROM special) s;
SELECT count(*) FILTER (WHERE float8send(x) = float8send(y)) AS same_bits, count(*)
FROM (SELECT nvec_agg(x) AS v FROM special) s,
	 unnest(s.v::text::nvec) WITH ORDINALITY AS u(y, i),
	 (SELECT x, row_number() OVER () AS i FROM special) t
WHERE t.i = u.i;
-- extra_float_digits is honoured like float8out
SET extra_float_digits = 0;
SELECT '{0.1,0.30000000000000004,5e-324}'::nvec, '{0.1,0.30000000000000004,5e-324}'::float8[];
RESET extra_float_digits;
-- NULLs at and around word boundaries
SELECT n, v::text = a::text AS same_text, v::text::nvec = v AS round_trip, null_count(v)
FROM (SELECT n, nvec_agg(CASE WHEN i IN (63, 64, 65, 127, 128, 129) THEN NULL ELSE i END ORDER BY i) AS v,
			 array_agg(CASE WHEN i IN (63, 64, 65, 127, 128, 129) THEN NULL ELSE i END ORDER BY i)::float8[] AS a
	  FROM unnest(ARRAY[62, 63, 64, 65, 66, 127, 128, 129, 130]) AS n, generate_series(1, n) AS i
	  GROUP BY n) s
ORDER BY n;
SELECT v[63], v[64], v[65], v[66] FROM (SELECT '{1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,NULL,NULL,NULL,66}'::nvec AS v) s;

-- errors (each followed by its SQLSTATE)
SELECT '1,2'::nvec;  \echo :SQLSTATE
SELECT ''::nvec;  \echo :SQLSTATE
SELECT '{1,}'::nvec;  \echo :SQLSTATE
SELECT '{,1}'::nvec;  \echo :SQLSTATE
SELECT '{1,,2}'::nvec;  \echo :SQLSTATE
SELECT '{1 2}'::nvec;  \echo :SQLSTATE
SELECT '{1} x'::nvec;  \echo :SQLSTATE
SELECT '{abc}'::nvec;  \echo :SQLSTATE
SELECT '{1,2,zz3}'::nvec;  \echo :SQLSTATE
SELECT '{"NULL"}'::nvec;  \echo :SQLSTATE
SELECT E'{\\NULL}'::nvec;  \echo :SQLSTATE
SELECT '{""}'::nvec;  \echo :SQLSTATE
SELECT '{1e999}'::nvec;  \echo :SQLSTATE
SELECT '{1e-999}'::nvec;  \echo :SQLSTATE
SELECT '{1'::nvec;  \echo :SQLSTATE
SELECT '{'::nvec;  \echo :SQLSTATE
SELECT '{"1'::nvec;  \echo :SQLSTATE
SELECT '{"1"2}'::nvec;  \echo :SQLSTATE
SELECT '{1"2"}'::nvec;  \echo :SQLSTATE
SELECT E'{1\\'::nvec;  \echo :SQLSTATE
SELECT '{{1,2},{3,4}}'::nvec;  \echo :SQLSTATE
SELECT '{1,{2}}'::nvec;  \echo :SQLSTATE
SELECT '[1:2]={1,2}'::nvec;  \echo :SQLSTATE
-- a non-ASCII character where a delimiter belongs is not quoted byte by byte
DO $$
DECLARE
	detail text;
BEGIN
	PERFORM ('{"1"' || chr(233) || '}')::nvec;
EXCEPTION WHEN OTHERS THEN
	GET STACKED DIAGNOSTICS detail = PG_EXCEPTION_DETAIL;
	RAISE NOTICE '% %', SQLSTATE, detail;
END $$;
