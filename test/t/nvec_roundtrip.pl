# Compressed and plain nvec values through pg_dump (plain and custom
# format) restored into new databases, binary COPY out and in, and ALTER
# TABLE ... TYPE nvec(compressed) and back: every value keeps its bits
# (nvec_send, and float8send of every element read by subscript), NULL
# positions and special values (-0, ±Infinity, NaN, subnormals) included,
# and a value in an nvec(compressed) column keeps its form (nvec_encoding):
# compressed where it shrinks, plain where it does not.  A column without
# the modifier takes what it is given: its input functions (text, binary)
# write the plain form, so a value compressed there by nvec_compress comes
# back plain, with the same bits.  NaN payloads and signs survive binary
# COPY; both dump formats write text COPY, which gives the one quiet NaN.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('nvec_roundtrip');
$node->init;
$node->start;
my $dir = $node->basedir;

$node->safe_psql('postgres', 'CREATE DATABASE src');
$node->safe_psql('src', q{
CREATE EXTENSION fusekern;
-- v: nvec(compressed), w: the same values plain, m: nvec holding
-- compressed values (nvec_compress) in even rows and plain in odd ones
CREATE TABLE t (id int PRIMARY KEY, v nvec(compressed), w nvec, m nvec);
SELECT setseed(0.125);
INSERT INTO t (id, w)
SELECT n * 10 + r,
	   (SELECT array_agg(CASE WHEN i IN (1, 64, 65, 1024, 1025, 2048, 2049, n) AND n > 2 THEN NULL
							  WHEN i = 3 THEN '-0'::float8
							  WHEN i = 4 THEN 'NaN'
							  WHEN i = 5 THEN 'Infinity'
							  WHEN i = 6 THEN '-Infinity'
							  WHEN i = 1030 THEN '4.9e-324'
							  WHEN i = 1031 THEN '-2.2250738585072009e-308'
							  WHEN i = 1032 THEN '1.7976931348623157e308'
							  WHEN r = 2 THEN random() * 1e6
							  ELSE round((100 + 20 * sin(i * 0.01 + r))::numeric, 2)::float8 END ORDER BY i)
		FROM generate_series(1, n) i)::nvec
FROM (VALUES (3), (1023), (1025), (3000)) l(n), generate_series(0, 2) r;
INSERT INTO t (id, w) VALUES (1, '{}'), (2, NULL), (3, '{NULL,NULL}'), (4, '{1.5,NULL,-0}');
UPDATE t SET v = w, m = CASE WHEN id % 2 = 0 THEN nvec_compress(w) ELSE w END;
});

# NaNs with a payload, a sign, and a signalling one, which only the binary
# form carries (nvec_recv through a binary COPY of the message's bytes)
my $nan_bits = '7ff8000000000123' . 'fff8000000000000' . '7ff0000000000001' . '3ff8000000000000';
my $nan_quiet = '7ff8000000000000' x 3 . '3ff8000000000000';
$node->safe_psql('src', qq{
COPY (SELECT int4send(0) || int4send(4) || int4send(0) || '\\x$nan_bits'::bytea)
	TO '$dir/nan.bin' (FORMAT binary);
CREATE TABLE nan_payload (v nvec);
COPY nan_payload FROM '$dir/nan.bin' (FORMAT binary);
});
my $nan_sql = q{SELECT substr(encode(nvec_send(v), 'hex'), 25) FROM nan_payload};
is($node->safe_psql('src', $nan_sql), $nan_bits, 'the NaN payloads are stored');

# Every value of a table's columns: its form and its bits (nvec_send, and
# float8send of every element through v[i]), one line a row
my $fingerprint = q{
SELECT id, coalesce(nvec_encoding(%1$s), 'null'),
	   md5(nvec_send(%1$s)),
	   md5((SELECT string_agg(coalesce(encode(float8send((%1$s)[i]), 'hex'), 'null'), ',' ORDER BY i)
			FROM generate_series(1, length(%1$s)) i))
FROM %2$s ORDER BY id};

sub prints
{
	my ($db, $table, $col) = @_;
	return $node->safe_psql($db, sprintf($fingerprint, $col, $table));
}

my %want = map { $_ => prints('src', 't', $_) } qw(v w m);
like($want{v}, qr/\|alp\|/, 'some values of the compressed column are compressed');
like($want{v}, qr/\|plain\|/, 'some values of the compressed column stay plain');
like($want{m}, qr/\|alp\|/, 'nvec_compress put compressed values in the plain column');
my $alp = () = $want{v} =~ /\|alp\|/g;
cmp_ok($alp, '>=', 8, "$alp values compressed");
is(join('', map { s/^(\d+)\|[a-z]+\|/$1|/mgr } $want{v}),
	join('', map { s/^(\d+)\|[a-z]+\|/$1|/mgr } $want{w}),
	'the compressed column holds the plain column\'s bits');
