# The device process (fusekern_executor) checks the CUDA module's interface
# version before it calls anything in it: a module of another version is refused with a line
# in the server log, one of this version is used.  Stand-in modules (plain C,
# no CUDA) are put where the worker looks, so no GPU or nvcc is needed.
use strict;
use warnings;
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $pkglibdir = `pg_config --pkglibdir`;
chomp $pkglibdir;
my $module = "$pkglibdir/fusekern_cuda.so";
plan skip_all => "a CUDA module is installed in $pkglibdir: not replacing it"
  if -e $module;
plan skip_all => "$pkglibdir is not writable here" unless -w $pkglibdir;

my $abi = do
{
	my $h = slurp_file(($ENV{FK_TOP} // '.') . '/src/cuda/fk_cuda.h');
	$h =~ /#define FK_CUDA_ABI_VERSION (\d+)/ or die 'no FK_CUDA_ABI_VERSION';
	$1;
};

# A stand-in module exporting interface version $version; its open fails
# with a message naming that version, so the log shows it was called
sub build_module
{
	my ($version) = @_;
	my $dir = PostgreSQL::Test::Utils::tempdir();
	PostgreSQL::Test::Utils::append_to_file("$dir/stub.c", <<"C");
#include <stdio.h>
#include <stddef.h>
const int fk_cuda_abi_version = $version;
int fk_cuda_open(int device, char *name, size_t namelen, char *err, size_t errlen)
{
	snprintf(err, errlen, "stand-in module of version %d opened", $version);
	return -1;
}
int fk_cuda_layer(const void *layer, int path, void *progress, void *arg, char *err, size_t errlen) { return -1; }
int fk_cuda_register_host(void *ptr, size_t len, char *err, size_t errlen) { return -1; }
int fk_cuda_unregister_host(void *ptr, char *err, size_t errlen) { return -1; }
C
	my $cc = `pg_config --cc`;
	chomp $cc;
	my ($out, $err) = ('', '');
	IPC::Run::run([ $cc, '-shared', '-fPIC', '-o', $module, "$dir/stub.c" ],
		'>', \$out, '2>', \$err)
	  or die "cannot build the stand-in module: $err";
}

my $node = PostgreSQL::Test::Cluster->new('cuda_abi');
$node->init;
$node->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'fusekern'
fusekern.cuda = on
fusekern.cuda_device = 0
});

for my $case ([ $abi + 1, 'another version' ], [ $abi, 'this version' ])
{
	my ($version, $what) = @$case;
	build_module($version);
	my $offset = -s $node->logfile // 0;
	$node->start;
	my $refused = qr/fusekern dense executor refuses ".*fusekern_cuda\.so": interface version $version, expected $abi/;
	my $opened = qr/stand-in module of version $version opened/;
	$node->wait_for_log(qr/$refused|$opened/, $offset);
	my $logged = slurp_file($node->logfile, $offset);
	if ($version == $abi)
	{
		ok($logged =~ $opened && $logged !~ $refused, "a module of $what is used");
	}
	else
	{
		ok($logged =~ $refused && $logged !~ $opened,
			"a module of $what is refused before any call, with a log line");
	}
	# either way no executor serves, and layers run on the backend's CPU
	$node->safe_psql('postgres', 'CREATE EXTENSION IF NOT EXISTS fusekern');
	is($node->safe_psql('postgres',
		q{SELECT matmul('{{1,2}}', '{{3},{4}}')::text}), '{{11}}',
		"with a module of $what, layers still run");
	$node->stop;
}
unlink $module;

done_testing();
