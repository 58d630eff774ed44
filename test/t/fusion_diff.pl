# Differential test of fusion: random expression trees of fusekern
# operations, evaluated with fusekern.enable_fusion on and off, must give the
# same result bytes (the binary form: every float8's bits, a NaN's sign and
# payload included, and the NULLs) and the same errors (SQLSTATE and message).
#
# Trees go up to depth 6 and mix functions and operators, scalars on either
# side, constant and column scalars and lags (lags past a block, past the
# end, negative), and run on rows with NULL elements at word and block
# boundaries, NaN of both signs, +-Infinity, -0, extreme magnitudes, empty
# vectors, a NULL
# vector and vectors of different lengths, over float8[] and nvec, on every
# SIMD path the machine has (fusekern.simd).  Half the trees draw the
# on_error of each operation that can fault ('error' written or not, 'null',
# or a column holding 'null', which does not fuse), so operations of both
# modes mix in one tree; the others leave every operation at 'error'.
#
# A second family of trees (issue 13) mixes the series operations in:
# running (cumsum, cumprod, cummax, cummin, ema, shift both ways,
# fill_forward, fill_null), rolling (sum, mean, min, max, stddev, count,
# quantile, with
# and without min_count, windows past a block) and, at the root of some trees
# or as a scalar argument, reductions (vsum, vmean, vstddev, vvar, vmin, vmax,
# vcount, vprod, vargmin, vargmax, and of two trees vdot, vcov, vcov_pop,
# vcorr), between elementwise and lagged operations (log10 and
# clip too).  They run on rows of 1023, 1024 and 1025 elements (the edges of
# FK_FUSE_BLOCK) and on a long row whose domain faults (negative numbers,
# zeros, overflowing magnitudes) lie past the first block, so that an error
# raised by a blocked pass must still be the one the unfused calls raise.
# A few fixed trees (the benchmark pipelines, and any difference the random
# trees ever found) run on every row.  Any difference fails, that of the
# error raised by a tree holding two faults too (SQLSTATE and message): the
# inputs of a fused call are evaluated before its program, so the planner
# keeps out of a program what may fault before an input that may
# (pg_fuse_order.c).  Every difference is written to fusion_diff.txt in the
# test's directory.
#
# A third family runs target lists of 2 to 4 reductions over trees that
# share a subtree and their inputs, which fusion evaluates in one pass (one
# group, docs/fusion.md): every value, NULL and error must be that of the
# separate calls unfused, the error raised first in target-list order.
#
# A fourth family runs trees that use reductions as scalars, of the same
# subtree the tree reads ((s - vmean(s)) / vstddev(s), s / vsum(s) ...),
# of a column, or of another tree, of one vector or two (vcov(s, y) ...),
# alone or under core's float8 arithmetic (s - vmax(s) * 2, sqrt(vvar(s)),
# vmin(s) / vmax(s) ...): fusion computes those over vectors the program
# reads in a first phase of the fused call, the others stay inputs; every
# value, NULL and error must be that of the unfused spelling, the error the
# first in the unfused order whichever phase or the arithmetic meets a
# fault.
#
# The seed is fixed (printed); FK_FUSION_SEED overrides it, FK_FUSION_TREES
# the number of series trees, FK_FUSION_GROUPS that of target lists,
# FK_FUSION_SCALARS that of trees using reductions as scalars.
use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $nelem = 3000;
my $nseries = $ENV{FK_FUSION_TREES} // 10000;
my $ngroups = $ENV{FK_FUSION_GROUPS} // 1000;
my $nscalars = $ENV{FK_FUSION_SCALARS} // 1000;
my $ntrees = $nelem + $nseries + $ngroups + $nscalars;
my $seed = $ENV{FK_FUSION_SEED} // 4242;
srand($seed);
note("seed $seed (FK_FUSION_SEED overrides)");

my $node = PostgreSQL::Test::Cluster->new('fusion_diff');
$node->init;
$node->start;
$node->safe_psql('postgres', 'CREATE EXTENSION fusekern');
if ($node->safe_psql('postgres',
		"SELECT to_regprocedure('dlog(float8[], integer)') IS NULL") eq 't')
{
	$node->stop;
	plan skip_all => 'the elementwise functions are not built into this tree';
}

# --- data ------------------------------------------------------------------

my @specials = ('NaN', '-NaN', 'Infinity', '-Infinity', '-0', '0', '-1', '-2.5',
	'1e300', '1e-300', '5e-324', '1e308', '700', '-750', '1', '0.5');

