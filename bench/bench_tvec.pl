# The times of bench_time.pl's series stored four ways, side by side in one
# run: timestamptz[] as the column's default leaves it (pglz where that
# saves space), EXTERNAL (never compressed), lz4, and tvec (delta-of-deltas,
# stored external).  Run by hand:
#   bench/run_cluster_bench.sh bench/bench_tvec.pl
# 1,000 series of 10,000 irregular ticks (FK_BENCH_SERIES, FK_BENCH_TICKS),
# generated as bench_time.pl generates them (same seed), the prices a
# float8[] beside them.  Prints the bytes of the times in each form, then
# for each query the milliseconds of every run (FK_BENCH_REPEATS runs of
# each form, default 5, interleaved 1 2 3 4, 4 3 2 1, ... by bench_runs),
# the fastest and the median of each form, its ratio to the default's, and
# whether every form gives the same result.  FK_BENCH_CASES (a Perl regular
# expression) runs only the queries whose names match.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use FkBench;
use PostgreSQL::Test::Cluster;
use Test::More;

my $repeats = $ENV{FK_BENCH_REPEATS} // 5;
my $series = $ENV{FK_BENCH_SERIES} // 1000;
my $ticks = $ENV{FK_BENCH_TICKS} // 10000;
my $only = $ENV{FK_BENCH_CASES};
my $node = bench_cluster('bench_tvec', "shared_buffers = 1GB\nwork_mem = 1GB\njit = off\nmax_parallel_workers_per_gather = 0\n");
$node->safe_psql('postgres', qq{
	CREATE EXTENSION fusekern;
} . time_ticks_sql($series, $ticks) . qq{
	-- the forms, each value stored afresh (a slice is a new value, so
	-- TOAST applies the column's settings to it)
	CREATE TABLE t_default (id int, ts timestamptz[], px float8[]);
	CREATE TABLE t_external (id int, ts timestamptz[], px float8[]);
	ALTER TABLE t_external ALTER ts SET STORAGE EXTERNAL;
	CREATE TABLE t_lz4 (id int, ts timestamptz[], px float8[]);
	ALTER TABLE t_lz4 ALTER ts SET COMPRESSION lz4;
	CREATE TABLE t_tvec (id int, ts tvec, px float8[]);
	INSERT INTO t_default SELECT id, ts[1:$ticks], px[1:$ticks] FROM ticks;
	INSERT INTO t_external SELECT id, ts[1:$ticks], px[1:$ticks] FROM ticks;
	INSERT INTO t_lz4 SELECT id, ts[1:$ticks], px[1:$ticks] FROM ticks;
	INSERT INTO t_tvec SELECT id, ts[1:$ticks], px[1:$ticks] FROM ticks;
	VACUUM ANALYZE;
} . bench_runs_sql());

my @forms = qw(default external lz4 tvec);

# the bytes of the times in each form
for my $f (@forms)
{
	diag("bench: size " . $node->safe_psql('postgres', qq{
		SELECT format('%-9s ts %6s MB (%s), %s bytes a series, %s bits a time; table with TOAST %s MB',
					  '$f', round(sum(pg_column_size(ts)) / 1048576.0, 2),
					  string_agg(DISTINCT coalesce(pg_column_compression(ts), 'none'), ','),
					  round(avg(pg_column_size(ts))), round(8.0 * sum(pg_column_size(ts)) / (${series}::int8 * $ticks), 2),
					  round(pg_total_relation_size('t_$f') / 1048576.0, 1))
		FROM t_$f}));
}

# name, query (%s the table); the times read as ts in every form
my @cases = (
	['scan ts', q{SELECT sum(cardinality(ts::timestamptz[])) FROM %s}],
	['rolling_mean 5 min', q{SELECT sum(vsum(rolling_mean(px, ts, '5 minutes'))) FROM %s}],
	['ohlc 1 min', q{SELECT sum(open + high + low + close) FROM %s, resample_ohlc(ts, px, '1 minute', fill => 'locf') b}],
	['ohlc 1 min vectors', q{SELECT sum(vsum(b.open + b.high + b.low + b.close)) FROM %s, resample_ohlc_vectors(ts, px, '1 minute', fill => 'locf') b}],
	['twa 1 min', q{SELECT count(*) FROM %s, resample(ts, px, '1 minute', 'twa') b}],
	['asof 1 s grid', q{SELECT sum(vsum(asof(ts, px, g.at))) FROM %s, grid g}],
	['time-weighted avg', q{SELECT sum(time_weighted_avg(ts, px)) FROM %s}],
);
@cases = grep { $_->[0] =~ /$only/ } @cases if defined $only;

for my $c (@cases)
{
	my ($name, $q) = @$c;
	my @qs = map { sprintf($q, "t_$_") } @forms;
	my @res = map { $node->safe_psql('postgres', "SET TimeZone = 'UTC'; $_") } @qs;
	my $arr = join(',', map { sql_quote($_) } @qs);
	my %runs;
	for my $line (split /\n/, $node->safe_psql('postgres',
		"SET TimeZone = 'UTC'; SELECT w, ms FROM bench_runs(ARRAY[$arr], $repeats) ORDER BY run, w"))
	{
		my ($w, $ms) = split /\|/, $line;
		push @{ $runs{ $forms[ $w - 1 ] } }, $ms;
	}
	my $base = (sort { $a <=> $b } @{ $runs{default} })[0];
	for my $f (@forms)
	{
		my @ms = @{ $runs{$f} };
		my $best = (sort { $a <=> $b } @ms)[0];
		diag(sprintf("bench: %-18s %-8s best %8.1f ms median %8.1f ms  default/this %.2fx  [%s]",
			$name, $f, $best, median(@ms), $base / $best, join(' ', map { sprintf('%.1f', $_) } @ms)));
	}
	diag(sprintf("bench: %-18s same result in every form: %s", $name,
		(grep { $_ ne $res[0] } @res) ? "NO (@res)" : 'yes'));
}
ok(1, 'bench_tvec ran');
done_testing();
