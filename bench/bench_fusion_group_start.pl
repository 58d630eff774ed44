# What a fusion group costs at each execution of a prepared statement
# (docs/fusion.md, "Several reductions in one pass"), run by hand:
#   bench/run_cluster_bench.sh bench/bench_fusion_group_start.pl
# One row of a short series (FK_BENCH_LEN elements, default 8: 100, 102,
# 101, 105, 103, 104, 108, 107, then the same 10 higher, and so on), so that
# the per-execution work (executor start, building the programs) is all
# there is to see:
#   group:    SELECT vmean(dlog(px)), vstddev(dlog(px)), vmin(px / cummax(px) - 1)
#             FROM gs WHERE id = $1, a group of three
#   separate: the same with fusekern.enable_fusion_groups = off
#   alone:    SELECT vmean(dlog(px)) FROM gs WHERE id = $1, no group
#   plain:    SELECT px FROM gs WHERE id = $1, no fused call
# 1. pgbench -M prepared, one client, FK_BENCH_SECONDS (default 10; 0: none)
#    a run, the four in the order A B C D D C B A: each run's transactions
#    per second.
# 2. In one session, a PL/pgSQL loop running the query as a static statement
#    (a cached plan) FK_BENCH_LOOPS times (default 20,000; 0: none), the four
#    in the order A B C D D C B A, FK_BENCH_ROUNDS times (default 2): the
#    backend's CPU time per execution, each run's.
# 3. A single-user backend under callgrind runs each prepared statement
#    FK_BENCH_EXECS times (default 200; 0: none) with groups on and off,
#    dumping the
#    counts after every statement: the mean instructions per execution (the
#    first 10 of each left out) and, from one execution of the group, the
#    instructions of the executor start hook (FkFuseExecutorStart less
#    standard_ExecutorStart) and of the programs' builds.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use FkBench;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $seconds = $ENV{FK_BENCH_SECONDS} // 10;
my $execs = $ENV{FK_BENCH_EXECS} // 200;
my $len = $ENV{FK_BENCH_LEN} // 8;
my $node = bench_cluster('bench_group_start',
	"shared_buffers = 128MB\njit = off\nmax_parallel_workers_per_gather = 0\n");
$node->safe_psql('postgres', q{
	CREATE EXTENSION fusekern;
	CREATE TABLE gs (id int PRIMARY KEY, px float8[]);
});
$node->safe_psql('postgres', qq{
	INSERT INTO gs SELECT 1, array_agg(((ARRAY[100, 102, 101, 105, 103, 104, 108, 107])
		[(i - 1) % 8 + 1] + 10 * ((i - 1) / 8))::float8 ORDER BY i)
	FROM generate_series(1, $len) i;
	VACUUM ANALYZE gs;
});

my %query = (
	group => 'SELECT vmean(dlog(px)), vstddev(dlog(px)), vmin(px / cummax(px) - 1) FROM gs WHERE id = $1',
	alone => 'SELECT vmean(dlog(px)) FROM gs WHERE id = $1',
	plain => 'SELECT px FROM gs WHERE id = $1');
my @runs = (
	[ 'group', 'group', 'on' ],
	[ 'separate', 'group', 'off' ],
	[ 'alone', 'alone', 'on' ],
	[ 'plain', 'plain', 'on' ]);
my $dir = PostgreSQL::Test::Utils::tempdir;
my $bindir = $node->config_data('--bindir');

# pgbench, A B C D D C B A
my %tps;
for my $r ($seconds > 0 ? (@runs, reverse @runs) : ())
{
	my ($name, $q, $on) = @$r;
	(my $sql = $query{$q}) =~ s/\$1/:id/;
	open(my $f, '>', "$dir/$name.sql") or die $!;
	print $f "\\set id 1\n$sql;\n";
	close($f);
	local $ENV{PGOPTIONS} = "-c fusekern.enable_fusion_groups=$on";
	my $out = `$bindir/pgbench -n -M prepared -c 1 -T $seconds -f $dir/$name.sql -h ${\$node->host} -p ${\$node->port} postgres 2>&1`;
	my ($tps) = $out =~ /tps = ([\d.]+)/ or die "pgbench failed: $out";
	push @{ $tps{$name} }, $tps;
}
if ($seconds > 0)
{
	diag(sprintf("bench: pgbench -M prepared, %d s a run, %d elements: %-8s tps %s",
		$seconds, $len, $_->[0],
		join(' ', map { sprintf('%.0f', $_) } @{ $tps{ $_->[0] } })))
	  for @runs;
	diag(sprintf("bench: group / separate tps, run by run: %s",
		join(' ', map { sprintf('%.3f', $tps{group}[$_] / $tps{separate}[$_]) } 0 .. 1)));
}

