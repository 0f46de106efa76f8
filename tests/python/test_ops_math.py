"""The math operators through Python (docs/ops/arithmetic.md, cast_copy_fill.md, unary_math.md): values against
NumPy/torch (dtypes, broadcasts, strided views), the aclScalar kinds and alpha, the aclDataType parameter of cast,
in-place functions writing the caller's views, the out dtype rules, errors, the golden protocol and `aclnn-cpu golden`
with scalars and in-place APIs."""
import csv
import json
import os
import subprocess
import sys

import numpy as np
import pytest

import aclnn_cpu
from aclnn_cpu import AclnnError, golden, ops

torch = pytest.importorskip("torch")

SOURCE = os.environ.get("ACLNN_CPU_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
TOOL = os.path.join(SOURCE, "tools", "aclnn-cpu")
f32, f64 = np.float32, np.float64
RNG = np.random.default_rng(5)


def uniform(shape, dtype=f32, lo=-2.0, hi=2.0):
    if np.dtype(dtype).kind in "iu":
        return RNG.integers(lo, hi, shape, endpoint=True).astype(dtype)
    if np.dtype(dtype) == np.bool_:
        return RNG.integers(0, 2, shape).astype(bool)
    return RNG.uniform(lo, hi, shape).astype(dtype)


def check(got, want, dtype=None, rtol=0.0):
    assert got.dtype == np.dtype(dtype or want.dtype)
    assert got.shape == want.shape
    if rtol:
        np.testing.assert_allclose(got, want, rtol=rtol, atol=0)
    else:
        np.testing.assert_array_equal(got, want)


# ---------------------------------------------------------------------------------------------------------------
# the example programs (examples/<name>.cpp) through Python: the same printed values
# ---------------------------------------------------------------------------------------------------------------

S = np.arange(8, dtype=f32).reshape(4, 2)
O = f32([1, 1, 1, 2, 2, 2, 3, 3]).reshape(4, 2)
R = np.arange(4, dtype=f32).reshape(2, 2)
F12 = (1.2, "float32")  # the examples' `float alphaValue = 1.2f` scalar
EXAMPLES = {
    "add": lambda: [aclnn_cpu.add(S, O, alpha=F12)],
    "sub": lambda: [aclnn_cpu.sub(S, O * 0 + 2, alpha=F12), aclnn_cpu.inplace_sub(S.copy(), O * 0 + 2, alpha=F12)],
    "mul": lambda: [aclnn_cpu.mul(S, O)],
    "muls": lambda: [aclnn_cpu.muls(S, F12)],
    "div": lambda: [aclnn_cpu.div(S, O), aclnn_cpu.inplace_div(S.copy(), O)],
    "inplace_add": lambda: [aclnn_cpu.inplace_add(S.copy(), O, alpha=F12)],
    "inplace_mul": lambda: [aclnn_cpu.inplace_mul(S.copy(), O)],
    "inplace_muls": lambda: [aclnn_cpu.inplace_muls(S.copy(), F12)],
    "cast": lambda: [aclnn_cpu.cast(np.arange(8).reshape(4, 2) + 0.1, "float32")],
    "view_copy": lambda: [aclnn_cpu.inplace_copy(S.copy(), O)],
    "zero": lambda: [aclnn_cpu.inplace_zero(S.copy())],
    "inplace_one": lambda: [aclnn_cpu.inplace_one(S.copy())],
    "fill_scalar": lambda: [aclnn_cpu.inplace_fill_scalar(np.zeros((2, 2), f32), (1.0, "float32"))],
    "inplace_masked_fill_scalar": lambda: [aclnn_cpu.inplace_masked_fill_scalar(
        np.full((4, 2), 1.1, f32), np.arange(8).reshape(4, 2) >= 4, (2.2, "float32"))],
    "neg": lambda: [aclnn_cpu.neg(S)],
    "exp": lambda: [aclnn_cpu.exp(R), aclnn_cpu.inplace_exp(R.copy())],
    "sqrt": lambda: [aclnn_cpu.sqrt(R), aclnn_cpu.inplace_sqrt(R.copy())],
    "rsqrt": lambda: [aclnn_cpu.rsqrt(R + 1)],
    "tanh": lambda: [aclnn_cpu.tanh(R), aclnn_cpu.inplace_tanh(R.copy())],
    "tanh_backward": lambda: [aclnn_cpu.tanh_backward(S, O)],
}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_examples_print_the_same_values(name):
    path = os.path.join(SOURCE, "examples", "expected", name + ".txt")
    if not os.path.exists(path):
        pytest.skip(f"no {path}")
    groups = []
    with open(path) as f:
        for line in f:
            label, value = line.strip().rsplit(" is: ", 1)
            label = label.rsplit("[", 1)[0]
            if not groups or groups[-1][0] != label:
                groups.append((label, []))
            groups[-1][1].append(value)
    outputs = EXAMPLES[name]()
    assert len(groups) == len(outputs)
    for (label, values), out in zip(groups, outputs):
        assert ["%f" % v for v in np.asarray(out, dtype=f32).reshape(-1)] == values, label


# ---------------------------------------------------------------------------------------------------------------
# Add, Sub, Mul, Div: tensor forms
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", [f32, f64, np.int32, np.int8])
def test_tensor_arithmetic_against_numpy_with_broadcast_and_strided_views(dtype):
    big = uniform((4, 3, 10), dtype, -9, 9)
    x = big[::2, :, ::3]                      # a strided view (2, 3, 4)
    y = uniform((3, 1), dtype, 1, 9)          # broadcast against x
    check(aclnn_cpu.add(x, y), x + y)
    check(aclnn_cpu.sub(x, y), x - y)
    check(aclnn_cpu.mul(x, y), x * y)
    alpha = 3 if np.dtype(dtype).kind == "i" else 2.5
    check(aclnn_cpu.add(x, y, alpha=alpha), x + dtype(alpha) * y)
    check(aclnn_cpu.sub(x, y, alpha=alpha), x - dtype(alpha) * y)
    if np.dtype(dtype).kind == "i":  # integers divide in FLOAT
        check(aclnn_cpu.div(x, y), x.astype(f32) / y.astype(f32), f32)
    else:
        check(aclnn_cpu.div(x, y), x / y)


def test_half_precision_and_wraparound():
    x, y = uniform((5, 7), np.float16), uniform((7,), np.float16)
    check(aclnn_cpu.add(x, y), (x.astype(f32) + y.astype(f32)).astype(np.float16))
    check(aclnn_cpu.mul(x, y), (x.astype(f32) * y.astype(f32)).astype(np.float16))
    check(aclnn_cpu.add(np.int8([100, -128]), np.int8([100, -1])), np.int8([-56, 127]))
    check(aclnn_cpu.mul(np.array([True, True]), np.array([True, False])), np.array([True, False]))
    xb = torch.from_numpy(uniform((3, 8))).to(torch.bfloat16)
    yb = torch.from_numpy(uniform(8)).to(torch.bfloat16)
    got = aclnn_cpu.add(xb, yb)
    assert got.dtype == torch.bfloat16 and torch.equal(got, (xb.float() + yb.float()).to(torch.bfloat16))
    t = torch.from_numpy(uniform((4, 6), f64))
    assert torch.equal(aclnn_cpu.div(t[:, ::2], t[0, ::2]), t[:, ::2] / t[0, ::2])


def test_promotion_table_matches_torch_and_gives_the_out_dtype():
    names = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32", "float64",
             "complex64", "complex128"]
    for a in names:
        for b in names:
            want = torch.promote_types(getattr(torch, a), getattr(torch, b))
            got = ops.promote_types(ops.ACL_OF_NAME[a], ops.ACL_OF_NAME[b])
            assert ops.torch_dtype(got) == want, (a, b)
    assert aclnn_cpu.add(np.uint8([200]), np.int8([-1])).dtype == np.int16
    assert aclnn_cpu.mul(np.int64([3]), np.float16([0.5])).dtype == np.float16
    assert aclnn_cpu.add(torch.ones(2, dtype=torch.float16), torch.ones(2, dtype=torch.bfloat16)).dtype == torch.float32
    assert aclnn_cpu.sub(np.float64([1]), np.complex64([1j])).dtype == np.complex128
    check(aclnn_cpu.div(np.array([True, False]), np.array([True, True])), f32([1, 0]))
    check(aclnn_cpu.div(np.int32([7, -7]), np.int32([2, 2])), f32([3.5, -3.5]))


