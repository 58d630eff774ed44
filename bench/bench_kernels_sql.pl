# SQL benchmark of the vector kernels against a throwaway cluster, run by hand:
#   bench/run_cluster_bench.sh bench/bench_kernels_sql.pl
# Tables: 1 row x 10^6 elements and 10,000 rows x 1,000 elements (float8[],
# no NULLs, values in (0.5, 1.5)), and the same as nvec.  Each query is run
# FK_BENCH_REPEATS times (default 7) inside one session; the median execution
# time is printed beside the bare scan (array_length) and the plain-SQL
# equivalent (unnest ... array_agg, window lag; run once, it is slow), as ratios.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use FkBench;
use PostgreSQL::Test::Cluster;
use Test::More;

my $repeats = $ENV{FK_BENCH_REPEATS} // 7;
my $node = bench_cluster('bench', "shared_buffers = 512MB\njit = off\nmax_parallel_workers_per_gather = 0\n");
$node->safe_psql('postgres', q{
	CREATE EXTENSION fusekern;
	SELECT setseed(0.5);
	CREATE TABLE big AS SELECT (SELECT array_agg(0.5 + random()) FROM generate_series(1, 1000000)) AS v;
	CREATE TABLE many AS SELECT id, (SELECT array_agg(0.5 + random()) FROM generate_series(1, 1000) g WHERE id > 0) AS v
		FROM generate_series(1, 10000) id;
	CREATE TABLE big_n AS SELECT v::nvec AS v FROM big;
	CREATE TABLE many_n AS SELECT id, v::nvec AS v FROM many;
	VACUUM ANALYZE;
	CREATE FUNCTION bench_ms(q text, n int) RETURNS float8 LANGUAGE plpgsql AS $$
	DECLARE t0 timestamptz; ts float8[] := '{}';
	BEGIN
		EXECUTE q;	-- warm up
		FOR k IN 1 .. n LOOP
			t0 := clock_timestamp();
			EXECUTE q;
			ts := ts || extract(epoch FROM clock_timestamp() - t0) * 1000;
		END LOOP;
		RETURN (SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY x) FROM unnest(ts) x);
	END $$;
});

my %plain = (
	'ln' => 'SELECT sum(cardinality((SELECT array_agg(ln(x) ORDER BY o) FROM unnest(v) WITH ORDINALITY u(x, o)))) FROM %T',
	'scale_add' => 'SELECT sum(cardinality((SELECT array_agg(x * 2.5 + 1 ORDER BY o) FROM unnest(v) WITH ORDINALITY u(x, o)))) FROM %T',
	'dlog' => 'SELECT sum(cardinality((SELECT array_agg(r ORDER BY o) FROM (SELECT o, ln(x) - ln(lag(x) OVER (ORDER BY o)) AS r FROM unnest(v) WITH ORDINALITY u(x, o)) s))) FROM %T',
	'dlog_scale_add' => 'SELECT sum(cardinality((SELECT array_agg(r ORDER BY o) FROM (SELECT o, (ln(x) - ln(lag(x) OVER (ORDER BY o))) * 100 + 0.5 AS r FROM unnest(v) WITH ORDINALITY u(x, o)) s))) FROM %T',
);
my %fk = (
	'ln' => 'SELECT sum(cardinality(ln(v)::float8[])) FROM %T',
	'scale_add' => 'SELECT sum(cardinality(scale_add(v, 2.5, 1)::float8[])) FROM %T',
	'dlog' => 'SELECT sum(cardinality(dlog(v, 1)::float8[])) FROM %T',
	'dlog_scale_add' => 'SELECT sum(cardinality(dlog_scale_add(v, 1, 100, 0.5)::float8[])) FROM %T',
);

# the cast to float8[] would cost on nvec: count nvec results with length()
sub fk_query
{
	my ($op, $table) = @_;
	my $q = $fk{$op};
	$q =~ s/cardinality\((.*)::float8\[\]\)/length($1)/ if $table =~ /_n$/;
	$q =~ s/%T/$table/;
	return $q;
}

for my $shape (['big', '1 row x 10^6'], ['many', '10,000 rows x 1,000'])
{
	my ($t, $label) = @$shape;
	my $scan = bench_ms($node, "SELECT sum(array_length(v, 1)) FROM $t", $repeats);
	my $scan_n = bench_ms($node, "SELECT sum(length(v)) FROM ${t}_n", $repeats);
	diag(sprintf("bench: %s: bare scan float8[] %.2f ms, nvec %.2f ms", $label, $scan, $scan_n));
	for my $op (qw(ln scale_add dlog dlog_scale_add))
	{
		my $f = bench_ms($node, fk_query($op, $t), $repeats);
		my $fn = bench_ms($node, fk_query($op, "${t}_n"), $repeats);
		(my $pq = $plain{$op}) =~ s/%T/$t/;
		my $p = bench_ms($node, $pq, 1);
		diag(sprintf("bench: %s: %-14s float8[] %8.2f ms (%.2fx scan)  nvec %8.2f ms (%.2fx scan)  plain SQL %9.1f ms (%.0fx slower than float8[])",
				$label, $op, $f, $f / $scan, $fn, $fn / $scan_n, $p, $p / $f));
	}
}
ok(1, 'benchmark ran');
$node->stop;
done_testing();
