"""fusekern.psycopg against the server: every edge both ways, in binary and
text, under each NULL policy; the server's own view of what it received;
float8[]; binary COPY; errors."""

import asyncio
import struct

import numpy as np
import pytest

psycopg = pytest.importorskip("psycopg")

import fusekern  # noqa: E402
import fusekern.psycopg as fkp  # noqa: E402

from conftest import EDGES, assert_same_vector, bits, edge_masked  # noqa: E402

NAN_PAYLOAD = np.array([0x7FF8000000000123, 0xFFF0000000000001], dtype=np.uint64).view(np.float64)


def connect(db, **kw):
    return psycopg.connect(dbname=db, autocommit=True, **kw)


@pytest.fixture(scope="module")
def mconn(db):
    """One registered connection for the many round trips."""
    with connect(db) as c:
        fkp.register(c)
        yield c


@pytest.mark.parametrize("name", sorted(EDGES))
@pytest.mark.parametrize("param", ["b", "t"])
@pytest.mark.parametrize("result", ["binary", "text"])
def test_round_trip(mconn, name, param, result):
    want = edge_masked(name)
    cur = mconn.cursor(binary=(result == "binary"))
    row = cur.execute(
        "WITH t AS (SELECT %%%s::nvec AS v) "
        "SELECT v, length(v), null_count(v), nvec_send(v) FROM t" % param,
        [want]).fetchone()
    got, length, nnulls, sent = row
    assert_same_vector(got, want, "mask")
    # the server holds what was sent: its length, NULLs and bits
    assert length == len(want)
    assert nnulls == int(np.ma.getmaskarray(want).sum())
    assert bytes(sent) == bytes(fusekern.encode_nvec_binary(want))


@pytest.mark.parametrize("name", ["specials with NULL", "len 256, NULLs at every word edge",
                                  "all NULL 130", "empty"])
@pytest.mark.parametrize("result", ["binary", "text"])
def test_nan_policy(db, name, result):
    want = edge_masked(name)
    with connect(db) as c:
        fkp.register(c, nulls="nan")
        got = c.cursor(binary=(result == "binary")).execute(
            "SELECT %b::nvec", [want]).fetchone()[0]
    assert_same_vector(got, want, "nan")


@pytest.mark.parametrize("result", ["binary", "text"])
def test_raise_policy(db, result):
    with connect(db) as c:
        fkp.register(c, nulls="raise")
        cur = c.cursor(binary=(result == "binary"))
        got = cur.execute("SELECT '{1.5,-0}'::nvec").fetchone()[0]
        assert type(got) is np.ndarray and bits(got).tolist() == bits([1.5, -0.0]).tolist()
        with pytest.raises(fusekern.NullElementError, match=r"1 NULL element.*index 64"):
            cur.execute("SELECT nvec_agg(CASE WHEN i = 65 THEN NULL ELSE i END) "
                        "FROM generate_series(1, 70) i").fetchone()


def test_bad_policy(db):
    with connect(db) as c:
        with pytest.raises(ValueError, match="nulls must be one of"):
            fkp.register(c, nulls="zero")


def test_nan_payload_binary_and_text(conn):
    got = conn.cursor(binary=True).execute("SELECT %b::nvec", [NAN_PAYLOAD]).fetchone()[0]
    np.testing.assert_array_equal(bits(got.data), bits(NAN_PAYLOAD))
    # text has no payloads: every NaN reads back as the one quiet NaN
    got = conn.execute("SELECT %t::nvec", [NAN_PAYLOAD]).fetchone()[0]
    assert bits(got.data).tolist() == [0x7FF8000000000000, 0x7FF8000000000000]


def test_server_text_matches(conn):
    v = np.ma.MaskedArray([1.5, 0, np.nan, np.inf, -0.0, 5e-324, 0.1], mask=[0, 1, 0, 0, 0, 0, 0])
    assert conn.execute("SELECT %b::nvec::text", [v]).fetchone()[0] == \
        "{1.5,NULL,NaN,Infinity,-0,5e-324,0.1}"


