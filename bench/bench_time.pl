# SQL benchmark of the series on a time axis against plain SQL over the same
# stored arrays, run by hand:
#   bench/run_cluster_bench.sh bench/bench_time.pl
# 1,000 series of 10,000 irregular ticks (one every 1.3 s plus up to 1 s of
# jitter; times timestamptz[], prices float8[]): a 5-minute rolling mean,
# 1-minute OHLC bars, 1-minute time-weighted averages (resample's 'twa')
# and an as-of lookup of every series on a 1-second grid.  fusekern: the
# fastest of FK_BENCH_REPEATS runs (default 3); plain SQL (unnest, a RANGE
# window, lead(), date_bin and GROUP BY): one run, as it takes seconds
# (FK_BENCH_PLAIN=0 skips it).
#
# With FK_NODE_MODULES (a node_modules directory holding @duckdb/node-api
# and nodejs-polars) the ticks are also exported and the same queries run
# in DuckDB and Polars (bench/time_peers.mjs) with FK_BENCH_THREADS threads
# (default "1 2"), FK_BENCH_REPEATS runs each: every run is printed, with
# each engine's best against fusekern's and whether the results agree to
# 1e-9.  FK_BENCH_SERIES and FK_BENCH_TICKS size the data (1,000 x 10,000).
# The z-score and vmean(rolling_mean(...)) also run with fusion on and off
# (fusekern.enable_fusion), 2 x FK_BENCH_REPEATS times each, interleaved
# (on first, then off first), every run printed, with the ratio of the
# fastest.
# FK_BENCH_TS_STORAGE stores the times otherwise than the column's default
# (pglz-compressed where that saves space): external (never compressed),
# lz4, or tvec (the column a tvec, delta-of-deltas; bench/bench_tvec.pl
# runs the forms side by side).  FK_BENCH_CASES (a Perl regular expression) runs only the cases
# whose names match, in fusekern and in the peers ('^ohlc': the bars, as
# rows and as vectors).  A case that computes another's number (the bars
# as vectors, summed with vsum) says whether the two agree to 1e-9.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use FkBench;
use PostgreSQL::Test::Cluster;
use Test::More;

