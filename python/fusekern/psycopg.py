"""nvec and float8[] as NumPy arrays through psycopg 3.

    import psycopg, fusekern.psycopg
    conn = psycopg.connect()
    fusekern.psycopg.register(conn)           # nulls='mask' by default
    v = conn.execute("SELECT '{1.5,NULL,2}'::nvec").fetchone()[0]
    # masked_array(data=[1.5, --, 2.0], mask=[False, True, False])

register() looks the type up with TypeInfo.fetch in the schema where the
extension lives, then registers, on the connection or cursor given:

- loaders for nvec in text and binary (binary results: np.frombuffer on
  the value, the validity bitmap turned into the mask by np.unpackbits);
- dumpers for NumPy arrays and masked arrays (NaN stays NaN, a masked
  element is sent as NULL), in text (%t) and binary (%s, %b), with nvec's
  OID: an array passed as a parameter is sent as an nvec, and stores into
  an nvec column or an nvec(compressed) one (float8[] columns take it by
  the assignment cast);
- nvec[] arrays of those (through psycopg's array adapters);
- with float8_array=True, a binary loader for float8[] that gives NumPy
  arrays (1-D or n-D) under the same NULL policy.

copy_series() writes many series by binary COPY; read_matrix() reads one
vector column into a 2-D array.
"""

import struct

import numpy as np
import psycopg
from psycopg import sql
from psycopg.adapt import Dumper, Loader
from psycopg.pq import Format
from psycopg.types import TypeInfo

from . import _codec
from ._codec import (
    NullElementError,
    check_nulls,
    decode_float8_array_binary,
    decode_nvec_binary,
    decode_nvec_text,
    encode_nvec_binary,
    encode_nvec_text,
)

__all__ = ["register", "register_async", "copy_series", "read_matrix", "nvec_info"]

FLOAT8_ARRAY_OID = 1022

# The schema of the extension, qualified type name built from it
_EXT_SCHEMA = (
    "SELECT n.nspname FROM pg_catalog.pg_extension e"
    " JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace"
    " WHERE e.extname = 'fusekern'"
)


class _NVecTextLoader(Loader):
    format = Format.TEXT
    nulls = "mask"

    def load(self, data):
        return decode_nvec_text(data, self.nulls)


class _NVecBinaryLoader(Loader):
    format = Format.BINARY
    nulls = "mask"

    def load(self, data):
        return decode_nvec_binary(data, self.nulls)


class _Float8ArrayBinaryLoader(Loader):
    format = Format.BINARY
    nulls = "mask"

    def load(self, data):
        return decode_float8_array_binary(data, self.nulls)


class _NVecTextDumper(Dumper):
    format = Format.TEXT

    def dump(self, obj):
        return encode_nvec_text(obj).encode("ascii")


class _NVecBinaryDumper(Dumper):
    format = Format.BINARY

    def dump(self, obj):
        return encode_nvec_binary(obj)


def _context(conn_or_cursor):
    """(connection, adapt context) of a connection or a cursor."""
    conn = getattr(conn_or_cursor, "connection", None)
    if isinstance(conn, (psycopg.Connection, psycopg.AsyncConnection)):
        return conn, conn_or_cursor
    return conn_or_cursor, conn_or_cursor


def _not_installed():
    return psycopg.ProgrammingError(
        "the fusekern extension is not installed in this database "
        "(CREATE EXTENSION fusekern)")


def nvec_info(conn):
    """psycopg's TypeInfo of nvec, looked up in the extension's schema."""
    with conn.transaction():
        row = conn.execute(_EXT_SCHEMA).fetchone()
    if row is None:
        raise _not_installed()
    info = TypeInfo.fetch(conn, sql.Identifier(row[0], "nvec"))
    if info is None:
        raise _not_installed()
    return info


async def _nvec_info_async(aconn):
    async with aconn.transaction():
        cur = await aconn.execute(_EXT_SCHEMA)
        row = await cur.fetchone()
    if row is None:
        raise _not_installed()
    info = await TypeInfo.fetch(aconn, sql.Identifier(row[0], "nvec"))
    if info is None:
        raise _not_installed()
    return info


