# src/tools/typedefs.list, the typedefs pgindent needs besides PostgreSQL's
# own, is what src/tools/typedefs.sh finds in the sources now: a type added,
# renamed or removed without 'make typedefs' fails here.
use strict;
use warnings;
use PostgreSQL::Test::Utils;
use Test::More;

my $top = $ENV{FK_TOP} // '.';
my $now = `cd '$top' && bash src/tools/typedefs.sh`;
is($?, 0, 'src/tools/typedefs.sh runs');
my $kept = slurp_file("$top/src/tools/typedefs.list");
my %now = map { $_ => 1 } split /\n/, $now;
my %kept = map { $_ => 1 } split /\n/, $kept;
my @missing = grep { !$kept{$_} } sort keys %now;
my @stale = grep { !$now{$_} } sort keys %kept;
is(scalar(@missing), 0, 'typedefs.list has every type the sources define')
  or diag("missing (run 'make typedefs'): @missing");
is(scalar(@stale), 0, 'typedefs.list has no type the sources no longer define')
  or diag("stale (run 'make typedefs'): @stale");
done_testing();
