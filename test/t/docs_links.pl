# Every relative link of README.md, docs/*.md and bench/results/*.md leads
# somewhere: the file or folder it names exists, and where it names an
# anchor of a markdown page (page.md#anchor, or #anchor on the same page)
# that page has a heading whose anchor it is.
#
# Anchors are derived from headings as GitHub derives them: the heading's
# text as rendered (code spans, links and emphasis reduced to their text),
# lower-cased, with every character removed that is not a letter, a mark,
# a decimal or letter number, '_', '-' or a space, each space then made a
# '-'; a heading whose anchor an earlier heading of the page already has
# gets -1, -2, ... appended.  An explicit <a id="..."> or <a name="...">
# is an anchor too.  Links with a scheme (https:, mailto:) are not
# checked, nor is anything inside code (fenced blocks, indented blocks,
# code spans).
#
# Runs without a server: perl test/t/docs_links.pl (or prove).
use strict;
use warnings;
use utf8;
use Cwd qw(abs_path);
use File::Basename qw(dirname);
use Test::More;

binmode(Test::More->builder->$_, ':encoding(UTF-8)')
  for qw(output failure_output todo_output);

my $top = $ENV{FK_TOP} // '.';
my @pages = grep { -f $_ } ("$top/README.md", sort(glob("$top/docs/*.md")),
	sort(glob("$top/bench/results/*.md")));

sub read_page
{
	my ($path) = @_;
	open my $fh, '<:encoding(UTF-8)', $path or die "$path: $!";
	local $/;
	my $text = <$fh>;
	close $fh;
	return $text;
}

# The page's lines outside fenced and indented code blocks, as
# [line number, text]
sub prose_lines
{
	my ($text) = @_;
	my @out;
	my ($fence, $prev_blank, $n) = (undef, 1, 0);
	for my $l (split /\n/, $text, -1)
	{
		$n++;
		if (defined $fence)
		{
			$fence = undef if $l =~ /^\s{0,3}\Q$fence\E\s*$/;
			next;
		}
		if ($l =~ /^\s{0,3}(`{3,}|~{3,})/)
		{
			$fence = $1;
			next;
		}
		# An indented block starts after a blank line (list items'
		# continuation lines are indented too, but follow text)
		if ($prev_blank && $l =~ /^(?: {4}|\t)/)
		{
			next;
		}
		$prev_blank = $l =~ /^\s*$/;
		push @out, [ $n, $l ];
	}
	return @out;
}

# A heading's text as rendered
sub rendered
{
	my ($t) = @_;
	$t =~ s/\s+#+\s*$//;                         # closing hashes
	$t =~ s/!?\[([^\]]*)\]\([^)]*\)/$1/g;          # links and images
	$t =~ s/`+([^`]*)`+/$1/g;                      # code spans
	$t =~ s/<[^>]+>//g;                            # HTML tags
	$t =~ s/(\*{1,3}|(?<![\p{L}\p{N}])_{1,3}(?=\S)|(?<=\S)_{1,3}(?![\p{L}\p{N}]))//g;
	return $t;
}

sub slug
{
	my ($t) = @_;
	$t = lc rendered($t);
	$t =~ s/^\s+|\s+$//g;
	$t =~ s/[^\p{Alphabetic}\p{L}\p{M}\p{Nd}\p{Nl}\p{Pc} \-]//g;
	$t =~ s/ /-/g;
	return $t;
}

# The anchors of a page
my %anchors_of;
sub anchors
{
	my ($path) = @_;
	return $anchors_of{$path} if $anchors_of{$path};
	my (%seen, %anchors);
	for my $pl (prose_lines(read_page($path)))
	{
		my $l = $pl->[1];
		$anchors{$1} = 1 while $l =~ /<a\s+(?:id|name)="([^"]+)"/g;
		next unless $l =~ /^\s{0,3}#{1,6}\s+(.*?)\s*$/;
		my $base = slug($1);
		my $s = $base;
		$s = $base . '-' . $seen{$base} if $seen{$base};
		$seen{$base}++;
		$anchors{$s} = 1;
	}
	return $anchors_of{$path} = \%anchors;
}

my ($links, @broken) = (0);
for my $page (@pages)
{
	my $name = $page =~ s{^\Q$top\E/}{}r;
	my $dir = dirname($page);
	for my $pl (prose_lines(read_page($page)))
	{
		my ($n, $l) = @$pl;
		$l =~ s/(`+)(?:(?!\1).)+\1//g;             # code spans
		while ($l =~ /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)
		{
			my $target = $1;
			next if $target =~ /^[a-z][a-z0-9+.-]*:/i;
			$links++;
			my ($file, $anchor) = $target =~ /^([^#]*)(?:#(.*))?$/;
			$file =~ s/%([0-9A-Fa-f]{2})/chr(hex($1))/ge;
			my $path = $file eq '' ? $page : "$dir/$file";
			if (!-e $path)
			{
				push @broken, "$name:$n: $target: no file $file";
				next;
			}
			next unless defined $anchor && $anchor ne '';
			next unless $path =~ /\.md$/ && -f $path;
			utf8::decode($anchor) unless utf8::is_utf8($anchor);
			$anchor =~ s/%([0-9A-Fa-f]{2})/chr(hex($1))/ge;
			push @broken, "$name:$n: $target: no anchor #$anchor in "
			  . ($file eq '' ? 'this page' : $file)
			  unless anchors($path)->{$anchor};
		}
	}
}

cmp_ok($links, '>', 0, "relative links found in " . scalar(@pages) . " pages");
is(scalar(@broken), 0, 'every relative link leads to a file and anchor that exist')
  or diag(join("\n", @broken));
done_testing();
