# fusekern on Citus, where the citus extension is installed (it is not a
# Debian package: the test skips without it, or with FK_NO_CITUS=1): a
# coordinator and two workers, a distributed table with float8[] and nvec
# columns.  Fused calls run on the workers (the task queries name them),
# aggregates across rows run as partial aggregates on the workers combined
# on the coordinator, and results equal a one-node copy of the same rows.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::RealBin/../perl";

use FkScaleOut;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $coord = PostgreSQL::Test::Cluster->new('citus_coordinator');
$coord->init;
$coord->start;
my $citus = $coord->safe_psql('postgres',
	q{SELECT default_version FROM pg_available_extensions WHERE name = 'citus'});
$coord->stop;
plan skip_all => 'citus is not installed: pg_available_extensions has no citus '
  . '(make test-all builds Citus from ../shared/vendor: docs/scale-out.md)'
  if $citus eq '';
plan skip_all => "FK_NO_CITUS is set: citus $citus is installed but not used"
  if $ENV{FK_NO_CITUS};
note("citus $citus");

my $conf = q{
shared_preload_libraries = 'citus'
citus.node_conninfo = 'sslmode=prefer'
citus.shard_count = 4
max_connections = 50
};
my @workers = map { PostgreSQL::Test::Cluster->new("citus_worker$_") } (1, 2);
$_->init for @workers;
for my $n ($coord, @workers)
{
	$n->append_conf('postgresql.conf', $conf);
	$n->start;
	$n->safe_psql('postgres', 'CREATE EXTENSION citus');
}
$coord->safe_psql('postgres', sprintf(
	q{SELECT citus_set_coordinator_host('%s', %d)}, $coord->host, $coord->port));
$coord->safe_psql('postgres', sprintf(q{SELECT citus_add_node('%s', %d)}, $_->host, $_->port))
  for @workers;

# CREATE EXTENSION on the coordinator reaches the workers
$coord->safe_psql('postgres', 'CREATE EXTENSION fusekern');
is(join(',', map { $_->safe_psql('postgres',
	q{SELECT extversion FROM pg_extension WHERE extname = 'fusekern'}) } @workers),
	join(',', ($coord->safe_psql('postgres',
	q{SELECT extversion FROM pg_extension WHERE extname = 'fusekern'})) x 2),
	'fusekern is on every node');

my $cols = $FkScaleOut::COLUMNS;
$coord->safe_psql('postgres', qq{
CREATE TABLE prices_local ($cols);
CREATE TABLE prices ($cols);
SELECT create_distributed_table('prices', 'id');
});
$coord->safe_psql('postgres', series_insert('prices_local'));
$coord->safe_psql('postgres', 'INSERT INTO prices SELECT * FROM prices_local ORDER BY id, k');
my @on_worker = map { $_->safe_psql('postgres',
	q{SET citus.override_table_visibility = off;
	  DO $$
	  DECLARE
		rel regclass;
		n bigint;
		total bigint := 0;
	  BEGIN
		FOR rel IN SELECT oid FROM pg_class WHERE relname ~ '^prices_\d+$' AND relkind = 'r' LOOP
			EXECUTE format('SELECT count(*) FROM %s', rel) INTO n;
			total := total + n;
		END LOOP;
		PERFORM set_config('fk_test.shard_rows', total::text, false);
	  END $$;
	  SELECT current_setting('fk_test.shard_rows')}) } @workers;
ok($on_worker[0] > 0 && $on_worker[1] > 0 && $on_worker[0] + $on_worker[1] == 40,
	"the 40 rows are on the two workers (@on_worker)");

same_as_local($coord,
	'SELECT id, k, md5(array_send(px)), md5(nvec_send(pxn)), null_count(pxn) FROM %s ORDER BY id, k',
	'float8[] and nvec round-trip');
same_as_local($coord, $_->[0], $_->[1]) for (
	[ 'SELECT id, k, dlog_scale_add(px, 1, 252, 0), dlog_scale_add(pxn, 1, 252, 0) FROM %s ORDER BY id, k',
	  'dlog_scale_add' ],
	[ 'SELECT id, k, scale_add(dlog(px, 1), 252, 0), scale_add(dlog(pxn, 1), 252, 0) FROM %s ORDER BY id, k',
	  'scale_add(dlog()) fused' ],
	[ 'SELECT id, count(*), sum(array_length(dlog(px), 1)), nvec_agg(px[2] ORDER BY k) '
		  . 'FROM %s GROUP BY id ORDER BY id',
	  'core aggregates and nvec_agg by id' ],
	[ 'SELECT count(*), sum(array_length(dlog(px), 1)), sum(null_count(pxn)) FROM %s',
	  'core aggregates across all rows' ]);

