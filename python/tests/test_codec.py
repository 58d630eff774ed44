"""The conversions themselves, against the format of docs/nvec.md, with no
server: byte layouts written out by hand, every edge, every error."""

import struct

import numpy as np
import pytest

import fusekern
from fusekern import _codec

from conftest import EDGES, assert_same_vector, bits, edge_masked

NAN_PAYLOAD = np.array([0x7FF8000000000123, 0xFFF0000000000001], dtype=np.uint64).view(np.float64)


def test_layout_without_nulls():
    b = fusekern.encode_nvec_binary(np.array([1.5, -2.0]))
    assert bytes(b) == struct.pack(">iii", 0, 2, 0) + struct.pack(">dd", 1.5, -2.0)


def test_layout_with_nulls():
    # bit i of word i // 64 set when element i is present; 0 in a NULL's slot
    v = np.ma.MaskedArray([1.0, 7.0, 3.0], mask=[False, True, False])
    b = fusekern.encode_nvec_binary(v)
    assert bytes(b) == (struct.pack(">iii", 0, 3, 1) + struct.pack(">Q", 0b101)
                        + struct.pack(">ddd", 1.0, 0.0, 3.0))


def test_layout_word_edges():
    n = 130
    mask = np.zeros(n, dtype=bool)
    mask[[0, 63, 64, 129]] = True
    b = bytes(fusekern.encode_nvec_binary(np.ma.MaskedArray(np.ones(n), mask=mask)))
    flags, length, nnulls = struct.unpack_from(">iii", b)
    assert (flags, length, nnulls) == (0, 130, 4)
    words = struct.unpack_from(">3Q", b, 12)
    want = [0, 0, 0]
    for i in range(n):
        if not mask[i]:
            want[i // 64] |= 1 << (i % 64)
    assert list(words) == want
    # bits past len are zero
    assert words[2] == 0b01
    assert len(b) == 12 + 3 * 8 + 8 * n


@pytest.mark.parametrize("name", sorted(EDGES))
@pytest.mark.parametrize("nulls", ["mask", "nan"])
def test_binary_round_trip(name, nulls):
    want = edge_masked(name)
    got = fusekern.decode_nvec_binary(fusekern.encode_nvec_binary(want), nulls)
    assert_same_vector(got, want, nulls)


@pytest.mark.parametrize("name", sorted(EDGES))
def test_text_round_trip(name):
    want = edge_masked(name)
    text = fusekern.encode_nvec_text(want)
    assert_same_vector(fusekern.decode_nvec_text(text), want, "mask", text=True)


def test_text_form():
    v = np.ma.MaskedArray([1.5, 0, np.nan, np.inf, -np.inf, -0.0, 5e-324, 0.1],
                          mask=[0, 1, 0, 0, 0, 0, 0, 0])
    assert fusekern.encode_nvec_text(v) == "{1.5,NULL,NaN,Infinity,-Infinity,-0.0,5e-324,0.1}"
    assert fusekern.encode_nvec_text([]) == "{}"


def test_nan_payload_kept_in_binary():
    b = fusekern.encode_nvec_binary(NAN_PAYLOAD)
    got = fusekern.decode_nvec_binary(b, "nan")
    np.testing.assert_array_equal(bits(got), bits(NAN_PAYLOAD))


def test_policies():
    b = fusekern.encode_nvec_binary([1.0, None, np.nan])
    m = fusekern.decode_nvec_binary(b)
    assert isinstance(m, np.ma.MaskedArray)
    assert m.mask.tolist() == [False, True, False]
    n = fusekern.decode_nvec_binary(b, "nan")
    assert type(n) is np.ndarray
    assert n[0] == 1.0 and np.isnan(n[1]) and np.isnan(n[2])
    with pytest.raises(fusekern.NullElementError, match=r"1 NULL element.*index 1"):
        fusekern.decode_nvec_binary(b, "raise")
    # without NULLs 'raise' gives the array
    r = fusekern.decode_nvec_binary(fusekern.encode_nvec_binary([1.0, 2.0]), "raise")
    assert type(r) is np.ndarray and r.tolist() == [1.0, 2.0]
    with pytest.raises(ValueError, match="nulls must be one of"):
        fusekern.decode_nvec_binary(b, "zero")


def test_result_is_writable_and_native():
    got = fusekern.decode_nvec_binary(fusekern.encode_nvec_binary(np.arange(4.0)), "nan")
    assert got.flags.writeable and got.dtype.isnative
    got[0] = 9.0


def test_decoding_needs_no_loop_per_element():
    # a memoryview (what drivers hand over) of 10^6 elements with NULLs
    n = 1_000_000
    mask = np.zeros(n, dtype=bool)
    mask[::97] = True
    v = np.ma.MaskedArray(np.arange(n, dtype=np.float64), mask=mask)
    got = fusekern.decode_nvec_binary(memoryview(fusekern.encode_nvec_binary(v)))
    assert_same_vector(got, v)


@pytest.mark.parametrize("data, message", [
    (b"", "header alone is 12"),
    (struct.pack(">ii", 0, 0), "header alone is 12"),
    (struct.pack(">iii", 1, 0, 0), "flags 1"),
    (struct.pack(">iii", 0, -1, 0), "length -1"),
    (struct.pack(">iii", 0, 1, 2) + b"\0" * 16, "2 NULL elements for length 1"),
    (struct.pack(">iii", 0, 2, 0) + b"\0" * 8, "20 bytes, the header says 28"),
    (struct.pack(">iii", 0, 1, 0) + b"\0" * 9, "21 bytes"),
    (struct.pack(">iii", 0, 2, 1) + struct.pack(">Q", 0b11) + b"\0" * 16,
     "marks 0 elements NULL, the header says 1"),
    (struct.pack(">iii", 0, 2, 1) + struct.pack(">Q", 0b101) + b"\0" * 16,
     "a validity bit is set past the last element"),
])
def test_malformed_binary(data, message):
    with pytest.raises(ValueError, match=message):
        fusekern.decode_nvec_binary(data)


@pytest.mark.parametrize("text, message", [
    ("1,2", "invalid nvec text"),
    ("{1,2", "invalid nvec text"),
    ("{1,abc}", "'abc' is not a number"),
    ('{1,"NULL"}', "is not a number"),
])
def test_malformed_text(text, message):
    with pytest.raises(ValueError, match=message):
        fusekern.decode_nvec_text(text)


def test_text_input_forms():
    got = fusekern.decode_nvec_text('{ 1.5 , null ,"2", inf, -Infinity, nan}')
    assert got.mask.tolist() == [False, True, False, False, False, False]
    assert got.data[[0, 2, 3, 4]].tolist() == [1.5, 2.0, np.inf, -np.inf]
    assert np.isnan(got.data[5])
    assert fusekern.decode_nvec_text(b"{}").shape == (0,)


@pytest.mark.parametrize("obj", [
    [1, 2.5, None],
    (1, 2.5, None),
    np.array([1, 2.5, np.nan], dtype=np.float32),
    np.array([1, 2, 3], dtype=np.int64),
    np.array([1, 2, 3], dtype=np.uint8),
    np.array([True, False]),
    np.array([1.0, None], dtype=object),
    np.ma.MaskedArray(np.array([1, 2, 3], dtype=np.int32), mask=[0, 1, 0]),
])
def test_conversions(obj):
    values, mask = _codec.to_values_mask(obj)
    assert values.dtype == np.float64 and values.ndim == 1
    ref = [np.nan if x is None else float(x) for x in list(np.ma.getdata(obj))]
    want_mask = [x is None for x in list(np.ma.getdata(obj))]
    if isinstance(obj, np.ma.MaskedArray):
        want_mask = list(np.ma.getmaskarray(obj))
    assert (mask.tolist() if mask is not None else [False] * len(values)) == want_mask
    for got, want, masked in zip(values.tolist(), ref, want_mask):
        if not masked:
            assert got == want or (np.isnan(got) and np.isnan(want))


def test_float32_nan_stays_nan():
    b = fusekern.encode_nvec_binary(np.array([np.nan], dtype=np.float32))
    assert struct.unpack_from(">iii", b) == (0, 1, 0)
    assert np.isnan(fusekern.decode_nvec_binary(b, "nan")[0])


@pytest.mark.parametrize("obj, exc, message", [
    (np.array([1 + 2j]), TypeError, "complex values have no float8 form"),
    ([1, 2j], TypeError, "element 1 is complex"),
    (np.array(["1.5", "x"]), TypeError, "strings are not numbers"),
    (np.array([1.0, "x"], dtype=object), TypeError, "element 1 is str 'x'"),
    (["1.5"], TypeError, "element 0 is str"),
    (np.array(["2020-01-01"], dtype="datetime64[D]"), TypeError, "not a numeric dtype"),
    (np.zeros((2, 3)), ValueError, r"one-dimensional: got an array of shape \(2, 3\)"),
    ([[1.0], [2.0]], ValueError, "one-dimensional"),
    (np.float64(3.0), TypeError, "scalar"),
    ("{1,2}", TypeError, "cannot store str"),
    (b"\0", TypeError, "cannot store bytes"),
    ([object()], TypeError, "cannot convert"),
])
def test_refused(obj, exc, message):
    with pytest.raises(exc, match=message):
        fusekern.encode_nvec_binary(obj)
    with pytest.raises(exc, match=message):
        fusekern.encode_nvec_text(obj)


def test_as_masked():
    m = fusekern.as_masked([1, None, 3])
    assert isinstance(m, np.ma.MaskedArray) and m.dtype == np.float64
    assert m.mask.tolist() == [False, True, False]
    assert fusekern.as_masked(np.arange(2)).mask is np.ma.nomask


# float8[] in binary (array_send): ndim, has-null flag, element type, then
# (size, lower bound) per dimension, then (length, value) per element with
# length -1 and no value for NULL
def array_send(values, mask=None, shape=None, lbound=1):
    values = np.asarray(values, dtype=np.float64)
    shape = shape or values.shape
    flat = values.ravel()
    m = np.zeros(flat.size, dtype=bool) if mask is None else np.asarray(mask).ravel()
    if flat.size == 0:
        return struct.pack(">iii", 0, 0, 701)
    out = struct.pack(">iii", len(shape), int(m.any()), 701)
    for d in shape:
        out += struct.pack(">ii", d, lbound)
    for x, null in zip(flat.tolist(), m.tolist()):
        out += struct.pack(">i", -1) if null else struct.pack(">id", 8, x)
    return out


@pytest.mark.parametrize("pattern", [
    "none", "first", "last", "all", "alternate", "runs", "word edges", "one in 997"])
def test_float8_array_binary(pattern):
    n = 3000
    values = np.random.default_rng(7).standard_normal(n)
    mask = np.zeros(n, dtype=bool)
    if pattern == "first":
        mask[0] = True
    elif pattern == "last":
        mask[-1] = True
    elif pattern == "all":
        mask[:] = True
    elif pattern == "alternate":
        mask[::2] = True
    elif pattern == "runs":
        for a in range(0, n, 300):
            mask[a:a + 100] = True
    elif pattern == "word edges":
        mask[[63, 64, 65, 127, 128]] = True
    elif pattern == "one in 997":
        mask[::997] = True
    data = array_send(values, mask)
    for nulls in ("mask", "nan"):
        got = fusekern.decode_float8_array_binary(data, nulls)
        assert_same_vector(got, np.ma.MaskedArray(values, mask=mask), nulls)


def test_float8_array_binary_values_look_like_lengths():
    # values whose words read as 8 or -1 (the lengths) are not taken for them
    values = np.array([8, -1, 0, 0], dtype=">i4").view(">f8").astype(np.float64)
    values = np.concatenate([values, np.array([1.0]), values])
    mask = np.array([False, False, True, False, True])
    got = fusekern.decode_float8_array_binary(array_send(values, mask))
    assert_same_vector(got, np.ma.MaskedArray(values, mask=mask))


def test_float8_array_binary_shapes():
    v = np.arange(24.0).reshape(2, 3, 4)
    got = fusekern.decode_float8_array_binary(array_send(v), "nan")
    assert got.shape == (2, 3, 4)
    np.testing.assert_array_equal(got, v)
    mask = np.zeros((2, 3, 4), dtype=bool)
    mask[1, 2, 3] = mask[0, 0, 0] = True
    got = fusekern.decode_float8_array_binary(array_send(v, mask), "mask")
    assert got.shape == (2, 3, 4)
    np.testing.assert_array_equal(got.mask, mask)
    # lower bounds are not kept
    got = fusekern.decode_float8_array_binary(array_send([1.0, 2.0], lbound=0), "nan")
    assert got.tolist() == [1.0, 2.0]
    assert fusekern.decode_float8_array_binary(array_send([]), "nan").shape == (0,)
    with pytest.raises(fusekern.NullElementError):
        fusekern.decode_float8_array_binary(array_send(v, mask), "raise")


@pytest.mark.parametrize("data, message", [
    (struct.pack(">iii", 1, 0, 23) + struct.pack(">ii", 1, 1) + struct.pack(">ii", 4, 7),
     "element type 23"),
    (struct.pack(">iii", 1, 0, 701) + struct.pack(">ii", 2, 1) + struct.pack(">id", 8, 1.0),
     "bytes for 2 elements|has length"),
    (struct.pack(">iii", 1, 1, 701) + struct.pack(">ii", 2, 1) + struct.pack(">i", 5) + b"\0" * 12,
     "element 0 has length 5"),
    (b"\0\0", "2 bytes"),
])
def test_float8_array_malformed(data, message):
    with pytest.raises(ValueError, match=message):
        fusekern.decode_float8_array_binary(data)
