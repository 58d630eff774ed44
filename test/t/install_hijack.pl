# The install and upgrade scripts run as a superuser in a schema that the
# database owner controls (public, owned by pg_database_owner since PG15).
# A non-superuser owner plants there operators, casts, types and functions
# that an unqualified name in the scripts could resolve to; CREATE EXTENSION
# and ALTER EXTENSION UPDATE must run none of them, whatever search_path the
# superuser has, and leave the same extension as in a clean database.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $top = $ENV{FK_TOP} // '.';
my $snapshot = slurp_file("$top/test/catalog_snapshot.sql");

my $node = PostgreSQL::Test::Cluster->new('hijack');
$node->init;
$node->start;

# The catalog queries of this test name pg_catalog only
my $safe = 'SET search_path = pg_catalog, pg_temp;';

$node->safe_psql('postgres', 'CREATE ROLE evil LOGIN');
$node->safe_psql('postgres', 'CREATE DATABASE evildb OWNER evil');
$node->safe_psql('postgres', 'CREATE DATABASE clean');
is($node->safe_psql('evildb', "$safe SELECT pg_has_role('evil', nspowner, 'USAGE')
	FROM pg_namespace WHERE nspname OPERATOR(pg_catalog.=) 'public'"),
	't', 'evil owns schema public of its database (pg_database_owner)');

# What a planted object does when run: leaves a trace that survives a
# rollback (a sequence), one that does not (a row), and tries to make its
# owner a superuser, which only succeeds when a superuser runs it
my $plant = q{
CREATE TABLE public.fk_ran (what text);
CREATE SEQUENCE public.fk_ran_seq;
GRANT ALL ON public.fk_ran, public.fk_ran_seq TO PUBLIC;
CREATE FUNCTION public.fk_planted(what text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_catalog.nextval('public.fk_ran_seq'::pg_catalog.regclass);
	INSERT INTO public.fk_ran VALUES (what);
	RAISE WARNING 'planted % ran as %', what, current_user;
	BEGIN
		EXECUTE 'ALTER ROLE evil SUPERUSER';
	EXCEPTION WHEN insufficient_privilege THEN
		NULL;
	END;
	RETURN true;
END $$;
};

# = and <> for every pair of the types a catalog query compares, in both
# orders and with itself: pg_catalog has no exact = for most of them (oid =
# regclass is resolved through a cast), so an exact one elsewhere on the
# path would win.  Each gives the right answer so that a script using it
# would carry on and the trace would stay.
my @types = qw(oid regclass regproc regprocedure name text int4 int8 char);
my %oidlike = map { $_ => 1 } qw(oid regclass regproc regprocedure);
my %intlike = map { $_ => 1 } qw(oid int4 int8);
my $nops = 0;
for my $a (@types)
{
	for my $b (@types)
	{
		my ($ta, $tb) = map { $_ eq 'char' ? 'pg_catalog."char"' : "pg_catalog.$_" } ($a, $b);
		my $common =
			($oidlike{$a} && $oidlike{$b}) ? 'pg_catalog.oid'
		  : ($intlike{$a} && $intlike{$b}) ? 'pg_catalog.int8'
		  :                                  'pg_catalog.text';
		for my $op (['=', 'eq', ''], ['<>', 'ne', 'NOT '])
		{
			my ($sym, $tag, $not) = @$op;
			my $fn = "public.fk_${tag}_${a}_$b";
			$plant .= qq{
CREATE FUNCTION $fn($ta, $tb) RETURNS boolean LANGUAGE plpgsql AS \$\$
BEGIN
	PERFORM public.fk_planted('$sym($a, $b)');
	RETURN $not(\$1::$common OPERATOR(pg_catalog.=) \$2::$common);
END \$\$;
CREATE OPERATOR public.$sym (LEFTARG = $ta, RIGHTARG = $tb, FUNCTION = $fn);
};
			$nops++;
		}
	}
}

# Casts: CREATE CAST needs ownership of the source or the target type, so
# no cast between two built-in types (regclass to oid, name to text, ...)
# can be planted by a non-superuser; and a cast from or to a domain is
# never applied.  What can be planted: types named like the built-in ones
# (resolved only if a script's type name reached public before pg_catalog),
# whose values run the trap when checked, and implicit casts from and to a
# type evil owns.
for my $t (qw(oid regclass regproc regprocedure name text int4 int8 char float8))
{
	my $base = $t eq 'char' ? 'pg_catalog."char"' : "pg_catalog.$t";
	my $name = $t eq 'char' ? '"char"' : $t;
	$plant .= qq{
CREATE DOMAIN public.$name AS $base CHECK (public.fk_planted('domain $t') OR VALUE IS NULL);
};
}
$plant .= q{
CREATE TYPE public.fk_kind AS ENUM ('a');
CREATE FUNCTION public.fk_kind_text(public.fk_kind) RETURNS text LANGUAGE plpgsql AS $$
BEGIN PERFORM public.fk_planted('cast fk_kind to text'); RETURN 'a'; END $$;
CREATE FUNCTION public.fk_text_kind(text) RETURNS public.fk_kind LANGUAGE plpgsql AS $$
BEGIN PERFORM public.fk_planted('cast text to fk_kind'); RETURN 'a'; END $$;
CREATE CAST (public.fk_kind AS pg_catalog.text) WITH FUNCTION public.fk_kind_text AS IMPLICIT;
CREATE CAST (pg_catalog.text AS public.fk_kind) WITH FUNCTION public.fk_text_kind AS IMPLICIT;
};

# Look-alike functions: the string and catalog functions a script might
# call, and every other name the scripts refer to (estimators, the
# extension's own functions) with argument types they could be matched
# with.  Functions taking internal (the estimators' real signatures) are
# only creatable in C, by a superuser.
my @lookalikes = (
	'format(text)', 'format(text, text)', 'format(text, regprocedure)',
	'format(text, oid)', 'quote_ident(text)', 'quote_literal(text)',
	'concat(text, text)', 'concat_ws(text, text, text)',
	'pg_describe_object(oid, oid, integer)', 'obj_description(oid, text)',
	'eqsel(text)', 'eqjoinsel(text)', 'neqsel(text)', 'scalarltsel(text)',
	'fusekern_support(text)', 'fused_eval(text)', 'nvec_hash(text)',
	'nvec_eq(text, text)', 'nvec_cmp(text, text)', 'ln(text)', 'add(text, text)',
	'neg(text)', 'vadd(text, text)', 'vneg(text)', 'length(name)');
for my $f (@lookalikes)
{
	$plant .= qq{
CREATE FUNCTION public.$f RETURNS text LANGUAGE plpgsql AS \$\$
BEGIN PERFORM public.fk_planted('function $f'); RETURN ''; END \$\$;
};
}
$plant .= q{
CREATE FUNCTION public.fk_agg_step(text, text, text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN PERFORM public.fk_planted('aggregate string_agg'); RETURN $2; END $$;
CREATE AGGREGATE public.string_agg(text, text) (SFUNC = public.fk_agg_step, STYPE = text);
};

$node->safe_psql('evildb', $plant, extra_params => [ '-U', 'evil' ]);
is($node->safe_psql('evildb', "$safe SELECT count(*) FROM pg_operator o JOIN pg_roles r
	ON r.oid OPERATOR(pg_catalog.=) o.oprowner WHERE r.rolname OPERATOR(pg_catalog.=) 'evil'"),
	$nops, "evil planted $nops operators in public");

# The extension as a clean database has it, for comparison
$node->safe_psql('clean', 'CREATE EXTENSION fusekern');
my $want = $node->safe_psql('clean', "$safe $snapshot");

# A clean slate before each case, so that each is judged on its own
sub reset_traces
{
	$node->safe_psql('evildb', "$safe TRUNCATE public.fk_ran;
		SELECT setval('public.fk_ran_seq', 1, false); ALTER ROLE evil NOSUPERUSER");
}

# Nothing planted has run, and the extension is whole and works
sub check_untouched
{
	my ($what) = @_;
	is( $node->safe_psql('evildb',
			"$safe SELECT (SELECT count(*) FROM public.fk_ran) || ' ' || is_called FROM public.fk_ran_seq"),
		'0 false', "$what: nothing planted ran");
	is($node->safe_psql('evildb',
			"$safe SELECT rolsuper FROM pg_roles WHERE rolname OPERATOR(pg_catalog.=) 'evil'"),
		'f', "$what: evil is not a superuser");
	is($node->safe_psql('evildb', "$safe $snapshot"), $want,
		"$what: the extension's catalog is that of a clean database");
	is( $node->safe_psql('evildb',
			"$safe SELECT public.ln(public.abs('{-1,NULL,2.5}'::float8[]))::text"),
		'{0,NULL,0.9162907318741551}', "$what: its functions work");
	like(
		$node->safe_psql('evildb',
			"$safe CREATE TEMP TABLE t (x float8[]);
			 EXPLAIN (VERBOSE, COSTS OFF) SELECT public.ln(public.abs(x)) FROM t"),
		qr/fused_eval/, "$what: nested calls fuse");
	$node->safe_psql('evildb', 'DROP EXTENSION fusekern');
}

for my $path ([ 'the default search_path', '' ],
	[ 'search_path public, pg_catalog', 'SET search_path = public, pg_catalog;' ])
{
	my ($label, $set) = @$path;
	reset_traces();
	my ($rc, $out, $err) = $node->psql('evildb', "$set CREATE EXTENSION fusekern");
	is($rc, 0, "CREATE EXTENSION fusekern under $label") or diag($err);
	check_untouched("CREATE EXTENSION under $label");

	reset_traces();
	($rc, $out, $err) = $node->psql('evildb',
		"$set CREATE EXTENSION fusekern VERSION '0.1'; ALTER EXTENSION fusekern UPDATE");
	is($rc, 0, "0.1 then ALTER EXTENSION UPDATE under $label") or diag($err);
	check_untouched("0.1 updated under $label");
}

# The traps are live: a superuser's own unqualified oid = regclass springs one
reset_traces();
$node->safe_psql('evildb',
	q{SELECT count(*) FROM pg_catalog.pg_depend
	  WHERE refclassid = 'pg_catalog.pg_extension'::pg_catalog.regclass});
is( $node->safe_psql('evildb',
		"$safe SELECT string_agg(DISTINCT what, ', ') FROM public.fk_ran"),
	'=(oid, regclass)', 'control: a bare oid = regclass runs the planted operator');
is($node->safe_psql('evildb', "$safe SELECT rolsuper FROM pg_roles WHERE rolname = 'evil'"),
	't', 'control: and makes evil a superuser');

$node->stop;
done_testing();
