# fusekern.cuda = on where the worker finds no GPU executor (no device, or
# the CUDA module not built): layers are answered by the CPU path, and each
# is counted as a fallback.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('dense_nogpu');
$node->init;
$node->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'fusekern'
fusekern.cuda = on
fusekern.cuda_device = 0
fusekern.cuda_min_flops = 0
});
$node->start;
$node->safe_psql('postgres', 'CREATE EXTENSION fusekern');

# The worker either serves a GPU or has logged why not and exited
my $why;
for (1 .. 100)
{
	my $log = slurp_file($node->logfile);
	($why) = $log =~ /(fusekern dense executor (?:has no GPU|cannot load)[^\n]*)/;
	last if $why || $log =~ /fusekern dense executor ready/;
	usleep(100_000);
}
SKIP:
{
	skip 'a GPU executor is present', 4 unless $why;
	pass("without a GPU the worker says why: $why");
	is($node->safe_psql('postgres', 'SELECT worker_pid IS NULL AND executor IS NULL FROM fusekern_executor_stats'),
		't', 'no worker is advertised');
	is($node->safe_psql('postgres',
		q{SELECT linear_residual_relu('{{1,2},{3,4}}', '{{1,0},{0,-1}}', '{0.5,0.5}', '{{0,0},{0,10}}')::text}),
		'{{1.5,0},{3.5,6.5}}', 'the CPU path answers');
	is($node->safe_psql('postgres', 'SELECT requests, offloaded, fallbacks, errors FROM fusekern_executor_stats'),
		'1|0|1|0', 'the request is counted as a fallback');
}
$node->stop;

# A device that is neither "cpu" nor an ordinal is refused (as for any
# extension's setting read at load time: a warning, and the default stays)
$node->append_conf('postgresql.conf', "fusekern.cuda_device = 'gpu0'\n");
$node->start;
like(slurp_file($node->logfile), qr/invalid value for parameter "fusekern.cuda_device": "gpu0"/,
	'fusekern.cuda_device = gpu0 is refused');
is($node->safe_psql('postgres', 'SHOW fusekern.cuda_device'), '0', '... and the default stays');
$node->stop;
done_testing();

sub usleep { select(undef, undef, undef, $_[0] / 1e6) }
