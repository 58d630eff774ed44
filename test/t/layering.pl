# The layout of src/ holds its rules (src/README.md), read from the
# includes and, where the objects are built in the tree, the calls
# (src/tools/structure.pl draws the same graph):
#   - no circle of files but the nvec type with its compressed form and its
#     checks, and no circle of folders
#   - core/ and device/ include no server header (every quoted include is
#     a file of src/)
#   - only fuse/ includes fuse/pg_fuse_exec.h, the lowered fused program
#   - worker/ includes nothing of dense/
#   - every .c under src/ is built (named as an object by the build files)
use strict;
use warnings;
use File::Basename qw(dirname);
use PostgreSQL::Test::Utils;
use Test::More;

my $top = $ENV{FK_TOP} // '.';
require "$top/src/tools/structure.pl";

my ($g, $objects) = Structure::graph($top);
my ($floor, $circles) = Structure::floors($g);
my %allowed = map { $_ => 1 } qw(src/nvec/pg_nvec.c src/nvec/pg_nvec_alp.c src/nvec/pg_nvec_check.c);
my @bad = grep { grep { !$allowed{$_} } @$_ } @$circles;
is(scalar(@bad), 0, 'no circle of files but the nvec type and its compressed form')
  or diag(join("\n", map { 'circle: ' . join(' <-> ', @$_) } @bad));
ok($objects > 40, "the calls were read from $objects objects")
  or diag('build in the tree first (make)');
my (undef, $fcircles) = Structure::floors(Structure::folders($g));
is(scalar(@$fcircles), 0, 'no circle of folders')
  or diag(join("\n", map { 'folder circle: ' . join(' <-> ', @$_) } @$fcircles));

my (@server, @lowered, @worker);
for my $f (Structure::files($top))
{
	my $dir = Structure::folder_of($f);
	open my $fh, '<', "$top/$f" or die "$f: $!";
	my @quoted = map { /^\s*#\s*include\s+"([^"]+)"/ ? $1 : () } <$fh>;
	close $fh;
	my @ours = Structure::includes($top, $f);
	if ($dir eq 'core' || $dir eq 'device')
	{
		push @server, "$f: $_" for grep {
			my $h = $_;
			!grep { $_ eq "src/$h" || $_ eq dirname($f) . "/$h" } @ours
		} @quoted;
	}
	push @lowered, $f if $dir ne 'fuse' && grep { $_ eq 'src/fuse/pg_fuse_exec.h' } @ours;
	push @worker, "$f: $_" for $dir eq 'worker' ? grep { m{^src/dense/} } @ours : ();
}
is(scalar(@server), 0, 'core/ and device/ include no server header') or diag(join("\n", @server));
is(scalar(@lowered), 0, 'only fuse/ includes the lowered fused program') or diag(join("\n", @lowered));
is(scalar(@worker), 0, 'worker/ includes nothing of dense/') or diag(join("\n", @worker));

# every .c is an object of the build files (or the SQL generator's source)
my $build = join("\n", map { slurp_file($_) } glob("$top/Makefile $top/mk/*.mk"));
my @unbuilt = grep {
	(my $o = $_) =~ s/\.c$/.o/;
	$_ ne 'src/tools/gen_sql.c' && index($build, $o) < 0
} grep { /\.c$/ } Structure::files($top);
is(scalar(@unbuilt), 0, 'every .c under src/ is built') or diag(join("\n", @unbuilt));

done_testing();