def _register_info(info, context, nulls, arrays, float8_array):
    check_nulls(nulls)
    info.register(context)
    adapters = context.adapters
    attrs = {"nulls": nulls}
    adapters.register_loader(info.oid, type("NVecTextLoader", (_NVecTextLoader,), attrs))
    adapters.register_loader(info.oid, type("NVecBinaryLoader", (_NVecBinaryLoader,), attrs))
    text = type("NVecTextDumper", (_NVecTextDumper,), {"oid": info.oid})
    binary = type("NVecBinaryDumper", (_NVecBinaryDumper,), {"oid": info.oid})
    # by OID (copy.set_types, nvec[] elements); for NumPy arrays when
    # arrays=True; the binary one last, so that %s picks it
    classes = [np.ndarray, np.ma.MaskedArray] if arrays else [None]
    for cls in classes:
        adapters.register_dumper(cls, text)
        adapters.register_dumper(cls, binary)
    if float8_array:
        adapters.register_loader(
            FLOAT8_ARRAY_OID, type("Float8ArrayBinaryLoader", (_Float8ArrayBinaryLoader,), attrs))
    return info


def register(conn_or_cursor, *, nulls="mask", arrays=True, float8_array=False):
    """Register the nvec adapters on a psycopg connection or cursor.

    nulls: what a NULL element of a loaded vector becomes: 'mask' (a
    numpy.ma.MaskedArray whose mask is True there; numpy.ma.nomask when
    there is none), 'nan' (a float64 ndarray with NaN there: NaN elements
    and NULL elements then look the same) or 'raise'
    (fusekern.NullElementError).
    arrays: send NumPy arrays and masked arrays given as parameters as
    nvec (False: leave NumPy arrays to whatever else is registered; nvec
    values are still dumped by OID, in binary COPY).
    float8_array: also load float8[] results in binary format as NumPy
    arrays (cursor(binary=True)), under the same NULL policy.

    Returns the TypeInfo of nvec.  Raises psycopg.ProgrammingError when the
    extension is not installed in the connection's database.
    """
    check_nulls(nulls)
    conn, context = _context(conn_or_cursor)
    return _register_info(nvec_info(conn), context, nulls, arrays, float8_array)


async def register_async(aconn_or_cursor, *, nulls="mask", arrays=True, float8_array=False):
    """register() for a psycopg.AsyncConnection or AsyncCursor."""
    check_nulls(nulls)
    aconn, context = _context(aconn_or_cursor)
    info = await _nvec_info_async(aconn)
    return _register_info(info, context, nulls, arrays, float8_array)


def _table(table):
    if isinstance(table, sql.Composable):
        return table
    if isinstance(table, (tuple, list)):
        return sql.Identifier(*table)
    return sql.Identifier(table)


def _series_rows(data):
    """(keys, rows) of data: a 2-D array (rows), a DataFrame (columns) or
    an iterable of 1-D arrays."""
    if hasattr(data, "columns") and hasattr(data, "iloc"):
        from .pandas import _frame_columns
        return _frame_columns(data)
    if isinstance(data, np.ndarray):
        if data.ndim != 2:
            raise ValueError(
                "copy_series takes a 2-D array (one series a row), not shape %s"
                % (data.shape,))
        return None, iter(data)
    return None, iter(data)


def copy_series(conn_or_cursor, table, data, *, value_column="v", key_column=None,
                keys=None, key_type="text"):
    """Write series into table by COPY ... FROM STDIN (FORMAT binary).

    data: a 2-D NumPy array or masked array (each row a series), a pandas
    DataFrame (each column a series, its labels the keys) or any iterable
    of vectors (arrays, masked arrays, lists with None).
    table: a name, a (schema, name) tuple or a psycopg.sql object.
    value_column: the nvec column (plain or nvec(compressed): the server
    compresses what it receives).  key_column: a column that gets keys[i]
    (key_type, the SQL type of its values, 'text' by default) with series i;
    keys defaults to a DataFrame's column labels.
    Returns the number of rows written.
    """
    conn, _ = _context(conn_or_cursor)
    frame_keys, rows = _series_rows(data)
    if key_column is not None and keys is None:
        if frame_keys is None:
            raise ValueError("copy_series: key_column needs keys (or a DataFrame)")
        keys = [str(k) for k in frame_keys]
    cols = [value_column] if key_column is None else [key_column, value_column]
    stmt = sql.SQL("COPY {} ({}) FROM STDIN (FORMAT binary)").format(
        _table(table), sql.SQL(", ").join(sql.Identifier(c) for c in cols))
    own = conn_or_cursor is conn
    cur = conn.cursor() if own else conn_or_cursor
    try:
        return _copy_rows(cur, stmt, rows, key_column, keys, key_type)
    finally:
        if own:
            cur.close()