# An array literal of n elements drawn by $gen->(i)
sub literal
{
	my ($n, $gen) = @_;
	return "'{" . join(',', map { $gen->($_) } 0 .. $n - 1) . "}'";
}

sub clean { return sprintf('%.17g', 0.5 + rand(4)); }

sub with_nulls
{
	my ($i) = @_;
	return 'NULL'
	  if $i == 63 || $i == 64 || $i == 1023 || $i == 1024 || rand() < 0.1;
	return clean();
}

sub special
{
	my $r = rand();
	return 'NULL' if $r < 0.1;
	return $specials[ int(rand(@specials)) ] if $r < 0.6;
	return clean();
}

# Mostly clean, NULLs at the word and block edges, some specials
sub edges
{
	my ($i) = @_;
	return 'NULL'
	  if $i == 0 || $i == 63 || $i == 64 || $i == 1022 || $i == 1023 || $i == 1024;
	my $r = rand();
	return 'NULL' if $r < 0.05;
	return $specials[ int(rand(@specials)) ] if $r < 0.06;
	return clean();
}

# Clean for the first block and a little more, then NULLs and rare faults
sub late_faults
{
	my ($i) = @_;
	return 'NULL' if $i == 1024 || $i == 1025;
	return clean() if $i < 1030;
	my $r = rand();
	return 'NULL' if $r < 0.05;
	return $specials[ int(rand(@specials)) ] if $r < 0.058;
	return clean();
}

# rows: id => [x, y, z, a, l]
my %rows = (
	1 => [ (map { literal(2100, \&clean) } 1 .. 3), '1.5', '1' ],
	2 => [ (map { literal(2100, \&with_nulls) } 1 .. 3), '-2', '64' ],
	3 => [ (map { literal(70, \&special) } 1 .. 3), "'NaN'", '3' ],
	4 => [ "'{}'", "'{}'", "'{}'", '1', '1' ],
	5 => [ 'NULL', literal(5, \&clean), literal(5, \&clean), '1', 'NULL' ],
	6 => [ (map { literal(1, \&clean) } 1 .. 3), 'NULL', '0' ],
	7 => [
		literal(130, \&clean), literal(129, \&clean),
		literal(130, \&clean), '2', '1'
	],
	8 => [ (map { literal(1500, \&with_nulls) } 1 .. 3), '0.25', '1100' ],
	9 => [ (map { literal(1023, \&edges) } 1 .. 3), '0.5', '20' ],
	10 => [ (map { literal(1024, \&edges) } 1 .. 3), '3', '1024' ],
	11 => [ (map { literal(1025, \&edges) } 1 .. 3), '-1', '2' ],
	12 => [ (map { literal(2100, \&late_faults) } 1 .. 3), '2', '65' ],);

