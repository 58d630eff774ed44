# Large vectors in PL/pgSQL and per row, against a throwaway cluster, run by hand:
#   bench/run_cluster_bench.sh bench/bench_plpgsql_sql.pl
# (each figure: the best of 5 batches of FK_BENCH_REPEATS calls, default 10)
#
# 1. PL/pgSQL: two 10^6-element float8[] variables (read from a table, so
#    PL/pgSQL holds them expanded), r := x - y, (x - y) * 2 + 1 and a chain
#    of 5 operations, fused and unfused (the unfused functions carry SET
#    fusekern.enable_fusion = off), once with the variables as read and once
#    after an element assignment (then PL/pgSQL keeps them deconstructed);
#    and a loop over 1,000 pairs of 1,000-element vectors.  NumPy beside
#    them (bench/numpy_plpgsql.py, the same sizes).
# 2. Queries on one row of two 10^6-element columns: the bare scan of px, of
#    px and py, dlog_scale_add(px, 1, 252, 0) and (px - py) * 2 + 1 fused and
#    unfused, in a session with fusekern.keep_freed_memory = 0 (glibc's
#    malloc as it is) and in one with the default, side by side.
# Each figure: milliseconds of backend CPU time per call (from the
# scheduler, so that waiting for a CPU on a shared machine does not count),
# the best of 5 batches, and minor page faults of the backend per call
# (/proc/self/stat), in one session per setting.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use FkBench;
use PostgreSQL::Test::Cluster;
use Test::More;

my $repeats = $ENV{FK_BENCH_REPEATS} // 10;
my $n = 1000000;
my $node = bench_cluster('bench', "shared_buffers = 512MB\njit = off\nmax_parallel_workers_per_gather = 0\n");

my @ops = (
	[ 'sub', 'x - y' ],
	[ 'affine', '(x - y) * 2 + 1' ],
	[ 'chain5', '(((x - y) * 2 + 1) * x) / y' ],
);

my $setup = qq{
	CREATE EXTENSION fusekern;
	SELECT setseed(0.5);
	CREATE TABLE pair (px float8[], py float8[]);
	ALTER TABLE pair ALTER px SET STORAGE EXTERNAL, ALTER py SET STORAGE EXTERNAL;
	INSERT INTO pair SELECT array_agg(0.5 + random()), array_agg(0.5 + random()) FROM generate_series(1, $n);
	CREATE TABLE small AS SELECT id, (SELECT array_agg(0.5 + random()) FROM generate_series(1, 1000) WHERE id > 0) AS px,
		(SELECT array_agg(0.5 + random()) FROM generate_series(1, 1000) WHERE id > 0) AS py
		FROM generate_series(1, 1000) id;
	VACUUM ANALYZE;
	CREATE FUNCTION minflt() RETURNS bigint LANGUAGE sql
		AS \$\$SELECT split_part(pg_read_file('/proc/self/stat'), ' ', 10)::bigint\$\$;
	-- CPU time of this backend in ms (the scheduler's account: time spent
	-- waiting for a CPU on a shared machine is left out, page faults are in)
	CREATE FUNCTION cpu_ms() RETURNS float8 LANGUAGE sql
		AS \$\$SELECT split_part(pg_read_file('/proc/self/schedstat'), ' ', 1)::float8 / 1e6\$\$;
	-- CPU ms (the best of 5 batches of n, mean per execution) and faults
	-- per execution of query q
	CREATE FUNCTION bench_q(q text, n int, OUT ms float8, OUT faults float8) LANGUAGE plpgsql AS \$\$
	DECLARE c0 float8; f0 bigint;
	BEGIN
		EXECUTE q;	-- warm up
		f0 := minflt();
		ms := 'Infinity';
		FOR b IN 1 .. 5 LOOP
			c0 := cpu_ms();
			FOR k IN 1 .. n LOOP
				EXECUTE q;
			END LOOP;
			ms := least(ms, (cpu_ms() - c0) / n);
		END LOOP;
		faults := (minflt() - f0)::float8 / (5 * n);
	END \$\$;
	-- the small-vector loop: each pair into variables, then the expression (or nothing)
	CREATE FUNCTION pl_small(with_op bool) RETURNS void LANGUAGE plpgsql AS \$\$
	DECLARE x float8[]; y float8[]; r float8[];
	BEGIN
		FOR x, y IN SELECT px, py FROM small ORDER BY id LOOP
			IF with_op THEN
				r := (x - y) * 2 + 1;
			END IF;
		END LOOP;
	END \$\$;
};
for my $op (@ops)
{
	my ($name, $expr) = @$op;
	for my $fu ([ 'f', '' ], [ 'u', 'SET fusekern.enable_fusion = off' ])
	{
		$setup .= qq{
	CREATE FUNCTION pl_${name}_$fu->[0](n int, deconstruct bool, OUT ms float8, OUT faults float8)
	LANGUAGE plpgsql $fu->[1] AS \$\$
	DECLARE x float8[]; y float8[]; r float8[]; c0 float8; f0 bigint;
	BEGIN
		SELECT px, py INTO x, y FROM pair;
		IF deconstruct THEN
			x[1] := x[1];
			y[1] := y[1];
		END IF;
		r := $expr;	-- warm up
		f0 := minflt();
		ms := 'Infinity';
		FOR b IN 1 .. 5 LOOP
			c0 := cpu_ms();
			FOR k IN 1 .. n LOOP
				r := $expr;
			END LOOP;
			ms := least(ms, (cpu_ms() - c0) / n);
		END LOOP;
		faults := (minflt() - f0)::float8 / (5 * n);
	END \$\$;};
	}
}
$node->safe_psql('postgres', $setup);