# A PL/pgSQL loop (its statement a cached plan) in one session: backend CPU
# time per execution, the four in turn, A B C D D C B A, FK_BENCH_ROUNDS times
my $loops = $ENV{FK_BENCH_LOOPS} // 20000;
my $rounds = $ENV{FK_BENCH_ROUNDS} // 2;
if ($loops > 0)
{
	my $psql = $node->background_psql('postgres');
	my $pid = $psql->query_safe('SELECT pg_backend_pid()') =~ s/\s+//gr;
	for my $q (qw(group alone plain))
	{
		my $into = $q eq 'group' ? 'a, b, c' : $q eq 'alone' ? 'a' : 'v';
		(my $sql = $query{$q}) =~ s/\$1/1/;
		$sql =~ s/ FROM / INTO $into FROM /;
		$psql->query_safe(qq{CREATE FUNCTION loop_$q(n int) RETURNS void
			LANGUAGE plpgsql AS \$\$
			DECLARE a float8; b float8; c float8; v float8[];
			BEGIN FOR i IN 1 .. n LOOP $sql; END LOOP; END \$\$});
	}
	my %us;
	for (1 .. $rounds)
	{
		for my $r (@runs, reverse @runs)
		{
			my ($name, $q, $on) = @$r;
			$psql->query_safe("SET fusekern.enable_fusion_groups = $on");
			$psql->query_safe("SELECT loop_$q(100)");
			my $c0 = cpu_of($pid);
			$psql->query_safe("SELECT loop_$q($loops)");
			push @{ $us{$name} }, (cpu_of($pid) - $c0) / $loops * 1e6;
		}
	}
	$psql->quit;
	diag(sprintf("bench: PL/pgSQL loop, %d executions a run, %d elements: %-8s backend CPU us an execution %s",
		$loops, $len, $_->[0], join(' ', map { sprintf('%.2f', $_) } @{ $us{ $_->[0] } })))
	  for @runs;
	diag(sprintf("bench: PL/pgSQL loop: group / separate CPU, run by run: %s",
		join(' ', map { sprintf('%.3f', $us{group}[$_] / $us{separate}[$_]) } 0 .. $#{ $us{group} })));
}

# callgrind: each statement $execs times with groups on, then off
if ($execs > 0)
{
	my $pgdata = $node->data_dir;
	$node->stop;
	my @sql = map { "PREPARE s_$_(int) AS $query{$_}" } qw(group alone plain);
	my %slot;
	for my $on ('on', 'off')
	{
		push @sql, "SET fusekern.enable_fusion_groups = $on";
		for my $q (qw(group alone plain))
		{
			push @sql, "EXECUTE s_$q(1)" for 1 .. $execs;
			$slot{$q}{$on} = [ scalar(@sql) - $execs + 1, scalar(@sql) ];
		}
	}
	open(my $f, '>', "$dir/q.sql") or die $!;
	print $f "$_\n" for @sql;
	close($f);
	system("valgrind --tool=callgrind --dump-after=PortalRun "
		  . "--callgrind-out-file=$dir/cg.out $bindir/postgres --single "
		  . "-D $pgdata postgres < $dir/q.sql > $dir/cg.log 2>&1") == 0
	  or die "callgrind failed: see $dir/cg.log";

	# Instructions of dump $n (statement $n: one PortalRun each)
	sub ir_of
	{
		my ($n) = @_;
		open(my $d, '<', "$dir/cg.out.$n") or die "no dump $n: $!";
		my ($tot) = map { /^(?:summary|totals): (\d+)/ ? $1 : () } <$d>;
		close($d);
		return $tot;
	}
	for my $q (qw(group alone plain))
	{
		my %mean;
		for my $on ('on', 'off')
		{
			my ($from, $to) = @{ $slot{$q}{$on} };
			my @ir = map { ir_of($_) } $from + 10 .. $to;
			my $sum = 0;
			$sum += $_ for @ir;
			$mean{$on} = $sum / @ir;
		}
		diag(sprintf("bench: callgrind, %d executions, %d elements: %-5s groups on %9.0f  off %9.0f  instructions an execution (on - off %.0f)",
			$execs, $len, $q, $mean{on}, $mean{off}, $mean{on} - $mean{off}));
	}
	my $one = $slot{group}{on}[1];
	my %incl;
	for (`callgrind_annotate --inclusive=yes --threshold=100 $dir/cg.out.$one 2>/dev/null`)
	{
		my ($ir, $fn) = /^\s*([\d,]+) .*:(FkFuse\w+|standard_ExecutorStart|copyObjectImpl) \[/
		  or next;
		$incl{$fn} = $ir =~ s/,//gr;
	}
	diag(sprintf("bench: callgrind, one execution of the group: executor start hook %d instructions (%s)",
		($incl{FkFuseExecutorStart} // 0) - ($incl{standard_ExecutorStart} // 0),
		join(', ', map { "$_ " . ($incl{$_} // 0) } qw(copyObjectImpl FkFuseGroupStmt FkFuseGroupBuild FkFuseExecGet))));
}
ok(1, 'measured');
done_testing();
