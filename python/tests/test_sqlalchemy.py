"""fusekern.sqlalchemy against the server, on every PostgreSQL driver
installed (psycopg2, psycopg 3 with SQLAlchemy 2.0, asyncpg), with and
without the drivers' binary adapters (register)."""

import asyncio
import datetime
import struct

import numpy as np
import pytest

sa = pytest.importorskip("sqlalchemy")

from sqlalchemy import Column, Integer, MetaData, Table, Text, func, select, text  # noqa: E402

import fusekern.sqlalchemy as fks  # noqa: E402
from fusekern.sqlalchemy import NVec  # noqa: E402

from conftest import assert_same_vector, bits, edge_masked  # noqa: E402

SA2 = int(sa.__version__.split(".")[0]) >= 2


def _driver_available(driver):
    try:
        __import__({"psycopg2": "psycopg2", "psycopg": "psycopg", "asyncpg": "asyncpg"}[driver])
    except ImportError:
        return False
    if driver == "psycopg" and not SA2:
        return False
    if driver == "asyncpg":
        try:
            import greenlet  # noqa: F401
        except ImportError:
            return False
    return True


ENGINES = []
for _d in ("psycopg2", "psycopg", "asyncpg"):
    for _reg in ((False, True) if _d != "psycopg2" else (False,)):
        _id = "%s%s" % (_d, "+register" if _reg else "")
        _marks = [] if _driver_available(_d) else [pytest.mark.skip(
            reason="%s is not installed%s" % (_d, " (or SQLAlchemy < 2.0)" if _d == "psycopg" else ""))]
        ENGINES.append(pytest.param(_d, _reg, id=_id, marks=_marks))


def with_engine(db, driver, registered, body):
    """body(sync connection) in a transaction, on the engine for driver."""
    url = "postgresql+%s:///%s" % (driver, db)
    if driver == "asyncpg":
        from sqlalchemy.ext.asyncio import create_async_engine

        async def main():
            engine = create_async_engine(url)
            if registered:
                assert fks.register(engine) is True
            try:
                async with engine.begin() as conn:
                    return await conn.run_sync(body)
            finally:
                await engine.dispose()

        return asyncio.run(main())
    engine = sa.create_engine(url)
    if registered:
        assert fks.register(engine) is True
    else:
        assert driver == "psycopg2" or True
    try:
        with engine.begin() as conn:
            return body(conn)
    finally:
        engine.dispose()


def _table(md, name):
    return Table(name, md,
                 Column("id", Integer, primary_key=True),
                 Column("px", NVec()),
                 Column("pc", NVec(compressed=True)),
                 Column("a", sa.ARRAY(sa.Float)))


@pytest.mark.parametrize("driver, registered", ENGINES)
def test_round_trip(db, driver, registered):
    name = "sa_rt_%s_%d" % (driver, registered)
    edge = edge_masked("len 256, NULLs at every word edge")
    series = np.round(10 + np.cumsum(np.random.default_rng(2).standard_normal(5000)), 2)

    def body(conn):
        md = MetaData()
        t = _table(md, name)
        conn.execute(text("DROP TABLE IF EXISTS %s" % name))
        md.create_all(conn)
        conn.execute(t.insert(), [
            {"id": 1, "px": edge, "pc": series, "a": [1.0, 2.0]},
            {"id": 2, "px": [1, None, 2.5], "pc": np.arange(3, dtype=np.int32), "a": [4.0, 8.0]},
            {"id": 3, "px": None, "pc": np.ma.MaskedArray([0.0, 1.0], mask=[1, 0]), "a": None},
        ])
        rows = conn.execute(select(t.c.id, t.c.px, t.c.pc, func.nvec_encoding(t.c.pc))
                            .order_by(t.c.id)).all()
        assert_same_vector(rows[0][1], edge)
        np.testing.assert_array_equal(rows[0][2], series)
        assert rows[0][3] == "alp"
        assert rows[1][1].tolist() == [1.0, None, 2.5] and rows[1][2].tolist() == [0.0, 1.0, 2.0]
        assert rows[2][1] is None and rows[2][2].tolist() == [None, 1.0]
        # what the server holds
        assert conn.execute(text("SELECT px::text FROM %s WHERE id = 2" % name)).scalar() == \
            "{1,NULL,2.5}"
        # comparisons and WHERE with an array
        assert conn.execute(select(t.c.id).where(t.c.px == np.array([1.0, np.nan, 2.5])
                                                 )).all() == []
        assert conn.execute(select(t.c.id).where(t.c.px == [1, None, 2.5])).scalar() == 2

    with_engine(db, driver, registered, body)


