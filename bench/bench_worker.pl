# Round trip through the executor (fusekern.cuda_device = cpu) against
# the backend's own CPU path, per layer call, for square layers.
#
#   bench/run_cluster_bench.sh bench/bench_worker.pl
#
# One session runs N calls of linear_residual_relu per statement, worker and
# backend alternating, 5 rounds.  Reported per call: the median wall time,
# and the CPU time (user + system, from /proc) that the backend and the
# device process spent together, which a busy shared machine disturbs less.
# The difference to the backend path is the cost of the request path: the
# copies into and out of the staging area, the wake-ups
# (bench/bench_request_path.pl compares it with one memcpy).
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use FkBench;
use Time::HiRes qw(time);
use PostgreSQL::Test::Cluster;
use Test::More;

my $node = bench_cluster('bench_worker', qq{
shared_preload_libraries = 'fusekern'
fusekern.cuda = on
fusekern.cuda_device = cpu
log_statement = none
});
$node->safe_psql('postgres', 'CREATE EXTENSION fusekern');
$node->poll_query_until('postgres', 'SELECT worker_pid IS NOT NULL FROM fusekern_executor_stats');
my $wpid = $node->safe_psql('postgres', 'SELECT device_pid FROM fusekern_executor_stats');
my $psql = $node->background_psql('postgres');
my $bpid = $psql->query_safe('SELECT pg_backend_pid()') =~ s/\s+//gr;

# CPU seconds (user + system) a process has used
# Wall and CPU seconds per call of N calls of an s x s layer
sub per_call
{
	my ($s, $n, $min_flops) = @_;
	my ($c0, $t0) = (cpu_of($bpid) + cpu_of($wpid), time());
	$psql->query_safe(qq{
SET fusekern.cuda_min_flops = $min_flops;
SELECT count(*) FROM (SELECT array_fill(0.5::float8, ARRAY[$s, $s]) AS x) d,
       generate_series(1, $n) j
WHERE linear_residual_relu(x, x, array_fill(j::float8, ARRAY[$s]), x) IS NOT NULL});
	return ((time() - $t0) / $n, (cpu_of($bpid) + cpu_of($wpid) - $c0) / $n);
}

for my $s (8, 32, 64, 128, 256, 512)
{
	my $n = $s <= 64 ? 2000 : $s == 128 ? 400 : $s == 256 ? 100 : 25;
	my (@ww, @wc, @bw, @bc);
	for (1 .. 5)
	{
		my ($w, $c) = per_call($s, $n, 0);
		push @ww, $w;
		push @wc, $c;
		($w, $c) = per_call($s, $n, 1e18);
		push @bw, $w;
		push @bc, $c;
	}
	diag(sprintf("bench: %4d^3 (%.2e flops): wall %8.1f us worker path, %8.1f us backend path (x%.2f); "
		  . "cpu %8.1f us vs %8.1f us, request path +%.1f us",
		$s, 2 * $s**3, median(@ww) * 1e6, median(@bw) * 1e6, median(@ww) / median(@bw),
		median(@wc) * 1e6, median(@bc) * 1e6, (median(@wc) - median(@bc)) * 1e6));
}
my $st = $node->safe_psql('postgres', 'SELECT requests, offloaded, fallbacks FROM fusekern_executor_stats');
diag("bench: counters (requests|offloaded|fallbacks): $st");
ok(1, 'benchmark ran');
$psql->quit;
$node->stop;
done_testing();
