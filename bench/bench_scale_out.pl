# One node against Citus (a coordinator and two workers) and postgres_fdw
# (a coordinator and two shards), all on this machine, on the 1,000 x 10,000
# series of 'make bench' (bench/gen_data.py series 500 10000 0.1: 500 series
# without NULLs, 500 with 10% NULLs).
#
#   bash test/harness.sh prove bench/bench_scale_out.pl
#
# Workloads: annualised log returns per row, summarised on the nodes that
# compute them (logret; logret_by_id grouped by id, which a node can compute
# whole: the plans noted at the end say where each setup did) and sent back
# whole (logret_out: every result vector reaches the coordinator, COPY to
# /dev/null); a per-row reduction (vmean(dlog(px)), summed; and in WHERE); a
# cross-row aggregate (sum(nvec)).  The last two run where this build has
# the functions.  "one" is one backend (no parallel query, as in
# bench/cluster.conf), "one_par" the same node with two parallel workers
# forced (the leader not scanning), "citus" two workers with one shard each,
# "fdw" hash partitions on two postgres_fdw shards (async_capable,
# partitionwise aggregation on).  Each query runs once per setup per round,
# setups interleaved, 7 rounds after a warm-up.  Reported: the median wall
# time and its ratio to "one"; the median CPU time of all the setup's server
# processes (coordinator and workers or shards) and its ratio to "one".
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use FkBench;
use Time::HiRes qw(time);
use POSIX qw(sysconf _SC_CLK_TCK);
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $top = $ENV{FK_TOP} // '.';
my ($count, $len, $nulls) = (500, 10000, 0.1);
my $rounds = 7;
my $tck = sysconf(_SC_CLK_TCK);
my $data = "$PostgreSQL::Test::Utils::tmp_check/series.copy";
system("python3 $top/bench/gen_data.py series $count $len $nulls > $data") == 0
  or die "gen_data.py failed";

my $conf = slurp_file("$top/bench/cluster.conf") . "log_statement = none\n";
my $table = 'id int NOT NULL, px float8[] NOT NULL, px_n nvec NOT NULL';
my $external = 'ALTER TABLE %s ALTER px SET STORAGE EXTERNAL, ALTER px_n SET STORAGE EXTERNAL';

