# The executor worker and its device process through the CPU executor
# (fusekern.cuda_device = cpu): the worker in pg_stat_activity, a device
# process or a backend that cannot map OpenBLAS's work buffer, requests
# offloaded and correct, cancel and statement_timeout, fairness (a layer
# does not wait behind another session's large one; a running request
# counts down), the staging extent released at once, a layer larger than
# the staging area and a backend that cannot map it, superuser-only
# settings, a device process that exits, a worker that exits or is killed,
# 1,000 concurrent requests, shared memory afterwards.  (dense_crash.pl
# kills the device process under load.)
use strict;
use warnings;
use Time::HiRes qw(time usleep);
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib "$FindBin::RealBin/../perl";
use FkDense;

my $node = PostgreSQL::Test::Cluster->new('dense_worker');
$node->init;
$node->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'fusekern'
fusekern.cuda = on
fusekern.cuda_device = cpu
fusekern.cuda_min_flops = 0
fusekern.cuda_staging_size = 144MB
restart_after_crash = on
dynamic_shared_memory_type = mmap
max_parallel_workers_per_gather = 0
log_statement = none
});
$node->start;
$node->safe_psql('postgres', 'CREATE EXTENSION fusekern');

# The worker's pid once it serves (waits for it)
sub worker_pid
{
	$node->poll_query_until('postgres',
		'SELECT worker_pid IS NOT NULL FROM fusekern_executor_stats')
	  or die 'the executor worker did not come up';
	return $node->safe_psql('postgres', 'SELECT worker_pid FROM fusekern_executor_stats');
}

# The device process's pid once it serves
sub device_pid
{
	worker_pid();
	return $node->safe_psql('postgres', 'SELECT device_pid FROM fusekern_executor_stats');
}

# Is a process alive (not gone, not a zombie)?  Waits up to 5 s for it to go.
sub alive
{
	my ($p) = @_;
	for (1 .. 50)
	{
		my $st = eval { slurp_file("/proc/$p/stat") };
		return 0 unless defined $st && $st !~ /^\d+ \(.*?\) Z/;
		usleep(100_000);
	}
	return 1;
}

# Bytes of the staging area in use (waits up to 5 s for them to go: the
# worker frees an abandoned request's extent when the device is done)
sub staging_in_use
{
	my $n;
	for (1 .. 50)
	{
		$n = executor_stats($node)->{in_use};
		last if $n == 0;
		usleep(100_000);
	}
	return $n;
}

# Seconds a psql takes to connect, run sql and exit: what a busy machine
# adds to the timed steps below, whatever the worker does
sub psql_trip
{
	my ($sql) = @_;
	my $t = time();
	$node->psql('postgres', $sql);
	return time() - $t;
}

# Pid of the backend waiting on the worker (waits until one is)
sub waiting_backend
{
	$node->poll_query_until('postgres',
		q{SELECT count(*) = 1 FROM pg_stat_activity WHERE wait_event = 'Extension' AND backend_type = 'client backend'})
	  or die 'no backend waited on the worker';
	return $node->safe_psql('postgres',
		q{SELECT pid FROM pg_stat_activity WHERE wait_event = 'Extension' AND backend_type = 'client backend'});
}

# A layer whose result is known exactly (small integers), and its check
$node->safe_psql('postgres', layer_ok_function(6, 9, 4, 'ARRAY[j % 3, -1, 2, j % 5 - 2]::float8[]'));
$node->safe_psql('postgres', q{
CREATE TABLE big AS
  SELECT array_fill(0.25::float8, '{64,128}') AS x, array_fill(-0.5::float8, '{128,32}') AS w,
         array_fill(1::float8, '{32}') AS b, array_fill(3::float8, '{64,32}') AS r;
});

my $pid = worker_pid();
ok($pid > 0, 'the executor worker serves');
is($node->safe_psql('postgres', 'SELECT executor FROM fusekern_executor_stats'), 'cpu',
	'its executor is the CPU');