my $repeats = $ENV{FK_BENCH_REPEATS} // 3;
my $series = $ENV{FK_BENCH_SERIES} // 1000;
my $ticks = $ENV{FK_BENCH_TICKS} // 10000;
my $plain = $ENV{FK_BENCH_PLAIN} // 1;
my $nm = $ENV{FK_NODE_MODULES};
my @threads = split ' ', ($ENV{FK_BENCH_THREADS} // '1 2');
my $ts_storage = $ENV{FK_BENCH_TS_STORAGE} // '';
my $only = $ENV{FK_BENCH_CASES};
my %ts_alter = (external => 'SET STORAGE EXTERNAL', lz4 => 'SET COMPRESSION lz4', tvec => 'SET STORAGE EXTERNAL');
die "FK_BENCH_TS_STORAGE: external, lz4 or tvec" if $ts_storage && !$ts_alter{$ts_storage};
my $ts_type = $ts_storage eq 'tvec' ? 'tvec' : 'timestamptz[]';
my $node = bench_cluster('bench', "shared_buffers = 1GB\nwork_mem = 1GB\njit = off\nmax_parallel_workers_per_gather = 0\n");
$node->safe_psql('postgres', qq{
	CREATE EXTENSION fusekern;
} . time_ticks_sql($series, $ticks) . qq{
	VACUUM ANALYZE;
} . bench_three_sql() . qq{
	CREATE FUNCTION bench_ms(q text, n int) RETURNS float8 LANGUAGE plpgsql AS \$\$
	DECLARE t0 timestamptz; ts float8[] := '{}';
	BEGIN
		SET TimeZone = 'UTC';
		IF n > 1 THEN EXECUTE q; END IF;	-- warm up
		FOR k IN 1 .. n LOOP
			t0 := clock_timestamp();
			EXECUTE q;
			ts := ts || extract(epoch FROM clock_timestamp() - t0) * 1000;
		END LOOP;
		RETURN (SELECT min(x) FROM unnest(ts) x);
	END \$\$;
});

# name, fusekern's query, plain SQL's (or undef), the name in time_peers.mjs;
# each query returns one number, the same from every engine
my $w5 = q{RANGE BETWEEN interval '5 minutes' - interval '1 microsecond' PRECEDING AND CURRENT ROW};
# the times stored afresh (a slice is a new value, so TOAST applies the
# column's settings to it)
$node->safe_psql('postgres', qq{
	CREATE TABLE ticks_s (id int, ts $ts_type, px float8[]);
	ALTER TABLE ticks_s ALTER ts $ts_alter{$ts_storage};
	INSERT INTO ticks_s SELECT id, ts[1:$ticks], px[1:$ticks] FROM ticks;
	DROP TABLE ticks;
	ALTER TABLE ticks_s RENAME TO ticks;
	VACUUM ANALYZE ticks;
}) if $ts_storage;

my @cases = (
	['rolling_mean 5 min',
	 q{SELECT sum(vsum(rolling_mean(px, ts, '5 minutes'))) FROM ticks},
	 qq{SELECT sum(m) FROM (SELECT avg(x) OVER (PARTITION BY id ORDER BY t $w5) AS m FROM ticks, unnest(ts::timestamptz[], px) AS u(t, x)) q},
	 'rolling_mean'],
	['z-score 5 min',
	 q{SELECT sum(vsum((px - rolling_mean(px, ts, '5 minutes')) / rolling_stddev(px, ts, '5 minutes'))) FROM ticks},
	 qq{SELECT sum((x - m) / s) FROM (SELECT x, avg(x) OVER w AS m, stddev_samp(x) OVER w AS s FROM ticks, unnest(ts::timestamptz[], px) AS u(t, x) WINDOW w AS (PARTITION BY id ORDER BY t $w5)) q},
	 'zscore'],
	['ohlc 1 min',
	 q{SELECT sum(open + high + low + close) FROM ticks, resample_ohlc(ts, px, '1 minute', fill => 'locf') b},
	 q{SELECT sum(o + h + l + c) FROM (SELECT id, date_bin('1 minute', t, '1970-01-01'), (array_agg(x ORDER BY t))[1] AS o, max(x) AS h, min(x) AS l, (array_agg(x ORDER BY t DESC))[1] AS c FROM ticks, unnest(ts::timestamptz[], px) AS u(t, x) GROUP BY 1, 2) q},
	 'ohlc'],
	['ohlc 1 min vectors',
	 q{SELECT sum(vsum(b.open + b.high + b.low + b.close)) FROM ticks, resample_ohlc_vectors(ts, px, '1 minute', fill => 'locf') b},
	 undef, 'ohlc', 'ohlc 1 min'],
	['twa 1 min',
	 q{SELECT count(*) FROM ticks, resample(ts, px, '1 minute', 'twa') b},
	 q{SELECT count(*) FROM (SELECT id, b, sum(x * dt) / extract(epoch FROM max(t) - min(t)) FROM (SELECT id, date_bin('1 minute', t, '1970-01-01') AS b, t, x, extract(epoch FROM lead(t) OVER w - t) AS dt FROM ticks, unnest(ts::timestamptz[], px) AS u(t, x) WINDOW w AS (PARTITION BY id, date_bin('1 minute', t, '1970-01-01') ORDER BY t)) p GROUP BY 1, 2) q},
	 'twa_bucket'],
	# plain SQL: ticks and grid times in one ordered stream, each grid time
	# taking the value of the tick that opened its run
	['asof 1 s grid',
	 q{SELECT sum(vsum(asof(ts, px, g.at))) FROM ticks, grid g},
	 q{SELECT sum(v) FROM (SELECT k, first_value(x) OVER (PARTITION BY id, r ORDER BY t, k, o) AS v FROM (SELECT id, t, k, o, x, count(*) FILTER (WHERE k = 0) OVER (PARTITION BY id ORDER BY t, k, o ROWS UNBOUNDED PRECEDING) AS r FROM (SELECT id, t, 0 AS k, o, x FROM ticks, unnest(ts::timestamptz[], px) WITH ORDINALITY AS u(t, x, o) UNION ALL SELECT id, a, 1, 0, NULL FROM ticks, grid g, unnest(g.at) AS a) e) q) q2 WHERE k = 1},
	 'asof'],
	['time-weighted avg',
	 q{SELECT sum(time_weighted_avg(ts, px)) FROM ticks},
	 q{SELECT sum(a) FROM (SELECT id, sum(x * dt) / extract(epoch FROM max(t) - min(t)) AS a FROM (SELECT id, t, x, extract(epoch FROM lead(t) OVER (PARTITION BY id ORDER BY t, o) - t) AS dt FROM ticks, unnest(ts::timestamptz[], px) WITH ORDINALITY AS u(t, x, o) WHERE x IS NOT NULL) p GROUP BY id) q},
	 'twa'],
);
@cases = grep { $_->[0] =~ /$only/ } @cases if defined $only;
my %peer_cases = map { $_->[3] => 1 } @cases;

# the peers' runs: {engine threads}{case} = [result, ms...]
my %peer;
if ($nm)
{
	my $dir = PostgreSQL::Test::Utils::tempdir();
	chmod 0777, $dir;
	$node->safe_psql('postgres', qq{
		COPY (SELECT id, (extract(epoch FROM t) * 1000000)::int8, x FROM ticks, unnest(ts::timestamptz[], px) AS u(t, x) ORDER BY id, t)
			TO '$dir/ticks.csv' (FORMAT csv);
		COPY (SELECT (extract(epoch FROM t) * 1000000)::int8 FROM grid, unnest(at) AS t) TO '$dir/grid.csv' (FORMAT csv);
	});
	for my $th (@threads)
	{
		for my $line (split /\n/, `FK_NODE_MODULES=$nm node $FindBin::RealBin/time_peers.mjs $dir $repeats $th @{[join(',', sort keys %peer_cases)]} 2>&1`)
		{
			if ($line !~ /^bench: peer /)
			{
				diag("time_peers.mjs: $line");
				next;
			}
			my (undef, undef, $engine, $case, $res, @ms) = split ' ', $line;
			$peer{"$engine $th"}{$case} = [ $res, @ms ];
		}
	}
}

# what reading each array costs, and how they are stored
diag("bench: storage " . $node->safe_psql('postgres', q{
	SELECT format('ts %s MB (%s), px %s MB (%s)',
				  round(sum(pg_column_size(ts)) / 1048576.0, 1), string_agg(DISTINCT coalesce(pg_column_compression(ts), 'none'), ','),
				  round(sum(pg_column_size(px)) / 1048576.0, 1), string_agg(DISTINCT coalesce(pg_column_compression(px), 'none'), ','))
	FROM ticks}));
for my $col ('ts', 'px')
{
	# a tvec's times decoded into their timestamptz[]
	my $read = $col eq 'ts' && $ts_type eq 'tvec' ? 'ts::timestamptz[]' : $col;
	my $scan = bench_ms($node, "SELECT sum(cardinality($read)) FROM ticks", $repeats);
	diag(sprintf("bench: bare scan of %s %.1f ms", $col, $scan));
}
my %result;
for my $c (@cases)
{
	my ($name, $fk, $sql, $pname, $same_as) = @$c;
	my $f = bench_ms($node, $fk, $repeats);
	my $res = $node->safe_psql('postgres', $fk);
	$result{$name} = $res;
	if (defined $sql && $plain)
	{
		my $s = bench_ms($node, $sql, 1);
		my $sres = $node->safe_psql('postgres', $sql);
		diag(sprintf("bench: %-18s fusekern %9.1f ms  plain SQL %9.1f ms  ratio %.1fx, agrees to 1e-9: %s", $name, $f, $s, $s / $f,
			abs($sres - $res) <= 1e-9 * abs($res) ? 'yes' : "NO ($sres, $res)"));
	}
	else
	{
		diag(sprintf("bench: %-18s fusekern %9.1f ms  result %s", $name, $f, $res));
	}
	diag(sprintf("bench: %-18s agrees with '%s' to 1e-9: %s", $name, $same_as,
		abs($res - $result{$same_as}) <= 1e-9 * abs($result{$same_as}) ? 'yes' : "NO ($res, $result{$same_as})"))
	  if defined $same_as && defined $result{$same_as};
	for my $e (sort keys %peer)
	{
		my ($pres, @ms) = @{ $peer{$e}{$pname} // next };
		my $best = (sort { $a <=> $b } @ms)[0];
		diag(sprintf("bench: %-18s %-9s best %9.1f ms median %9.1f ms [%s] / fusekern %.1fx, agrees to 1e-9: %s",
			$name, $e, $best, median(@ms), join(' ', @ms), $best / $f,
			abs($pres - $res) <= 1e-9 * abs($res) ? 'yes' : "NO ($pres)"));
	}
}

# fusion on and off, side by side: each call of bench_three runs each once
for my $c (
	['z-score 5 min', q{SELECT sum(vsum((px - rolling_mean(px, ts, '5 minutes')) / rolling_stddev(px, ts, '5 minutes'))) FROM ticks}],
	['vmean(rolling_mean)', q{SELECT sum(vmean(rolling_mean(px, ts, '5 minutes'))) FROM ticks}])
{
	my ($name, $q) = @$c;
	my (@on, @off);
	my @set = ('SET fusekern.enable_fusion = on', 'SET fusekern.enable_fusion = off');
	for my $r (1 .. 2 * $repeats)
	{
		# on first, then off first: each first as often as last
		my @w = $r % 2 ? (0, 1) : (1, 0);
		# the query once untimed first: a new backend's first large values
		# pay for their fresh memory (about 150 ms for the 8 MB arrays of a
		# series of 10^6 here), which would fall on whichever runs first
		my @out = split /\n/, $node->safe_psql('postgres',
			"SET TimeZone = 'UTC'; $q; SELECT array_to_string(ms, '|') FROM bench_three(ARRAY["
			  . sql_quote($q) . ', ' . sql_quote($q) . "], ARRAY["
			  . join(', ', map { sql_quote($set[$_]) } @w) . "], 1)");
		my @ms = split /\|/, $out[-1];
		push @{ $w[0] ? \@off : \@on }, $ms[0];
		push @{ $w[1] ? \@off : \@on }, $ms[1];
	}
	my ($bon) = sort { $a <=> $b } @on;
	my ($boff) = sort { $a <=> $b } @off;
	diag(sprintf("bench: %-20s fusion on [%s] ms, off [%s] ms, off / on %.2fx",
		$name, join(' ', map { sprintf('%.1f', $_) } @on),
		join(' ', map { sprintf('%.1f', $_) } @off), $boff / $bon));
	diag("bench: $name plan " . join(' | ', grep { /fused|rolling|Output/ } split /\n/,
		$node->safe_psql('postgres', "SET TimeZone = 'UTC'; EXPLAIN (VERBOSE, COSTS OFF) $q")));
}
ok(1, 'benchmark ran');
$node->stop;
done_testing();
