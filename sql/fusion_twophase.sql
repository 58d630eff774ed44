-- Reductions used as scalars inside a fused call: (x - vmean(x)) / vstddev(x)
-- runs as one fused_eval in two phases over the same detoasted inputs (the
-- reductions in one pass, then the program with their results as scalars);
-- every value, NULL and error is that of the unfused spelling.
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;
SET extra_float_digits = 3;

CREATE TABLE ft (id int PRIMARY KEY, px float8[], py float8[], pn nvec);
ALTER TABLE ft ALTER px SET STORAGE EXTERNAL;
-- lengths around a block, NULLs at word and block boundaries, an empty, a
-- NULL and an all-NULL vector, a constant one (its standard deviation is
-- 0), a zero (ln faults), a negative, NaN and Infinity, sums that overflow
INSERT INTO ft
SELECT n, a, (SELECT coalesce(array_agg(cos(i + n) ORDER BY i), '{}')
			  FROM generate_series(1, n) i), a::nvec
FROM (VALUES (0), (1), (2), (64), (1023), (1024), (1025), (3000)) AS l(n),
LATERAL (SELECT coalesce(array_agg(
	CASE WHEN i % 97 = 5 OR i = 1024 THEN NULL
		 ELSE 100 + 10 * sin(i * 0.7 + n) + i * 0.001 END ORDER BY i), '{}') AS a
		 FROM generate_series(1, n) i) s;
INSERT INTO ft VALUES
	(-1, NULL, '{1}', NULL),
	(-2, '{1,2,0,4}', '{1,2,3,4}', '{1,2,0,4}'),
	(-3, '{1,-2,3}', '{1,2,3}', '{1,-2,3}'),
	(-4, '{1,NaN,3}', '{1,2}', '{1,NaN,3}'),
	(-5, '{NULL,NULL}', '{1,2}', '{NULL,NULL}'),
	(-6, '{7,7,7}', '{1,2,3}', '{7,7,7}'),
	(-7, '{1e308,1e308,-1e308}', '{1,2,3}', '{1e308,1e308,-1e308}'),
	(-8, '{1,Infinity,3}', '{1,2,3}', '{1,Infinity,3}'),
	(-9, '{0,5,1e300}', '{1,2,3}', '{0,5,1e300}');
ANALYZE ft;

-- one fused call each: the reductions are in the program, where their
-- scalar stands, over the vector or subtree the program reads
EXPLAIN (VERBOSE, COSTS OFF)
SELECT (px - vmean(px)) / vstddev(px),
	   (dlog(px, 1) - vmean(dlog(px, 1))) / vstddev(dlog(px, 1)),
	   px / vsum(px), px - vmax(px), vmin(px) * px + vmax(abs(px)),
	   (pn - vmean(pn)) / vstddev_pop(pn)
FROM ft;
-- under a reduction at the root too: one fused_reduce, two phases
EXPLAIN (VERBOSE, COSTS OFF)
SELECT vstddev(px - vmean(px)), vsum((px - vmean(px)) / vstddev(px)),
	   vcorr(px - vmean(px), py), vmax(dlog(px, 1) - vmin(dlog(px, 1)))
FROM ft;
-- not in the program: a reduction of another series, one under a reduction
-- used as a scalar, a position; arithmetic on a reduction and vdot over
-- the vector the program reads are (below)
EXPLAIN (VERBOSE, COSTS OFF)
SELECT px - vmean(py), px - vmean(px - vmean(px)), px - vmax(px) * 2,
	   px - vargmax(px), px * vdot(px, px)
FROM ft;

