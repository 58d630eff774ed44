-- Fusion through reductions: a reduction over a tree of elementwise and
-- lagged operations becomes one fused_reduce call, evaluated a block at a
-- time into the reduction's accumulator, bit-identical to the unfused one.
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;
SET extra_float_digits = 3;

CREATE TABLE fs_px (id int PRIMARY KEY, px float8[]);
-- lengths at the fused evaluator's block edges (1024), with NULLs at word
-- and block boundaries (ids: the length)
INSERT INTO fs_px
SELECT n, (SELECT coalesce(array_agg(
	CASE WHEN i IN (64, 65, 128, 1024, 1025, 2048) THEN NULL
		 ELSE 100 + 10 * sin(i * 0.7 + n) + i * 0.001 END ORDER BY i), '{}')
		   FROM generate_series(1, n) i)
FROM (VALUES (0), (1), (2), (1023), (1024), (1025), (3000)) AS l(n);
-- two of them with special values, ids n + 10000 * k: k = 2 NaN, 3 +Inf,
-- 4 a zero, 5 a negative (ln faults), 6 -Inf and +Inf
INSERT INTO fs_px
SELECT n + 10000 * k, (SELECT array_agg(
	CASE WHEN i IN (64, 65, 128, 1024, 1025, 2048) THEN NULL
		 WHEN k = 2 AND i = 700 THEN 'NaN'::float8
		 WHEN k = 3 AND i = 3 THEN 'Infinity'::float8
		 WHEN k = 6 AND i = 1500 THEN '-Infinity'::float8
		 WHEN k = 6 AND i = 1600 THEN 'Infinity'::float8
		 WHEN k = 4 AND i = 1000 THEN 0
		 WHEN k = 5 AND i = 1030 THEN -1
		 ELSE 100 + 10 * sin(i * 0.7 + n) + i * 0.001 END ORDER BY i)
		   FROM generate_series(1, n) i)
FROM (VALUES (1025), (3000)) AS l(n), generate_series(2, 6) AS k;
SELECT count(*), sum(coalesce(array_length(px, 1), 0)) FROM fs_px;

-- what the planner writes
EXPLAIN (VERBOSE, COSTS OFF)
SELECT vmean(dlog(px, 1)), vstddev(dlog(px, 1)), vdot(dlog(px, 1), px),
	   vsum((px - 100::float8) * 2::float8), vmin(ln(px, 'null')), vmax(diff(px, 1))
FROM fs_px;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT vstddev(dlog(px::nvec, 1)), vdot(ln(px::nvec), ln(px::nvec)) FROM fs_px;
-- one operation under the reduction is enough; none is not
EXPLAIN (VERBOSE, COSTS OFF) SELECT vsum(ln(px)), vsum(px), vdot(px, px) FROM fs_px;
-- a reduction over a call whose on_error is no constant stays unfused
EXPLAIN (VERBOSE, COSTS OFF)
SELECT vsum(ln(px, CASE WHEN id > 0 THEN 'null' ELSE 'error' END)) FROM fs_px;
-- vcount returns bigint: never fused
EXPLAIN (VERBOSE, COSTS OFF) SELECT vcount(ln(px, 'null')) FROM fs_px;
SET fusekern.enable_fusion = off;
EXPLAIN (VERBOSE, COSTS OFF) SELECT vmean(dlog(px, 1)) FROM fs_px;
RESET fusekern.enable_fusion;

-- fused against unfused, bit for bit: every reduction over trees of both
-- types, on every row (ln faults are made NULL where they would raise)
-- (a view: fusion is decided when the query using it is planned)
CREATE TEMP VIEW fs_q AS
SELECT id,
	   ARRAY[vsum(dlog(px, 1)), vmean(dlog(px, 1)), vmin(dlog(px, 1)),
			 vmax(dlog(px, 1)), vprod(scale_add(dlog(px, 1), 0.5, 1)),
			 vvar(dlog(px, 1)), vstddev(dlog(px, 1)), vvar_pop(diff(px, 2)),
			 vstddev_pop(diff(px, 1)), vdot(dlog(px, 1), px),
			 vdot(diff(px, 1), dlog(px, 1)), vsum(ln(px, 'null') * 2::float8),
			 vmean(dlog(px, 1, 'null')), vstddev((px - 100::float8) / 3::float8),
			 vsum(dlog(px::nvec, 1)), vstddev(dlog(px::nvec, 1)),
			 vmin(ln(px::nvec, 'null')), vmax(diff(px::nvec, 3)),
			 vdot(diff(px::nvec, 1), px::nvec),
			 vvar(scale_add(dlog(px::nvec, 1, 'null'), 252, 0))] AS r
