# The upgrade path: every earlier release, installed as shipped and updated
# with ALTER EXTENSION fusekern UPDATE, leaves the same catalog as a fresh
# install of the current version (functions, operators, types, casts,
# aggregates, operator classes, views, comments, support functions).
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $top = $ENV{FK_TOP} // '.';
my $snapshot = slurp_file("$top/test/catalog_snapshot.sql");

my $node = PostgreSQL::Test::Cluster->new('upgrade');
$node->init;
$node->start;

my $current = $node->safe_psql('postgres',
	q{SELECT default_version FROM pg_available_extensions WHERE name = 'fusekern'});
my @versions = split /\n/, $node->safe_psql('postgres',
	q{SELECT version FROM pg_available_extension_versions
	  WHERE name = 'fusekern' ORDER BY string_to_array(version, '.')::int[]});
ok(scalar(grep { $_ eq '0.1' } @versions), 'release 0.1 is installable');

$node->safe_psql('postgres', 'CREATE DATABASE fresh');
$node->safe_psql('fresh', 'CREATE EXTENSION fusekern');
my $want = $node->safe_psql('fresh', $snapshot);
ok(length($want) > 1000, 'the snapshot of a fresh install lists the extension');

for my $v (grep { $_ ne $current } @versions)
{
	my $db = "from_$v";
	$db =~ s/\./_/g;
	$node->safe_psql('postgres', "CREATE DATABASE $db");
	$node->safe_psql($db, "CREATE EXTENSION fusekern VERSION '$v'");
	$node->safe_psql($db, 'ALTER EXTENSION fusekern UPDATE');
	is($node->safe_psql($db, q{SELECT extversion FROM pg_extension WHERE extname = 'fusekern'}),
		$current, "$v updates to $current");
	my $got = $node->safe_psql($db, $snapshot);
	my @diff = diff_lines($want, $got);
	is(scalar(@diff), 0, "$v updated to $current has the catalog of a fresh $current")
	  or diag(join("\n", @diff[0 .. ($#diff < 40 ? $#diff : 39)]));
}
$node->stop;
done_testing();

# Lines of one snapshot missing from the other, marked - (fresh) and + (updated)
sub diff_lines
{
	my ($a, $b) = @_;
	my (%in_a, %in_b);
	$in_a{$_}++ for split /\n/, $a;
	$in_b{$_}++ for split /\n/, $b;
	my @out;
	push @out, "- $_" for grep { ($in_b{$_} // 0) != $in_a{$_} } sort keys %in_a;
	push @out, "+ $_" for grep { !exists $in_a{$_} } sort keys %in_b;
	return @out;
}
