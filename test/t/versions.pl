# One version everywhere it is written: default_version of fusekern.control
# is the Makefile's EXTVERSION, the upstream part of debian/changelog's
# newest entry, and, in semantic-version form (0.4 is 0.4.0, as PGXN's
# META spec asks), the version of META.json and of the extension it
# provides; README.md's install commands name the .deb and the archive of
# those versions.  META.json also has what PGXN's spec v1.0.0 requires.
use strict;
use warnings;
use JSON::PP;
use Test::More;

my $top = $ENV{FK_TOP} // '.';

sub slurp
{
	my ($path) = @_;
	open my $fh, '<', "$top/$path" or die "$top/$path: $!";
	local $/;
	return <$fh>;
}

my ($version) = slurp('fusekern.control') =~ /^default_version\s*=\s*'([^']+)'/m;
ok(defined $version, "fusekern.control has a default_version");
$version //= '';
my $semver = $version =~ /^\d+\.\d+$/ ? "$version.0" : $version;

my ($extversion) = slurp('Makefile') =~ /^EXTVERSION\s*=\s*(\S+)/m;
is($extversion, $version, "the Makefile's EXTVERSION is default_version");

my ($debian) = slurp('debian/changelog') =~ /^fusekern \(([^)]+)\)/;
my $upstream = ($debian // '') =~ s/-[^-]+$//r;
is($upstream, $version, "debian/changelog's newest entry ($debian) is of default_version");

my $meta = JSON::PP->new->decode(slurp('META.json'));
is($meta->{version}, $semver, "META.json's version is default_version ($semver)");
is($meta->{provides}{fusekern}{version}, $semver,
	"META.json provides fusekern at default_version");
for my $key (qw(name abstract version maintainer license provides meta-spec))
{
	ok(defined $meta->{$key}, "META.json has $key");
}
is($meta->{'meta-spec'}{version}, '1.0.0', "META.json follows the spec v1.0.0");
# README.md's install commands name the files these versions give
my $readme = slurp('README.md');
my $deb_file = "postgresql-15-fusekern_${debian}_amd64.deb";
ok(index($readme, $deb_file) >= 0, "README.md names the package $deb_file");
ok(index($readme, "fusekern-$version.zip") >= 0, "README.md names the archive fusekern-$version.zip");

for my $f (map { $_->{file}, $_->{docfile} // () } values %{ $meta->{provides} })
{
	ok(-f "$top/$f", "META.json names $f, which exists");
}

done_testing();