FROM fs_px WHERE id % 10000 NOT IN (4, 5) AND id < 40000;
CREATE TEMP TABLE fs_on AS SELECT * FROM fs_q;
SET fusekern.enable_fusion = off;
CREATE TEMP TABLE fs_off AS SELECT * FROM fs_q;
RESET fusekern.enable_fusion;
-- rows compared, results that are numbers, and the rows that differ
SELECT count(*) AS rows,
	   sum((SELECT count(x) FROM unnest(a.r) x)) AS values,
	   count(*) FILTER (WHERE a.r::text IS DISTINCT FROM b.r::text) AS text_differs,
	   count(*) FILTER (WHERE EXISTS (
		   SELECT 1 FROM unnest(a.r, b.r) AS u(x, y)
		   WHERE float8send(x) IS DISTINCT FROM float8send(y)))
		   AS bits_differ
FROM fs_on a JOIN fs_off b USING (id);
-- a few of them, to see they are numbers
-- the view is fused when fusion is on
EXPLAIN (VERBOSE, COSTS OFF) SELECT r[7] FROM fs_q WHERE id = 1025;
SELECT id, r[2] AS vmean_dlog, r[7] AS vstddev_dlog, r[10] AS vdot
FROM fs_on WHERE id IN (0, 1, 2, 1025, 3000, 23000, 33000) ORDER BY id;

-- those ran fused (a fault or a NULL argument would say "evaluated unfused")
SET client_min_messages = debug1;
SELECT count(vstddev(dlog(px, 1))) FROM fs_px WHERE id < 20000;
SELECT vstddev(dlog(px, 1)) FROM fs_px WHERE id = 43000;
RESET client_min_messages;

-- infinities of both signs: the trees without logarithms, bit for bit
CREATE TEMP VIEW fs_inf_q AS
SELECT id, ARRAY[vsum(diff(px, 1)), vmean(px * 2::float8), vmin(px - 1::float8),
				 vmax(diff(px::nvec, 2)), vstddev(px / 2::float8),
				 vdot(diff(px, 1), px), vprod(px / 100::float8)] AS r
FROM fs_px WHERE id >= 60000;
CREATE TEMP TABLE fs_inf_on AS SELECT * FROM fs_inf_q;
SET fusekern.enable_fusion = off;
CREATE TEMP TABLE fs_inf_off AS SELECT * FROM fs_inf_q;
RESET fusekern.enable_fusion;
SELECT a.id, a.r, a.r::text = b.r::text AS same_text,
	   NOT EXISTS (SELECT 1 FROM unnest(a.r, b.r) AS u(x, y)
				   WHERE float8send(x) IS DISTINCT FROM float8send(y)) AS same_bits
FROM fs_inf_on a JOIN fs_inf_off b USING (id) ORDER BY id;

-- on_error 'null' under a reduction: the faulty elements are skipped, as
-- unfused, fused or not
SELECT id, vsum(ln(px, 'null')) AS fused FROM fs_px WHERE id IN (43000, 53000) ORDER BY id;
SET fusekern.enable_fusion = off;
SELECT id, vsum(ln(px, 'null')) AS unfused FROM fs_px WHERE id IN (43000, 53000) ORDER BY id;
RESET fusekern.enable_fusion;

-- on_error 'error': the unfused error, fused or not
SELECT vmean(ln(px)) FROM fs_px WHERE id = 53000;
SELECT vstddev(dlog(px, 1)) FROM fs_px WHERE id = 43000;
SELECT vdot(ln(px), px) FROM fs_px WHERE id = 53000;
SET fusekern.enable_fusion = off;
SELECT vmean(ln(px)) FROM fs_px WHERE id = 53000;
SELECT vstddev(dlog(px, 1)) FROM fs_px WHERE id = 43000;
SELECT vdot(ln(px), px) FROM fs_px WHERE id = 53000;
RESET fusekern.enable_fusion;