-- the values: fused and unfused, bit for bit, errors included
CREATE TEMP TABLE ft_q (q text);
INSERT INTO ft_q VALUES
	('SELECT id, (px - vmean(px)) / vstddev(px) FROM ft WHERE id IN (-1, -3, -4, -5, 0, 2, 64, 1023, 1024, 1025, 3000) ORDER BY id'),
	('SELECT id, (dlog(px, 1, ''null'') - vmean(dlog(px, 1, ''null''))) / vstddev(dlog(px, 1, ''null'')) FROM ft WHERE id NOT IN (-6, -7) ORDER BY id'),
	('SELECT id, px / vsum(px), px - vmax(px), vmin(px) * px + vmax(abs(px)) FROM ft WHERE id <> -7 ORDER BY id'),
	('SELECT id, (pn - vmean(pn)) / vstddev_pop(pn), pn * vprod(pn / 100) FROM ft WHERE id IN (-1, -3, -4, -5, 0, 2, 64, 1023, 1024, 1025, 3000) ORDER BY id'),
	('SELECT id, cumsum(px - vmean(px)) / vvar(px), rolling_mean(px, 3) - vmean(px) FROM ft WHERE id IN (-1, -3, -4, -5, 0, 2, 64, 1023, 1024, 1025, 3000) ORDER BY id'),
	('SELECT id, (px - vmean(px)) / vstddev(px) FROM ft WHERE id = -8'),
	('SELECT id, (pn - vmean(pn)) / vstddev_pop(pn) FROM ft WHERE id = 1'),
	('SELECT id, (px - vmean(px)) / vstddev(px) FROM ft WHERE id = -6'),
	('SELECT id, (px - vmean(px)) / vstddev(px) FROM ft WHERE id = -7'),
	('SELECT id, (dlog(px, 1) - vmean(dlog(px, 1))) / vstddev(dlog(px, 1)) FROM ft WHERE id = -2'),
	('SELECT id, (ln(px) - vmean(px)) / vsum(px * 1e308) FROM ft WHERE id = -2'),
	('SELECT id, vsum(px * 1e308) * (ln(px) - vmean(px)) FROM ft WHERE id = -2'),
	('SELECT id, (px * 1e10 - vmean(px)) / vsum(px * 1e300) FROM ft WHERE id = -9'),
	('SELECT id, px / vmax(px) FROM ft WHERE id = -9'),
	('SELECT id, vstddev(px - vmean(px)), vsum((px - vmean(px)) / vstddev(px)), vmax(dlog(px, 1, ''null'') - vmin(dlog(px, 1, ''null''))) FROM ft WHERE id IN (-1, -3, -4, -5, 0, 2, 64, 1023, 1024, 1025, 3000) ORDER BY id'),
	('SELECT id, vcorr(px - vmean(px), py), vdot(pn / vmax(pn), pn) FROM ft WHERE id IN (-1, -3, -4, -5, 0, 2, 64, 1023, 1024, 1025, 3000) AND id <> -4 ORDER BY id'),
	('SELECT id, vcorr(px - vmean(px), py) FROM ft WHERE id = -4'),
	('SELECT id, px - vmean(px - vmean(px)) FROM ft WHERE id <> -7 ORDER BY id'),
	('SELECT id, vsum((px - vmean(px)) / vstddev(px)) FROM ft WHERE id = -6'),
	('SELECT id, cummax(rolling_quantile(px, 1, ''NaN''::float8) - vvar(rolling_quantile(px, 1, ''NaN''::float8))) FROM ft WHERE id = 64'),
	('SELECT id, ema(px * 0.001, vmin(px * 0.001)) - vmin(px) FROM ft WHERE id IN (-1, -5, 0, 2, 64, 1023, 1024, 1025, 3000) ORDER BY id'),
	('SELECT id, ema(px, vmax(px)) FROM ft WHERE id = 64');
CREATE FUNCTION ft_bits(q text, fused bool) RETURNS text LANGUAGE plpgsql AS $$
DECLARE r text;
BEGIN
	PERFORM set_config('fusekern.enable_fusion', fused::text, true);
	BEGIN
		EXECUTE 'SELECT md5(string_agg(t::text, '';'')) FROM (' || q || ') t' INTO r;
	EXCEPTION WHEN OTHERS THEN
		r := 'ERROR ' || SQLSTATE || ': ' || SQLERRM;
	END;
	RETURN r;
END $$;
-- each query of ft_q: the same text of its rows fused and unfused, or the
-- same error, which it shows
CREATE FUNCTION ft_check() RETURNS TABLE (query text, same bool, error text)
LANGUAGE sql AS $$
	SELECT left(q, 70), ft_bits(q, true) = ft_bits(q, false),
		   CASE WHEN ft_bits(q, true) LIKE 'ERROR%' THEN ft_bits(q, true) END
	FROM ft_q
$$;
SELECT * FROM ft_check();

-- the values themselves, against core's avg and stddev_samp over unnest
SELECT id, (px - vmean(px)) / vstddev(px) AS z FROM ft WHERE id IN (-3, -4, -5, 2);
SELECT f.id, count(*) AS n, count(f.z) AS present,
	   bool_and(CASE WHEN f.v IS NULL THEN f.z IS NULL
					 ELSE coalesce(abs(f.z - (f.v - s.m) / s.sd) <=
								   1e-12 * (1 + abs(f.z)), false) END) AS as_core