def test_ten_million(db):
    n = 10_000_000
    rng = np.random.default_rng(10)
    values = rng.standard_normal(n)
    mask = np.zeros(n, dtype=bool)
    mask[[0, 63, 64, 65, 4_999_999, n - 1]] = True
    want = np.ma.MaskedArray(values, mask=mask)
    with connect(db) as c:
        fkp.register(c)
        got, length, nnulls, e66, e65 = c.cursor(binary=True).execute(
            "SELECT v, length(v), null_count(v), v[67], v[66] FROM (SELECT %b::nvec AS v) t",
            [want]).fetchone()
    assert (length, nnulls) == (n, 6)
    assert e66 == values[66] and e65 is None
    assert_same_vector(got, want)


def test_compressed_column(conn):
    rng = np.random.default_rng(3)
    px = np.round(100 + np.cumsum(rng.standard_normal(100_000)), 2)
    mask = np.zeros(px.size, dtype=bool)
    mask[[5, 64, 99_999]] = True
    want = np.ma.MaskedArray(px, mask=mask)
    conn.execute("DROP TABLE IF EXISTS py_comp")
    conn.execute("CREATE TABLE py_comp (id int, px nvec(compressed))")
    conn.execute("INSERT INTO py_comp VALUES (1, %b), (2, %t)", [want, want])
    rows = conn.cursor(binary=True).execute(
        "SELECT id, px, nvec_encoding(px), pg_column_size(px) < 8 * 100000 "
        "FROM py_comp ORDER BY id").fetchall()
    for _, got, encoding, smaller in rows:
        assert encoding == "alp" and smaller
        assert_same_vector(got, want)
    got = conn.execute("SELECT px FROM py_comp WHERE id = 1").fetchone()[0]
    assert_same_vector(got, want, text=True)


def test_nvec_arrays(conn):
    a = edge_masked("len 200, NULLs 63,64,65")
    for binary in (True, False):
        got = conn.cursor(binary=binary).execute(
            "SELECT ARRAY[%b::nvec, NULL, '{}'::nvec]", [a]).fetchone()[0]
        assert isinstance(got, list) and len(got) == 3 and got[1] is None
        assert_same_vector(got[0], a)
        assert got[2].shape == (0,)
    # a list of arrays as a parameter is an nvec[]
    got = conn.execute("SELECT pg_typeof(%s)::text, (%s)[2]",
                       [[np.arange(2.0), np.arange(3.0)]] * 2).fetchone()
    assert got[0] == "nvec[]" and got[1].tolist() == [0.0, 1.0, 2.0]


def test_lists_and_conversions(conn):
    # a list of floats with None is dumped by psycopg as float8[], which
    # the cast (and an nvec column, by the assignment cast) takes
    got = conn.execute("SELECT %s::nvec", [[1.5, None, 3.0]]).fetchone()[0]
    assert got.tolist() == [1.5, None, 3.0]
    # other lists: through as_masked, or any NumPy array of numbers
    got = conn.execute("SELECT %s, %s, %s", [fusekern.as_masked([1, None, 2.5]),
                                             np.array([1, 2], dtype=np.int16),
                                             np.array([0.5], dtype=np.float32)]).fetchone()
    assert got[0].tolist() == [1.0, None, 2.5]
    assert got[1].tolist() == [1.0, 2.0] and got[2].tolist() == [0.5]
    conn.execute("DROP TABLE IF EXISTS py_lists")
    conn.execute("CREATE TABLE py_lists (v nvec)")
    conn.execute("INSERT INTO py_lists VALUES (%s)", [[1.0, None]])
    assert conn.execute("SELECT v::text FROM py_lists").fetchone()[0] == "{1,NULL}"


def test_refused_parameters(conn):
    with pytest.raises(TypeError, match="complex values have no float8 form"):
        conn.execute("SELECT %s", [np.array([1 + 1j])])
    with pytest.raises(TypeError, match="element 1 is str"):
        conn.execute("SELECT %s", [np.array([1.0, "x"], dtype=object)])
    with pytest.raises(ValueError, match="one-dimensional"):
        conn.execute("SELECT %s", [np.zeros((2, 2))])
    # the connection is still usable
    assert conn.execute("SELECT 1").fetchone()[0] == 1