-- NULL vector, and vectors of different lengths under vdot: as unfused
SELECT vsum(ln(NULL::float8[])) IS NULL AS null_in;
SELECT vdot(dlog(a.px, 1), b.px) FROM fs_px a, fs_px b WHERE a.id = 1024 AND b.id = 1025;
-- a sum of finite elements that overflows: core's error, fused or not
SELECT vsum(ARRAY[1e308, 1e308]::float8[] * 1::float8);
SET fusekern.enable_fusion = off;
SELECT vsum(ARRAY[1e308, 1e308]::float8[] * 1::float8);
RESET fusekern.enable_fusion;
-- an empty vector and an all-NULL one
SELECT vsum(ln('{}'::float8[])) AS empty, vmean(ln('{NULL,NULL}'::float8[])) AS all_null,
	   vstddev(ln('{1}'::float8[])) AS one;

-- EXECUTE on the reduction, running and rolling functions is checked when
-- the fused call runs
CREATE ROLE fs_user;
GRANT SELECT ON fs_px TO fs_user;
REVOKE EXECUTE ON FUNCTION vstddev(float8[]) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION rolling_mean(float8[], integer) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION cumsum(float8[]) FROM PUBLIC;
SET ROLE fs_user;
SELECT vstddev(dlog(px, 1)) FROM fs_px WHERE id = 1;
SELECT (px - rolling_mean(px, 3)) * 2::float8 FROM fs_px WHERE id = 1;
SELECT cumsum(dlog(px, 1)) FROM fs_px WHERE id = 1;
RESET ROLE;
GRANT EXECUTE ON FUNCTION vstddev(float8[]) TO PUBLIC;
GRANT EXECUTE ON FUNCTION rolling_mean(float8[], integer) TO PUBLIC;
GRANT EXECUTE ON FUNCTION cumsum(float8[]) TO PUBLIC;
DROP OWNED BY fs_user;
DROP ROLE fs_user;

-- a program that is no reduction is refused by fused_reduce, and one that
-- is by fused_eval
SELECT fused_reduce('ln(v1)', '{1,2}'::float8[]);
SELECT fused_eval('vsum(ln(v1))', '{1,2}'::float8[]);
-- reductions only at the root
SELECT fused_reduce('vsum(vsum(v1))', '{1,2}'::float8[]);
SELECT fused_reduce('vsum(ln(v1))', '{1,2}'::float8[]);

-- Running operations (cumsum, cumprod, cummax, cummin, ema, fill_forward,
-- fill_null) are stateful instructions of the fused program, with
-- operations above and below them, and under a reduction
EXPLAIN (VERBOSE, COSTS OFF)
SELECT cumsum(dlog(px, 1)), ema(ln(px), 0.1) * 2::float8,
	   vstddev(cumsum(dlog(px, 1))), fill_null(cummax(px) - px, 0),
	   fill_forward(ln(px, 'null')), cumprod(px::nvec / 100::float8)
FROM fs_px;
-- a lone running operation stays a call; shift(v, k) fuses for k >= 0,
-- a lead (k < 0) stays a call, an input of the fused call around it; alpha
-- may come from a column (checked per call), but an expression that may
-- fault (id / 1e5 is a float8 division) is evaluated before the program,
-- so ln(px), left of it, stays out of it and ema alone is not rewritten
EXPLAIN (VERBOSE, COSTS OFF)
SELECT cumsum(px), ln(shift(px, 1)) * 2::float8, ln(shift(px, -1)) * 2::float8,
	   ema(ln(px), id / 1e5::float8)
FROM fs_px;
CREATE TEMP VIEW fs_rq AS
SELECT id, ARRAY[cumsum(dlog(px, 1))::text,
				 (ema(ln(px), 0.1) * 2::float8)::text,
				 vstddev(cumsum(dlog(px, 1)))::text,
				 fill_null(cummax(px) - px, 0)::text,
				 fill_forward(ln(px, 'null'))::text,
				 cumprod(px / 100::float8)::text,
				 cummin(diff(px::nvec, 1))::text,
				 vmean(ema(px::nvec, 0.5))::text,
				 fill_forward(cumsum(diff(px, 1)))::text,
				 ema(dlog(px, 1), (id % 7 + 1) / 8.0::float8)::text,
				 (px - shift(px, 1))::text,
				 shift(dlog(px, 1), 0)::text,
				 shift(ln(px::nvec), 1025)::text,
				 vsum(shift(px, 1024) - px)::text,
				 (shift(px, id % 3000) * 2::float8)::text,
				 ln(shift(px, -1) * 2::float8)::text] AS r