# ---------------------------------------------------------------------------------------------------------------
# scalar forms, the aclScalar kinds, alpha
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("tdtype, other, dtype, value", [
    (f32, 2, f32, 2), (f32, 2.5, f32, 2.5), (f32, True, f32, 1), (f32, np.float16(0.5), f32, 0.5),
    (f32, np.array(3, np.int8), f32, 3), (f32, np.array([1.25]), f32, 1.25),
    (f32, torch.tensor(1.5, dtype=torch.bfloat16), f32, 1.5), (f32, (0.75, "float32"), f32, 0.75),
    (np.int32, 2, np.int32, 2), (np.int32, 2.5, f32, 2.5), (np.int32, np.float64(2.5), f32, 2.5),
    (np.int32, np.float32(2.5), f32, 2.5), (np.int32, np.float16(2.5), np.float16, 2.5),
    (f32, 1 - 1j, np.complex128, 1 - 1j),
])
def test_adds_scalar_kinds_and_out_dtype(tdtype, other, dtype, value):
    x = np.array([[1, -2, 3], [4, 5, -6]], tdtype)
    got = aclnn_cpu.adds(x, other)
    assert got.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(got, (x + value).astype(dtype))


def test_scalar_out_dtypes_follow_the_vendor_rules():
    xi, xb = np.int32([1, 2, 3]), np.array([True, False, True])
    check(aclnn_cpu.adds(xi, 2.5), f32([3.5, 4.5, 5.5]))              # a Python float with ints: FLOAT (torch's)
    check(aclnn_cpu.adds(xi, 2), np.int32([3, 4, 5]))
    check(aclnn_cpu.adds(xb, 1), np.int64([2, 1, 2]))                  # BOOL tensor: the table
    check(aclnn_cpu.adds(xb, True), np.array([True, True, True]))
    check(aclnn_cpu.subs(xi, 1, alpha=2), np.int32([-1, 0, 1]))
    check(aclnn_cpu.muls(np.int8([100, 3]), 2), np.int8([-56, 6]))
    check(aclnn_cpu.muls(xb, 2.5), f32([2.5, 0, 2.5]))
    assert aclnn_cpu.muls(torch.ones(2, dtype=torch.bfloat16), 3.0).dtype == torch.float32   # Muls: BF16 -> FLOAT
    check(aclnn_cpu.divs(xi, 2), f32([0.5, 1, 1.5]))
    check(aclnn_cpu.divs(np.float16([1, 3]), 2.0), np.float16([0.5, 1.5]))
    check(aclnn_cpu.divs(np.float16([1, 3]), np.float32(2)), f32([0.5, 1.5]))   # the mixed pairs: FLOAT
    check(aclnn_cpu.divs(np.float64([1, 3]), 4), f64([0.25, 0.75]))


