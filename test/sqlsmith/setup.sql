-- Tables for SQLsmith: float8[] and nvec columns with NULL elements, NaN,
-- infinities, subnormals, empty vectors, NULL vectors, lengths across a
-- 64-element validity word and a 1024-element block, and a 2-D array.
CREATE EXTENSION fusekern;

CREATE TABLE fk_arrays (id int PRIMARY KEY, a float8[], b float8[], s float8, lag int);
INSERT INTO fk_arrays VALUES
	(1, '{1.5,NULL,-3,NaN,Infinity}', '{2,2,2,2,2}', 2, 1),
	(2, '{}', '{}', 0, 0),
	(3, NULL, '{1}', NULL, NULL),
	(4, '{NULL}', '{NULL}', 'NaN', -1),
	(5, '{-Infinity,0,-0,4.9e-324,1.7976931348623157e308}', '{1,1,1,1,1}', '-Infinity', 2147483647),
	(6, '{{1,2},{3,4}}', '{1,2,3,4}', 1e308, 3),
	(7, '{1,2,3}', '{1,2}', -1, 2);
INSERT INTO fk_arrays
SELECT 100 + k, array_agg(CASE WHEN i % 7 = 0 THEN NULL ELSE (i * 0.37 - 40) END ORDER BY i),
	   array_agg((i % 11) - 5.0 ORDER BY i), k * 0.5, k
FROM generate_series(1, 3) AS k, generate_series(1, 63 + k * 500) AS i
GROUP BY k;

CREATE TABLE fk_nvecs (id int PRIMARY KEY, v nvec, w nvec, s float8, lag int);
INSERT INTO fk_nvecs
SELECT id, a::nvec, b::nvec, s, lag FROM fk_arrays WHERE id <> 6;
INSERT INTO fk_nvecs VALUES (6, '{NULL,NULL}', '{"1e-310",NaN}', 0.5, 64);

-- the queries run as a role without superuser's reach
CREATE ROLE smith LOGIN;
GRANT SELECT, INSERT, UPDATE, DELETE ON fk_arrays, fk_nvecs TO smith;
ALTER ROLE smith SET statement_timeout = '2s';
