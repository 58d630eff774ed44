# The peer workloads W1-W7 (docs/performance.md, bench/results/peer-workloads.md)
# on every storage a column of prices can have, beside NumPy on the same
# values in memory, against a throwaway cluster, run by hand:
#   bench/run_cluster_bench.sh bench/bench_peer.pl
#
# Data sets (FK_BENCH_SETS, default "cents full"): 1,000 random walks of
# 10,000 prices (FK_BENCH_ROWS, FK_BENCH_LEN) and one of 10^6 (for W7): in
# cents (round(100 + walk, 2), steps of up to 10 cents) and at full
# precision (100 * exp(walk)).  Storages (FK_BENCH_STORAGES, default all):
#   f8      float8[], the column's defaults (pglz)
#   f8lz4   float8[] COMPRESSION lz4
#   nvpglz  nvec with STORAGE EXTENDED (pglz; the type's default before 0.5)
#   nv      nvec as declared (the type's default storage)
#   nvext   nvec with STORAGE EXTERNAL (not in the default list: the type's
#           default from 0.5)
#   nvc     nvec(compressed)
#   nvcin   nvec(compressed) in a table WITH (toast_tuple_target = 8160):
#           values under about 8 KB kept in the heap, not in TOAST
# Workloads (FK_BENCH_W, default all), each a query summing one number per
# row so that every storage and NumPy (bench/numpy_peer.py) can be checked
# to agree to 1e-9:
#   W1  log returns x 252              scale_add(dlog(px), 252, 0)
#   W2  mean + stddev of log returns   vmean(dlog(px)) + vstddev(dlog(px))
#   W3  rolling mean, z-score, w = 20  (px - rolling_mean) / rolling_stddev
#   W4  max drawdown                   vmin(px / cummax(px)) - 1
#   W5  EMA(0.1), last value           (ema(px, 0.1))[n]
#   W6  average across the rows        avg(px)
#   W7a 10^6 log returns               dlog(px) of the long series
#   W7b cumulative log return, 10^6    cumsum(dlog(px)) of the long series
# Every table is in shared buffers (read once before timing); each query
# runs FK_BENCH_RUNS times (default 5), the storages interleaved (1 2 3 4 5,
# 5 4 3 2 1, ...); every run is printed, with best and median and the ratio
# of each to NumPy's.
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
my $biglen = $ENV{FK_BENCH_BIGLEN} // 1000000;
my @sets = split ' ', ($ENV{FK_BENCH_SETS} // 'cents full');
my @storages = split ' ', ($ENV{FK_BENCH_STORAGES} // 'f8 f8lz4 nvpglz nv nvc nvcin');
my @wl = split ' ', ($ENV{FK_BENCH_W} // 'W1 W2 W3 W4 W5 W6 W7a W7b');
my $python = -x '/usr/bin/python3' ? '/usr/bin/python3' : 'python3';

my %ddl = (
	f8 => 'float8[]',
	f8lz4 => 'float8[] COMPRESSION lz4',
	nvpglz => 'nvec',
	nv => 'nvec',
	nvext => 'nvec',
	nvc => 'nvec(compressed)',
	nvcin => 'nvec(compressed)',
);
# table options
my %with = (nvcin => ' WITH (toast_tuple_target = 8160)');
# ALTER TABLE's, since CREATE TABLE takes STORAGE only from PostgreSQL 16
my %alter = (nvpglz => 'ALTER px SET STORAGE EXTENDED',
	nvext => 'ALTER px SET STORAGE EXTERNAL');
# a fresh value for every row (a slice of the whole for float8[]): INSERT
# ... SELECT would keep the source's TOAST-compressed datum as it is, pglz
# in an lz4 column
my %cast = (f8 => "[1:$len]", f8lz4 => "[1:$len]", nvpglz => '::nvec', nv => '::nvec', nvext => '::nvec', nvc => '::nvec', nvcin => '::nvec');

# the query of workload $w on table $t of $n values a row
sub query
{
	my ($w, $t, $n) = @_;
	my %q = (
		W1 => "SELECT sum((scale_add(dlog(px), 252, 0))[$n]) FROM $t",
		W2 => "SELECT sum(vmean(dlog(px)) + vstddev(dlog(px))) FROM $t",
		W3 => "SELECT sum(((px - rolling_mean(px, 20)) / rolling_stddev(px, 20))[$n]) FROM $t",
		W4 => "SELECT sum(vmin(px / cummax(px)) - 1) FROM $t",
		W5 => "SELECT sum((ema(px, 0.1))[$n]) FROM $t",
		W6 => "SELECT vsum(avg(px)) FROM $t",
		W7a => "SELECT (dlog(px))[$n] FROM ${t}_big",
		W7b => "SELECT (cumsum(dlog(px)))[$n] FROM ${t}_big",
	);
	return $q{$w};
}

my $node = bench_cluster('peer',
	"shared_buffers = 2GB\nwork_mem = 256MB\njit = off\nmax_parallel_workers_per_gather = 0\n");
$node->safe_psql('postgres', 'CREATE EXTENSION fusekern; ' . bench_runs_sql());

my $dir = $ENV{FK_BENCH_DIR} // PostgreSQL::Test::Utils::tempdir();
chmod 0777, $dir;
for my $set (@sets)
{
	my $expr = $set eq 'cents'
	  ? 'ARRAY(SELECT round((100 + x)::numeric, 2)::float8 FROM unnest(walk(%s, 0.2)) x)'
	  : 'ARRAY(SELECT 100 * exp(x) FROM unnest(walk(%s, 0.01)) x)';
	$node->safe_psql('postgres', sprintf(qq{
		SELECT setseed(0.4);
		CREATE TABLE base_$set AS SELECT g AS id, $expr AS px FROM generate_series(1, $rows) g;
		CREATE TABLE base_${set}_big AS SELECT 1 AS id, $expr AS px;
		COPY (SELECT array_to_string(px, ',') FROM base_$set ORDER BY id) TO '$dir/$set.txt';
		COPY (SELECT array_to_string(px, ',') FROM base_${set}_big) TO '$dir/${set}_big.txt';
	}, "$len + 0 * g", $biglen));
	for my $s (@storages)
	{
		$node->safe_psql('postgres', qq{
			CREATE TABLE ${s}_$set (id int, px $ddl{$s})@{[ $with{$s} // '' ]};
			CREATE TABLE ${s}_${set}_big (id int, px $ddl{$s})@{[ $with{$s} // '' ]};
			@{[ $alter{$s} ? "ALTER TABLE ${s}_$set $alter{$s}; ALTER TABLE ${s}_${set}_big $alter{$s};" : '' ]}
			INSERT INTO ${s}_$set SELECT id, px$cast{$s} FROM base_$set;
			INSERT INTO ${s}_${set}_big SELECT id, px@{[ $cast{$s} =~ s/$len/$biglen/r ]} FROM base_${set}_big;
			VACUUM ANALYZE ${s}_$set, ${s}_${set}_big;
		});
		my ($size, $how) = split /\|/, $node->safe_psql('postgres', qq{
			SELECT pg_total_relation_size('${s}_$set') / 1048576.0,
				   string_agg(DISTINCT coalesce(pg_column_compression(px), 'none'), ',')
			FROM ${s}_$set});
		diag(sprintf("bench: size %s %-6s %-40s %7.1f MB, TOAST compression %s", $set, $s,
			$ddl{$s} . ($alter{$s} ? " ($alter{$s})" : '') . ($with{$s} // ''), $size, $how));
	}
	$node->safe_psql('postgres', "DROP TABLE base_$set, base_${set}_big");

	# NumPy first, while the server is idle
	my %np;
	for my $line (split /\n/, `$python $FindBin::RealBin/numpy_peer.py $dir/$set.txt $dir/${set}_big.txt $runs @wl`)
	{
		my (undef, undef, $w, $res, @ms) = split ' ', $line;
		$np{$w} = { res => $res, ms => [@ms] };
	}
	for my $w (@wl)
	{
		my $n = $w =~ /^W7/ ? $biglen : $len;
		my @q = map { query($w, "${_}_$set", $n) } @storages;
		# the results (and warm buffers)
		my @res = map { $node->safe_psql('postgres', $_) } @q;
		my $ok = 1;
		for my $r (@res, $np{$w}{res})
		{
			$ok = 0 if abs($r - $res[0]) > 1e-9 * (abs($res[0]) + 1e-300);
		}
		my %ms;
		my $arr = 'ARRAY[' . join(',', map { sql_quote($_) } @q) . ']';
		for my $l (split /\n/, $node->safe_psql('postgres',
			"SELECT w, round(ms::numeric, 2) FROM bench_runs($arr, $runs) ORDER BY run, w"))
		{
			my ($i, $ms) = split /\|/, $l;
			push @{ $ms{ $storages[ $i - 1 ] } }, $ms;
		}
		my @npms = @{ $np{$w}{ms} };
		my ($npb, $npm) = ((sort { $a <=> $b } @npms)[0], median(@npms));
		diag(sprintf("bench: %s %-3s numpy        best %8.2f median %8.2f ms [%s]",
			$set, $w, $npb, $npm, join(' ', @npms)));
		for my $s (@storages)
		{
			my @t = @{ $ms{$s} };
			my ($b, $m) = ((sort { $a <=> $b } @t)[0], median(@t));
			diag(sprintf("bench: %s %-3s %-12s best %8.2f median %8.2f ms [%s] / numpy: best %.2f median %.2f",
				$set, $w, $s, $b, $m, join(' ', @t), $b / $npb, $m / $npm));
		}
		diag(sprintf("bench: %s %-3s results agree to 1e-9: %s (%s)",
			$set, $w, $ok ? 'yes' : 'NO', join(' ', @res, $np{$w}{res})));
	}
}

ok(1, 'benchmark ran');
$node->stop;
done_testing();
