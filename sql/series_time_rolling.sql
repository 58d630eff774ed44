-- Rolling windows of a duration: rolling_<op>(v, ts, w [, min_count]),
-- and with closed (at the end) rolling_<op>(v, ts, w, closed, min_count),
-- against core's window functions over the rows of the series.  The
-- window of element i is (ts[i] - w, ts[i]]; a RANGE frame is closed on
-- both sides, and times are whole microseconds, so the reference frame is
-- RANGE BETWEEN w - 1 microsecond PRECEDING AND CURRENT ROW (peers, the
-- elements of the same time, included in both).  Values are multiples of
-- 1/4 on most series, so sums and means are exact and compared bit for
-- bit; on the series of random values, within the bounds of the
-- positional windows (sql/series_rolling.sql) against numeric;
-- variances within 4 n u (var + mean^2) of numeric's; median and quantile
-- against percentile_cont over a lateral subquery, bit for bit.
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;
SET extra_float_digits = 3;
SET TimeZone = 'UTC';

CREATE TABLE trow (name text, o integer, ts timestamptz, x float8);
-- irregular ticks: gaps of 0 (equal times) to 3 seconds, and every 50th a
-- gap of 20 minutes, longer than every window below but the longest
INSERT INTO trow
SELECT 'irregular', i,
	   '2026-01-05 09:30:00+00'::timestamptz +
	   make_interval(secs => sum(CASE WHEN i % 50 = 0 THEN 1200 ELSE (i * 7) % 5 * 0.75 END) OVER (ORDER BY i)),
	   CASE WHEN i % 31 = 0 THEN NULL ELSE ((i * 13) % 41 - 20) * 0.25 END
