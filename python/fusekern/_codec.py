"""nvec and float8[] values to and from NumPy, with no database driver.

The binary form of nvec (docs/nvec.md, "Binary input and output"), all in
network byte order:

    int32      flags, 0
    int32      len, the number of elements
    int32      nnulls, the number of NULL elements
    int64[]    validity words, only when nnulls > 0: ceil(len / 64) words,
               bit i of word i // 64 (least significant first) set when
               element i is present, bits past len zero
    float8[]   len values, 0 in a NULL element's slot

Decoding is np.frombuffer on the message and one byte-swapping copy; the
validity words become a boolean mask through np.unpackbits, with no loop in
Python over the elements.
"""

import re
import struct

import numpy as np

__all__ = [
    "NULL_POLICIES",
    "NVEC_MAX_LEN",
    "NullElementError",
    "check_nulls",
    "decode_nvec_binary",
    "decode_nvec_text",
    "encode_nvec_binary",
    "encode_nvec_text",
    "decode_float8_array_binary",
    "to_values_mask",
    "as_masked",
    "apply_nulls",
]

#: What a decoder does with NULL elements: a numpy.ma.MaskedArray whose mask
#: marks them ("mask"), NaN in their place ("nan"), or NullElementError
#: ("raise").
NULL_POLICIES = ("mask", "nan", "raise")

#: The most elements an nvec holds (NVEC_MAX_LEN in src/nvec/nvec.h).
NVEC_MAX_LEN = 132152836

FLOAT8_OID = 701

_HEADER = struct.Struct(">iii")
_BE_F8 = np.dtype(">f8")
_BE_U8 = np.dtype(">u8")
_LE_U8 = np.dtype("<u8")
_BE_I4 = np.dtype(">i4")
# an element of a float8[] in binary: its length (8, or -1 for NULL), then
# the value when there is one
_ARRAY_ELEM = np.dtype([("len", ">i4"), ("val", ">f8")])


class NullElementError(ValueError):
    """A vector holds a NULL element and the NULL policy is 'raise'."""


def check_nulls(nulls):
    """Return nulls when it names a NULL policy, else raise ValueError."""
    if nulls not in NULL_POLICIES:
        raise ValueError(
            "nulls must be one of 'mask', 'nan' or 'raise', not %r" % (nulls,))
    return nulls


def apply_nulls(values, mask, nulls, what="nvec"):
    """The decoded vector under a NULL policy.

    values: a writable float64 array; mask: a boolean array of the same
    shape, True at NULL elements, or None when there are none.
    """
    if nulls == "mask":
        return np.ma.MaskedArray(
            values, mask=np.ma.nomask if mask is None else mask)
    if mask is None:
        return values
    if nulls == "nan":
        values[mask] = np.nan
        return values
    if nulls == "raise":
        first = np.flatnonzero(mask.ravel())
        if first.size:
            raise NullElementError(
                "%s holds %d NULL element(s) (the first at index %d) and nulls='raise'"
                % (what, first.size, first[0]))
        return values
    check_nulls(nulls)
    return values


def _bytes_view(data):
    """data (bytes, bytearray, memoryview or any buffer) as a flat byte view."""
    mv = memoryview(data)
    if mv.format != "B" or mv.ndim != 1:
        mv = mv.cast("B")
    return mv


