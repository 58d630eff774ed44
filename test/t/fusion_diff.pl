# Differential test of fusion: random expression trees of fusekern
# operations, evaluated with fusekern.enable_fusion on and off, must give the
# same result text (every float8 printed in its shortest exact form, so the
# same bits), the same NULLs and the same errors (SQLSTATE and message).
#
# Trees go up to depth 6 and mix functions and operators, scalars on either
# side, constant and column scalars and lags (lags past a block, past the
# end, negative), and run on rows with NULL elements at word and block
# boundaries, NaN, +-Infinity, -0, extreme magnitudes, empty vectors, a NULL
# vector and vectors of different lengths, over float8[] and nvec, on every
# SIMD path the machine has (fusekern.simd).  Half the trees draw the
# on_error of each operation that can fault ('error' written or not, 'null',
# or a column holding 'null', which does not fuse), so operations of both
# modes mix in one tree; the others leave every operation at 'error'.  The
# seed is fixed.
use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $ntrees = 10000;
srand(4242);

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

my @specials = ('NaN', 'Infinity', '-Infinity', '-0', '0', '-1', '-2.5',
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
	8 => [ (map { literal(1500, \&with_nulls) } 1 .. 3), '0.25', '1100' ],);

my $setup = "CREATE TABLE fd (id int, x float8[], y float8[], z float8[], a float8, l int, m text);\n";
for my $id (sort keys %rows)
{
	my ($x, $y, $z, $a, $l) = @{ $rows{$id} };
	$setup .= "INSERT INTO fd VALUES ($id, $x, $y, $z, $a, $l, 'null');\n";
}
$setup .= "CREATE TABLE fdn AS SELECT id, x::nvec AS x, y::nvec AS y, z::nvec AS z, a, l, m FROM fd;\n";
$setup .= q{
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
	pat text DEFAULT '(fused_eval|dlog_scale_add|ln_scale_add|sub_mul_add)') RETURNS bool
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
CREATE TABLE trees (i int, q text, dom text, simd text, nops int);
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

# A random vector expression of at most depth levels
sub tree
{
	my ($depth) = @_;
	my @leaves = ('x', 'y', 'z');
	return $leaves[ int(rand(3)) ] if $depth == 0 || rand() < 0.15;
	my $d = $depth - 1;
	my $k = int(rand(23));
	$nops++;
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

my @trees;
my $copy = '';
for my $i (1 .. $ntrees)
{
	my ($q, $n);
	my $dom = ($i % 4 < 2) ? 'error' : 'mixed';
	$mixed = $dom eq 'mixed';
	do
	{
		$nops = 0;
		$q = tree(1 + int(rand(6)));
	} while ($nops == 0);
	my $table = ($i % 2) ? 'fd' : 'fdn';
	my $simd = $simd[ int($i / 4) % @simd ];
	$q = "SELECT ($q)::text FROM $table WHERE id = \$1";
	push @trees, $q;
	(my $esc = $q) =~ s/\\/\\\\/g;
	$copy .= "$i\t$esc\t$dom\t$simd\t$nops\n";
}
my ($stdout, $stderr);
$node->psql('postgres', "COPY trees FROM STDIN;\n$copy\\.\n",
	stdout => \$stdout, stderr => \$stderr, on_error_die => 1);
is($node->safe_psql('postgres', 'SELECT count(*) FROM trees'),
	$ntrees, "$ntrees random trees loaded");

# --- run with fusion on and off -------------------------------------------

# Each tree on rows 1, 2, 3, 8 and one of the other rows
my $run = q{
SELECT t.i, r.id, fk_try(t.q, r.id, t.simd)
FROM trees t
CROSS JOIN LATERAL (VALUES (1), (2), (3), (8), (4 + t.i % 4)) r(id)
ORDER BY t.i, r.id};

my $t0 = time();
my $on = $node->safe_psql('postgres',
	"SET fusekern.enable_fusion = on; $run");
my $off = $node->safe_psql('postgres',
	"SET fusekern.enable_fusion = off; $run");
note('ran in ' . (time() - $t0) . ' s');

my @on = split /\n/, $on;
my @off = split /\n/, $off;
is(scalar(@on), 5 * $ntrees, 'every tree ran on five rows with fusion on');
is(scalar(@off), 5 * $ntrees, 'every tree ran on five rows with fusion off');

my ($diff, $errors, $values) = (0, 0, 0);
for my $k (0 .. $#off)
{
	my ($i, $id, $a) = split /\|/, $off[$k], 3;
	my $b = (split /\|/, ($on[$k] // ''), 3)[2] // '';
	$a =~ /^ERROR/ ? $errors++ : $values++;
	next if $a eq $b;
	$diff++;
	diag("tree $i row $id: unfused <$a> fused <$b>: $trees[$i - 1]")
	  if $diff <= 10;
}
note("$values results with values or NULL, $errors errors");
is($diff, 0, 'fused and unfused results, NULLs and errors are identical');
cmp_ok($values, '>', $ntrees, 'a good share of the trees computes values');
cmp_ok($errors, '>', 100, 'errors are compared too');

# --- fusion really happened ------------------------------------------------

my $fused = $node->safe_psql('postgres',
	"SET fusekern.enable_fusion = on; SELECT count(*) FILTER (WHERE fk_fused(q)), count(*) FROM trees WHERE nops >= 2");
my ($nf, $nmulti) = split /\|/, $fused;
note("$nf of $nmulti trees of two or more operations fused");
cmp_ok($nf, '>=', 0.95 * $nmulti, 'trees of two or more operations fuse');
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
