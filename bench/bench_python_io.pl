# The Python package's reading and writing of 1,000 series x 10,000 values
# (bench/python_io.py) against a throwaway cluster, run by hand:
#   bench/run_cluster_bench.sh bench/bench_python_io.pl
# FK_BENCH_ROUNDS (default 3) rounds of every variant; FK_BENCH_STORAGE the
# columns' storage, external (default) or extended; FK_BENCH_MALLOC=kept runs
# Python with glibc keeping freed memory (GLIBC_TUNABLES, as in
# docs/performance.md "What bounds it"); FK_PYTHON names the
# interpreter (default /usr/bin/python3, Debian's, with its NumPy and
# psycopg); the package is taken from python/ of this tree.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use FkBench;
use IPC::Run;
use PostgreSQL::Test::Cluster;
use Test::More;

my $top = $ENV{FK_TOP} // "$FindBin::RealBin/..";
my $rounds = $ENV{FK_BENCH_ROUNDS} // 3;
my $storage = $ENV{FK_BENCH_STORAGE} // 'external';
my $python = $ENV{FK_PYTHON} // '/usr/bin/python3';
my $node = bench_cluster('pyio', "shared_buffers = 512MB\njit = off\nmax_parallel_workers_per_gather = 0\n");
$node->safe_psql('postgres', 'CREATE EXTENSION fusekern');

local $ENV{PGHOST} = $node->host;
local $ENV{PGPORT} = $node->port;
local $ENV{PGDATABASE} = 'postgres';
local $ENV{PYTHONPATH} = "$top/python";
local $ENV{PYTHONDONTWRITEBYTECODE} = 1;
local $ENV{GLIBC_TUNABLES} =
  'glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=1073741824'
  if ($ENV{FK_BENCH_MALLOC} // '') eq 'kept';
my ($out, $err) = ('', '');
my $ok = IPC::Run::run([ $python, "$top/bench/python_io.py", $rounds, $storage ],
	'>', \$out, '2>', \$err);
diag("bench: malloc " . (($ENV{FK_BENCH_MALLOC} // '') eq 'kept' ? 'kept (GLIBC_TUNABLES)' : 'as is'));
diag("bench: $_") for split /\n/, $out;
diag($err) if $err ne '';
ok($ok, 'benchmark ran, every array read and written checked against the data');
$node->stop;
done_testing();
