# SQL benchmark of the series on a time axis against plain SQL over the same
# stored arrays, run by hand:
#   bench/run_cluster_bench.sh bench/bench_time.pl
# 1,000 series (FK_BENCH_SERIES) of 10,000 irregular ticks (one every 1.3 s
# plus up to 1 s of jitter; times timestamptz[], prices float8[]): a
# 5-minute rolling mean, 1-minute OHLC bars, 1-minute time-weighted
# averages and an as-of lookup of every series on a 1-second grid.
# fusekern: the fastest of FK_BENCH_REPEATS runs (default 3); plain SQL
# (unnest, a RANGE window, lead(), date_bin and GROUP BY): one run, as it
# takes seconds.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use FkBench;
use PostgreSQL::Test::Cluster;
use Test::More;

my $repeats = $ENV{FK_BENCH_REPEATS} // 3;
my $series = int($ENV{FK_BENCH_SERIES} // 1000);
my $node = bench_cluster('bench', "shared_buffers = 1GB\nwork_mem = 1GB\njit = off\nmax_parallel_workers_per_gather = 0\n");
$node->safe_psql('postgres', q{
	CREATE EXTENSION fusekern;
	SET TimeZone = 'UTC';
	SELECT setseed(0.38);
	CREATE TABLE ticks AS
		SELECT id, array_agg('2026-01-05 09:30:00+00'::timestamptz + make_interval(secs => i * 1.3 + random()) ORDER BY i) AS ts,
			   array_agg(100 + (random() - 0.5) ORDER BY i) AS px
		FROM generate_series(1, FK_SERIES) AS id, generate_series(1, 10000) AS i GROUP BY id;
	CREATE TABLE grid AS
		SELECT array_agg(t ORDER BY t) AS at
		FROM generate_series('2026-01-05 09:30:00+00'::timestamptz, '2026-01-05 13:10:00+00', '1 second') AS t;
	VACUUM ANALYZE;
	CREATE FUNCTION bench_ms(q text, n int) RETURNS float8 LANGUAGE plpgsql AS $$
	DECLARE t0 timestamptz; ts float8[] := '{}';
	BEGIN
		SET TimeZone = 'UTC';
		IF n > 1 THEN EXECUTE q; END IF;	-- warm up
		FOR k IN 1 .. n LOOP
			t0 := clock_timestamp();
			EXECUTE q;
			ts := ts || extract(epoch FROM clock_timestamp() - t0) * 1000;
		END LOOP;
		RETURN (SELECT min(x) FROM unnest(ts) x);
	END $$;
} =~ s/FK_SERIES/$series/r);

my @cases = (
	['rolling_mean 5 min',
	 q{SELECT sum(vcount(rolling_mean(px, ts, '5 minutes'))) FROM ticks},
	 q{SELECT count(m) FROM (SELECT avg(x) OVER (PARTITION BY id ORDER BY t RANGE BETWEEN interval '5 minutes' - interval '1 microsecond' PRECEDING AND CURRENT ROW) AS m FROM ticks, unnest(ts, px) AS u(t, x)) q}],
	['ohlc 1 min',
	 q{SELECT count(*) FROM ticks, resample_ohlc(ts, px, '1 minute') b},
	 q{SELECT count(*) FROM (SELECT id, date_bin('1 minute', t, '1970-01-01'), (array_agg(x ORDER BY t))[1], max(x), min(x), (array_agg(x ORDER BY t DESC))[1] FROM ticks, unnest(ts, px) AS u(t, x) GROUP BY 1, 2) q}],
	['twa 1 min',
	 q{SELECT count(*) FROM ticks, resample(ts, px, '1 minute', 'twa') b},
	 q{SELECT count(*) FROM (SELECT id, b, sum(x * dt) / extract(epoch FROM max(t) - min(t)) FROM (SELECT id, date_bin('1 minute', t, '1970-01-01') AS b, t, x, extract(epoch FROM lead(t) OVER w - t) AS dt FROM ticks, unnest(ts, px) AS u(t, x) WINDOW w AS (PARTITION BY id, date_bin('1 minute', t, '1970-01-01') ORDER BY t)) p GROUP BY 1, 2) q}],
	['asof 1 s grid',
	 q{SELECT sum(vcount(asof(ts, px, g.at))) FROM ticks, grid g},
	 undef],
);
my $scan = bench_ms($node, q{SELECT sum(cardinality(ts) + cardinality(px)) FROM ticks}, $repeats);
diag(sprintf("bench: bare scan of ts and px %.1f ms", $scan));
for my $c (@cases)
{
	my ($name, $fk, $sql) = @$c;
	my $f = bench_ms($node, $fk, $repeats);
	if (defined $sql)
	{
		my $s = bench_ms($node, $sql, 1);
		diag(sprintf("bench: %-18s fusekern %9.1f ms  plain SQL %9.1f ms  ratio %.1fx", $name, $f, $s, $s / $f));
	}
	else
	{
		diag(sprintf("bench: %-18s fusekern %9.1f ms", $name, $f));
	}
}
ok(1, 'benchmark ran');
$node->stop;
done_testing();