FROM fs_px WHERE id < 40000;
CREATE TEMP TABLE fs_ron AS SELECT * FROM fs_rq;
SET fusekern.enable_fusion = off;
CREATE TEMP TABLE fs_roff AS SELECT * FROM fs_rq;
RESET fusekern.enable_fusion;
SELECT count(*) AS rows,
	   sum((SELECT count(x) FROM unnest(a.r) x)) AS values,
	   sum((SELECT sum(length(x)) FROM unnest(a.r) x)) > 1000000 AS long,
	   count(*) FILTER (WHERE a.r IS DISTINCT FROM b.r) AS differ
FROM fs_ron a JOIN fs_roff b USING (id);
-- all of it ran fused (no "evaluated unfused"), but the running chains
-- cumsum(dlog(x)) over a float8[] with NULLs, cumprod(x / 100) and
-- cummin(diff(x)), which run unfused by design (FkFuseChainUnfused)
SET client_min_messages = debug1;
SELECT count(r) FROM fs_rq;
RESET client_min_messages;
SELECT id, left(r[1], 60) AS cumsum_dlog, r[3] AS vstddev_cumsum
FROM fs_ron WHERE id IN (0, 1, 2, 1025, 23000) ORDER BY id;
-- errors as unfused: an alpha out of (0, 1], an overflow of cumprod
SELECT ema(ln(px), 1.5) FROM fs_px WHERE id = 3000;
SELECT vsum(cumprod(px * 1e100::float8)) FROM fs_px WHERE id = 3000;
SET fusekern.enable_fusion = off;
SELECT ema(ln(px), 1.5) FROM fs_px WHERE id = 3000;
SELECT vsum(cumprod(px * 1e100::float8)) FROM fs_px WHERE id = 3000;
RESET fusekern.enable_fusion;

-- Rolling operations (rolling_sum, _mean, _stddev, _min, _max, _count of
-- (v, w)) are stateful instructions too: their window's state crosses the
-- blocks; the rolling z-score is one pass
EXPLAIN (VERBOSE, COSTS OFF)
SELECT rolling_mean(dlog(px, 1), 20),
	   (px - rolling_mean(px, 20)) / rolling_stddev(px, 20),
	   vstddev(rolling_max(px, 5) - rolling_min(px, 5)),
	   rolling_count(dlog(px::nvec, 1, 'null'), 3)
FROM fs_px;
-- the form with min_count is not fused (the calls around it still are)
EXPLAIN (VERBOSE, COSTS OFF)
SELECT ln(rolling_sum(px, 20, 5)) * 2::float8 FROM fs_px;
-- windows of 1, shorter and longer than a block, longer than the vector
CREATE TEMP VIEW fs_wq AS
SELECT id, ARRAY[rolling_mean(dlog(px, 1), 20)::text,
				 ((px - rolling_mean(px, 20)) / rolling_stddev(px, 20))::text,
				 vstddev(rolling_max(px, 5) - rolling_min(px, 5))::text,
				 rolling_sum(ln(px), 1500)::text,
				 rolling_count(dlog(px::nvec, 1), 3)::text,
				 rolling_mean(px * 2::float8, 5000)::text,
				 rolling_stddev(diff(px, 1), 1)::text,
				 rolling_min(cumsum(diff(px::nvec, 1)), 1024)::text,
				 vmean(rolling_max(px / 2::float8, 1025))::text,
				 rolling_sum(px - 100::float8, (id % 50) + 1)::text] AS r
FROM fs_px WHERE id < 40000;
CREATE TEMP TABLE fs_won AS SELECT * FROM fs_wq;
SET fusekern.enable_fusion = off;
CREATE TEMP TABLE fs_woff AS SELECT * FROM fs_wq;
RESET fusekern.enable_fusion;
SELECT count(*) AS rows,
	   sum((SELECT count(x) FROM unnest(a.r) x)) AS values,
	   count(*) FILTER (WHERE a.r IS DISTINCT FROM b.r) AS differ