is($node->safe_psql('postgres',
	"SELECT backend_type, datname IS NULL FROM pg_stat_activity WHERE pid = $pid"),
	'fusekern dense executor|t', 'the worker is in pg_stat_activity, connected to no database');
my $dpid = device_pid();
ok($dpid > 0 && $dpid != $pid, 'a device process of its own computes');
is(slurp_file("/proc/$dpid/cmdline") =~ s/\0.*//sr =~ s{.*/}{}r, 'fusekern_executor',
	'... the fusekern_executor program');
unlike(slurp_file("/proc/$dpid/maps"), qr/PostgreSQL|SYSV|pg_dynshmem/,
	'... which maps none of the server\'s shared memory');
like(slurp_file("/proc/$dpid/maps"), qr{/dev/shm/fusekern\.\d+\.staging},
	'... but the staging area');
is($node->safe_psql('postgres', 'SELECT staging_bytes, staging_in_use FROM fusekern_executor_stats'),
	144 * 1024 * 1024 . '|0', 'the staging area has the size set, none of it in use');
my $mem_base = $node->safe_psql('postgres', q{SELECT size FROM pg_shmem_allocations WHERE name = 'fusekern dense executor'});
ok($mem_base > 0, 'the counters live in main shared memory');

# OpenBLAS maps its work buffer (128 MB) at a process's first product that
# needs one, and when the mapping fails it tries again for ever, where no
# interrupt reaches it.  A process that cannot map it gets an error instead:
# the worker (capped in address space before its first product) fails the
# request, which the backend's CPU path answers; a backend fails the call at
# once, and can still be cancelled and ended
my $blas_layer = q{SELECT (matmul(array_fill(1::float8, '{200,200}'), array_fill(2::float8, '{200,200}')))[200][200]};
SKIP:
{
	skip 'prlimit is not available', 7 unless system('prlimit --version >/dev/null 2>&1') == 0;
	my ($wvm) = slurp_file("/proc/$dpid/status") =~ /^VmSize:\s+(\d+) kB/m;
	system("prlimit --pid $dpid --as=" . (($wvm + 64 * 1024) * 1024) . ':') == 0
	  or die 'prlimit failed';
	my $sb0 = executor_stats($node);
	my ($rcb, $ob, $eb) = $node->psql('postgres', "SET statement_timeout = '60s'; $blas_layer");
	is($ob, '400', 'a device process that cannot map the work buffer of OpenBLAS fails the request, the CPU path answers')
	  or diag($eb);
	my $sb1 = executor_stats($node);
	is($sb1->{errors} - $sb0->{errors}, 1, '... counted as an error');
	is($sb1->{fallbacks} - $sb0->{fallbacks}, 1, '... and as a fallback');
	is(device_pid(), $dpid, '... and the device process still serves');
	system("prlimit --pid $dpid --as=unlimited:") == 0 or die 'prlimit failed';

	my $capped = $node->background_psql('postgres', on_error_stop => 0, timeout => 60);
	my $capped_pid = $capped->query_safe('SELECT pg_backend_pid()') =~ s/\s+//gr;
	$capped->query_safe('SET fusekern.cuda_min_flops = 1e18');
	my ($bvm) = slurp_file("/proc/$capped_pid/status") =~ /^VmSize:\s+(\d+) kB/m;
	system("prlimit --pid $capped_pid --as=" . (($bvm + 64 * 1024) * 1024) . ':') == 0
	  or die 'prlimit failed';
	my $tb = time();
	my $ok = eval { $capped->query($blas_layer); 1 };
	my $took = time() - $tb;
	like($ok ? $capped->{stderr} : 'the call did not return',
		qr/ERROR:  out of memory/, 'a backend that cannot map it gets core\'s out of memory error');
	cmp_ok($took, '<', 10, sprintf('... at once (%.2f s)', $took));
	if ($ok)
	{
		$capped->quit;
	}
	else
	{
		kill 'KILL', $capped_pid;
		$node->poll_query_until('postgres', 'SELECT true');
	}
	is($node->safe_psql('postgres', "SET fusekern.cuda_min_flops = 1e18; $blas_layer"), '400',
		'... and an uncapped one computes the layer');
}

