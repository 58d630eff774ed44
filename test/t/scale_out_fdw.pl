# fusekern across shards with postgres_fdw: a coordinator and two shard
# clusters, a table partitioned by hash on id whose partitions are foreign
# tables on the shards (servers with extensions 'fusekern' and
# async_capable).  Results equal a one-node copy of the same rows, and the
# plans show what ships to the shards (docs/scale-out.md quotes them).
use strict;
use warnings;
use FindBin;
use lib "$FindBin::RealBin/../perl";

use FkScaleOut;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $cols = $FkScaleOut::COLUMNS;
my $coord = PostgreSQL::Test::Cluster->new('fdw_coordinator');
my @shards = map { PostgreSQL::Test::Cluster->new("fdw_shard$_") } (1, 2);
for my $n ($coord, @shards)
{
	$n->init;
	$n->start;
	$n->safe_psql('postgres', 'CREATE EXTENSION fusekern');
}

# fdw_tuple_cost 0.2 (PostgreSQL 17's default; 15's is 0.01) makes fetching
# rows cost what it does, so that grouped aggregates push down on these
# small partitions as they do on large ones
$coord->safe_psql('postgres', qq{
CREATE EXTENSION postgres_fdw;
CREATE TABLE prices ($cols) PARTITION BY HASH (id);
CREATE TABLE prices_local ($cols);
});
for my $i (0, 1)
{
	my $s = $shards[$i];
	$s->safe_psql('postgres', "CREATE TABLE prices_p$i ($cols)");
	$coord->safe_psql('postgres', sprintf(q{
CREATE SERVER shard%d FOREIGN DATA WRAPPER postgres_fdw
	OPTIONS (host '%s', port '%d', dbname 'postgres', extensions 'fusekern',
			 async_capable 'true', fdw_tuple_cost '0.2');
CREATE USER MAPPING FOR CURRENT_USER SERVER shard%d;
CREATE FOREIGN TABLE prices_p%d PARTITION OF prices
	FOR VALUES WITH (MODULUS 2, REMAINDER %d)
	SERVER shard%d OPTIONS (table_name 'prices_p%d');
}, $i + 1, $s->host, $s->port, $i + 1, $i, $i, $i + 1, $i));
}

# The rows go to the local copy, and from there through the coordinator to
# the shards (each vector crosses the connection as text)
$coord->safe_psql('postgres', series_insert('prices_local'));
$coord->safe_psql('postgres', q{
INSERT INTO prices SELECT * FROM prices_local ORDER BY id, k;
ANALYZE prices_local;
ANALYZE prices;
});
my @on_shard = map { $shards[$_]->safe_psql('postgres', "SELECT count(*) FROM prices_p$_") } (0, 1);
ok($on_shard[0] > 0 && $on_shard[1] > 0 && $on_shard[0] + $on_shard[1] == 40,
	"the 40 rows are on the two shards (@on_shard)");

same_as_local($coord,
	'SELECT id, k, md5(array_send(px)), md5(nvec_send(pxn)), null_count(pxn) FROM %s ORDER BY id, k',
	'float8[] and nvec round-trip');

# Per-row calls, fused and unfused, on both types; a core aggregate over
# fusekern results and nvec_agg grouped by the partition key
same_as_local($coord, $_->[0], $_->[1]) for (
	[ 'SELECT id, k, dlog_scale_add(px, 1, 252, 0), dlog_scale_add(pxn, 1, 252, 0) FROM %s ORDER BY id, k',
	  'dlog_scale_add' ],
	[ 'SELECT id, k, scale_add(dlog(px, 1), 252, 0), scale_add(dlog(pxn, 1), 252, 0) FROM %s ORDER BY id, k',
	  'scale_add(dlog()) fused' ],
	[ 'SELECT id, k, ln(pxn), vsub(px, pxn) FROM %s WHERE null_count(pxn) > 12 ORDER BY id, k',
	  'per-row calls under a shipped WHERE' ],
	[ 'SELECT id, count(*), sum(array_length(dlog(px), 1)), nvec_agg(px[2] ORDER BY k) '
		  . 'FROM %s GROUP BY id ORDER BY id',
	  'core aggregates and nvec_agg by id' ]);

# What ships.  A per-row transform in the select list runs on the
# coordinator (PostgreSQL 15's postgres_fdw sends no expressions of a scan's
# output); the WHERE clause ships, and prunes to one partition
my $plan = plan_of($coord, 'SELECT id, scale_add(dlog(px, 1), 252, 0) FROM prices WHERE id = 3');
like($plan, qr/Output: prices\.id, fused_eval\('scale_add\(dlog\(v1, 1\), 252, 0\)'::text, prices\.px\)/,
	'the fused call runs on the coordinator, over the fetched column');