FROM (SELECT id, unnest(px) AS v, unnest((px - vmean(px)) / vstddev(px)) AS z
	  FROM ft WHERE id IN (64, 1025, 3000)) f
JOIN (SELECT id, avg(v) AS m, stddev_samp(v) AS sd
	  FROM ft, unnest(px) v WHERE id IN (64, 1025, 3000) GROUP BY id) s USING (id)
GROUP BY f.id ORDER BY f.id;

-- errors: the first in the unfused order, whichever phase finds one
SELECT (px - vmean(px)) / vstddev(px) FROM ft WHERE id = -6;
SELECT (px - vmean(px)) / vstddev(px) FROM ft WHERE id = -7;
SELECT (ln(px) - vmean(px)) / vsum(px * 1e308) FROM ft WHERE id = -2;
SELECT vsum(px * 1e308) * (ln(px) - vmean(px)) FROM ft WHERE id = -2;
SET fusekern.enable_fusion = off;
SELECT (px - vmean(px)) / vstddev(px) FROM ft WHERE id = -6;
SELECT (px - vmean(px)) / vstddev(px) FROM ft WHERE id = -7;
SELECT (ln(px) - vmean(px)) / vsum(px * 1e308) FROM ft WHERE id = -2;
SELECT vsum(px * 1e308) * (ln(px) - vmean(px)) FROM ft WHERE id = -2;
RESET fusekern.enable_fusion;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT (ln(px) - vmean(px)) / vsum(px * 1e308) FROM ft;

-- a reduction that is NULL makes its scalar NULL, as unfused
SELECT id, (px - vmean(px)) / vstddev(px) AS z, px / vsum(px) AS w
FROM ft WHERE id IN (-5, -1, 0, 1) ORDER BY id;

-- what ran; with dlog(px, 1) in both phases, the first keeps it for the
-- second, which reads it instead of computing it again
SET client_min_messages = debug1;
SELECT (px - vmean(px)) / vstddev(px) FROM ft WHERE id = 2;
SELECT cardinality((dlog(px, 1) - vmean(dlog(px, 1))) / vstddev(dlog(px, 1))) FROM ft WHERE id = 64;
SELECT (ln(abs(px)) - vmean(ln(abs(px)))) * vmax(px) FROM ft WHERE id = -3;
RESET client_min_messages;
-- kept values over NULLs at word and block edges, the lag's NULLs, faults
-- made NULL by on_error 'null', a fault of either phase
DELETE FROM ft_q;
INSERT INTO ft_q VALUES
	('SELECT id, (dlog(px, 1) - vmean(dlog(px, 1))) / vstddev(dlog(px, 1)) FROM ft WHERE id NOT IN (-2, -3, -6, -7, -9) ORDER BY id'),
	('SELECT id, (dlog(pn, 64) - vmean(dlog(pn, 64))) / vstddev(dlog(pn, 64)) FROM ft WHERE id NOT IN (-2, -3, -6, -7, -9) ORDER BY id'),
	('SELECT id, cumsum(ln(px, ''null'') - vmin(ln(px, ''null''))), ln(px, ''null'') * vsum(ln(px, ''null'')) FROM ft ORDER BY id'),
	('SELECT id, exp(px * 0.001) / vsum(exp(px * 0.001)), rolling_mean(px, 3) - vmax(rolling_mean(px, 3)) FROM ft WHERE id NOT IN (-7, -9) ORDER BY id'),
	('SELECT id, (dlog(px, 1) - vmean(dlog(px, 1))) / vstddev(dlog(px, 1)) FROM ft WHERE id = -2'),
	('SELECT id, ln(px) * vsum(ln(px) * 1e308) FROM ft WHERE id = 2'),
	('SELECT id, vsum((dlog(px, 1) - vmean(dlog(px, 1))) / vstddev(dlog(px, 1))), vcorr(dlog(px), py - vmean(dlog(px))) FROM ft WHERE id NOT IN (-2, -3, -4, -6, -7, -9) ORDER BY id');
SELECT * FROM ft_check();
SET client_min_messages = debug1;
SELECT vcorr(dlog(px), py - vmean(dlog(px))) IS NOT NULL AS r FROM ft WHERE id = 64;
RESET client_min_messages;

