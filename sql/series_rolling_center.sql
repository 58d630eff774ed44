-- Centred rolling windows, rolling_<op>(v, w [, min_count], center => true),
-- for every positional rolling function, on float8[], nvec and
-- nvec(compressed).  Element i covers [i - w / 2, i + (w - 1) / 2] (integer
-- division) clipped to the vector, as pandas' rolling(w, center=True)
-- (offset (w - 1) // 2 after i) and Polars' rolling_*(center=True); NULL
-- where element i is NULL.  Checked two ways: against the trailing result
-- of the vector followed by (w - 1) / 2 NULLs, moved back by (w - 1) / 2
-- (bit for bit, where that end element is present: the trailing window
-- is NULL at a NULL end), and against core's window functions over
-- ROWS BETWEEN w / 2 PRECEDING AND (w - 1) / 2 FOLLOWING at every element
-- (count, min, max exactly; sum, mean, var, stddev in numeric, within
-- rounding)
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

SELECT rolling_mean('{1,2,3,4,5}'::float8[], 3, center => true) AS mean3,
	   rolling_sum('{1,2,3,4,5}'::nvec, 4, center => true) AS sum4,
	   rolling_sum('{1,2,3,4,5}'::nvec, 4, 1, center => true) AS sum4_min1,
	   rolling_max('{1,NULL,3,4,5}'::float8[], 2, 1, true) AS max2,
	   rolling_count('{1,NULL,3}'::float8[], 3, 0, center => false) AS not_centred;

CREATE TABLE rc_vec (id serial, note text, v float8[]);
INSERT INTO rc_vec (note, v)
SELECT format('n=%s %s', n, pat),
	   ARRAY(SELECT CASE
				 WHEN pat = 'runs' AND (i BETWEEN 62 AND 67 OR i BETWEEN 1000 AND 1030
										OR i <= 2 OR i > n - 3) THEN NULL
				 WHEN pat = 'scattered' AND i % 7 = 3 THEN NULL
				 WHEN pat = 'specials' AND i % 13 = 5
					 THEN (ARRAY['NaN', 'Infinity', '-Infinity', '-0'])[1 + (i / 13) % 4]::float8
				 ELSE round((100 + 10 * sin(i * 1.7))::numeric, 2)::float8 END
			 FROM generate_series(1, n) AS i ORDER BY i)
FROM unnest('{0,1,5,70,2100}'::int[]) AS n,
	 unnest('{none,runs,scattered,specials}'::text[]) AS pat;

CREATE TABLE rc_case AS
SELECT v.id, v.note, v.v, w, mc
FROM rc_vec v, unnest('{1,2,3,4,5,20,64,1001,5000}'::int[]) AS w,
	 unnest('{-1,0,1,3}'::int[]) AS mc
WHERE mc <= w;

-- centred (op, w, min_count; -1: not given) of a vector, by name
CREATE FUNCTION rc_centred(op text, v anyelement, w int, mc int) RETURNS anyelement
LANGUAGE plpgsql AS $$
DECLARE r ALIAS FOR $0;
BEGIN
	IF op = 'quantile' THEN
		EXECUTE CASE WHEN mc < 0 THEN 'SELECT rolling_quantile($1, $2, 0.3, center => true)'
					 ELSE 'SELECT rolling_quantile($1, $2, 0.3, $3, center => true)' END
			INTO r USING v, w, mc;
	ELSE
		EXECUTE format(CASE WHEN mc < 0 THEN 'SELECT rolling_%s($1, $2, center => true)'
							ELSE 'SELECT rolling_%s($1, $2, $3, center => true)' END, op)
			INTO r USING v, w, mc;
	END IF;
	RETURN r;
END $$;
-- the trailing result over v and (w - 1) / 2 NULLs after it
CREATE FUNCTION rc_trailing(op text, v float8[], w int, mc int) RETURNS float8[]
LANGUAGE plpgsql AS $$
DECLARE
	r float8[];
	p float8[] := v || array_fill(NULL::float8, ARRAY[(w - 1) / 2]);
	m int := CASE WHEN mc < 0 THEN w ELSE mc END;
BEGIN
	IF op = 'quantile' THEN
		r := rolling_quantile(p, w, 0.3, m);
	ELSE
		EXECUTE format('SELECT rolling_%s($1, $2, $3)', op) INTO r USING p, w, m;
	END IF;
	RETURN r;
END $$;

-- 1. Bit for bit against the trailing result moved back, where defined
SELECT op, count(*) AS cases,
	   count(*) FILTER (WHERE d_arr > 0) AS float8arr_diff,
	   count(*) FILTER (WHERE d_nvec > 0) AS nvec_diff,
	   count(*) FILTER (WHERE d_comp > 0) AS compressed_diff,
	   sum(compared) AS elements_compared
FROM (SELECT op, r.*
	  FROM rc_case c,
		   unnest('{sum,mean,stddev,var,min,max,count,median,quantile}'::text[]) AS op,
		   LATERAL (SELECT rc_centred(op, c.v, c.w, c.mc) AS a,
						   rc_centred(op, c.v::nvec, c.w, c.mc)::float8[] AS n,
						   rc_centred(op, nvec_compress(c.v::nvec), c.w, c.mc)::float8[] AS z,
						   (rc_trailing(op, c.v, c.w, c.mc))[(c.w - 1) / 2 + 1 : (c.w - 1) / 2 + cardinality(c.v)] AS t,
						   (c.v || array_fill(NULL::float8, ARRAY[(c.w - 1) / 2]))[(c.w - 1) / 2 + 1 : (c.w - 1) / 2 + cardinality(c.v)] AS e) k,
		   LATERAL (SELECT count(*) FILTER (WHERE ue IS NOT NULL AND ux IS NOT NULL AND ua::text IS DISTINCT FROM ut::text) AS d_arr,
						   count(*) FILTER (WHERE ue IS NOT NULL AND ux IS NOT NULL AND un::text IS DISTINCT FROM ut::text) AS d_nvec,
						   count(*) FILTER (WHERE ue IS NOT NULL AND ux IS NOT NULL AND uz::text IS DISTINCT FROM ut::text) AS d_comp,
						   count(*) FILTER (WHERE ue IS NOT NULL AND ux IS NOT NULL) AS compared
					FROM unnest(c.v, k.e, k.a, k.n, k.z, k.t) AS u(ux, ue, ua, un, uz, ut)) r) s
GROUP BY op ORDER BY op;

-- 2. Against core's window functions over the centred frame, at every
-- element: count, min and max the same values; sum, mean, var and stddev
-- within 1e-12 relative of numeric's (finite vectors); NULL where element
-- i is NULL or the frame holds fewer than min_count present elements
CREATE FUNCTION rc_ref(v float8[], w int, mc int)
RETURNS TABLE (i bigint, x float8, cnt bigint, mn float8, mx float8, sm numeric, vr numeric)
LANGUAGE plpgsql AS $$
BEGIN
	RETURN QUERY EXECUTE format(
		'SELECT o, x, count(x) OVER f, min(x) OVER f, max(x) OVER f,
				CASE WHEN bool_and(x IS NULL OR x NOT IN (''NaN'', ''Infinity'', ''-Infinity'')) OVER f
					 THEN sum(x::text::numeric) OVER f END,
				CASE WHEN bool_and(x IS NULL OR x NOT IN (''NaN'', ''Infinity'', ''-Infinity'')) OVER f
					 THEN var_samp(x::text::numeric) OVER f END
		 FROM unnest($1) WITH ORDINALITY AS u(x, o)
		 WINDOW f AS (ORDER BY o ROWS BETWEEN %s PRECEDING AND %s FOLLOWING)',
		w / 2, (w - 1) / 2) USING v;
END $$;
CREATE FUNCTION rc_near(g float8, e numeric) RETURNS bool LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN g IS NULL OR e IS NULL THEN g IS NULL AND e IS NULL
				ELSE abs(g::text::numeric - e) <= abs(e) * 1e-12 + 1e-12 END $$;
SELECT count(*) AS elements,
	   count(*) FILTER (WHERE gc::text IS DISTINCT FROM (CASE WHEN ok THEN r.cnt END)::float8::text) AS count_diff,
	   count(*) FILTER (WHERE gmin::text IS DISTINCT FROM (CASE WHEN ok THEN r.mn END)::text) AS min_diff,
	   count(*) FILTER (WHERE gmax::text IS DISTINCT FROM (CASE WHEN ok THEN r.mx END)::text) AS max_diff,
	   count(*) FILTER (WHERE r.sm IS NOT NULL AND NOT rc_near(gsum, CASE WHEN ok THEN r.sm END)) AS sum_far,
	   count(*) FILTER (WHERE r.sm IS NOT NULL AND NOT rc_near(gmean, CASE WHEN ok THEN r.sm / r.cnt END)) AS mean_far,
	   count(*) FILTER (WHERE r.sm IS NOT NULL AND NOT rc_near(gvar, CASE WHEN ok AND r.cnt >= 2 THEN r.vr END)) AS var_far
FROM rc_case c,
	 LATERAL (SELECT CASE WHEN c.mc < 0 THEN c.w ELSE c.mc END AS m) m,
	 LATERAL rc_ref(c.v, c.w, c.mc) r,
	 LATERAL (SELECT r.x IS NOT NULL AND r.cnt >= m.m AS ok) k,
	 LATERAL (SELECT (rc_centred('count', c.v, c.w, c.mc))[r.i] AS gc,
					 (rc_centred('min', c.v::nvec, c.w, c.mc))[r.i] AS gmin,
					 (rc_centred('max', c.v, c.w, c.mc))[r.i] AS gmax,
					 (rc_centred('sum', c.v, c.w, c.mc))[r.i] AS gsum,
					 (rc_centred('mean', c.v::nvec, c.w, c.mc))[r.i] AS gmean,
					 (rc_centred('var', c.v, c.w, c.mc))[r.i] AS gvar) g
WHERE cardinality(c.v) <= 70;

-- rolling_stddev is sqrt(rolling_var) bit for bit, centred too
SELECT count(*) FILTER (WHERE rolling_stddev(v, w, center => true)::text
						IS DISTINCT FROM sqrt(rolling_var(v, w, center => true)::nvec)::float8[]::text) AS stddev_diff
FROM rc_case WHERE mc = 1;

-- windows wider than the vector: the whole vector from each element
SELECT rolling_sum('{1,2,3}'::float8[], 1000000, 1, center => true) AS wide,
	   rolling_sum('{1,2,3}'::float8[], 1000000, center => true) AS wide_min_count_w,
	   rolling_count('{1,NULL,3}'::nvec, 2147483647, 0, center => true) AS widest;

-- errors: as the trailing forms'
SELECT rolling_mean('{1,2}'::float8[], 0, center => true);
SELECT rolling_mean('{1,2}'::float8[], 2, 3, center => true);
SELECT rolling_sum('{1e308,1e308,1}'::float8[], 3, 1, center => true);
SELECT rolling_quantile('{1,2}'::nvec, 2, 1.5, center => true);

-- calls by position and without center resolve as before; labels
SELECT rolling_mean('{1,2,3}'::float8[], 2) AS trailing, rolling_mean('{1,2,3}'::float8[], 2, 1) AS trailing_min1,
	   rolling_mean('{1,2,3}'::float8[], 2, false) AS centre_false;
SELECT p.proname, count(*) AS centred_forms, bool_and(p.provolatile = 'i') AS immutable,
	   bool_and(p.proisstrict) AS strict, bool_and(p.proparallel = 's') AS parallel_safe,
	   bool_and(obj_description(p.oid, 'pg_proc') IS NOT NULL) AS commented
FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
WHERE n.nspname = 'public' AND p.proname LIKE 'rolling\_%'
  AND p.proargnames[p.pronargs] = 'center'
GROUP BY p.proname ORDER BY p.proname;

DROP TABLE rc_vec, rc_case;
DROP FUNCTION rc_centred, rc_trailing, rc_ref, rc_near;
