# statement_timeout cancels every series function on 50 million elements
# within 0.5 s of the timeout: the SQL functions serve interrupts between
# blocks, and the core in its own loops over a range a window or a row sizes
# (the pass at the end of a rolling segment, the state of a cross-row
# aggregate), through the hook of src/core/interrupt.h (rolling_median and
# rolling_quantile: O(log w) per element, between blocks).  The vector is built
# once, in a table (lz4 where the server has it, read back in about 0.3 s).
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
CREATE TABLE big (x float8[] $compression);
INSERT INTO big SELECT array_fill(1::float8, ARRAY[50000000]);
CREATE TABLE big4 AS SELECT x FROM big, generate_series(1, 4);
CREATE TABLE big4v AS SELECT x[1:40000000] AS x FROM big, generate_series(1, 4);
});
note('the vector is stored ' . ($lz4 ? 'with lz4' : 'with the default compression'));

# statement_timeout, and how long after it a statement may still run
my $timeout_ms = 400;
my $slack_ms = 500;

# Run sql under the timeout; its time (psql's \timing) and its error
sub timed
{
	my ($sql) = @_;
	my ($out, $err) = ('', '');
	$node->psql('postgres',
		"SET statement_timeout = $timeout_ms;\n\\timing on\n$sql;",
		stdout => \$out, stderr => \$err);
	my @ms = $out =~ /Time: ([\d.]+) ms/g;
	return ($ms[-1] // 1e9, $err);
}

# [what, statement, whether it runs past the timeout on any machine]
my @cases = (
	[ 'rolling_sum, w = n - 1', 'SELECT cardinality(rolling_sum(x, 49999999)) FROM big', 1 ],
	[ 'rolling_mean, w = n - 1', 'SELECT cardinality(rolling_mean(x, 49999999)) FROM big', 1 ],
	[ 'rolling_stddev, w = n - 1', 'SELECT cardinality(rolling_stddev(x, 49999999)) FROM big', 1 ],
	[ 'rolling_max, w = n - 1', 'SELECT cardinality(rolling_max(x, 49999999)) FROM big', 1 ],
	[ 'rolling_min, w = 1000', 'SELECT cardinality(rolling_min(x, 1000)) FROM big', 0 ],
	[ 'rolling_count, w = n', 'SELECT cardinality(rolling_count(x, 50000000, 0)) FROM big', 0 ],
	[ 'rolling_sum over nvec, w = 20', 'SELECT length(rolling_sum(x::nvec, 20)) FROM big', 1 ],
	[ 'rolling_median, w = 1000', 'SELECT cardinality(rolling_median(x, 1000)) FROM big', 1 ],
	[ 'rolling_quantile over nvec, w = 1000', 'SELECT length(rolling_quantile(x::nvec, 1000, 0.9)) FROM big', 1 ],
	[ 'cumsum', 'SELECT cardinality(cumsum(x)) FROM big', 0 ],
	[ 'cumprod', 'SELECT cardinality(cumprod(x)) FROM big', 0 ],
	[ 'cummax', 'SELECT cardinality(cummax(x)) FROM big', 0 ],
	[ 'ema', 'SELECT cardinality(ema(x, 0.5)) FROM big', 0 ],
	[ 'fill_forward', 'SELECT cardinality(fill_forward(x)) FROM big', 0 ],
	[ 'shift, a lead', 'SELECT cardinality(shift(x, -1)) FROM big', 0 ],
	[ 'vsum', 'SELECT vsum(x) FROM big', 0 ],
	[ 'vstddev', 'SELECT vstddev(x) FROM big', 0 ],
	[ 'vmax', 'SELECT vmax(x) FROM big', 0 ],
	[ 'vdot', 'SELECT vdot(x, x) FROM big', 0 ],
	[ 'sum across 4 rows', 'SELECT cardinality(sum(x)) FROM big4', 1 ],
	[ 'avg across 4 rows', 'SELECT cardinality(avg(x)) FROM big4', 1 ],
	# variance's state, 24 bytes a position, holds 44 million positions at most
	[ 'variance across 4 rows of 40M', 'SELECT cardinality(variance(x)) FROM big4v', 1 ],
	[ 'stddev_pop across 4 rows of 40M', 'SELECT cardinality(stddev_pop(x)) FROM big4v', 1 ],
	[ 'max across 4 rows', 'SELECT length(max(x::nvec)) FROM big4', 1 ],);

for my $c (@cases)
{
	my ($what, $sql, $long) = @$c;
	my ($ms, $err) = timed($sql);
	my $cancelled = $err =~ /canceling statement due to statement timeout/;

	cmp_ok($ms, '<', $timeout_ms + $slack_ms,
		"$what: ends within 0.5 s of a timeout of $timeout_ms ms ("
		  . ($cancelled ? 'cancelled' : 'done') . " at $ms ms)");
	ok($cancelled, "$what: cancelled") if $long;
	unlike($err, qr/ERROR/, "$what: no other error")
	  unless $cancelled;
}

$node->stop;
done_testing();
