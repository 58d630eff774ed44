"""The nvec type for SQLAlchemy (1.4 and 2.0), Core and ORM.

    from sqlalchemy import Column, Integer, MetaData, Table, create_engine, func, select
    from fusekern.sqlalchemy import NVec, register

    engine = create_engine("postgresql+psycopg://...")
    register(engine)                      # the driver's binary adapters
    prices = Table("prices", MetaData(),
                   Column("id", Integer, primary_key=True),
                   Column("px", NVec(compressed=True)))
    conn.execute(select(func.vmean(prices.c.px)))      # floats
    conn.execute(select(func.dlog(prices.c.px, 1)))    # NumPy arrays

NVec binds NumPy arrays, masked arrays and sequences with None, and
returns NumPy arrays under its NULL policy (nulls='mask' by default, as the
drivers' adapters).  It works with any PostgreSQL driver SQLAlchemy has:
without register(), values travel as nvec's text form, which NVec writes
and parses itself; after register(engine), asyncpg exchanges them in binary
both ways (fusekern.asyncpg), and psycopg 3 sends parameters in binary
(fusekern.psycopg) while results come in text, as SQLAlchemy's psycopg
dialect asks for them.

Importing this module also makes reflection recognise nvec columns
(nvec(compressed) ones included) and gives fusekern's functions their
return types (func.vmean: Float, func.dlog: NVec over an nvec, float8[]
over a float8[], ...).
"""

import numpy as np
import sqlalchemy as sa
import sqlalchemy.ext.compiler
from sqlalchemy import event, types
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.sql.functions import GenericFunction

from ._codec import NullElementError, check_nulls, decode_nvec_binary, decode_nvec_text, \
    encode_nvec_text, to_values_mask

__all__ = ["NVec", "register"]


def _apply_policy(value, nulls):
    """A vector a driver loaded (masked array or ndarray) under nulls."""
    if isinstance(value, np.ma.MaskedArray):
        if nulls == "mask":
            return value
        mask = np.ma.getmask(value)
        if mask is np.ma.nomask or not mask.any():
            return np.asarray(value.data)
        if nulls == "nan":
            return value.filled(np.nan)
        raise NullElementError(
            "nvec holds %d NULL element(s) (the first at index %d) and nulls='raise'"
            % (int(mask.sum()), int(np.flatnonzero(mask)[0])))
    if isinstance(value, np.ndarray) and nulls == "mask":
        return np.ma.MaskedArray(value)
    return value


class NVec(types.UserDefinedType):
    """An nvec column or expression.

    NVec(compressed=True) is nvec(compressed) (what reflection gives for
    such a column too).  nulls: 'mask', 'nan' or 'raise', as in
    fusekern.psycopg.register().
    """

    cache_ok = True

    def __init__(self, compressed=False, nulls="mask"):
        # (reflection passes the modifier's text: NVec('compressed'))
        if isinstance(compressed, str):
            if compressed.strip().lower() != "compressed":
                raise ValueError("NVec: unknown type modifier %r" % (compressed,))
            compressed = True
        self.compressed = bool(compressed)
        self.nulls = check_nulls(nulls)

    def get_col_spec(self, **kw):
        return "nvec(compressed)" if self.compressed else "nvec"

    def __repr__(self):
        args = []
        if self.compressed:
            args.append("compressed=True")
        if self.nulls != "mask":
            args.append("nulls=%r" % self.nulls)
        return "NVec(%s)" % ", ".join(args)

    @property
    def python_type(self):
        return np.ndarray

    def bind_expression(self, bindvalue):
        # an untyped parameter would leave overloaded functions ambiguous
        # (float8[] or nvec); the cast names the type, and text given to it
        # is read by nvec_in
        return sa.cast(bindvalue, NVec())

    def bind_processor(self, dialect):
        native = getattr(dialect, "_fusekern_native", False)

        def process(value):
            if value is None:
                return None
            if isinstance(value, str):
                return value
            if native:
                values, mask = to_values_mask(value)
                return values if mask is None else np.ma.MaskedArray(values, mask=mask)
            return encode_nvec_text(value)

        return process

    def literal_processor(self, dialect):
        def process(value):
            return "'%s'" % encode_nvec_text(value)

        return process

    def result_processor(self, dialect, coltype):
        nulls = self.nulls

        def process(value):
            if value is None:
                return None
            if isinstance(value, str):
                return decode_nvec_text(value, nulls)
            if isinstance(value, (bytes, bytearray, memoryview)):
                return decode_nvec_binary(value, nulls)
            return _apply_policy(value, nulls)

        return process

    class comparator_factory(types.UserDefinedType.Comparator):
        """nvec's operators: ==, <, ... as on any type; col[i] is element i
        (1-based, a float), col[a:b] a slice (an nvec)."""

        def __getitem__(self, index):
            if isinstance(index, slice):
                if index.step is not None:
                    raise ValueError("an nvec slice has no step")
                return _Slice(self.expr, index.start, index.stop)
            return _Subscript(self.expr, index)


