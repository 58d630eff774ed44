# Benchmark of compressed nvec (bench/results/compressed-series.md),
# against a throwaway cluster, run by hand:
#   bench/run_cluster_bench.sh bench/bench_compress.pl
#
# Sizes: pg_column_size summed over a table, plain nvec beside
# nvec(compressed), for the real CO2 and sunspot series (bench/data/), prices
# in cents (a random walk, 1,000 rows x 10,000), FX-like prices with 5
# decimals and full-precision prices 100 * exp(random walk).
# Speed, with both tables in shared buffers: vmean(dlog(px)), the rolling
# z-score and cumsum(dlog(px)), and decoding alone, on the cents table plain
# and compressed, FK_BENCH_RUNS runs each (default 5), interleaved, every run
# printed, with the buffers EXPLAIN (ANALYZE, BUFFERS) counts; the same
# with 4 MB of shared buffers, smaller than either table.  Writing: the
# cast of a float8[] of 10^7 cents to nvec, with and without nvec_compress.
# With FK_BENCH_EXPORT=DIR (a directory the server may write), the values of
# each table are also written to DIR/TABLE.csv (id, index, value), for
# bench/duckdb_size.mjs to store the same data in DuckDB.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use FkBench;
use PostgreSQL::Test::Cluster;
use Test::More;

my $runs = $ENV{FK_BENCH_RUNS} // 5;
my $node = bench_cluster('bench',
	"shared_buffers = 1GB\njit = off\nmax_parallel_workers_per_gather = 0\n");

