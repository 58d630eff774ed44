# SQL benchmark of one pass for the sibling reductions of a target list
# (docs/fusion.md, "Several reductions in one pass"), run by hand:
#   bench/run_cluster_bench.sh bench/bench_fusion_group.pl
# A table of FK_BENCH_COUNT (default 1,000) random-walk price series of
# FK_BENCH_LEN (default 10,000) elements, stored uncompressed, as float8[]
# and as nvec.  Times, alternately in one session, FK_BENCH_REPEATS times
# (default 11) in the order A, B, C, C, B, A, ... (each first a third of the
# time), keeping the fastest of each:
#   group: SELECT vmean(dlog(px, 1)), vstddev(dlog(px, 1)),
#          vmin(px / cummax(px) - 1) FROM prices, one pass per row
#   separate: the same with fusekern.enable_fusion_groups = off (three
#          fused calls per row, each reading px on its own)
#   alone: SELECT vmean(dlog(px, 1)) FROM prices
# and checks that group, separate and unfused give the same bits.  Prints
# milliseconds, separate / group and group / alone.  With FK_BENCH_FLOOR=1
# it then times, alternately, the one pass beside its parts, each alone:
# vmean(dlog(px, 1)), the detoast (vcount(px), which reads the whole
# value; over nvec vcount(px::float8[]), since an nvec's vcount reads the
# header alone: on 1,000 x 10^4 21.8-26.3 ms, where vcount took 22.6-23.1),
# vstddev(dlog(px, 1)), vmin(px / cummax(px) - 1) and vmean with vstddev in
# one pass; and prints the bound that they set on the one pass: vmean(dlog)
# alone + (vmin chain - detoast) + (vmean+vstddev - vmean alone).
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use FkBench;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $repeats = $ENV{FK_BENCH_REPEATS} // 11;
my $count = $ENV{FK_BENCH_COUNT} // 1000;
my $len = $ENV{FK_BENCH_LEN} // 10000;
my $node = prices_cluster('bench_group', $count, $len);
$node->safe_psql('postgres', bench_three_sql());

for my $col ('px', 'pn')
{
	my $three = "SELECT sum(vmean(dlog($col, 1))) + sum(vstddev(dlog($col, 1)))"
	  . " + sum(vmin($col / cummax($col) - 1)) FROM prices";
	my $alone = "SELECT sum(vmean(dlog($col, 1))) FROM prices";
	my $bits = "SELECT md5(string_agg(format('%s %s %s', vmean(dlog($col, 1)),"
	  . " vstddev(dlog($col, 1)), vmin($col / cummax($col) - 1)), ',' ORDER BY id))"
	  . " FROM prices";
	my $group = $node->safe_psql('postgres', $bits);
	my $separate = $node->safe_psql('postgres',
		"SET fusekern.enable_fusion_groups = off; $bits");
	my $unfused = $node->safe_psql('postgres',
		"SET fusekern.enable_fusion = off; $bits");
	is($group, $separate, "$col: one pass gives the bits of the separate calls");
	is($group, $unfused, "$col: one pass gives the bits of the unfused calls");
	my $plan = $node->safe_psql('postgres',
		"EXPLAIN (VERBOSE, COSTS OFF) $three");
	like($plan, qr/1 of vmean/, "$col: the three calls are one group");
	my $r = $node->safe_psql('postgres',
		"SELECT array_to_string(ms, '|') FROM bench_three(ARRAY["
		  . join(', ', map { sql_quote($_) } ($three, $three, $alone))
		  . '], ARRAY['
		  . join(', ', map { sql_quote("SET fusekern.enable_fusion_groups = $_") }
			('on', 'off', 'on')) . "], $repeats)");
	my ($g, $s, $a) = split /\|/, $r;
	diag(sprintf("bench: %s, %d x %d: one pass %8.2f ms  three calls %8.2f ms"
		  . "  vmean(dlog) alone %8.2f ms  three/one %5.2fx  one/alone %5.2fx",
		$col eq 'px' ? 'float8[]' : 'nvec', $count, $len, $g, $s, $a,
		$s / $g, $g / $a));
	next unless $ENV{FK_BENCH_FLOOR};

	# The parts of the one pass, each alone: the detoast (with a trivial
	# function of the whole value), each member's own work, and the two
	# members that share dlog in one pass; with the one pass again beside
	# them
	my $detoast = $col eq 'px'
	  ? "SELECT sum(vcount($col)) FROM prices"
	  : "SELECT sum(vcount($col::float8[])) FROM prices";
	my @floor = (
		$three, $alone, $detoast,
		"SELECT sum(vstddev(dlog($col, 1))) FROM prices",
		"SELECT sum(vmin($col / cummax($col) - 1)) FROM prices",
		"SELECT sum(vmean(dlog($col, 1))) + sum(vstddev(dlog($col, 1)))"
		  . " FROM prices");
	$r = $node->safe_psql('postgres',
		"SELECT array_to_string(ms, '|') FROM bench_three(ARRAY["
		  . join(', ', map { sql_quote($_) } @floor)
		  . '], ARRAY['
		  . join(', ', map { sql_quote('SET fusekern.enable_fusion_groups = on') }
			@floor) . "], $repeats)");
	my @f = split /\|/, $r;
	my $bound = $f[1] + ($f[4] - $f[2]) + ($f[5] - $f[1]);
	diag(sprintf("bench: %s floor: one pass %8.2f ms  vmean(dlog) %8.2f ms"
		  . "  detoast %8.2f ms  vstddev(dlog) %8.2f ms  vmin(px / cummax(px) - 1)"
		  . " %8.2f ms  vmean+vstddev one pass %8.2f ms  bound %8.2f ms"
		  . "  one/alone >= %5.2fx",
		$col eq 'px' ? 'float8[]' : 'nvec', @f, $bound, $bound / $f[1]));
}
$node->stop;
done_testing();