FROM fs_won a JOIN fs_woff b USING (id);
-- all of it ran fused
SET client_min_messages = debug1;
SELECT count(r) FROM fs_wq;
RESET client_min_messages;
SELECT id, left(r[2], 70) AS zscore, r[3] AS vstddev_range
FROM fs_won WHERE id IN (2, 1025, 23000) ORDER BY id;
-- errors as unfused: a window of 0, a rolling sum that overflows
SELECT rolling_mean(ln(px), 0) FROM fs_px WHERE id = 3000;
SELECT rolling_sum(px * 1e306::float8, 20) FROM fs_px WHERE id = 3000;
SET fusekern.enable_fusion = off;
SELECT rolling_mean(ln(px), 0) FROM fs_px WHERE id = 3000;
SELECT rolling_sum(px * 1e306::float8, 20) FROM fs_px WHERE id = 3000;
RESET fusekern.enable_fusion;

-- rolling_quantile(v, w, q) is a rolling instruction too: the tree of
-- rolling_median, its quantile a scalar of the program (constant or not);
-- the form with min_count is not fused
EXPLAIN (VERBOSE, COSTS OFF)
SELECT rolling_quantile(dlog(px, 1), 20, 0.25),
	   vmax(rolling_quantile(px::nvec, 5, 0.9) - px::nvec),
	   rolling_quantile(ln(px), 20, 0.25, 10) * 2::float8
FROM fs_px;
CREATE TEMP VIEW fs_qq AS
SELECT id, ARRAY[rolling_quantile(dlog(px, 1), 20, 0.25)::text,
				 rolling_quantile(px * 2::float8, 1025, 0.9)::text,
				 (rolling_quantile(px::nvec, 3, 0) - px::nvec)::text,
				 vmean(rolling_quantile(diff(px, 1), 64, 1))::text,
				 rolling_quantile(ln(px), 5000, 1 / 3.0::float8)::text,
				 rolling_quantile(px - 1::float8, (id % 50) + 1,
								  (id % 7) / 6.0::float8)::text] AS r
FROM fs_px WHERE id < 40000;
CREATE TEMP TABLE fs_qon AS SELECT * FROM fs_qq;
SET fusekern.enable_fusion = off;
CREATE TEMP TABLE fs_qoff AS SELECT * FROM fs_qq;
RESET fusekern.enable_fusion;
SELECT count(*) AS rows,
	   sum((SELECT count(x) FROM unnest(a.r) x)) AS values,
	   count(*) FILTER (WHERE a.r IS DISTINCT FROM b.r) AS differ
FROM fs_qon a JOIN fs_qoff b USING (id);
-- all of it ran fused
SET client_min_messages = debug1;
SELECT count(r) FROM fs_qq;
RESET client_min_messages;
SELECT id, right(r[1], 70) AS q25_dlog_end FROM fs_qon WHERE id IN (2, 1025) ORDER BY id;
-- a quantile outside [0, 1]: the unfused error, fused or not
SELECT rolling_quantile(ln(px), 3, 1.5) FROM fs_px WHERE id = 3000;
SET fusekern.enable_fusion = off;
SELECT rolling_quantile(ln(px), 3, 1.5) FROM fs_px WHERE id = 3000;
RESET fusekern.enable_fusion;

-- The positions (vargmin, vargmax) and the statistics of two series (vcov,
-- vcov_pop, vcorr) are reductions too: the position comes back as a float8
-- that the plan casts to integer
EXPLAIN (VERBOSE, COSTS OFF)
SELECT vcorr(dlog(px, 1), dlog(px, 2)), vcov(diff(px, 1), px),
	   vargmax(px / cummax(px)), vargmin(dlog(px::nvec, 1))
FROM fs_px;
-- a lone one over inputs stays a call
EXPLAIN (VERBOSE, COSTS OFF) SELECT vargmax(px), vcorr(px, px) FROM fs_px;
-- fused against unfused, bit for bit, on every row (NaN, +Infinity)
CREATE TEMP VIEW fs_sq AS
SELECT id, ARRAY[vcorr(dlog(px, 1), dlog(px, 2)), vcov(diff(px, 1), px),
				 vcov_pop(px * 2::float8, shift(px, 1)),
				 vcorr(rolling_mean(px, 5), px),
				 vargmax(px / cummax(px))::float8, vargmin(px / cummax(px))::float8,
				 vargmax(diff(px, 1))::float8, vargmin(ln(px, 'null'))::float8,
				 vcorr(dlog(px::nvec, 1), diff(px::nvec, 1)),
				 vcov(ln(px::nvec, 'null'), px::nvec),
				 vargmax(cumsum(diff(px::nvec, 1)))::float8] AS r