-- a prepared statement with a generic plan, and the privileges of every
-- function the call stands for, checked when it runs
SET plan_cache_mode = force_generic_plan;
PREPARE ft_p(int) AS SELECT (px - vmean(px)) / vstddev(px) FROM ft WHERE id = $1;
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE ft_p(2);
EXECUTE ft_p(2);
CREATE ROLE ft_alice;
GRANT SELECT ON ft TO ft_alice;
REVOKE EXECUTE ON FUNCTION vstddev(float8[]) FROM public;
SET ROLE ft_alice;
EXECUTE ft_p(2);
SELECT (px - vmean(px)) / vstddev(px) FROM ft WHERE id = 2;
SELECT fused_eval('((v1 - vmean(v1)) / vstddev(v1))', px) FROM ft WHERE id = 2;
SELECT px - vmean(px) FROM ft WHERE id = 2;
RESET ROLE;
GRANT EXECUTE ON FUNCTION vstddev(float8[]) TO public;
SET ROLE ft_alice;
EXECUTE ft_p(2);
RESET ROLE;
DEALLOCATE ft_p;
RESET plan_cache_mode;
DROP OWNED BY ft_alice;
DROP ROLE ft_alice;

-- programs written by hand
SELECT fused_eval('((v1 - vmean(v1)) / vstddev(v1))', '{1,2,4}'::float8[]);
SELECT fused_eval_nvec('(v1 / vsum(abs(v1)))', '{1,-2,NULL,4}'::nvec);
SELECT fused_eval('(v1 - vargmax(v1))', '{1,2}'::float8[]);
SELECT fused_eval('(v1 - vdot(v1, v1))', '{1,2}'::float8[]);
SELECT fused_eval('(v1 - vmean((v1 - vmean(v1))))', '{1,2}'::float8[]);
SELECT fused_eval('ln(vmean(v1))', '{1,2}'::float8[]);
SELECT fused_eval('vmean(v1)', '{1,2}'::float8[]);
SELECT fused_reduce('vsum((v1 - vmean(v1)))', '{1,2}'::float8[]);
-- the inputs of phase 1 and phase 2 have one length, or it evaluates unfused
SELECT fused_eval('(v1 - vmean(v2))', '{1,2}'::float8[], '{1,2,3}'::float8[]);
-- a scalar of the program from a reduction, checked once it is known
EXPLAIN (VERBOSE, COSTS OFF)
SELECT ema(px * 0.001, vmin(px * 0.001)) - vmin(px) FROM ft;

-- a compressed nvec: both phases decode it a block at a time
CREATE TABLE ftc (id int, pc nvec(compressed));
INSERT INTO ftc
SELECT n, array(SELECT CASE WHEN i % 97 = 5 THEN NULL
					   ELSE round((100 + 0.01 * i + sin(i))::numeric, 2)::float8 END
				FROM generate_series(1, n) i)::nvec
FROM (VALUES (2), (1023), (1025), (3000)) l(n);
SELECT count(*) AS rows, count(*) FILTER (WHERE nvec_encoding(pc) = 'alp') AS compressed FROM ftc;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT (pc - vmean(pc)) / vstddev(pc) FROM ftc;
SELECT ft_bits(q, true) = ft_bits(q, false) AS same, ft_bits(q, true) LIKE 'ERROR%' AS error
FROM (VALUES ('SELECT id, (pc - vmean(pc)) / vstddev(pc), vsum((dlog(pc, 1) - vmean(dlog(pc, 1))) / vstddev(dlog(pc, 1))) FROM ftc WHERE id > 1 ORDER BY id')) v(q);

-- core's float8 arithmetic on the reductions (+ - * /, unary -, sqrt, abs)
-- is in the program too: the reductions in the first phase, the arithmetic
-- on their results with core's checks, then the program
EXPLAIN (VERBOSE, COSTS OFF)
SELECT px - vmax(px) * 2, (px - vmean(px)) / (vstddev(px) * sqrt(252)),
	   px * (-vmin(px)), px + abs(vmin(px) - 200), px / sqrt(vvar(px)),
	   (pn - vmean(pn)) / (vstddev(pn) * 2), vsum(px - vmax(px) * 2),
	   px - vmax(px) * id
