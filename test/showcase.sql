-- A short tour of fusekern, run by 'make demo' against a throwaway cluster.
\set ECHO queries
CREATE EXTENSION fusekern;
SELECT '{1.5,NULL,-3,NaN,Infinity,-Infinity}'::nvec AS a_nullable_vector;

-- nvec: a float8 vector whose NULLs sit in a word bitmap beside dense values
SELECT v, length(v), null_count(v), v[2] AS second, v[9] AS past_the_end
FROM (SELECT '{1.5,NULL,-0,4.9e-324,NaN,-Infinity}'::nvec AS v) s;
-- collect a series in time order, NULL readings kept in place
SELECT sensor, nvec_agg(reading ORDER BY t) AS trace
FROM (VALUES ('a', 3, 20.5), ('a', 1, 19.75), ('a', 2, NULL), ('b', 1, -4.0), ('b', 2, -3.5))
	 AS r(sensor, t, reading)
GROUP BY sensor ORDER BY sensor;
-- casts keep NULL positions; text and binary forms round-trip bit for bit
SELECT '{1,NULL,3}'::integer[]::nvec AS from_int,
	   '{0.1,NULL}'::nvec::float8[] AS to_float8,
	   nvec_send('{-0,NULL}'::nvec) AS wire_format,
	   '{0.1,5e-324,-0}'::nvec::text::nvec = '{0.1,5e-324,-0}'::nvec AS text_round_trip;