# A started node with fusekern (and the given extra settings)
sub node
{
	my ($name, $extra) = @_;

	return bench_cluster($name, $conf . ($extra // ''));
}

# One node; its table is also the source of the others' rows
my $one = node('one');
$one->safe_psql('postgres', "CREATE EXTENSION fusekern; CREATE TABLE series ($table);"
	  . sprintf($external, 'series') . "; COPY series FROM '$data'; VACUUM ANALYZE series;");

# postgres_fdw: a coordinator, two shards, hash partitions on id
my $fdw = node('fdw_coordinator');
my @shards = map { node("fdw_shard$_") } (1, 2);
$fdw->safe_psql('postgres', "CREATE EXTENSION fusekern; CREATE EXTENSION postgres_fdw;
	CREATE TABLE series ($table) PARTITION BY HASH (id);");
for my $i (0, 1)
{
	$shards[$i]->safe_psql('postgres', "CREATE EXTENSION fusekern; CREATE TABLE series_p$i ($table);"
		  . sprintf($external, "series_p$i"));
	$fdw->safe_psql('postgres', sprintf(q{
CREATE SERVER shard%d FOREIGN DATA WRAPPER postgres_fdw
	OPTIONS (host '%s', port '%d', dbname 'postgres', extensions 'fusekern',
			 async_capable 'true', fdw_tuple_cost '0.2');
CREATE USER MAPPING FOR CURRENT_USER SERVER shard%d;
CREATE FOREIGN TABLE series_p%d PARTITION OF series FOR VALUES WITH (MODULUS 2, REMAINDER %d)
	SERVER shard%d OPTIONS (table_name 'series_p%d');
}, $i + 1, $shards[$i]->host, $shards[$i]->port, $i + 1, $i, $i, $i + 1, $i));
}
$fdw->safe_psql('postgres', "COPY series FROM '$data'; ANALYZE series;");
$_->safe_psql('postgres', 'VACUUM ANALYZE') for @shards;

# Citus, where installed: a coordinator and two workers, one shard each
my $have_citus = $one->safe_psql('postgres',
	q{SELECT count(*) FROM pg_available_extensions WHERE name = 'citus'}) && !$ENV{FK_NO_CITUS};
my ($citus, @workers);
if ($have_citus)
{
	my $cc = "shared_preload_libraries = 'citus'\ncitus.node_conninfo = 'sslmode=prefer'\n"
	  . "citus.shard_count = 2\n";
	$citus = node('citus_coordinator', $cc);
	@workers = map { node("citus_worker$_", $cc) } (1, 2);
	$_->safe_psql('postgres', 'CREATE EXTENSION citus') for ($citus, @workers);
	$citus->safe_psql('postgres',
		sprintf(q{SELECT citus_set_coordinator_host('%s', %d)}, $citus->host, $citus->port));
	$citus->safe_psql('postgres', sprintf(q{SELECT citus_add_node('%s', %d)}, $_->host, $_->port))
	  for @workers;
	$citus->safe_psql('postgres', "CREATE EXTENSION fusekern; CREATE TABLE series ($table);"
		  . sprintf($external, 'series')
		  . "; SELECT create_distributed_table('series', 'id'); COPY series FROM '$data';");
	$_->safe_psql('postgres', 'VACUUM ANALYZE') for @workers;
}
else
{
	diag('bench: citus is not installed: the Citus column is left out');
}
unlink $data;

# The setups: a session each, with its settings
my $par = 'SET max_parallel_workers_per_gather = 2; SET parallel_setup_cost = 0; '
  . 'SET parallel_tuple_cost = 0; SET min_parallel_table_scan_size = 0; '
  . 'SET parallel_leader_participation = off;';
my @setups = ([ 'one', $one, '', undef, [$one] ], [ 'one_par', $one, $par, undef, [$one] ],
	($have_citus ? ([ 'citus', $citus, '', undef, [ $citus, @workers ] ]) : ()),
	[ 'fdw', $fdw, 'SET enable_partitionwise_aggregate = on;', undef, [ $fdw, @shards ] ]);
for my $s (@setups)
{
	$s->[3] = $s->[1]->background_psql('postgres');
	$s->[3]->set_query_timer_restart;    # the time limit is per query
	$s->[3]->query_safe($s->[2]) if $s->[2];
}

my %have = map { $_ => $one->safe_psql('postgres', "SELECT to_regprocedure('$_') IS NOT NULL") eq 't' }
  ('vmean(float8[])', 'sum(nvec)');
my @workloads = (
	[ 'logret', 'SELECT sum(array_length(scale_add(dlog(px, 1), 252, 0), 1)) FROM series' ],
	[ 'logret_by_id', 'SELECT sum(n) FROM (SELECT id, sum(array_length(scale_add(dlog(px, 1), 252, 0), 1)) AS n '
		  . 'FROM series GROUP BY id) g' ],
	[ 'logret_out', q{COPY (SELECT id, scale_add(dlog(px, 1), 252, 0) FROM series) TO '/dev/null'} ],
	($have{'vmean(float8[])'}
		? ([ 'vmean_dlog', 'SELECT sum(vmean(dlog(px))) FROM series' ],
			[ 'vmean_where', 'SELECT count(*) FROM series WHERE vmean(dlog(px)) > 0' ])
		: ()),
	($have{'sum(nvec)'} ? ([ 'sum_nvec', 'SELECT pg_column_size(sum(px_n)) FROM series' ]) : ()));
diag("bench: $_ is not installed: its workload is left out") for grep { !$have{$_} } sort keys %have;

# CPU seconds (user + system) the server processes of the given nodes have
# used: each postmaster's own and its exited children's, and its live
# children's (backends, parallel workers)
sub nodes_cpu
{
	my $sum = 0;
	my %pm = map { (split /\n/, slurp_file($_->data_dir . '/postmaster.pid'))[0] => 1 } @_;
	for my $stat (glob '/proc/[0-9]*/stat')
	{
		open(my $f, '<', $stat) or next;
		my $line = <$f>;
		close($f);
		next unless defined $line;
		my ($pid) = $line =~ /^(\d+)/;
		my @f = split / /, ($line =~ s/^.*\) //r);
		if ($pm{$pid})
		{
			$sum += $f[11] + $f[12] + $f[13] + $f[14];
		}
		elsif ($pm{ $f[1] })
		{
			$sum += $f[11] + $f[12];
		}
	}
	return $sum / $tck;
}

# Equal results; a sum of float8 across rows within 1e-12 relative (its
# order of summation differs between setups)
sub same_result
{
	my ($got, $want, $name) = @_;
	return is($got, $want, $name) unless $want =~ /^-?\d+\.\d*(e[-+]?\d+)?$/i;
	my $ok = ok(abs($got - $want) <= 1e-12 * abs($want), $name);

	diag("$got vs $want") unless $ok;
	return $ok;
}

for my $w (@workloads)
{
	my ($name, $sql) = @$w;
	my (%t, %c, %res);
	$res{ $_->[0] } = $_->[3]->query_safe($sql) =~ s/\s+//gr for @setups;    # warm-up
	for (1 .. $rounds)
	{
		for my $s (@setups)
		{
			my ($c0, $t0) = (nodes_cpu(@{ $s->[4] }), time());
			$s->[3]->query_safe($sql);
			push @{ $t{ $s->[0] } }, time() - $t0;
			push @{ $c{ $s->[0] } }, nodes_cpu(@{ $s->[4] }) - $c0;
		}
	}
	my ($base, $cbase) = (median(@{ $t{one} }), median(@{ $c{one} }));
	diag(sprintf('bench: %-12s %s', $name,
		join(', ', map {
			my ($tm, $cm) = (median(@{ $t{ $_->[0] } }), median(@{ $c{ $_->[0] } }));
			sprintf('%s %.0f ms x%.2f (cpu %.0f ms x%.2f)', $_->[0], $tm * 1e3, $base / $tm,
				$cm * 1e3, $cm > 0 ? $cbase / $cm : 0) } @setups)));
	same_result($res{ $_->[0] }, $res{one}, "$name: $_->[0] gives what one node gives")
	  for @setups[ 1 .. $#setups ];
}
diag('bench: load average at the end (1, 5, 15 min): ' . join(' ', (split ' ', slurp_file('/proc/loadavg'))[ 0 .. 2 ]));
for my $w (@workloads)
{
	my $q = $w->[1] =~ s/^COPY \((.*)\) TO .*$/$1/r;
	note("plan of $w->[0] on $_->[0]:\n" . $_->[3]->query_safe("EXPLAIN (VERBOSE, COSTS OFF) $q"))
	  for grep { $_->[0] ne 'one' } @setups;
}

# What bounds Citus on this machine: its two tasks run at once; each takes
# what the same half of the rows takes on one node when alone on a core
if ($have_citus)
{
	my ($cs) = grep { $_->[0] eq 'citus' } @setups;
	my ($os) = grep { $_->[0] eq 'one' } @setups;
	$cs->[3]->query_safe('SET citus.explain_all_tasks = on');
	my (@tasks, @total, @half);
	for (1 .. $rounds)
	{
		my $ex = $cs->[3]->query_safe("EXPLAIN (ANALYZE, COSTS OFF) $workloads[0][1]");
		push @total, $ex =~ /^Execution Time: ([\d.]+) ms/m;
		push @tasks, join(' and ', $ex =~ /^\s+Execution Time: ([\d.]+) ms/mg);
		my $t0 = time();
		$os->[3]->query_safe("$workloads[0][1] WHERE id % 2 = 0");
		push @half, (time() - $t0) * 1e3;
	}
	my @order = sort { $total[$a] <=> $total[$b] } 0 .. $#total;
	diag(sprintf('bench: citus logret (median of %d, EXPLAIN ANALYZE): %.0f ms, its two tasks %s ms; '
		  . 'one node, half the rows: %.0f ms', $rounds, $total[ $order[ $#order / 2 ] ],
		$tasks[ $order[ $#order / 2 ] ], median(@half)));
}

# How the parallel workers of one node shared the rows (a heap of a few
# pages: the vectors are in TOAST)
my ($op) = grep { $_->[0] eq 'one_par' } @setups;
note('one_par, logret: ' . $op->[3]->query_safe(q{SELECT relpages || ' heap pages' FROM pg_class WHERE relname = 'series'})
	  . "\n" . $op->[3]->query_safe("EXPLAIN (ANALYZE, VERBOSE, COSTS OFF, TIMING OFF) $workloads[0][1]"));

$_->[3]->quit for @setups;
$_->stop for ($one, $fdw, @shards, ($have_citus ? ($citus, @workers) : ()));
done_testing();
