# Instruction counts of fused against unfused evaluation, for every pipeline
# of bench_fusion_series.pl and the fused workloads of 'make bench', run by
# hand:
#   bench/run_cluster_bench.sh bench/bench_fusion_instr.pl
# Wall-clock ratios near 1.0 cannot be told apart on a shared machine (the
# dlog control of bench_fusion_series.pl, the same plan on both sides, reads
# 0.56 to 1.49 under load); callgrind's instruction counts repeat exactly.
# They count work, not memory traffic: fusion also saves the passes over
# intermediate results, which an instruction count does not see, so a ratio
# of instructions understates what fusion gains.
#
# Series: a random walk of 10^6 elements (one row) and 100 slices of it of
# 10^4 elements (one scan of 100 rows), as float8[] and nvec, without NULLs
# and with 10% NULLs, in shared buffers.  A single-user backend under
# callgrind runs each query twice fused and twice unfused
# (fusekern.enable_fusion), dumping the counts after every statement; the
# second run of each side is kept (parsing and planning included, the
# library already loaded).  Prints instructions and unfused / fused per
# pipeline, kind and size.  FK_BENCH_SIZES='1000000 10000' the sizes.  The
# dense layer gelu(x) . W + bias of 'make bench' (64 x 256 by 256 x 256, ten
# batches) is counted once, with the 10^4 float8[] series.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use FkBench;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = bench_cluster('bench_instr',
	"shared_buffers = 256MB\nwork_mem = 256MB\njit = off\nmax_parallel_workers_per_gather = 0\n");
$node->safe_psql('postgres', q{
	CREATE EXTENSION fusekern;
	SELECT setseed(0.25);
	CREATE TABLE big (kind text, id int DEFAULT 1, v float8[], w float8[],
					  vn nvec, wn nvec);
	ALTER TABLE big ALTER v SET STORAGE EXTERNAL, ALTER w SET STORAGE EXTERNAL,
		ALTER vn SET STORAGE EXTERNAL, ALTER wn SET STORAGE EXTERNAL;
	INSERT INTO big (kind, v, w)
		SELECT 'dense', array_agg(100 * exp(s) ORDER BY i),
			   array_agg(100 * exp(-s) ORDER BY i)
		FROM (SELECT i, sum(0.01 * (random() - 0.5)) OVER (ORDER BY i) AS s
			  FROM generate_series(1, 1000000) i) t;
	INSERT INTO big (kind, v, w)
		SELECT '10% NULL',
			   (SELECT array_agg(CASE WHEN random() < 0.1 THEN NULL ELSE x END ORDER BY o)
				FROM unnest(v) WITH ORDINALITY u(x, o)),
			   (SELECT array_agg(CASE WHEN random() < 0.1 THEN NULL ELSE x END ORDER BY o)
				FROM unnest(w) WITH ORDINALITY u(x, o))
		FROM big;
	UPDATE big SET vn = v::nvec, wn = w::nvec;
	CREATE TABLE small (kind text, id int, v float8[], w float8[], vn nvec,
						wn nvec);
	ALTER TABLE small ALTER v SET STORAGE EXTERNAL, ALTER w SET STORAGE EXTERNAL,
		ALTER vn SET STORAGE EXTERNAL, ALTER wn SET STORAGE EXTERNAL;
	INSERT INTO small (kind, id, v, w)
		SELECT kind, r, v[(r - 1) * 10000 + 1 : r * 10000],
			   w[(r - 1) * 10000 + 1 : r * 10000]
		FROM big, generate_series(1, 100) r;
	UPDATE small SET vn = v::nvec, wn = w::nvec;
	-- a dense layer: 64 rows of 256 inputs, a 256 x 256 layer
	CREATE TABLE layer (id int, w float8[], bias float8[]);
	INSERT INTO layer SELECT 1,
		(SELECT array_agg(r ORDER BY i) FROM (SELECT i, (SELECT array_agg(random() - 0.5 ORDER BY j)
			FROM generate_series(1, 256) j WHERE i > 0) r FROM generate_series(1, 256) i) t),
		(SELECT array_agg(random() - 0.5) FROM generate_series(1, 256));
	CREATE TABLE batch (id int, x float8[]);
	INSERT INTO batch SELECT b,
		(SELECT array_agg(r ORDER BY i) FROM (SELECT i, (SELECT array_agg(random() * 4 - 2 ORDER BY j)
			FROM generate_series(1, 256) j WHERE i > b - b) r FROM generate_series(1, 64) i) t)
	FROM generate_series(1, 10) b;
	VACUUM ANALYZE big, small, layer, batch;
});