def test_server_refuses_bad_binary(db):
    # a hand-made binary value with a bit past the end: nvec_recv refuses it
    class Raw:
        def __init__(self, b):
            self.b = b

    class RawDumper(psycopg.adapt.Dumper):
        format = psycopg.pq.Format.BINARY

        def dump(self, obj):
            return obj.b

    with connect(db) as c:
        info = fkp.register(c)
        RawDumper.oid = info.oid
        c.adapters.register_dumper(Raw, RawDumper)
        bad = struct.pack(">iii", 0, 2, 1) + struct.pack(">Q", 0b101) + b"\0" * 16
        with pytest.raises(psycopg.errors.InvalidBinaryRepresentation, match="null bitmap"):
            c.execute("SELECT %b", [Raw(bad)])


def test_extension_in_another_schema(schema_db):
    with connect(schema_db) as c:
        assert c.execute("SHOW search_path").fetchone()[0] == '"$user", public'
        info = fkp.register(c)
        assert info.name == "nvec"
        v = fusekern.as_masked([1.0, None, 3.0])
        got, nnulls = c.cursor(binary=True).execute(
            "SELECT %s, fk_ext.null_count(%s)", [v, v]).fetchone()
        assert got.tolist() == [1.0, None, 3.0] and nnulls == 1
        assert c.execute("SELECT '{2,NULL}'::fk_ext.nvec").fetchone()[0].tolist() == [2.0, None]


def test_not_installed():
    from conftest import _admin

    with _admin() as a:
        a.execute("DROP DATABASE IF EXISTS fk_python_none")
        a.execute("CREATE DATABASE fk_python_none")
    with connect("fk_python_none") as c:
        with pytest.raises(psycopg.ProgrammingError, match="not installed"):
            fkp.register(c)


def test_register_on_a_cursor_only(db):
    with connect(db) as c:
        cur = c.cursor(binary=True)
        fkp.register(cur, nulls="nan")
        assert type(cur.execute("SELECT '{1,NULL}'::nvec").fetchone()[0]) is np.ndarray
        # the connection's other cursors are left as they were
        assert c.execute("SELECT '{1,NULL}'::nvec").fetchone()[0] == "{1,NULL}"


def test_arrays_false(db):
    with connect(db) as c:
        fkp.register(c, arrays=False)
        with pytest.raises(psycopg.ProgrammingError, match="cannot adapt type 'ndarray'"):
            c.execute("SELECT %s", [np.arange(2.0)])
        assert c.execute("SELECT '{1,NULL}'::nvec").fetchone()[0].tolist() == [1.0, None]


def test_transaction_state_kept(db):
    with psycopg.connect(dbname=db) as c:
        fkp.register(c)
        assert c.info.transaction_status == psycopg.pq.TransactionStatus.IDLE
        c.execute("SELECT 1")
        fkp.register(c)
        assert c.info.transaction_status == psycopg.pq.TransactionStatus.INTRANS


@pytest.mark.parametrize("nulls", ["mask", "nan"])
def test_float8_array_loader(db, nulls):
    with connect(db) as c:
        fkp.register(c, nulls=nulls, float8_array=True)
        cur = c.cursor(binary=True)
        one, two, empty, lb = cur.execute(
            "SELECT '{1.5,NULL,-0}'::float8[], '{{1,NULL,3},{4,5,NULL}}'::float8[], "
            "'{}'::float8[], '[0:2]={7,8,9}'::float8[]").fetchone()
        assert_same_vector(one, np.ma.MaskedArray([1.5, 0, -0.0], mask=[0, 1, 0]), nulls)
        want2 = np.ma.MaskedArray([[1.0, 0, 3], [4, 5, 0]], mask=[[0, 1, 0], [0, 0, 1]])
        assert two.shape == (2, 3)
        assert_same_vector(two.reshape(-1), want2.reshape(-1), nulls)
        assert empty.shape == (0,)
        assert np.asarray(lb).tolist() == [7.0, 8.0, 9.0]
        # 10^6 elements with NULLs, read back as the server holds them
        n = 1_000_000
        big = cur.execute(
            "SELECT array_agg(CASE WHEN i %% 1000 = 7 THEN NULL ELSE i END ORDER BY i)::float8[] "
            "FROM generate_series(0, %s) i", [n - 1]).fetchone()[0]
        want = np.ma.MaskedArray(np.arange(n, dtype=np.float64), mask=np.arange(n) % 1000 == 7)
        assert_same_vector(big, want, nulls)
        # text results keep psycopg's lists
        assert c.execute("SELECT '{1,NULL}'::float8[]").fetchone()[0] == [1.0, None]


