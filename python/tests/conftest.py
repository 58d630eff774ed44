"""Fixtures: databases on the server the PG* variables name.

'make test' (test/harness.sh, the python suite) starts a throwaway cluster
and sets PGHOST, PGPORT and PGUSER; by hand, point them at a server where
the fusekern extension is installed (the tests create and drop the
databases fk_python, fk_python_schema and fk_python_docs there).

Without PGHOST nothing that needs a server runs (those tests skip).
"""

import os
import pathlib

import numpy as np
import pytest

import fusekern

TOP = pathlib.Path(__file__).resolve().parents[2]
DB = "fk_python"
# a database where the extension lives in a schema of its own, off the
# search_path
SCHEMA_DB = "fk_python_schema"


def pytest_report_header(config):
    import numpy

    lines = ["fusekern from %s" % pathlib.Path(fusekern.__file__).parent,
             "numpy %s" % numpy.__version__]
    for mod in ("psycopg", "asyncpg", "sqlalchemy", "pandas", "psycopg2"):
        try:
            m = __import__(mod)
            lines.append("%s %s" % (mod, getattr(m, "__version__", "?")))
        except ImportError:
            lines.append("%s: not installed" % mod)
    return lines


def have_server():
    return bool(os.environ.get("PGHOST") or os.environ.get("FK_PYTHON_SERVER"))


def _admin():
    psycopg = pytest.importorskip("psycopg")
    if not have_server():
        pytest.skip("no server: set PGHOST (make test does)")
    return psycopg.connect(dbname="postgres", autocommit=True)


def _fresh_db(name, schema=None):
    with _admin() as conn:
        conn.execute('DROP DATABASE IF EXISTS "%s"' % name)
        conn.execute('CREATE DATABASE "%s"' % name)
    import psycopg

    with psycopg.connect(dbname=name, autocommit=True) as conn:
        if schema:
            conn.execute('CREATE SCHEMA "%s"' % schema)
            conn.execute('CREATE EXTENSION fusekern SCHEMA "%s"' % schema)
        else:
            conn.execute("CREATE EXTENSION fusekern")
    return name


@pytest.fixture(scope="session")
def db():
    """The name of a fresh database with the extension in public."""
    return _fresh_db(DB)


@pytest.fixture(scope="session")
def schema_db():
    """A fresh database with the extension in schema fk_ext (not on the path)."""
    return _fresh_db(SCHEMA_DB, "fk_ext")


@pytest.fixture
def conn(db):
    """An autocommit psycopg connection to db, fusekern registered."""
    psycopg = pytest.importorskip("psycopg")
    import fusekern.psycopg

    with psycopg.connect(dbname=db, autocommit=True) as c:
        fusekern.psycopg.register(c)
        yield c


@pytest.fixture
def plain_conn(db):
    """An autocommit psycopg connection to db, nothing registered."""
    psycopg = pytest.importorskip("psycopg")
    with psycopg.connect(dbname=db, autocommit=True) as c:
        yield c


# The edges every driver round-trips: name -> (values, NULL positions)
def _edges():
    rng = np.random.default_rng(35)
    e = {}
    e["empty"] = (np.empty(0), [])
    e["one"] = (np.array([1.5]), [])
    e["one NULL"] = (np.zeros(1), [0])
    e["all NULL 3"] = (np.zeros(3), [0, 1, 2])
    e["all NULL 130"] = (np.zeros(130), list(range(130)))
    specials = np.array([np.nan, np.inf, -np.inf, -0.0, 0.0, 5e-324, -5e-324,
                         2.2250738585072014e-308, 2.225073858507201e-308,
                         1.7976931348623157e308, 0.1, -1e-300])
    e["specials"] = (specials, [])
    e["specials with NULL"] = (specials, [1, 11])
    for n in (63, 64, 65, 127, 128, 129, 191, 192, 193):
        e["len %d, NULL at last" % n] = (rng.standard_normal(n), [n - 1])
    for k in (62, 63, 64, 65, 127, 128):
        e["len 200, NULL at %d" % k] = (rng.standard_normal(200), [k])
    e["len 200, NULLs 63,64,65"] = (rng.standard_normal(200), [63, 64, 65])
    e["len 256, NULLs at every word edge"] = (
        rng.standard_normal(256), [0, 63, 64, 127, 128, 191, 192, 255])
    e["len 1000, every other NULL"] = (rng.standard_normal(1000), list(range(0, 1000, 2)))
    e["len 1000, all but one NULL"] = (
        rng.standard_normal(1000), [i for i in range(1000) if i != 500])
    return e


EDGES = _edges()


def edge_masked(name):
    values, nulls = EDGES[name]
    mask = np.zeros(len(values), dtype=bool)
    mask[nulls] = True
    return np.ma.MaskedArray(values.copy(), mask=mask)


def bits(a):
    """float64 values as their 64-bit patterns (NaN payloads and -0 kept)."""
    return np.asarray(a, dtype=np.float64).view(np.uint64)


def assert_same_vector(got, want, nulls="mask", text=False):
    """got (what a loader gave under nulls) holds want (a masked array) bit
    for bit; text=True: a NaN's payload is not kept (text writes NaN)."""
    mask = np.ma.getmaskarray(want)
    data = np.asarray(want.data, dtype=np.float64)
    if nulls == "mask":
        assert isinstance(got, np.ma.MaskedArray), type(got)
        assert got.dtype == np.float64
        assert got.shape == want.shape
        np.testing.assert_array_equal(np.ma.getmaskarray(got), mask)
        if not mask.any():
            assert np.ma.getmask(got) is np.ma.nomask
        gotd = np.asarray(got.data)[~mask]
    else:
        assert type(got) is np.ndarray, type(got)
        assert got.dtype == np.float64
        assert got.shape == want.shape
        assert np.isnan(got[mask]).all()
        gotd = got[~mask]
    wantd = data[~mask]
    if text:
        nan = np.isnan(wantd)
        np.testing.assert_array_equal(np.isnan(gotd), nan)
        np.testing.assert_array_equal(bits(gotd[~nan]), bits(wantd[~nan]))
    else:
        np.testing.assert_array_equal(bits(gotd), bits(wantd))