def _copy_rows(cur, stmt, rows, key_column, keys, key_type):
    info = _registered_info(cur)
    if info is None:
        info = register(cur, arrays=False)
    types = [info.oid] if key_column is None else [key_type, info.oid]
    n = 0
    with cur.copy(stmt) as copy:
        copy.set_types(types)
        if key_column is None:
            for row in rows:
                copy.write_row((row,))
                n += 1
        else:
            keys = list(keys)
            for key, row in zip(keys, rows):
                copy.write_row((key, row))
                n += 1
            if n != len(keys):
                raise ValueError("copy_series: %d keys for %d series" % (len(keys), n))
    return n


def _registered_info(context):
    """nvec's TypeInfo when register() ran on the context, else None."""
    try:
        info = context.adapters.types.get("nvec")
    except Exception:
        return None
    if info is None:
        return None
    try:
        context.adapters.get_dumper_by_oid(info.oid, Format.BINARY)
    except Exception:
        return None
    return info


def read_matrix(conn, query, params=None, *, nulls="nan"):
    """The first column of a query's rows (nvec or float8[], one length) as
    one 2-D array of shape (rows, length).

    The rows are read by COPY (query) TO STDOUT (FORMAT binary), so that
    neither libpq nor psycopg holds the whole result: each row's value is
    decoded straight into its row of the array.  query: a string or a
    psycopg.sql object; params are merged into it on the client (COPY takes
    no parameters).  nulls='nan' (default) gives a float64 ndarray, 'mask' a
    masked array, 'raise' raises fusekern.NullElementError at a NULL
    element.  A NULL vector is an error: give the query a WHERE v IS NOT
    NULL or coalesce().
    """
    check_nulls(nulls)
    if not isinstance(query, sql.Composable):
        query = sql.SQL(query)
    stmt = sql.SQL("COPY ({}) TO STDOUT (FORMAT binary)").format(query)
    with conn.cursor() as cur:
        with cur.copy(stmt, params) as copy:
            fields = list(_copy_first_fields(copy))
    return _fields_matrix(fields, nulls)


_COPY_SIGNATURE = b"PGCOPY\n\xff\r\n\0"


def _copy_first_fields(chunks):
    """The first field of each row of a binary COPY TO stream: a memoryview
    of its bytes, or None for NULL.  The server sends one row a message;
    a row split across chunks is put together."""
    buf = memoryview(b"")
    header = True
    done = False
    for chunk in chunks:
        if done:
            continue        # (the stream is read to its end all the same)
        chunk = memoryview(chunk)
        buf = chunk if not len(buf) else memoryview(bytes(buf) + bytes(chunk))
        pos = 0
        if header:
            if len(buf) < 19:
                continue
            if bytes(buf[:11]) != _COPY_SIGNATURE:
                raise ValueError("not a binary COPY stream")
            ext = struct.unpack_from(">i", buf, 15)[0]
            if len(buf) < 19 + ext:
                continue
            pos = 19 + ext
            header = False
        size = len(buf)
        while size - pos >= 2:
            nfields = struct.unpack_from(">h", buf, pos)[0]
            if nfields == -1:
                done = True
                break
            p = pos + 2
            first = None
            for f in range(nfields):
                if size - p < 4:
                    break
                flen = struct.unpack_from(">i", buf, p)[0]
                p += 4
                if flen >= 0:
                    if size - p < flen:
                        break
                    if f == 0:
                        first = buf[p:p + flen]
                    p += flen
            else:
                yield first
                pos = p
                continue
            break
        buf = buf[pos:] if not done else memoryview(b"")


