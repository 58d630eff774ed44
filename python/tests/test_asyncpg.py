"""fusekern.asyncpg against the server: the codec both ways, the NULL
policies, a pool's init, binary COPY, errors."""

import asyncio
import functools

import numpy as np
import pytest

asyncpg = pytest.importorskip("asyncpg")

import fusekern  # noqa: E402
import fusekern.asyncpg as fka  # noqa: E402

from conftest import EDGES, assert_same_vector, bits, edge_masked  # noqa: E402


def run(db, body, **register_kw):
    async def main():
        conn = await asyncpg.connect(database=db)
        try:
            await fka.register(conn, **register_kw)
            return await body(conn)
        finally:
            await conn.close()

    return asyncio.run(main())


def test_edges(db):
    async def body(conn):
        for name in sorted(EDGES):
            want = edge_masked(name)
            got, length, nnulls, sent = await conn.fetchrow(
                "SELECT $1::nvec, length($1::nvec), null_count($1::nvec), nvec_send($1::nvec)",
                want)
            assert_same_vector(got, want)
            assert length == len(want) and nnulls == int(want.mask.sum())
            assert sent == bytes(fusekern.encode_nvec_binary(want))

    run(db, body)


@pytest.mark.parametrize("nulls", ["nan", "raise"])
def test_policies(db, nulls):
    async def body(conn):
        want = edge_masked("len 256, NULLs at every word edge")
        if nulls == "raise":
            with pytest.raises(fusekern.NullElementError, match="index 0"):
                await conn.fetchval("SELECT $1::nvec", want)
            got = await conn.fetchval("SELECT '{1,2}'::nvec")
            assert type(got) is np.ndarray and got.tolist() == [1.0, 2.0]
        else:
            assert_same_vector(await conn.fetchval("SELECT $1::nvec", want), want, "nan")

    run(db, body, nulls=nulls)


def test_parameters_of_every_form(db):
    async def body(conn):
        await conn.execute("DROP TABLE IF EXISTS pya_forms")
        await conn.execute("CREATE TABLE pya_forms (id int, v nvec)")
        # the parameter's type comes from the server: lists with None work
        await conn.executemany("INSERT INTO pya_forms VALUES ($1, $2)", [
            (1, [1, None, 2.5]), (2, (None,)), (3, np.arange(3, dtype=np.int32)),
            (4, np.ma.MaskedArray([1.0, 2.0], mask=[True, False])), (5, []), (6, None)])
        rows = await conn.fetch("SELECT id, v::text FROM pya_forms ORDER BY id")
        assert [r[1] for r in rows] == ["{1,NULL,2.5}", "{NULL}", "{0,1,2}", "{NULL,2}", "{}", None]
        # asyncpg reports the encoder's error as a DataError naming the argument
        with pytest.raises(asyncpg.DataError, match=r"\$1: .*element 1 is str '2', not a number"):
            await conn.fetchval("SELECT $1::nvec", [1.0, "2"])
        with pytest.raises(asyncpg.DataError, match="complex values have no float8 form"):
            await conn.fetchval("SELECT $1::nvec", np.array([1j]))
        assert await conn.fetchval("SELECT 1") == 1

    run(db, body)


def test_nan_payload_and_arrays(db):
    async def body(conn):
        payload = np.array([0x7FF8000000000123], dtype=np.uint64).view(np.float64)
        got = await conn.fetchval("SELECT $1::nvec", payload)
        assert bits(got.data).tolist() == [0x7FF8000000000123]
        arr = await conn.fetchval("SELECT ARRAY['{1,NULL}'::nvec, NULL]")
        assert arr[0].tolist() == [1.0, None] and arr[1] is None
        # float8[] keeps asyncpg's own codec (lists)
        assert await conn.fetchval("SELECT '{1,NULL}'::float8[]") == [1.0, None]

    run(db, body)


def test_pool_init_and_copy(db):
    async def main():
        pool = await asyncpg.create_pool(database=db, min_size=1, max_size=2,
                                         init=functools.partial(fka.register, nulls="nan"))
        try:
            async with pool.acquire() as conn:
                await conn.execute("DROP TABLE IF EXISTS pya_copy")
                await conn.execute("CREATE TABLE pya_copy (sym text, px nvec(compressed))")
                rng = np.random.default_rng(5)
                px = np.round(50 + np.cumsum(rng.standard_normal((20, 5000)), axis=1), 2)
                mask = np.zeros(px.shape, dtype=bool)
                mask[:, 64] = True
                records = [("s%02d" % i, np.ma.MaskedArray(px[i], mask=mask[i]))
                           for i in range(20)]
                await conn.copy_records_to_table("pya_copy", records=records)
                rows = await conn.fetch(
                    "SELECT sym, px, nvec_encoding(px) FROM pya_copy ORDER BY sym")
            assert [r[2] for r in rows] == ["alp"] * 20
            for i, r in enumerate(rows):
                assert type(r[1]) is np.ndarray and np.isnan(r[1][64])
                np.testing.assert_array_equal(np.delete(r[1], 64), np.delete(px[i], 64))
        finally:
            await pool.close()

    asyncio.run(main())


def test_extension_in_another_schema(schema_db):
    async def body(conn):
        got = await conn.fetchval("SELECT fk_ext.null_count($1::fk_ext.nvec)", [1.0, None])
        assert got == 1
        v = await conn.fetchval("SELECT '{3,NULL}'::fk_ext.nvec")
        assert v.tolist() == [3.0, None]

    run(schema_db, body)


def test_not_installed():
    from conftest import _admin

    with _admin() as a:
        a.execute("DROP DATABASE IF EXISTS fk_python_none2")
        a.execute("CREATE DATABASE fk_python_none2")

    async def main():
        conn = await asyncpg.connect(database="fk_python_none2")
        try:
            with pytest.raises(LookupError, match="not installed"):
                await fka.register(conn)
        finally:
            await conn.close()

    asyncio.run(main())
