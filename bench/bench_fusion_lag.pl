# SQL benchmark of the fused lagged instructions (dlog and the pipelines
# above it) on one series of 10^6 elements in memory, run by hand:
#   bash test/harness.sh prove bench/bench_fusion_lag.pl
# A price series (a random walk, shared buffers, stored uncompressed) as
# float8[], without and with 10% NULLs.  Each pipeline is timed fused
# (fusekern.enable_fusion = on) and unfused (off), alternately in one
# session, FK_BENCH_REPEATS times (default 15), keeping the fastest of each
# (on a shared machine the fastest run is the one least disturbed).  Prints
# milliseconds and unfused / fused, and checks that both give the same bits.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use FkBench;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $repeats = $ENV{FK_BENCH_REPEATS} // 15;
my $node = bench_cluster('bench_lag',
	"shared_buffers = 512MB\nwork_mem = 256MB\njit = off\nmax_parallel_workers_per_gather = 0\n");
$node->safe_psql('postgres', q{
	CREATE EXTENSION fusekern;
	SELECT setseed(0.25);
	CREATE TABLE big (kind text, v float8[]);
	ALTER TABLE big ALTER v SET STORAGE EXTERNAL;
	INSERT INTO big (kind, v)
		SELECT 'float8[]', array_agg(100 * exp(s) ORDER BY i)
		FROM (SELECT i, sum(0.01 * (random() - 0.5)) OVER (ORDER BY i) AS s
			  FROM generate_series(1, 1000000) i) t;
	INSERT INTO big (kind, v)
		SELECT 'float8[] 10% NULL',
			   (SELECT array_agg(CASE WHEN random() < 0.1 THEN NULL ELSE x END ORDER BY o)
				FROM unnest(v) WITH ORDINALITY u(x, o))
		FROM big;
	VACUUM ANALYZE big;
	CREATE FUNCTION bench_pair(q text, n int, OUT fused float8, OUT unfused float8,
							   OUT same bool)
	LANGUAGE plpgsql AS $$
	DECLARE t0 timestamptz; a text; b text;
	BEGIN
		fused := 'Infinity'; unfused := 'Infinity';
		PERFORM set_config('fusekern.enable_fusion', 'on', true);
		EXECUTE 'SELECT md5((' || q || ')::text)' INTO a;
		PERFORM set_config('fusekern.enable_fusion', 'off', true);
		EXECUTE 'SELECT md5((' || q || ')::text)' INTO b;
		same := a = b;
		q := 'SELECT pg_column_size((' || q || '))';
		FOR k IN 1 .. n LOOP
			PERFORM set_config('fusekern.enable_fusion', 'on', true);
			t0 := clock_timestamp();
			EXECUTE q;
			fused := least(fused, extract(epoch FROM clock_timestamp() - t0) * 1000);
			PERFORM set_config('fusekern.enable_fusion', 'off', true);
			t0 := clock_timestamp();
			EXECUTE q;
			unfused := least(unfused, extract(epoch FROM clock_timestamp() - t0) * 1000);
		END LOOP;
	END $$;
});

# The pipelines: name, fusekern spelling (V the series)
my @pipelines = (
	[ 'vstddev_dlog', 'vstddev(dlog(V, 1))' ],
	[ 'cumret', 'cumsum(dlog(V, 1))' ],
	[ 'zscore_roll', '(V - rolling_mean(V, 20)) / rolling_stddev(V, 20)' ],
	[ 'dlog', 'dlog(V, 1)' ],
	[ 'dlog_lag5', 'dlog(V, 5)' ],);

for my $kind ('float8[]', 'float8[] 10% NULL')
{
	for my $p (@pipelines)
	{
		my ($name, $expr) = @$p;
		(my $e = $expr) =~ s/\bV\b/v/g;
		my $r = $node->safe_psql('postgres',
			"SELECT round(fused::numeric, 2), round(unfused::numeric, 2), same FROM bench_pair("
			  . sql_quote("SELECT $e FROM big WHERE kind = '$kind'") . ", $repeats)");
		my ($f, $u, $same) = split /\|/, $r;
		is($same, 't', "$name on $kind: fused and unfused give the same bits");
		diag(sprintf("bench: %-17s %-12s fused %8.2f ms  unfused %8.2f ms  unfused/fused %5.2fx",
			$kind, $name, $f, $u, $u / $f));
	}
}
$node->stop;
done_testing();
