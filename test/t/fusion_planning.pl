# Planning a deeply nested fusekern expression costs memory linear in its
# size: a 4000-deep abs(abs(...(x))) plans in bounded memory with fusion on
# (it took 1.18 GB when every level re-read the growing tree below it), and
# gives the same result as unfused.  The peak memory of the backend is read
# from log_planner_stats ("max resident size"), in a fresh session per query.
use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $depth = 4000;
my $limit_kb = 256 * 1024;

my $node = PostgreSQL::Test::Cluster->new('fusion_planning');
$node->init;
$node->start;
$node->safe_psql('postgres', q{
	CREATE EXTENSION fusekern;
	CREATE TABLE t (id int, x float8[], n nvec);
	INSERT INTO t VALUES (1, '{-1.5,2,-3,NULL,0}', '{-1.5,2,-3,NULL,0}'),
		(2, '{}', '{}');
});

# The expression f(f(...f(arg)...)) of the given depth
sub nest
{
	my ($f, $arg, $n) = @_;
	return ($f x $n) . $arg . (')' x $n);
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

$node->stop;
done_testing();