def _fields_matrix(fields, nulls):
    """The vectors of a binary COPY's first fields (nvec or float8[]) as one
    (rows, length) array under nulls."""
    if not fields:
        out = np.empty((0, 0), dtype=np.float64)
        return np.ma.MaskedArray(out) if nulls == "mask" else out
    for i, f in enumerate(fields):
        if f is None:
            raise ValueError("row %d: the vector is NULL" % i)
    first = fields[0]
    # nvec's binary form starts with flags 0, float8[]'s with its number of
    # dimensions (0 only when empty: 12 bytes, element type 701 third)
    i0, i1, i2 = struct.unpack_from(">iii", first, 0) if len(first) >= 12 else (0, 0, 0)
    is_nvec = not (i0 != 0 or (len(first) == 12 and i2 == 701))
    if is_nvec:
        width = i1
    elif i0 > 1:
        raise ValueError("row 0: a float8[] of %d dimensions, not one" % i0)
    else:
        width = struct.unpack_from(">i", first, 12)[0] if i0 == 1 else 0
    if width < 0:
        raise ValueError("row 0: invalid length %d" % width)
    out = np.empty((len(fields), width), dtype=np.float64)
    mask = None
    for i, f in enumerate(fields):
        if is_nvec:
            n = struct.unpack_from(">i", f, 4)[0] if len(f) >= 12 else width
            if n != width:
                raise ValueError("the vectors differ in length (%d, %d)" % (width, n))
            try:
                m = _codec.decode_nvec_binary_into(f, out[i])
            except ValueError as exc:
                raise ValueError("row %d: %s" % (i, exc)) from None
        elif len(f) == 20 + 12 * width and struct.unpack_from(">ii", f, 0) == (1, 0):
            # one dimension, no NULL: (length, value) pairs, read in one pass
            rec = np.frombuffer(f, dtype=_codec._ARRAY_ELEM, count=width, offset=20)
            if struct.unpack_from(">i", f, 12)[0] != width or not (rec["len"] == 8).all():
                raise ValueError("row %d: invalid float8[] binary value" % i)
            out[i] = rec["val"]
            m = None
        else:
            v = decode_float8_array_binary(f, "mask")
            if v.ndim != 1:
                raise ValueError("row %d: a float8[] of %d dimensions, not one" % (i, v.ndim))
            if v.shape[0] != width:
                raise ValueError("the vectors differ in length (%d, %d)" % (width, v.shape[0]))
            out[i] = v.data
            m = None if v.mask is np.ma.nomask or not v.mask.any() else v.mask
        if m is not None:
            if mask is None:
                mask = np.zeros(out.shape, dtype=bool)
            mask[i] = m
    if nulls == "mask":
        return np.ma.MaskedArray(out, mask=np.ma.nomask if mask is None else mask)
    if mask is not None:
        if nulls == "raise":
            r, c = np.argwhere(mask)[0]
            raise NullElementError(
                "row %d holds a NULL element (at index %d) and nulls='raise'" % (r, c))
        out[mask] = np.nan
    return out


def stack_vectors(vectors, nulls="nan"):
    """Vectors of one length as one 2-D array (masked when nulls='mask')."""
    for i, v in enumerate(vectors):
        if v is None:
            raise ValueError("row %d: the vector is NULL" % i)
        if np.ndim(v) != 1:
            raise ValueError("row %d: a vector of shape %s, not one-dimensional"
                             % (i, np.shape(v)))
    lengths = {len(v) for v in vectors}
    if len(lengths) > 1:
        raise ValueError("the vectors differ in length (%s)"
                         % ", ".join(str(x) for x in sorted(lengths)[:5]))
    width = lengths.pop() if lengths else 0
    out = np.empty((len(vectors), width), dtype=np.float64)
    if nulls != "mask":
        for i, v in enumerate(vectors):
            out[i] = v
        return out
    mask = np.zeros(out.shape, dtype=bool)
    for i, v in enumerate(vectors):
        out[i] = np.ma.getdata(v)
        m = np.ma.getmask(v)
        if m is not np.ma.nomask:
            mask[i] = m
    return np.ma.MaskedArray(out, mask=mask)