@pytest.mark.parametrize("driver, registered", ENGINES)
def test_binary_when_registered(db, driver, registered):
    payload = np.array([0x7FF8000000000123, 0x3FF8000000000000], dtype=np.uint64).view(np.float64)

    def body(conn):
        t = sa.literal(payload, NVec())
        got, sent = conn.execute(select(t, func.nvec_send(t))).one()
        return bits(got.data).tolist(), bytes(sent)

    got, sent = with_engine(db, driver, registered, body)
    # binary keeps a NaN's payload; text writes every NaN as NaN.  After
    # register(), parameters go in binary with psycopg 3 and asyncpg;
    # results come in binary with asyncpg only (SQLAlchemy's psycopg
    # dialect reads text results)
    canonical = 0x7FF8000000000000
    assert sent[12:20] == struct.pack(">Q", 0x7FF8000000000123 if registered else canonical)
    want = 0x7FF8000000000123 if registered and driver == "asyncpg" else canonical
    assert got == [want, 0x3FF8000000000000]


@pytest.mark.parametrize("driver, registered", ENGINES)
def test_function_types(db, driver, registered):
    name = "sa_fn_%s_%d" % (driver, registered)

    def body(conn):
        md = MetaData()
        t = _table(md, name)
        conn.execute(text("DROP TABLE IF EXISTS %s" % name))
        md.create_all(conn)
        conn.execute(t.insert(), [{"id": 1, "px": [1.0, 2.0, None, 4.0], "a": [1.0, 2.0, 4.0]}])
        q = select(func.vmean(t.c.px), func.dlog(t.c.px, 1), func.dlog(t.c.a, 1),
                   func.vargmax(t.c.px), func.vquantile(t.c.px, [0.5, 1.0]),
                   func.vcount(t.c.px), func.rolling_sum(t.c.px, 2),
                   func.vadd(2.0, t.c.px), func.vmean(np.array([1.0, 2.0])),
                   t.c.px[2], t.c.px[2:3], t.c.px[:2])
        (mean, dl, dla, argmax, quant, count, rsum, vadd, lit, el, sl, head) = conn.execute(q).one()
        assert mean == pytest.approx(7.0 / 3) and isinstance(mean, float)
        assert isinstance(dl, np.ma.MaskedArray)
        assert dl.mask.tolist() == [True, False, True, True]
        assert dl[1] == pytest.approx(np.log(2.0))
        assert isinstance(dla, list) and dla[0] is None and dla[2] == pytest.approx(np.log(2.0))
        assert argmax == 4 and count == 3
        assert quant == [pytest.approx(2.0), 4.0]
        assert rsum.tolist() == [None, 3.0, None, None]
        assert vadd.tolist() == [3.0, 4.0, None, 6.0]
        assert lit == 1.5 and el == 2.0
        assert sl.tolist() == [2.0, None] and head.tolist() == [1.0, 2.0]
        agg = conn.execute(select(func.nvec_agg(sa.literal_column("x")))
                           .select_from(text("(VALUES (1.0::float8), (NULL)) v(x)"))).scalar()
        assert agg.tolist() == [1.0, None]
        assert isinstance(func.vmean(t.c.px).type, sa.Float)
        assert isinstance(func.dlog(t.c.px, 1).type, NVec)
        assert isinstance(func.dlog(t.c.a, 1).type, sa.ARRAY)
        assert isinstance(func.vmul(t.c.a, t.c.px).type, NVec)
        # functions of 0.5: shape, positions, counts per bucket, a time axis
        skew, argfirst, hist = conn.execute(select(
            func.vskew(t.c.a), func.vargfirst(t.c.px), func.vhistogram(t.c.a, 0.0, 4.0, 2))).one()
        d = np.array([1.0, 2.0, 4.0]) - 7.0 / 3
        m2, m3 = (d ** 2).mean(), (d ** 3).mean()
        assert skew == pytest.approx(np.sqrt(6.0) * m3 / m2 ** 1.5) and argfirst == 1
        assert hist == [0, 1, 1, 1]
        assert isinstance(func.vskew(t.c.px).type, sa.Float)
        assert isinstance(func.vargfirst(t.c.px).type, sa.Integer)
        assert isinstance(func.vhistogram(t.c.a, 0.0, 4.0, 2).type, sa.ARRAY)
        ts = sa.literal([datetime.datetime(2026, 1, 5, 9, 30)], sa.ARRAY(sa.DateTime(timezone=True)))
        assert isinstance(func.asof(ts, t.c.a, ts).type, sa.ARRAY)
        assert isinstance(func.asof(ts, t.c.px, ts).type, NVec)

    with_engine(db, driver, registered, body)