# A fused call runs on the workers: named, it is in the task query; nested
# in a multi-shard query the coordinator fuses it and ships fused_eval; a
# router query (one shard) ships the call as written and the worker fuses it
my $plan = plan_of($coord, 'SELECT id, dlog_scale_add(px, 1, 252, 0) FROM prices');
like($plan, qr/Task Count: 4\n.*\n.*\n\s+Query: SELECT id, public\.dlog_scale_add\(px, 1, '252'::double precision, '0'::double precision\) AS dlog_scale_add FROM public\.prices_\d+ prices WHERE true$/m,
	'dlog_scale_add is in the task query of each of the 4 shards') or diag($plan);
$plan = plan_of($coord, 'SELECT id, scale_add(dlog(pxn, 1), 252, 0) FROM prices WHERE null_count(pxn) > 12');
like($plan, qr/Query: SELECT id, public\.fused_eval_nvec\('scale_add\(dlog\(v1, 1\), 252, 0\)'::text, pxn\) AS scale_add FROM public\.prices_\d+ prices WHERE \(public\.null_count\(pxn\) OPERATOR\(pg_catalog\.>\) 12\)$/m,
	'multi-shard: the fused program and the WHERE clause are in the task query') or diag($plan);
$plan = plan_of($coord, 'SELECT id, scale_add(dlog(px, 1), 252, 0) FROM prices WHERE id = 3');
like($plan, qr/Task Count: 1\n/, 'id = 3: one shard');
like($plan, qr/Query: SELECT id, public\.scale_add\(public\.dlog\(px, 1\), \(252\)::double precision, \(0\)::double precision\) AS scale_add FROM public\.prices_\d+ prices WHERE \(id OPERATOR\(pg_catalog\.=\) 3\)\n.*\n\s+->  Seq Scan on public\.prices_\d+ prices\n\s+Output: id, fused_eval\('scale_add\(dlog\(v1, 1\), 252, 0\)'::text, px\)$/m,
	'router query: the call as written goes to the worker, which fuses it') or diag($plan);

# Core aggregates across rows: partial on each shard, combined on the
# coordinator; grouped by the distribution column, whole on the workers
$plan = plan_of($coord, 'SELECT count(*), sum(array_length(dlog(px), 1)) FROM prices');
like($plan, qr/Output: COALESCE\(\(pg_catalog\.sum\(remote_scan\.count\)\)::bigint, '0'::bigint\), \(pg_catalog\.sum\(remote_scan\.sum\)\)::bigint\n/,
	'the coordinator adds up the partial counts and sums') or diag($plan);
like($plan, qr/Query: SELECT count\(\*\) AS count, sum\(array_length\(public\.dlog\(px, 1\), 1\)\) AS sum FROM public\.prices_\d+ prices WHERE true$/m,
	'each shard aggregates its rows');
$plan = plan_of($coord, 'SELECT id, nvec_agg(px[2] ORDER BY k) FROM prices GROUP BY id');
like($plan, qr/Query: SELECT id, public\.nvec_agg\(px\[2\] ORDER BY k\) AS nvec_agg FROM public\.prices_\d+ prices WHERE true GROUP BY id$/m,
	'grouped by the distribution column, nvec_agg runs on the shards') or diag($plan);

# Citus runs an aggregate through its combine function (worker_partial_agg
# on the workers, coord_combine_agg on the coordinator) only when it has one
# and its transition type is no pseudo-type such as internal (the state
# travels as text), and it has no ORDER BY; otherwise it goes by the
# aggregate's name (sum, avg, min, max, count, ...) or fetches the rows
sub citus_combines
{
	my ($agg) = @_;
	return $coord->safe_psql('postgres', qq{
SELECT a.aggcombinefn <> 0 AND t.typtype <> 'p'
FROM pg_aggregate a JOIN pg_type t ON t.oid = a.aggtranstype
WHERE a.aggfnoid = '$agg'::regprocedure}) eq 't';
}

$plan = plan_of($coord, 'SELECT nvec_agg(px[2]) FROM prices');
if (citus_combines('nvec_agg(float8)'))
{
	like($plan, qr/Query: SELECT worker_partial_agg\(.*nvec_agg.*px\[2\]\)/,
		'nvec_agg runs partially on the workers') or diag($plan);
}
else
{
	like($plan, qr/Output: nvec_agg\(remote_scan\.nvec_agg\)\n(.*\n){5}\s+Query: SELECT px\[2\] AS nvec_agg FROM public\.prices_\d+ prices WHERE true$/m,
		'nvec_agg (no combine function Citus can use): the coordinator aggregates the rows') or diag($plan);
}

SKIP:
{
	skip 'vmean(float8[]) is not installed (series reductions)', 3
	  unless have_function($coord, 'vmean(float8[])');
	same_as_local($coord,
		'SELECT id, k, vmean(dlog(px)), vmean(dlog(pxn)), vmean(scale_add(dlog(px, 1), 252, 0)) FROM %s ORDER BY id, k',
		'vmean(dlog(px)) per row');
	$plan = plan_of($coord, 'SELECT id, k, vmean(dlog(pxn)) FROM prices');
	like($plan, qr/Query: SELECT id, k, public\.fused_reduce\('vmean\(dlog\(v1, 1\)\)'::text, pxn\) AS vmean FROM public\.prices_\d+ prices WHERE true$/m,
		'vmean(dlog(pxn)), fused into one call on the coordinator, runs on the workers') or diag($plan);
}

