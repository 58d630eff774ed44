# Logical replication into nvec(compressed) columns: the apply worker (and
# the initial table copy) builds each value with the column's input
# function, text or binary, given the column's modifier, so a subscriber's
# nvec(compressed) column holds the form nvec_compress gives (compressed
# where that is smaller, plain for a short vector) whatever form the
# publisher stores, through INSERT, UPDATE of the whole value, UPDATE of an
# element, and an UPDATE leaving the vector unchanged; the bits are the
# publisher's.  NaN payloads and signs survive a binary subscription only.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $pub = PostgreSQL::Test::Cluster->new('nvec_pub');
$pub->init(allows_streaming => 'logical');
$pub->start;
my $sub = PostgreSQL::Test::Cluster->new('nvec_sub');
$sub->init;
$sub->start;
# a server built without the walreceiver module cannot subscribe
plan skip_all => 'this server has no libpqwalreceiver: no subscriptions'
  if $sub->psql('postgres', "LOAD 'libpqwalreceiver'") != 0;

# the publisher's columns are plain nvec, holding plain values and, in
# even rows, values compressed by nvec_compress; the subscriber's are
# nvec(compressed).  Table a goes through a text subscription, b through a
# binary one.
my $rows = q{
SELECT n, 0,
	   CASE WHEN mod(n, 2) = 0 THEN nvec_compress(v) ELSE v END
FROM (SELECT n, (SELECT nvec_agg(CASE WHEN mod(i, 101) = 0 THEN NULL
									  ELSE round((100 + n + sin(i))::numeric, 2)::float8 END
								 ORDER BY i)
				 FROM generate_series(1, 400 * n) i) AS v
	  FROM generate_series(%d, %d) n) s};
# Tables na and nb hold NaNs with a payload, a sign, and a signalling one,
# written through a binary COPY (nvec_recv), one row before the
# subscription (the initial copy) and one after (streamed)
my $dir = $pub->basedir;
my $nan_bits = '7ff8000000000123' . 'fff8000000000000' . '7ff0000000000001' . '3ff8000000000000';
my $nan_quiet = '7ff8000000000000' x 3 . '3ff8000000000000';
$pub->safe_psql('postgres', qq{
CREATE EXTENSION fusekern;
COPY (SELECT int4send(0) || int4send(4) || int4send(0) || '\\x$nan_bits'::bytea)
	TO '$dir/nan.bin' (FORMAT binary);
});
for my $t (qw(a b))
{
	$pub->safe_psql('postgres', qq{
CREATE TABLE $t (id int PRIMARY KEY, tag int, v nvec);
INSERT INTO $t } . sprintf($rows, 1, 4) . qq{;
INSERT INTO $t VALUES (100, 0, '{1.5,NULL,3}');
CREATE TABLE n$t (v nvec, streamed bool DEFAULT false);
COPY n$t (v) FROM '$dir/nan.bin' (FORMAT binary);
CREATE PUBLICATION pub_$t FOR TABLE $t, n$t;
});
}
$sub->safe_psql('postgres', q{
CREATE EXTENSION fusekern;
CREATE TABLE a (id int PRIMARY KEY, tag int, v nvec(compressed));
CREATE TABLE b (id int PRIMARY KEY, tag int, v nvec(compressed));
CREATE TABLE na (v nvec, streamed bool);
CREATE TABLE nb (v nvec, streamed bool);
});
my $connstr = $pub->connstr . ' dbname=postgres';
$sub->safe_psql('postgres',
	"CREATE SUBSCRIPTION sub_a CONNECTION '$connstr' PUBLICATION pub_a WITH (binary = false)");
$sub->safe_psql('postgres',
	"CREATE SUBSCRIPTION sub_b CONNECTION '$connstr' PUBLICATION pub_b WITH (binary = true)");
$sub->wait_for_subscription_sync($pub, 'sub_a');
$sub->wait_for_subscription_sync($pub, 'sub_b');

# Per row: the id, the stored form, whether it is the form nvec_compress
# gives, and the value's bits (which must be the publisher's)
my $forms = q{
SELECT id, nvec_encoding(v),
	   nvec_encoding(v) = nvec_encoding(nvec_compress(nvec_decompress(v))),
	   md5(nvec_send(v))
FROM %s ORDER BY id};

# Compare the subscriber's table with the publisher's
sub check
{
	my ($t, $what) = @_;
	my $got = $sub->safe_psql('postgres', sprintf($forms, $t));
	my $want = $pub->safe_psql('postgres', sprintf($forms, $t));
	my $pub_bits = join("\n", map { (split /\|/)[3] } split /\n/, $want);
	is(join("\n", map { (split /\|/)[3] } split /\n/, $got), $pub_bits,
		"$t, $what: the publisher's bits");
	unlike($got, qr/\|f\|/, "$t, $what: every value in the form nvec_compress gives");
	like($got, qr/^1\|alp\|t\|/m, "$t, $what: a long vector compressed");
	like($got, qr/^100\|plain\|t\|/m, "$t, $what: the short vector plain");
	return;
}

check($_, 'initial copy') for qw(a b);

# INSERT, UPDATE of the whole value to a plain one, UPDATE of an element
# (plain on the publisher, whose column has no modifier), and an UPDATE of
# another column (an unchanged out-of-line vector is not sent: the
# subscriber keeps its own)
for my $t (qw(a b))
{
	$pub->safe_psql('postgres', "INSERT INTO $t " . sprintf($rows, 5, 8));
	$pub->safe_psql('postgres', qq{
UPDATE $t SET v = nvec_decompress(v) WHERE id IN (2, 6);
UPDATE $t SET v[2] = 2.5 WHERE id IN (1, 4, 7, 100);
UPDATE $t SET tag = 1 WHERE id IN (3, 8);
ALTER TABLE n$t ALTER streamed SET DEFAULT true;
COPY n$t (v) FROM '$dir/nan.bin' (FORMAT binary);
});
}
$pub->wait_for_catchup('sub_a');
$pub->wait_for_catchup('sub_b');
check($_, 'after INSERT and UPDATE') for qw(a b);
is($sub->safe_psql('postgres', q{SELECT count(*) FROM a JOIN b USING (id)
	WHERE nvec_encoding(a.v) = 'alp' AND nvec_encoding(b.v) = 'alp'}), '8',
	'the eight long vectors of each table compressed');

# NaN payloads: a text subscription gives the one quiet NaN, as text COPY
# does; a binary one keeps the bits, in its initial copy only from
# PostgreSQL 16 (before, that copy is text)
my $nan_rows = q{SELECT streamed, substr(encode(nvec_send(v), 'hex'), 25) FROM %s ORDER BY streamed};
is($pub->safe_psql('postgres', sprintf($nan_rows, 'nb')),
	"f|$nan_bits\nt|$nan_bits", 'the publisher holds the NaN payloads');
is($sub->safe_psql('postgres', sprintf($nan_rows, 'na')),
	"f|$nan_quiet\nt|$nan_quiet", 'text subscription: every NaN the one quiet NaN');
my $initial = $sub->pg_version >= 16 ? $nan_bits : $nan_quiet;
is($sub->safe_psql('postgres', sprintf($nan_rows, 'nb')),
	"f|$initial\nt|$nan_bits", 'binary subscription: the payloads kept when streamed');

$sub->stop;
$pub->stop;
done_testing();
