# The documentation's examples run and print what the documentation shows.
#
# Every ```sql block of README.md and docs/*.md is run, each page top to
# bottom in one psql session on a fresh database of its own (nothing
# installed: a page creates the extension and the tables it uses), and
# what psql prints (stdout and stderr, as psql -X without -q prints them)
# is compared with the ```text block that follows.  The format is
# described in docs/README.md.  One test per block; a failing block prints
# a unified diff (- shown in the docs, + printed now).
#
# FK_DOCS_ACCEPT=1 also writes each page with the outputs printed now to
# $TESTDIR/docs-accepted/ (TESTDIR: tmp_check/tap under 'make test'), to be
# reviewed and copied over the page.
use strict;
use warnings;
use File::Basename;
use File::Path qw(make_path);
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $top = $ENV{FK_TOP} // '.';
my @pages = grep { -f $_ } ("$top/README.md", sort glob("$top/docs/*.md"));

# Trailing blanks and blank lines at either end are not significant
sub normalise
{
	my ($text) = @_;
	my @lines = map { s/\s+$//r } split /\n/, $text, -1;
	shift @lines while @lines && $lines[0] eq '';
	pop @lines while @lines && $lines[-1] eq '';
	return join("\n", @lines) . (@lines ? "\n" : '');
}

# The page's blocks: { line, sql, out (undef: no output block), out_from,
# out_to (line indexes of the output block's body) }; and format errors
sub parse_page
{
	my ($lines) = @_;
	my (@blocks, @errors);
	my $i = 0;
	while ($i < @$lines)
	{
		my $l = $lines->[$i];
		if ($l !~ /^```(\S*)\s*(.*)$/)
		{
			$i++;
			next;
		}
		my ($lang, $info) = ($1, $2);
		my $start = $i;
		my $end = $i + 1;
		$end++ while $end < @$lines && $lines->[$end] !~ /^```\s*$/;
		if ($end >= @$lines)
		{
			push @errors, "line " . ($start + 1) . ": fence never closed";
			last;
		}
		$i = $end + 1;
		next unless $lang eq 'sql' && $info !~ /\bnorun\b/;

		my %b = (
			line => $start + 1,
			sql => join("\n", @{$lines}[ $start + 1 .. $end - 1 ]) . "\n");
		my $j = $i;
		$j++ while $j < @$lines && $lines->[$j] =~ /^\s*$/;
		if ($j < @$lines && $lines->[$j] =~ /^```text\s*$/)
		{
			my $k = $j + 1;
			$k++ while $k < @$lines && $lines->[$k] !~ /^```\s*$/;
			$b{out} = join("\n", @{$lines}[ $j + 1 .. $k - 1 ]) . "\n";
			@b{qw(out_from out_to)} = ($j + 1, $k - 1);
			$i = $k + 1;
		}
		push @blocks, \%b;
	}
	return (\@blocks, \@errors);
}

# Run the blocks in one psql session; what each printed, in order
sub run_blocks
{
	my ($node, $db, $blocks) = @_;
	my $script = '';
	for my $n (0 .. $#$blocks)
	{
		$script .= "\\echo '<<<fk-docs-block $n>>>'\n$blocks->[$n]{sql}";
	}
	$script .= "\n\\echo '<<<fk-docs-block end>>>'\n";
	my $out = '';
	IPC::Run::run([ 'psql', '-X', '-d', $node->connstr($db) ],
		'<', \$script, '>&', \$out);
	my @printed;
	while ($out =~ /<<<fk-docs-block (\d+)>>>\n(.*?)(?=<<<fk-docs-block )/sg)
	{
		$printed[$1] = $2;
	}
	return \@printed;
}

# A unified diff of two texts, for the failure's diagnostics
sub diff_text
{
	my ($want, $got) = @_;
	my $dir = PostgreSQL::Test::Utils::tempdir();
	PostgreSQL::Test::Utils::append_to_file("$dir/shown", $want);
	PostgreSQL::Test::Utils::append_to_file("$dir/printed", $got);
	my ($diff, $err) = ('', '');
	IPC::Run::run([ 'diff', '-u', '--label', 'shown in the docs',
		'--label', 'printed now', "$dir/shown", "$dir/printed" ],
		'>', \$diff, '2>', \$err);
	return $diff;
}

my $node = PostgreSQL::Test::Cluster->new('docs_examples');
$node->init;
$node->start;

my $dbn = 0;
for my $page (@pages)
{
	my $name = $page =~ s{^\Q$top\E/}{}r;
	my @lines = split /\n/, slurp_file($page), -1;
	my ($blocks, $errors) = parse_page(\@lines);
	fail("$name: $_") for @$errors;
	next unless @$blocks;

	my $db = 'docs_' . $dbn++;
	$node->safe_psql('postgres', "CREATE DATABASE $db");
	my $printed = run_blocks($node, $db, $blocks);
	for my $n (0 .. $#$blocks)
	{
		my $b = $blocks->[$n];
		my $got = normalise($printed->[$n] // "(the session ended before this block)\n");
		my $what = "$name line $b->{line}";
		if (!defined $b->{out})
		{
			fail("$what: a ```sql block needs a ```text block after it "
				  . "(or mark it ```sql norun)");
			diag("it prints:\n$got");
			next;
		}
		my $want = normalise($b->{out});
		ok($got eq $want, "$what prints what the docs show")
		  or diag("$what:\n" . diff_text($want, $got));
		if ($ENV{FK_DOCS_ACCEPT} && $got ne $want)
		{
			splice(@lines, $b->{out_from}, $b->{out_to} - $b->{out_from} + 1,
				split(/\n/, $got));
			# later blocks moved by the change in length
			my $shift = scalar(split /\n/, $got) - ($b->{out_to} - $b->{out_from} + 1);
			for my $later (@$blocks[ $n + 1 .. $#$blocks ])
			{
				$later->{$_} += $shift for grep { defined $later->{$_} } qw(out_from out_to);
			}
		}
	}
	if ($ENV{FK_DOCS_ACCEPT})
	{
		my $dir = "$PostgreSQL::Test::Utils::tmp_check/docs-accepted";
		make_path($dir);
		open my $fh, '>', "$dir/" . basename($page) or die "$dir: $!";
		print $fh join("\n", @lines);
		close $fh;
		note("wrote $dir/" . basename($page));
	}
}

$node->stop;
done_testing();