def test_scalar_dtype_is_kept_exactly():
    x = f64([1.0, 2.0])
    check(aclnn_cpu.adds(x, 0.1), x + 0.1)                                        # DOUBLE: exact
    check(aclnn_cpu.adds(x, (0.1, "float32")), x + f64(f32(0.1)))                # the vendor example's 1.2f form
    check(aclnn_cpu.adds(x, np.float32(0.1)), x + f64(f32(0.1)))
    check(aclnn_cpu.muls(x, (3, np.int8)), x * 3)
    check(aclnn_cpu.adds(x, 1, alpha=(0.1, torch.float32)), x + f64(f32(0.1)))
    check(aclnn_cpu.add(x, x, alpha=0.1), x + 0.1 * x)
    assert aclnn_cpu.adds(np.uint8([1]), (300, "uint64")).tolist() == [45]       # wraps into the tensor's dtype


def test_alpha_defaults_to_one_and_follows_the_promotion():
    x, y = uniform((3, 4)), uniform((4,))
    check(aclnn_cpu.add(x, y), aclnn_cpu.add(x, y, alpha=1))
    check(aclnn_cpu.adds(x, 2, alpha=-0.5), x + f32(-0.5) * f32(2))
    check(aclnn_cpu.add(np.int32([1]), np.int32([2]), alpha=np.int8(-3)), np.int32([-5]))
    with pytest.raises(AclnnError) as e:   # a floating alpha cannot be cast to the integer promotion
        aclnn_cpu.add(np.int32([1]), np.int32([2]), alpha=2.5)
    assert e.value.status == 161002


