"""nvec as NumPy arrays through asyncpg.

    import asyncpg, fusekern.asyncpg
    conn = await asyncpg.connect()
    await fusekern.asyncpg.register(conn)            # nulls='mask' by default
    v = await conn.fetchval("SELECT '{1.5,NULL,2}'::nvec")

    pool = await asyncpg.create_pool(init=fusekern.asyncpg.register)

register() sets a binary codec on nvec in the schema where the extension
lives: results become NumPy arrays under the NULL policy, and parameters and
binary COPY (conn.copy_records_to_table) take NumPy arrays, masked arrays
and sequences with None.  asyncpg handles nvec[] through the same codec.
asyncpg allows codecs on scalar types only, so float8[] keeps asyncpg's own
(lists).
"""

import functools

from ._codec import check_nulls, decode_nvec_binary, encode_nvec_binary

__all__ = ["register"]

_EXT_SCHEMA = (
    "SELECT n.nspname FROM pg_catalog.pg_extension e"
    " JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace"
    " WHERE e.extname = 'fusekern'"
)


async def register(conn, *, nulls="mask"):
    """Set the nvec codec on an asyncpg connection (usable as a pool's init).

    nulls: 'mask' (numpy.ma.MaskedArray), 'nan' (NULL elements become NaN
    and look like NaN elements) or 'raise' (fusekern.NullElementError).
    Raises LookupError when the extension is not installed in the
    connection's database.
    """
    check_nulls(nulls)
    schema = await conn.fetchval(_EXT_SCHEMA)
    if schema is None:
        raise LookupError(
            "the fusekern extension is not installed in this database "
            "(CREATE EXTENSION fusekern)")
    await conn.set_type_codec(
        "nvec", schema=schema, format="binary",
        encoder=encode_nvec_binary,
        decoder=functools.partial(decode_nvec_binary, nulls=nulls))