# The pipelines: name and fusekern spelling (V and W two series)
my @pipelines = (
	[ 'zscore_roll', '(V - rolling_mean(V, 20)) / rolling_stddev(V, 20)' ],
	[ 'vstddev_dlog', 'vstddev(dlog(V, 1))' ],
	[ 'cumret', 'cumsum(dlog(V, 1))' ],
	[ 'dlog', 'dlog(V, 1)' ],
	[ 'vmean_dlog', 'vmean(dlog(V, 1))' ],
	[ 'logret', 'scale_add(dlog(V, 1), 252, 0)' ],
	[ 'chain', '(((V + 1) * 2) - 3) / 4' ],
	[ 'spread', '(V - W) * 2.5 + 0.5' ],
	[ 'zscore', '(V - 100) / 2' ],
	[ 'cumsum_ln', 'cumsum(ln(V))' ],
	# running chains and their neighbours (docs/fusion.md, "What does not
	# fuse"): two operations, or more, or the input read twice
	[ 'cummax_ln', 'cummax(ln(V))' ],
	[ 'ema_ln', 'ema(ln(V), 0.1)' ],
	[ 'cumsum_x2', 'cumsum(V * 2.0)' ],
	[ 'cumsum_abs_dlog', 'cumsum(abs(dlog(V, 1)))' ],
	[ 'cummax_less_x', 'cummax(V) - V' ],
	[ 'ffill_ln', 'fill_forward(ln(V))' ],
	# the dense layer of 'make bench' (gelu_linear.unfused.sql), counted once
	[ 'gelu_linear', undef,
	  'SELECT sum(pg_column_size(add_bias(matmul(gelu(b.x), l.w), l.bias))) FROM batch b, layer l' ],);

my $bindir = $node->config_data('--bindir');
my $pgdata = $node->data_dir;
my $dir = PostgreSQL::Test::Utils::tempdir;
$node->stop;

for my $size (split ' ', $ENV{FK_BENCH_SIZES} // '1000000 10000')
{
	my $tab = $size == 10000 ? 'small' : 'big';
	for my $type ('float8[]', 'nvec')
	{
		for my $kind ('dense', '10% NULL')
		{
			my ($v, $w) = $type eq 'nvec' ? ('vn', 'wn') : ('v', 'w');
			my @sql = ("SELECT sum(pg_column_size($v)) FROM $tab");
			my @slot;

			my $first = $size == 10000 && $type eq 'float8[]' && $kind eq 'dense';
			my @here = grep { defined $_->[1] || $first } @pipelines;

			for my $p (@here)
			{
				my ($name, $expr, $query) = @$p;
				if (defined $expr)
				{
					(my $e = $expr) =~ s/\bV\b/$v/g;
					$e =~ s/\bW\b/$w/g;
					$query = "SELECT sum(pg_column_size($e)) FROM $tab WHERE kind = '$kind'";
				}
				for my $on ('on', 'off')
				{
					push @sql, "SET fusekern.enable_fusion = $on";
					push @sql, $query for 1 .. 2;
					push @slot, [ $name, $on, scalar(@sql) ];
				}
			}
			open(my $f, '>', "$dir/q.sql") or die $!;
			print $f "$_\n" for @sql;
			close($f);
			unlink glob("$dir/cg.out*");
			system("valgrind --tool=callgrind --dump-after=PortalRun "
				  . "--callgrind-out-file=$dir/cg.out $bindir/postgres --single "
				  . "-D $pgdata postgres < $dir/q.sql > $dir/cg.log 2>&1") == 0
			  or die "callgrind failed: see $dir/cg.log";
			my %ir;
			for my $s (grep { ref } @slot)
			{
				my ($name, $on, $n) = @$s;
				# dump n is statement n's (one PortalRun each)
				open(my $d, '<', "$dir/cg.out.$n") or die "no dump $n: $!";
				my ($tot) = map { /^(?:summary|totals): (\d+)/ ? $1 : () } <$d>;
				close($d);
				$ir{$name}{$on} = $tot;
			}
			for my $p (@here)
			{
				my $name = $p->[0];
				my ($f, $u) = ($ir{$name}{on}, $ir{$name}{off});
				diag(sprintf("bench: %s %s, %s: %-12s fused %12d  unfused %12d  unfused/fused %5.3f",
					$type, $kind, $size == 10000 ? '100 x 10^4' : '10^6', $name,
					$f, $u, $u / $f));
			}
		}
	}
}
ok(1, 'counted');
done_testing();