is($node->safe_psql('src',
		q{SELECT count(*) FROM t WHERE float8send(v[4]) = float8send('NaN'::float8)
			  AND float8send(v[3]) = float8send('-0'::float8) AND v[5] = 'Infinity'
			  AND float8send(v[1030]) = float8send('4.9e-324'::float8)}),
	'3', 'the special values are there, bit for bit, in the rows of 3,000');

# The plain column's forms: what they were, or all plain after an input
my $plain_forms = $want{m} =~ s/^(\d+)\|alp\|/$1|plain|/mgr;

# pg_dump in plain format, restored by psql into a new database
$node->command_ok([ 'pg_dump', '-d', 'src', '-f', "$dir/dump.sql" ], 'pg_dump plain format');
$node->safe_psql('postgres', 'CREATE DATABASE from_plain');
$node->command_ok([ 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', 'from_plain',
		'-f', "$dir/dump.sql" ], 'the plain dump restores');
is(prints('from_plain', 't', 'v'), $want{v}, 'plain dump: nvec(compressed) values, forms and bits');
is(prints('from_plain', 't', 'w'), $want{w}, 'plain dump: plain values');
is(prints('from_plain', 't', 'm'), $plain_forms,
	'plain dump: a compressed value of a plain column comes back plain, same bits');
is($node->safe_psql('from_plain', $nan_sql), $nan_quiet,
	'plain dump: every NaN comes back as the one quiet NaN (text COPY)');

# pg_dump in custom format, restored by pg_restore into a new database
$node->command_ok([ 'pg_dump', '-Fc', '-d', 'src', '-f', "$dir/dump.custom" ],
	'pg_dump custom format');
$node->safe_psql('postgres', 'CREATE DATABASE from_custom');
$node->command_ok([ 'pg_restore', '-d', 'from_custom', "$dir/dump.custom" ],
	'pg_restore of the custom dump');
is(prints('from_custom', 't', 'v'), $want{v}, 'custom dump: nvec(compressed) values, forms and bits');
is(prints('from_custom', 't', 'w'), $want{w}, 'custom dump: plain values');
is(prints('from_custom', 't', 'm'), $plain_forms,
	'custom dump: a compressed value of a plain column comes back plain, same bits');
is($node->safe_psql('from_custom', $nan_sql), $nan_quiet,
	'custom dump: every NaN comes back as the one quiet NaN (text COPY too)');

# binary COPY out of the table and into a new one of the same columns
$node->safe_psql('src', qq{
COPY t TO '$dir/t.bin' (FORMAT binary);
CREATE TABLE t_bin (LIKE t);
COPY t_bin FROM '$dir/t.bin' (FORMAT binary);
COPY nan_payload TO '$dir/nan_payload.bin' (FORMAT binary);
TRUNCATE nan_payload;
COPY nan_payload FROM '$dir/nan_payload.bin' (FORMAT binary);
});
is($node->safe_psql('src', $nan_sql), $nan_bits, 'binary COPY: the NaN payloads kept');
is(prints('src', 't_bin', 'v'), $want{v}, 'binary COPY: nvec(compressed) values, forms and bits');
is(prints('src', 't_bin', 'w'), $want{w}, 'binary COPY: plain values');
is(prints('src', 't_bin', 'm'), $plain_forms,
	'binary COPY: a compressed value of a plain column comes back plain, same bits');
is($node->safe_psql('src', 'SELECT count(*) FROM t JOIN t_bin b USING (id)
	WHERE nvec_send(t.v) IS NOT DISTINCT FROM nvec_send(b.v)'), '16',
	'binary COPY: every row');

# ALTER TABLE ... TYPE: the plain column compressed as the column that was
# compressed on insert, then back to nvec (the values as they are: the
# modifier only says how new values are stored), then decompressed
$node->safe_psql('src', q{
CREATE TABLE t_alter AS SELECT id, w AS v FROM t;
ALTER TABLE t_alter ALTER v TYPE nvec(compressed);
});
is(prints('src', 't_alter', 'v'), $want{v},
	'ALTER TYPE nvec(compressed): compressed as on insert, same bits');
is($node->safe_psql('src', q{SELECT format_type(atttypid, atttypmod) FROM pg_attribute
	WHERE attrelid = 't_alter'::regclass AND attname = 'v'}), 'nvec(compressed)',
	'the column is nvec(compressed)');
$node->safe_psql('src', 'ALTER TABLE t_alter ALTER v TYPE nvec');
is(prints('src', 't_alter', 'v'), $want{v}, 'ALTER TYPE nvec: the values as they were');
$node->safe_psql('src', 'ALTER TABLE t_alter ALTER v TYPE nvec USING nvec_decompress(v)');
is(prints('src', 't_alter', 'v'), $want{w}, 'ALTER TYPE nvec USING nvec_decompress: all plain, same bits');
$node->safe_psql('src', 'ALTER TABLE t_alter ALTER v TYPE nvec(compressed)');
is(prints('src', 't_alter', 'v'), $want{v}, 'and compressed again, same forms and bits');

$node->stop;
done_testing();