# ---------------------------------------------------------------------------------------------------------------
# in place: the caller's array (a view of a bigger one) is written and returned, the rest untouched
# ---------------------------------------------------------------------------------------------------------------

OTHER = f32([0.5, -1.5, 2.0])
INPLACE = [
    ("inplace_add", (OTHER,), {"alpha": 2}, lambda v: v + 2 * OTHER),
    ("inplace_adds", (1.5,), {}, lambda v: v + 1.5),
    ("inplace_sub", (OTHER,), {}, lambda v: v - OTHER),
    ("inplace_subs", (2,), {"alpha": 3}, lambda v: v - 6),
    ("inplace_mul", (OTHER,), {}, lambda v: v * OTHER),
    ("inplace_muls", (0.5,), {}, lambda v: v * 0.5),
    ("inplace_div", (OTHER,), {}, lambda v: v / OTHER),
    ("inplace_divs", (4,), {}, lambda v: v / 4),
    ("inplace_copy", (OTHER,), {}, lambda v: np.broadcast_to(OTHER, v.shape)),
    ("inplace_zero", (), {}, lambda v: 0 * v),
    ("inplace_one", (), {}, lambda v: 0 * v + 1),
    ("inplace_fill_scalar", (7.25,), {}, lambda v: 0 * v + 7.25),
    ("inplace_masked_fill_scalar", (np.array([[True], [False]]), -1), {},
     lambda v: np.where([[True], [False]], -1, v)),
    ("inplace_neg", (), {}, lambda v: -v),
    ("inplace_exp", (), {}, np.exp),
    ("inplace_sqrt", (), {}, np.sqrt),
    ("inplace_rsqrt", (), {}, lambda v: 1 / np.sqrt(v)),
    ("inplace_tanh", (), {}, np.tanh),
]


@pytest.mark.parametrize("name, args, kwargs, ref", INPLACE, ids=[c[0] for c in INPLACE])
def test_inplace_writes_the_callers_view(name, args, kwargs, ref):
    big = uniform((4, 6), f32, 0.5, 2.0)
    before = big.copy()
    view = big[1:3, ::2]
    want = ref(view.astype(f64)).astype(f32)
    got = getattr(aclnn_cpu, name)(view, *args, **kwargs)
    assert got is view
    np.testing.assert_allclose(big[1:3, ::2], want, rtol=1e-6)
    mask = np.ones(big.shape, bool)
    mask[1:3, ::2] = False
    np.testing.assert_array_equal(big[mask], before[mask])


