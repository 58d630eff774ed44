-- The weighted rolling mean, rolling_mean(v, weights float8[] [, min_count]),
-- on float8[], nvec and nvec(compressed): against the same sums computed in
-- float8 in SQL, in index order from +0 (bit for bit), and against numeric
-- (within rounding), with NULLs in windows, windows longer than the vector,
-- zero-sum weights and specials
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS fusekern;
RESET client_min_messages;

SELECT rolling_mean('{1,2,3,4}'::float8[], '{1,2,3}'::float8[]) AS weighted,
	   rolling_mean('{1,2,3,4}'::nvec, '{1,1}'::float8[]) AS equal_weights,
	   rolling_mean('{1,NULL,3,4}'::float8[], '{1,2,3}'::float8[], 1) AS min_count1,
	   rolling_mean('{1,2,3}'::float8[], '{1,-1}'::float8[], 1) AS zero_sum;

-- reference: element i, its window's present elements k with weight
-- weights[w - (i - k)], summed in index order from +0
CREATE FUNCTION rw_ref(v float8[], wt float8[], mc int) RETURNS float8[]
LANGUAGE plpgsql AS $$
DECLARE
	r float8[] := '{}';
	w int := cardinality(wt);
	num float8;
	den float8;
	cnt int;
BEGIN
	FOR i IN 1 .. coalesce(cardinality(v), 0) LOOP
		num := 0; den := 0; cnt := 0;
		IF v[i] IS NOT NULL THEN
			FOR k IN greatest(1, i - w + 1) .. i LOOP
				IF v[k] IS NOT NULL THEN
					num := num + v[k] * wt[w - (i - k)];
					den := den + wt[w - (i - k)];
					cnt := cnt + 1;
				END IF;
			END LOOP;
		END IF;
		r := r || CASE WHEN v[i] IS NOT NULL AND cnt >= mc AND den <> 0 THEN num / den END;
	END LOOP;
	RETURN r;
END $$;

CREATE TABLE rw_vec (id serial, note text, v float8[]);
INSERT INTO rw_vec (note, v)
SELECT format('n=%s %s', n, pat),
	   ARRAY(SELECT CASE
				 WHEN pat = 'runs' AND (i BETWEEN 62 AND 67 OR i BETWEEN 1020 AND 1030 OR i <= 2) THEN NULL
				 WHEN pat = 'scattered' AND i % 7 = 3 THEN NULL
				 WHEN pat = 'specials' AND i % 13 = 5
					 THEN (ARRAY['NaN', 'Infinity', '-Infinity', '-0'])[1 + (i / 13) % 4]::float8
				 ELSE round((100 + 10 * sin(i * 1.7))::numeric, 2)::float8 END
			 FROM generate_series(1, n) AS i ORDER BY i)
FROM unnest('{0,1,5,70,1100}'::int[]) AS n,
	 unnest('{none,runs,scattered,specials}'::text[]) AS pat;
CREATE TABLE rw_case AS
SELECT v.id, v.v, wt.wt::float8[] AS wt, mc
FROM rw_vec v,
	 (VALUES ('{1}'), ('{1,2,3}'), ('{0.25,0.25,0.5}'), ('{3,-1,0.5,2}'), ('{1,-1}'),
			 ('{0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1,1.1,1.2,1.3,1.4,1.5,1.6,1.7,1.8,1.9,2}')) AS wt(wt),
	 unnest('{-1,0,1,2}'::int[]) AS mc
WHERE mc <= cardinality(wt.wt::float8[]);
SELECT count(*) AS cases, count(DISTINCT id) AS vectors FROM rw_case;

-- bit for bit (as text) on every type
SELECT count(*) AS cases,
	   count(*) FILTER (WHERE a::text IS DISTINCT FROM r::text) AS float8arr_diff,
	   count(*) FILTER (WHERE n::float8[]::text IS DISTINCT FROM r::text) AS nvec_diff,
	   count(*) FILTER (WHERE z::float8[]::text IS DISTINCT FROM r::text) AS compressed_diff
FROM (SELECT CASE WHEN mc < 0 THEN rolling_mean(v, wt) ELSE rolling_mean(v, wt, mc) END AS a,
			 CASE WHEN mc < 0 THEN rolling_mean(v::nvec, wt) ELSE rolling_mean(v::nvec, wt, mc) END AS n,
			 CASE WHEN mc < 0 THEN rolling_mean(nvec_compress(v::nvec), wt)
				  ELSE rolling_mean(nvec_compress(v::nvec), wt, mc) END AS z,
			 rw_ref(v, wt, CASE WHEN mc < 0 THEN cardinality(wt) ELSE mc END) AS r
	  FROM rw_case) s;

-- against the exact weighted mean in numeric, for finite vectors: within
-- 1e-13 relative of sum(|x| * |weight|) / |sum(weight)|
SELECT count(*) AS elements,
	   count(*) FILTER (WHERE abs(g::text::numeric - e) > scale * 1e-13) AS far
FROM rw_case c,
	 LATERAL unnest(rolling_mean(c.v, c.wt, 1)) WITH ORDINALITY AS u(g, i),
	 LATERAL (SELECT sum(x::text::numeric * wv::text::numeric) / nullif(sum(wv::text::numeric), 0) AS e,
					 sum(abs(x::text::numeric * wv::text::numeric)) / nullif(abs(sum(wv::text::numeric)), 0) AS scale
			  FROM generate_series(greatest(1, u.i::int - cardinality(c.wt) + 1), u.i::int) AS k,
				   LATERAL (SELECT c.v[k] AS x, c.wt[cardinality(c.wt) - (u.i::int - k)] AS wv) t
			  WHERE x IS NOT NULL) ex
WHERE g IS NOT NULL AND c.id IN (SELECT id FROM rw_vec WHERE note NOT LIKE '%specials');

-- errors: weights empty (22023) or with a NULL (22004), min_count outside
-- 0 .. cardinality(weights), two-dimensional weights; STRICT
SELECT rolling_mean('{1,2}'::float8[], '{}'::float8[]);
SELECT rolling_mean('{1,2}'::nvec, '{1,NULL}'::float8[]);
SELECT rolling_mean('{1,2}'::float8[], '{1,2}'::float8[], 3);
SELECT rolling_mean('{1,2}'::float8[], '{{1,2},{3,4}}'::float8[]);
SELECT rolling_mean('{1,2}'::float8[], NULL::float8[]) IS NULL AS strict;
-- labels
SELECT count(*) AS forms, bool_and(p.provolatile = 'i') AS immutable,
	   bool_and(p.proisstrict) AS strict, bool_and(p.proparallel = 's') AS parallel_safe,
	   bool_and(obj_description(p.oid, 'pg_proc') IS NOT NULL) AS commented
FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
WHERE n.nspname = 'public' AND p.proname = 'rolling_mean' AND p.proargnames[2] = 'weights';

DROP TABLE rw_vec, rw_case;
DROP FUNCTION rw_ref;