like($plan, qr/Remote SQL: SELECT id, px FROM public\.prices_p\d WHERE \(\(id = 3\)\)$/m,
	'the shard gets the column and the WHERE clause');
is(scalar(() = $plan =~ /Foreign Scan/g), 1, 'id = 3 prunes to one shard');

# A fusekern call in WHERE ships (the extension is listed and the function
# IMMUTABLE), the fused program included; both shards scan at once (async)
$plan = plan_of($coord,
	'SELECT id, k FROM prices WHERE null_count(pxn) > 12 AND (scale_add(dlog(px, 1), 252, 0))[2] > 0');
is(scalar(() = $plan =~ /Async Foreign Scan/g), 2, 'the two shards are scanned asynchronously');
is(scalar(() = $plan =~ /WHERE \(\(public\.null_count\(pxn\) > 12\)\) AND \(\(\(\(public\.fused_eval\('scale_add\(dlog\(v1, 1\), 252, 0\)'::text, px\)\)\[2\]\) > 0::double precision\)\)$/mg),
	2, 'the fused call and null_count in WHERE run on the shards') or diag($plan);
unlike($plan, qr/Filter:/, 'nothing is filtered on the coordinator');

# Without the extensions option, no fusekern call ships: the coordinator
# fetches every row and filters
$coord->safe_psql('postgres', 'ALTER SERVER shard1 OPTIONS (DROP extensions)');
$plan = plan_of($coord, 'SELECT id, k FROM prices WHERE null_count(pxn) > 12');
like($plan, qr/Filter: \(null_count\(prices_1\.pxn\) > 12\)\n\s+Remote SQL: SELECT id, k, pxn FROM public\.prices_p0$/m,
	'without extensions: shard 1 sends every row, the coordinator filters');
like($plan, qr/Remote SQL: SELECT id, k FROM public\.prices_p1 WHERE \(\(public\.null_count\(pxn\) > 12\)\)$/m,
	'shard 2, still listing fusekern, filters itself');
$coord->safe_psql('postgres', q{ALTER SERVER shard1 OPTIONS (ADD extensions 'fusekern')});

# Grouped by the partition key with enable_partitionwise_aggregate, whole
# aggregates ship, fusekern calls inside them and nvec_agg included
my $pwa = 'SET enable_partitionwise_aggregate = on;';
my $grouped = 'SELECT id, count(*), sum(array_length(dlog(px), 1)), nvec_agg(px[2] ORDER BY k) FROM prices GROUP BY id';
$plan = plan_of($coord, $grouped, $pwa);
is(scalar(() = $plan =~ /Relations: Aggregate on \(public\.prices_p\d prices(_1)?\)\n\s+Remote SQL: SELECT id, count\(\*\), sum\(array_length\(public\.dlog\(px, 1\), 1\)\), public\.nvec_agg\(\(px\[2\]\) ORDER BY k ASC NULLS LAST\) FROM public\.prices_p\d GROUP BY 1$/mg),
	2, 'partitionwise: each shard computes its groups');
$plan = plan_of($coord, $grouped);
unlike($plan, qr/GROUP BY|count\(\*\)\)? FROM public/, 'without partitionwise aggregation nothing aggregates remotely');

# Only IMMUTABLE functions ship: one row per group (id, k) ships, a STABLE
# function (pg_column_size) inside the aggregate keeps it on the coordinator
$plan = plan_of($coord, 'SELECT id, k, sum(array_length(dlog(px), 1)) FROM prices GROUP BY id, k', $pwa);
is(scalar(() = $plan =~ /Remote SQL: SELECT id, k, sum\(array_length\(public\.dlog\(px, 1\), 1\)\) FROM public\.prices_p\d GROUP BY 1, 2$/mg),
	2, 'partitionwise, one row per group: still computed on the shards') or diag($plan);
$plan = plan_of($coord, 'SELECT id, sum(pg_column_size(dlog(px))) FROM prices GROUP BY id', $pwa);
is(scalar(() = $plan =~ /Remote SQL: SELECT id, px FROM public\.prices_p\d( ORDER BY id ASC NULLS LAST)?$/mg), 2,
	'a STABLE function in the aggregate: the rows are fetched') or diag($plan);

