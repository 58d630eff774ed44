# A crash of the process that owns the device costs only the requests in
# flight: under load (8 sessions looping layers through the CPU executor,
# one more waiting on a delayed request, one that never touches fusekern),
# the device process is killed (SIGKILL) three times.  No session is
# dropped, the postmaster does not reinitialize (the other session and its
# temporary table survive, the log has no crash restart), every layer
# result is exact (the requests in flight were computed by their backends'
# CPUs), the counters go on, and a new device process serves afterwards.
use strict;
use warnings;
use POSIX ();
use Time::HiRes qw(time usleep);
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib "$FindBin::RealBin/../perl";
use FkDense;

my $node = PostgreSQL::Test::Cluster->new('dense_crash');
$node->init;
$node->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'fusekern'
fusekern.cuda = on
fusekern.cuda_device = cpu
fusekern.cuda_min_flops = 0
fusekern.cuda_staging_size = 32MB
restart_after_crash = on
max_parallel_workers_per_gather = 0
});

# Areas of servers killed with SIGKILL (whose postmaster never unlinked its
# own): the worker removes the one whose pid is no process, and keeps the
# one whose pid is a live process (this script's)
my $dead = fork() // die "fork: $!";
POSIX::_exit(0) if $dead == 0;
waitpid($dead, 0);
my %stale = (dead => "/dev/shm/fusekern.$dead.staging", live => "/dev/shm/fusekern.$$.staging");
for my $f (values %stale)
{
	open(my $fh, '>', $f) or die "$f: $!";
	print $fh "x" x 4096;
	close $fh;
}
my $swept_offset = -s $node->logfile // 0;

$node->start;
$node->safe_psql('postgres', 'CREATE EXTENSION fusekern');
$node->poll_query_until('postgres', 'SELECT staging_bytes > 0 FROM fusekern_executor_stats')
  or die 'no staging area came up';
ok(!-e $stale{dead}, 'the staging area of a server no longer running is removed');
like(slurp_file($node->logfile, $swept_offset),
	qr/removed the staging area "\/fusekern\.$dead\.staging" of a server that no longer runs/,
	'... and its removal logged');
ok(-e $stale{live}, 'an area whose pid is a live process stays');
unlink $stale{live};

# The device process's pid once one serves, other than $not
sub device_pid
{
	my ($not) = @_;
	$not //= 0;
	$node->poll_query_until('postgres',
		"SELECT coalesce(device_pid, 0) NOT IN (0, $not) FROM fusekern_executor_stats")
	  or die 'no device process came up';
	return $node->safe_psql('postgres', 'SELECT device_pid FROM fusekern_executor_stats');
}

# A layer whose result is known exactly (small integers), and its check:
# relu(x w + residual + bias) against the same sum in SQL
$node->safe_psql('postgres', layer_ok_function(24, 40, 16,
	'(SELECT array_agg((j + c) % 3 - 1)::float8[] FROM generate_series(1, 16) c)'));

my $dpid = device_pid();
my $wpid = $node->safe_psql('postgres', 'SELECT worker_pid FROM fusekern_executor_stats');
ok($dpid > 0, 'a device process serves');

# A session that never touches fusekern, with a temporary table
my $other = $node->background_psql('postgres');
my $other_pid = $other->query_safe('SELECT pg_backend_pid()') =~ s/\s+//gr;
$other->query_safe('CREATE TEMP TABLE survivor AS SELECT generate_series(1, 1000) AS i');

my $log_offset = -s $node->logfile;
my $s0 = executor_stats($node);

# 8 sessions, 300 layers each; one more whose request waits in the device
# (a 60 s debug delay) until the device process is killed
my @runs;
for my $i (0 .. 7)
{
	my $lo = $i * 300 + 1;
	my $hi = $lo + 299;
	push @runs, [ start_query($node, "SELECT count(*) FILTER (WHERE layer_ok(j)) FROM generate_series($lo, $hi) j") ];
}
my ($dh, $dout, $derr) = start_query($node, q{SET fusekern.cuda_debug_delay = '60s';
	SELECT linear_residual_relu(array_fill(1::float8, '{8,8}'), array_fill(1::float8, '{8,8}'),
	                            array_fill(1::float8, '{8}'), array_fill(-10::float8, '{8,8}'))::text});
