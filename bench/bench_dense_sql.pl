# The dense layers from SQL, fused against the unfused pieces, on a table of
# batches: 64 rows, each x a 32 x 256 batch; w 256 x 256, bias 256.
#
#   bench/run_cluster_bench.sh bench/bench_dense_sql.pl
#
# Each query runs over the whole table 40 times (2,560 calls); the queries
# alternate, 7 rounds, and the median backend CPU time (from /proc) and wall
# time of each is reported per call, with the CPU ratio to gelu_linear.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use FkBench;
use Time::HiRes qw(time);
use PostgreSQL::Test::Cluster;
use Test::More;

my $node = bench_cluster('bench_dense_sql', "log_statement = none\nmax_parallel_workers_per_gather = 0\n");
$node->safe_psql('postgres', q{
CREATE EXTENSION fusekern;
SELECT setseed(0.25);
CREATE TABLE batch AS
  SELECT g AS id,
         (SELECT array_agg(r ORDER BY i) FROM (SELECT i, array_agg(random() - 0.5 ORDER BY j) AS r
            FROM generate_series(1, 32) i, generate_series(1, 256) j GROUP BY i) s) AS x,
         (SELECT array_agg(r ORDER BY i) FROM (SELECT i, array_agg(random() - 0.5 ORDER BY j) AS r
            FROM generate_series(1, 32) i, generate_series(1, 256) j GROUP BY i) s) AS res
  FROM generate_series(1, 64) g;
CREATE TABLE layer AS
  SELECT (SELECT array_agg(r ORDER BY i) FROM (SELECT i, array_agg((random() - 0.5) / 16 ORDER BY j) AS r
            FROM generate_series(1, 256) i, generate_series(1, 256) j GROUP BY i) s) AS w,
         (SELECT array_agg(random() - 0.5) FROM generate_series(1, 256)) AS b;
VACUUM ANALYZE batch, layer;
});
my $psql = $node->background_psql('postgres');
my $pid = $psql->query_safe('SELECT pg_backend_pid()') =~ s/\s+//gr;

my @queries = (
	[ 'gelu_linear(x, w, b)', 'gelu_linear(x, w, b)' ],
	[ 'add_bias(matmul(gelu(x), w), b)', 'add_bias(matmul(gelu(x), w), b)' ],
	[ 'linear_residual_relu(x, w, b, res)', 'linear_residual_relu(x, w, b, res)' ],
	[ 'matmul(x, w) alone', 'matmul(x, w)' ],
	[ 'detoast w alone: array_length(w, 1) > id', 'array_length(w, 1) > id' ],
	[ 'detoast x alone: array_length(x, 1) > id', 'array_length(x, 1) > id' ],
	[ 'nothing: x IS NOT NULL', 'x' ]);
my $reps = $ENV{FK_REPS} // 40;
my $calls = 64 * $reps;
my %cpu;
my %wall;
# warm the cache once
$psql->query_safe('SELECT count(*) FROM batch, layer WHERE matmul(x, w) IS NOT NULL');
for (1 .. 7)
{
	for my $q (@queries)
	{
		my ($c0, $t0) = (cpu_of($pid), time());
		$psql->query_safe("SELECT sum(n) FROM generate_series(1, $reps) g, LATERAL (SELECT count(*) AS n FROM batch, layer WHERE g > 0 AND ($q->[1]) IS NOT NULL) s");
		push @{ $wall{ $q->[0] } }, time() - $t0;
		push @{ $cpu{ $q->[0] } }, cpu_of($pid) - $c0;
	}
}
my $base = median(@{ $cpu{ $queries[0][0] } });
for my $q (@queries)
{
	my $c = median(@{ $cpu{ $q->[0] } });
	diag(sprintf("bench: %-38s cpu %7.3f ms/call  wall %7.3f ms/call  (cpu x%.2f of gelu_linear)",
		$q->[0], $c / $calls * 1e3, median(@{ $wall{ $q->[0] } }) / $calls * 1e3, $c / $base));
}
is($psql->query_safe(q{SELECT bool_and(gelu_linear(x, w, b) = add_bias(matmul(gelu(x), w), b)) FROM batch, layer}) =~ s/\s+//gr,
	't', 'fused and unfused agree');
$psql->quit;
$node->stop;
done_testing();
