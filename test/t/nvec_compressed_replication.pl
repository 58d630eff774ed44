# Logical replication into nvec(compressed) columns: the apply worker (and
# the initial table copy) builds each value with the column's input
# function, text or binary, given the column's modifier, so a subscriber's
# nvec(compressed) column holds the form nvec_compress gives (compressed
# where that is smaller, plain for a short vector) whatever form the
# publisher stores, through INSERT, UPDATE of the whole value, UPDATE of an
# element, and an UPDATE leaving the vector unchanged; the bits are the
# publisher's.
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
$pub->safe_psql('postgres', 'CREATE EXTENSION fusekern');
for my $t (qw(a b))
{
	$pub->safe_psql('postgres', qq{
CREATE TABLE $t (id int PRIMARY KEY, tag int, v nvec);
INSERT INTO $t } . sprintf($rows, 1, 4) . qq{;
INSERT INTO $t VALUES (100, 0, '{1.5,NULL,3}');
CREATE PUBLICATION pub_$t FOR TABLE $t;
});
}
$sub->safe_psql('postgres', q{
CREATE EXTENSION fusekern;
CREATE TABLE a (id int PRIMARY KEY, tag int, v nvec(compressed));
CREATE TABLE b (id int PRIMARY KEY, tag int, v nvec(compressed));
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
});
}
$pub->wait_for_catchup('sub_a');
$pub->wait_for_catchup('sub_b');
check($_, 'after INSERT and UPDATE') for qw(a b);
is($sub->safe_psql('postgres', q{SELECT count(*) FROM a JOIN b USING (id)
	WHERE nvec_encoding(a.v) = 'alp' AND nvec_encoding(b.v) = 'alp'}), '8',
	'the eight long vectors of each table compressed');

$sub->stop;
$pub->stop;
done_testing();