def _binary_layout(buf, expect=None):
    """The header of nvec's binary form buf, checked against its size:
    (length, NULL count, validity words, offset of the values).  expect, when
    given, is the length the caller needs, checked before the size.  Raises
    ValueError for a malformed value."""
    size = len(buf)
    if size < 12:
        raise ValueError(
            "invalid nvec binary value: %d bytes, the header alone is 12" % size)
    flags, n, nnulls = _HEADER.unpack_from(buf, 0)
    if flags != 0:
        raise ValueError("invalid nvec binary value: flags %d, expected 0" % flags)
    if n < 0 or n > NVEC_MAX_LEN:
        raise ValueError("invalid nvec binary value: length %d" % n)
    if nnulls < 0 or nnulls > n:
        raise ValueError(
            "invalid nvec binary value: %d NULL elements for length %d" % (nnulls, n))
    if expect is not None and n != expect:
        raise ValueError("a vector of %d elements where %d were expected" % (n, expect))
    nwords = (n + 63) // 64 if nnulls else 0
    off = 12 + 8 * nwords
    if size != off + 8 * n:
        raise ValueError(
            "invalid nvec binary value: %d bytes, the header says %d"
            % (size, off + 8 * n))
    return n, nnulls, nwords, off


def _binary_null_bits(buf, n, nnulls, nwords):
    """The validity bits (1: present) of a value of _binary_layout with
    NULLs, checked: none past the last element, nnulls of them clear."""
    words = np.frombuffer(buf, dtype=_BE_U8, count=nwords, offset=12)
    if n % 64 and int(words[-1]) >> (n % 64):
        raise ValueError(
            "invalid nvec binary value: a validity bit is set past the last element")
    # little-endian words: byte k holds bits 8k .. 8k+7 of the word,
    # least significant first, which is unpackbits' 'little' order
    bits = np.unpackbits(words.astype(_LE_U8).view(np.uint8),
                         count=n, bitorder="little")
    found = n - int(np.count_nonzero(bits))
    if found != nnulls:
        raise ValueError(
            "invalid nvec binary value: the bitmap marks %d elements NULL, "
            "the header says %d" % (found, nnulls))
    return bits


def decode_nvec_binary(data, nulls="mask"):
    """A NumPy vector from nvec's binary form (what nvec_send writes).

    Returns a numpy.ma.MaskedArray (nulls='mask'; its mask is
    numpy.ma.nomask when no element is NULL) or a float64 ndarray
    (nulls='nan' or 'raise').  Raises ValueError for a malformed value.
    """
    buf = _bytes_view(data)
    n, nnulls, nwords, off = _binary_layout(buf)
    values = np.frombuffer(buf, dtype=_BE_F8, count=n, offset=off).astype(np.float64)
    mask = None
    if nnulls:
        mask = _binary_null_bits(buf, n, nnulls, nwords) == 0
    return apply_nulls(values, mask, nulls)


def decode_nvec_binary_into(data, out):
    """Decode nvec's binary form into out (a float64 row of the same length,
    NULL elements 0); returns the boolean mask of NULL elements, or None."""
    buf = _bytes_view(data)
    n, nnulls, nwords, off = _binary_layout(buf, expect=out.shape[0])
    out[...] = np.frombuffer(buf, dtype=_BE_F8, count=n, offset=off)
    if not nnulls:
        return None
    return _binary_null_bits(buf, n, nnulls, nwords) == 0


def _text_elements(text):
    """The element tokens of an array literal '{a,b,...}' (no quotes)."""
    s = text.strip()
    if len(s) < 2 or s[0] != "{" or s[-1] != "}":
        raise ValueError("invalid nvec text value: %r" % (s[:40],))
    inner = s[1:-1].strip()
    if not inner:
        return []
    toks = inner.split(",")
    if '"' in inner or "\\" in inner:
        # quoted or escaped elements (never written by the server)
        # (a quoted or escaped NULL is no NULL, and so no number either:
        # it keeps a mark that float() refuses)
        out = []
        for t in (t.strip() for t in toks):
            quoted = len(t) >= 2 and t[0] == '"' and t[-1] == '"'
            if quoted:
                t = t[1:-1]
            plain = re.sub(r"\\(.)", r"\1", t)
            if (quoted or plain != t) and plain.upper() == "NULL":
                plain = '"' + plain
            out.append(plain)
        return out
    if " " in inner or "\t" in inner or "\n" in inner:
        toks = [t.strip() for t in toks]
    return toks


