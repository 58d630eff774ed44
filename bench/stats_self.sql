-- fusekern's shape statistics, histograms, sort and ranks side by side with
-- vvar and vmedian in one session (docs/series.md): 300 rows of 10,000
-- random-walk values; run with
--   FK_TEST_PORT=<port> bash test/harness.sh psql -X -q -f bench/stats_self.sql
-- and read the ratios of the \timing figures within a run
\set ON_ERROR_STOP 1
SELECT setseed(0.39);
DROP TABLE IF EXISTS bt;
CREATE TABLE bt AS
SELECT r, array_agg(100 + s ORDER BY i) AS v
FROM (SELECT r, i, sum(random() - 0.5) OVER (PARTITION BY r ORDER BY i) AS s
      FROM generate_series(1, 300) r, generate_series(1, 10000) i) q GROUP BY r;
ALTER TABLE bt ADD COLUMN nv nvec;
UPDATE bt SET nv = v::nvec;
VACUUM ANALYZE bt;
\timing on
SELECT count(vvar(v)) FROM bt;
SELECT count(vstddev(v)) FROM bt;
SELECT count(vskew(v)) FROM bt;
SELECT count(vkurtosis(v)) FROM bt;
SELECT count(vmedian(v)) FROM bt;
SELECT count(vsort(v)) FROM bt;
SELECT count(vrank(v)) FROM bt;
SELECT count(vpercent_rank(v)) FROM bt;
SELECT count(vhistogram(v, 0, 200, 20)) FROM bt;
SELECT count(vhistogram(v, '{0,10,20,30,40,50,60,70,80,90,100,110,120,130,140,150,160,170,180,190,200}'::float8[])) FROM bt;
SELECT count(vvar(nv)) FROM bt;
SELECT count(vskew(nv)) FROM bt;
SELECT count(vkurtosis(nv)) FROM bt;
SELECT count(vsort(nv)) FROM bt;
SELECT count(vrank(nv)) FROM bt;
SELECT count(vhistogram(nv, 0, 200, 20)) FROM bt;
SELECT count(v) FROM bt;
