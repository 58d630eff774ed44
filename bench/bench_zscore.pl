# The rolling z-score, w = 20, over 1,000 price series of 10,000 values
# (the W3 workload of the NumPy comparison), fusekern against NumPy's
# cumulative-sum version side by side in one run, against a throwaway
# cluster, run by hand:
#   bench/run_cluster_bench.sh bench/bench_zscore.pl
# Two data sets: prices in cents (100 exp(random walk), rounded) and the
# same walks at full precision; each stored as nvec(compressed), plain nvec
# and float8[] (STORAGE EXTERNAL: no pglz), read from shared buffers.  Every
# form runs FK_BENCH_RUNS times (default 9, rounded up to even), the forms
# in alternating order (bench_three); NumPy as many times over the same
# values in memory (bench/numpy_zscore.py, run between the two halves of
# the SQL runs); every run printed, the best and the ratios to NumPy's
# best.  FK_BENCH_SIMD=scalar also times fusekern.simd = 'scalar' (the
# element steps of the windows, and every kernel's one-lane copy).
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use FkBench;
use File::Temp qw(tempdir);
use PostgreSQL::Test::Cluster;
use Test::More;

my $runs = $ENV{FK_BENCH_RUNS} // 9;
my @simds = ('auto', ($ENV{FK_BENCH_SIMD} ? ($ENV{FK_BENCH_SIMD}) : ()));
my $node = bench_cluster('bench',
	"shared_buffers = 1GB\nwork_mem = 256MB\njit = off\nmax_parallel_workers_per_gather = 0\n");
$node->safe_psql('postgres', q{
	CREATE EXTENSION fusekern;
	SELECT setseed(0.25);
	CREATE TABLE walk AS
		SELECT s AS id, array_agg(100 * exp(w) ORDER BY i) AS full_px
		FROM (SELECT s, i, sum((random() - 0.5) * 0.02) OVER (PARTITION BY s ORDER BY i) AS w
			  FROM generate_series(1, 1000) s, generate_series(1, 10000) i) x
		GROUP BY s;
	CREATE TABLE z_cents (id int, px nvec(compressed), pn nvec, pa float8[]);
	CREATE TABLE z_full (id int, px nvec(compressed), pn nvec, pa float8[]);
	ALTER TABLE z_cents ALTER pn SET STORAGE EXTERNAL, ALTER pa SET STORAGE EXTERNAL;
	ALTER TABLE z_full ALTER pn SET STORAGE EXTERNAL, ALTER pa SET STORAGE EXTERNAL;
	INSERT INTO z_cents
		SELECT id, p::nvec, p::nvec, p
		FROM (SELECT id, (SELECT array_agg(round(v::numeric, 2)::float8 ORDER BY o)
						  FROM unnest(full_px) WITH ORDINALITY u(v, o)) AS p FROM walk) c;
	INSERT INTO z_full SELECT id, full_px::nvec, full_px::nvec, full_px FROM walk;
	VACUUM ANALYZE;
	CREATE EXTENSION IF NOT EXISTS pg_prewarm;
	SELECT pg_prewarm('z_cents'), pg_prewarm('z_full');
} . bench_three_sql());
my $dir = tempdir(CLEANUP => 1);
chmod 0777, $dir;

for my $set (qw(cents full))
{
	my $file = "$dir/$set.txt";
	$node->safe_psql('postgres', "COPY (SELECT pa FROM z_$set ORDER BY id) TO '$file'");
	my %ms;
	my $sql = 'SELECT count(*) FROM z_%s WHERE length((%s - rolling_mean(%s, 20)) / rolling_stddev(%s, 20)) > 0';
	my @forms = (['nvec(compressed)', 'px'], ['nvec', 'pn'], ['float8[]', 'pa']);
	my $numpy = '';
	for my $round (1 .. 2)
	{
		for my $r (1 .. ($runs + 1) / 2)
		{
			# one run of each form and setting, the order alternating
			my (@q, @s, @k);
			for my $simd (@simds)
			{
				for my $f (@forms)
				{
					push @q, sprintf($sql, $set, $f->[1], $f->[1], $f->[1]);
					push @s, "SET fusekern.simd = '$simd'";
					push @k, "$f->[0] $simd";
				}
			}
			my $arr = sub { 'ARRAY[' . join(', ', map { sql_quote($_) } @_) . ']' };
			my $ms = $node->safe_psql('postgres',
				'SELECT array_to_string((bench_three(' . $arr->(@q) . ', ' . $arr->(@s) . ", 1))::numeric(10,1)[], ' ')");
			my @t = split / /, $ms;
			push @{ $ms{ $k[$_] } }, $t[$_] for 0 .. $#k;
		}
		$numpy .= `/usr/bin/python3 $FindBin::RealBin/numpy_zscore.py $file $runs` if $round == 1;
	}
	my ($np) = $numpy =~ /best ([\d.]+) ms/;
	diag("bench: $set: $numpy");
	for my $k (sort keys %ms)
	{
		my @t = sort { $a <=> $b } @{ $ms{$k} };
		diag(sprintf("bench: %s: fusekern %-22s runs [%s] best %.1f ms, median %.1f; best / NumPy best %.2f",
			$set, $k, join(' ', @{ $ms{$k} }), $t[0], median(@t), $t[0] / $np));
	}
}
ok(1, 'benchmark ran');
$node->stop;
done_testing();