@pytest.mark.parametrize("driver, registered", ENGINES)
def test_reflection_and_orm(db, driver, registered):
    name = "sa_orm_%s_%d" % (driver, registered)

    def body(conn):
        from sqlalchemy.orm import Session, declarative_base

        conn.execute(text("DROP TABLE IF EXISTS %s" % name))
        conn.execute(text("CREATE TABLE %s (id int PRIMARY KEY, px nvec, pc nvec(compressed), "
                          "note text)" % name))
        r = Table(name, MetaData(), autoload_with=conn)
        assert isinstance(r.c.px.type, NVec) and not r.c.px.type.compressed
        assert isinstance(r.c.pc.type, NVec) and r.c.pc.type.compressed
        assert isinstance(r.c.note.type, Text)

        Base = declarative_base()

        class Series(Base):
            __tablename__ = name
            id = Column(Integer, primary_key=True)
            px = Column(NVec())
            pc = Column(NVec(compressed=True))
            note = Column(Text)

        with Session(bind=conn) as s:
            s.add(Series(id=1, px=np.arange(3.0), pc=[1.0, None], note="x"))
            s.flush()
            got = s.execute(select(Series).where(Series.id == 1)).scalar_one()
            s.expire(got)
            assert got.px.tolist() == [0.0, 1.0, 2.0] and got.pc.tolist() == [1.0, None]

    with_engine(db, driver, registered, body)


def test_nulls_setting_of_the_type(db):
    driver = "psycopg2" if _driver_available("psycopg2") else "asyncpg"
    if not _driver_available(driver):
        pytest.skip("no SQLAlchemy driver")

    def body(conn):
        v = conn.execute(select(sa.cast(sa.literal("{1,NULL}"), NVec(nulls="nan")))).scalar()
        assert type(v) is np.ndarray and v[0] == 1.0 and np.isnan(v[1])
        with pytest.raises(Exception, match="nulls='raise'"):
            conn.execute(select(sa.cast(sa.literal("{1,NULL}"), NVec(nulls="raise")))).scalar()

    with_engine(db, driver, False, body)


def test_ddl_and_literals():
    from sqlalchemy.dialects import postgresql
    from sqlalchemy.schema import CreateTable

    md = MetaData()
    t = _table(md, "sa_ddl")
    ddl = str(CreateTable(t).compile(dialect=postgresql.dialect()))
    assert "px nvec," in ddl and "pc nvec(compressed)," in ddl
    q = select(t.c.id).where(t.c.px == fks_masked())
    sql = str(q.compile(dialect=postgresql.dialect(), compile_kwargs={"literal_binds": True}))
    assert "sa_ddl.px = CAST('{1.5,NULL}' AS nvec)" in sql
    with pytest.raises(ValueError, match="unknown type modifier"):
        NVec("zipped")
    assert repr(NVec("compressed")) == "NVec(compressed=True)"


def fks_masked():
    return np.ma.MaskedArray([1.5, 0.0], mask=[False, True])


def test_register_other_drivers():
    engine = sa.create_engine("sqlite://")
    assert fks.register(engine) is False