FROM ft;
-- not in the program: arithmetic on a reduction of another series, on no
-- reduction, the operators |/ and @ (other functions than sqrt and abs),
-- and arithmetic whose reduction comes before an argument that may raise
-- an error (vmin(py) may be of two dimensions): the reduction would be an
-- argument of the call, so is the arithmetic
EXPLAIN (VERBOSE, COSTS OFF)
SELECT px - vmax(py) * 2, px - (id * 2)::float8, px - |/ vmax(px),
	   px - @ vmin(px), px - vmax(px) * vmin(py),
	   px - vmax(px) * (CASE WHEN id > 100 THEN NULL ELSE 2 END)::float8
FROM ft;
DELETE FROM ft_q;
INSERT INTO ft_q VALUES
	('SELECT id, px - vmax(px) * 2, (px - vmean(px)) / (vstddev(px) * sqrt(252)), px * (-vmin(px)) FROM ft WHERE id IN (-1, -3, -4, -5, 0, 1, 2, 64, 1023, 1024, 1025, 3000) ORDER BY id'),
	('SELECT id, px + abs(vmin(px) - 200), px / sqrt(vvar(px)), vsum(px - vmax(px) * 2), px - vmax(px) * id FROM ft WHERE id IN (-1, -4, -5, 0, 1, 2, 64, 1023, 1024, 1025, 3000) ORDER BY id'),
	('SELECT id, (pn - vmean(pn)) / (vstddev(pn) * 2), pn - (vmax(pn) - vmin(pn)) / 2 FROM ft WHERE id IN (-1, -3, -4, -5, 0, 1, 2, 64, 1023, 1024, 1025, 3000) ORDER BY id'),
	('SELECT id, px - vmax(px) * (CASE WHEN id > 100 THEN NULL ELSE 2 END)::float8 FROM ft WHERE id IN (2, 64, 1023, 1024, 3000) ORDER BY id'),
	('SELECT id, px - vmax(px) * 1e308 FROM ft WHERE id = -9'),
	('SELECT id, px - vmin(px) * 1e-300 * 1e-300 FROM ft WHERE id = 2'),
	('SELECT id, px / (vmax(px) - vmin(px)) FROM ft WHERE id = -6'),
	('SELECT id, px - sqrt(vmin(px) - 200) FROM ft WHERE id = 2'),
	('SELECT id, (ln(px) - vmean(px)) / (vsum(px) * 1e308) FROM ft WHERE id = -2'),
	('SELECT id, (vsum(px) * 1e308) * (ln(px) - vmean(px)) FROM ft WHERE id = -2'),
	('SELECT id, (px / (vmax(px) - vmin(px))) + vsum(px * 1e308) FROM ft WHERE id = -6'),
	('SELECT id, vsum(px * 1e308) + (px / (vmax(px) - vmin(px))) FROM ft WHERE id = -6'),
	('SELECT id, ema(px, vmin(px) / vmax(px)) FROM ft WHERE id IN (2, 64)');
SELECT * FROM ft_check();

-- the values against core's max, min and arithmetic over unnest: the same
-- bits, element by element
SELECT f.id, count(*) AS n, count(f.r) AS present,
	   bool_and(f.r IS NOT DISTINCT FROM f.v - s.mx * 2) AS as_core,
	   bool_and(f.a IS NOT DISTINCT FROM f.v + abs(s.mn - 200)) AS abs_as_core
FROM (SELECT id, unnest(px) AS v, unnest(px - vmax(px) * 2) AS r,
			 unnest(px + abs(vmin(px) - 200)) AS a
	  FROM ft WHERE id IN (2, 64, 1025, 3000)) f
JOIN (SELECT id, max(v) AS mx, min(v) AS mn
	  FROM ft, unnest(px) v WHERE id IN (2, 64, 1025, 3000) GROUP BY id) s USING (id)
GROUP BY f.id ORDER BY f.id;

-- errors of the arithmetic, in the unfused order: the error of each query
-- fused (SQLSTATE, message, detail), and whether unfused raises the same
CREATE FUNCTION ft_err(q text, fused bool) RETURNS text LANGUAGE plpgsql AS $$
DECLARE m text; d text;
BEGIN
	PERFORM set_config('fusekern.enable_fusion', fused::text, true);
	EXECUTE q;
	RETURN 'no error';
EXCEPTION WHEN OTHERS THEN
	GET STACKED DIAGNOSTICS m = MESSAGE_TEXT, d = PG_EXCEPTION_DETAIL;
	RETURN SQLSTATE || ': ' || m || coalesce(' (' || nullif(d, '') || ')', '');