FROM fs_px WHERE id < 40000;
CREATE TEMP TABLE fs_son AS SELECT * FROM fs_sq;
SET fusekern.enable_fusion = off;
CREATE TEMP TABLE fs_soff AS SELECT * FROM fs_sq;
RESET fusekern.enable_fusion;
SELECT count(*) AS rows,
	   sum((SELECT count(x) FROM unnest(a.r) x)) AS values,
	   count(*) FILTER (WHERE EXISTS (
		   SELECT 1 FROM unnest(a.r, b.r) AS u(x, y)
		   WHERE float8send(x) IS DISTINCT FROM float8send(y)))
		   AS bits_differ
FROM fs_son a JOIN fs_soff b USING (id);
-- all of it ran fused
SET client_min_messages = debug1;
SELECT count(r) FROM fs_sq;
RESET client_min_messages;
SELECT id, r[1] AS vcorr_dlog, r[5] AS vargmax_ratio, r[6] AS vargmin_ratio
FROM fs_son WHERE id IN (0, 1, 2, 1025, 3000, 23000) ORDER BY id;
-- against core's corr and covar_samp over the unnested unfused operands
SELECT a.id,
	   float8send(a.r[1]) = (SELECT float8send(corr(y, x))
							 FROM unnest(dlog(p.px, 1), dlog(p.px, 2)) AS u(x, y))
	   AS corr_is_core,
	   float8send(a.r[2]) = (SELECT float8send(covar_samp(y, x))
							 FROM unnest(diff(p.px, 1), p.px) AS u(x, y))
	   AS covar_is_core
FROM fs_son a JOIN fs_px p USING (id)
WHERE a.id IN (1025, 3000, 21025) ORDER BY a.id;
-- an overflow of the covariance's sums: core's error, fused or not
SELECT vcov(px * 1e306::float8, px * 1e306::float8) FROM fs_px WHERE id = 3000;
SET fusekern.enable_fusion = off;
SELECT vcov(px * 1e306::float8, px * 1e306::float8) FROM fs_px WHERE id = 3000;
RESET fusekern.enable_fusion;
-- lengths that differ: the unfused error, naming the function
SELECT vcorr(dlog(a.px, 1), b.px) FROM fs_px a, fs_px b WHERE a.id = 1024 AND b.id = 1025;

-- Two faults: the unfused calls run depth first, left to right, so the
-- division by zero comes first; the reduction under the second division
-- would be an input of a fused call, evaluated before its program, and
-- raise the logarithm's error first: the division stays out of the program
CREATE TEMP TABLE fs_two (x float8[], y float8[], l int);
INSERT INTO fs_two VALUES ('{1,-1,2}', '{1,0,2}', 1);
EXPLAIN (VERBOSE, COSTS OFF)
SELECT ('-Infinity'::float8 / y) / vstddev(dlog(x, l)) FROM fs_two;
SELECT ('-Infinity'::float8 / y) / vstddev(dlog(x, l)) FROM fs_two;
SET fusekern.enable_fusion = off;
SELECT ('-Infinity'::float8 / y) / vstddev(dlog(x, l)) FROM fs_two;
RESET fusekern.enable_fusion;
-- what cannot fault still fuses around such an input: abs(x::nvec) first,
-- and the parts left of it that may fault become inputs of their own
EXPLAIN (VERBOSE, COSTS OFF)
SELECT exp(abs(x::nvec) / vmean(y::nvec)),
	   exp(abs(ln(x) + 1) / vmean(y))
FROM fs_two;
SELECT exp(abs(ln(x) + 1) / vmean(dlog(y))) FROM fs_two;
SET fusekern.enable_fusion = off;
SELECT exp(abs(ln(x) + 1) / vmean(dlog(y))) FROM fs_two;
RESET fusekern.enable_fusion;
DROP TABLE fs_two;

DROP VIEW fs_q, fs_inf_q, fs_rq, fs_wq, fs_sq, fs_qq;
DROP TABLE fs_px;