def test_inplace_on_torch_views_and_negative_strides():
    t = torch.arange(12, dtype=torch.float32).reshape(3, 4)
    col = t[:, 1]
    assert aclnn_cpu.inplace_muls(col, 10) is col
    assert t[:, 1].tolist() == [10, 50, 90] and t[:, 0].tolist() == [0, 4, 8]
    a = np.arange(8, dtype=np.int32)
    rev = a[::-2]
    assert aclnn_cpu.inplace_neg(rev) is rev and a.tolist() == [0, -1, 2, -3, 4, -5, 6, -7]
    x = np.zeros((2, 3), np.int8)
    assert aclnn_cpu.inplace_fill_scalar(x, 300) is x and (x == 44).all()     # INT64 300 -> int8 low bits
    assert aclnn_cpu.inplace_copy(x, f32([[1.9], [-2.9]])).tolist() == [[1] * 3, [-2] * 3]
    # the golden protocol: the written tensor is the one output
    s = torch.ones(3)
    res = golden.aclnnInplaceAdd(s, torch.full((3,), 2.0), torch.tensor(3))
    assert res == [s] and res[0] is s and s.tolist() == [7, 7, 7]


# ---------------------------------------------------------------------------------------------------------------
# Cast and the aclDataType parameter
# ---------------------------------------------------------------------------------------------------------------

def test_cast_to_several_dtypes():
    x = f32([-2.7, 300.7, 0.5, 127.9, 0.0])
    check(aclnn_cpu.cast(x, np.int8), np.int8([-2, 44, 0, 127, 0]))       # toward zero, low bits of the int32
    check(aclnn_cpu.cast(x, "int32"), np.int32([-2, 300, 0, 127, 0]))
    check(aclnn_cpu.cast(x, "fp16"), x.astype(np.float16))
    check(aclnn_cpu.cast(x, np.dtype(np.float64)), x.astype(f64))
    check(aclnn_cpu.cast(x, "bool"), x != 0)
    check(aclnn_cpu.cast(x, np.complex64), x.astype(np.complex64))
    check(aclnn_cpu.cast(np.abs(x), "uint16"), np.uint16([2, 300, 0, 127, 0]))
    check(aclnn_cpu.cast(x, ops.ACL_INT64), np.int64([-2, 300, 0, 127, 0]))  # the enum value itself
    d = RNG.uniform(-1, 1, (3, 8))
    check(aclnn_cpu.cast(d[:, ::3], np.float16), d[:, ::3].astype(np.float16))   # one rounding from double
    check(aclnn_cpu.cast(np.int64([1, -1 << 40]), f32), f32([1, -(1 << 40)]))
    t = torch.from_numpy(uniform((4, 5)))
    assert torch.equal(aclnn_cpu.cast(t, torch.bfloat16), t.to(torch.bfloat16))
    assert torch.equal(aclnn_cpu.cast(t, "float16"), t.half())
    # dtype then out: FLOAT -> dtype FLOAT16 -> out FLOAT gives fp16-rounded values
    out = np.empty(5, f32)
    assert aclnn_cpu.cast(x, "float16", out=out) is out
    check(out, x.astype(np.float16).astype(f32))
    assert golden.aclnnCast(x, "int8")[0].dtype == np.int8


# ---------------------------------------------------------------------------------------------------------------
# unary math and TanhBackward
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", [f32, f64])
def test_unary_against_numpy(dtype):
    x = uniform((6, 10), dtype, 0.1, 4)[:, ::3]
    ulp = {f32: 2 ** -23, f64: 2 ** -51}[dtype]
    check(aclnn_cpu.neg(x), -x)
    check(aclnn_cpu.exp(x), np.exp(x.astype(f64)).astype(dtype), rtol=ulp)
    check(aclnn_cpu.sqrt(x), np.sqrt(x))
    check(aclnn_cpu.rsqrt(x), (1 / np.sqrt(x.astype(f64))).astype(dtype), rtol=ulp)
    if dtype is f32:
        check(aclnn_cpu.tanh(x - 2), np.tanh(x.astype(f64) - 2).astype(dtype), rtol=ulp)
    g, o = uniform((2, 3, 4), dtype), uniform((3, 1), dtype, -1, 1)
    check(aclnn_cpu.tanh_backward(g, o), (g.astype(f64) * (1 - o.astype(f64) ** 2)).astype(dtype), rtol=ulp)