END $$;
SELECT q AS query, ft_err(q, true) AS fused, ft_err(q, true) = ft_err(q, false) AS same
FROM unnest(ARRAY[
	'SELECT px - vmax(px) * 1e308 FROM ft WHERE id = -9',
	'SELECT px - vmin(px) * 1e-300 * 1e-300 FROM ft WHERE id = 2',
	'SELECT px / (vmax(px) - vmin(px)) FROM ft WHERE id = -6',
	'SELECT px - sqrt(vmin(px) - 200) FROM ft WHERE id = 2',
	'SELECT (ln(px) - vmean(px)) / (vsum(px) * 1e308) FROM ft WHERE id = -2',
	'SELECT (vsum(px) * 1e308) * (ln(px) - vmean(px)) FROM ft WHERE id = -2']) q;
-- a NULL series, an empty one: the reduction is NULL, so is the scalar
SELECT id, px - vmax(px) * 2 AS r FROM ft WHERE id IN (-5, -1, 0) ORDER BY id;
-- a NULL argument of the arithmetic (a parameter of a generic plan)
SET plan_cache_mode = force_generic_plan;
PREPARE ft_k(float8) AS
	SELECT id, px - vmax(px) * $1 AS r FROM ft WHERE id IN (-5, 2) ORDER BY id;
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE ft_k(NULL);
EXECUTE ft_k(NULL);
EXECUTE ft_k(2);
DEALLOCATE ft_k;
RESET plan_cache_mode;
SET client_min_messages = debug1;
SELECT px - vmax(px) * 2 FROM ft WHERE id = 2;
SELECT px / (vmax(px) - vmin(px)) FROM ft WHERE id = -6;
RESET client_min_messages;

-- by hand: accepted, and refused where the planner would not write it
SELECT fused_eval('(v1 - (vmax(v1) * 2))', '{1,2,4}'::float8[]);
SELECT fused_eval_nvec('(v1 / sqrt(vvar(v1)))', '{1,-2,NULL,4}'::nvec);
SELECT fused_eval('(v1 * (v2 - abs((-vmin(v1)))))', '{1,-2,4}'::float8[], 3::float8);
SELECT fused_eval('(v1 - (2 * 3))', '{1,2}'::float8[]);
SELECT fused_eval('(v1 - (v2 * 3))', '{1,2}'::float8[], 3::float8);
SELECT fused_eval('(v1 - sqrt(vmax(v1), ''null''))', '{1,2}'::float8[]);
SELECT fused_eval('(vmax(v1) * 2)', '{1,2}'::float8[]);
SELECT fused_reduce('vmean((vmax(v1) * 2))', '{1,2}'::float8[]);
SELECT fused_eval('(v1 - vmean((v1 - (vmax(v1) * 2))))', '{1,2}'::float8[]);
SELECT fused_eval('dlog(v1, (vmax(v1) * 2))', '{1,2}'::float8[]);
SELECT fused_eval('(v1 - (vmax(v1) % 2))', '{1,2}'::float8[]);
SELECT fused_eval('(v1 - (vmax(v1) * ))', '{1,2}'::float8[]);

-- reductions of two vectors (vdot, vcov, vcov_pop, vcorr) over vectors the
-- program reads: a regression's residual is one call
EXPLAIN (VERBOSE, COSTS OFF)
SELECT py - (vcov(px, py) / vvar(px)) * px,
	   (px - vmean(px)) * vcorr(px, py) + py, px * vdot(px, px),
	   (pn - vmean(pn)) * (vcov_pop(pn, pn) - vdot(pn, pn)),
	   vsum(py - vcov(px, py) / vvar(px) * px)
