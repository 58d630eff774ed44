# Every file the sources, the docs and the build name exists: a path with a
# folder (src/fuse/pg_fuse_exec.c, test/t/upgrade.pl, docs/nvec.md) names a
# file of the tree, and a bare name of one of our files (pg_fuse_exec.c,
# vecview.h) names one that is still there, so that no move or rename
# leaves a stale name behind.  PostgreSQL's own files (parse_func.c,
# detoast.c ...) and Citus's named in comments are listed below; the
# shipped install and upgrade scripts are kept as released.
use strict;
use warnings;
use PostgreSQL::Test::Utils;
use Test::More;

my $top = $ENV{FK_TOP} // '.';
chdir $top or die "$top: $!";
my @tracked = grep { -f $_ } split /\n/, `git -c safe.directory='*' ls-files 2>/dev/null`;
plan skip_all => 'not a git checkout' unless @tracked;

my %exists = map { $_ => 1 } @tracked;
my %base;
for (@tracked) { (my $b = $_) =~ s{.*/}{}; $base{$b} = 1; }
# files the build makes, and PostgreSQL's, SLEEF's and the C library's
# files that comments and docs name
my %outside = map { $_ => 1 } qw(
  fusekern--0.5.sql compile_commands.json regression.diffs regression.out
  postgres.h fmgr.h funcapi.h miscadmin.h pgstat.h postgres_fe.h
  parse_func.c parse_target.c parse_coerce.c detoast.c heaptuple.c
  nbtinsert.c execExprInterp.c arrayfuncs.c float.c numeric.c
  pg_dump.c tablesync.c worker.c proto.c copyfrom.c copyto.c
  pgxs.mk Makefile.global guc.c clauses.c planner.c plancat.c
  bgworker.c dsm.c shmem.c ipc.c postmaster.c fd.c
  sleef.h sleefinline_avx2.h immintrin.h cpuid.h cblas.h
  src/include/pg_version_compat.h
);
# and the files the build makes that .gitignore names one by one
if (open my $gi, '<', '.gitignore')
{
	while (<$gi>)
	{
		$outside{$1} = 1 if m{^/([\w./-]+)$};
	}
	close $gi;
}
my (@stale, %seen);
for my $f (@tracked)
{
	# the shipped scripts are kept as released
	next if $f =~ m{\.(png|gz|zip|out|bin)$} || $f =~ m{^fusekern--[\d.-]+\.sql$};
	next if $f =~ m{^test/fuzz/corpus/};
	open my $fh, '<', $f or next;
	my $n = 0;
	while (my $line = <$fh>)
	{
		$n++;
		# a path with a folder under one of ours
		while ($line =~ m{(?<![\w./\$-])((?:src|test|docs|bench|sql|expected|debian|mk|python)/[\w./-]*\w\.(?:c|h|cu|sql|pl|pm|sh|md|mk|py|out|conf))\b}g)
		{
			my $p = $1;
			next if $exists{$p} || -e $p || $outside{$p};
			next if $p =~ m{/[A-Z][A-Z_.]*\.\w+$};	# a placeholder (bench/SCRIPT.pl)
			push @stale, "$f:$n: $p" unless $seen{"$f $p"}++;
		}
		# a bare name of a C file or header that looks like ours
		while ($line =~ m{(?<![\w./-])((?:pg_|fk_|worker|vecview|nvec|fusekern)[\w]*\.[ch])\b}g)
		{
			my $b = $1;
			next if $base{$b} || $outside{$b};
			push @stale, "$f:$n: $b" unless $seen{"$f $b"}++;
		}
	}
	close $fh;
}
is(scalar(@stale), 0, 'no stale file name in the sources, docs and build files')
  or diag(join("\n", @stale[0 .. ($#stale < 60 ? $#stale : 59)]));
done_testing();
