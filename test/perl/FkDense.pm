# Shared by the tests of the executor (test/t/dense_worker.pl,
# test/t/dense_crash.pl): the counters of fusekern_executor_stats, a query
# started in the background, and a layer whose result is known exactly.
package FkDense;

use strict;
use warnings;
use Exporter 'import';
use IPC::Run;

our @EXPORT = qw(executor_stats start_query layer_ok_function);

# The counters of fusekern_executor_stats on $node as a hash (the bytes of
# the staging area in use as in_use)
sub executor_stats
{
	my ($node) = @_;
	my @cols = qw(requests offloaded fallbacks errors cancelled busy no_shmem restarts);
	my $row = $node->safe_psql('postgres',
		'SELECT ' . join(', ', @cols) . ', staging_in_use FROM fusekern_executor_stats');
	my %s;
	@s{ @cols, 'in_use' } = split /\|/, $row;
	return \%s;
}

# Start $sql on $node in the background; returns the run handle and its
# outputs
sub start_query
{
	my ($node, $sql) = @_;
	my ($out, $err) = ('', '');
	my $h = IPC::Run::start(
		[ 'psql', '-XAtq', '-v', 'ON_ERROR_STOP=1', '-d', $node->connstr('postgres'), '-c', $sql ],
		'<', \undef, '>', \$out, '2>', \$err);
	return ($h, \$out, \$err);
}

# CREATE FUNCTION layer_ok(j int): an m x k by k x n linear_residual_relu of
# small integers (bias $bias, an SQL float8[] of j and c over
# generate_series(1, n) c, or a literal), compared with the same sum in SQL
sub layer_ok_function
{
	my ($m, $k, $n, $bias) = @_;
	return qq{
CREATE FUNCTION layer_ok(j int) RETURNS bool LANGUAGE sql AS \$\$
  WITH d AS (
    SELECT (SELECT array_agg(r) FROM (SELECT array_agg(((j + i * 7 + c * 3) % 11) - 5)::float8[] AS r
            FROM generate_series(1, $m) i, generate_series(1, $k) c GROUP BY i ORDER BY i) s) AS x,
           (SELECT array_agg(r) FROM (SELECT array_agg(((i * 5 + c + j) % 7) - 3)::float8[] AS r
            FROM generate_series(1, $k) i, generate_series(1, $n) c GROUP BY i ORDER BY i) s) AS w,
           $bias AS b,
           (SELECT array_agg(r) FROM (SELECT array_agg(((i + c * j) % 9) - 4)::float8[] AS r
            FROM generate_series(1, $m) i, generate_series(1, $n) c GROUP BY i ORDER BY i) s) AS res)
  SELECT linear_residual_relu(x, w, b, res) =
         (SELECT array_agg(r) FROM (
            SELECT array_agg(greatest(0, (SELECT sum(x[i][p] * w[p][c]) FROM generate_series(1, $k) p)
                                         + res[i][c] + b[c]) ORDER BY c)::float8[] AS r
            FROM generate_series(1, $m) i, generate_series(1, $n) c GROUP BY i ORDER BY i) s)
  FROM d
\$\$;
};
}

1;