# Offloaded and exact; bit-identical to the backend's own CPU path
my $s0 = executor_stats($node);
is($node->safe_psql('postgres', 'SELECT bool_and(layer_ok(j)) FROM generate_series(1, 20) j'),
	't', 'offloaded layers are exact');
is($node->safe_psql('postgres', q{
SELECT (SELECT linear_residual_relu(x, w, b, r) FROM big) = (SELECT linear_residual_relu(x, w, b, r) FROM big
       WHERE set_config('fusekern.cuda_min_flops', '1e18', false) IS NOT NULL)
   AND (SELECT gelu_linear(x, w, b) FROM big WHERE set_config('fusekern.cuda_min_flops', '0', false) IS NOT NULL)
     = (SELECT gelu_linear(x, w, b) FROM big WHERE set_config('fusekern.cuda_min_flops', '1e18', false) IS NOT NULL)
}), 't', 'worker and backend CPU paths give the same bits');
my $s1 = executor_stats($node);
is($s1->{offloaded} - $s0->{offloaded}, 22, 'the worker answered 22 requests');
is($s1->{fallbacks} - $s0->{fallbacks}, 2, 'two layers below fusekern.cuda_min_flops fell back');
is($s1->{requests} - $s0->{requests}, 24, 'every layer call counted as a request');

# Cancel mid-flight: the error comes within 1 s (past twice a psql's round
# trip: the cancel is sent by one), not after the 60 s delay, and the
# worker keeps serving
my ($h, $out, $err) = start_query($node, q{SET fusekern.cuda_debug_delay = '60s'; SELECT matmul(x, w) FROM big});
my $victim = waiting_backend();
my $trip = psql_trip('SELECT 1');
my $t0 = time();
$node->safe_psql('postgres', "SELECT pg_cancel_backend($victim)");
$h->finish;
my $elapsed = time() - $t0;
like($$err, qr/canceling statement due to user request/, 'a cancelled request errors');
cmp_ok($elapsed, '<', 1.0 + 2 * $trip,
	sprintf('... within 1 s past twice a round trip of %.3f s (%.3f s)', $trip, $elapsed));
is($node->safe_psql('postgres', 'SELECT layer_ok(1)'), 't', 'the worker serves after a cancel');
is(device_pid(), $dpid, '... the same device process');
my $s2 = executor_stats($node);
is($s2->{cancelled} - $s1->{cancelled}, 1, 'the cancel is counted');

# statement_timeout interrupts the wait the same way: 1 s past the timeout
# and twice the round trip of the same psql without the wait
$trip = psql_trip(q{SET fusekern.cuda_debug_delay = '60s'; SET statement_timeout = '300ms'; SELECT 1});
$t0 = time();
my ($rc, $o, $e) = $node->psql('postgres',
	q{SET fusekern.cuda_debug_delay = '60s'; SET statement_timeout = '300ms'; SELECT matmul(x, w) FROM big});
$elapsed = time() - $t0;
like($e, qr/canceling statement due to statement timeout/, 'statement_timeout ends a wait');
cmp_ok($elapsed, '<', 1.3 + 2 * $trip,
	sprintf('... 300 ms timeout, ended after %.3f s (a round trip: %.3f s)', $elapsed, $trip));

# Fairness: a large request (2 x 1800^3 flops, past the default
# fusekern.cuda_max_queued_flops of 1e10) holds the worker; another
# session's layer does not queue behind it but runs on its own CPU, exact,
# counted as busy, while the large one still waits.  (Without the rule it
# would wait the whole 60 s delay: the 20 s statement_timeout fails it.)
($h, $out, $err) = start_query($node, q{SET fusekern.cuda_debug_delay = '60s';
  SELECT matmul(x, x) IS NOT NULL FROM (SELECT array_fill(0.5::float8, '{1800,1800}') AS x OFFSET 0) d});
my $big_pid = waiting_backend();
my $sf0 = executor_stats($node);
my ($frc, $fout, $ferr) = $node->psql('postgres', q{SET statement_timeout = '20s';
  SELECT bool_and(layer_ok(j)) FROM generate_series(1, 5) j});