def test_unary_out_dtypes_and_integers():
    check(aclnn_cpu.neg(np.int8([-128, 5])), np.int8([-128, -5]))
    check(aclnn_cpu.exp(np.array([True, False])), f32([np.e, 1]), rtol=2 ** -23)
    check(aclnn_cpu.exp(np.int64([0, 1])), f32([1, np.e]), rtol=2 ** -23)
    check(aclnn_cpu.sqrt(np.int64([4, 2])), np.sqrt(f64([4, 2])))                # INT64 -> DOUBLE
    check(aclnn_cpu.sqrt(np.uint8([9, 2])), np.sqrt(f32([9, 2])))
    check(aclnn_cpu.rsqrt(np.int32([4, 0])), f32([0.5, np.inf]))
    check(aclnn_cpu.tanh(np.int16([0, 30])), f32([0, 1]))
    xb = torch.from_numpy(uniform(8)).to(torch.bfloat16)
    assert torch.equal(aclnn_cpu.exp(xb), xb.float().double().exp().float().to(torch.bfloat16))
    ref = (xb.double() * (1 - xb.double() ** 2)).float().to(torch.bfloat16)  # through the fp32 compute type
    assert torch.equal(aclnn_cpu.tanh_backward(xb, xb), ref)


# ---------------------------------------------------------------------------------------------------------------
# errors
# ---------------------------------------------------------------------------------------------------------------

X = f32([[1, 2, 3], [4, 5, 6]])
BAD_OUT = [
    lambda: aclnn_cpu.add(X, X, out=np.empty((3, 2), f32)),
    lambda: aclnn_cpu.adds(X, 1, out=np.empty(6, f32)),
    lambda: aclnn_cpu.div(X, X[0], out=np.empty((2, 1), f32)),
    lambda: aclnn_cpu.cast(X, "int8", out=np.empty((2, 2), np.int8)),
    lambda: aclnn_cpu.exp(X, out=np.empty((2, 3, 1), f32)),
    lambda: aclnn_cpu.tanh_backward(X, X[:1], out=np.empty((1, 3), f32)),
]
NULL = [  # None where the C API takes a null pointer (scalars: passed as nullptr), or a tensor (refused first)
    lambda: aclnn_cpu.add(X, X, alpha=None),
    lambda: aclnn_cpu.adds(X, None),
    lambda: aclnn_cpu.muls(X, None),
    lambda: aclnn_cpu.inplace_fill_scalar(X.copy(), None),
    lambda: aclnn_cpu.inplace_masked_fill_scalar(X.copy(), np.ones(3, bool), None),
    lambda: aclnn_cpu.add(None, X),
    lambda: aclnn_cpu.inplace_exp(None),
    lambda: golden.aclnnDivs(X, None),
]
INVALID = [
    lambda: aclnn_cpu.exp(np.int32([1])),                                  # not in Exp's dtypes
    lambda: aclnn_cpu.neg(np.uint8([1])),
    lambda: aclnn_cpu.inplace_exp(np.int64([1])),                          # not in the in-place list
    lambda: aclnn_cpu.inplace_add(X.copy(), np.ones((3, 3), f32)),         # broadcast is not selfRef's shape
    lambda: aclnn_cpu.cast(X, "float128"),                                 # Python-side: no such dtype
    lambda: aclnn_cpu.cast(X, None),
    lambda: aclnn_cpu.adds(X, "1"),
    lambda: aclnn_cpu.adds(X, np.ones(2)),
    lambda: aclnn_cpu.adds(X, 1 << 64),
    lambda: aclnn_cpu.inplace_zero([1.0, 2.0]),                            # nothing of the caller's to write
    lambda: aclnn_cpu.inplace_zero(np.broadcast_to(X, (2, 2, 3))),        # read-only
    lambda: aclnn_cpu.inplace_one(torch.zeros(1, 3).expand(2, 3)),         # a zero stride
]


@pytest.mark.parametrize("call", BAD_OUT)
def test_bad_out_shape_is_161002(call):
    with pytest.raises(AclnnError) as e:
        call()
    assert e.value.status == 161002 and e.value.message


