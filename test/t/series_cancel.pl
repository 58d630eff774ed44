# statement_timeout cancels every series function on 50 million elements,
# over a float8[] and over a compressed nvec, soon after the timeout: the SQL
# functions serve interrupts between blocks, and the core in its own loops
# over a range a window or a row sizes (the pass at the end of a rolling
# segment, the state of a cross-row aggregate), through the hook of
# src/core/interrupt.h (rolling_median and rolling_quantile: O(log w) per
# element, between blocks).
#
# What comes before fusekern's code runs cannot be interrupted: PostgreSQL
# detoasting the 400 MB float8[] (lz4 where the server has it), about 0.3 s
# on an idle machine and ten times that on a busy one.  So each statement's
# input is also read alone, under the same load, just before and just after
# the statement, and the statement must end within slack_ms of the later of
# the timeout and factor times the longer read.  The compressed nvec (230 kB
# stored) is read in milliseconds and decoded a block at a time by the
# functions themselves: over it nothing but fusekern's loops stands between
# the timeout and the error, and a loop that served no interrupts shows on a
# busy machine, where each of these functions runs for seconds.  The
# cross-row aggregates spend their time in the core's loops over a row: a
# hook that serves no interrupts makes them end seconds past the limit.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('series_cancel');
$node->init;
$node->append_conf('postgresql.conf', qq{
max_parallel_workers_per_gather = 0
fusekern.enable_fusion = off
});
$node->start;
$node->safe_psql('postgres', 'CREATE EXTENSION fusekern');

my $lz4 = $node->psql('postgres', 'CREATE TABLE lz4_probe (t text COMPRESSION lz4)') == 0;
my $compression = $lz4 ? 'COMPRESSION lz4' : '';
$node->safe_psql('postgres', qq{
CREATE TABLE big (v float8[] $compression);
INSERT INTO big SELECT array_fill(1::float8, ARRAY[50000000]);
CREATE TABLE big4 AS SELECT v FROM big, generate_series(1, 4);
CREATE TABLE big4v AS SELECT v[1:40000000] AS v FROM big, generate_series(1, 4);
CREATE TABLE bigc (v nvec(compressed));
INSERT INTO bigc SELECT v::nvec FROM big;
CREATE TABLE big100c (v nvec(compressed));
INSERT INTO big100c SELECT v[1:10000000]::nvec FROM big;
INSERT INTO big100c SELECT v FROM big100c, generate_series(1, 99);
});
note('the float8[] vector is stored ' . ($lz4 ? 'with lz4' : 'with the default compression')
	  . ', the compressed nvec in '
	  . $node->safe_psql('postgres', 'SELECT pg_column_size(v) FROM bigc') . ' bytes');

# statement_timeout; how many times its input's read a statement may take,
# and how long after that (or after the timeout) it may still run
my $timeout_ms = 400;
my $factor = 2;
my $slack_ms = 300;