is($fout, 't', 'layers behind a large request of another session are exact') or diag($ferr);
my $sf1 = executor_stats($node);
is($sf1->{busy} - $sf0->{busy}, 5, '... answered by their own CPU, counted as busy');
is($sf1->{fallbacks} - $sf0->{fallbacks}, 5, '... and as fallbacks');
is($sf1->{offloaded} - $sf0->{offloaded}, 0, '... none queued behind it');
is($node->safe_psql('postgres',
	"SELECT wait_event FROM pg_stat_activity WHERE pid = $big_pid"),
	'Extension', '... and they finished while the large one still waited');
$node->safe_psql('postgres', "SELECT pg_cancel_backend($big_pid)");
$h->finish;
$node->poll_query_until('postgres', 'SELECT queued_flops = 0 FROM fusekern_executor_stats')
  or die 'the cancelled request stayed queued';
is($node->safe_psql('postgres', 'SELECT layer_ok(4)'), 't',
	'once the worker is free again it serves');
is(executor_stats($node)->{offloaded} - $sf1->{offloaded}, 1, '... through the worker');

# The work a request stands for counts down as the worker's CPU executor
# runs it, block by block (it counted in full until it ended): a 2400^3
# product (2.8e10 flops, some 50 blocks), seen from another session, stands
# between its full size and none while it runs
{
	my $full = 2 * 2400**3;
	my ($hc, $oc, $ec) = start_query($node, 
		q{SELECT (matmul(array_fill(1::float8, '{2400,2400}'), array_fill(1::float8, '{2400,2400}')))[2400][1]});
	my $watch = $node->background_psql('postgres');
	my ($samples, $part) = (0, 0);
	while ($hc->pumpable)
	{
		$hc->pump_nb;
		my $q = $watch->query_safe('SELECT queued_flops FROM fusekern_executor_stats');
		$samples++;
		$part++ if $q > 0 && $q < $full;
		usleep(2000);
	}
	$hc->finish;
	$watch->quit;
	is($$oc =~ s/\s+//gr, '2400', 'a large layer in the worker is exact') or diag($$ec);
	cmp_ok($part, '>', 0,
		"its work counts down as it runs ($part of $samples samples between its size and none)");
}

# The request's extent of the staging area is released as soon as the
# result is copied out, not at the end of the transaction: none in use
# while the session idles in its transaction
my $bg = $node->background_psql('postgres');
$bg->query_safe('BEGIN');
is($bg->query_safe('SELECT layer_ok(6)') =~ s/\s+//gr, 't', 'a layer inside a transaction');
is($bg->query_safe(q{SELECT linear_residual_relu(x, w, b, r) IS NOT NULL FROM big}) =~ s/\s+//gr,
	't', '... and a larger one');
is(staging_in_use(), 0, '... leave no extent of the staging area in use while the transaction is open');
$bg->query_safe('COMMIT');
$bg->quit;

# A layer larger than the staging area (144 MB here): a 4000 x 1 by 1 x 5000
# product's result alone is 160 MB.  The backend's CPU answers, counted as
# no_shmem.
my $outer = q{SELECT r[1][1] + r[4000][5000] + r[1234][5000]
	FROM (SELECT matmul(array_fill(0.5::float8, '{4000,1}'), array_fill(2::float8, '{1,5000}')) AS r OFFSET 0) s};
my $sn0 = executor_stats($node);
is($node->safe_psql('postgres', $outer), '3', 'a layer larger than the staging area is answered by the CPU path');
my $sn1 = executor_stats($node);
is($sn1->{no_shmem} - $sn0->{no_shmem}, 1, '... counted as no_shmem');
is($sn1->{fallbacks} - $sn0->{fallbacks}, 1, '... and as a fallback');
is($sn1->{errors} - $sn0->{errors}, 0, '... not as an error');

# A backend that cannot map the staging area (its address space capped a
# little above what it uses, before its first layer): the CPU answers,
# counted as no_shmem
SKIP:
{
	skip 'prlimit is not available', 3 unless system('prlimit --version >/dev/null 2>&1') == 0;
	my $cap = $node->background_psql('postgres');
	my $cap_pid = $cap->query_safe('SELECT pg_backend_pid()') =~ s/\s+//gr;
	$cap->query_safe(q{SET fusekern.cuda_min_flops = 1e18; SELECT matmul(x, w) IS NOT NULL FROM big; RESET fusekern.cuda_min_flops});
	my ($vm) = slurp_file("/proc/$cap_pid/status") =~ /^VmSize:\s+(\d+) kB/m;
	system("prlimit --pid $cap_pid --as=" . (($vm + 16 * 1024) * 1024) . ':') == 0 or die 'prlimit failed';
	my $sm0 = executor_stats($node);
	my $r = eval { $cap->query_safe(q{SELECT linear_residual_relu(x, w, b, r) = array_fill(0::float8, '{64,32}') FROM big}) };
	is(defined $r ? $r =~ s/\s+//gr : $@, 't', 'a backend that cannot map the staging area gets its layer from the CPU path');
	my $sm1 = executor_stats($node);
	is($sm1->{no_shmem} - $sm0->{no_shmem}, 1, '... counted as no_shmem');
	is($sm1->{errors} - $sm0->{errors}, 0, '... not as an error');
	$cap->quit;
}

# The settings that size or route work are the superuser's
$node->safe_psql('postgres', 'CREATE ROLE plain LOGIN');
for my $set (
	[ 'fusekern.cuda_min_flops', '0', '42501' ],
	[ 'fusekern.cuda_max_queued_flops', '1e18', '42501' ],
	[ 'fusekern.cuda_debug_delay', '0', '42501' ],
	[ 'fusekern.cuda_device', 'cpu', '55P02' ],
	[ 'fusekern.cuda', 'on', '55P02' ])
{
	my ($name, $value, $code) = @$set;
	my ($rc2, $o2, $e2) = $node->psql('postgres',
		"\\set VERBOSITY verbose\nSET $name = '$value'", extra_params => [ '-U', 'plain' ]);
	like($e2, qr/ERROR:  $code:/, "a non-superuser cannot SET $name ($code)");
	($rc2, $o2, $e2) = $node->psql('postgres',
		"\\set VERBOSITY verbose\nSELECT set_config('$name', '$value', false)",
		extra_params => [ '-U', 'plain' ]);
	like($e2, qr/ERROR:  $code:/, "... nor set_config() it");
}

# 1,000 requests from 8 concurrent sessions, every result exact
my $s3 = executor_stats($node);
my @runs;
for my $i (0 .. 7)
{
	my $lo = $i * 125 + 1;
	my $hi = $lo + 124;
	push @runs, [ start_query($node, "SELECT count(*) FILTER (WHERE layer_ok(j)) FROM generate_series($lo, $hi) j") ];
}
my $good = 0;
for my $r (@runs)
{
	$r->[0]->finish;
	$good += ${ $r->[1] } =~ /^(\d+)$/ ? $1 : 0;
}
is($good, 1000, '1,000 concurrent requests from 8 sessions are all exact');
my $s4 = executor_stats($node);
is($s4->{offloaded} - $s3->{offloaded}, 1000, '... all of them answered by the worker');
is($s4->{fallbacks} - $s3->{fallbacks}, 0, '... none fell back');

# Nothing left behind: staging extents, main shared memory, backend memory
is(staging_in_use(), 0, 'no extent of the staging area in use');
is($node->safe_psql('postgres', q{SELECT size FROM pg_shmem_allocations WHERE name = 'fusekern dense executor'}),
	$mem_base, 'main shared memory unchanged');
# (nothing of a request may stay in TopMemoryContext)
my $growth = $node->safe_psql('postgres', q{
SELECT count(*) FROM generate_series(1, 100) j WHERE layer_ok(j);
SELECT total_bytes AS b0 FROM pg_get_backend_memory_contexts() WHERE name = 'TopMemoryContext' \gset
SELECT count(*) FROM generate_series(1, 1000) j WHERE matmul(array_fill(j::float8, '{4,4}'), array_fill(1::float8, '{4,4}')) IS NOT NULL;
SELECT total_bytes - :b0 FROM pg_get_backend_memory_contexts() WHERE name = 'TopMemoryContext';
});
my @g = split /\n/, $growth;
cmp_ok($g[-1], '<', 8192, "TopMemoryContext stays put over 1,000 more requests (grew $g[-1] bytes)");

# A device process that exits (SIGTERM) during a request: the CPU path
# answers, and the worker starts another
($h, $out, $err) = start_query($node, q{SET fusekern.cuda_debug_delay = '60s'; SELECT linear_residual_relu(x, w, b, r) = array_fill(0::float8, '{64,32}') FROM big});
waiting_backend();
my $s5 = executor_stats($node);
kill 'TERM', $dpid;
$h->finish;
is($$out =~ s/\s+$//r, 't', 'a request whose device process exits is answered by the CPU path, correctly');
my $s6 = executor_stats($node);
is($s6->{errors} - $s5->{errors}, 1, '... counted as an error');
is($s6->{fallbacks} - $s5->{fallbacks}, 1, '... and a fallback');
my $dpid2 = device_pid();
isnt($dpid2, $dpid, 'the device process is started again');
is(executor_stats($node)->{restarts} - $s5->{restarts}, 1, '... counted in restarts');
is(worker_pid(), $pid, '... by the same worker');
is($node->safe_psql('postgres', 'SELECT layer_ok(2)'), 't', '... and serves');

# A worker that exits (SIGTERM) during a request: it ends its device
# process, the CPU path answers, and the postmaster starts the worker again
($h, $out, $err) = start_query($node, q{SET fusekern.cuda_debug_delay = '60s'; SELECT linear_residual_relu(x, w, b, r) = array_fill(0::float8, '{64,32}') FROM big});
waiting_backend();
$s5 = executor_stats($node);
kill 'TERM', $pid;
$h->finish;
is($$out =~ s/\s+$//r, 't', 'a request whose worker exits is answered by the CPU path, correctly');
$s6 = executor_stats($node);
is($s6->{errors} - $s5->{errors}, 1, '... counted as an error');
is($s6->{fallbacks} - $s5->{fallbacks}, 1, '... and a fallback');
ok(!alive($dpid2), '... its device process is gone with it');
my $pid2 = worker_pid();
isnt($pid2, $pid, 'the worker is restarted');
is($node->safe_psql('postgres', 'SELECT layer_ok(2)'), 't', '... and serves');
is(staging_in_use(), 0, '... with the new staging area free');

# SIGKILL of the worker (which is attached to the server's shared memory):
# the postmaster restarts every backend; the waiting one fails instead of
# hanging, the device process dies with the worker, and the service comes
# back
my $dpid3 = device_pid();
($h, $out, $err) = start_query($node, q{SET fusekern.cuda_debug_delay = '60s'; SELECT matmul(x, w) FROM big});
waiting_backend();
$t0 = time();
kill 'KILL', $pid2;
$h->finish;
$elapsed = time() - $t0;
isnt($h->result(0), 0, 'a backend waiting on a killed worker fails');
like($$err, qr/terminating connection|server closed the connection|connection to server was lost/,
	'... with a connection error');
cmp_ok($elapsed, '<', 10, sprintf('... after %.2f s, not a hang', $elapsed));
$node->poll_query_until('postgres', 'SELECT true') or die 'the server did not come back';
my $pid3 = worker_pid();
isnt($pid3, $pid2, 'a new worker serves after the crash restart');
ok(!alive($dpid3), '... the old device process did not survive its worker');
is($node->safe_psql('postgres', 'SELECT layer_ok(3)'), 't', '... correctly');
is($node->safe_psql('postgres', 'SELECT offloaded FROM fusekern_executor_stats'), '1',
	'... through the worker (counters restart with shared memory)');

unlike(slurp_file($node->logfile), qr/leak|still referenced|PANIC/,
	'no leak warnings or panics in the server log');
$node->stop;
done_testing();
