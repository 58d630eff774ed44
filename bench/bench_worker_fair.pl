# Fairness of the executor worker (fusekern.cuda_device = cpu): the latency
# of a small matmul from one session while another session's large matmul
# occupies the worker, against the same small matmul with the worker idle.
#
#   bash test/harness.sh prove bench/bench_worker_fair.pl 2>&1 | grep '^# bench:'
#
# FK_BENCH_BIG (default 4000) and FK_BENCH_SMALL (default 400) give the
# square sizes; FK_BENCH_ROUNDS (default 3) how many large requests are
# run, each with one small request issued while it is in the worker.
# Reported: medians of wall time seen by the client, both results checked
# exactly, and the worker's counters.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use FkBench;
use IPC::Run;
use Time::HiRes qw(time usleep);
use PostgreSQL::Test::Cluster;
use Test::More;

my $big = $ENV{FK_BENCH_BIG} // 4000;
my $small = $ENV{FK_BENCH_SMALL} // 400;
my $rounds = $ENV{FK_BENCH_ROUNDS} // 3;

my $node = bench_cluster('bench_worker_fair', qq{
shared_preload_libraries = 'fusekern'
fusekern.cuda = on
fusekern.cuda_device = cpu
fusekern.cuda_min_flops = 1e8
max_parallel_workers_per_gather = 0
log_statement = none
});
$node->safe_psql('postgres', 'CREATE EXTENSION fusekern');
$node->poll_query_until('postgres', 'SELECT worker_pid IS NOT NULL FROM fusekern_executor_stats');

# x = 0.5 everywhere: x x has s / 4 in every element, exactly
sub layer_sql
{
	my ($s) = @_;
	return "SELECT matmul(x, x) = array_fill($s / 4::float8, ARRAY[$s, $s]) "
	  . "FROM (SELECT array_fill(0.5::float8, ARRAY[$s, $s]) AS x OFFSET 0) d";
}

my $psql = $node->background_psql('postgres');

# Wall seconds of one small layer from the kept session, result checked
sub small_once
{
	my $t0 = time();
	my $r = $psql->query_safe(layer_sql($small)) =~ s/\s+//gr;
	my $t = time() - $t0;
	die "wrong small result: $r" unless $r eq 't';
	return $t;
}

small_once() for 1 .. 2;		# warm up
my @idle = map { small_once() } 1 .. 7;

my (@behind, @bigt);
for (1 .. $rounds)
{
	my ($out, $err) = ('', '');
	my $t0 = time();
	my $h = IPC::Run::start(
		[ 'psql', '-XAtq', '-v', 'ON_ERROR_STOP=1', '-d', $node->connstr('postgres'),
		  '-c', layer_sql($big) ],
		'<', \undef, '>', \$out, '2>', \$err);
	# the large request is queued once its backend waits on the worker
	$node->poll_query_until('postgres',
		q{SELECT count(*) = 1 FROM pg_stat_activity WHERE wait_event = 'Extension' AND backend_type = 'client backend'})
	  or die 'the large request never reached the worker';
	push @behind, small_once();
	$h->finish;
	push @bigt, time() - $t0;
	die "wrong large result: $out $err" unless $out =~ /^t\s*$/;
}

my $st = $node->safe_psql('postgres', 'SELECT * FROM fusekern_executor_stats');
diag(sprintf("bench: %d^3 matmul, worker idle: %.1f ms (median of %d)",
	$small, median(@idle) * 1e3, scalar(@idle)));
diag(sprintf("bench: %d^3 matmul behind a %d^3 matmul of another session: %.1f ms "
	  . "(median of %d; x%.1f the idle latency); the large one took %.2f s",
	$small, $big, median(@behind) * 1e3, scalar(@behind),
	median(@behind) / median(@idle), median(@bigt)));
diag("bench: counters: $st");
ok(1, 'benchmark ran');
$psql->quit;
$node->stop;
done_testing();
