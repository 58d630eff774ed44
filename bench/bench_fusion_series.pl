# SQL benchmark of fusion through series operations (issue 13) on one series
# of 10^6 elements in memory, and on 100 series of 10^4 elements (one scan of
# the 100 rows per run), run by hand:
#   bench/run_cluster_bench.sh bench/bench_fusion_series.pl
# A price series (a random walk, shared buffers, stored uncompressed) as
# float8[], as float8[] with 10% NULLs and as nvec.  Each pipeline is timed
# fused (fusekern.enable_fusion = on) and unfused (off), alternately in one
# session, FK_BENCH_REPEATS times (default 11) in the order on, off, off, on,
# on, off, ... (each side first half the time: a run pays for the memory the
# one before it left), keeping the fastest of each (on a shared machine the
# fastest run is the one least disturbed); plain
# SQL (unnest and window functions, as bench/workloads/*.plain.sql) the
# fastest of 3; NumPy (bench/numpy_series.py) on the same values.  Prints
# milliseconds and unfused / fused, plain / fused (FK_BENCH_PLAIN=0: not
# timed), fused / NumPy; FK_BENCH_SIZES='1000000 10000' the sizes; dlog, one
# call on both sides, shows the noise of the method.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use FkBench;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $repeats = $ENV{FK_BENCH_REPEATS} // 11;
my $node = bench_cluster('bench',
	"shared_buffers = 512MB\nwork_mem = 256MB\njit = off\nmax_parallel_workers_per_gather = 0\n");
$node->safe_psql('postgres', q{
	CREATE EXTENSION fusekern;
	SELECT setseed(0.25);
	CREATE TABLE big (kind text, id int DEFAULT 1, v float8[], vn nvec);
	ALTER TABLE big ALTER v SET STORAGE EXTERNAL, ALTER vn SET STORAGE EXTERNAL;
	INSERT INTO big (kind, v)
		SELECT 'float8[]', array_agg(100 * exp(s) ORDER BY i)
		FROM (SELECT i, sum(0.01 * (random() - 0.5)) OVER (ORDER BY i) AS s
			  FROM generate_series(1, 1000000) i) t;
	INSERT INTO big (kind, v)
		SELECT 'float8[] 10% NULL',
			   (SELECT array_agg(CASE WHEN random() < 0.1 THEN NULL ELSE x END ORDER BY o)
				FROM unnest(v) WITH ORDINALITY u(x, o))
		FROM big;
	UPDATE big SET vn = v::nvec;
	INSERT INTO big (kind, v, vn) SELECT 'nvec', v, vn FROM big WHERE kind = 'float8[]';
	CREATE TABLE small (kind text, id int, v float8[], vn nvec);
	ALTER TABLE small ALTER v SET STORAGE EXTERNAL, ALTER vn SET STORAGE EXTERNAL;
	INSERT INTO small (kind, id, v)
		SELECT kind, r, v[(r - 1) * 10000 + 1 : r * 10000]
		FROM big, generate_series(1, 100) r;
	UPDATE small SET vn = v::nvec WHERE kind = 'nvec';
	VACUUM ANALYZE big, small;
	-- chk: a query of one text (md5 of the results), q: the timed query
	CREATE FUNCTION bench_pair(chk text, q text, n int, OUT fused float8,
							   OUT unfused float8, OUT same bool)
	LANGUAGE plpgsql AS $$
	DECLARE t0 timestamptz; a text; b text;
	BEGIN
		fused := 'Infinity'; unfused := 'Infinity';
		PERFORM set_config('fusekern.enable_fusion', 'on', true);
		EXECUTE chk INTO a;
		PERFORM set_config('fusekern.enable_fusion', 'off', true);
		EXECUTE chk INTO b;
		same := a = b;
		-- on, off, off, on, on, off, ...: each side runs first half the time
		FOR k IN 0 .. 2 * n - 1 LOOP
			PERFORM set_config('fusekern.enable_fusion',
							   CASE WHEN (k + k / 2) % 2 = 0 THEN 'on' ELSE 'off' END, true);
			t0 := clock_timestamp();
			EXECUTE q;
			IF (k + k / 2) % 2 = 0 THEN
				fused := least(fused, extract(epoch FROM clock_timestamp() - t0) * 1000);
			ELSE
				unfused := least(unfused, extract(epoch FROM clock_timestamp() - t0) * 1000);
			END IF;
		END LOOP;
	END $$;
	CREATE FUNCTION bench_ms(q text, n int) RETURNS float8 LANGUAGE plpgsql AS $$
	DECLARE t0 timestamptz; best float8 := 'Infinity';
	BEGIN
		EXECUTE q;
		FOR k IN 1 .. n LOOP
			t0 := clock_timestamp();
			EXECUTE q;
			best := least(best, extract(epoch FROM clock_timestamp() - t0) * 1000);
		END LOOP;
		RETURN best;
	END $$;
});