@pytest.mark.parametrize("call", NULL)
def test_null_is_161001(call):
    with pytest.raises(AclnnError) as e:
        call()
    assert e.value.status == 161001


@pytest.mark.parametrize("call", INVALID)
def test_invalid_is_161002(call):
    with pytest.raises(AclnnError) as e:
        call()
    assert e.value.status == 161002


def test_inplace_functions_take_no_out():
    assert "out=" not in ops.op_info("inplace_add").signature()
    assert ops.op_info("inplace_sqrt").signature() == "inplace_sqrt(self) -> self"
    with pytest.raises(TypeError, match="in place"):
        aclnn_cpu.inplace_zero(X.copy(), out=X.copy())


# ---------------------------------------------------------------------------------------------------------------
# `aclnn-cpu golden` and `aclnn-cpu ops`
# ---------------------------------------------------------------------------------------------------------------

def run_cli(*args, check=0):
    p = subprocess.run([sys.executable, TOOL, *args], capture_output=True, text=True, timeout=300)
    assert p.returncode == check, p.stdout + p.stderr
    return p


def load(d, prefix):
    """The one file of the case directory starting with prefix, as (array, dtype name)."""
    [f] = [f for f in os.listdir(d) if f.startswith(prefix)]
    dt = f[len(prefix):].split("__")[0].split(".")[0]
    return np.fromfile(os.path.join(d, f), dtype=dt), dt


