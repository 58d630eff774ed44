# Shared by the scale-out tests (test/t/scale_out_*.pl): the series they
# load, the comparison of a distributed table with its one-node copy, the
# checks for functions a build may not have, the bound on sums across rows
# and the check of the plans docs/scale-out.md shows.
package FkScaleOut;

use strict;
use warnings;
use Exporter 'import';
use IPC::Run;
use PostgreSQL::Test::Utils;
use Test::More;

our @EXPORT = qw(series_insert same_as_local have_function plan_of log_return_sums_off_bound
  doc_plans_match);

# The columns every scale-out table has: an instrument (the distribution
# key), a row number within it, and one vector as float8[] and as nvec
our $COLUMNS = 'id int, k int, px float8[], pxn nvec';

# INSERT of 8 instruments x 5 rows of 130-element price series into $table.
# Prices are multiples of 1/64 near 100, so sums across rows are exact in
# any order (and results of sum/avg do not depend on the order rows arrive
# in from the shards).  NULL elements: position 100 in every row (an
# all-NULL position across rows), positions 63 and 64 (a validity-word
# boundary) in every row k = 2, one element in 11 elsewhere; the row
# (8, 5) is NULL as a whole.
sub series_insert
{
	my ($table) = @_;
	return qq{
INSERT INTO $table (id, k, px, pxn)
SELECT id, k, v, v::nvec
FROM (SELECT id, k,
			 CASE WHEN id = 8 AND k = 5 THEN NULL
			 ELSE ARRAY(SELECT CASE WHEN i = 100 OR (i IN (63, 64) AND k = 2)
										 OR (id * 3 + k * 5 + i) % 11 = 0 THEN NULL
									ELSE round((100 + 8 * sin(id * 1.3 + k * 0.7 + i * 0.05)) * 64) / 64
							   END
						FROM generate_series(1, 130) i) END AS v
	  FROM generate_series(1, 8) id, generate_series(1, 5) k) s
ORDER BY id, k};
}

# The query $fmt (one %s for the table) on the distributed table and on
# its one-node copy prices_local prints the same text (float8 and nvec
# print shortest-exact, so equal text is equal bits)
sub same_as_local
{
	my ($node, $fmt, $name) = @_;
	my $got = $node->safe_psql('postgres', sprintf($fmt, 'prices'));
	my $want = $node->safe_psql('postgres', sprintf($fmt, 'prices_local'));
	ok(length($want) > 0, "$name: the one-node query returns rows");
	return is($got, $want, "$name: distributed equals one node");
}

# Does the function (a regprocedure signature) exist?
sub have_function
{
	my ($node, $sig) = @_;
	return $node->safe_psql('postgres', "SELECT to_regprocedure('$sig') IS NOT NULL") eq 't';
}

# EXPLAIN (VERBOSE, COSTS OFF) of a query, after the given settings
sub plan_of
{
	my ($node, $sql, $settings) = @_;
	$settings //= '';
	return $node->safe_psql('postgres', "$settings EXPLAIN (VERBOSE, COSTS OFF) $sql");
}

# sum and avg of the log returns dlog(pxn) across all rows of prices and of
# prices_local, position by position: the counts of positions where the
# sums, and where the averages, differ by more than n * eps * sum |x| (n =
# 40 rows: two orders of recursive summation differ by at most (n - 1) *
# eps * sum |x|; the averages by that over the count) or where one is NULL
# and the other not; then the count of positions and of valid ones
sub log_return_sums_off_bound
{
	my ($node) = @_;
	return split /\|/, $node->safe_psql('postgres', q{
WITH d AS (SELECT sum(dlog(pxn)) AS s, avg(dlog(pxn)) AS a FROM prices),
	 l AS (SELECT sum(dlog(pxn)) AS s, avg(dlog(pxn)) AS a FROM prices_local),
	 m AS (SELECT o, sum(abs(x)) AS abssum, count(x) AS n
		   FROM prices_local, unnest(dlog(px)) WITH ORDINALITY u(x, o) GROUP BY o),
	 c AS (SELECT m.o, ds, ls, da, la, abssum, n
		   FROM d, l, m, unnest(d.s::float8[], l.s::float8[], d.a::float8[], l.a::float8[])
				WITH ORDINALITY u(ds, ls, da, la, o) WHERE u.o = m.o)
SELECT count(*) FILTER (WHERE (ds IS NULL) <> (ls IS NULL)
						   OR abs(ds - ls) > 40 * 2.220446049250313e-16 * abssum),
	   count(*) FILTER (WHERE (da IS NULL) <> (la IS NULL)
						   OR abs(da - la) > 40 * 2.220446049250313e-16 * abssum / n),
	   count(*), count(ds)
FROM c});
}

