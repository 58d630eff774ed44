"""fusekern for Python: nvec and float8[] values as NumPy arrays.

The drivers are in submodules, each imported only when used:

    fusekern.psycopg     psycopg 3 loaders and dumpers, binary COPY helpers
    fusekern.asyncpg     an asyncpg codec
    fusekern.sqlalchemy  the NVec column type and function return types
    fusekern.pandas      DataFrames of series, in and out

This module holds what needs no driver: the conversions between nvec's
binary and text forms and NumPy arrays (docs/python.md).
"""

from ._codec import (
    NULL_POLICIES,
    NVEC_MAX_LEN,
    NullElementError,
    as_masked,
    decode_float8_array_binary,
    decode_nvec_binary,
    decode_nvec_text,
    encode_nvec_binary,
    encode_nvec_text,
)

__version__ = "0.5.0"

__all__ = [
    "NULL_POLICIES",
    "NVEC_MAX_LEN",
    "NullElementError",
    "as_masked",
    "decode_float8_array_binary",
    "decode_nvec_binary",
    "decode_nvec_text",
    "encode_nvec_binary",
    "encode_nvec_text",
    "__version__",
]
