# SQL benchmark of the rolling windows against a throwaway cluster, run by hand:
#   bench/run_cluster_bench.sh bench/bench_rolling.pl
# One float8[] of 10^6 elements (values in (0.5, 1.5)), without NULLs and with
# 10% NULLs; each rolling function at w = 10, 100, 1,000 and 100,000, the
# fastest of FK_BENCH_REPEATS runs (default 11) inside one session (on a
# shared machine the fastest run is the one least disturbed), printed beside
# the bare scan, with the ratio w = 1,000 / w = 10 (the target: at most 1.5).
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use FkBench;
use PostgreSQL::Test::Cluster;
use Test::More;

my $repeats = $ENV{FK_BENCH_REPEATS} // 11;
my $node = bench_cluster('bench', "shared_buffers = 512MB\njit = off\nmax_parallel_workers_per_gather = 0\n");
$node->safe_psql('postgres', q{
	CREATE EXTENSION fusekern;
	SELECT setseed(0.5);
	CREATE TABLE big AS SELECT (SELECT array_agg(0.5 + random()) FROM generate_series(1, 1000000)) AS v;
	CREATE TABLE big_nulls AS
		SELECT (SELECT array_agg(CASE WHEN random() < 0.1 THEN NULL ELSE 0.5 + random() END)
				FROM generate_series(1, 1000000)) AS v;
	VACUUM ANALYZE;
	CREATE FUNCTION bench_ms(q text, n int) RETURNS float8 LANGUAGE plpgsql AS $$
	DECLARE t0 timestamptz; ts float8[] := '{}';
	BEGIN
		EXECUTE q;	-- warm up
		FOR k IN 1 .. n LOOP
			t0 := clock_timestamp();
			EXECUTE q;
			ts := ts || extract(epoch FROM clock_timestamp() - t0) * 1000;
		END LOOP;
		RETURN (SELECT min(x) FROM unnest(ts) x);
	END $$;
});

for my $t (qw(big big_nulls))
{
	my $scan = bench_ms($node, "SELECT sum(array_length(v, 1)) FROM $t", $repeats);
	diag(sprintf("bench: %s: bare scan %.2f ms", $t, $scan));
	for my $op (qw(sum mean stddev min max count))
	{
		my %ms;
		for my $w (10, 100, 1000, 100000)
		{
			$ms{$w} = bench_ms($node, "SELECT cardinality(rolling_$op(v, $w)) FROM $t", $repeats);
		}
		diag(sprintf("bench: %s: rolling_%-6s w=10 %7.2f ms  w=100 %7.2f ms  w=1000 %7.2f ms  w=100000 %7.2f ms  w=1000/w=10 %.2fx",
				$t, $op, $ms{10}, $ms{100}, $ms{1000}, $ms{100000}, $ms{1000} / $ms{10}));
	}
}
ok(1, 'benchmark ran');
$node->stop;
done_testing();