# The plans docs/scale-out.md shows in its section $section ("Citus",
# "postgres_fdw") are the plans the node prints now.  Each ```sql norun
# block followed by a ```text block runs, in order and in one session (the
# others, the setup, do not); the plan psql prints, without its header and
# row count, with the replacements of %$subst applied (node addresses
# written as the page writes them), must be the text block.
sub doc_plans_match
{
	my ($node, $section, $subst) = @_;
	my $top = $ENV{FK_TOP} // '.';
	my $page = slurp_file("$top/docs/scale-out.md");
	my ($body) = $page =~ /^## \Q$section\E\n(.*?)(?=^## )/ms
	  or die "docs/scale-out.md has no section $section";
	# a block fenced "text pgNN" is the plan of servers from NN on, in
	# place of the plan shown before it
	my $major = int($node->safe_psql('postgres', 'SHOW server_version_num') / 10000);
	my (@blocks, $sql, $text, $in, $since);
	for my $line (split /\n/, $body)
	{
		if (defined $in)
		{
			if ($line =~ /^```\s*$/)
			{
				if ($in eq 'sql') { $sql = $text; }
				elsif (defined $since)
				{
					$blocks[-1][1] = $text if @blocks && $major >= $since;
				}
				else { push @blocks, [ $sql, $text ] if defined $sql; undef $sql; }
				undef $in;
			}
			else { $text .= "$line\n"; }
		}
		elsif ($line =~ /^```(sql norun|text)(?: pg(\d+))?\s*$/)
		{
			$in = $1 eq 'text' ? 'text' : 'sql';
			$since = $2;
			undef $sql if $in eq 'sql';
			$text = '';
		}
		elsif ($line =~ /\S/) { undef $sql; }
	}
	ok(@blocks > 3, "docs/scale-out.md, $section: " . scalar(@blocks) . ' plans shown');
	my $script = join('', map { "\\echo '<<<block $_>>>'\n$blocks[$_][0]" } 0 .. $#blocks)
	  . "\\echo '<<<block end>>>'\n";
	my $out = '';
	IPC::Run::run([ 'psql', '-X', '-d', $node->connstr('postgres') ], '<', \$script, '>&', \$out);
	for my $n (0 .. $#blocks)
	{
		my ($printed) = $out =~ /<<<block $n>>>\n(.*?)<<<block /s;
		$printed //= $out;
		# the plan: the lines after the header's dashes, up to "(N rows)"
		my ($plan) = $printed =~ /^-+\n(.*?)^\(\d+ rows?\)\n/ms;
		$plan //= $printed;
		$plan =~ s/\s+$//mg;
		while (my ($from, $to) = each %$subst)
		{
			$plan =~ s/\Q$from\E/$to/g;
		}
		my $want = $blocks[$n][1] =~ s/\s+$//mgr;
		# Citus numbers subplans per session
		s/(Distributed Subplan |read_intermediate_result\(')\d+_\d+/${1}N_N/g for ($plan, $want);
		# and names an aggregate it combines by its OID, which depends on
		# the objects made before it
		s/'\d+'::oid/'N'::oid/g for ($plan, $want);
		my $sql = join(' ', grep { !/^(SET|RESET|ALTER)\b/ } split /\n/, $blocks[$n][0]);
		is($plan, $want, "docs/scale-out.md, $section: the plan of $sql");
	}
	return;
}

1;
