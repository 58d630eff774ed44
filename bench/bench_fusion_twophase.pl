# SQL benchmark of reductions used as scalars inside one fused call
# (docs/fusion.md, "Reductions used as scalars"), run by hand:
#   bench/run_cluster_bench.sh bench/bench_fusion_twophase.pl
# A table of FK_BENCH_COUNT (default 1,000) random-walk price series of
# FK_BENCH_LEN (default 10,000) elements, stored uncompressed, as float8[]
# (px) and as nvec (pn), and beside each the series of the next row (py,
# qn).  For each type, times alternately in one session,
# FK_BENCH_REPEATS times (default 11) in the order A, B, B, A, ... (each
# first half the time), keeping the fastest of each, with fusion on and off:
#   z:      SELECT sum(cardinality((px - vmean(px)) / vstddev(px))) FROM prices
#   dlog z: SELECT sum(cardinality((dlog(px, 1) - vmean(dlog(px, 1)))
#                                  / vstddev(dlog(px, 1)))) FROM prices
#   max2:   ... px - vmax(px) * 2 ...
#   z252:   ... (px - vmean(px)) / (vstddev(px) * sqrt(252)) ...
#   resid:  ... py - (vcov(px, py) / vvar(px)) * px ...
# (length() for nvec; over pn and qn)
# after checking that both give the same bits, and that fusion runs each as
# one fused_eval; for z252 and resid also the plan written before core's
# arithmetic on reductions was fused (the reductions arguments of the call,
# the arithmetic core's, around a fused call or as an argument of one:
# fused_eval('(v1 - vmean(v1))', px) / (vstddev(px) * sqrt(252)),
# fused_eval('(v1 - (v2 * v3))', py, vcov(px, py) / vvar(px), px)), written
# by hand, checked for the same bits, timed beside them ('before').  Prints milliseconds and unfused / fused.  Then, unless
# FK_BENCH_CALLGRIND=0, counts with callgrind the instructions of a
# single-user backend executing each query (ExecuteQuery, the planning of
# the prepared statement included) over the first FK_BENCH_CG_COUNT rows
# (default 100), fused and unfused: counts that repeat from run to run,
# where the times move with the machine's load (valgrind hides AVX-512, so
# these take the AVX2 path).
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
my $cgcount = $ENV{FK_BENCH_CG_COUNT} // 100;
my $node = prices_cluster('bench_twophase', $count, $len);
$node->safe_psql('postgres', bench_three_sql());
# a second series per row, for the residual of a regression
$node->safe_psql('postgres', qq{
	ALTER TABLE prices ADD py float8[], ADD qn nvec;
	ALTER TABLE prices ALTER py SET STORAGE EXTERNAL, ALTER qn SET STORAGE EXTERNAL;
	UPDATE prices p SET py = q.px, qn = q.pn FROM prices q
		WHERE q.id = p.id % $count + 1;
	VACUUM ANALYZE prices;
});

# The expressions over column $c (and $d, the other series of the row)
sub exprs
{
	my ($c, $d) = @_;
	my $f = $c eq 'px' ? 'fused_eval' : 'fused_eval_nvec';

	return (
		[ 'z', "($c - vmean($c)) / vstddev($c)" ],
		[
			'dlog z',
			"(dlog($c, 1) - vmean(dlog($c, 1))) / vstddev(dlog($c, 1))"
		],
		[ 'max2', "$c - vmax($c) * 2" ],
		[
			'z252', "($c - vmean($c)) / (vstddev($c) * sqrt(252))",
			"$f('(v1 - vmean(v1))', $c) / (vstddev($c) * sqrt(252))"
		],
		[
			'resid', "$d - (vcov($c, $d) / vvar($c)) * $c",
			"$f('(v1 - (v2 * v3))', $d, vcov($c, $d) / vvar($c), $c)"
		]);
}