def test_copy_series_1000_by_10000(conn):
    rng = np.random.default_rng(1000)
    matrix = np.round(100 + np.cumsum(rng.standard_normal((1000, 10_000)), axis=1), 2)
    mask = np.zeros(matrix.shape, dtype=bool)
    mask[::7, 63] = True
    mask[3, :] = True
    series = np.ma.MaskedArray(matrix, mask=mask)
    keys = ["s%04d" % i for i in range(1000)]
    conn.execute("DROP TABLE IF EXISTS py_copy")
    conn.execute("CREATE TABLE py_copy (sym text, px nvec(compressed))")
    assert fkp.copy_series(conn, "py_copy", series, key_column="sym", value_column="px",
                           keys=keys) == 1000
    stats = conn.execute(
        "SELECT count(*), min(length(px)), max(length(px)), sum(null_count(px)), "
        "count(*) FILTER (WHERE nvec_encoding(px) = 'alp') FROM py_copy").fetchone()
    assert stats == (1000, 10_000, 10_000, int(mask.sum()), 1000)
    got = fkp.read_matrix(conn, "SELECT px FROM py_copy ORDER BY sym", nulls="mask")
    assert got.shape == (1000, 10_000)
    np.testing.assert_array_equal(got.mask, mask)
    np.testing.assert_array_equal(bits(got.data[~mask]), bits(matrix[~mask]))
    nan = fkp.read_matrix(conn, "SELECT px FROM py_copy ORDER BY sym")
    assert type(nan) is np.ndarray and np.isnan(nan[mask]).all()


def test_copy_rows_by_hand(conn):
    # copy.set_types with the type's name, as docs/python.md shows
    conn.execute("DROP TABLE IF EXISTS py_copy2")
    conn.execute("CREATE TABLE py_copy2 (id int, v nvec)")
    cur = conn.cursor()
    with cur.copy("COPY py_copy2 (id, v) FROM STDIN (FORMAT binary)") as copy:
        copy.set_types(["int4", "nvec"])
        copy.write_row((1, np.arange(3.0)))
        copy.write_row((2, [1.0, None]))
        copy.write_row((3, None))
    with cur.copy("COPY (SELECT id, v FROM py_copy2 ORDER BY id) TO STDOUT (FORMAT binary)") as copy:
        copy.set_types(["int4", "nvec"])
        rows = list(copy.rows())
    assert [r[0] for r in rows] == [1, 2, 3]
    assert rows[0][1].tolist() == [0.0, 1.0, 2.0]
    assert rows[1][1].tolist() == [1.0, None] and rows[2][1] is None


def test_copy_series_forms(conn):
    conn.execute("DROP TABLE IF EXISTS py_copy3")
    conn.execute("CREATE TABLE py_copy3 (v nvec)")
    # an iterable of vectors of any lengths, no key column
    n = fkp.copy_series(conn, "py_copy3", [np.arange(2.0), [None], fusekern.as_masked([])])
    assert n == 3
    assert conn.execute("SELECT array_agg(v::text ORDER BY length(v) DESC, v::text) "
                        "FROM py_copy3").fetchone()[0] == ["{0,1}", "{NULL}", "{}"]
    with pytest.raises(ValueError, match="2-D array"):
        fkp.copy_series(conn, "py_copy3", np.zeros(3))
    with pytest.raises(ValueError, match="needs keys"):
        fkp.copy_series(conn, "py_copy3", np.zeros((1, 3)), key_column="k")
    with pytest.raises(psycopg.errors.UndefinedTable):
        fkp.copy_series(conn, ("public", "py_no_such_table"), np.zeros((1, 3)))