# Not grouped by the key: PostgreSQL 15's postgres_fdw has no partial
# aggregate pushdown, so the rows come to the coordinator (which runs the
# partial aggregates itself when partitionwise aggregation is on)
for my $s ('', $pwa)
{
	$plan = plan_of($coord, 'SELECT count(*), sum(array_length(dlog(px), 1)) FROM prices', $s);
	is(scalar(() = $plan =~ /Remote SQL: SELECT px FROM public\.prices_p\d$/mg), 2,
		'an aggregate across all rows fetches the rows' . ($s ? ' (partitionwise on)' : ''));
}
like($plan, qr/Partial Aggregate\n\s+Output: PARTIAL count\(\*\), PARTIAL sum\(array_length\(dlog\(prices\.px, 1\), 1\)\)\n\s+->  Foreign Scan/,
	'partitionwise: the partial aggregate runs on the coordinator, over the foreign scan');

# Series operations of issue 12, where this build has them
SKIP:
{
	skip 'vmean(float8[]) is not installed (series reductions)', 4
	  unless have_function($coord, 'vmean(float8[])');
	same_as_local($coord,
		'SELECT id, k, vmean(dlog(px)), vmean(dlog(pxn)), vmean(scale_add(dlog(px, 1), 252, 0)) FROM %s ORDER BY id, k',
		'vmean(dlog(px)) per row');
	$plan = plan_of($coord, 'SELECT id, avg(vmean(dlog(px))) FROM prices GROUP BY id', $pwa);
	is(scalar(() = $plan =~ /Remote SQL: SELECT id, avg\(public\.fused_reduce\('vmean\(dlog\(v1, 1\)\)'::text, px\)\) FROM public\.prices_p\d GROUP BY 1$/mg),
		2, 'vmean(dlog(px)), fused into one call, ships inside a grouped aggregate');
	$plan = plan_of($coord, 'SELECT id, k FROM prices WHERE vmean(dlog(px)) > 0');
	is(scalar(() = $plan =~ /WHERE \(\(public\.fused_reduce\('vmean\(dlog\(v1, 1\)\)'::text, px\) > 0::double precision\)\)$/mg),
		2, 'vmean(dlog(px)), fused into one call, in WHERE runs on the shards');
}

SKIP:
{
	my @missing = grep { !have_function($coord, $_) } ('sum(nvec)', 'avg(nvec)', 'sum(float8[])', 'avg(float8[])');
	skip "@missing not installed (series aggregates)", 11 if @missing;

	# Prices are multiples of 1/64: their sums are exact in any order, so
	# the result cannot depend on which shard's rows arrive first
	same_as_local($coord, 'SELECT sum(pxn), avg(pxn), sum(px), avg(px) FROM %s', 'sum/avg across all rows');
	same_as_local($coord, 'SELECT id, sum(pxn), avg(pxn), sum(px), avg(px) FROM %s GROUP BY id ORDER BY id',
		'sum/avg by id');
	same_as_local($coord, "$pwa SELECT id, sum(dlog(pxn)), avg(dlog(px)) FROM %s GROUP BY id ORDER BY id",
		'sum/avg of log returns by id, on the shards (rows in the same order as one node)');
	$plan = plan_of($coord, 'SELECT id, sum(pxn), avg(px) FROM prices GROUP BY id', $pwa);
	is(scalar(() = $plan =~ /Remote SQL: SELECT id, public\.sum\(pxn\), public\.avg\(px\) FROM public\.prices_p\d GROUP BY 1$/mg),
		2, 'partitionwise: sum(nvec) and avg(float8[]) by id run on the shards');
	$plan = plan_of($coord, 'SELECT sum(pxn) FROM prices', $pwa);
	is(scalar(() = $plan =~ /Remote SQL: SELECT pxn FROM public\.prices_p\d$/mg), 2,
		'sum(nvec) across all rows fetches the rows');

	# Log returns are not exact: summed in another order (rows from the two
	# shards interleave), each position is within n * eps * sum |x| of one
	# node's, n = 40 rows; NULL positions are the same
	my ($sum_off, $avg_off, $npos, $nvalid) = log_return_sums_off_bound($coord);
	is($sum_off, 0, "sum of log returns across all rows: within the bound at all $npos positions");
	is($avg_off, 0, "avg of log returns across all rows: within the bound at all $npos positions");
	ok($nvalid > 100 && $nvalid < $npos, "the bound was checked on $nvalid valid positions, NULL ones too");
}

# The plans docs/scale-out.md shows are these
doc_plans_match($coord, 'postgres_fdw', {});

$_->stop for ($coord, @shards);
done_testing();