$node->poll_query_until('postgres',
	q{SELECT count(*) > 0 FROM pg_stat_activity WHERE wait_event = 'Extension' AND backend_type = 'client backend' AND query LIKE '%debug_delay%'})
  or die 'the delayed request did not wait';

# Kill the device process three times while requests are in flight
my @killed;
for my $round (1 .. 3)
{
	usleep(300_000);
	my $before = executor_stats($node)->{offloaded};
	kill 'KILL', $dpid;
	push @killed, $dpid;
	$dpid = device_pid($dpid);
	# let the new one serve some of the load before the next kill; on a
	# busy machine the load may end first, served by the backends' CPU
	# while the device process restarted: then there is nothing to wait for
	my $until = time + $PostgreSQL::Test::Utils::timeout_default;
	while ($round < 3 && time < $until && grep { $_->[0]->pumpable } @runs)
	{
		last
		  if $node->safe_psql('postgres',
			"SELECT offloaded > $before FROM fusekern_executor_stats") eq 't';
		eval { $_->[0]->pump_nb } for @runs;
		usleep(100_000);
	}
}

my $good = 0;
my $failed_runs = 0;
for my $r (@runs)
{
	$r->[0]->finish;
	$failed_runs++ if $r->[0]->result(0) != 0;
	$good += ${ $r->[1] } =~ /^(\d+)$/ ? $1 : 0;
	diag(${ $r->[2] }) if ${ $r->[2] } ne '';
}
$dh->finish;
is($failed_runs, 0, 'no session of the load was dropped or failed');
is($good, 2400, "2,400 layers under load, all exact");
is($$dout =~ s/\s+//gr, '{' . join(',', ('{0,0,0,0,0,0,0,0}') x 8) . '}',
	'the request waiting in the killed device process was answered by its backend\'s CPU')
  or diag($$derr);

my $s1 = executor_stats($node);
cmp_ok($s1->{errors} - $s0->{errors}, '>=', 1,
	'the requests in flight are counted as errors (' . ($s1->{errors} - $s0->{errors}) . ')');
is($s1->{restarts} - $s0->{restarts}, 3, 'three device processes started again, counted in restarts');
cmp_ok($s1->{requests}, '>=', $s0->{requests} + 2401, 'the counters went on (not reset)');
is($s1->{requests} - $s0->{requests},
	($s1->{offloaded} - $s0->{offloaded}) + ($s1->{fallbacks} - $s0->{fallbacks})
	  + ($s1->{cancelled} - $s0->{cancelled}),
	'requests = offloaded + fallbacks + cancelled');

is($other->query_safe('SELECT pg_backend_pid()') =~ s/\s+//gr, $other_pid,
	'the session that never used fusekern is still connected');
is($other->query_safe('SELECT count(*) FROM survivor') =~ s/\s+//gr, '1000',
	'... and its temporary table is still there');
$other->quit;
is($node->safe_psql('postgres', 'SELECT worker_pid FROM fusekern_executor_stats'), $wpid,
	'the executor worker itself did not restart');
my $log = slurp_file($node->logfile, $log_offset);
unlike($log, qr/terminating any other active server processes|all server processes terminated|(?:server process|background worker) .* was terminated by signal/,
	'the postmaster did not reinitialize');
like($log, qr/device process $killed[0] was terminated by signal 9/,
	'the worker logged the device process\'s end');

my $s2 = executor_stats($node);
is($node->safe_psql('postgres', 'SELECT bool_and(layer_ok(j)) FROM generate_series(1, 10) j'), 't',
	'the new device process computes exactly');
is(executor_stats($node)->{offloaded} - $s2->{offloaded}, 10, '... every layer of it');
is(executor_stats($node)->{in_use}, 0, 'no extent of the staging area in use');
for my $p (@killed)
{
	my $st = eval { slurp_file("/proc/$p/stat") };
	ok(!defined $st || $st =~ /^\d+ \(.*?\) Z/, "killed device process $p is gone");
}

$node->stop;
done_testing();