def test_read_matrix_errors(conn):
    with pytest.raises(ValueError, match="differ in length"):
        fkp.read_matrix(conn, "SELECT '{1}'::nvec UNION ALL SELECT '{1,2}'::nvec")
    with pytest.raises(ValueError, match="row 1: the vector is NULL"):
        fkp.read_matrix(conn, "SELECT v FROM (VALUES ('{1}'::nvec), (NULL)) t(v)")
    with pytest.raises(fusekern.NullElementError):
        fkp.read_matrix(conn, "SELECT '{1,NULL}'::nvec", nulls="raise")
    got = fkp.read_matrix(conn, "SELECT x FROM (VALUES ('{1,2}'::float8[]), ('{3,4}')) t(x)")
    assert got.tolist() == [[1.0, 2.0], [3.0, 4.0]]
    assert fkp.read_matrix(conn, "SELECT '{1}'::nvec WHERE false").shape == (0, 0)


def test_read_matrix_forms(conn):
    # parameters (merged on the client: COPY takes none), float8[] with
    # NULLs, nvec with NULLs at word edges, under each policy
    q = ("SELECT CASE WHEN %s THEN px::float8[] END FROM "
         "(SELECT i, nvec_agg(CASE WHEN j IN (1, 64, 65) AND i = 2 THEN NULL ELSE i * 1000 + j END"
         " ORDER BY j) AS px FROM generate_series(1, 3) i, generate_series(1, 130) j GROUP BY i) t "
         "ORDER BY i")
    want = np.arange(1, 131, dtype=np.float64) + 1000 * np.arange(1, 4)[:, None]
    mask = np.zeros(want.shape, dtype=bool)
    mask[1, [0, 63, 64]] = True
    for arr in (True, False):
        qq = q if arr else q.replace("px::float8[]", "px")
        got = fkp.read_matrix(conn, qq, [True], nulls="mask")
        np.testing.assert_array_equal(got.mask, mask)
        np.testing.assert_array_equal(got.data[~mask], want[~mask])
        nan = fkp.read_matrix(conn, qq, [True])
        assert np.isnan(nan[mask]).all() and np.array_equal(nan[~mask], want[~mask])
        with pytest.raises(fusekern.NullElementError, match=r"row 1 .*index 0"):
            fkp.read_matrix(conn, qq, [True], nulls="raise")
    with pytest.raises(ValueError, match="row 0: the vector is NULL"):
        fkp.read_matrix(conn, q, [False])
    with pytest.raises(ValueError, match="2 dimensions, not one"):
        fkp.read_matrix(conn, "SELECT '{{1,2},{3,4}}'::float8[]")
    # the connection is usable after each
    assert conn.execute("SELECT 1").fetchone()[0] == 1
    # a sql object, and rows wider than one COPY message chunk of psycopg
    from psycopg import sql
    got = fkp.read_matrix(conn, sql.SQL("SELECT nvec_agg(i::float8 ORDER BY i) FROM "
                                        "generate_series(1, {}) i").format(200_000))
    assert got.shape == (1, 200_000) and got[0, -1] == 200_000.0


def test_copy_stream_split_anywhere():
    # a binary COPY stream (header with an extension area, rows of two
    # fields, a NULL, the trailer) cut into chunks at every place
    rows = [fusekern.encode_nvec_binary([1.0, None]), None, fusekern.encode_nvec_binary([])]
    stream = b"PGCOPY\n\xff\r\n\0" + struct.pack(">ii", 0, 3) + b"abc"
    for v in rows:
        stream += struct.pack(">h", 2)
        stream += struct.pack(">i", -1) if v is None else struct.pack(">i", len(v)) + bytes(v)
        stream += struct.pack(">i", 1) + b"k"
    stream += struct.pack(">h", -1)
    for cut in range(1, len(stream)):
        got = list(fkp._copy_first_fields([stream[:cut], stream[cut:]]))
        assert [None if g is None else bytes(g) for g in got] == \
            [None if v is None else bytes(v) for v in rows], cut


def test_async(db):
    async def main():
        async with await psycopg.AsyncConnection.connect(dbname=db, autocommit=True) as c:
            await fkp.register_async(c, nulls="nan")
            want = edge_masked("len 200, NULLs 63,64,65")
            cur = c.cursor(binary=True)
            await cur.execute("SELECT %s::nvec", [want])
            got = (await cur.fetchone())[0]
            assert_same_vector(got, want, "nan")

    asyncio.run(main())