my @cg;
for my $col ('px', 'pn')
{
	my $type = $col eq 'px' ? 'float8[]' : 'nvec';
	for my $e (exprs($col, $col eq 'px' ? 'py' : 'qn'))
	{
		my ($name, $x, $before) = @$e;
		my $lenf = $col eq 'px' ? 'cardinality' : 'length';
		my $q = "SELECT sum($lenf($x)) FROM prices";
		my $bits = "SELECT md5(string_agg(($x)::text, ';' ORDER BY id)) FROM prices";
		my @qs = ($q, $q);
		my @sets = ('on', 'off');
		is($node->safe_psql('postgres', $bits),
			$node->safe_psql('postgres', "SET fusekern.enable_fusion = off; $bits"),
			"$type $name: fused gives the bits of unfused");
		like($node->safe_psql('postgres', "EXPLAIN (VERBOSE, COSTS OFF) $q"),
			qr/sum\((cardinality|length)\(fused_eval(_nvec)?\('[^']*(vmean|vmax|vcov)\(/,
			"$type $name: one fused call, its reductions inside");
		# the plan the arithmetic on reductions had before it was fused
		if (defined $before)
		{
			(my $bb = $bits) =~ s/\Q$x\E/$before/;
			is($node->safe_psql('postgres', $bb), $node->safe_psql('postgres', $bits),
				"$type $name: the plan before gives the same bits");
			push @qs, "SELECT sum($lenf($before)) FROM prices";
			push @sets, 'on';
		}
		my $r = $node->safe_psql('postgres',
			"SELECT array_to_string(ms, '|') FROM bench_three(ARRAY["
			  . join(', ', map { sql_quote($_) } @qs)
			  . '], ARRAY['
			  . join(', ', map { sql_quote("SET fusekern.enable_fusion = $_") }
				@sets) . "], $repeats)");
		my ($f, $u, $b) = split /\|/, $r;
		diag(sprintf("bench: %-8s %-6s %d x %d: fused %8.2f ms  unfused %8.2f ms"
			  . "  unfused/fused %5.2fx%s",
			$type, $name, $count, $len, $f, $u, $u / $f,
			defined $b ? sprintf("  before %8.2f ms  before/fused %5.2fx", $b, $b / $f) : ''));
		push @cg, [ $type, $name, "$lenf($x)" ];
		push @cg, [ $type, "$name before", "$lenf($before)", 1 ] if defined $before;
	}
}
$node->stop;

# Instructions of one backend executing each query, fused and unfused
if (($ENV{FK_BENCH_CALLGRIND} // 1) && system('valgrind --version >/dev/null 2>&1') == 0)
{
	my $dir = $PostgreSQL::Test::Utils::tmp_check;
	for my $c (@cg)
	{
		my ($type, $name, $x, $before) = @$c;
		my %ir;
		# the plan before: its fused calls written by hand, counted as written
		for my $on ($before ? ('on') : ('on', 'off'))
		{
			my $sql = "$dir/twophase.sql";
			my $out = "$dir/callgrind.twophase.out";
			open(my $fh, '>', $sql) or die $!;
			# the buffers warmed and the library loaded before counting
			print $fh "SELECT sum(cardinality(px)) FROM prices\n";
			print $fh "SET fusekern.enable_fusion = $on\n";
			print $fh "PREPARE q AS SELECT sum($x) FROM prices WHERE id <= $cgcount\n";
			print $fh "EXECUTE q\n";
			close($fh);
			system("valgrind --tool=callgrind --callgrind-out-file=$out "
				  . "--toggle-collect=ExecuteQuery postgres --single -D "
				  . $node->data_dir . " postgres < $sql > $dir/callgrind.log 2>&1");
			my $summary = `callgrind_annotate $out 2>/dev/null | grep 'PROGRAM TOTALS'`;
			($ir{$on}) = $summary =~ /^\s*([\d,]+)/;
			$ir{$on} =~ s/,//g if defined $ir{$on};
		}
		if ($before && $ir{on})
		{
			diag(sprintf("bench: callgrind %-8s %-13s %d x %d: %d Ir",
				$type, $name, $cgcount, $len, $ir{on}));
			next;
		}
		next unless $ir{on} && $ir{off};
		diag(sprintf("bench: callgrind %-8s %-6s %d x %d: fused %d Ir  unfused %d Ir"
			  . "  unfused/fused %5.2fx",
			$type, $name, $cgcount, $len, $ir{on}, $ir{off}, $ir{off} / $ir{on}));
	}
}
done_testing();
