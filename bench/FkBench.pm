# Helpers of the benchmark scripts (bench/*.pl): medians, SQL quoting, CPU
# time of a process, and the time of a query run by the server itself.
package FkBench;

use strict;
use warnings;
use Exporter 'import';
use POSIX qw(sysconf _SC_CLK_TCK);

our @EXPORT = qw(median sql_quote cpu_of bench_ms);

my $tck = sysconf(_SC_CLK_TCK);

# The median of a list of numbers (the upper one of an even count)
sub median
{
	my @v = sort { $a <=> $b } @_;
	return $v[ $#v / 2 ];
}

# A string as an SQL literal
sub sql_quote
{
	my ($s) = @_;
	$s =~ s/'/''/g;
	return "'$s'";
}

# CPU seconds (user + system) process $pid has used
sub cpu_of
{
	my ($pid) = @_;
	open(my $f, '<', "/proc/$pid/stat") or die $!;
	my @f = split / /, (<$f> =~ s/^.*\) //r);
	close($f);
	return ($f[11] + $f[12]) / $tck;
}

# Milliseconds per run of query $q, $n runs, timed by bench_ms() on $node
# (a function the script creates), rounded to microseconds
sub bench_ms
{
	my ($node, $q, $n) = @_;
	return $node->safe_psql('postgres',
		'SELECT round(bench_ms(' . sql_quote($q) . ", $n)::numeric, 3)");
}

1;