# The pipelines: name, fusekern spelling (V the series), plain SQL spelling
my @pipelines = (
	[ 'zscore_roll', '(V - rolling_mean(V, 20)) / rolling_stddev(V, 20)',
	  q{SELECT pg_column_size((SELECT array_agg(r ORDER BY o) FROM (
		SELECT o, CASE WHEN x IS NOT NULL AND count(x) OVER w = 20
			THEN (x - avg(x) OVER w) / stddev_samp(x) OVER w END AS r
		FROM unnest(V) WITH ORDINALITY AS u(x, o)
		WINDOW w AS (ORDER BY o ROWS 19 PRECEDING)) s))} ],
	[ 'vstddev_dlog', 'vstddev(dlog(V, 1))',
	  q{SELECT (SELECT stddev_samp(r) FROM (
		SELECT ln(x) - ln(lag(x) OVER (ORDER BY n)) AS r
		FROM unnest(V) WITH ORDINALITY AS u(x, n)) s)} ],
	[ 'cumret', 'cumsum(dlog(V, 1))',
	  q{SELECT pg_column_size((SELECT array_agg(c ORDER BY n) FROM (
		SELECT n, CASE WHEN r IS NOT NULL
			THEN sum(r) OVER (ORDER BY n ROWS UNBOUNDED PRECEDING) END AS c
		FROM (SELECT n, ln(x) - ln(lag(x) OVER (ORDER BY n)) AS r
			  FROM unnest(V) WITH ORDINALITY AS u(x, n)) s) t))} ],
	# a control: one call, nothing to fuse, the same plan on both sides
	[ 'dlog', 'dlog(V, 1)',
	  q{SELECT pg_column_size((SELECT array_agg(r ORDER BY n) FROM (
		SELECT n, ln(x) - ln(lag(x) OVER (ORDER BY n)) AS r
		FROM unnest(V) WITH ORDINALITY AS u(x, n)) s))} ],
	[ 'vmean_dlog', 'vmean(dlog(V, 1))',
	  q{SELECT (SELECT avg(r) FROM (
		SELECT ln(x) - ln(lag(x) OVER (ORDER BY n)) AS r
		FROM unnest(V) WITH ORDINALITY AS u(x, n)) s)} ],);

# NumPy on the float8[] series without NULLs, from a file the server writes
my $dir = PostgreSQL::Test::Utils::tempdir;
chmod 0777, $dir;
$node->safe_psql('postgres',
	"COPY (SELECT v FROM big WHERE kind = 'float8[]') TO '$dir/px.txt'");
my %numpy;
for (split /\n/, `/usr/bin/python3 bench/numpy_series.py $dir/px.txt 2>&1`)
{
	$numpy{$1} = $2 if /^bench: numpy (\S+) ([0-9.]+)/;
}

for my $size (split ' ', $ENV{FK_BENCH_SIZES} // '1000000 10000')
{
for my $kind ('float8[]', 'float8[] 10% NULL', 'nvec')
{
	my $col = $kind eq 'nvec' ? 'vn' : 'v';
	my $tab = $size == 10000 ? 'small' : 'big';
	my $from = "FROM $tab WHERE kind = '$kind'";
	my $label = $size == 10000 ? "$kind, 100 x 10^4" : $kind;
	my $scan = $node->safe_psql('postgres',
		"SELECT round(bench_ms(" . sql_quote("SELECT sum(pg_column_size($col || '{}'::float8[])) $from") . ", $repeats)::numeric, 2)")
	  if $col eq 'v';
	diag(sprintf("bench: %s: detoast and copy %.2f ms", $label, $scan))
	  if defined $scan;
	for my $p (@pipelines)
	{
		my ($name, $expr, $plain) = @$p;
		(my $e = $expr) =~ s/\bV\b/$col/g;
		my $chk = "SELECT md5(string_agg(($e)::text, ',' ORDER BY id)) $from";
		my $q = "SELECT sum(pg_column_size($e)) $from";
		my $r = $node->safe_psql('postgres',
			"SELECT round(fused::numeric, 3), round(unfused::numeric, 3), same FROM bench_pair("
			  . sql_quote($chk) . ', ' . sql_quote($q) . ", $repeats)");
		my ($f, $u, $same) = split /\|/, $r;
		is($same, 't', "$name on $label: fused and unfused give the same bits");
		my $line = sprintf("bench: %s: %-12s fused %8.3f ms  unfused %8.3f ms  unfused/fused %5.2fx",
			$label, $name, $f, $u, $u / $f);
		if ($kind ne 'nvec' && $size != 10000 && ($ENV{FK_BENCH_PLAIN} // 1))
		{
			(my $q = $plain) =~ s/\bV\b/v/g;
			my $pl = $node->safe_psql('postgres',
				'SELECT round(bench_ms(' . sql_quote("$q $from") . ', 3)::numeric, 2)');
			$line .= sprintf("  plain SQL %8.2f ms  plain/fused %5.1fx", $pl, $pl / $f);
		}
		$line .= sprintf("  NumPy %7.2f ms  fused/NumPy %5.2fx", $numpy{$name}, $f / $numpy{$name})
		  if $kind eq 'float8[]' && $size != 10000 && $numpy{$name};
		diag($line);
	}
}
}
$node->stop;
done_testing();
