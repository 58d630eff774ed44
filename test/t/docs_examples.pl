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
# Then every page runs again, all of them in one psql session on one
# database, in the order a reader meets them: README.md, then the pages of
# its list under "## Documentation".  That database holds the extension
# before the first page, as the one of 'make psql' does, so a page's
# CREATE EXTENSION IF NOT EXISTS prints a NOTICE that it skips; that line
# is the only difference from the page allowed there.  A page that reuses
# another's table, or whose examples depend on what an earlier page left,
# fails there.  So does a page that creates an object of the same name as
# another page's, checked from the text of the examples beforehand, and a
# page with examples that the list leaves out.
#
# FK_DOCS_ACCEPT=1 also writes each page with the outputs printed now (on
# its own database) to $TESTDIR/docs-accepted/ (TESTDIR: tmp_check/tap under
# 'make test'), to be reviewed and copied over the page.
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

# The pages in the order a reader meets them: README.md, then the pages
# of its list under "## Documentation", in that order
sub reading_order
{
	my @order = ('README.md');
	my $in_list = 0;
	for my $l (split /\n/, slurp_file("$top/README.md"))
	{
		if ($l =~ /^#+\s/)
		{
			$in_list = $l =~ /^##\s+Documentation\s*$/;
			next;
		}
		push @order, $1
		  if $in_list && $l =~ m{^\s*[-*]\s+\[[^\]]*\]\((docs/[^)#\s]+\.md)[)#]};
	}
	return @order;
}

# The names of the objects an example creates (tables, views, functions,
# types, ...), lower-cased as the server folds them; not the extension,
# which every page creates
sub created_names
{
	my ($sql) = @_;
	$sql =~ s/--[^\n]*//g;
	my @names;
	while ($sql =~ /\bCREATE\s+(?:OR\s+REPLACE\s+)?(?:(?:TEMP|TEMPORARY|UNLOGGED|MATERIALIZED|UNIQUE)\s+)*
			(TABLE|VIEW|FUNCTION|PROCEDURE|AGGREGATE|TYPE|DOMAIN|SEQUENCE|INDEX|SCHEMA|OPERATOR|ROLE)\s+
			(?:IF\s+NOT\s+EXISTS\s+)?("[^"]+"|[^\s(;]+)/gix)
	{
		my ($kind, $name) = (uc $1, $2);
		next if $kind eq 'INDEX' && uc $name eq 'ON';    # an index left unnamed
		push @names, $name =~ /^"(.*)"$/ ? $1 : lc $name;
	}
	return @names;
}

# Compare what block $b printed ($got) with $want; $what names the test
sub check_block
{
	my ($what, $got, $want) = @_;
	ok($got eq $want, "$what prints what the docs show")
	  or diag("$what:\n" . diff_text($want, $got));
	return $got eq $want;
}

# Every page, parsed: name => { path, lines, blocks }
my %page;
for my $path (@pages)
{
	my $name = $path =~ s{^\Q$top\E/}{}r;
	my @lines = split /\n/, slurp_file($path), -1;
	my ($blocks, $errors) = parse_page(\@lines);
	fail("$name: $_") for @$errors;
	$page{$name} = { path => $path, lines => \@lines, blocks => $blocks };
}
my @with_examples = grep { @{ $page{$_}{blocks} } } map { s{^\Q$top\E/}{}r } @pages;

# No two pages create an object of the same name: the pages run one after
# another in one session, as a reader pastes them into 'make psql'
my %creators;
for my $name (@with_examples)
{
	for my $b (@{ $page{$name}{blocks} })
	{
		$creators{$_}{$name} = 1 for created_names($b->{sql});
	}
}
my @shared = grep { keys %{ $creators{$_} } > 1 } sort keys %creators;
is(join("\n", map { "$_: " . join(', ', sort keys %{ $creators{$_} }) } @shared),
	'', 'no two pages create an object of the same name');

# Every page with examples is in README's list, and the list names pages
# that exist
my @order = reading_order();
my %listed = map { $_ => 1 } @order;
is(join(', ', grep { !$listed{$_} } @with_examples),
	'', "every page with examples is in README.md's list under \"## Documentation\"");
is(join(', ', grep { !$page{$_} } @order),
	'', "the pages README.md's list names exist");

my $node = PostgreSQL::Test::Cluster->new('docs_examples');
$node->init;
$node->start;

# Each page on a fresh database of its own
my $dbn = 0;
for my $name (@with_examples)
{
	my ($blocks, $lines) = @{ $page{$name} }{qw(blocks lines)};
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
		check_block($what, $got, $want);
		if ($ENV{FK_DOCS_ACCEPT} && $got ne $want)
		{
			splice(@$lines, $b->{out_from}, $b->{out_to} - $b->{out_from} + 1,
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
		open my $fh, '>', "$dir/" . basename($page{$name}{path}) or die "$dir: $!";
		print $fh join("\n", @$lines);
		close $fh;
		note("wrote $dir/" . basename($page{$name}{path}));
	}
}

# Every page again, all in one session on one database, in the reader's
# order; the database holds the extension already, as 'make psql''s does
# (it runs CREATE EXTENSION IF NOT EXISTS with client_min_messages =
# warning before the reader's session starts)
$node->safe_psql('postgres', 'CREATE DATABASE docs_session');
$node->safe_psql('docs_session',
	'SET client_min_messages = warning; CREATE EXTENSION IF NOT EXISTS fusekern');
my @session = grep { $page{$_} && @{ $page{$_}{blocks} } } @order;
note('one session: ' . join(', ', @session));
my @all = map {
	my $name = $_;
	map { { %$_, page => $name } } grep { defined $_->{out} } @{ $page{$name}{blocks} }
} @session;
my $printed = run_blocks($node, 'docs_session', \@all);
my $skip_notice = qq{NOTICE:  extension "fusekern" already exists, skipping};
for my $n (0 .. $#all)
{
	my $b = $all[$n];
	my $got = normalise($printed->[$n] // "(the session ended before this block)\n");
	my $want = normalise($b->{out});
	# the extension exists: CREATE EXTENSION IF NOT EXISTS says it skips
	$want =~ s/^(?=CREATE EXTENSION$)/$skip_notice\n/m
	  if $b->{sql} =~ /^\s*CREATE\s+EXTENSION\s+IF\s+NOT\s+EXISTS\s+fusekern\s*;/mi;
	check_block("one session, $b->{page} line $b->{line} (after the pages before it)",
		$got, $want);
}

$node->stop;
done_testing();