SKIP:
{
	my @missing = grep { !have_function($coord, $_) }
	  ('sum(nvec)', 'avg(nvec)', 'sum(float8[])', 'avg(float8[])', 'min(nvec)', 'max(nvec)');
	skip "@missing not installed (series aggregates)", 13 if @missing;

	# Prices are multiples of 1/64: their sums are exact in any order, so
	# the result cannot depend on the order the shards' results combine in
	same_as_local($coord, 'SELECT sum(pxn), sum(px), min(pxn), max(pxn) FROM %s', 'sum/min/max across all rows');
	same_as_local($coord, 'SELECT id, sum(pxn), avg(pxn), sum(px), avg(px) FROM %s GROUP BY id ORDER BY id',
		'sum/avg by id');
	same_as_local($coord, 'SELECT id, sum(dlog(pxn)), avg(dlog(px)) FROM %s GROUP BY id ORDER BY id',
		'sum/avg of log returns by id');
	$plan = plan_of($coord, 'SELECT id, sum(pxn), avg(px) FROM prices GROUP BY id');
	like($plan, qr/Query: SELECT id, public\.sum\(pxn\) AS sum, public\.avg\(px\) AS avg FROM public\.prices_\d+ prices WHERE true GROUP BY id$/m,
		'grouped by the distribution column, sum and avg run whole on the workers') or diag($plan);
	my ($sum_off, $avg_off, $npos, $nvalid) = log_return_sums_off_bound($coord);
	is($sum_off, 0, "sum of log returns across all rows: within the bound at all $npos positions");
	ok($nvalid > 100 && $nvalid < $npos, "the bound was checked on $nvalid valid positions, NULL ones too");

	$plan = plan_of($coord, 'SELECT sum(pxn), avg(px) FROM prices');
	if (citus_combines('avg(nvec)'))
	{
		# sum keeps its internal state: by name, sum on each shard and sum
		# of those on the coordinator; avg's float8[] state goes through
		# its combine function (Citus 14 ships the partial states in binary:
		# worker_binary_partial_agg, coord_binary_combine_agg)
		like($plan, qr/Query: SELECT public\.sum\(pxn\) AS sum, worker_(?:binary_)?partial_agg\('public\.avg\(double precision\[\]\)'::regprocedure, px\) AS avg FROM/m,
			'the workers compute sum(nvec) and a partial state of avg(float8[])') or diag($plan);
		like($plan, qr/Output: sum\(remote_scan\.sum\), coord_(?:binary_)?combine_agg\('\d+'::oid, remote_scan\.avg, NULL::double precision\[\]\)\n/,
			'the coordinator adds up the sums and combines the states of avg') or diag($plan);
		same_as_local($coord, 'SELECT avg(pxn), avg(px) FROM %s', 'avg across all rows');
		is($avg_off, 0, "avg of log returns across all rows: within the bound at all $npos positions");
	}
	else
	{
		# By name: sum on each shard and sum of those on the coordinator
		# (the same result); avg rewritten as sum(x) / count(x), count of
		# rows: wrong at every position where some row has a NULL element
		like($plan, qr/Output: sum\(remote_scan\.sum\), \(sum\(remote_scan\.avg\) \/ \(pg_catalog\.sum\(remote_scan\.avg_1\)\)::double precision\)\n(.*\n){5}\s+Query: SELECT public\.sum\(pxn\) AS sum, public\.sum\(px\) AS avg, count\(px\) AS avg FROM public\.prices_\d+ prices WHERE true$/m,
			'internal state: sum by name on the workers, avg rewritten as sum / count of rows') or diag($plan);
		isnt($coord->safe_psql('postgres', 'SELECT avg(pxn) FROM prices'),
			$coord->safe_psql('postgres', 'SELECT avg(pxn) FROM prices_local'),
			'so avg(nvec) across shards differs from one node where elements are NULL (docs/scale-out.md)');
		# what the page advises instead: the rows to the coordinator
		same_as_local($coord, 'WITH r AS MATERIALIZED (SELECT pxn, px FROM %s) SELECT avg(pxn), avg(px) FROM r',
			'avg across all rows over a materialized CTE');
	}
}

# The plans docs/scale-out.md shows are these, the workers' addresses
# written as the page writes them
doc_plans_match($coord, 'Citus',
	{ map { ('host=' . $workers[$_]->host . ' port=' . $workers[$_]->port) => 'host=worker' . ($_ + 1) . ' port=5432' } 0, 1 });

$_->stop for ($coord, @workers);
done_testing();
