# The installed nvec.h is enough for another extension to read nvec values:
# it is installed under the server's include directory and compiles with
# nothing but the server's headers.
use strict;
use warnings;
use IPC::Run;
use PostgreSQL::Test::Utils;
use Test::More;

my $inc = `pg_config --includedir-server`;
chomp $inc;
my $header = "$inc/extension/fusekern/nvec.h";
ok(-f $header, "nvec.h is installed as $header");

my $dir = PostgreSQL::Test::Utils::tempdir();
PostgreSQL::Test::Utils::append_to_file("$dir/reader.c", <<'C');
#include "postgres.h"
#include "extension/fusekern/nvec.h"

/*
 * What another extension does with an nvec: count its present elements,
 * after getting the plain form (the argument may be stored compressed)
 */
int			count_present(Datum d);
bool		is_compressed(Datum d);

int
count_present(Datum d)
{
	NVec	   *v = DatumGetNVecP(d);
	int			n = 0;

	for (int i = 0; i < v->len; i++)
		n += NVEC_IS_PRESENT(v, i) ? 1 : 0;
	return n;
}

/* The form a value is stored in, read from the header alone */
bool
is_compressed(Datum d)
{
	NVec	   *v = (NVec *) PG_DETOAST_DATUM_SLICE(d, 0, NVEC_HDRSZ);

	return NVEC_IS_COMPRESSED(v);
}

StaticAssertDecl(NVEC_HDRSZ == 16, "values start at byte 16");
StaticAssertDecl(NVEC_NWORDS(65) == 2, "64 elements per validity word");
C
my ($out, $err) = ('', '');
my $cc = `pg_config --cc`;
chomp $cc;
# the server's own headers: the same directory, except under 'make test',
# whose private installation copies none (the harness says where they are)
my @incs = ("-I$inc");
push @incs, "-I$ENV{FK_SERVER_INCLUDEDIR}" if $ENV{FK_SERVER_INCLUDEDIR};
my $ok = IPC::Run::run([ $cc, '-std=gnu99', '-Wall', '-Werror', '-fsyntax-only',
	@incs, "$dir/reader.c" ], '>', \$out, '2>', \$err);
ok($ok, 'a file including only postgres.h and nvec.h compiles') or diag($err);

done_testing();
