"""fusekern.pandas against the server."""

import numpy as np
import pytest

pd = pytest.importorskip("pandas")
pytest.importorskip("psycopg")

import fusekern  # noqa: E402
import fusekern.pandas as fkpd  # noqa: E402


def test_write_and_read(conn):
    conn.execute("DROP TABLE IF EXISTS pd_series")
    conn.execute("CREATE TABLE pd_series (sym text, px nvec(compressed))")
    df = pd.DataFrame({
        "A": [1.5, np.nan, 3.0, 4.0],
        "B": pd.array([4.0, None, 6.0, 7.0], dtype="Float64"),
        "C": pd.array([1, 2, None, 4], dtype="Int64"),
        "D": np.arange(4, dtype=np.int32),
    })
    assert fkpd.write_series(conn, df, "pd_series", key_column="sym", value_column="px") == 4
    held = dict(conn.execute("SELECT sym, px::text FROM pd_series").fetchall())
    # NaN stays NaN; pandas.NA of nullable columns becomes NULL
    assert held == {"A": "{1.5,NaN,3,4}", "B": "{4,NULL,6,7}", "C": "{1,2,NULL,4}",
                    "D": "{0,1,2,3}"}

    got = fkpd.read_series(conn, "SELECT sym, px FROM pd_series ORDER BY sym")
    assert list(got.columns) == ["A", "B", "C", "D"] and got.shape == (4, 4)
    assert (got.dtypes == np.float64).all()
    assert np.isnan(got["A"][1]) and np.isnan(got["B"][1]) and got["D"].tolist() == [0, 1, 2, 3]

    masked = fkpd.read_series(conn, "SELECT sym, px FROM pd_series ORDER BY sym", nulls="mask")
    assert str(masked["B"].dtype) == "Float64"
    assert masked["B"].isna().tolist() == [False, True, False, False]
    # a NaN element is no NULL: it stays a value
    assert masked["A"].isna().tolist() == [False, False, False, False]
    assert np.isnan(masked["A"].to_numpy(dtype=np.float64, na_value=0.0)[1])

    with pytest.raises(fusekern.NullElementError):
        fkpd.read_series(conn, "SELECT sym, px FROM pd_series", nulls="raise")


def test_nan_as_null(conn):
    conn.execute("DROP TABLE IF EXISTS pd_nan")
    conn.execute("CREATE TABLE pd_nan (sym text, px nvec)")
    df = pd.DataFrame({"A": [1.0, np.nan], "B": pd.array([np.nan, None], dtype="Float64")})
    fkpd.write_series(conn, df, "pd_nan", key_column="sym", value_column="px", nan_as_null=True)
    assert dict(conn.execute("SELECT sym, px::text FROM pd_nan").fetchall()) == \
        {"A": "{1,NULL}", "B": "{NULL,NULL}"}


def test_series_of_arrays_and_errors(conn):
    q = "SELECT k, v FROM (VALUES ('x', '{1,2,3}'::nvec), ('y', '{4}'), ('z', NULL)) t(k, v)"
    s = fkpd.read_series(conn, q, frame=False)
    assert list(s.index) == ["x", "y", "z"]
    assert s["x"].tolist() == [1.0, 2.0, 3.0] and s["y"].tolist() == [4.0] and s["z"] is None
    with pytest.raises(ValueError, match="the vector of 'z' is NULL"):
        fkpd.read_series(conn, q)
    with pytest.raises(ValueError, match="differ in length"):
        fkpd.read_series(conn, q + " WHERE v IS NOT NULL")
    with pytest.raises(ValueError, match="not 3 columns"):
        fkpd.read_series(conn, "SELECT 1, 2, 3")
    assert fkpd.read_series(conn, "SELECT 'k', '{1}'::nvec WHERE false").empty
    assert fkpd.read_series(conn, "SELECT 'k', '{1}'::nvec WHERE false", frame=False).empty
    # float8[] and no key column: the columns are 0, 1, ...
    got = fkpd.read_series(conn, "SELECT '{1,NULL}'::float8[] UNION ALL SELECT '{3,4}'")
    assert list(got.columns) == [0, 1] and got[1].tolist() == [3.0, 4.0]


def test_frame_of_1000_series(conn):
    rng = np.random.default_rng(9)
    matrix = np.round(np.cumsum(rng.standard_normal((1000, 1000)), axis=1), 3)
    df = pd.DataFrame(matrix.T, columns=["s%03d" % i for i in range(1000)])
    conn.execute("DROP TABLE IF EXISTS pd_wide")
    conn.execute("CREATE TABLE pd_wide (sym text, px nvec(compressed))")
    assert fkpd.write_series(conn, df, "pd_wide", key_column="sym", value_column="px") == 1000
    back = fkpd.read_series(conn, "SELECT sym, px FROM pd_wide ORDER BY sym")
    assert back.shape == (1000, 1000)
    np.testing.assert_array_equal(back.to_numpy(), df.to_numpy())