def decode_nvec_text(data, nulls="mask"):
    """A NumPy vector from nvec's text form ('{1.5,NULL,NaN}').

    Same results as decode_nvec_binary; NaN comes back as the one quiet
    NaN (text has no payloads).
    """
    if isinstance(data, str):
        text = data
    else:
        text = str(_bytes_view(data), "ascii")
    toks = _text_elements(text)
    if not toks:
        return apply_nulls(np.empty(0, dtype=np.float64), None, nulls)
    arr = np.array(toks)
    mask = np.char.upper(arr) == "NULL"
    if mask.any():
        arr[mask] = "0"
    else:
        mask = None
    try:
        values = arr.astype(np.float64)
    except ValueError:
        bad = next(t for t in arr.tolist() if not _is_float(t))
        raise ValueError(
            "invalid nvec text value: element %r is not a number" % bad) from None
    return apply_nulls(values, mask, nulls)


def _is_float(tok):
    try:
        float(tok)
        return True
    except ValueError:
        return False


def _object_values(items):
    """values and mask from a sequence of Python objects (None: NULL)."""
    mask = np.fromiter((x is None for x in items), dtype=bool, count=len(items))
    for i, x in enumerate(items):
        if isinstance(x, (str, bytes, bytearray)):
            raise TypeError(
                "element %d is %s %r, not a number: an nvec holds float8 values "
                "(convert strings with float() first)" % (i, type(x).__name__, x))
        if isinstance(x, (complex, np.complexfloating)):
            raise TypeError("element %d is complex (%r): an nvec holds real float8 values"
                            % (i, x))
        if isinstance(x, (list, tuple, dict, np.ndarray)):
            raise TypeError("element %d is %s: an nvec is one-dimensional"
                            % (i, type(x).__name__))
    try:
        values = np.array([0.0 if x is None else x for x in items], dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise TypeError("cannot convert the elements to float64: %s" % exc) from None
    return values, (mask if mask.any() else None)


def _as_float64(arr):
    """arr (an ndarray) as float64, refusing what has no float8 form."""
    kind = arr.dtype.kind
    if kind == "f":
        return arr if arr.dtype == np.float64 else arr.astype(np.float64)
    if kind in "iub":
        return arr.astype(np.float64)
    if kind == "c":
        raise TypeError(
            "cannot store a %s array in an nvec: complex values have no float8 form "
            "(take .real or .imag, or abs())" % arr.dtype)
    if kind in "US":
        raise TypeError(
            "cannot store a %s array in an nvec: strings are not numbers "
            "(convert with .astype(float) first)" % arr.dtype)
    raise TypeError("cannot store a %s array in an nvec: not a numeric dtype" % arr.dtype)


def to_values_mask(obj):
    """(values, mask) of a vector to store as an nvec.

    obj: a 1-D NumPy array of a real or integer dtype, a numpy.ma
    MaskedArray (masked elements become NULL), a pandas Series or any
    sequence of numbers and None (None becomes NULL).  values is a 1-D
    float64 array; mask a boolean array (True at NULL elements), or None
    when no element is NULL.  NaN stays NaN.  Raises TypeError for what has
    no float8 form (complex numbers, strings) and ValueError for a shape
    that is not one-dimensional.
    """
    if isinstance(obj, (str, bytes, bytearray)):
        raise TypeError(
            "cannot store %s in an nvec: give an array or a sequence of numbers"
            % type(obj).__name__)
    mask = None
    if isinstance(obj, np.ma.MaskedArray):
        m = np.ma.getmask(obj)
        data = np.asarray(obj.data)
        if m is not np.ma.nomask:
            m = np.asarray(m, dtype=bool)
            if m.any():
                mask = m
    elif isinstance(obj, np.ndarray):
        data = obj
    else:
        if hasattr(obj, "to_numpy") and hasattr(obj, "isna"):
            # a pandas Series: missing values (NaN, None, NA) become NULL
            # only where the dtype tells NaN and NA apart
            return _series_values_mask(obj)
        if np.isscalar(obj) or obj is None:
            raise TypeError("cannot store a scalar (%r) in an nvec: give a sequence" % (obj,))
        data = np.asarray(obj) if not isinstance(obj, (list, tuple)) else None
        if data is None or data.dtype == object:
            items = list(obj)
            if any(isinstance(x, (list, tuple, np.ndarray)) for x in items):
                raise ValueError("an nvec is one-dimensional: got a nested sequence")
            values, mask = _object_values(items)
            return values, mask
    if data.ndim != 1:
        raise ValueError(
            "an nvec is one-dimensional: got an array of shape %s" % (data.shape,))
    if data.dtype == object:
        values, omask = _object_values(data.tolist())
        if mask is not None and omask is not None:
            mask = mask | omask
        elif omask is not None:
            mask = omask
        return values, mask
    return _as_float64(data), mask


def _series_values_mask(series):
    dtype = series.dtype
    if getattr(dtype, "kind", None) in ("f", "i", "u", "b") and not hasattr(dtype, "na_value"):
        arr = series.to_numpy()
        if arr.ndim != 1:
            raise ValueError("an nvec is one-dimensional")
        return _as_float64(arr), None
    isna = np.asarray(series.isna(), dtype=bool)
    if series.dtype == object:
        return _object_values([None if m else x for x, m in zip(series.tolist(), isna)])
    values = series.to_numpy(dtype=np.float64, na_value=0.0)
    return values, (isna if isna.any() else None)


def as_masked(obj):
    """obj as a float64 numpy.ma.MaskedArray (None and masked elements masked).

    The form the dumpers send: as_masked([1.5, None, 2]) is a masked array
    of three elements whose second is masked.
    """
    values, mask = to_values_mask(obj)
    return np.ma.MaskedArray(values, mask=np.ma.nomask if mask is None else mask)


def encode_nvec_binary(obj):
    """nvec's binary form (what nvec_recv reads) of a vector, as a bytearray.

    obj: as to_values_mask takes it.  NaN is sent as NaN (its bits kept);
    a masked element or None is sent as NULL.
    """
    values, mask = to_values_mask(obj)
    n = values.shape[0]
    if n > NVEC_MAX_LEN:
        raise ValueError("an nvec holds at most %d elements, not %d" % (NVEC_MAX_LEN, n))
    nnulls = int(np.count_nonzero(mask)) if mask is not None else 0
    nwords = (n + 63) // 64 if nnulls else 0
    off = 12 + 8 * nwords
    out = bytearray(off + 8 * n)
    _HEADER.pack_into(out, 0, 0, n, nnulls)
    if n:
        dst = np.frombuffer(out, dtype=_BE_F8, count=n, offset=off)
        dst[...] = values
        if nnulls:
            dst[mask] = 0.0
            packed = np.zeros(8 * nwords, dtype=np.uint8)
            packed[: (n + 7) // 8] = np.packbits(~mask, bitorder="little")
            np.frombuffer(out, dtype=_BE_U8, count=nwords, offset=12)[...] = \
                packed.view(_LE_U8)
    return out


def _float_token(x):
    if x != x:
        return "NaN"
    if x == np.inf:
        return "Infinity"
    if x == -np.inf:
        return "-Infinity"
    return repr(x)


def encode_nvec_text(obj):
    """nvec's text form ('{1.5,NULL,NaN}') of a vector: shortest digits
    that read back to the same float64 (repr), NULL for a masked element
    or None."""
    values, mask = to_values_mask(obj)
    vals = values.tolist()
    if np.isfinite(values).all():
        toks = [repr(x) for x in vals]
    else:
        toks = [_float_token(x) for x in vals]
    if mask is not None:
        for i in np.flatnonzero(mask).tolist():
            toks[i] = "NULL"
    return "{" + ",".join(toks) + "}"


def decode_float8_array_binary(data, nulls="mask"):
    """A NumPy array from float8[]'s binary form (array_send's).

    One dimension or more: the result has the array's shape (its lower
    bounds are not kept); an empty array gives shape (0,).  NULL elements
    as the policy says.  Without NULLs the values are one strided
    np.frombuffer view; with NULLs, runs of present and of NULL elements
    are found with NumPy (the cost grows with the number of runs, not of
    elements).
    """
    buf = _bytes_view(data)
    size = len(buf)
    if size < 12:
        raise ValueError("invalid float8[] binary value: %d bytes" % size)
    ndim, _hasnull, elemtype = _HEADER.unpack_from(buf, 0)
    if ndim == 0:
        return apply_nulls(np.empty(0, dtype=np.float64), None, nulls, "float8[]")
    if ndim < 0 or ndim > 6 or size < 12 + 8 * ndim:
        raise ValueError("invalid float8[] binary value: %d dimensions" % ndim)
    if elemtype != FLOAT8_OID:
        raise ValueError(
            "invalid float8[] binary value: element type %d, not float8 (701)" % elemtype)
    dims = struct.unpack_from(">%di" % (2 * ndim), buf, 12)
    shape = tuple(dims[0::2])
    if min(shape) < 0:
        raise ValueError("invalid float8[] binary value: shape %s" % (shape,))
    n = 1
    for d in shape:
        n *= d
    off = 12 + 8 * ndim
    rest = size - off
    if rest == 12 * n:
        rec = np.frombuffer(buf, dtype=_ARRAY_ELEM, count=n, offset=off)
        if n and not (rec["len"] == 8).all():
            raise ValueError("invalid float8[] binary value: an element length is not 8")
        values = rec["val"].astype(np.float64)
        mask = None
    else:
        values, valid = _float8_array_with_nulls(buf, off, n)
        mask = ~valid
    return apply_nulls(values.reshape(shape), None if mask is None else mask.reshape(shape),
                       nulls, "float8[]")


def _float8_array_with_nulls(buf, off, n):
    """Values and validity of n float8[] elements, some NULL, from off."""
    size = len(buf)
    rest = size - off
    if rest < 4 * n or (rest - 4 * n) % 8:
        raise ValueError("invalid float8[] binary value: %d bytes for %d elements" % (rest, n))
    values = np.zeros(n, dtype=np.float64)
    valid = np.zeros(n, dtype=bool)
    i = 0
    p = off
    while i < n:
        start = i
        # a run of present elements, 12 bytes each: windows that double
        w = 64
        while i < n:
            k = min(w, n - i, (size - p) // 12)
            if k <= 0:
                break
            rec = np.frombuffer(buf, dtype=_ARRAY_ELEM, count=k, offset=p)
            other = np.flatnonzero(rec["len"] != 8)
            r = int(other[0]) if other.size else k
            values[i:i + r] = rec["val"][:r]
            valid[i:i + r] = True
            i += r
            p += 12 * r
            if r < k:
                break
            w *= 2
        # a run of NULLs, 4 bytes each (length -1)
        w = 64
        while i < n:
            k = min(w, n - i, (size - p) // 4)
            if k <= 0:
                break
            lens = np.frombuffer(buf, dtype=_BE_I4, count=k, offset=p)
            other = np.flatnonzero(lens != -1)
            r = int(other[0]) if other.size else k
            i += r
            p += 4 * r
            if r < k:
                break
            w *= 2
        if i == start:
            bad = struct.unpack_from(">i", buf, p)[0] if p + 4 <= size else None
            raise ValueError(
                "invalid float8[] binary value: element %d has length %s" % (i, bad))
    if p != size:
        raise ValueError("invalid float8[] binary value: %d bytes past the last element"
                         % (size - p))
    return values, valid
