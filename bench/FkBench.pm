# Helpers of the benchmark scripts (bench/*.pl): medians, SQL quoting, CPU
# time of a process, and the time of a query run by the server itself.
package FkBench;

use strict;
use warnings;
use Exporter 'import';
use POSIX qw(sysconf _SC_CLK_TCK);
use PostgreSQL::Test::Cluster;

our @EXPORT = qw(median sql_quote cpu_of bench_ms bench_three_sql bench_runs_sql
  bench_cluster prices_cluster time_ticks_sql);

my $tck = sysconf(_SC_CLK_TCK);

# The median of a list of numbers (the upper one of an even count)
sub median
{
	my @v = sort { $a <=> $b } @_;
	return $v[ $#v / 2 ];
}

# A string as an SQL literal
sub sql_quote
{
	my ($s) = @_;
	$s =~ s/'/''/g;
	return "'$s'";
}

# CPU seconds (user + system) process $pid has used
sub cpu_of
{
	my ($pid) = @_;
	open(my $f, '<', "/proc/$pid/stat") or die $!;
	my @f = split / /, (<$f> =~ s/^.*\) //r);
	close($f);
	return ($f[11] + $f[12]) / $tck;
}

# Milliseconds per run of query $q, $n runs, timed by bench_ms() on $node
# (a function the script creates), rounded to microseconds
sub bench_ms
{
	my ($node, $q, $n) = @_;
	return $node->safe_psql('postgres',
		'SELECT round(bench_ms(' . sql_quote($q) . ", $n)::numeric, 3)");
}

# The SQL of bench_three(q text[], s text[], n int, OUT ms float8[]): runs
# each query q[w] once untimed (the library loaded, the plans cached: a run
# of n = 1 in a new session would otherwise time those for the first query
# alone), then n times after its setting s[w], the queries in the order
# 1 2 3, 3 2 1, ... (each first as often as last), and returns the fastest
# milliseconds of each
sub bench_three_sql
{
	return q{
	CREATE FUNCTION bench_three(q text[], s text[], n int, OUT ms float8[])
	LANGUAGE plpgsql AS $$
	DECLARE t0 timestamptz; d float8; w int; c int := cardinality(q);
	BEGIN
		ms := array_fill('Infinity'::float8, ARRAY[c]);
		FOR k IN 1 .. c LOOP
			EXECUTE s[k];
			EXECUTE q[k];
		END LOOP;
		FOR k IN 0 .. c * n - 1 LOOP
			-- 1 2 3, 3 2 1, ...: each one first as often as last
			w := CASE WHEN (k / c) % 2 = 0 THEN k % c ELSE c - 1 - k % c END + 1;
			EXECUTE s[w];
			t0 := clock_timestamp();
			EXECUTE q[w];
			d := extract(epoch FROM clock_timestamp() - t0) * 1000;
			ms[w] := least(ms[w], d);
		END LOOP;
	END $$;
};
}

# The SQL of bench_runs(q text[], n int), which runs each query q[w] n times,
# the queries interleaved, and returns every run's milliseconds, and of
# walk(n, step), a random walk as float8[]
sub bench_runs_sql
{
	return q{
	-- the fastest of each query's runs is not what is kept: every run is
	CREATE FUNCTION bench_runs(q text[], n int)
	RETURNS TABLE (w int, run int, ms float8) LANGUAGE plpgsql AS $$
	DECLARE t0 timestamptz; c int := cardinality(q);
	BEGIN
		-- once each untimed: the library loaded, the plans cached
		FOR k IN 1 .. c LOOP
			EXECUTE q[k];
		END LOOP;
		FOR k IN 0 .. c * n - 1 LOOP
			-- 1 2 3, 3 2 1, ...: each one first as often as last
			w := CASE WHEN (k / c) % 2 = 0 THEN k % c ELSE c - 1 - k % c END + 1;
			run := k / c + 1;
			t0 := clock_timestamp();
			EXECUTE q[w];
			ms := extract(epoch FROM clock_timestamp() - t0) * 1000;
			RETURN NEXT;
		END LOOP;
	END $$;
	-- a random walk of n steps of up to step, as float8[]
	CREATE FUNCTION walk(n int, step float8) RETURNS float8[] LANGUAGE sql AS $$
		SELECT array_agg(s ORDER BY i)
		FROM (SELECT i, step * sum(random() - 0.5) OVER (ORDER BY i) AS s
			  FROM generate_series(1, n) i) w $$;
};
}

# A started cluster named $name (PostgreSQL::Test::Cluster), $conf appended
# to its postgresql.conf
sub bench_cluster
{
	my ($name, $conf) = @_;
	my $node = PostgreSQL::Test::Cluster->new($name);
	$node->init;
	$node->append_conf('postgresql.conf', $conf);
	$node->start;
	return $node;
}

# A started cluster named $name (PostgreSQL::Test::Cluster) holding table
# prices (id, px float8[], pn nvec): $count random-walk price series of $len
# elements, stored uncompressed (as bench_fusion_group.pl and
# bench_fusion_twophase.pl read them)
sub prices_cluster
{
	my ($name, $count, $len) = @_;
	my $node = bench_cluster($name,
		"shared_buffers = 512MB\nwork_mem = 256MB\njit = off\nmax_parallel_workers_per_gather = 0\n");
	$node->safe_psql('postgres', qq{
		CREATE EXTENSION fusekern;
		SELECT setseed(0.25);
		CREATE TABLE prices (id int PRIMARY KEY, px float8[], pn nvec);
		ALTER TABLE prices ALTER px SET STORAGE EXTERNAL, ALTER pn SET STORAGE EXTERNAL;
		INSERT INTO prices (id, px)
			SELECT s, array_agg(100 * exp(w) ORDER BY i)
			FROM (SELECT s, i, sum(0.01 * (random() - 0.5))
							OVER (PARTITION BY s ORDER BY i) AS w
				  FROM generate_series(1, $count) s, generate_series(1, $len) i) t
			GROUP BY s;
		UPDATE prices SET pn = px::nvec;
		VACUUM ANALYZE prices;
	});
	return $node;
}

# The SQL of bench_time.pl's data: table ticks (id, ts timestamptz[], px
# float8[]), $series series of $ticks irregular ticks (one every 1.3 s plus
# up to 1 s of jitter), and table grid (at timestamptz[]), a 1-second grid
# over them
sub time_ticks_sql
{
	my ($series, $ticks) = @_;
	return qq{
	SET TimeZone = 'UTC';
	SELECT setseed(0.38);
	CREATE TABLE ticks AS
		SELECT id, array_agg('2026-01-05 09:30:00+00'::timestamptz + make_interval(secs => i * 1.3 + random()) ORDER BY i) AS ts,
			   array_agg(100 + (random() - 0.5) ORDER BY i) AS px
		FROM generate_series(1, $series) AS id, generate_series(1, $ticks) AS i GROUP BY id;
	CREATE TABLE grid AS
		SELECT array_agg(t ORDER BY t) AS at
		FROM generate_series('2026-01-05 09:30:00+00'::timestamptz,
							 '2026-01-05 09:30:00+00'::timestamptz + make_interval(secs => $ticks * 1.32), '1 second') AS t;
};
}

1;
