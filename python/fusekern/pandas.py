"""Series stored as nvec (or float8[]) to and from pandas, through psycopg 3.

    import fusekern.pandas
    df = fusekern.pandas.read_series(conn, "SELECT symbol, px FROM prices")
    fusekern.pandas.write_series(conn, df, "prices", key_column="symbol",
                                 value_column="px")

read_series gives a DataFrame with one column per row of the query (the
first column of the query names the series, the second holds it), or a
Series of arrays; write_series writes a DataFrame's columns by binary COPY
(fusekern.psycopg.copy_series).
"""

import numpy as np
import pandas as pd

from ._codec import check_nulls

__all__ = ["read_series", "write_series"]


def read_series(conn, query, params=None, *, nulls="nan", frame=True):
    """Series from a query's rows, read in binary.

    The query gives (key, vector) rows, or (vector) rows whose keys are
    then 0, 1, ...; vectors are nvec or float8[].  frame=True: a DataFrame
    with one column per row (the vectors must be of one length); NULL
    elements are NaN (nulls='nan'), pandas.NA in a nullable Float64 column
    (nulls='mask'), or raise fusekern.NullElementError (nulls='raise').
    frame=False: a Series of NumPy arrays (any lengths; NULL vectors are
    None) indexed by key.
    """
    from .psycopg import register

    check_nulls(nulls)
    with conn.cursor(binary=True) as cur:
        register(cur, nulls=nulls, arrays=False, float8_array=True)
        # row by row (libpq's single-row mode): the result is never held whole
        rows = list(cur.stream(query, params))
        width = len(rows[0]) if rows else len(cur.description or ())
    if not rows:
        return pd.DataFrame() if frame else pd.Series([], dtype=object)
    if width not in (1, 2):
        raise ValueError("read_series: the query must give (key, vector) or (vector) rows, "
                         "not %d columns" % width)
    if width == 2:
        keys = [r[0] for r in rows]
        vectors = [r[1] for r in rows]
    else:
        keys = list(range(len(rows)))
        vectors = [r[0] for r in rows]
    if not frame:
        return pd.Series(vectors, index=pd.Index(keys), dtype=object)
    for k, v in zip(keys, vectors):
        if v is None:
            raise ValueError("read_series: the vector of %r is NULL (frame=False keeps it)" % (k,))
        if np.ndim(v) != 1:
            raise ValueError("read_series: the vector of %r is not one-dimensional" % (k,))
    lengths = sorted({len(v) for v in vectors})
    if len(lengths) > 1:
        raise ValueError("read_series: the vectors differ in length (%s); "
                         "frame=False gives a Series of arrays"
                         % ", ".join(str(x) for x in lengths[:5]))
    if nulls != "mask":
        from .psycopg import stack_vectors

        matrix = stack_vectors(vectors, nulls)
        return pd.DataFrame(matrix.T, columns=pd.Index(keys), copy=False)
    cols = {}
    for k, v in zip(keys, vectors):
        cols[k] = pd.arrays.FloatingArray(
            np.ascontiguousarray(np.ma.getdata(v)), np.ma.getmaskarray(v).copy())
    return pd.DataFrame(cols, columns=pd.Index(keys))


def _frame_columns(df):
    """(labels, vectors) of a DataFrame's columns: float columns as they
    are (NaN stays NaN), nullable ones (Float64, Int64) with NA as NULL."""
    labels = list(df.columns)
    vectors = []
    for i in range(df.shape[1]):
        col = df.iloc[:, i]
        if isinstance(col.dtype, pd.api.extensions.ExtensionDtype):
            mask = np.asarray(col.isna(), dtype=bool)
            values = col.to_numpy(dtype=np.float64, na_value=0.0)
            vectors.append(np.ma.MaskedArray(values, mask=mask) if mask.any() else values)
        else:
            vectors.append(col.to_numpy())
    return labels, vectors


def write_series(conn, df, table, *, value_column="v", key_column=None, nan_as_null=False):
    """Write each column of df as one row of table, by binary COPY.

    key_column gets the column's label (as text), value_column the column's
    values as an nvec (plain or nvec(compressed)).  NaN stays NaN unless
    nan_as_null=True; pandas.NA (nullable dtypes) becomes NULL.  Returns the
    number of rows written.
    """
    from .psycopg import copy_series

    labels, vectors = _frame_columns(df)
    if nan_as_null:
        vectors = [np.ma.masked_invalid(np.asarray(np.ma.getdata(v), dtype=np.float64)) if
                   not isinstance(v, np.ma.MaskedArray) else
                   np.ma.MaskedArray(v.data, mask=np.ma.getmaskarray(v) | np.isnan(v.data))
                   for v in vectors]
    return copy_series(conn, table, vectors, value_column=value_column,
                       key_column=key_column,
                       keys=[str(k) for k in labels] if key_column else None)
