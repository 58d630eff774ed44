# The function families of docs/kernels.md and docs/series.md, one query a
# case, beside NumPy and pandas on the same values in memory, against a
# throwaway cluster, run by hand:
#   bench/run_cluster_bench.sh bench/bench_funcs.pl
#
# The cases are the lines of bench/funcs/*.cases (FK_BENCH_CASES: other
# files; FK_BENCH_ONLY: a regular expression on the case names), each
# "name <TAB> SQL expression over v and w <TAB> Python expression over the
# NumPy arrays v and w" (np, pd).  The data: FK_BENCH_ROWS (1,000) rows of
# FK_BENCH_LEN (10,000) values with no NULL, v a random walk around 100
# (steps of up to 0.1) and w uniform in (0.5, 1.5), in two tables with the
# types' default storage: f8 (float8[]) and nv (nvec).  For each case the
# script times "SELECT count(<SQL>) FROM f8" and the same on nv,
# FK_BENCH_RUNS (5) runs each interleaved, every table in shared buffers,
# and the Python expression called once a series in a loop over the series
# in memory (bench/numpy_funcs.py, run while the server is idle).  Every run
# is printed, with best and median and their ratio to Python's, and whether
# the first series' results agree to 1e-9 (relative).
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use FkBench;
use PostgreSQL::Test::Cluster;
use Test::More;

my $runs = $ENV{FK_BENCH_RUNS} // 5;
my $rows = $ENV{FK_BENCH_ROWS} // 1000;
my $len = $ENV{FK_BENCH_LEN} // 10000;
my $only = $ENV{FK_BENCH_ONLY} // '';
my @files = $ENV{FK_BENCH_CASES}
  ? split(' ', $ENV{FK_BENCH_CASES})
  : sort glob("$FindBin::RealBin/funcs/*.cases");
my $python = -x '/usr/bin/python3' ? '/usr/bin/python3' : 'python3';

# the cases, in file order: [file, name, sql]
my @cases;
for my $f (@files)
{
	open(my $fh, '<', $f) or die "$f: $!";
	while (my $line = <$fh>)
	{
		chomp $line;
		next if $line =~ /^#/ || $line !~ /\S/;
		my ($name, $sql, $py) = split /\t/, $line;
		die "$f: not three tab-separated fields: $line" unless defined $py;
		push @cases, [ $f, $name, $sql ] if $name =~ /$only/;
	}
	close($fh);
}

# a result as a list of numbers (NULL as NaN), from psql's text or Python's
sub numbers
{
	my ($s) = @_;
	$s =~ s/^\{|\}$//g;
	return map { lc($_) =~ s/^null$/nan/r =~ s/infinity/inf/r } split /,/, $s;
}

# whether two results agree: the same length, NaN where the other has NaN,
# the same infinities, the rest within 1e-9 relative
sub agree
{
	my ($x, $y) = @_;
	my @a = numbers($x);
	my @b = numbers($y);
	return 0 unless @a == @b;
	for my $i (0 .. $#a)
	{
		my ($p, $q) = ($a[$i], $b[$i]);
		if ($p =~ /nan|inf/ || $q =~ /nan|inf/)
		{
			return 0 unless $p eq $q;
			next;
		}
		return 0 if abs($p - $q) > 1e-9 * (abs($p) > abs($q) ? abs($p) : abs($q));
	}
	return 1;
}

my $node = bench_cluster('funcs',
	"shared_buffers = 1GB\nwork_mem = 256MB\njit = off\nmax_parallel_workers_per_gather = 0\n");
$node->safe_psql('postgres', 'CREATE EXTENSION fusekern; ' . bench_runs_sql());
my $dir = $ENV{FK_BENCH_DIR} // PostgreSQL::Test::Utils::tempdir();
chmod 0777, $dir;
$node->safe_psql('postgres', qq{
	SELECT setseed(0.39);
	CREATE TABLE f8 AS
		SELECT g AS id,
			   ARRAY(SELECT 100 + x FROM unnest(walk($len + 0 * g, 0.2)) x) AS v,
			   ARRAY(SELECT 0.5 + random() FROM generate_series(1, $len + 0 * g)) AS w
		FROM generate_series(1, $rows) g;
	CREATE TABLE nv AS SELECT id, v::nvec AS v, w::nvec AS w FROM f8;
	VACUUM ANALYZE f8, nv;
	COPY (SELECT array_to_string(v, ',') FROM f8 ORDER BY id) TO '$dir/v.txt';
	COPY (SELECT array_to_string(w, ',') FROM f8 ORDER BY id) TO '$dir/w.txt';
});

for my $c (@cases)
{
	my ($file, $name, $sql) = @$c;
	# Python first, while the server is idle
	my (@pyms, $pyfirst);
	for my $line (split /\n/, `$python $FindBin::RealBin/numpy_funcs.py $dir/v.txt $dir/w.txt $runs $file $name`)
	{
		my (undef, $what, undef, @rest) = split ' ', $line;
		@pyms = @rest if $what eq 'py';
		$pyfirst = $rest[0] if $what eq 'pyfirst';
	}
	die "case $name: no result from numpy_funcs.py" unless @pyms;
	my $first = $node->safe_psql('postgres', "SELECT $sql FROM f8 WHERE id = 1");
	my @q = map { "SELECT count($sql) FROM $_" } qw(f8 nv);
	my $arr = 'ARRAY[' . join(',', map { sql_quote($_) } @q) . ']';
	my %ms;
	for my $l (split /\n/, $node->safe_psql('postgres',
		"SELECT w, round(ms::numeric, 2) FROM bench_runs($arr, $runs) ORDER BY run, w"))
	{
		my ($i, $ms) = split /\|/, $l;
		push @{ $ms{ (qw(f8 nv))[ $i - 1 ] } }, $ms;
	}
	my ($pb, $pm) = ((sort { $a <=> $b } @pyms)[0], median(@pyms));
	diag(sprintf("bench: %-22s python   best %9.2f median %9.2f ms [%s]",
		$name, $pb, $pm, join(' ', @pyms)));
	for my $t (qw(f8 nv))
	{
		my @r = @{ $ms{$t} };
		my ($b, $m) = ((sort { $a <=> $b } @r)[0], median(@r));
		diag(sprintf("bench: %-22s %-8s best %9.2f median %9.2f ms [%s] / python: best %.2f median %.2f",
			$name, $t eq 'f8' ? 'float8[]' : 'nvec', $b, $m, join(' ', @r), $b / $pb, $m / $pm));
	}
	diag(sprintf("bench: %-22s first series agrees with python to 1e-9: %s",
		$name, agree($first, $pyfirst) ? 'yes' : 'NO'));
}

ok(1, 'benchmark ran');
$node->stop;
done_testing();