def test_golden_cli_add_and_exp(tmp_path):
    cases = tmp_path / "cases.csv"
    cols = ["testcase_name", "api_name", "tensor_view_shapes", "tensor_dtypes", "input_data_ranges", "attributes",
            "scalar_dtypes", "scalar_data_ranges", "tensor_storage_shapes", "tensor_view_offsets",
            "tensor_view_strides"]
    rows = [
        ["add_alpha", "aclnnAdd", "[[4,8],[8],[4,8]]", "['float32','float32','float32']", "", "{'alpha': 2.0}"],
        ["add_fp16", "aclnnAdd", "[[4,8],[4,8]]", "['float16','float16']", "", ""],
        ["add_drawn_alpha", "aclnnAdd", "[[3,5],[3,5],[3,5]]", "['float32','float32','float32']", "", "",
         "['float32']", "[[2,3]]"],
        ["adds_i32", "aclnnAdds", "[[3,5],[3,5]]", "['int32','int32']", "[[-9,9],[0,0]]", "",
         "['int32','int64']", "[[1,4],[2,2]]"],
        ["exp_fp32", "aclnnExp", "[[2,3,4],[2,3,4]]", "['float32','float32']", "[[-3,3],[0,0]]", ""],
        ["inplace_exp_view", "aclnnInplaceExp", "[[2,3]]", "['float32']", "", "", "", "", "[[20]]", "[1]",
         "[[6,2]]"],
    ]
    with open(cases, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(cols)
        for r in rows:
            w.writerow(r + [""] * (len(cols) - len(r)))
    out = tmp_path / "md"
    assert "6 of 6 cases written" in run_cli("golden", "--case", str(cases), "--out", str(out)).stdout

    d = out / "add_alpha"
    (x, _), (y, _), (g, gdt) = load(d, "input_0_"), load(d, "input_1_"), load(d, "golden_0_")
    assert gdt == "float32" and sorted(os.listdir(d))[-1] == "input_1_float32.bin"
    np.testing.assert_array_equal(g.reshape(4, 8), x.reshape(4, 8) + f32(2) * y)
    d = out / "add_fp16"
    (x, xdt), (y, _), (g, gdt) = load(d, "input_0_"), load(d, "input_1_"), load(d, "golden_0_")
    assert (xdt, gdt) == ("float16", "float32")                  # auto precision: float32 goldens for fp16 cases
    np.testing.assert_array_equal(g, x.astype(f32) + y.astype(f32))
    d = out / "add_drawn_alpha"
    (x, _), (y, _), (a, adt), (g, _) = (load(d, p) for p in ("input_0_", "input_1_", "scalar_0_", "golden_0_"))
    assert adt == "float32" and a.shape == (1,) and 2 <= a[0] <= 3
    np.testing.assert_array_equal(g, x + a[0] * y)
    d = out / "adds_i32"
    (x, _), (s, sdt), (al, aldt), (g, gdt) = (load(d, p) for p in ("input_0_", "scalar_0_", "scalar_1_", "golden_0_"))
    assert (sdt, aldt, gdt, al.tolist()) == ("int32", "int64", "int32", [2])
    np.testing.assert_array_equal(g, x + 2 * s[0])
    d = out / "exp_fp32"
    (x, _), (g, _) = load(d, "input_0_"), load(d, "golden_0_")
    np.testing.assert_allclose(g, np.exp(x.astype(f64)), rtol=2 ** -23)
    d = out / "inplace_exp_view"                                  # storage in, the view's exp out, input unchanged
    (st, _), (g, _) = load(d, "input_0_"), load(d, "golden_0_")
    assert st.shape == (20,) and g.shape == (6,) and "golden_0_float32__shape_2x3.bin" in os.listdir(d)
    view = np.lib.stride_tricks.as_strided(st[1:], (2, 3), (24, 8))
    np.testing.assert_allclose(g.reshape(2, 3), np.exp(view.astype(f64)), rtol=2 ** -23)


def test_golden_cli_atk_scalars(tmp_path):
    cases = tmp_path / "atk_adds.json"
    cases.write_text(json.dumps([{"id": 3, "aclnn_name": "aclnnAdds", "inputs": [
        {"name": "self", "type": "tensor", "dtype": "fp32", "shape": [4], "range_values": [-1, 1]},
        {"name": "other", "type": "scalar", "dtype": "fp32", "range_values": [5, 6]},
        {"name": "alpha", "type": "scalar", "dtype": "int64", "value": 3}]}]))
    run_cli("golden", "--case", str(cases), "--out", str(tmp_path / "md"), "--quiet")
    d = tmp_path / "md" / "aclnnAdds_3"
    (x, _), (s, _), (g, _) = load(d, "input_0_"), load(d, "scalar_0_"), load(d, "golden_0_")
    assert len(os.listdir(d)) == 3 and 5 <= s[0] <= 6
    np.testing.assert_array_equal(g, x + f32(3) * s[0])


def test_golden_cli_scalar_errors(tmp_path):
    cases = tmp_path / "cases.csv"
    for scalars, message in (("", "attribute 'other' of aclnnAdds is missing (give it in attributes or scalar_dtypes)"),
                             ("['float32','int64','int8']", "scalar_dtypes has 3 entries; aclnnAdds takes 2 more")):
        cases.write_text("testcase_name,api_name,tensor_view_shapes,tensor_dtypes,scalar_dtypes\n"
                         f"c,aclnnAdds,\"[[2],[2]]\",\"['float32','float32']\",\"{scalars}\"\n")
        p = run_cli("golden", "--case", str(cases), "--out", str(tmp_path / "md"), check=2)
        assert message in p.stderr
    assert not (tmp_path / "md").exists()


def test_ops_cli_lists_the_new_kinds():
    text = run_cli("ops", "aclnnAdds").stdout
    assert "aclnn_cpu.adds(self, other, alpha=1, out=None) -> out" in text
    assert "aclnn_cpu.golden.aclnnAdds(selfT, other, alpha, out, **kwargs)" in text
    info = json.loads(run_cli("ops", "inplace_add", "--json").stdout)
    assert [(p["name"], p["kind"], p["role"]) for p in info["parameters"]] == [
        ("selfRef", "tensor", "inout"), ("other", "tensor", "in"), ("alpha", "scalar", "attr")]
    assert json.loads(run_cli("ops", "cast", "--json").stdout)["parameters"][1]["kind"] == "dtype"