# A CSV column as an nvec literal (empty fields are NULL)
sub csv_nvec
{
	my ($file, $col) = @_;
	open(my $f, '<', "$FindBin::RealBin/data/$file") or die "$file: $!";
	<$f>;
	my @v;
	while (my $line = <$f>)
	{
		chomp $line;
		my @c = split /,/, $line, -1;
		push @v, ($c[$col] // '') eq '' ? 'NULL' : $c[$col];
	}
	close($f);
	return "'{" . join(',', @v) . "}'";
}

my $co2 = csv_nvec('co2_weekly.csv', 1);
my $sun = csv_nvec('sunspots_yearly.csv', 1);
$node->safe_psql('postgres', qq{
	CREATE EXTENSION fusekern;
	SELECT setseed(0.26);
	CREATE TABLE co2 AS SELECT 1 AS id, ${co2}::nvec AS px;
	CREATE TABLE sunspots AS SELECT 1 AS id, ${sun}::nvec AS px;
	-- a random walk in cents from 100, steps of up to 10 cents
	CREATE TABLE cents AS SELECT g AS id,
		(SELECT array_agg(round((100 + s)::numeric, 2)::float8 ORDER BY i)
		 FROM (SELECT i, 0.2 * sum(random() - 0.5) OVER (ORDER BY i) AS s
			   FROM generate_series(1, 10000 + 0 * g) i) w)::nvec AS px
	FROM generate_series(1, 1000) g;
	-- FX-like prices from 1.1, steps of up to 2 pips, 5 decimals
	CREATE TABLE fx AS SELECT g AS id,
		(SELECT array_agg(round((1.1 + s)::numeric, 5)::float8 ORDER BY i)
		 FROM (SELECT i, 0.0004 * sum(random() - 0.5) OVER (ORDER BY i) AS s
			   FROM generate_series(1, 10000 + 0 * g) i) w)::nvec AS px
	FROM generate_series(1, 1000) g;
	-- full precision: 100 * exp(random walk)
	CREATE TABLE full_precision AS SELECT g AS id,
		(SELECT array_agg(100 * exp(s) ORDER BY i)
		 FROM (SELECT i, 0.01 * sum(random() - 0.5) OVER (ORDER BY i) AS s
			   FROM generate_series(1, 10000 + 0 * g) i) w)::nvec AS px
	FROM generate_series(1, 1000) g;
});
for my $t (qw(co2 sunspots cents fx full_precision))
{
	$node->safe_psql('postgres', qq{
		CREATE TABLE ${t}_c (id int, px nvec(compressed));
		INSERT INTO ${t}_c SELECT id, px FROM $t;
		VACUUM ANALYZE $t, ${t}_c;
	});
	my ($plain, $comp, $enc, $n) = split /\|/, $node->safe_psql('postgres', qq{
		SELECT (SELECT sum(pg_column_size(px)) FROM $t), (SELECT sum(pg_column_size(px)) FROM ${t}_c),
			   (SELECT string_agg(DISTINCT nvec_encoding(px), ',') FROM ${t}_c),
			   (SELECT sum(length(px)) FROM $t)});
	my $same = $node->safe_psql('postgres', qq{
		SELECT bool_and(p.px = c.px AND p.px::text = c.px::text) FROM $t p JOIN ${t}_c c USING (id)});
	diag(sprintf("bench: size %-15s %9d values: plain %11d bytes, compressed %11d bytes (%s): %.2fx smaller, same values: %s",
		$t, $n, $plain, $comp, $enc, $plain / $comp, $same));
	$node->safe_psql('postgres', qq{
		COPY (SELECT id, i, x FROM $t, unnest(px) WITH ORDINALITY AS u(x, i) ORDER BY id, i)
		TO '$ENV{FK_BENCH_EXPORT}/$t.csv' (FORMAT csv)}) if $ENV{FK_BENCH_EXPORT};
}

$node->safe_psql('postgres', q{
	CREATE FUNCTION bench_runs_ms(q text) RETURNS float8 LANGUAGE plpgsql AS $$
	DECLARE t0 timestamptz;
	BEGIN
		t0 := clock_timestamp();
		EXECUTE q;
		RETURN extract(epoch FROM clock_timestamp() - t0) * 1000;
	END $$;
	CREATE FUNCTION bench_buffers(q text) RETURNS text LANGUAGE plpgsql AS $$
	DECLARE plan json;
	BEGIN
		EXECUTE 'EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ' || q INTO plan;
		RETURN format('hit %s read %s', plan->0->'Plan'->>'Shared Hit Blocks',
					  plan->0->'Plan'->>'Shared Read Blocks');
	END $$;
});

my %queries = (
	'vmean(dlog(px))' => 'SELECT sum(vmean(dlog(px))) FROM %s',
	'rolling z-score' => 'SELECT count(*) FROM %s WHERE length((px - rolling_mean(px, 20)) / rolling_stddev(px, 20)) > 0',
	'cumsum(dlog(px))' => 'SELECT count(*) FROM %s WHERE length(cumsum(dlog(px))) > 0',
	'decode alone' => 'SELECT count(*) FROM %s WHERE length(nvec_decompress(px)) > 0',
);

# Each query on the plain and the compressed cents table, $runs runs each,
# interleaved, with the shared blocks one run hits and reads
sub speeds
{
	my ($where) = @_;
	for my $name (sort keys %queries)
	{
		my $qp = sprintf($queries{$name}, 'cents');
		my $qc = sprintf($queries{$name}, 'cents_c');
		# the same result on both forms (and, in shared buffers, warm buffers)
		my $rp = $node->safe_psql('postgres', $qp);
		my $rc = $node->safe_psql('postgres', $qc);
		my $bp = $node->safe_psql('postgres', "SELECT bench_buffers(" . sql_quote($qp) . ")");
		my $bc = $node->safe_psql('postgres', "SELECT bench_buffers(" . sql_quote($qc) . ")");
		my (@tp, @tc);
		for my $r (1 .. $runs)
		{
			push @tp, $node->safe_psql('postgres', "SELECT round(bench_runs_ms(" . sql_quote($qp) . ")::numeric, 1)");
			push @tc, $node->safe_psql('postgres', "SELECT round(bench_runs_ms(" . sql_quote($qc) . ")::numeric, 1)");
		}
		diag(sprintf("bench: speed %s %-17s plain [%s] ms, buffers %s; compressed [%s] ms, buffers %s; median ratio %.2f; same result: %s",
			$where, $name, join(' ', @tp), $bp, join(' ', @tc), $bc, median(@tc) / median(@tp),
			$rp eq $rc ? 'yes' : "no ($rp / $rc)"));
	}
}
speeds('in shared buffers');

# writing: 10^7 cents as float8[] cast to nvec, with and without compression
$node->safe_psql('postgres', q{
	CREATE TABLE big_arr AS
		SELECT (SELECT array_agg(round((100 + s)::numeric, 2)::float8 ORDER BY i)
				FROM (SELECT i, 0.2 * sum(random() - 0.5) OVER (ORDER BY i) AS s
					  FROM generate_series(1, 10000000) i) w) AS a;
	VACUUM ANALYZE big_arr;
});
{
	my $qp = 'SELECT length(a::nvec) FROM big_arr';
	my $qc = 'SELECT length(nvec_compress(a::nvec)) FROM big_arr';
	$node->safe_psql('postgres', $qp);
	$node->safe_psql('postgres', $qc);
	my (@tp, @tc);
	for my $r (1 .. $runs)
	{
		push @tp, $node->safe_psql('postgres', "SELECT round(bench_runs_ms(" . sql_quote($qp) . ")::numeric, 1)");
		push @tc, $node->safe_psql('postgres', "SELECT round(bench_runs_ms(" . sql_quote($qc) . ")::numeric, 1)");
	}
	diag(sprintf("bench: write 10^7 cents: a::nvec [%s] ms; nvec_compress(a::nvec) [%s] ms; median ratio %.2f",
		join(' ', @tp), join(' ', @tc), median(@tc) / median(@tp)));
}
# out of shared buffers: 4 MB of them, both tables larger (they come from
# the operating system's page cache)
$node->append_conf('postgresql.conf', "shared_buffers = 4MB\n");
$node->restart;
speeds('out of shared buffers');

ok(1, 'benchmark ran');
$node->stop;
done_testing();