# Run sql (under the timeout when one is given); its time (psql's \timing)
# and its error
sub timed
{
	my ($sql, $timeout) = @_;
	my ($out, $err) = ('', '');
	$node->psql('postgres',
		($timeout ? "SET statement_timeout = $timeout;\n" : '')
		  . "\\timing on\n$sql;",
		stdout => \$out, stderr => \$err);
	my @ms = $out =~ /Time: ([\d.]+) ms/g;
	return ($ms[-1] // 1e9, $err);
}

# The two inputs: a vector of 50 million ones (big, bigc), four rows of it
# (big4) and four of its first 40 million (big4v); for the aggregates over
# a compressed nvec, 100 rows of its first 10 million (big100c): on
# PostgreSQL 16 and later the aggregate copies a new float8[] state (avg's,
# variance's) when the first row makes it, a copy nothing interrupts, so the
# state is kept small and the time in the rows; and how a statement's input
# is read alone: the detoast of each vector argument (of one row for the
# aggregates, which serve interrupts at each row)
my @inputs = (
	{ name => 'float8[]', one => 'big', rows => 'big4', rows40 => 'big4v', len => 'cardinality' },
	{ name => 'compressed nvec', one => 'bigc', rows => 'big100c', rows40 => 'big100c', len => 'length' },);

# [what, call of v, its table (one, rows, rows40), its vector arguments,
# whether it runs past the timeout on any machine over float8[] and over a
# compressed nvec (undef: not run)]
my @calls = (
	[ 'rolling_sum, w = n - 1', 'rolling_sum(v, 49999999)', 'one', 1, 1, 1 ],
	[ 'rolling_mean, w = n - 1', 'rolling_mean(v, 49999999)', 'one', 1, 1, 1 ],
	[ 'rolling_stddev, w = n - 1', 'rolling_stddev(v, 49999999)', 'one', 1, 1, 1 ],
	# (over a compressed nvec, a ring of 16 bytes an element: 800 MB)
	[ 'rolling_max, w = n - 1', 'rolling_max(v, 49999999)', 'one', 1, 1, undef ],
	[ 'rolling_min, w = 1000', 'rolling_min(v, 1000)', 'one', 1, 0, 0 ],
	[ 'rolling_count, w = n', 'rolling_count(v, 50000000, 0)', 'one', 1, 0, 0 ],
	[ 'rolling_sum, w = 20', 'rolling_sum(v, 20)', 'one', 1, 0, 0 ],
	[ 'rolling_median, w = 1000', 'rolling_median(v, 1000)', 'one', 1, 1, 1 ],
	[ 'rolling_quantile, w = 1000', 'rolling_quantile(v, 1000, 0.9)', 'one', 1, 1, 1 ],
	[ 'cumsum', 'cumsum(v)', 'one', 1, 0, 0 ],
	[ 'cumprod', 'cumprod(v)', 'one', 1, 0, 0 ],
	[ 'cummax', 'cummax(v)', 'one', 1, 0, 0 ],
	[ 'ema', 'ema(v, 0.5)', 'one', 1, 0, 0 ],
	[ 'fill_forward', 'fill_forward(v)', 'one', 1, 0, 0 ],
	[ 'shift, a lead', 'shift(v, -1)', 'one', 1, 0, 0 ],
	# (over a compressed nvec, the reductions end well before the timeout)
	[ 'vsum', 'vsum(v)', 'one', 1, 0, undef ],
	[ 'vstddev', 'vstddev(v)', 'one', 1, 0, undef ],
	[ 'vmax', 'vmax(v)', 'one', 1, 0, undef ],
	# (which detoasts each argument)
	[ 'vdot', 'vdot(v, v)', 'one', 2, 0, undef ],
	[ 'sum across rows', 'sum(v)', 'rows', 1, 1, 1 ],
	[ 'avg across rows', 'avg(v)', 'rows', 1, 1, 1 ],
	# variance's state, 24 bytes a position, holds 44 million positions at most
	[ 'variance across rows', 'variance(v)', 'rows40', 1, 1, 1 ],
	[ 'stddev_pop across rows', 'stddev_pop(v)', 'rows40', 1, 1, 1 ],
	# (fusekern's max is over nvec: max over a float8[] is core's
	# max(anyarray), whose array comparison serves no interrupts)
	[ 'max across rows', 'max(v)', 'rows', 1, undef, 1 ],);

# [what, statement, its input's read alone, whether it runs past the timeout]
my @cases;
for my $i (0 .. $#inputs)
{
	my $in = $inputs[$i];
	for my $c (@calls)
	{
		my ($what, $call, $table, $args, @long) = @$c;
		next unless defined $long[$i];
		my $t = $in->{$table} . ($table eq 'one' ? '' : ' LIMIT 1');
		push @cases,
		  [
			"$what over $in->{name}",
			"SELECT $call IS NOT NULL FROM $in->{$table}",
			'SELECT ' . join(' + ', ("$in->{len}(v)") x $args) . " FROM $t",
			$long[$i]
		  ];
	}
}

# the read that follows a statement is the one before the next of the same input
my ($last_read, $last_ms) = ('', 0);
for my $c (@cases)
{
	my ($what, $sql, $read_sql, $long) = @$c;
	my $before = $read_sql eq $last_read ? $last_ms : read_ms($read_sql);
	my ($ms, $err) = timed($sql, $timeout_ms);
	my $after = read_ms($read_sql);
	($last_read, $last_ms) = ($read_sql, $after);
	my $read = $before > $after ? $before : $after;
	my $limit = ($factor * $read > $timeout_ms ? $factor * $read : $timeout_ms)
	  + $slack_ms;
	my $cancelled = $err =~ /canceling statement due to statement timeout/;

	cmp_ok($ms, '<', $limit,
		sprintf('%s: ends within %d ms of the later of the timeout (%d ms) '
			  . 'and %d times its input\'s read (%.0f ms): %s at %.0f ms, limit %.0f ms',
			$what, $slack_ms, $timeout_ms, $factor, $read,
			$cancelled ? 'cancelled' : 'done', $ms, $limit));
	ok($cancelled, "$what: cancelled") if $long;
	unlike($err, qr/ERROR/, "$what: no other error")
	  unless $cancelled;
}

# The time of the read of an input alone
sub read_ms
{
	my ($sql) = @_;
	my ($ms, $err) = timed($sql);
	die "$sql failed: $err" if $err =~ /ERROR/;
	return $ms;
}

$node->stop;
done_testing();
