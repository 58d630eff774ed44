# The executor's request path against its floor (fusekern.cuda_device = cpu):
# for square linear_residual_relu layers, the wall time per call through the
# executor and in the backend, their difference (what the request path
# costs: copies, wake-ups, bookkeeping), one memcpy of the layer's operand
# and result bytes (the floor), and the difference over the floor.
#
#   bash test/harness.sh prove bench/bench_request_path.pl
#
# One session; per size N calls per statement, executor and backend
# alternating, FK_BENCH_ROUNDS rounds (default 5), medians.  Prints one
# line per size:
#   bench: n  backend_ms  executor_ms  diff_ms  memcpy_ms  ratio
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use FkBench;
use Time::HiRes qw(time);
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $top = $ENV{FK_TOP} // '.';
my $floor_bin = PostgreSQL::Test::Utils::tempdir() . '/memcpy_floor';
system('cc', '-O2', '-o', $floor_bin, "$top/bench/memcpy_floor.c") == 0
  or die 'cannot build memcpy_floor';

my $node = bench_cluster('bench_request_path', qq{
shared_preload_libraries = 'fusekern'
fusekern.cuda = on
fusekern.cuda_device = cpu
fusekern.cuda_max_queued_flops = '1e18'
log_statement = none
log_min_messages = warning
});
$node->safe_psql('postgres', 'CREATE EXTENSION fusekern');
$node->poll_query_until('postgres', 'SELECT worker_pid IS NOT NULL FROM fusekern_executor_stats');
my $psql = $node->background_psql('postgres');

# Wall seconds per call of N calls of an s x s layer
sub per_call
{
	my ($s, $n, $min_flops) = @_;
	my $t0 = time();
	$psql->query_safe(qq{
SET fusekern.cuda_min_flops = $min_flops;
SELECT count(*) FROM (SELECT array_fill(0.5::float8, ARRAY[$s, $s]) AS x OFFSET 0) d,
       generate_series(1, $n) j
WHERE linear_residual_relu(x, x, array_fill(j::float8, ARRAY[$s]), x) IS NOT NULL});
	return (time() - $t0) / $n;
}

my $rounds = $ENV{FK_BENCH_ROUNDS} // 5;
diag(sprintf('bench: %5s %11s %11s %9s %9s %6s', 'n', 'backend_ms', 'executor_ms', 'diff_ms', 'memcpy_ms', 'ratio'));
for my $s (8, 512, 2048)
{
	my $n = $s == 8 ? 4000 : $s == 512 ? 20 : 1;
	my (@w, @b);
	per_call($s, $n, 0);		# warm up both paths
	per_call($s, $n, 1e18);
	for (1 .. $rounds)
	{
		push @w, per_call($s, $n, 0);
		push @b, per_call($s, $n, 1e18);
	}
	# x, w, residual and the result (s^2 each), bias (s)
	my $bytes = 8 * (4 * $s * $s + $s);
	my $floor = `$floor_bin $bytes` + 0;
	my ($bm, $wm) = (median(@b) * 1e3, median(@w) * 1e3);
	diag(sprintf('bench: %5d %11.3f %11.3f %9.3f %9.3f %6.2f', $s, $bm, $wm, $wm - $bm, $floor,
		$floor > 0 ? ($wm - $bm) / $floor : 0));
	diag(sprintf('bench: %5d rounds: executor %s; backend %s', $s,
		join(' ', map { sprintf('%.3f', $_ * 1e3) } @w), join(' ', map { sprintf('%.3f', $_ * 1e3) } @b)));
}
my $st = $node->safe_psql('postgres', 'SELECT requests, offloaded, fallbacks, errors FROM fusekern_executor_stats');
diag("bench: counters (requests|offloaded|fallbacks|errors): $st");
ok(1, 'benchmark ran');
$psql->quit;
$node->stop;
done_testing();