class _Subscript(sa.sql.expression.ColumnElement):
    inherit_cache = True

    def __init__(self, expr, index):
        self.expr = expr
        self.index = sa.sql.expression.literal(index, sa.Integer())
        self.type = sa.Float()


class _Slice(sa.sql.expression.ColumnElement):
    inherit_cache = True

    def __init__(self, expr, lo, hi):
        self.expr = expr
        self.lo = None if lo is None else sa.sql.expression.literal(lo, sa.Integer())
        self.hi = None if hi is None else sa.sql.expression.literal(hi, sa.Integer())
        self.type = NVec()


@sa.ext.compiler.compiles(_Subscript)
def _compile_subscript(element, compiler, **kw):
    return "(%s)[%s]" % (compiler.process(element.expr, **kw),
                         compiler.process(element.index, **kw))


@sa.ext.compiler.compiles(_Slice)
def _compile_slice(element, compiler, **kw):
    lo = "" if element.lo is None else compiler.process(element.lo, **kw)
    hi = "" if element.hi is None else compiler.process(element.hi, **kw)
    return "(%s)[%s:%s]" % (compiler.process(element.expr, **kw), lo, hi)


def register(engine, *, nulls="mask"):
    """Register fusekern's adapters on each connection engine makes.

    engine: a sqlalchemy Engine or AsyncEngine on psycopg (3) or asyncpg
    (other drivers keep nvec's text form, and NVec works as it is; returns
    False for them, True otherwise).  Call it before the engine's first
    connection.  NVec then hands the driver NumPy arrays, which both send in
    binary; asyncpg also reads results in binary, psycopg in text (what
    SQLAlchemy's dialect asks for).  nulls: the drivers' NULL policy
    (NVec(nulls=...) converts further for its own columns).
    """
    check_nulls(nulls)
    sync_engine = getattr(engine, "sync_engine", engine)
    dialect = sync_engine.dialect
    driver = dialect.driver
    if driver in ("psycopg", "psycopg_async"):
        from . import psycopg as fk_psycopg

        @event.listens_for(sync_engine, "connect")
        def _connect(dbapi_connection, connection_record):
            raw = getattr(dbapi_connection, "driver_connection", None) or \
                getattr(dbapi_connection, "_connection", None) or dbapi_connection
            if driver == "psycopg_async":
                dbapi_connection.run_async(
                    lambda c: fk_psycopg.register_async(c, nulls=nulls))
            else:
                fk_psycopg.register(raw, nulls=nulls)

    elif driver == "asyncpg":
        from . import asyncpg as fk_asyncpg

        @event.listens_for(sync_engine, "connect")
        def _connect(dbapi_connection, connection_record):
            dbapi_connection.run_async(lambda c: fk_asyncpg.register(c, nulls=nulls))

    else:
        return False
    dialect._fusekern_native = True
    return True


# Reflection: format_type() gives 'nvec' or 'nvec(compressed)'; the
# dialect passes what is in the parentheses to the type
def _add_ischema_name():
    from sqlalchemy.dialects.postgresql import base

    base.ischema_names["nvec"] = NVec


_add_ischema_name()


# Return types of fusekern's functions, for func.<name>(...).  Names that
# PostgreSQL itself has (ln, exp, sqrt, abs, sum, avg, min, max, round,
# power, atan2, ...) are left to SQLAlchemy; the rows of resample and
# resample_ohlc are func.resample(...).table_valued("bucket", "value").

def _vector_type(args):
    """NVec when an argument is an nvec, else the first float array argument's
    type (a time axis, timestamptz[], is not the values)."""
    first = None
    for a in args:
        t = getattr(a, "type", None)
        if isinstance(t, NVec):
            return NVec()
        if first is None and isinstance(t, (types.ARRAY, ARRAY)) and \
                not isinstance(t.item_type, (sa.DateTime, sa.Date, sa.Time)):
            first = t
    return first if first is not None else types.NullType()