# one session: SET the memory setting first (before the library loads), then
# each statement; returns the rows of the last one per statement
sub session
{
	my ($keep, @stmts) = @_;
	my $pre = defined $keep ? "SET fusekern.keep_freed_memory = $keep;\n" : '';
	$pre .= "LOAD 'fusekern';\n";
	my $out = $node->safe_psql('postgres', $pre . join(";\n", @stmts) . ';');
	return split /\n/, $out;
}

my %numpy;
for (qx{/usr/bin/python3 bench/numpy_plpgsql.py $n 1000 1000})
{
	chomp;
	my (undef, $name, $ms) = split /\t/;
	$numpy{$name} = $ms;
}

diag(sprintf("bench: machine: %s", `uname -r` =~ s/\n//r));
for my $keep ('0', undef)
{
	my $label = defined $keep ? "keep_freed_memory=0" : "default";
	for my $dec ('false', 'true')
	{
		# one call of each first: the session's first large allocations
		# set glibc's dynamic thresholds, not the workload
		my @stmts = map { "SELECT NULL FROM pl_$_->[0]_f(1, $dec), pl_$_->[0]_u(1, $dec)" } @ops;
		for my $op (@ops)
		{
			push @stmts, "SELECT round(ms::numeric, 3) || ' ' || round(faults::numeric) FROM pl_$op->[0]_$_($repeats, $dec)"
			  for qw(f u);
		}
		my @r = grep { $_ ne '' } session($keep, @stmts);
		my $form = $dec eq 'true' ? 'deconstructed' : 'as read';
		for my $i (0 .. $#ops)
		{
			my ($fms, $ff) = split / /, $r[2 * $i];
			my ($ums, $uf) = split / /, $r[2 * $i + 1];
			my $np = $numpy{ $ops[$i][0] };
			diag(sprintf("bench: plpgsql %-21s %-13s %-8s fused %7.3f ms %5d faults  unfused %7.3f ms %5d faults  unf/fused %.2f  NumPy %.3f ms  fused/NumPy %.2f",
					$label, $form, $ops[$i][0], $fms, $ff, $ums, $uf, $ums / $fms, $np, $fms / $np));
		}
	}
	my @r = session($keep,
		"SELECT round(ms::numeric, 3) FROM bench_q('SELECT pl_small(true)', $repeats)",
		"SELECT round(ms::numeric, 3) FROM bench_q('SELECT pl_small(false)', $repeats)");
	diag(sprintf("bench: plpgsql %-21s loop of 1,000 pairs x 1,000: fused %.3f ms, loop without the expression %.3f ms, NumPy %.3f ms, fused/NumPy %.2f",
			$label, $r[0], $r[1], $numpy{small_loop}, $r[0] / $numpy{small_loop}));

	my %q = (
		scan_px => 'SELECT array_length(px, 1) FROM pair',
		scan_both => 'SELECT array_length(px, 1) + array_length(py, 1) FROM pair',
		dlog_scale_add => 'SELECT pg_column_size(dlog_scale_add(px, 1, 252, 0)) FROM pair',
		affine => 'SELECT pg_column_size((px - py) * 2 + 1) FROM pair',
	);
	my @names = qw(scan_px scan_both dlog_scale_add affine affine_unfused);
	my @stmts = map {
		my $sql = $q{ s/_unfused$//r };
		my $pre = /_unfused$/ ? "SET fusekern.enable_fusion = off;\n" : "SET fusekern.enable_fusion = on;\n";
		$pre . "SELECT round(ms::numeric, 3) || ' ' || round(faults::numeric) FROM bench_q('$sql', $repeats)"
	} @names;
	# then what the idle backend holds: its private resident memory
	push @stmts, "SELECT (regexp_match(pg_read_file('/proc/self/status'), 'RssAnon:\\s+(\\d+)'))[1]::int / 1024";
	@r = grep { $_ ne '' } session($keep, @stmts);
	my $rss = pop @r;
	my %t;
	@t{@names} = map { [ split / / ] } @r;
	diag(sprintf("bench: query %-21s %-15s %7.3f ms %5d faults", $label, $_, @{ $t{$_} })) for @names;
	diag(sprintf("bench: query %-21s dlog_scale_add/scan_px %.2f  affine/scan_both %.2f  affine unfused/fused %.2f",
			$label, $t{dlog_scale_add}[0] / $t{scan_px}[0], $t{affine}[0] / $t{scan_both}[0],
			$t{affine_unfused}[0] / $t{affine}[0]));
	diag(sprintf("bench: query %-21s private resident memory of the backend after these queries: %d MB", $label, $rss));
}
ok(1, 'benchmark ran');
$node->stop;
done_testing();