FROM generate_series(1, 400) AS i;
-- NULL, NaN and infinities among them (no -0: a frame's ties are unordered)
INSERT INTO trow
SELECT 'special', o, ts,
	   CASE WHEN o % 37 = 0 THEN 'NaN'::float8 WHEN o % 41 = 0 THEN 'Infinity'
			WHEN o % 43 = 0 THEN '-Infinity' WHEN o % 7 = 0 THEN NULL ELSE x END
FROM trow WHERE name = 'irregular';
-- runs of equal times, and NULLs only at some times
INSERT INTO trow
SELECT 'dups', i + 1, '2026-01-05 10:00:00+00'::timestamptz + make_interval(secs => i / 6),
	   CASE WHEN i / 6 % 5 = 2 THEN NULL ELSE (i % 9) * 0.5 END
FROM generate_series(0, 199) AS i;
-- random values: sums within the error bounds, not exact
SELECT setseed(0.38);
INSERT INTO trow
SELECT 'random', i, '2026-01-05 11:00:00+00'::timestamptz + make_interval(secs => i * 1.5 + random()),
	   (random() - 0.5) * 1e6
FROM generate_series(1, 300) AS i;
INSERT INTO trow VALUES ('one', 1, '2026-01-05 12:00:00+00', 2.5),
	('one_null', 1, '2026-01-05 12:00:00+00', NULL);

CREATE TABLE tser AS
SELECT name, array_agg(ts ORDER BY o) AS ts, array_agg(x ORDER BY o) AS v
FROM trow GROUP BY name;
INSERT INTO tser VALUES ('empty', '{}', '{}');
SELECT name, cardinality(v) AS len, cardinality(array_remove(v, NULL)) AS present,
	   (SELECT count(DISTINCT t) FROM unnest(ts) t) AS times
FROM tser ORDER BY name;

-- the exact value of a float8: m * 2^e (as in sql/series_rolling.sql)
CREATE FUNCTION t_exact(x float8) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT AS $$
	SELECT CASE WHEN x = 0 OR x <> x OR abs(x) = 'Infinity' THEN x::numeric
				WHEN e >= 0 THEN s * m * 2::numeric ^ e
				ELSE s * m * 5::numeric ^ (-e) * ('1e' || e)::numeric END
	FROM (SELECT CASE WHEN b < 0 THEN -1 ELSE 1 END AS s,
				 (b & 4503599627370495) +
				 CASE WHEN (b >> 52) & 2047 > 0 THEN 4503599627370496 ELSE 0 END AS m,
				 greatest((b >> 52) & 2047, 1) - 1075 AS e
		  FROM (SELECT ('x' || encode(float8send(x), 'hex'))::bit(64)::bigint AS b) b0) f
$$;

-- the same bits, any NaN being the same as any other (as core's float8 =)
CREATE FUNCTION t_same(a float8, b float8) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
	SELECT float8send(a) IS NOT DISTINCT FROM float8send(b) OR (a = 'NaN' AND b = 'NaN')
$$;

-- windows: one microsecond (the peers alone), 1, 3 and 10 seconds, an
-- hour (across the long gaps), a day (the whole series); min_count 1, 0, 3
CREATE TABLE tcase AS
SELECT name, ts, v, w, mc
FROM tser, unnest(ARRAY['1 microsecond', '1 second', '3 seconds', '10 seconds',
						'1 hour', '1 day']::interval[]) AS w,
	 unnest(ARRAY[1, 0, 3]) AS mc;

-- core's aggregates over the frame, and numeric's of the exact values (a
-- frame's offset is a constant: one query per window)
CREATE FUNCTION t_frame(w interval)
RETURNS TABLE (name text, o integer, ts timestamptz, x float8, cnt bigint, rows_ bigint,
			   fsum float8, favg float8, fvar float8, fmin float8, fmax float8,
			   nsum numeric, nabs numeric, navg numeric, nvar numeric, finite boolean)
LANGUAGE plpgsql AS $$
BEGIN
	RETURN QUERY EXECUTE format($q$
		SELECT name, o, ts, x, count(x) OVER f, count(*) OVER f,
			   sum(x) OVER f, avg(x) OVER f, var_samp(x) OVER f,
			   min(x) OVER f, max(x) OVER f,
			   sum(ex) OVER f, sum(abs(ex)) OVER f, avg(ex) OVER f, var_samp(ex) OVER f,
			   bool_and(x NOT IN ('NaN', 'Infinity', '-Infinity')) OVER f
		FROM (SELECT *, t_exact(x) AS ex FROM trow) r
		WINDOW f AS (PARTITION BY name ORDER BY ts
					 RANGE BETWEEN %L::interval PRECEDING AND CURRENT ROW)$q$,
		w - '1 microsecond'::interval);
END
$$;
CREATE TABLE tref AS
SELECT w, f.* FROM (SELECT DISTINCT w FROM tcase) c, LATERAL t_frame(c.w) f;

CREATE TABLE tgot AS
SELECT c.name, c.w, c.mc, g.*
FROM tcase c,
	 LATERAL unnest(rolling_sum(c.v, c.ts, c.w, c.mc), rolling_mean(c.v, c.ts, c.w, c.mc),
					rolling_var(c.v, c.ts, c.w, c.mc), rolling_stddev(c.v, c.ts, c.w, c.mc),
					rolling_min(c.v, c.ts, c.w, c.mc), rolling_max(c.v, c.ts, c.w, c.mc),
					rolling_count(c.v, c.ts, c.w, c.mc))
		 WITH ORDINALITY AS g(rsum, rmean, rvar, rsd, rmin, rmax, rcount, o);

-- a variance and standard deviation right: NaN over a window with NaN or
-- infinities (as core's), else within 4 n u (var + mean^2) of numeric's
-- over the n rows of the frame, the deviation its square root
CREATE FUNCTION t_var_ok(rvar float8, rsd float8, finite boolean, fvar float8,
						 nvar numeric, navg numeric, n bigint) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN NOT finite THEN rvar = 'NaN' AND rsd = 'NaN' AND fvar = 'NaN'
				ELSE abs(rvar::text::numeric - nvar) <= 3 * u * rvar::numeric + 4 * n * u * (nvar + navg * navg)
					 AND float8send(rsd) = float8send(sqrt(rvar)) END
	FROM (SELECT t_exact(2 ^ -53::float8) AS u) u
$$;

-- what each element must be: NULL at a NULL element or below min_count
CREATE TABLE tverdict AS
WITH u AS (SELECT t_exact(2 ^ -53::float8) AS u)
SELECT g.name, g.w, g.mc, g.o, r.x, r.cnt, g.rsum, g.rmean, g.rvar, g.rsd, g.rmin, g.rmax, g.rcount,
	   CASE WHEN r.x IS NULL OR r.cnt < greatest(g.mc, 1) THEN g.rsum IS NULL
			WHEN NOT r.finite OR g.name <> 'random' THEN t_same(g.rsum, r.fsum)
			ELSE abs(g.rsum::text::numeric - r.nsum) <= u * abs(g.rsum::numeric) + 2 * u * abs(r.nsum)
				 + 2 * r.rows_ * r.rows_ * u * u * r.nabs END AS sum_ok,
	   CASE WHEN r.x IS NULL OR r.cnt < greatest(g.mc, 1) THEN g.rmean IS NULL
			WHEN NOT r.finite OR g.name <> 'random' THEN t_same(g.rmean, r.favg)
			ELSE abs(g.rmean::text::numeric - r.navg) <= u * abs(g.rmean::numeric)
				 + (3 * u * abs(r.nsum) + 2 * r.rows_ * r.rows_ * u * u * r.nabs) / r.cnt END AS mean_ok,
	   CASE WHEN r.x IS NULL OR r.cnt < greatest(g.mc, 2) THEN g.rvar IS NULL AND g.rsd IS NULL
			ELSE t_var_ok(g.rvar, g.rsd, r.finite, r.fvar, r.nvar, r.navg, r.rows_) END AS var_ok,
	   CASE WHEN r.x IS NULL OR r.cnt < greatest(g.mc, 1) THEN g.rmin IS NULL AND g.rmax IS NULL
			ELSE t_same(g.rmin, r.fmin) AND t_same(g.rmax, r.fmax) END AS minmax_ok,
	   CASE WHEN r.x IS NULL OR r.cnt < greatest(g.mc, 1) THEN g.rcount IS NULL
			ELSE g.rcount = r.cnt END AS count_ok
FROM tgot g JOIN tref r USING (name, w, o), u;

-- (counted with the forms with closed, below)
SELECT * FROM tverdict
WHERE NOT (sum_ok AND mean_ok AND var_ok AND minmax_ok AND count_ok)
ORDER BY name, w, mc, o LIMIT 10;
-- the windows seen: NaN and infinite sums, NaN maxima, windows that
-- reach across several times and hold more than one element
SELECT count(*) FILTER (WHERE rsum = 'NaN') AS nan_sums,
	   count(*) FILTER (WHERE rsum IN ('Infinity', '-Infinity')) AS inf_sums,
	   count(*) FILTER (WHERE rmax = 'NaN') AS nan_max,
	   max(rcount) AS largest_count
FROM tverdict;

-- median and quantile against percentile_cont over the window's rows (the
-- rows of a series are numbered 1, 2, ... as its elements; the index finds
-- a window's rows without reading the whole series for each element)
CREATE INDEX trow_name_ts ON trow (name, ts);
ANALYZE trow;
CREATE TABLE tquant AS
SELECT c.name, c.w, q.q, g.o, g.r,
	   (SELECT percentile_cont(q.q) WITHIN GROUP (ORDER BY u.x)
		FROM trow u
		WHERE u.name = c.name AND u.ts > e.ts - c.w AND u.ts <= e.ts) AS ref,
	   e.x
FROM tcase c, unnest(ARRAY[0.5, 0, 0.3, 1]) AS q(q),
	 LATERAL unnest(CASE WHEN q.q = 0.5 THEN rolling_median(c.v, c.ts, c.w)
						 ELSE rolling_quantile(c.v, c.ts, c.w, q.q) END) WITH ORDINALITY AS g(r, o),
	 trow e
WHERE c.mc = 1 AND e.name = c.name AND e.o = g.o;
SELECT count(*) AS elements,
	   count(*) FILTER (WHERE x IS NULL AND r IS NOT NULL
						OR x IS NOT NULL AND NOT t_same(r, ref)) AS quantile_bad
FROM tquant;

-- nvec, plain and compressed, gives the float8[] bits; the default
-- min_count is 1
SELECT count(*) AS cases,
	   count(*) FILTER (WHERE rolling_sum(v::nvec, ts, w, mc)::float8[]::text IS DISTINCT FROM rolling_sum(v, ts, w, mc)::text
						 OR rolling_var(v::nvec, ts, w, mc)::float8[]::text IS DISTINCT FROM rolling_var(v, ts, w, mc)::text
						 OR rolling_min(v::nvec, ts, w, mc)::float8[]::text IS DISTINCT FROM rolling_min(v, ts, w, mc)::text
						 OR rolling_median(v::nvec, ts, w, mc)::float8[]::text IS DISTINCT FROM rolling_median(v, ts, w, mc)::text)
		 AS nvec_differs,
	   count(*) FILTER (WHERE rolling_mean(nvec_compress(v::nvec), ts, w, mc)::float8[]::text IS DISTINCT FROM rolling_mean(v, ts, w, mc)::text
						 OR rolling_stddev(nvec_compress(v::nvec), ts, w, mc)::float8[]::text IS DISTINCT FROM rolling_stddev(v, ts, w, mc)::text
						 OR rolling_max(nvec_compress(v::nvec), ts, w, mc)::float8[]::text IS DISTINCT FROM rolling_max(v, ts, w, mc)::text
						 OR rolling_count(nvec_compress(v::nvec), ts, w, mc)::float8[]::text IS DISTINCT FROM rolling_count(v, ts, w, mc)::text)
		 AS compressed_differs,
	   count(*) FILTER (WHERE mc = 1 AND rolling_sum(v, ts, w)::text IS DISTINCT FROM rolling_sum(v, ts, w, 1)::text)
		 AS default_differs
FROM tcase;

-- small cases, as shown in docs/time.md
SELECT rolling_sum('{1,2,4,8,16}'::float8[],
				   '{2026-01-05 09:30:00, 2026-01-05 09:30:01, 2026-01-05 09:30:01, 2026-01-05 09:30:04, 2026-01-05 09:30:05}'::timestamptz[],
				   '2 seconds') AS sum_2s;
SELECT rolling_count('{1,NULL,3,NaN}'::nvec,
					 '{2026-01-05 09:30:00, 2026-01-05 09:30:00, 2026-01-05 09:30:01, 2026-01-05 09:31:00}'::timestamptz[],
					 '1 minute', 2) AS count_1min;
-- a day is 24 hours, as date_bin counts it
SELECT rolling_count('{1,2}'::float8[], '{2026-03-28 12:00:00, 2026-03-29 12:00:00}'::timestamptz[], '1 day') AS one_day;

-- errors: the function, the argument and the first element at fault,
-- with their SQLSTATE
CREATE FUNCTION t_err(q text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE q;
	RETURN 'no error';
EXCEPTION WHEN OTHERS THEN
	RETURN SQLSTATE;
END
$$;
SELECT rolling_mean('{1,2,3}'::float8[], '{2026-01-05 09:30:00, 2026-01-05 09:30:02, 2026-01-05 09:30:01}'::timestamptz[], '1 minute');
SELECT rolling_mean('{1,2,3}'::float8[], '{2026-01-05 09:30:00, NULL, 2026-01-05 09:30:01}'::timestamptz[], '1 minute');
SELECT rolling_mean('{1,2,3}'::float8[], '{2026-01-05 09:30:00, 2026-01-05 09:30:01}'::timestamptz[], '1 minute');
SELECT rolling_mean('{1,2}'::float8[], '{-infinity, 2026-01-05 09:30:01}'::timestamptz[], '1 minute');
SELECT rolling_mean('{1,2}'::float8[], '{2026-01-05 09:30:00, 2026-01-05 09:30:01}'::timestamptz[], '1 month');
SELECT rolling_mean('{1,2}'::float8[], '{2026-01-05 09:30:00, 2026-01-05 09:30:01}'::timestamptz[], '0 seconds');
SELECT rolling_mean('{1,2}'::float8[], '{2026-01-05 09:30:00, 2026-01-05 09:30:01}'::timestamptz[], '1 minute', -1);
SELECT rolling_quantile('{1,2}'::float8[], '{2026-01-05 09:30:00, 2026-01-05 09:30:01}'::timestamptz[], '1 minute', 1.5);
SELECT rolling_sum('{1e308,1e308}'::float8[], '{2026-01-05 09:30:00, 2026-01-05 09:30:01}'::timestamptz[], '1 minute');
SELECT q, t_err(q) AS sqlstate FROM (VALUES
	($$SELECT rolling_sum('{1,2}'::nvec, '{2026-01-05 09:30:01, 2026-01-05 09:30:00}'::timestamptz[], '1 minute')$$),
	($$SELECT rolling_sum('{1,2}'::nvec, '{2026-01-05 09:30:01, NULL}'::timestamptz[], '1 minute')$$),
	($$SELECT rolling_sum('{1,2}'::nvec, '{2026-01-05 09:30:01}'::timestamptz[], '1 minute')$$),
	($$SELECT rolling_sum('{1,2}'::nvec, '{2026-01-05 09:30:01, infinity}'::timestamptz[], '1 minute')$$),
	($$SELECT rolling_sum('{1,2}'::nvec, '{2026-01-05 09:30:01, 2026-01-05 09:30:02}'::timestamptz[], '1 year')$$),
	($$SELECT rolling_sum('{1,2}'::nvec, '{2026-01-05 09:30:01, 2026-01-05 09:30:02}'::timestamptz[], '-1 second')$$),
	($$SELECT rolling_sum('{1,2}'::nvec, '{{2026-01-05 09:30:01}, {2026-01-05 09:30:02}}'::timestamptz[], '1 second')$$)
) AS e(q);

-- closed, which ends of the window are closed, as pandas' closed:
-- rolling_<op>(v, ts, w [, q], closed, min_count) against core's window
-- functions over the same rows.  Times are whole microseconds and a RANGE
-- frame is closed on both sides, so the reference frames are
--   right:   RANGE BETWEEN w - 1 microsecond PRECEDING AND CURRENT ROW
--   both:    RANGE BETWEEN w PRECEDING AND CURRENT ROW
--   left:    RANGE BETWEEN w PRECEDING AND 1 microsecond PRECEDING
--   neither: RANGE BETWEEN w - 1 microsecond PRECEDING
--            AND 1 microsecond PRECEDING
-- (the same frames as '... AND CURRENT ROW EXCLUDE GROUP', which leaves
-- out the peers, the elements of the same time: checked below, but a frame
-- with EXCLUDE is aggregated anew for every row, too slow for all).  The
-- series of exact values only (not 'random'): sums and means bit for bit.
-- A window open on the right can be empty: NULL, but a count under
-- min_count 0, which is 0 (as count over an empty frame).
CREATE TABLE crow_ex AS SELECT *, t_exact(x) AS ex FROM trow WHERE name <> 'random';

-- the windows of tcase (on the 'dups' series, edges exactly on earlier
-- times), each closed
CREATE TABLE ccase AS
SELECT name, ts, v, w, mc, closed
FROM tcase, unnest(ARRAY['right', 'left', 'both', 'neither']) AS closed
WHERE name <> 'random';

-- core's aggregates over the frame of closed, and numeric's of the exact
-- values (a frame's offset is a constant: one query per window)
CREATE FUNCTION c_frame(w interval, closed text)
RETURNS TABLE (name text, o integer, ts timestamptz, x float8, cnt bigint,
			   fsum float8, favg float8, fvar float8, fmin float8, fmax float8,
			   navg numeric, nvar numeric, finite boolean)
LANGUAGE plpgsql AS $$
BEGIN
	RETURN QUERY EXECUTE format($q$
		SELECT name, o, ts, x, count(x) OVER f,
			   sum(x) OVER f, avg(x) OVER f, var_samp(x) OVER f,
			   min(x) OVER f, max(x) OVER f,
			   avg(ex) OVER f, var_samp(ex) OVER f,
			   coalesce(bool_and(x NOT IN ('NaN', 'Infinity', '-Infinity')) OVER f, true)
		FROM crow_ex r
		WINDOW f AS (PARTITION BY name ORDER BY ts
					 RANGE BETWEEN %L::interval PRECEDING AND %s)$q$,
		CASE WHEN closed IN ('left', 'both') THEN w ELSE w - '1 microsecond'::interval END,
		CASE WHEN closed IN ('left', 'neither') THEN $e$'1 microsecond' PRECEDING$e$
			 ELSE 'CURRENT ROW' END);
END
$$;
CREATE TABLE cref AS
SELECT c.w, c.closed, f.*
FROM (SELECT DISTINCT w, closed FROM ccase) c, LATERAL c_frame(c.w, c.closed) f;

-- those frames open on the right are the frames closed on the right
-- without the peers (EXCLUDE GROUP), on a few windows
SELECT r.closed, count(*) AS elements,
	   count(*) FILTER (WHERE r.cnt IS DISTINCT FROM e.cnt OR NOT t_same(r.fsum, e.fsum)
						OR NOT t_same(r.fmin, e.fmin) OR NOT t_same(r.fmax, e.fmax)) AS differ
FROM cref r
	 JOIN (SELECT 'left' AS closed, name, o, count(x) OVER f AS cnt, sum(x) OVER f AS fsum,
				  min(x) OVER f AS fmin, max(x) OVER f AS fmax
		   FROM crow_ex
		   WINDOW f AS (PARTITION BY name ORDER BY ts
						RANGE BETWEEN '3 seconds' PRECEDING AND CURRENT ROW EXCLUDE GROUP)
		   UNION ALL
		   SELECT 'neither', name, o, count(x) OVER f, sum(x) OVER f, min(x) OVER f, max(x) OVER f
		   FROM crow_ex
		   WINDOW f AS (PARTITION BY name ORDER BY ts
						RANGE BETWEEN '2.999999 seconds' PRECEDING AND CURRENT ROW EXCLUDE GROUP)) e
	 USING (closed, name, o)
WHERE r.w = '3 seconds'
GROUP BY r.closed ORDER BY r.closed;

CREATE TABLE cgot AS
SELECT c.name, c.w, c.mc, c.closed, g.*
FROM ccase c,
	 LATERAL unnest(rolling_sum(c.v, c.ts, c.w, c.closed, c.mc), rolling_mean(c.v, c.ts, c.w, c.closed, c.mc),
					rolling_var(c.v, c.ts, c.w, c.closed, c.mc), rolling_stddev(c.v, c.ts, c.w, c.closed, c.mc),
					rolling_min(c.v, c.ts, c.w, c.closed, c.mc), rolling_max(c.v, c.ts, c.w, c.closed, c.mc),
					rolling_count(c.v, c.ts, c.w, c.closed, c.mc))
		 WITH ORDINALITY AS g(rsum, rmean, rvar, rsd, rmin, rmax, rcount, o);

-- what each element must be: NULL at a NULL element or below min_count
-- (an empty window: below 1 but for the count)
CREATE TABLE cverdict AS
SELECT g.name, g.w, g.mc, g.closed, g.o, r.x, r.cnt, g.rsum, g.rmean, g.rvar, g.rsd, g.rmin, g.rmax, g.rcount,
	   CASE WHEN r.x IS NULL OR r.cnt < greatest(g.mc, 1) THEN g.rsum IS NULL
			ELSE t_same(g.rsum, r.fsum) END AS sum_ok,
	   CASE WHEN r.x IS NULL OR r.cnt < greatest(g.mc, 1) THEN g.rmean IS NULL
			ELSE t_same(g.rmean, r.favg) END AS mean_ok,
	   CASE WHEN r.x IS NULL OR r.cnt < greatest(g.mc, 2) THEN g.rvar IS NULL AND g.rsd IS NULL
			ELSE t_var_ok(g.rvar, g.rsd, r.finite, r.fvar, r.nvar, r.navg, r.cnt) END AS var_ok,
	   CASE WHEN r.x IS NULL OR r.cnt < greatest(g.mc, 1) THEN g.rmin IS NULL AND g.rmax IS NULL
			ELSE t_same(g.rmin, r.fmin) AND t_same(g.rmax, r.fmax) END AS minmax_ok,
	   CASE WHEN r.x IS NULL OR r.cnt < g.mc THEN g.rcount IS NULL
			ELSE g.rcount = r.cnt END AS count_ok
FROM cgot g JOIN cref r USING (name, w, closed, o);

-- the elements checked, the forms without closed (all series) first
SELECT closed, count(DISTINCT (name, w, mc)) AS cases, count(*) AS elements,
	   count(*) FILTER (WHERE rsum IS NOT NULL) AS present,
	   count(*) FILTER (WHERE NOT sum_ok) AS sum_bad,
	   count(*) FILTER (WHERE NOT mean_ok) AS mean_bad,
	   count(*) FILTER (WHERE NOT var_ok) AS var_bad,
	   count(*) FILTER (WHERE NOT minmax_ok) AS minmax_bad,
	   count(*) FILTER (WHERE NOT count_ok) AS count_bad
FROM (SELECT '(none)' AS closed, name, w, mc, rsum, sum_ok, mean_ok, var_ok, minmax_ok, count_ok
	  FROM tverdict
	  UNION ALL
	  SELECT closed, name, w, mc, rsum, sum_ok, mean_ok, var_ok, minmax_ok, count_ok
	  FROM cverdict) v
GROUP BY closed ORDER BY closed;
SELECT * FROM cverdict
WHERE NOT (sum_ok AND mean_ok AND var_ok AND minmax_ok AND count_ok)
ORDER BY name, w, mc, closed, o LIMIT 10;
-- the windows seen: NaN and infinite sums, NaN maxima, empty windows
-- (NULL, or a count of 0), the largest windows
SELECT closed,
	   count(*) FILTER (WHERE rsum = 'NaN') AS nan_sums,
	   count(*) FILTER (WHERE rsum IN ('Infinity', '-Infinity')) AS inf_sums,
	   count(*) FILTER (WHERE rmax = 'NaN') AS nan_max,
	   count(*) FILTER (WHERE x IS NOT NULL AND cnt = 0) AS empty_windows,
	   count(*) FILTER (WHERE rcount = 0) AS zero_counts,
	   max(rcount) AS largest_count
FROM cverdict GROUP BY closed ORDER BY closed;

-- median and quantile against percentile_cont over the window's rows,
-- found through trow_name_ts
CREATE TABLE cquant AS
SELECT c.name, c.w, c.closed, q.q, g.o, g.r,
	   (SELECT percentile_cont(q.q) WITHIN GROUP (ORDER BY u.x)
		FROM trow u
		WHERE u.name = c.name
		  AND CASE WHEN c.closed IN ('left', 'both') THEN u.ts >= e.ts - c.w ELSE u.ts > e.ts - c.w END
		  AND CASE WHEN c.closed IN ('right', 'both') THEN u.ts <= e.ts ELSE u.ts < e.ts END
		  AND u.ts BETWEEN e.ts - c.w AND e.ts) AS ref,
	   e.x
FROM ccase c, unnest(ARRAY[0.5, 0.3]) AS q(q),
	 LATERAL unnest(CASE WHEN q.q = 0.5 THEN rolling_median(c.v, c.ts, c.w, c.closed)
						 ELSE rolling_quantile(c.v, c.ts, c.w, q.q, c.closed) END) WITH ORDINALITY AS g(r, o),
	 trow e
WHERE c.mc = 1 AND e.name = c.name AND e.o = g.o;
SELECT closed, count(*) AS elements, count(r) AS present,
	   count(*) FILTER (WHERE x IS NULL AND r IS NOT NULL
						OR x IS NOT NULL AND NOT t_same(r, ref)) AS quantile_bad
FROM cquant GROUP BY closed ORDER BY closed;

-- nvec, plain and compressed, gives the float8[] bits; 'right' is the
-- form without closed; the default min_count is 1
SELECT closed, count(*) AS cases,
	   count(*) FILTER (WHERE rolling_sum(v::nvec, ts, w, closed, mc)::float8[]::text IS DISTINCT FROM rolling_sum(v, ts, w, closed, mc)::text
						 OR rolling_var(v::nvec, ts, w, closed, mc)::float8[]::text IS DISTINCT FROM rolling_var(v, ts, w, closed, mc)::text
						 OR rolling_min(v::nvec, ts, w, closed, mc)::float8[]::text IS DISTINCT FROM rolling_min(v, ts, w, closed, mc)::text
						 OR rolling_count(v::nvec, ts, w, closed, mc)::float8[]::text IS DISTINCT FROM rolling_count(v, ts, w, closed, mc)::text
						 OR rolling_median(v::nvec, ts, w, closed, mc)::float8[]::text IS DISTINCT FROM rolling_median(v, ts, w, closed, mc)::text)
		 AS nvec_differs,
	   count(*) FILTER (WHERE rolling_mean(nvec_compress(v::nvec), ts, w, closed, mc)::float8[]::text IS DISTINCT FROM rolling_mean(v, ts, w, closed, mc)::text
						 OR rolling_stddev(nvec_compress(v::nvec), ts, w, closed, mc)::float8[]::text IS DISTINCT FROM rolling_stddev(v, ts, w, closed, mc)::text
						 OR rolling_max(nvec_compress(v::nvec), ts, w, closed, mc)::float8[]::text IS DISTINCT FROM rolling_max(v, ts, w, closed, mc)::text
						 OR rolling_quantile(nvec_compress(v::nvec), ts, w, 0.3, closed, mc)::float8[]::text IS DISTINCT FROM rolling_quantile(v, ts, w, 0.3, closed, mc)::text)
		 AS compressed_differs,
	   count(*) FILTER (WHERE closed = 'right'
						AND (rolling_sum(v, ts, w, closed, mc)::text IS DISTINCT FROM rolling_sum(v, ts, w, mc)::text
							 OR rolling_stddev(v::nvec, ts, w, closed, mc)::text IS DISTINCT FROM rolling_stddev(v::nvec, ts, w, mc)::text
							 OR rolling_quantile(v, ts, w, 0.3, closed, mc)::text IS DISTINCT FROM rolling_quantile(v, ts, w, 0.3, mc)::text))
		 AS right_differs,
	   count(*) FILTER (WHERE mc = 1 AND (rolling_mean(v, ts, w, closed)::text IS DISTINCT FROM rolling_mean(v, ts, w, closed, 1)::text
										  OR rolling_quantile(v, ts, w, 0.3, closed)::text IS DISTINCT FROM rolling_quantile(v, ts, w, 0.3, closed, 1)::text))
		 AS default_differs
FROM ccase GROUP BY closed ORDER BY closed;

-- which function each spelling resolves to, without ambiguity: the forms
-- without closed keep their calls (min_count positional or named), closed
-- positional or named takes the new ones
CREATE TABLE cres_src (v float8[], ts timestamptz[], n nvec);
CREATE VIEW cres_1 AS SELECT rolling_mean(v, ts, '1 minute') FROM cres_src;
CREATE VIEW cres_2 AS SELECT rolling_mean(v, ts, '1 minute', 3) FROM cres_src;
CREATE VIEW cres_3 AS SELECT rolling_mean(v, ts, '1 minute', min_count => 3) FROM cres_src;
CREATE VIEW cres_4 AS SELECT rolling_mean(v, ts, '1 minute', 'left') FROM cres_src;
CREATE VIEW cres_5 AS SELECT rolling_mean(v, ts, '1 minute', closed => 'both', min_count => 2) FROM cres_src;
CREATE VIEW cres_6 AS SELECT rolling_mean(v, ts, '1 minute', 'neither', 2) FROM cres_src;
CREATE VIEW cres_7 AS SELECT rolling_count(n, ts, '1 minute', 'left') FROM cres_src;
CREATE VIEW cres_8 AS SELECT rolling_count(n, ts, '1 minute', 0) FROM cres_src;
CREATE VIEW cres_9 AS SELECT rolling_quantile(v, ts, '1 minute', 0.3) FROM cres_src;
CREATE VIEW cres_10 AS SELECT rolling_quantile(v, ts, '1 minute', 0.3, 2) FROM cres_src;
CREATE VIEW cres_11 AS SELECT rolling_quantile(n, ts, '1 minute', 0.3, 'both') FROM cres_src;
CREATE VIEW cres_12 AS SELECT rolling_quantile(n, ts, w => '1 minute', q => 0.3, closed => 'left', min_count => 2) FROM cres_src;
CREATE VIEW cres_13 AS SELECT rolling_median(v, ts, '1 minute', closed => 'right') FROM cres_src;
SELECT c.relname AS view, p.oid::regprocedure AS resolves_to, p.prosrc AS symbol
FROM pg_class c
	 JOIN pg_rewrite r ON r.ev_class = c.oid
	 JOIN pg_depend d ON d.classid = 'pg_rewrite'::regclass AND d.objid = r.oid
						 AND d.refclassid = 'pg_proc'::regclass
	 JOIN pg_proc p ON p.oid = d.refobjid
WHERE c.relname LIKE 'cres\_%' AND p.proname LIKE 'rolling%'
ORDER BY substr(c.relname, 6)::integer;

-- the new forms: labels, a comment each, and C symbols of their own
SELECT p.proname, count(*) AS forms,
	   bool_and(p.provolatile = 'i' AND p.proisstrict AND p.proparallel = 's') AS immutable_strict_safe,
	   bool_and(obj_description(p.oid, 'pg_proc') IS NOT NULL) AS commented,
	   bool_and(p.prosrc LIKE '%\_by\_closed\_%') AS own_symbols
FROM pg_proc p
WHERE p.proname LIKE 'rolling\_%' AND 'closed' = ANY (p.proargnames)
GROUP BY p.proname ORDER BY p.proname;

-- small cases, as shown in docs/time.md: 1, 2, 4 at 09:30:00, 2, 4 at
-- 09:30:01 (equal times), 8 at :03, 16 at :05; a window of 2 seconds
SELECT closed,
	   rolling_sum('{1,2,4,8,16}'::float8[],
				   '{2026-01-05 09:30:00, 2026-01-05 09:30:01, 2026-01-05 09:30:01, 2026-01-05 09:30:03, 2026-01-05 09:30:05}'::timestamptz[],
				   '2 seconds', closed) AS sum_2s,
	   rolling_count('{1,2,4,8,16}'::float8[],
					 '{2026-01-05 09:30:00, 2026-01-05 09:30:01, 2026-01-05 09:30:01, 2026-01-05 09:30:03, 2026-01-05 09:30:05}'::timestamptz[],
					 '2 seconds', closed, 0) AS count_2s
FROM unnest(ARRAY['right', 'left', 'both', 'neither']) AS closed;

-- times at the ends of timestamptz's range, windows as long as an
-- interval goes: no wrap of ts - w or of w + 1 microsecond
SELECT closed,
	   rolling_count('{1,2,3,4}'::float8[],
					 '{4713-11-24 00:00:00+00 BC, 4713-11-24 00:00:00+00 BC, 294276-12-31 23:59:59+00, 294276-12-31 23:59:59.999999+00}'::timestamptz[],
					 interval '106751991 days 04:00:54.775807', closed, 0) AS longest,
	   rolling_count('{1,2,3,4}'::float8[],
					 '{4713-11-24 00:00:00+00 BC, 4713-11-24 00:00:00+00 BC, 294276-12-31 23:59:59+00, 294276-12-31 23:59:59.999999+00}'::timestamptz[],
					 '1 second', closed, 0) AS one_second
FROM unnest(ARRAY['right', 'left', 'both', 'neither']) AS closed;

-- errors: closed not one of the four (SQLSTATE 22023), and the checks of
-- the forms without closed
SELECT rolling_mean('{1,2}'::float8[], '{2026-01-05 09:30:00, 2026-01-05 09:30:01}'::timestamptz[], '1 minute', 'Left');
SELECT rolling_quantile('{1,2}'::nvec, '{2026-01-05 09:30:00, 2026-01-05 09:30:01}'::timestamptz[], '1 minute', 0.5, 'open');
-- a quoted min_count is now taken for closed
SELECT rolling_sum('{1,2}'::float8[], '{2026-01-05 09:30:00, 2026-01-05 09:30:01}'::timestamptz[], '1 minute', '2');
SELECT rolling_mean('{1,2}'::float8[], '{2026-01-05 09:30:00, 2026-01-05 09:30:01}'::timestamptz[], '1 minute', 'left', -1);
SELECT rolling_quantile('{1,2}'::float8[], '{2026-01-05 09:30:00, 2026-01-05 09:30:01}'::timestamptz[], '1 minute', 1.5, 'left');
SELECT rolling_sum('{1e308,1e308,1}'::float8[], '{2026-01-05 09:30:00, 2026-01-05 09:30:01, 2026-01-05 09:30:02}'::timestamptz[], '1 minute', 'left');
SELECT q, t_err(q) AS sqlstate FROM (VALUES
	($$SELECT rolling_max('{1,2}'::nvec, '{2026-01-05 09:30:01, 2026-01-05 09:30:02}'::timestamptz[], '1 minute', '')$$),
	($$SELECT rolling_max('{1,2}'::nvec, '{2026-01-05 09:30:01, 2026-01-05 09:30:00}'::timestamptz[], '1 minute', 'both')$$),
	($$SELECT rolling_max('{1,2}'::nvec, '{2026-01-05 09:30:01, 2026-01-05 09:30:02}'::timestamptz[], '1 month', 'both')$$),
	($$SELECT rolling_max('{1,2}'::nvec, '{2026-01-05 09:30:01, 2026-01-05 09:30:02}'::timestamptz[], '0 seconds', 'neither')$$),
	($$SELECT rolling_max('{1,2}'::nvec, '{2026-01-05 09:30:01}'::timestamptz[], '1 second', 'left')$$),
	($$SELECT rolling_max('{1,2}'::nvec, '{2026-01-05 09:30:01, 2026-01-05 09:30:02}'::timestamptz[], '1 second', NULL)$$)
) AS e(q);