def _vector_args(args):
    """NumPy arrays given to a function as nvec parameters."""
    return [sa.literal(a, NVec()) if isinstance(a, np.ndarray) else a for a in args]


class _ScalarResult(GenericFunction):
    _register = False
    type = sa.Float()
    inherit_cache = True

    def __init__(self, *args, **kwargs):
        super().__init__(*_vector_args(args), **kwargs)


class _VectorResult(GenericFunction):
    _register = False
    inherit_cache = True

    def __init__(self, *args, **kwargs):
        super().__init__(*_vector_args(args), **kwargs)
        if "type_" not in kwargs:
            self.type = _vector_type(self.clauses.clauses)


class _NVecResult(GenericFunction):
    _register = False
    type = NVec()
    inherit_cache = True

    def __init__(self, *args, **kwargs):
        super().__init__(*_vector_args(args), **kwargs)


class vquantile(GenericFunction):
    """vquantile(v, q): a float for one q, a float8[] for an array of them."""

    inherit_cache = True
    type = sa.Float()

    def __init__(self, *args, **kwargs):
        args = list(args)
        if len(args) > 1 and isinstance(args[1], (list, tuple, np.ndarray)):
            # a list of q as float8[] (an untyped parameter would be ambiguous)
            q = [float(x) for x in args[1]]
            args[1] = sa.cast(sa.literal(q, ARRAY(sa.Float())), ARRAY(sa.Float()))
        super().__init__(*_vector_args(args), **kwargs)
        clauses = self.clauses.clauses
        if "type_" not in kwargs and len(clauses) > 1 and \
                isinstance(clauses[1].type, (types.ARRAY, ARRAY)):
            self.type = ARRAY(sa.Float())


_FLOAT = ("vsum", "vmean", "vmin", "vmax", "vmedian", "vprod", "vstddev", "vstddev_pop",
          "vvar", "vvar_pop", "vdot", "vcov", "vcov_pop", "vcorr", "vslope", "vintercept",
          "vr2", "vfirst", "vlast", "vwsum", "vwmean", "vskew", "vkurtosis",
          "time_weighted_avg")
_INTEGER = ("vargmin", "vargmax", "null_count", "vargfirst", "varglast")
_BIGINT = ("vcount",)
_VECTOR = ("dlog", "diff", "pct_change", "scale_add", "ln_scale_add", "dlog_scale_add",
           "sub_mul_add", "vadd", "vsub", "vmul", "vdiv", "vneg", "clip", "shift", "head",
           "tail", "fill_forward", "fill_null", "ema", "cumsum", "cumprod", "cummax",
           "cummin", "rolling_sum", "rolling_mean", "rolling_min", "rolling_max",
           "rolling_var", "rolling_stddev", "rolling_count", "rolling_median",
           "rolling_quantile", "log2", "log1p", "expm1", "vgreatest", "vleast", "vsort",
           "vrank", "vpercent_rank", "fill_backward", "fill_linear", "asof")
# counts per bucket
_BIGINT_ARRAY = ("vhistogram",)
_NVEC = ("nvec_agg", "nvec_compress", "nvec_decompress")

for _name in _FLOAT:
    type(_name, (_ScalarResult,), {"identifier": _name, "name": _name,
                                   "inherit_cache": True, "type": sa.Float()})
for _name in _INTEGER:
    type(_name, (_ScalarResult,), {"identifier": _name, "name": _name,
                                   "inherit_cache": True, "type": sa.Integer()})
for _name in _BIGINT:
    type(_name, (_ScalarResult,), {"identifier": _name, "name": _name,
                                   "inherit_cache": True, "type": sa.BigInteger()})
for _name in _VECTOR:
    type(_name, (_VectorResult,), {"identifier": _name, "name": _name, "inherit_cache": True})
for _name in _BIGINT_ARRAY:
    type(_name, (_ScalarResult,), {"identifier": _name, "name": _name,
                                   "inherit_cache": True, "type": ARRAY(sa.BigInteger())})
for _name in _NVEC:
    type(_name, (_NVecResult,), {"identifier": _name, "name": _name, "inherit_cache": True,
                                 "type": NVec()})
type("nvec_encoding", (GenericFunction,), {"identifier": "nvec_encoding",
                                           "name": "nvec_encoding", "inherit_cache": True,
                                           "type": sa.Text()})