my $setup = "CREATE TABLE fd (id int, x float8[], y float8[], z float8[], a float8, l int, m text);\n";
for my $id (sort { $a <=> $b } keys %rows)
{
	my ($x, $y, $z, $a, $l) = @{ $rows{$id} };
	$setup .= "INSERT INTO fd VALUES ($id, $x, $y, $z, $a, $l, 'null');\n";
}
$setup .= "CREATE TABLE fdn AS SELECT id, x::nvec AS x, y::nvec AS y, z::nvec AS z, a, l, m FROM fd;\n";
$setup .= q{
CREATE FUNCTION fk_bits(v float8[]) RETURNS text LANGUAGE sql IMMUTABLE
	AS $$ SELECT encode(array_send(v), 'hex') $$;
CREATE FUNCTION fk_bits(v nvec) RETURNS text LANGUAGE sql IMMUTABLE
	AS $$ SELECT encode(nvec_send(v), 'hex') $$;
CREATE FUNCTION fk_bits(v float8) RETURNS text LANGUAGE sql IMMUTABLE
	AS $$ SELECT encode(float8send(v), 'hex') $$;
CREATE FUNCTION fk_bits(v bigint) RETURNS text LANGUAGE sql IMMUTABLE
	AS $$ SELECT v::text $$;
CREATE FUNCTION fk_bits(v integer) RETURNS text LANGUAGE sql IMMUTABLE
	AS $$ SELECT v::text $$;
CREATE FUNCTION fk_try(q text, rowid int, simd text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	r text;
BEGIN
	PERFORM set_config('fusekern.simd', simd, true);
	EXECUTE q INTO r USING rowid;
	RETURN coalesce(md5(r), 'NULL');
EXCEPTION WHEN others THEN
	RETURN 'ERROR ' || SQLSTATE || ' ' || SQLERRM;
END
$$;
CREATE FUNCTION fk_fused(q text,
	pat text DEFAULT '(fused_[a-z_]+\(''|dlog_scale_add|ln_scale_add|sub_mul_add)') RETURNS bool
LANGUAGE plpgsql AS $$
DECLARE
	line text;
BEGIN
	FOR line IN EXECUTE 'EXPLAIN (VERBOSE, COSTS OFF) ' || replace(q, '$1', '1') LOOP
		IF line ~ pat THEN
			RETURN true;
		END IF;
	END LOOP;
	RETURN false;
END
$$;
CREATE TABLE trees (i int, q text, dom text, simd text, nops int, kind text, rowids int[]);
};
$node->safe_psql('postgres', $setup);

# every SIMD path this machine has, one after the other over the trees
my @simd = grep {
	$node->psql('postgres', "SET fusekern.simd = '$_'") == 0
} ('scalar', 'avx2', 'avx512');
note('SIMD paths: ' . join(', ', @simd));

# --- trees -----------------------------------------------------------------

my @consts = ('0', '-0', '1', '2.5', '-3', '252', '1e-300', '1e300', 'NaN',
	'Infinity', '-Infinity', '0.5');
my @lags = ('0', '1', '2', '63', '64', '65', '1024', '1500', '5000', '-1');
my $nops;
my $mixed;	# draw on_error per operation in this tree

# The on_error argument of one call (with its comma), or '' for none
sub mode
{
	return '' if !$mixed;
	my $r = rand();
	return ", 'null'" if $r < 0.45;
	return ", 'error'" if $r < 0.55;
	return ', m' if $r < 0.58;
	return '';
}

sub scalar_arg
{
	return 'a' if rand() < 0.2;
	return "'" . $consts[ int(rand(@consts)) ] . "'::float8";
}

sub lag_arg
{
	return 'l' if rand() < 0.2;
	my $l = $lags[ int(rand(@lags)) ];
	$l = '1' if $l eq '-1' && rand() < 0.8;
	return "$l";
}

# --- series operations (issue 12), drawn in trees of the second family ---

my $series;	# this tree may hold series operations
my @alphas = ('0.5', '0.1', '1', '0.03125', '0.999', '1e-300');
my @shifts = ('1', '-1', '2', '-3', '63', '-64', '1023', '-1024', '1025', '5000', '-5000', '0');
my @windows = ('1', '2', '3', '5', '20', '63', '64', '65', '1000', '1024', '1025', '3000');
my @reductions = ('vsum', 'vmean', 'vstddev', 'vvar', 'vmin', 'vmax', 'vcount', 'vprod',
	'vstddev_pop', 'vvar_pop', 'vargmin', 'vargmax');
my @pair_reductions = ('vdot', 'vcov', 'vcov_pop', 'vcorr');

sub pick { return $_[ int(rand(@_)) ]; }

# ema's alpha: mostly valid, now and then out of range (an error)
sub alpha_arg
{
	return "'" . pick('0', '1.5', '-0.5', 'NaN') . "'::float8" if rand() < 0.03;
	return "'" . pick(@alphas) . "'::float8";
}

# shift's k: both signs, past a word, a block and the end
sub shift_arg
{
	return 'l' if rand() < 0.1;
	return rand() < 0.5 ? '-l' : '(-l)' if rand() < 0.05;
	return pick(@shifts);
}

# A rolling window, with a min_count now and then (rarely an invalid one)
sub window_args
{
	return 'l' if rand() < 0.08;
	return pick('0', '-1') if rand() < 0.02;
	my $w = pick(@windows);
	my $r = rand();
	return $w if $r < 0.5;
	return "$w, " . ($w + 1) if $r < 0.52;
	return "$w, " . pick(0, 1, int($w / 2), $w);
}

# A scalar drawn from a reduction of a subtree (z-scores and the like)
sub reduced_scalar
{
	my ($d) = @_;
	my $f = pick('vmean', 'vstddev', 'vsum', 'vmin', 'vmax');
	$nops++;
	return "$f(" . tree($d) . ')';
}

# One running or rolling operation over a random subtree
sub series_op
{
	my ($d) = @_;
	my $k = int(rand(15));
	$nops++;
	return pick('cumsum', 'cumprod', 'cummax', 'cummin') . '(' . tree($d) . ')' if $k <= 3;
	return 'ema(' . tree($d) . ', ' . alpha_arg() . ')' if $k == 4;
	return 'shift(' . tree($d) . ', ' . shift_arg() . ')' if $k <= 6;
	return 'fill_forward(' . tree($d) . ')' if $k == 7;
	return 'fill_null(' . tree($d) . ', ' . scalar_arg() . ')' if $k == 8;
	my $f = pick('sum', 'mean', 'min', 'max', 'stddev', 'count', 'mean', 'stddev',
		'quantile');
	if ($f eq 'quantile')
	{
		# rolling_quantile(v, w, q [, min_count]); q now and then invalid
		my ($w, $mc) = split /, /, window_args();
		my $q = pick('0', '0.25', '0.5', '0.9', '1', '0.3333333333333333')
		  . '::float8';
		$q = pick('1.5', '-0.5', "'NaN'") . '::float8' if rand() < 0.03;
		return 'rolling_quantile(' . tree($d) . ", $w, $q"
		  . (defined $mc ? ", $mc" : '') . ')';
	}
	return "rolling_$f(" . tree($d) . ', ' . window_args() . ')';
}

# A random vector expression of at most depth levels
sub tree
{
	my ($depth) = @_;
	my @leaves = ('x', 'y', 'z');
	return $leaves[ int(rand(3)) ] if $depth == 0 || rand() < 0.15;
	my $d = $depth - 1;
	return series_op($d) if $series && rand() < 0.4;
	my $k = int(rand($series ? 26 : 23));
	$nops++;
	if ($k >= 23)
	{
		return 'log10(' . tree($d) . mode() . ')' if $k == 23;
		return 'clip(' . tree($d) . ', ' . scalar_arg() . ', ' . scalar_arg() . ')'
		  if $k == 24;
		# a z-score against a reduction of the same kind of tree
		my $op = pick('-', '/', '*');
		return '(' . tree($d) . " $op " . reduced_scalar($d) . ')';
	}
	return 'ln(' . tree($d) . mode() . ')' if $k == 0;
	return 'exp(' . tree($d) . mode() . ')' if $k == 1;
	return 'sqrt(' . tree($d) . mode() . ')' if $k == 2;
	return 'abs(' . tree($d) . ')' if $k == 3;
	return '(-' . tree($d) . ')' if $k == 4;
	if ($k <= 10)
	{
		# operators: always core's error
		my $op = ('+', '-', '*', '/')[ int(rand(4)) ];
		my $form = int(rand(3));
		return '(' . tree($d) . " $op " . tree($d) . ')' if $form == 0;
		return '(' . tree($d) . " $op " . scalar_arg() . ')' if $form == 1;
		return '(' . scalar_arg() . " $op " . tree($d) . ')';
	}
	if ($k <= 12)
	{
		my $f = ('vadd', 'vsub', 'vmul', 'vdiv')[ int(rand(4)) ];
		my $form = int(rand(3));
		return "$f(" . tree($d) . ', ' . tree($d) . mode() . ')' if $form == 0;
		return "$f(" . tree($d) . ', ' . scalar_arg() . mode() . ')' if $form == 1;
		return "$f(" . scalar_arg() . ', ' . tree($d) . mode() . ')';
	}
	return 'scale_add(' . tree($d) . ', ' . scalar_arg() . ', ' . scalar_arg() . mode() . ')'
	  if $k <= 14;
	return 'dlog(' . tree($d) . ', ' . lag_arg() . mode() . ')' if $k == 15;
	return 'dlog(' . tree($d) . ')' if $k == 16;
	return 'diff(' . tree($d) . ', ' . lag_arg() . mode() . ')' if $k == 17;
	return 'diff(' . tree($d) . ')' if $k == 18;
	return 'dlog_scale_add(' . tree($d) . ', ' . lag_arg() . ', ' . scalar_arg() . ', ' . scalar_arg() . mode() . ')'
	  if $k == 19;
	return 'ln_scale_add(' . tree($d) . ', ' . scalar_arg() . ', ' . scalar_arg() . mode() . ')'
	  if $k == 20;
	return 'sub_mul_add(' . tree($d) . ', ' . tree($d) . ', ' . scalar_arg() . ', ' . scalar_arg() . mode() . ')'
	  if $k == 21;
	# the named patterns, spelled the ways users write them; in mixed trees
	# with the on_error of each step drawn (the same, or not)
	my $t = tree($d);
	my $p = int(rand(4));
	$nops += 2;
	if ($mixed && rand() < 0.7)
	{
		my $m = mode();
		my $m2 = rand() < 0.6 ? $m : mode();
		my $m3 = rand() < 0.6 ? $m : mode();
		return "scale_add(dlog($t, " . lag_arg() . "$m), " . scalar_arg() . ', ' . scalar_arg() . "$m2)" if $p == 0;
		return 'vadd(vmul(' . scalar_arg() . ", ln($t$m)$m2), " . scalar_arg() . "$m3)" if $p == 1;
		return "vmul(vsub($t, " . tree($d) . "$m), " . scalar_arg() . "$m2)" if $p == 2;
		return "vsub(vmul(ln($t$m), " . scalar_arg() . "$m2), " . scalar_arg() . "$m3)";
	}
	return "(dlog($t, " . lag_arg() . ') * ' . scalar_arg() . ' + ' . scalar_arg() . ')' if $p == 0;
	return '(' . scalar_arg() . " * ln($t) + " . scalar_arg() . ')' if $p == 1;
	return "(($t - " . tree($d) . ') * ' . scalar_arg() . ')' if $p == 2;
	return "scale_add(vsub($t, " . tree($d) . '), ' . scalar_arg() . ', ' . scalar_arg() . ')';
}

# A tree of the second family: series operations inside, and a reduction
# at the root of about a third of them
sub series_tree
{
	my $t = tree(1 + int(rand(5)));
	my $r = rand();
	return $t if $r < 0.6;
	$nops++;
	return pick(@pair_reductions) . '(' . $t . ', ' . tree(1 + int(rand(3))) . ')'
	  if $r < 0.67;
	return pick(@reductions) . "($t)";
}

# A target list of 2 to 4 reductions (each one's bits, or N for NULL), over
# trees that share a subtree, or are the same, or read the same columns
sub group_list
{
	my $shared = tree(1 + int(rand(3)));
	my @cols;
	for (1 .. 2 + int(rand(3)))
	{
		my $r = rand();
		my $t =
			$r < 0.35 ? $shared
		  : $r < 0.7 ? '(' . $shared . ' ' . pick('+', '-', '*', '/') . ' ' . tree(1 + int(rand(2))) . ')'
		  : tree(1 + int(rand(3)));
		my $f = pick(grep { $_ ne 'vcount' } @reductions);
		$nops++;
		push @cols, "coalesce(fk_bits($f($t)), 'N')";
	}
	return 'concat_ws(\';\', ' . join(', ', @cols) . ')';
}

# A tree of the fourth family: operations over a subtree s with reductions
# used as scalars, mostly of s itself, else of a column or another tree
sub scalar_tree
{
	my $s = tree(1 + int(rand(3)));
	my $one = sub {
		my $r = rand();
		return $r < 0.6 ? $s : $r < 0.8 ? pick('x', 'y', 'z') : tree(1 + int(rand(2)));
	};
	# a reduction of one vector, or of two (vcov(s, y) ...)
	my $reduction = sub {
		$nops++;
		return pick(@pair_reductions) . '(' . $one->() . ', ' . $one->() . ')'
		  if rand() < 0.2;
		my $f = pick('vmean', 'vstddev', 'vsum', 'vmin', 'vmax', 'vvar', 'vprod',
			'vstddev_pop', 'vvar_pop');
		return "$f(" . $one->() . ')';
	};
	# and core's float8 arithmetic on reductions, scalars and columns
	my $red = sub {
		my $r = rand();
		return $reduction->() if $r < 0.55;
		$nops++;
		return '(' . $reduction->() . ' ' . pick('+', '-', '*', '/') . ' '
		  . ($r < 0.75 ? scalar_arg() : $reduction->()) . ')'
		  if $r < 0.85;
		return '(' . scalar_arg() . ' ' . pick('+', '-', '*', '/') . ' '
		  . $reduction->() . ')'
		  if $r < 0.9;
		return '(-' . $reduction->() . ')' if $r < 0.94;
		return pick('sqrt', 'abs') . '(' . $reduction->() . ')';
	};
	my $k = int(rand(6));
	$nops++;
	return "(($s - " . $red->() . ') / ' . $red->() . ')' if $k <= 1;
	return "($s " . pick('+', '-', '*', '/') . ' ' . $red->() . ')' if $k == 2;
	return '(' . $red->() . ' ' . pick('+', '-', '*', '/') . " $s)" if $k == 3;
	return "scale_add($s, " . $red->() . ', ' . $red->() . mode() . ')' if $k == 4;
	return pick('cumsum', 'cummax', 'exp', 'abs') . "(($s - " . $red->() . '))';
}

# Fixed trees, run on every row: the benchmark pipelines and differences
# the random trees found once
my @fixed = (
	'(x - rolling_mean(x, 20)) / rolling_stddev(x, 20)',
	'vstddev(dlog(x, 1))',
	'cumsum(dlog(x, 1))',
	'vmean(dlog(x))',
	'vdot(dlog(x), dlog(y))',
	'vcorr(dlog(x), dlog(y))',
	'vargmax(x / cummax(x))',
	'rolling_mean(dlog(x), 20)',
	'(x - vmean(x)) / vstddev(x)',
	'(dlog(x, 1) - vmean(dlog(x, 1))) / vstddev(dlog(x, 1))',
	'x / vsum(x)',
	'x - vmax(x)',
	'x - vmax(x) * 2',
	'(x - vmean(x)) / (vstddev(x) * sqrt(252))',
	'y - (vcov(x, y) / vvar(x)) * x',
	'ema(ln(x) * 2, 0.5) - shift(fill_forward(y), -1)',
	'rolling_max(sqrt(x - 2), 1025, 0)',
	'vsum(cumprod(x * 1e100))',
	# two faults, which once raised the logarithm's error fused (its
	# reduction an input of the fused program) and the division by zero, or
	# the square root's, unfused; seed 4242
	"(('-Infinity'::float8 / y) / vstddev(dlog(x, l)))",
	'((sqrt(x) * vmin((-z))) / rolling_stddev(rolling_count(z, -1), 1, 0))',);

my @trees;
my $copy = '';
my $allrows = '{' . join(',', sort { $a <=> $b } keys %rows) . '}';
for my $i (1 .. $ntrees + 2 * @fixed)
{
	my ($q, $n);
	my $dom = ($i % 4 < 2) ? 'error' : 'mixed';
	my $kind = $i <= $nelem ? 'elem'
	  : $i <= $nelem + $nseries ? 'series'
	  : $i <= $nelem + $nseries + $ngroups ? 'group'
	  : $i <= $ntrees ? 'scalar'
	  : 'fixed';
	my $rowids;
	$mixed = $dom eq 'mixed';
	$series = $kind ne 'elem';
	if ($kind eq 'fixed')
	{
		$q = $fixed[ ($i - $ntrees - 1) % @fixed ];
		$nops = 2;
		$rowids = $allrows;
	}
	else
	{
		do
		{
			$nops = 0;
			$q = $kind eq 'group' ? group_list()
			  : $kind eq 'scalar' ? scalar_tree()
			  : $series ? series_tree()
			  : tree(1 + int(rand(6)));
		} while ($nops == 0);
		# each tree on five rows: the long ones with NULLs and specials, and
		# one of the others (the block edges for the series trees)
		$rowids = $series
		  ? '{2,3,' . (9 + $i % 3) . ',12,' . (1, 4, 5, 6, 7, 8)[ $i % 6 ] . '}'
		  : '{1,2,3,8,' . (4 + $i % 4) . '}';
	}
	my $table = ($i % 2) ? 'fd' : 'fdn';
	my $simd = $simd[ int($i / 4) % @simd ];
	$q = $kind eq 'group' ? "SELECT $q FROM $table WHERE id = \$1"
	  : "SELECT fk_bits($q) FROM $table WHERE id = \$1";
	push @trees, $q;
	(my $esc = $q) =~ s/\\/\\\\/g;
	$copy .= "$i\t$esc\t$dom\t$simd\t$nops\t$kind\t$rowids\n";
}
my ($stdout, $stderr);
$node->psql('postgres', "COPY trees FROM STDIN;\n$copy\\.\n",
	stdout => \$stdout, stderr => \$stderr, on_error_die => 1);
is($node->safe_psql('postgres', "SELECT count(*) FROM trees WHERE kind = 'series'"),
	$nseries, "$nseries random trees of series operations loaded");

# --- run with fusion on and off -------------------------------------------

# Each tree on its rows
my $run = q{
SELECT t.i, r.id, fk_try(t.q, r.id, t.simd)
FROM trees t
CROSS JOIN LATERAL unnest(t.rowids) r(id)
ORDER BY t.i, r.id};
my $nruns = $node->safe_psql('postgres',
	'SELECT sum(cardinality(rowids)) FROM trees');

my $t0 = time();
my $on = $node->safe_psql('postgres',
	"SET fusekern.enable_fusion = on; $run");
my $off = $node->safe_psql('postgres',
	"SET fusekern.enable_fusion = off; $run");
note('ran in ' . (time() - $t0) . ' s');

my @on = split /\n/, $on;
my @off = split /\n/, $off;
is(scalar(@on), $nruns, 'every tree ran on its rows with fusion on');
is(scalar(@off), $nruns, 'every tree ran on its rows with fusion off');

# every difference goes to fusion_diff.txt in the test's directory, and
# fails the test.  Where both settings raise an error but not the same one,
# the tree holds two faults and fusion changed which is met first (a fused
# program's inputs, the subtrees that did not fuse, are evaluated before the
# program, while the unfused calls run in argument order); these are
# counted too, to say so.
my ($diff, $errors, $values, $order) = (0, 0, 0, 0);
my $difflog = "$PostgreSQL::Test::Utils::tmp_check/fusion_diff.txt";
open(my $dl, '>', $difflog) or die "$difflog: $!";
for my $k (0 .. $#off)
{
	my ($i, $id, $a) = split /\|/, $off[$k], 3;
	my $b = (split /\|/, ($on[$k] // ''), 3)[2] // '';
	$a =~ /^ERROR/ ? $errors++ : $values++;
	next if $a eq $b;
	my $msg = "tree $i row $id: unfused <$a> fused <$b>: $trees[$i - 1]";
	print $dl "$msg\n";
	$order++ if $a =~ /^ERROR/ && $b =~ /^ERROR/;
	diag($msg) if ++$diff <= 10;
}
close($dl);
note("all $diff differences in $difflog") if $diff;
note("$values results with values or NULL, $errors errors");
is($diff - $order, 0,
	'fused and unfused results and NULLs are identical, and both raise an error or neither');
is($order, 0,
	'fused and unfused raise the same error (SQLSTATE and message)');
cmp_ok($values, '>', $ntrees, 'a good share of the trees computes values');
cmp_ok($errors, '>', 100, 'errors are compared too');

# --- fusion really happened ------------------------------------------------

my $fused = $node->safe_psql('postgres',
	"SET fusekern.enable_fusion = on; SELECT count(*) FILTER (WHERE fk_fused(q)), count(*) FROM trees WHERE nops >= 2 AND kind = 'elem'");
my ($nf, $nmulti) = split /\|/, $fused;
note("$nf of $nmulti elementwise trees of two or more operations fused");
cmp_ok($nf, '>=', 0.95 * $nmulti, 'elementwise trees of two or more operations fuse');

# How far fusion reaches into the series trees: a fused program anywhere in
# the plan, a series operation inside a fused program, a reduction at the
# root fused (no call of the reduction left outside a fused program)
my $series_ops = 'cumsum|cumprod|cummax|cummin|ema|shift|fill_forward|fill_null|rolling_[a-z]+';
my $red_ops = 'vsum|vmean|vstddev|vvar|vmin|vmax|vcount|vprod|vdot|vstddev_pop|vvar_pop'
  . '|vargmin|vargmax|vcov|vcov_pop|vcorr';
my $reach = $node->safe_psql('postgres', qq{
SET fusekern.enable_fusion = on;
SELECT count(*),
	count(*) FILTER (WHERE fk_fused(q)),
	count(*) FILTER (WHERE q ~ '\\m($series_ops)\\('),
	count(*) FILTER (WHERE fk_fused(q, 'fused_[a-z_]*\\(''[^'']*\\m($series_ops)\\(')),
	count(*) FILTER (WHERE q ~ '^SELECT fk_bits\\(($red_ops)\\('),
	count(*) FILTER (WHERE q ~ '^SELECT fk_bits\\(($red_ops)\\('
		AND fk_fused(q, 'fused_[a-z_]*\\(''[^'']*\\m($red_ops)\\(')
		AND NOT fk_fused(q, 'Output: (encode\\(float8send\\()?\\(?($red_ops)\\('))
FROM trees WHERE kind IN ('series', 'fixed')});
my ($ns, $nsf, $nss, $nssf, $nsr, $nsrf) = split /\|/, $reach;
note("series trees: $ns; with a fused program: $nsf; "
	  . "$nssf of $nss with running or rolling operations fuse one; "
	  . "$nsrf of $nsr rooted at a reduction fuse it");
SKIP:
{
	skip 'no fusion through series operations in this tree', 2
	  if $node->safe_psql('postgres',
		"SELECT count(*) FROM pg_proc WHERE proname = 'fused_reduce'") eq '0';
	cmp_ok($nssf, '>=', 0.5 * $nss,
		'most trees with running or rolling operations fuse one');
	cmp_ok($nsrf, '>=', 0.5 * $nsr, 'most trees rooted at a reduction fuse it');
}
# Target lists whose reductions run in one pass: a group in the plan
my $groups = $node->safe_psql('postgres', q{
SET fusekern.enable_fusion = on;
SELECT count(*) FILTER (WHERE fk_fused(q, '''[0-9]+ of ')), count(*)
FROM trees WHERE kind = 'group'});
my ($ngf, $ng) = split /\|/, $groups;
note("$ngf of $ng target lists of reductions run in one pass");
cmp_ok($ngf, '>=', 0.3 * $ng,
	'target lists of reductions over shared inputs run in one pass');
# Trees using reductions as scalars: a reduction inside a fused_eval
my $scalars = $node->safe_psql('postgres', qq{
SET fusekern.enable_fusion = on;
SELECT count(*) FILTER (WHERE fk_fused(q, 'fused_eval(_nvec)?\\(''[^'']*\\m($red_ops)\\(')), count(*)
FROM trees WHERE kind = 'scalar'});
my ($nsc, $nscalar) = split /\|/, $scalars;
note("$nsc of $nscalar trees compute a reduction used as a scalar inside a fused call");
cmp_ok($nsc, '>=', 0.3 * $nscalar,
	'reductions used as scalars are computed inside the fused call');
# ... of two vectors, and under core's arithmetic (unary minus, sqrt and
# abs are told apart from vector operations by the text alone)
my $more = $node->safe_psql('postgres', qq{
SET fusekern.enable_fusion = on;
SELECT count(*) FILTER (WHERE fk_fused(q, 'fused_eval(_nvec)?\\(''[^'']*\\m(vdot|vcov|vcov_pop|vcorr)\\(')),
	   count(*) FILTER (WHERE fk_fused(q, 'fused_eval(_nvec)?\\(''[^'']*(\\(-|\\m(sqrt|abs)\\()($red_ops)\\('))
FROM trees WHERE kind = 'scalar'});
my ($npair, $narith) = split /\|/, $more;
note("$npair trees compute a reduction of two vectors inside a fused call, "
	  . "$narith the minus, sqrt or abs of a reduction");
cmp_ok($npair, '>=', 0.03 * $nscalar,
	'reductions of two vectors used as scalars are computed inside the fused call');
cmp_ok($narith, '>=', 0.03 * $nscalar,
	'arithmetic on reductions used as scalars is computed inside the fused call');
my $nnull = $node->safe_psql('postgres', q{
SET fusekern.enable_fusion = on;
SELECT count(*) FILTER (WHERE fk_fused(q, 'fused_eval(_nvec)?\(''[^'']*''''null''''')) FROM trees WHERE dom = 'mixed'});
note("$nnull mixed trees have a fused program with on_error 'null' in it");
cmp_ok($nnull, '>', 500, "operations with on_error 'null' fuse");
is( $node->safe_psql('postgres',
		"SET fusekern.enable_fusion = off; SELECT count(*) FILTER (WHERE fk_fused(q)) FROM trees WHERE nops >= 2 AND q !~ '(dlog_scale_add|ln_scale_add|sub_mul_add)'"),
	'0',
	'nothing fuses with fusekern.enable_fusion = off');

# --- functions are found again after the extension is re-created ----------

my $plans = $node->safe_psql(
	'postgres', q{
CREATE TABLE fz (x float8[]);
EXPLAIN (VERBOSE, COSTS OFF) SELECT exp(ln(x) + 1) FROM fz;
DROP TABLE fz;
DROP EXTENSION fusekern CASCADE;
CREATE EXTENSION fusekern;
CREATE TABLE fz (x float8[]);
EXPLAIN (VERBOSE, COSTS OFF) SELECT exp(ln(x) + 1) FROM fz;
DROP EXTENSION fusekern CASCADE;
CREATE TABLE fz2 (x float8[]);
CREATE FUNCTION ln(float8[]) RETURNS float8[] LANGUAGE sql
	AS 'SELECT array_agg(pg_catalog.ln(e)) FROM unnest($1) e';
CREATE FUNCTION exp(float8[]) RETURNS float8[] LANGUAGE sql
	AS 'SELECT array_agg(pg_catalog.exp(e)) FROM unnest($1) e';
EXPLAIN (VERBOSE, COSTS OFF) SELECT exp(ln(x)) FROM fz2;
});
my @fused = ($plans =~ /fused_eval\('exp\(\(ln\(v1\) \+ 1\)\)'::text, x\)/g);
is(scalar(@fused), 2, 'fusion works before and after DROP and CREATE EXTENSION in one session');
unlike($plans, qr/Seq Scan on public.fz2\s+Output: fused_eval/,
	'functions of the same names outside the extension do not fuse');

$node->stop;
done_testing();