FROM ft;
-- not: vdot of a vector the rest does not read (px * vdot(px, py))
EXPLAIN (VERBOSE, COSTS OFF)
SELECT px * vdot(px, py), (px - vmean(px)) * vcorr(px, py) FROM ft;
DELETE FROM ft_q;
INSERT INTO ft_q VALUES
	('SELECT id, py - (vcov(px, py) / vvar(px)) * px, (px - vmean(px)) * vcorr(px, py) + py FROM ft WHERE id IN (-1, -3, -5, -8, 0, 1, 2, 64, 1023, 1024, 1025, 3000) ORDER BY id'),
	('SELECT id, px * vdot(px, px), py * vcov_pop(px, py), vsum(py - vcov(px, py) / vvar(px) * px) FROM ft WHERE id IN (-1, -3, -5, -8, 0, 1, 2, 64, 1023, 1024, 1025, 3000) ORDER BY id'),
	('SELECT id, (pn - vmean(pn)) * (vcov_pop(pn, pn) - vdot(pn, pn)), pn / vdot(pn, pn) FROM ft WHERE id IN (-1, -3, -5, 0, 1, 2, 64, 1023, 1024, 1025, 3000) ORDER BY id'),
	('SELECT id, py - (vcov(px, py) / vvar(px)) * px FROM ft WHERE id = -4'),
	('SELECT id, py - (vcov(px, py) / vvar(px)) * px FROM ft WHERE id = -6'),
	('SELECT id, py - (vcov(px, py) / vvar(px)) * px FROM ft WHERE id = -7'),
	('SELECT id, px * vdot(px, px) FROM ft WHERE id = -7'),
	('SELECT id, (ln(px) - vmean(px)) * vcov(px, py) FROM ft WHERE id = -2'),
	('SELECT id, ln(py) * vcov(px * 1e308, py) + px FROM ft WHERE id = -7');
SELECT * FROM ft_check();
-- the residual against core's covar_samp and var_samp over unnest
SELECT f.id, count(*) AS n, count(f.r) AS present,
	   bool_and(CASE WHEN f.x IS NULL OR f.y IS NULL THEN f.r IS NULL
					 ELSE coalesce(abs(f.r - (f.y - (s.c / s.v) * f.x)) <=
								   1e-12 * (1 + abs(f.r)), false) END) AS as_core
FROM (SELECT id, unnest(px) AS x, unnest(py) AS y,
			 unnest(py - (vcov(px, py) / vvar(px)) * px) AS r
	  FROM ft WHERE id IN (64, 1025, 3000)) f
JOIN (SELECT id, covar_samp(x, y) AS c, var_samp(x) AS v
	  FROM ft, unnest(px, py) u(x, y) WHERE id IN (64, 1025, 3000) GROUP BY id) s
	USING (id)
GROUP BY f.id ORDER BY f.id;
-- errors: lengths that differ, an overflowing covariance, a division by
-- zero of the arithmetic, as unfused
SELECT q AS query, ft_err(q, true) AS fused, ft_err(q, true) = ft_err(q, false) AS same
FROM unnest(ARRAY[
	'SELECT py - (vcov(px, py) / vvar(px)) * px FROM ft WHERE id = -4',
	'SELECT py - (vcov(px, py) / vvar(px)) * px FROM ft WHERE id = -6',
	'SELECT py - (vcov(px, py) / vvar(px)) * px FROM ft WHERE id = -7']) q;
SET client_min_messages = debug1;
SELECT py - (vcov(px, py) / vvar(px)) * px FROM ft WHERE id = 2;
RESET client_min_messages;
-- EXECUTE on vcov, checked when the call runs, cached plan or not
SET plan_cache_mode = force_generic_plan;
PREPARE ft_r(int) AS SELECT py - (vcov(px, py) / vvar(px)) * px FROM ft WHERE id = $1;
EXECUTE ft_r(2);
CREATE ROLE ft_bob;
GRANT SELECT ON ft TO ft_bob;
REVOKE EXECUTE ON FUNCTION vcov(float8[], float8[]) FROM public;
SET ROLE ft_bob;
EXECUTE ft_r(2);
SELECT py - (vcov(px, py) / vvar(px)) * px FROM ft WHERE id = 2;
SELECT fused_eval('(v1 - ((vcov(v2, v1) / vvar(v2)) * v2))', py, px) FROM ft WHERE id = 2;
SELECT py - (vvar(px) / 2) * px FROM ft WHERE id = 2;
RESET ROLE;
GRANT EXECUTE ON FUNCTION vcov(float8[], float8[]) TO public;
SET ROLE ft_bob;
EXECUTE ft_r(2);
RESET ROLE;
DEALLOCATE ft_r;
RESET plan_cache_mode;
DROP OWNED BY ft_bob;
DROP ROLE ft_bob;
-- by hand
SELECT fused_eval('(v1 - (vcov(v1, v2) * v2))', '{1,2,4}'::float8[], '{2,3,5}'::float8[]);
SELECT fused_eval('(v1 - vcorr(v1))', '{1,2}'::float8[]);
SELECT fused_eval('(v1 - vcov(v1, 2))', '{1,2}'::float8[]);
