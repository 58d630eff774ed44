# The memory of fusion, planning and running.  Planning a deeply nested
# fusekern expression costs memory linear in its size: a 4000-deep
# abs(abs(...(x))) plans in bounded memory with fusion on (it took 1.18 GB
# when every level re-read the growing tree below it), and gives the same
# result as unfused.  Running, a fused call needs no more memory than the
# unfused evaluation of the same expression: all its state (registers, lag
# rings, rolling windows, block buffers) is counted before it runs, and when
# that is more than the unfused evaluation holds at its peak the call
# evaluates unfused before allocating anything.  Ten nested rolling sums
# whose windows pass the end held ten windows of the whole series at once
# (3.3 times the memory of the unfused chain, which frees each window before
# the next call); 256 of them asked for 845 MB over 100,000 elements.  The
# peak memory of the backend is read from log_planner_stats or
# log_executor_stats ("max resident size"), in a fresh session per query.
use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $depth = 4000;
my $limit_kb = 256 * 1024;

# What a fused pass may take beyond the unfused peak (FK_FUSE_STATE_FLOOR),
# and the noise of two backends' resident memory
my $slack_kb = 8 * 1024;

my $node = PostgreSQL::Test::Cluster->new('fusion_planning');
$node->init;
$node->start;
$node->safe_psql('postgres', q{
	CREATE EXTENSION fusekern;
	CREATE TABLE t (id int, x float8[], n nvec);
	INSERT INTO t VALUES (1, '{-1.5,2,-3,NULL,0}', '{-1.5,2,-3,NULL,0}'),
		(2, '{}', '{}');
	CREATE TABLE m1 AS SELECT array_fill(1::float8, ARRAY[1000000]) AS x;
	CREATE TABLE m2 AS SELECT array_fill(1::float8, ARRAY[100000]) AS x;
});

# The expression f(f(...f(arg)...)) of the given depth (each call closed
# by $tail, ')' when not given)
sub nest
{
	my ($f, $arg, $n, $tail) = @_;
	return ($f x $n) . $arg . (($tail // ')') x $n);
}

my $abs = nest('abs(', 'x', $depth);
my $mix = nest('abs(-', 'n', $depth / 2);

# Peak resident memory (kB) of a fresh backend that plans $sql
sub plan_peak_kb
{
	my ($sql) = @_;
	my ($ret, $out, $err) = $node->psql('postgres',
		"SET log_planner_stats = on; SET client_min_messages = log; EXPLAIN $sql");
	is($ret, 0, 'the query plans') or diag($err);
	my @kb = $err =~ /(\d+) kB max resident size/g;
	ok(@kb > 0, 'the planner statistics give the peak memory') or return 0;
	my $max = 0;
	$max = $_ > $max ? $_ : $max for @kb;
	return $max;
}

my $kb = plan_peak_kb("SELECT $abs FROM t");
cmp_ok($kb, '<', $limit_kb, "$depth nested calls plan in bounded memory ($kb kB)");
$kb = plan_peak_kb("SELECT $abs, $abs AS b, $mix AS c FROM t");
cmp_ok($kb, '<', $limit_kb, "three such columns plan in bounded memory ($kb kB)");

# The top levels fuse (up to one program's worth); results equal unfused
my $plan = $node->safe_psql('postgres', "EXPLAIN (VERBOSE, COSTS OFF) SELECT $abs FROM t");
like($plan, qr/fused_eval\('abs\(abs\(/, 'the nest fuses');
for my $q ("SELECT id, $abs FROM t ORDER BY id", "SELECT id, $mix FROM t ORDER BY id")
{
	my $fused = $node->safe_psql('postgres', $q);
	my $unfused = $node->safe_psql('postgres',
		"SET fusekern.enable_fusion = off; $q");
	is($fused, $unfused, 'fused and unfused give the same result');
}

# Peak resident memory (kB) of a fresh backend running $sql with fusion on
# or off, and its result
sub run_peak_kb
{
	my ($sql, $fusion) = @_;
	my ($ret, $out, $err) = $node->psql('postgres',
		"SET fusekern.enable_fusion = $fusion; SET log_executor_stats = on; "
		  . "SET client_min_messages = log; $sql");
	is($ret, 0, "the query runs with fusion $fusion") or diag($err);
	my @kb = $err =~ /(\d+) kB max resident size/g;
	my $max = 0;
	$max = $_ > $max ? $_ : $max for @kb;
	return ($max, $out);
}

my $rolls = nest('rolling_sum(', 'x', 10, ', 2147483647)');
for my $case (
	[ 'ten nested rolling sums, windows past the end, under vsum (1,000,000 elements)',
		"SELECT vsum(rolling_sum($rolls, 1000000)) FROM m1" ],
	[ 'the same without the reduction',
		"SELECT cardinality($rolls) FROM m1" ],
	[ '256 nested rolling sums (100,000 elements)',
		'SELECT cardinality(' . nest('rolling_sum(', 'x', 256, ', 2147483647)') . ') FROM m2' ],
	[ 'two lags near the end',
		'SELECT vsum(abs(diff(diff(x, 999000), 999000))) FROM m1' ],
	[ 'one rolling sum under vsum, which fuses',
		'SELECT vsum(rolling_sum(x, 1000000)) FROM m1' ])
{
	my ($what, $sql) = @$case;
	my ($fused_kb, $fused) = run_peak_kb($sql, 'on');
	my ($unfused_kb, $unfused) = run_peak_kb($sql, 'off');
	is($fused, $unfused, "$what: fused and unfused give the same result");
	cmp_ok($fused_kb, '<=', $unfused_kb + $slack_kb,
		"$what: fused needs no more memory ($fused_kb kB) than unfused ($unfused_kb kB)");
}

$node->stop;
done_testing();
