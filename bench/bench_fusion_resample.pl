# SQL benchmark of a resampling of a transformed series, fused (the
# program run a block at a time into the buckets, fused_resample) against
# unfused (the transform built as a vector, then resampled), on one series
# of 10^6 irregular ticks, run by hand:
#   bash test/harness.sh prove -v bench/bench_fusion_resample.pl
# Ticks 0 to 3 s apart (about 17 days of one-minute buckets), prices a
# random walk, times and prices stored uncompressed in shared buffers; the
# prices as float8[], nvec and nvec(compressed).  Each query is timed fused
# (fusekern.enable_fusion = on) and unfused (off), alternately in one
# session, FK_BENCH_REPEATS times (default 9), keeping the fastest of each.
# Prints milliseconds and unfused / fused, and checks that both give the
# same rows.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use FkBench;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $repeats = $ENV{FK_BENCH_REPEATS} // 9;
my $node = bench_cluster('bench_resample',
	"shared_buffers = 512MB\nwork_mem = 256MB\njit = off\nmax_parallel_workers_per_gather = 0\n");
$node->safe_psql('postgres', q{
	CREATE EXTENSION fusekern;
	SELECT setseed(0.5);
	CREATE TABLE big (ts timestamptz[], px float8[], pn nvec, pc nvec(compressed));
	ALTER TABLE big ALTER ts SET STORAGE EXTERNAL, ALTER px SET STORAGE EXTERNAL,
		ALTER pn SET STORAGE EXTERNAL;
	INSERT INTO big (ts, px)
		SELECT array_agg('2026-01-05'::timestamptz + make_interval(secs => t) ORDER BY i),
			   array_agg(round((100 * exp(s))::numeric, 2)::float8 ORDER BY i)
		FROM (SELECT i, sum(floor(random() * 4)) OVER (ORDER BY i) AS t,
					 sum(0.001 * (random() - 0.5)) OVER (ORDER BY i) AS s
			  FROM generate_series(1, 1000000) i) q;
	UPDATE big SET pn = px::nvec, pc = px::nvec;
	VACUUM ANALYZE big;
	CREATE FUNCTION bench_pair(q text, n int, OUT fused float8, OUT unfused float8,
							   OUT same bool)
	LANGUAGE plpgsql AS $$
	DECLARE t0 timestamptz; a text; b text;
	BEGIN
		fused := 'Infinity'; unfused := 'Infinity';
		PERFORM set_config('fusekern.enable_fusion', 'on', true);
		EXECUTE 'SELECT md5(string_agg(r::text, '','')) FROM (' || q || ') r' INTO a;
		PERFORM set_config('fusekern.enable_fusion', 'off', true);
		EXECUTE 'SELECT md5(string_agg(r::text, '','')) FROM (' || q || ') r' INTO b;
		same := a = b;
		q := 'SELECT count(*) FROM (' || q || ') r';
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

# The queries: name, resampling (V the prices)
my @queries = (
	[ 'sum of log returns', q{resample(ts, dlog(V), '1 minute', 'sum')} ],
	[ 'OHLC of returns x100', q{resample_ohlc(ts, dlog(V) * 100::float8, '1 minute')} ],
	[ 'mean of z-score w=20', q{resample(ts, (V - rolling_mean(V, 20)) / rolling_stddev(V, 20), '1 minute', 'mean')} ],
	[ 'last, as vectors', q{resample_vectors(ts, V * 2::float8 - 1::float8, '1 minute', 'last')} ],);

for my $col ('px', 'pn', 'pc')
{
	for my $p (@queries)
	{
		my ($name, $expr) = @$p;
		(my $e = $expr) =~ s/\bV\b/$col/g;
		my $r = $node->safe_psql('postgres',
			"SELECT round(fused::numeric, 2), round(unfused::numeric, 2), same FROM bench_pair("
			  . sql_quote("SELECT b.* FROM big, $e AS b") . ", $repeats)");
		my ($f, $u, $same) = split /\|/, $r;
		is($same, 't', "$name on $col: fused and unfused give the same rows");
		diag(sprintf("bench: %-3s %-22s fused %8.2f ms  unfused %8.2f ms  unfused/fused %5.2fx",
			$col, $name, $f, $u, $u / $f));
	}
}
$node->stop;
done_testing();
