# sum() across rows of long vectors, in parallel: a worker's partial state
# travels to the leader as a bytea, which holds at most 1 GB.  Two rows of
# 70,000,001 elements with a NULL at the same position (element 1, shift's
# lag; the rest are 1 and 2): with 8-byte NULL counts a state took
# 1,120,000,036 bytes and failed; it takes an nvec's room now (sums and one
# bit a position).  A thousand rows without a vector between them put the
# two in different workers, most likely.  (Kept out of pg_regress, which
# runs many times in CI: this one writes and reads values of 560 MB.)
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('series_agg_huge');
$node->init;
$node->start;

$node->safe_psql('postgres', q{
CREATE EXTENSION fusekern;
CREATE TABLE xr_huge (id int, v nvec COMPRESSION lz4);
ALTER TABLE xr_huge SET (parallel_workers = 2);
INSERT INTO xr_huge
	SELECT 1, shift(array_fill(1::float8, ARRAY[70000001])::nvec, 1);
INSERT INTO xr_huge SELECT g, NULL FROM generate_series(2, 1001) g;
INSERT INTO xr_huge SELECT 1002, v * 2 FROM xr_huge WHERE id = 1;
ANALYZE xr_huge;
});

my $parallel = q{
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
SET parallel_leader_participation = off;
};
my $summary = q{length(s) || ',' || (s[1] IS NULL) || ',' || s[2] || ',' ||
	s[70000001] || ',' || vsum(s) || ',' || vcount(s)};

like($node->safe_psql('postgres', $parallel . 'EXPLAIN (COSTS OFF) SELECT sum(v) FROM xr_huge'),
	qr/Finalize Aggregate\n\s+->  Gather\n\s+Workers Planned: 2\n\s+->  Partial Aggregate/,
	'the sum across rows is planned with two workers');
my $par = $node->safe_psql('postgres',
	$parallel . "SELECT $summary FROM (SELECT sum(v) AS s FROM xr_huge) q");
is($par, '70000001,true,3,3,210000000,70000000',
	'partial states of 70,000,001 elements combine into the sum');
my $serial = $node->safe_psql('postgres',
	"SET max_parallel_workers_per_gather = 0; SELECT $summary FROM (SELECT sum(v) AS s FROM xr_huge) q");
is($serial, $par, 'the parallel sum is the serial one');

$node->stop;
done_testing();
